"""Practice in the browser (issue 30): a person at a table of bots takes back a move, shows
every hand, and the coach switch asks before a move is sent."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import FAST_PACE, require_browser
from tests.server.conftest import toy  # noqa: F401  (fixture used by `server`)

require_browser()


def _table(server: str, game: str = "pentagrammi") -> tuple[str, str]:
    r = httpx.post(
        f"{server}/api/tables",
        json={
            "game": game,
            "players": 5,
            "name": "Ann",
            "options": {"deals": 1},
            "bot_delay": 0,
            "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "normal"}] * 4,
        },
    )
    r.raise_for_status()
    made = r.json()
    return made["table"]["id"], made["token"]


def _my_turn(page: Any) -> str:
    page.wait_for_selector("body[data-turn='1']", timeout=30_000)
    return str(page.get_attribute("body", "data-version"))


def _caught_up(page: Any, server: str, tid: str) -> str:
    """My turn, with the page showing the server's position (others' moves are shown at the
    bot pace, so a frame on screen may be some moves behind)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        stored = httpx.get(f"{server}/api/tables/{tid}/matches").json()[0]["actions"]
        version = str(page.get_attribute("body", "data-version"))
        if version.endswith(f":{stored}") and page.get_attribute("body", "data-turn") == "1":
            return version
        time.sleep(0.2)
    raise AssertionError(f"the page never caught up: it shows {version}, the server {stored}")


def _settled(page: Any, server: str, tid: str) -> str:
    """My turn, caught up, and the bots done for now (the same position a second later:
    in Pentagrammi's pass every seat acts at once, so the bots' passes may still be coming
    after the page shows my turn)."""
    version = _caught_up(page, server, tid)
    for _ in range(30):
        time.sleep(1.0)
        again = _caught_up(page, server, tid)
        if again == version:
            return version
        version = again
    raise AssertionError(f"the table never settled (last at {version})")


def _play_hint(page: Any) -> None:
    page.click("[data-action=hint]")
    page.wait_for_function(
        "document.querySelector('#hint') && document.querySelector('#hint').textContent.length > 0",
        timeout=30_000,
    )
    page.click("[data-action=play]")


def test_a_person_takes_back_a_move(server: str, browser: Any) -> None:
    tid, token = _table(server)
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.add_init_script(FAST_PACE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table.html?id={tid}#token={token}&seat=0")
    page.wait_for_selector("#practice [data-action=takeback]")
    before = _my_turn(page)
    dealt = page.locator("#hand [data-card]").count()
    _play_hint(page)
    page.wait_for_function(f"document.body.dataset.version !== '{before}'", timeout=30_000)
    again = _caught_up(page, server, tid)  # the bots replied: it is my turn again
    page.click("[data-action=takeback]")
    page.wait_for_selector("#takeback-note")
    # back before my move (after the bots' moves that came before it in its step)
    mine = int(before.split(":")[1])
    page.wait_for_function(
        "(() => { const v = Number(document.body.dataset.version.split(':')[1]);"
        f" return v >= {mine} && v < {int(again.split(':')[1])}"
        " && document.body.dataset.turn === '1'; })()",
        timeout=30_000,
    )
    now = int(str(page.get_attribute("body", "data-version")).split(":")[1])
    stored = httpx.get(f"{server}/api/tables/{tid}/matches").json()[0]
    assert stored["actions"] == now
    # the same cards again: back to the deal's first step
    page.click("[data-action=redeal]")
    page.wait_for_selector("#takeback-note[data-op=redeal]")
    page.wait_for_function(  # my turn with every card dealt to me in my hand again
        f"document.querySelectorAll('#hand [data-card]').length === {dealt}"
        " && document.body.dataset.turn === '1'",
        timeout=30_000,
    )
    now = int(str(page.get_attribute("body", "data-version")).split(":")[1])
    # every hand on request
    page.click("[data-action=show-hands]")
    page.wait_for_selector("#practice-hands section[data-seat='4'] [data-card]")
    assert page.get_attribute("[data-action=show-hands]", "aria-pressed") == "true"
    # the coach asks before the move goes: the move is sent unless the bot rates it a
    # mistake, when the note asks first
    page.click("[data-action=coach]")
    _play_hint(page)
    page.wait_for_function(
        f"document.body.dataset.version !== '1:{now}' || !!document.querySelector('#coach-note')",
        timeout=30_000,
    )
    assert not errors, errors
    # the match is marked as practice: its replay and its review say so
    _bots_finish(server, tid, token)
    page.goto(f"{server}/replay.html?id={tid}&match=1")
    mark = page.wait_for_selector("#practice-mark[data-practice=true]", timeout=30_000)
    assert mark.inner_text() == "Practice match"
    page.goto(f"{server}/review.html?id={tid}&match=1&seat=0")
    page.wait_for_selector("#practice-mark[data-practice=true]", timeout=30_000)
    # in Finnish too, on both pages
    finnish = browser.new_context(locale="fi-FI")
    fi_page = finnish.new_page()
    for url in (f"/replay.html?id={tid}&match=1", f"/review.html?id={tid}&match=1&seat=0"):
        fi_page.goto(server + url)
        fi_mark = fi_page.wait_for_selector("#practice-mark[data-practice=true]", timeout=30_000)
        assert fi_mark.inner_text() == "Harjoitusottelu", url
    finnish.close()
    # and a match played without practice is not
    plain, plain_token = _table(server)
    _bots_finish(server, plain, plain_token)
    page.goto(f"{server}/replay.html?id={plain}&match=1")
    page.wait_for_selector("#step-slider")  # (drawn after the match's result was read)
    assert page.locator("#practice-mark").count() == 0
    page.goto(f"{server}/review.html?id={plain}&match=1&seat=0")
    page.wait_for_selector("#summary-line", timeout=30_000)
    assert page.locator("#practice-mark").count() == 0
    assert not errors, errors
    context.close()


def _bots_finish(server: str, tid: str, token: str) -> None:
    """The person leaves the seat: a bot takes it and the bots play the match to its end."""
    left = httpx.post(
        f"{server}/api/tables/{tid}/leave", headers={"Authorization": f"Bearer {token}"}
    )
    left.raise_for_status()
    deadline = time.monotonic() + 60
    while httpx.get(f"{server}/api/tables/{tid}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the match"
        time.sleep(0.2)


def _a_mistake(tmp_path: Path, tid: str, game: str = "pentagrammi") -> list[str] | None:
    """The cards of a move the coach rates a mistake for seat 0 now, or None when the deal
    has none (in some deals even the worst pass loses less than a mistake): the match is
    rebuilt from the server's database (the test server's file under ``tmp_path``) and the
    coach asked here as the server asks it (seeded from the seat's view, so it answers the
    same)."""
    import pakka.games
    from pakka.review.analysis import decision_seed, evaluate
    from pakka.review.coach import coach
    from pakka.server.storage import Storage

    store = Storage(f"sqlite:///{tmp_path / 'e2e.sqlite3'}")
    try:
        rec = store.load_table(tid)
        match = store.match(tid, 1)
    finally:
        store.close()
    assert rec is not None and match is not None
    g = pakka.games.get(game)
    state = g.from_json(
        {
            "game": game,
            "players": rec.players,
            "options": rec.options,
            "seed": match.seed,
            "actions": match.actions,
        }
    )
    view = g.view_from_json(state.observation(0))
    legal = state.legal_actions(0)
    seed = decision_seed(game, 0, view.to_json())
    ranked, _ = evaluate(game, view, legal, legal[0], seed, 12)
    for alt in reversed(ranked[-6:]):  # the ranking's worst moves first
        if coach(game, view, legal, alt.action).mark == "mistake":
            return [str(c) for c in alt.action.to_json()["cards"]]
    return None


COACH_WORDS = {"en-US": ("mistake", "prefers"), "fi-FI": ("virhe", "pelaisi")}
"""What the coach's warning says in each language: the mark and the bot's preferred move."""


@pytest.mark.parametrize("locale", sorted(COACH_WORDS))
def test_the_coach_holds_a_mistake(server: str, browser: Any, tmp_path: Path, locale: str) -> None:
    """With the coach on, a move the bot rates a mistake is held with the reason: "choose
    again" keeps the turn, "play anyway" sends it (in English and in Finnish)."""
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    context.add_init_script(FAST_PACE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    cards = None
    for _ in range(5):  # a deal with a mistake to make (most deals have one)
        tid, token = _table(server)
        page.goto(f"{server}/table.html?id={tid}#token={token}&seat=0")
        page.wait_for_selector("#practice [data-action=coach]")
        _my_turn(page)  # Pentagrammi's pass: which two cards, to whom
        before = _settled(page, server, tid)
        cards = _a_mistake(tmp_path, tid)
        if cards is not None:
            break
    assert cards is not None, "five deals without a pass the coach rates a mistake"
    page.click("[data-action=coach]")
    assert page.get_attribute("[data-action=coach]", "aria-pressed") == "true"

    def choose() -> None:
        for card in cards:
            page.click(f"#hand [data-card='{card}']")
        page.click("[data-action=play]")

    choose()
    note = page.wait_for_selector("#coach-note[data-mark=mistake]", timeout=30_000)
    assert note.get_attribute("role") == "alert"
    text = note.inner_text()
    mark, prefers = COACH_WORDS[locale]
    assert mark in text and prefers in text, text
    assert "{" not in text and "_" not in text, text  # words, not a key or a field name
    # held: nothing was sent
    assert page.get_attribute("body", "data-version") == before
    assert page.locator("#hand [data-card]").count() > 0
    page.click("[data-action=coach-cancel]")  # choose again: the turn is still mine
    page.wait_for_selector("#coach-note", state="detached")
    assert page.get_attribute("body", "data-version") == before
    assert page.get_attribute("body", "data-turn") == "1"
    # the selection is kept: the same move again is held again; played anyway, it goes
    assert page.locator("#hand [data-card][aria-pressed=true]").count() == len(cards)
    page.click("[data-action=play]")
    page.wait_for_selector("#coach-note[data-mark=mistake]", timeout=30_000)
    page.click("[data-action=coach-play]")
    page.wait_for_selector("#coach-note", state="detached")
    page.wait_for_function(f"document.body.dataset.version !== '{before}'", timeout=30_000)
    stored = httpx.get(f"{server}/api/tables/{tid}/matches").json()[0]
    assert stored["actions"] >= 1
    assert not errors, errors
    context.close()


def _dealt(tmp_path: Path, tid: str, seat: int, game: str = "pentagrammi") -> list[str]:
    """The cards ``seat`` was dealt in the match's first deal (from the server's database)."""
    import pakka.games
    from pakka.server.storage import Storage

    store = Storage(f"sqlite:///{tmp_path / 'e2e.sqlite3'}")
    try:
        rec = store.load_table(tid)
        match = store.match(tid, 1)
    finally:
        store.close()
    assert rec is not None and match is not None
    start = pakka.games.get(game).from_json(
        {"game": game, "players": rec.players, "options": rec.options, "seed": match.seed}
    )
    return [str(c) for c in start.observation(seat)["hand"]]


def test_the_same_cards_from_another_seat(server: str, browser: Any, tmp_path: Path) -> None:
    """ "Deal these cards again" from another seat: the person plays that seat's hand from
    its place (the page connects again as that seat), a bot takes the old one."""
    tid, token = _table(server)
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.add_init_script(FAST_PACE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table.html?id={tid}#token={token}&seat=0")
    page.wait_for_selector("#practice[data-seat='0'] select#redeal-seat")
    _my_turn(page)
    options = page.eval_on_selector_all("#redeal-seat option", "(os) => os.map((o) => o.value)")
    assert options == ["", "1", "2", "3", "4"], options  # your own seat, then the others
    page.select_option("#redeal-seat", "2")
    page.click("[data-action=redeal]")
    page.wait_for_selector("#takeback-note[data-op=redeal][data-seat='2']", timeout=30_000)
    page.wait_for_selector("#practice[data-seat='2']", timeout=30_000)  # connected as seat 2
    theirs = _dealt(tmp_path, tid, 2)
    page.wait_for_function(
        "document.body.dataset.turn === '1'"
        f" && document.querySelectorAll('#hand [data-card]').length === {len(theirs)}",
        timeout=30_000,
    )
    shown = page.eval_on_selector_all("#hand [data-card]", "(cs) => cs.map((c) => c.dataset.card)")
    assert sorted(shown) == sorted(theirs)
    assert sorted(theirs) != sorted(_dealt(tmp_path, tid, 0))
    seats = httpx.get(f"{server}/api/tables/{tid}").json()["seats"]
    assert seats[2]["kind"] == "person" and seats[2]["name"] == "Ann"
    assert seats[0]["kind"] == "bot"
    note = page.inner_text("#takeback-note")
    assert "The same cards again, now with" in note, note
    # the old seat is not offered any more, the new one is "your seat"; a reload keeps it
    page.reload()
    page.wait_for_selector("#practice[data-seat='2'] select#redeal-seat")
    options = page.eval_on_selector_all("#redeal-seat option", "(os) => os.map((o) => o.value)")
    assert options == ["", "0", "1", "3", "4"], options
    assert not errors, errors
    context.close()

"""Practice in the browser (issue 30): a person at a table of bots takes back a move, shows
every hand, and the coach switch asks before a move is sent."""

from __future__ import annotations

import time
from typing import Any

import httpx

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
    context.close()

"""A person plays a whole deal of every game, at a phone held upright (390×844, in Finnish), a
phone held sideways (844×390) and a desktop (1280×800, both in English), through the table's
testing-and-accessibility contract (docs/web.md): Hint puts a move into the selection,
Play commits it, dialogs are continued.  At each of the person's turns everything needed to
play is on one screen: the hand, the Play button, every seat and the trick inside the
viewport, nothing to scroll, no seat's label cut; while others act the hand keeps its full
contrast (issue 28).  On the way the tests check the trick display (each
card in front of its seat, the finished trick kept with its winner marked, the last-trick
view), the deal and match summaries (the deal summary's figures are the engine's
``deal_scored`` event's), that one hint a turn is never refused at the server's default hint
limits, the refusal of a card that cannot be played, and that no raw engine data is ever
on screen (tests/e2e/rawtext.py).  They save the screenshots the
docs show: docs/screenshots/<game>-<size>.png and ...-summary.png (with
PAKKA_UPDATE_SCREENSHOTS=1; otherwise into test-output/screenshots/).
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable
from contextlib import ExitStack
from itertools import pairwise
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

import pakka.games
from pakka.i18n import catalogue
from tests.e2e.conftest import FAST_PACE, OUT, require_browser
from tests.e2e.rawtext import identifiers, problems
from tests.server.conftest import real_ws, toy  # noqa: F401  (fixture used by `server`)

require_browser()
PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

ROOT = Path(__file__).resolve().parents[2]
SHOTS = (
    ROOT / "docs" / "screenshots"
    if os.environ.get("PAKKA_UPDATE_SCREENSHOTS")
    else ROOT / "test-output" / "screenshots"
)
"""Where the screenshots go: the docs' copies only when asked (``PAKKA_UPDATE_SCREENSHOTS=1
pytest tests/e2e/test_table.py``), so an ordinary test run leaves the tree clean."""
STEP = 30_000
SIZES = {
    "phone": ({"width": 390, "height": 844}, "fi"),
    "landscape": ({"width": 844, "height": 390}, "en"),
    "desktop": ({"width": 1280, "height": 800}, "en"),
}
"""The screens the table must fit, each with the language it is played in here."""
VIEWPORTS = {"en": SIZES["desktop"][0], "fi": SIZES["phone"][0]}
LOCALES = {"en": "en-US", "fi": "fi-FI"}
GAMES = ["anarchy", "pentagrammi", "norlanninnakki", "guandan"]
# a match of one deal where the game allows it, so the match summary is seen too
SHORT = {"pentagrammi": {"deals": 1}}


def english_strings() -> list[str]:
    """The client's own English words that a Finnish page must not show (those whose
    Finnish differs; short words like "Play" are in them)."""
    out = []
    for key, entry in catalogue().items():
        if not key.startswith("web_") or "{" in entry["en"]:
            continue
        en, fi = entry["en"], entry.get("fi", "")
        if en != fi and len(en) >= 4 and en not in fi:
            out.append(en)
    return out


ENGLISH = english_strings()


def create(server: str, game: str, *, bots: str = "random", delay: float = 0.0) -> tuple[str, str]:
    n = pakka.games.get(game).info.default_players
    r = httpx.post(
        f"{server}/api/tables",
        json={
            "game": game,
            "players": n,
            "name": "Ann",
            "options": SHORT.get(game, {}),
            "bot_delay": delay,
            "seats": [{"kind": "person"}] + [{"kind": "bot", "level": bots}] * (n - 1),
        },
    )
    r.raise_for_status()
    made = r.json()
    return made["table"]["id"], made["token"]


def open_table(
    browser: Any,
    server: str,
    tid: str,
    token: str,
    lang: str,
    viewport: dict[str, int] | None = None,
    pace: bool = True,
    sockets: Callable[[Any], None] | None = None,
) -> tuple[Any, Any]:
    """A browser page at the table as seat 0 (``sockets``: a Playwright WebSocket route
    handler that every socket of the page passes through)."""
    context = browser.new_context(locale=LOCALES[lang], viewport=viewport or VIEWPORTS[lang])
    if pace:
        context.add_init_script(FAST_PACE)
    if sockets is not None:
        context.route_web_socket(re.compile(r"/ws/tables/"), sockets)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.told = []  # the frames from the server that tests read: errors, hints, scored deals
    page.going = {}  # "match:version" -> whether that state has a trick going, cards on it
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda f: _keep(page.told, f, page.going)),
    )
    page.goto(f"{server}/table.html?id={tid}#token={token}&seat=0")
    page.wait_for_selector("#table")
    assert page.evaluate("document.documentElement.lang") == lang
    return context, page


def _keep(told: list[dict[str, Any]], payload: Any, going: dict[str, bool]) -> None:
    """Keep a server frame of the kinds :func:`summary_is_the_engines` and the hint check
    read (a state frame only for its ``deal_scored`` event), and note whether each state
    has a trick going with cards on it."""
    frame = json.loads(payload)
    if frame.get("type") == "state":
        trick = (frame.get("present") or {}).get("trick")
        going[f"{frame['match']}:{frame['version']}"] = bool(
            trick
            and not trick.get("finished")
            and any(play.get("cards") for play in trick.get("plays", ()))
        )
        scored = [e for e in frame.get("events", []) if e.get("type") == "deal_scored"]
        if not scored:
            return
        frame = {"type": "state", "events": scored}
    told.append(frame)


LEVELS = {"J": 11, "Q": 12, "K": 13, "A": 14}


def _figure(cell: str) -> int:
    """A summary cell as a number: "+12", "-3", "±0", "7", a Guandan level "A"."""
    cell = cell.strip().replace("±", "").replace("−", "-")
    return LEVELS.get(cell) or int(cell)


def summary_is_the_engines(page: Any, game: str) -> None:
    """The open deal summary's figures are the engine's: its second-last row is each seat's
    score of the deal and its last row the match totals, as the engine's ``deal_scored``
    event says (Guandan: a column a team, totals as levels);
    Pentagrammi's tricks won and opposites' points add up to the deal's points (issue 28:
    they read 0 for every seat in every deal but the last)."""
    scored = [
        e
        for f in page.told
        if f["type"] == "state"
        for e in f["events"]
        if e["type"] == "deal_scored"
    ]
    assert scored, "no deal_scored event reached the page"
    event = scored[-1]
    rows = page.eval_on_selector_all(
        '[data-dialog="deal-summary"] table tbody tr',
        "(rs) => rs.map((r) => [...r.querySelectorAll('td')].map((c) => c.innerText))",
    )
    seats = range(len(rows[0]))  # (Guandan: column 0 seats 0 and 2, column 1 seats 1 and 3)
    deal, totals = ([_figure(c) for c in row] for row in rows[-2:])
    assert deal == [event["scores"][s] for s in seats], (rows, event)
    assert totals == [event["totals"][s] for s in seats], (rows, event)
    if game == "pentagrammi":
        won, shares = ([_figure(c) for c in row] for row in rows[:2])
        assert sum(won) == 11, rows
        assert [w + o for w, o in zip(won, shares, strict=True)] == deal, rows


def visible_text(page: Any) -> str:
    return str(
        page.evaluate(
            "['#app', '#dialogs', '#alert'].map((s) => document.querySelector(s))"
            ".filter(Boolean).map((e) => e.innerText).join('\\n')"
        )
    )


def check_raw(page: Any, server: str, tid: str, token: str, lang: str) -> None:
    state = httpx.get(
        f"{server}/api/tables/{tid}/state", headers={"Authorization": f"Bearer {token}"}
    ).json()
    names = identifiers(state.get("observation", {})) | identifiers(state.get("legal_actions", []))
    names -= {"you"}  # a word people use too
    people = page.eval_on_selector_all(
        "#table [data-seat] .seat-name", "(es) => es.map((e) => e.textContent)"
    )
    found = problems(visible_text(page), lang, names, ENGLISH, people)
    assert not found, found


def no_overlap(page: Any) -> None:
    """No two seat boxes of the table, nor a seat and the trick area, overlap; inside the
    trick no play's cards cover another play's cards or its label ("Botti 2"'s card over
    "Botti 3" in five-seat Pentagrammi on a phone, issue 28: the trick area as a whole is
    inside the middle, so the boxes alone missed it)."""
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('#table > .seat, #table > .middle')].map((e) => {
            const r = e.getBoundingClientRect();
            return [e.dataset.seat || 'middle', r.left, r.top, r.right, r.bottom];
        })"""
    )
    # each play's cards and its label (cards in motion are not measured: their place is
    # where they land)
    parts = page.evaluate(
        """() => [...document.querySelectorAll('[data-region="trick"] .play')].flatMap((p, i) => {
            const moving = [...p.querySelectorAll('[data-card]')].some((c) => c.getAnimations().length);
            if (moving) return [];
            return [...p.querySelectorAll(':scope > .cards, :scope > .who')].map((e) => {
                const r = e.getBoundingClientRect();
                return [`play ${i} ${e.className} "${e.textContent}"`, r.left, r.top, r.right, r.bottom, i];
            });
        })"""
    )
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a[3] <= b[1] + 1 or b[3] <= a[1] + 1 or a[4] <= b[2] + 1 or b[4] <= a[2] + 1
            assert apart, f"{a[0]} overlaps {b[0]}: {a} {b}"
    for i, a in enumerate(parts):
        for b in parts[i + 1 :]:
            if a[5] == b[5]:
                continue
            apart = a[3] <= b[1] + 1 or b[3] <= a[1] + 1 or a[4] <= b[2] + 1 or b[4] <= a[2] + 1
            assert apart, f"in the trick {a[0]} overlaps {b[0]}: {a} {b}"


ONE_SCREEN = """() => {
    const W = innerWidth, H = innerHeight, out = [];
    const doc = document.documentElement;
    if (doc.scrollHeight > H || doc.scrollWidth > W) out.push(`the page scrolls: ${doc.scrollWidth}x${doc.scrollHeight} in ${W}x${H}`);
    const inside = (what, e) => {
        if (!e) { out.push(`${what} is missing`); return; }
        const r = e.getBoundingClientRect();
        if ((r.width === 0 || r.height === 0) && what !== 'the trick') out.push(`${what} is not shown`);
        if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)
            out.push(`${what} is outside the screen: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
    };
    inside('the hand', document.querySelector('#hand'));
    document.querySelectorAll('#hand [data-card]').forEach((e, i) => e.getAnimations().length || inside(`hand card ${i}`, e));
    inside('the Play button', document.querySelector('[data-action="play"]'));
    inside('the trick', document.querySelector('[data-region="trick"]'));
    // (a card in motion, travelling to the trick or gathering to the winner, is not checked)
    const still = (e) => !e.getAnimations().length;
    document.querySelectorAll('[data-region="trick"] [data-card]').forEach((e, i) => still(e) && inside(`trick card ${i}`, e));
    const panel = document.querySelector('#hand-panel');
    const under = panel ? panel.getBoundingClientRect().top : H;
    document.querySelectorAll('#table > [data-seat]').forEach((e) => {
        inside(`seat ${e.dataset.seat}`, e);
        // nor covered by the hand's panel
        if (e.getBoundingClientRect().bottom > under + 1) out.push(`seat ${e.dataset.seat} runs under the hand`);
        // no label cut: nothing in a seat box is wider or taller than the box
        if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
            out.push(`seat ${e.dataset.seat} cuts its content: ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`);
        e.querySelectorAll('.seat-name, .badge').forEach((b) => {
            if (b.scrollWidth > b.clientWidth + 1) out.push(`seat ${e.dataset.seat}: "${b.textContent}" is cut`);
        });
        // no label with nothing after it ("captured 2:"), shown or for screen readers
        e.querySelectorAll('.badge, .badges .sr-only > span').forEach((b) => {
            if (/:\\s*$/.test(b.textContent)) out.push(`seat ${e.dataset.seat}: "${b.textContent}" says nothing after its colon`);
        });
        // each point figure on a seat says what it is ("1 p." and "1 p" side by side did not)
        const figures = [...e.querySelectorAll('.seat-score, .badge')].map((b) => b.textContent.trim())
            .filter((x) => /(^|\\s)[-+]?\\d+\\s*(pts?|p)\\.?$/.test(x));
        const words = figures.map((x) => x.replace(/[-+]?\\d+\\s*(pts?|p)\\.?$/, '').trim());
        if (figures.length > 1 && (words.some((w) => !w) || new Set(words).size < words.length))
            out.push(`seat ${e.dataset.seat}: point figures that do not say what they are: ${JSON.stringify(figures)}`);
        // a card in a badge is legible: a face wide enough for its corner index to be read
        // (36 px: the index is about a third of its width), or text of at least 11 px
        e.querySelectorAll('.badges [data-card]').forEach((c) => {
            const r = c.getBoundingClientRect(), text = c.classList.contains('card-text');
            if (text ? parseFloat(getComputedStyle(c).fontSize) < 11 : r.width < 36)
                out.push(`seat ${e.dataset.seat}: card ${c.dataset.card} is ${Math.round(r.width)} px wide`);
        });
    });
    document.querySelectorAll('#facts [data-card]').forEach((c) => {
        const r = c.getBoundingClientRect(), text = c.classList.contains('card-text');
        if (r.width && (text ? parseFloat(getComputedStyle(c).fontSize) < 11 : r.width < 36))
            out.push(`fact card ${c.dataset.card} is ${Math.round(r.width)} px wide`);
    });
    // the prompt and the trick's labels are read whole: nothing cut with "…"
    const cut = (b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1;
    const prompt = document.querySelector('#prompt');
    if (prompt && cut(prompt)) out.push(`the prompt is cut: "${prompt.textContent}"`);
    document.querySelectorAll('[data-region="trick"] .who').forEach((b) => {
        if (cut(b)) out.push(`the trick's label "${b.textContent}" is cut`);
    });
    return out;
}"""

WATCH_CONTRAST = """() => {
    // every frame drawn while others act: the hand's contrast then (window.contrastSeen)
    window.contrastSeen = {checks: 0, problems: []};
    new MutationObserver(() => {
        if (document.body.dataset.turn === '1' || !document.querySelector('#hand [data-card]')) return;
        window.contrastSeen.checks += 1;
        window.contrastSeen.problems.push(...(%s)());
    }).observe(document.body, {attributes: true, attributeFilter: ['data-version']});
}"""

FULL_CONTRAST = """() => {
    const out = [];
    const grey = (f) => f && f !== 'none' && /grayscale|brightness\\(0|opacity\\(0|contrast\\(0/.test(f);
    for (const e of [document.querySelector('#hand-panel'), document.querySelector('#hand'), ...document.querySelectorAll('#hand [data-card], #hand [data-card] > svg')]) {
        if (!e) continue;
        const cs = getComputedStyle(e);
        if (Number(cs.opacity) !== 1) out.push(`${e.id || e.dataset.card || 'svg'} opacity ${cs.opacity}`);
        if (grey(cs.filter)) out.push(`${e.id || e.dataset.card || 'svg'} filter ${cs.filter}`);
    }
    return out;
}"""


WATCH_CONTRAST %= FULL_CONTRAST


COVER_A_LABEL = """() => {
    // one play's cards moved over another play's label (the check's own check)
    const plays = [...document.querySelectorAll('[data-region="trick"] .play')];
    const a = plays.find((p) => p.querySelector(':scope > .who'));
    const b = plays.find((p) => p !== a && p.querySelector(':scope > .cards'));
    if (!a || !b) return false;
    const label = a.querySelector(':scope > .who').getBoundingClientRect();
    const cards = b.querySelector(':scope > .cards'), r = cards.getBoundingClientRect();
    cards.dataset.covering = '1';
    cards.style.cssText = `position: relative; left: ${label.left - r.left}px; top: ${label.top - r.top}px`;
    return true;
}"""
BROKEN_WORDS = """(box) => {
    // the words of a table's headers that were split over two lines
    const out = [];
    for (const th of box.querySelectorAll('th')) {
        const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let node = walk.nextNode(); node; node = walk.nextNode()) {
            for (const m of node.textContent.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                const lines = new Set([...range.getClientRects()]
                    .filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
                if (lines.size > 1) out.push(m[0]);
            }
        }
    }
    return out;
}"""
WINNER = '[data-region="trick"] [data-winner="true"]'
MOVING = """() => [...document.querySelectorAll('[data-region="trick"] [data-card]')]
    .some((c) => c.getAnimations().length > 0)"""
"""Whether a card of the trick is in motion now."""


def one_screen(page: Any) -> None:
    """Everything needed to play is on one screen: nothing scrolls, the hand, the Play
    button, every seat and the trick are inside the viewport, no seat's label is cut."""
    found = page.evaluate(ONE_SCREEN)
    assert not found, found


def click(page: Any, selector: str) -> bool:
    """Click ``selector`` unless a dialog covers the page (False: one does)."""
    try:
        page.click(selector, timeout=5_000)
    except PlaywrightTimeout:
        if page.locator("[role=dialog]").count():
            return False
        raise
    return True


PAGE_NOW = """() => ({
    body: {...document.body.dataset},
    alerts: [...document.querySelectorAll('[role=alert]')].map(e => e.innerText),
    status: document.querySelector('[role=status]')?.innerText ?? '',
    pressed: [...document.querySelectorAll('[aria-pressed=true]')].map(e => e.outerHTML.slice(0, 80)),
})"""
"""What a person would see when the table seems stuck (a failure's message)."""


def wait_version_change(page: Any, version: str) -> None:
    """Wait for the next state frame (or a dialog); a failure says what the page showed."""
    try:
        page.wait_for_function(
            f"document.body.dataset.version !== {version!r}"
            " || !!document.querySelector('[role=dialog]')",
            timeout=STEP,
        )
    except PlaywrightTimeout:
        raise AssertionError(f"no new state in {STEP} ms: {page.evaluate(PAGE_NOW)}") from None


def look_at_finished_trick(page: Any, seen: dict[str, Any], shot: str) -> None:
    """A finished trick on the felt: its winner is marked; the first one is measured and
    shot at rest."""
    seen["winner"] = True
    # (measured and shot at rest: a card travelling to the trick or gathering to
    # the winner crosses the other plays for a moment)
    if not seen["trick_shot"]:
        page.wait_for_function(f"!({MOVING})()", timeout=5_000)
    if not seen["trick_shot"] and page.locator(WINNER).count():
        no_overlap(page)
        # and the check sees a play's cards over another play's label (what the
        # playtest's screenshot showed, there in mid-flight)
        if page.evaluate(COVER_A_LABEL):
            try:
                no_overlap(page)
                caught = ""
            except AssertionError as found:
                caught = str(found)
            # (unless the table was drawn again in between)
            still = page.evaluate(
                "(() => { const e = document.querySelector('[data-covering]');"
                " if (e) e.style.cssText = ''; return !!e; })()"
            )
            assert "in the trick" in caught or not still, "no_overlap missed a card"
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"{shot}.png"), full_page=True)
        seen["trick_shot"] = True


def play_a_deal(
    page: Any, server: str, tid: str, token: str, lang: str, game: str, size: str = ""
) -> dict[str, Any]:
    """Hint, then Play, until the deal's summary; returns what was seen on the way."""
    seen: dict[str, Any] = {
        "moves": 0,
        "winner": False,
        "trick_shot": False,
        "refused": False,
        "hint_again": "",
        "play_again": "",
    }
    shot = f"{game}-{size}" if size else f"{game}-{lang}-trick"
    started = time.monotonic()
    while time.monotonic() - started < 240:
        # (a finished trick is looked at while others act too: a person who wins no trick
        # before the last never sees one on their own turn)
        page.wait_for_selector(f'body[data-turn="1"], [role=dialog], {WINNER}', timeout=STEP)
        dialog = page.locator("[role=dialog]")
        if dialog.count():
            kind = dialog.get_attribute("data-dialog")
            if kind == "deal-summary":
                # an alert from a press while the last trick was on the felt is gone: the
                # summary says what to do now
                assert not page.locator("#alert").is_visible(), page.locator("#alert").inner_text()
                return seen
            if kind == "confirm":  # a return: the dialog names the move and whom it goes to
                page.click('[role=dialog] [data-action="confirm"]')
                continue
            raise AssertionError(f"unexpected dialog {kind}")
        if page.locator(WINNER).count():
            look_at_finished_trick(page, seen, shot)
        if page.evaluate("document.body.dataset.turn") != "1":
            # a person presses Hint out of turn (told "not your turn"; nothing is sent)
            hint = page.locator('[data-action="hint"]')
            if hint.count() and hint.is_enabled() and not page.locator("[role=dialog]").count():
                hint.click(timeout=5_000)
            # others act while the finished trick is held: wait for it to be cleared
            page.wait_for_function(
                "document.body.dataset.turn === '1' || !!document.querySelector('[role=dialog]')"
                f" || !document.querySelector({json.dumps(WINNER)})",
                timeout=STEP,
            )
            continue
        version = page.evaluate("document.body.dataset.version")
        check_raw(page, server, tid, token, lang)
        one_screen(page)
        # the felt shows the trick the prompt speaks of: not a finished one held over a
        # new lead ("Beat Bot 4's full house" with the last trick still in the middle)
        if page.locator('[data-region="trick"].finished:not(.last)').count():
            assert not page.going.get(version, False), (
                f"a finished trick is on the felt at version {version}, where a trick is going"
            )
        if not page.locator("#hand-panel.cards-live").count():
            # a turn without cards to play (Anarchy's contract, a bid): the hand is for planning
            found = page.evaluate(FULL_CONTRAST)
            assert not found, found
        labels = page.locator("#actions button").all_inner_texts()
        assert len(labels) == len(set(labels)), f"two buttons say the same: {labels}"
        trick = page.locator('[data-region="trick"] [data-card]')
        if trick.count():
            assert trick.first.get_attribute("data-seat") is not None
        disabled = page.locator('#hand [data-card][aria-disabled="true"]')
        if not seen["refused"] and disabled.count():
            # (Playwright waits for aria-disabled elements to become enabled: force the click
            # a person can still make)
            # (on its corner index: in a fanned hand the next card covers the rest of it)
            disabled.first.click(force=True, timeout=5_000, position={"x": 6, "y": 12})
            alert = page.locator("[role=alert]")
            alert.wait_for(state="visible", timeout=5_000)
            assert alert.inner_text().strip()
            assert disabled.first.get_attribute("aria-pressed") == "false"
            seen["refused"] = True
        # a summary may open at any moment (once the deal's last trick has been seen): then
        # it is handled first, at the top of the loop
        if not click(page, '[data-action="hint"]'):
            continue
        try:
            page.wait_for_selector("#hint", timeout=STEP // 2)
        except PlaywrightTimeout:
            if page.evaluate("document.body.dataset.version") != version:
                continue  # the frame moved on (a simultaneous step resolved)
            # Once in a few hundred runs on a loaded machine (Anarchy, mid-deal) the hint
            # has not shown in 30 s, with no alert and the socket open, and the cause is
            # not found yet: a person presses again, and so does the test, once a deal.
            alert = page.locator("[role=alert]")
            said = alert.first.inner_text() if alert.count() else "no alert"
            assert not seen["hint_again"], f"the hint did not show twice in a deal ({said})"
            seen["hint_again"] = said or "an empty alert"
            continue
        pressed = page.locator(
            '[aria-pressed="true"][data-card], [aria-pressed="true"][data-choice],'
            ' [aria-pressed="true"][data-action="pass"]'
        )
        assert pressed.count() >= 1, "the hint put nothing into the selection"
        if not click(page, '[data-action="play"]'):
            continue
        seen["moves"] += 1
        confirm = page.locator('[data-dialog="confirm"]')
        if confirm.count():
            assert any(s in confirm.inner_text() for s in ("Bot", "Botti"))  # the receiver
            click(page, '[data-dialog="confirm"] [data-action="confirm"]')
        try:
            wait_version_change(page, version)
        except AssertionError as stuck:
            # Once in CI's slow step (Guandan, desktop, two workers) a Play click was
            # followed by no new state in 30 s, and it has not happened again alone or
            # under load here: a person presses again, and so does the test, once a deal;
            # the page as it was is kept in the result (and printed) for the next one.
            assert not seen["play_again"], f"a move did not go through twice in a deal: {stuck}"
            seen["play_again"] = str(stuck)
            print(stuck)
    raise AssertionError(f"the deal did not end in time ({seen['moves']} moves)")


def _deal_cases() -> list[Any]:
    """Every game on every screen. The default run plays every game on the phone (the
    tightest screen); CI's slow step plays the desktop and the landscape phone too."""
    return [
        pytest.param(
            game,
            size,
            id=f"{game}-{size}",
            marks=[] if size == "phone" else [pytest.mark.slow],
        )
        for game in GAMES
        for size in SIZES
    ]


@pytest.mark.default_limits
@pytest.mark.parametrize(("game", "size"), _deal_cases())
def test_a_person_plays_a_whole_deal(game: str, size: str, server: str, browser: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    viewport, lang = SIZES[size]
    tid, token = create(server, game)
    context, page = open_table(browser, server, tid, token, lang, viewport)
    page.evaluate(WATCH_CONTRAST)
    try:
        seen = play_a_deal(page, server, tid, token, lang, game, size)
    except Exception:
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"failed-{game}-{size}.png"), full_page=True)
        raise
    assert seen["moves"] >= 3, seen
    # while others acted the hand kept its full contrast (opacity 1, no grey filter)
    contrast = page.evaluate("window.contrastSeen")
    assert contrast["checks"] >= 1 and not contrast["problems"], contrast
    assert seen["winner"], "no finished trick was shown with its winner marked"
    assert seen["trick_shot"], "no finished trick was measured at rest"

    # the deal summary: a table of the deal, in words
    summary = page.locator('[data-dialog="deal-summary"]')
    assert summary.get_attribute("role") == "dialog"
    assert summary.locator("table tbody tr").count() >= 2
    summary_is_the_engines(page, game)
    # every column in sight: no seat's figures hidden to the side of a phone's screen
    wide = summary.locator(".scroll").evaluate("(e) => [e.scrollWidth, e.clientWidth]")
    assert wide[0] <= wide[1] + 1, f"the summary's table is {wide[0]} px wide in {wide[1]}"
    # and no word of its labels broken across two lines ("Laskettav / at" on a phone)
    broken = summary.evaluate(BROKEN_WORDS)
    assert not broken, f"words broken across lines in the summary: {broken}"
    # one hint a turn, at the server's default limits, was never refused
    refused = [f for f in page.told if f["type"] == "error" and f["code"] == "rate_limited"]
    assert not refused, refused
    page.wait_for_timeout(300)  # the dialog's entrance animation
    # it opens at its top: the title in sight (at 844x390 it opened scrolled to its button)
    top = summary.evaluate(
        "(d) => [d.scrollTop, d.querySelector('h2').getBoundingClientRect().top"
        " - d.getBoundingClientRect().top]"
    )
    assert top[0] == 0 and top[1] >= 0, f"the summary opens scrolled: {top}"
    page.screenshot(path=str(SHOTS / f"{game}-{size}-summary.png"), full_page=False)
    check_raw(page, server, tid, token, lang)
    # the summary offers a review of the deal just scored, for this seat (issue 30)
    href = summary.locator("a[data-action=review]").get_attribute("href") or ""
    review = parse_qs(urlparse(href).query)
    assert review == {"id": [tid], "match": ["1"], "seat": ["0"], "deal": ["last"]}, href
    page.click('[data-dialog="deal-summary"] [data-action="continue"]')

    # the last trick stays one press away
    # (unless the next deal, short in Norlanninnakki, has already ended in another summary)
    last = page.locator('[data-action="last-trick"]')
    if last.count() and last.is_enabled() and click(page, '[data-action="last-trick"]'):
        assert last.get_attribute("aria-pressed") == "true"
        assert page.locator('[data-region="trick"] [data-card]').count() >= 1
        click(page, '[data-action="last-trick"]')

    if game in SHORT:  # a one-deal match: then the match summary, with its chart
        page.wait_for_selector('[data-dialog="match-summary"]', timeout=STEP)
        assert page.locator('[data-dialog="match-summary"] svg').count() == 1
        # a one-deal match: each seat's total as a bar with its figure (dots at one x, tied
        # seats sharing one, said nothing)
        bars = page.eval_on_selector_all(
            '[data-dialog="match-summary"] svg [data-series]',
            "(es) => es.map((e) => [e.tagName, e.getAttribute('width'), e.dataset.value])",
        )
        seats = pakka.games.get(game).info.default_players
        assert len(bars) == seats and all(b[0] == "rect" for b in bars), bars
        labels = page.locator('[data-dialog="match-summary"] svg text.value').all_text_contents()
        assert sorted(labels) == sorted(b[2] for b in bars), (labels, bars)
        link = page.locator('[data-dialog="match-summary"] a[data-action=review]')
        href = link.get_attribute("href") or ""
        assert parse_qs(urlparse(href).query) == {"id": [tid], "match": ["1"], "seat": ["0"]}, href
        check_raw(page, server, tid, token, lang)
        page.wait_for_timeout(300)  # the dialog's entrance animation
        page.screenshot(path=str(SHOTS / f"{game}-{size}-match.png"))
        page.click('[data-dialog="match-summary"] [data-action="continue"]')
        assert page.locator('[data-action="new-match"]').count() >= 1
    assert not page.errors, page.errors
    context.close()


def _latest(ws: Any) -> dict[str, Any] | None:
    """The newest state frame waiting at ``ws`` (None if none came)."""
    latest = None
    while True:
        try:
            frame = json.loads(ws.recv(timeout=0.3))
        except TimeoutError:
            return latest
        if frame.get("type") == "state":
            latest = frame


LONG_SUMMARY = {
    "title": "Jako 1 päättyi",
    "columns": ["Sinä", "Botti 2", "Botti 3", "Botti 4", "Botti 5"],
    "rows": [
        {"label": label, "cells": cells}
        for label, cells in [
            ("Voitetut kortit", ["16", "12", "15", "9", "0"]),
            ("Laskettavat", ["16 korttia: 3 yli 13 kortin", "5 mustaa", "3 ♥", "9", "—"]),
            ("Tyhjät maat (+10/maa)", ["—", "—", "—", "♣ +10", "—"]),
            ("Neljä samaa (+20/setti)", ["—", "—", "—", "—", "—"]),
            ("Vastapuolen pisteet", ["+15", "+10", "+12", "+10", "0"]),
            ("Yhteensä", ["15", "10", "12", "10", "0"]),
        ]
    ],
}
"""A Finnish deal summary with the longest row labels the games have (Anarchy's, at
Pentagrammi's five seats)."""


def _styled_phone_page(server: str, browser: Any) -> tuple[Any, Any]:
    """A Finnish phone page with the table's style sheet and modules loaded (the replay page
    of no match: a blank to render parts of the table into)."""
    context = browser.new_context(locale="fi-FI", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{server}/replay.html?id=none&match=1")
    page.wait_for_load_state()
    return context, page


def test_a_summary_keeps_its_words_whole_on_a_phone(server: str, browser: Any) -> None:
    """On a phone a summary's columns all fit and no label is split inside a word (it read
    "Laskettav / at" while the columns fitted)."""
    context, page = _styled_phone_page(server, browser)
    box = page.evaluate_handle(
        """async (s) => {
            const { summaryTable } = await import('/table-parts.js');
            const d = document.createElement('div');
            d.className = 'dialog summary deal-summary';
            d.append(summaryTable(s));
            const back = document.createElement('div');
            back.className = 'backdrop';
            back.append(d);
            document.body.replaceChildren(back);
            return d;
        }""",
        LONG_SUMMARY,
    )
    wide = box.evaluate(
        "(d) => { const e = d.querySelector('.scroll'); return [e.scrollWidth, e.clientWidth]; }"
    )
    assert wide[0] <= wide[1] + 1, f"the summary's table is {wide[0]} px wide in {wide[1]}"
    assert box.evaluate(BROKEN_WORDS) == []
    context.close()


def test_a_badge_with_cards_fits_a_phone_seat(server: str, browser: Any) -> None:
    """A Guandan play badge ("kuninkaiden täyskäsi" and five cards as text) in a seat box on
    a phone: its cards go under its words, side by side, inside the box (they stood one a
    line beside the words, 124 px in a 120-px box, in CI's whole-deal run)."""
    context, page = _styled_phone_page(server, browser)
    found = page.evaluate(
        """async () => {
            const { cardsEl } = await import('/cards.js');
            document.body.className = 'table-page';
            const felt = document.createElement('div');
            felt.className = 'felt n4';
            felt.id = 'table';
            const plays = [
                ['left', ['H2', 'H2', 'H10', 'D10', 'CK'], 'kuninkaiden täyskäsi'],
                ['top', ['H10', 'H10', 'D10', 'C10', 'S10', 'D10'], 'kuuden kympin pommi'],
                ['right', ['H3', 'S4', 'D5', 'C6', 'H7'], 'suora'],
            ];
            for (const [slot, cards, words] of plays) {
                const seat = document.createElement('section');
                seat.className = `seat slot-${slot}`;
                const name = document.createElement('span');
                name.className = 'seat-name';
                name.textContent = 'Botti 4';
                const badges = document.createElement('div');
                badges.className = 'badges';
                const badge = document.createElement('span');
                badge.className = 'badge tone-good';
                badge.append(words, cardsEl(cards, { text: true }));
                badges.append(badge);
                seat.append(name, badges);
                felt.append(seat);
            }
            document.body.replaceChildren(felt);
            const out = [];
            for (const seat of felt.querySelectorAll('.seat')) {
                if (seat.scrollWidth > seat.clientWidth + 1) out.push(`${seat.className}: ${seat.scrollWidth} px in ${seat.clientWidth}`);
                const chips = [...seat.querySelectorAll('.cards.as-text > *')].map((c) => c.getBoundingClientRect());
                const lines = new Set(chips.map((r) => Math.round(r.top))).size;
                if (lines > Math.ceil(chips.length / 2)) out.push(`${seat.className}: ${chips.length} cards on ${lines} lines`);
            }
            return out;
        }"""
    )
    assert found == [], found
    context.close()


def test_the_selection_is_kept_while_others_act(server: str, browser: Any) -> None:
    """Everyone plays at once in Anarchy's tricks: another person's card must not clear
    what this person has chosen.  Seat 1 is a second person, played by the test."""
    r = httpx.post(
        f"{server}/api/tables",
        json={
            "game": "anarchy",
            "players": 4,
            "name": "Ann",
            "seats": [{"kind": "person"}] * 2 + [{"kind": "bot", "level": "random"}] * 2,
        },
    )
    r.raise_for_status()
    tid, token = r.json()["table"]["id"], r.json()["token"]
    other = httpx.post(f"{server}/api/tables/{tid}/join", json={"name": "Bea"}).json()
    port = int(server.rsplit(":", 1)[1])
    with real_ws(port, tid, other["token"]) as ws:
        context, page = open_table(browser, server, tid, token, "en")
        frame = _latest(ws)
        for _ in range(20):
            if frame and frame["legal_actions"] and not page.locator('body[data-turn="1"]').count():
                ws.send(
                    json.dumps(
                        {
                            "type": "action",
                            "action": frame["legal_actions"][0],
                            "version": frame["version"],
                        }
                    )
                )
                frame = _latest(ws) or frame
                continue
            page.wait_for_selector('body[data-turn="1"]', timeout=STEP)
            both = page.locator('[data-seat="1"][aria-current="true"]').count()
            cards = page.locator('#hand [data-card]:not([aria-disabled="true"])')
            if both and cards.count() and frame and frame["legal_actions"]:
                break
            version = page.evaluate("document.body.dataset.version")
            page.click('[data-action="hint"]')
            page.wait_for_selector("#hint", timeout=STEP)
            page.click('[data-action="play"]')
            wait_version_change(page, version)
            frame = _latest(ws) or frame
        else:
            raise AssertionError("no simultaneous step came")
        version = page.evaluate("document.body.dataset.version")
        first = page.locator('#hand [data-card]:not([aria-disabled="true"])').first
        first.click()
        assert first.get_attribute("aria-pressed") == "true"
        frame = _latest(ws) or frame
        assert frame is not None
        ws.send(
            json.dumps(
                {"type": "action", "action": frame["legal_actions"][0], "version": frame["version"]}
            )
        )
        page.wait_for_function(f"document.body.dataset.version !== {version!r}", timeout=STEP)
        assert page.locator('body[data-turn="1"]').count() == 1  # Bea played, not we
        assert page.locator('#hand [aria-pressed="true"]').count() == 1
        assert first.get_attribute("aria-pressed") == "true"
        assert not page.errors, page.errors
        context.close()


def test_a_guandan_return_goes_through_the_confirm_dialog(server: str, browser: Any) -> None:
    """Four people at a Guandan table: seats 0 and 2 play on, 1 and 3 pass, so seat 0's team
    wins the deal and takes tribute; seat 0 must return a card, and the page asks first."""
    r = httpx.post(
        f"{server}/api/tables",
        json={"game": "guandan", "players": 4, "name": "Ann", "seats": [{"kind": "person"}] * 4},
    )
    r.raise_for_status()
    tid, tokens = r.json()["table"]["id"], {0: r.json()["token"]}
    for seat in (1, 2, 3):
        j = httpx.post(f"{server}/api/tables/{tid}/join", json={"name": f"P{seat}"}).json()
        tokens[j["seat"]] = j["token"]
    port = int(server.rsplit(":", 1)[1])
    returning = False
    with ExitStack() as stack:
        socks = {s: stack.enter_context(real_ws(port, tid, tokens[s])) for s in range(4)}
        last: dict[int, dict[str, Any]] = {}
        acted: dict[int, int] = {}  # the version each seat last acted at
        read: dict[int, int] = {}  # the version (of a break) each seat said ready at
        wait_until: dict[int, float] = {}  # a refused seat waits out retry_after
        refusals: list[str] = []
        deadline = time.monotonic() + 240
        while not returning and time.monotonic() < deadline:
            for seat, ws in socks.items():
                while True:  # the newest frame waiting for this seat
                    try:
                        frame = json.loads(ws.recv(timeout=0.01))
                    except TimeoutError:
                        break
                    if frame.get("type") == "state":
                        last[seat] = frame
                    elif frame.get("type") == "error":
                        # refused (a stale version, a rate limit): nothing changed, so answer
                        # the newest state again once the refusal's wait is over
                        refusals.append(f"seat {seat}: {frame['code']}: {frame['message']}")
                        acted.pop(seat, None)
                        read.pop(seat, None)
                        wait_until[seat] = time.monotonic() + (frame.get("retry_after") or 0.05)
                frame = last.get(seat)
                if not frame or time.monotonic() < wait_until.get(seat, 0.0):
                    continue
                if (frame["present"].get("pause") or {}).get("you_reading"):
                    if read.get(seat) != frame["version"]:
                        # the break between deals: this seat has read the summary
                        ws.send(json.dumps({"type": "ready"}))
                        read[seat] = frame["version"]
                    continue
                acts = frame["legal_actions"]
                if not acts or acted.get(seat) == frame["version"]:
                    continue
                if seat == 0 and all(a["type"] == "return" for a in acts):
                    returning = True
                    break
                # seats 0 and 2 play on, 1 and 3 pass whenever they may
                passes = [a for a in acts if a["type"] == "pass"]
                plays = [a for a in acts if a["type"] != "pass"]
                action = plays[0] if plays and (seat % 2 == 0 or not passes) else passes[0]
                ws.send(
                    json.dumps({"type": "action", "action": action, "version": frame["version"]})
                )
                acted[seat] = frame["version"]
    seen = {s: (f["version"], [a["type"] for a in f["legal_actions"]][:3]) for s, f in last.items()}
    assert returning, (
        f"seat 0 never had to return a card; last frames {seen}, refused {refusals[-5:]}"
    )
    # on a phone held sideways, in Finnish: the return's long prompt ("...; hän maksoi sinulle
    # ★R") is read whole there too (issue 28: it was cut to one line), and all fits
    context, page = open_table(browser, server, tid, tokens[0], "fi", SIZES["landscape"][0])
    page.wait_for_selector('body[data-turn="1"]', timeout=STEP)
    one_screen(page)
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / "guandan-landscape-return.png"))
    card = page.locator('#hand [data-card]:not([aria-disabled="true"])').first
    card.click(position={"x": 6, "y": 12})  # its corner: the fan covers the rest
    page.click('[data-action="play"]')
    dialog = page.locator('[data-dialog="confirm"]')
    dialog.wait_for(timeout=5_000)
    assert dialog.get_attribute("role") == "dialog"
    assert "P1" in dialog.inner_text() or "P3" in dialog.inner_text()  # whom it goes to
    version = page.evaluate("document.body.dataset.version")
    page.click('[data-dialog="confirm"] [data-action="cancel"]')  # nothing is sent
    assert page.evaluate("document.body.dataset.version") == version
    assert card.get_attribute("aria-pressed") == "true"  # and the choice is still there
    page.click('[data-action="play"]')
    page.click('[data-dialog="confirm"] [data-action="confirm"]')
    page.wait_for_function(f"document.body.dataset.version !== {version!r}", timeout=STEP)
    assert page.locator("#hand [data-card]").count() >= 1
    assert not page.errors, page.errors
    context.close()


def test_the_break_between_deals(server: str, browser: Any) -> None:
    """The break after a deal at a table with people (issue 28): the state frame's
    ``present.pause`` shows the deal's summary as the break's screen, with how the next deal
    began and "Next deal", which sends ``{"type": "ready"}``; nothing of the next deal is
    asked before; a reload shows the screen again; past summaries reopen from the score
    sheet (in the drawer on a phone)."""
    tid, token = create(server, "norlanninnakki")
    context, page = open_table(browser, server, tid, token, "en", SIZES["phone"][0])
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    page.reload()
    page.wait_for_selector("#table")
    play_a_deal(page, server, tid, token, "en", "norlanninnakki")
    dialog = page.locator('[data-dialog="deal-summary"]')
    assert dialog.get_attribute("data-pause") == "1"
    assert dialog.locator('[data-action="continue"]').inner_text() == "Next deal"
    assert not page.locator('body[data-turn="1"]').count()  # nothing of the next deal is asked
    assert page.locator('[data-region="pause"]').count() == 1
    title = dialog.locator("h2").inner_text()
    one_screen_dialog = page.evaluate(
        "document.documentElement.scrollHeight <= innerHeight"
        " && document.querySelector('[data-dialog] [data-action=\"continue\"]')"
        ".getBoundingClientRect().bottom <= innerHeight"
    )
    assert one_screen_dialog

    page.reload()  # the break's screen comes back
    page.wait_for_selector('[data-dialog="deal-summary"][data-pause="1"]', timeout=STEP)
    assert page.locator('[data-dialog="deal-summary"] h2').inner_text() == title

    page.click('[data-dialog="deal-summary"] [data-action="continue"]')
    assert any('"ready"' in m for m in sent), sent
    page.wait_for_selector('[data-region="pause"]', state="detached", timeout=STEP)
    page.wait_for_selector('body[data-turn="1"], [role=dialog]', timeout=STEP)

    # the summary reopens from the score sheet, in the drawer on a phone
    page.click('[data-action="drawer"]')
    assert page.locator('[data-action="drawer"]').get_attribute("aria-expanded") == "true"
    page.click('[data-action="summary"][data-deal="1"]')
    again = page.locator('[data-dialog="deal-summary"]')
    again.wait_for(timeout=5_000)
    assert again.locator("h2").inner_text() == title
    assert again.get_attribute("data-pause") is None
    page.click('[data-dialog="deal-summary"] [data-action="continue"]')
    assert not page.errors, page.errors
    context.close()


def test_settings_language_and_pass_order(server: str, browser: Any) -> None:
    """The settings menu keeps its choices in localStorage (the four-colour deck, the pace,
    the sound off by default); the tab title says it is your turn; switching language keeps
    the selection; Pentagrammi's pass shows the chosen cards' order and swaps it."""
    tid, token = create(server, "pentagrammi")
    context, page = open_table(browser, server, tid, token, "en", SIZES["desktop"][0], pace=False)
    page.wait_for_selector('body[data-turn="1"]', timeout=STEP)
    assert page.title().startswith("Your turn")
    page.click('[data-action="settings"]')
    dialog = page.locator('[data-dialog="settings"]')
    assert not dialog.locator('[data-setting="sound"]').is_checked()  # off by default
    assert dialog.locator('[data-setting="pace-normal"]').is_checked()
    dialog.locator('[data-setting="four-colour"]').check()
    dialog.locator('[data-setting="pace-fast"]').check()
    page.click('[data-dialog="settings"] [data-action="continue"]')
    saved = json.loads(page.evaluate("localStorage.getItem('pakka.settings')"))
    assert saved == {"four": True, "sound": False, "pace": "fast"}
    # the four-colour deck: diamonds are not drawn in the hearts' red
    fill = page.evaluate(
        "(() => { const d = document.querySelector('#hand [data-card^=\"D\"] svg g[fill]');"
        " return d ? d.getAttribute('fill') : null })()"
    )
    assert fill in (None, "#1549b8")

    # Pentagrammi starts with passing cards: the order of the chosen cards says where each goes
    cards = page.locator('#hand [data-card]:not([aria-disabled="true"])')
    if page.locator('[data-action="play"]').inner_text() == "Pass the cards":
        cards.nth(0).click()
        cards.nth(1).click()
        order = page.locator("#order [data-card]")
        assert order.count() == 2
        first = order.nth(0).get_attribute("data-card")
        before = page.locator("#preview").inner_text()
        page.click('#order [data-action="swap"]')
        assert page.locator("#order [data-card]").nth(1).get_attribute("data-card") == first
        assert page.locator("#preview").inner_text() != before  # the other card goes first
        selected = page.eval_on_selector_all(
            '#hand [aria-pressed="true"]', "(es) => es.map((e) => e.dataset.card)"
        )
        version = page.evaluate("document.body.dataset.version")
        page.click('[data-action="language"]')  # to Finnish: the selection stays
        page.wait_for_function("document.documentElement.lang === 'fi'")
        page.wait_for_function(
            f"document.body.dataset.version === {version!r} && !!document.querySelector('#hand')",
            timeout=STEP,
        )
        again = page.eval_on_selector_all(
            '#hand [aria-pressed="true"]', "(es) => es.map((e) => e.dataset.card)"
        )
        assert sorted(again) == sorted(selected)
        assert page.title().startswith("Sinun vuorosi")
    assert not page.errors, page.errors
    context.close()


def test_the_pace_setting_spaces_others_moves(server: str, browser: Any) -> None:
    """At the slow pace the frames that the bots' moves make (sent at once here: the bots
    have no delay) are shown at least 0.9 s apart; the person's own turn is never skipped."""
    tid, token = create(server, "guandan")
    context, page = open_table(browser, server, tid, token, "en", SIZES["desktop"][0], pace=False)
    page.add_init_script("localStorage.setItem('pakka.settings', JSON.stringify({pace: 'slow'}))")
    page.reload()
    page.wait_for_selector('body[data-turn="1"]', timeout=STEP)
    page.evaluate(
        """() => { window.shown = [];
        let last = document.body.dataset.version;
        new MutationObserver(() => {
            const v = document.body.dataset.version;
            if (v !== last) window.shown.push([performance.now(), document.body.dataset.turn]);
            last = v;
        })
            .observe(document.body, {attributes: true, attributeFilter: ['data-version']}); }"""
    )
    for _ in range(2):
        version = page.evaluate("document.body.dataset.version")
        page.click('[data-action="hint"]')
        page.wait_for_selector("#hint", timeout=STEP)
        page.click('[data-action="play"]')
        wait_version_change(page, version)
        # (a finished trick is looked at while others act too: a person who wins no trick
        # before the last never sees one on their own turn)
        page.wait_for_selector(f'body[data-turn="1"], [role=dialog], {WINNER}', timeout=STEP)
    shown = page.evaluate("window.shown")
    gaps = [b[0] - a[0] for a, b in pairwise(shown) if a[1] != "1"]
    assert len(gaps) >= 3, shown
    assert min(gaps) >= 800, gaps  # 0.9 s, less a timer's jitter
    assert not page.errors, page.errors
    context.close()


RECORD_MOTION = """
window.motion = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
    window.motion.push([options.duration || 0, options.delay || 0]);
    return animate.call(this, frames, options);
};
"""


@pytest.mark.parametrize("reduced", [False, True])
def test_motion_is_short_and_off_when_reduced(reduced: bool, server: str, browser: Any) -> None:
    """Cards move (dealt, played to the trick, gathered to the winner), each in under
    400 ms; under prefers-reduced-motion nothing moves."""
    tid, token = create(server, "anarchy")
    context = browser.new_context(
        viewport=SIZES["desktop"][0], reduced_motion="reduce" if reduced else "no-preference"
    )
    context.add_init_script(FAST_PACE)
    context.add_init_script(RECORD_MOTION)
    page = context.new_page()
    page.goto(f"{server}/table.html?id={tid}#token={token}&seat=0")
    for _ in range(4):
        page.wait_for_selector('body[data-turn="1"]', timeout=STEP)
        version = page.evaluate("document.body.dataset.version")
        page.click('[data-action="hint"]')
        page.wait_for_selector("#hint", timeout=STEP)
        page.click('[data-action="play"]')
        wait_version_change(page, version)
    page.wait_for_timeout(2_000)  # a trick finishes and gathers
    motion = page.evaluate("window.motion")
    running = page.evaluate(
        "document.getAnimations().filter((a) => a.playState === 'running').length"
    )
    if reduced:
        assert motion == [] and running == 0, (motion, running)
    else:
        assert len(motion) >= 10, motion  # the deal, the plays
        assert all(d <= 300 and d + delay < 400 for d, delay in motion), motion
    context.close()


def test_the_table_is_laid_out_again_when_the_screen_changes(server: str, browser: Any) -> None:
    """A phone turned or a window resized: the hand's fan is sized for the new screen, and
    on ever shorter phones the page still does not scroll (the trick's cards give way)."""
    tid, token = create(server, "norlanninnakki")
    context, page = open_table(browser, server, tid, token, "fi", SIZES["phone"][0])
    try:
        # (a finished trick is looked at while others act too: a person who wins no trick
        # before the last never sees one on their own turn)
        page.wait_for_selector(f'body[data-turn="1"], [role=dialog], {WINNER}', timeout=STEP)
        trick = '[data-region="trick"]'
        # a card in the trick: play the hint until one is there
        for _ in range(20):
            if page.locator(f"{trick} [data-card]").count():
                break
            click(page, '[data-action="hint"]')
            page.wait_for_selector("#hint", timeout=STEP)
            version = page.evaluate("document.body.dataset.version")
            click(page, '[data-action="play"]')
            wait_version_change(page, version)
            # (a finished trick is looked at while others act too: a person who wins no trick
        # before the last never sees one on their own turn)
        page.wait_for_selector(f'body[data-turn="1"], [role=dialog], {WINNER}', timeout=STEP)
        assert page.locator(f"{trick} [data-card]").count(), "no card was played to the trick"
        cw = page.evaluate(
            "getComputedStyle(document.getElementById('hand')).getPropertyValue('--cw')"
        )
        page.set_viewport_size({"width": 844, "height": 390})  # turned sideways
        page.wait_for_function(
            f"getComputedStyle(document.getElementById('hand')).getPropertyValue('--cw') !== {cw!r}",
            timeout=5_000,
        )
        for height in (700, 620, 560, 520, 480, 440):  # ever shorter phones, upright
            page.set_viewport_size({"width": 390, "height": height})
            page.wait_for_timeout(100)
            scroll = page.evaluate("document.documentElement.scrollHeight")
            assert scroll <= height, f"the page scrolls: {scroll} in {height}"
    finally:
        context.close()


def test_a_move_made_while_the_socket_reconnects_is_not_lost_silently(
    server: str, browser: Any
) -> None:
    """Play pressed while the connection is down says so ("Connection lost,
    reconnecting…") and sends nothing; the move is still there to make once the page is
    back.  (The page reloads to come back: once Playwright's proxy has closed a socket, the
    page's own reconnects never reach it again.)"""
    tid, token = create(server, "pentagrammi")
    routes: list[Any] = []
    down = {"now": False}

    def sockets(ws: Any) -> None:  # Playwright's proxy between the page and the server
        if down["now"]:  # the page's reconnects fail while the connection is down
            ws.close()
            return
        ws.connect_to_server()
        routes.append(ws)

    context, page = open_table(browser, server, tid, token, "en", sockets=sockets)
    page.wait_for_selector('body[data-turn="1"]', timeout=STEP)
    page.click('[data-action="hint"]')
    page.wait_for_selector("#hint", timeout=STEP)
    version = page.evaluate("document.body.dataset.version")
    down["now"] = True
    for ws in routes:
        ws.close()  # the page's side: as a dropped connection
    page.locator(".notice", has_text="Connection lost").wait_for(timeout=STEP)
    page.click('[data-action="play"]')
    page.locator("#alert", has_text="Connection lost").wait_for(timeout=5_000)
    assert page.evaluate("document.body.dataset.version") == version  # nothing was sent
    down["now"] = False
    page.reload()
    page.wait_for_selector('body[data-turn="1"]', timeout=STEP)
    assert page.evaluate("document.body.dataset.version") == version  # the move is still to make
    page.click('[data-action="hint"]')
    page.wait_for_selector("#hint", timeout=STEP)
    page.click('[data-action="play"]')
    wait_version_change(page, version)
    assert not page.errors, page.errors
    context.close()

"""A person plays a whole deal of the real games by clicking (the games that have landed)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import pakka.games
from tests.e2e.conftest import require_browser
from tests.server.conftest import toy  # noqa: F401  (fixture used by `server`)

require_browser()
PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

STEP_TIMEOUT = 30_000


def click_action(page: Any, index: int, action: dict[str, Any]) -> None:
    """Take legal action ``index`` as a person does: its cards, then Play (and a reading)."""
    cards = action.get("cards") or []
    if cards:
        if page.locator("#play-btn").count() == 0:  # one card per move: a click plays it
            page.locator(f'#hand .hand-card.playable[data-card="{cards[0]}"]').first.click(
                timeout=5_000
            )
            return
        for c in cards:
            page.locator(f'#hand .hand-card[data-card="{c}"]:not(.selected)').first.click(
                timeout=5_000
            )
        page.click("#play-btn")
        if page.locator("#choose").count():
            page.click(f'#choose button[data-index="{index}"]')
        return
    button = page.locator(f'#actions button.move[data-index="{index}"]')
    if button.count():
        button.click()
    else:
        page.click(".all-moves summary")
        page.click(f'.all-moves button[data-index="{index}"]')


def pick(game: str, legal: list[dict[str, Any]]) -> int:
    """A reasonable move: Guandan leads its smallest multi-card play when it can."""
    if game == "guandan":
        multi = [i for i, a in enumerate(legal) if len(a.get("cards") or []) >= 2]
        if multi:
            return multi[0]
        plays = [i for i, a in enumerate(legal) if a.get("cards")]
        return plays[0] if plays else 0
    return 0


@pytest.mark.parametrize("game", ["anarchy", "guandan"])
def test_a_person_plays_a_deal(game: str, server: str, browser: Any, shots: Path) -> None:
    if game not in pakka.games.names():
        pytest.skip(f"{game} is not registered yet")
    info = pakka.games.get(game).info
    n = info.default_players
    made = httpx.post(
        f"{server}/api/tables",
        json={
            "game": game,
            "players": n,
            "name": "Ann",
            "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "random"}] * (n - 1),
        },
    ).json()
    tid, token = made["table"]["id"], made["token"]
    context = browser.new_context(locale="en-US", viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table.html?id={tid}#token={token}&seat=0")
    page.wait_for_selector(".ring")
    auth = {"Authorization": f"Bearer {token}"}
    first_deal = None
    clicks = 0
    started = time.monotonic()
    while time.monotonic() - started < 80:
        page.wait_for_function(
            "document.body.dataset.over === '1' || !!document.querySelector('.hand-panel.my-turn')",
            timeout=STEP_TIMEOUT,
        )
        now = httpx.get(f"{server}/api/tables/{tid}/state", headers=auth).json()
        deal = now["observation"]["deal"]
        first_deal = deal if first_deal is None else first_deal
        if deal != first_deal or now["observation"]["result"] is not None:
            break
        shown = page.evaluate("document.body.dataset.version")
        if shown != f"{now['match']}:{now['version']}" or not now["legal_actions"]:
            page.wait_for_timeout(50)
            continue
        index = pick(game, now["legal_actions"])
        try:
            click_action(page, index, now["legal_actions"][index])
        except PlaywrightTimeout:  # the page redrew under the pointer: look again
            continue
        clicks += 1
        if clicks == 3:
            page.screenshot(path=str(shots / f"e2e-{game}-play.png"), full_page=True)
        page.wait_for_function(f"document.body.dataset.version !== {shown!r}", timeout=STEP_TIMEOUT)
    else:
        raise AssertionError(f"the deal did not end in time ({clicks} clicks)")
    page.screenshot(path=str(shots / f"e2e-{game}-deal-end.png"), full_page=True)
    assert clicks >= 5
    assert not errors, errors
    context.close()

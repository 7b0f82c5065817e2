"""A person creates a table with bots in the browser and plays a whole match by clicking."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import require_browser
from tests.server.conftest import toy  # noqa: F401  (fixture)

require_browser()
PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

STEP_TIMEOUT = 30_000


def _play_until_over(page: Any, shots: Path, prefix: str) -> int:
    shot_taken = False
    clicks = 0
    for _ in range(300):
        page.wait_for_function(
            "document.body.dataset.over === '1' || !!document.querySelector('.hand-panel.my-turn')",
            timeout=STEP_TIMEOUT,
        )
        if page.evaluate("document.body.dataset.over") == "1":
            return clicks
        version = page.evaluate("document.body.dataset.version")
        if not shot_taken and page.locator(".hand-card.playable").count():
            page.screenshot(path=str(shots / f"{prefix}-play.png"), full_page=True)
            shot_taken = True
        moves = page.locator("#actions button.move")
        cards = page.locator("#hand .hand-card.playable")
        target = cards.first if cards.count() else moves.first if moves.count() else None
        if target is None:  # caught between two redraws: look again
            page.wait_for_timeout(100)
            continue
        try:
            target.click(timeout=5_000)
        except PlaywrightTimeout:  # the page redrew under the pointer: look again
            continue
        clicks += 1
        page.wait_for_function(
            f"document.body.dataset.version !== {version!r}", timeout=STEP_TIMEOUT
        )
    raise AssertionError("the match did not end")


def test_play_a_match_against_bots_by_clicking(server: str, browser: Any, shots: Path) -> None:
    context = browser.new_context(locale="en-US", viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/?game=toy")
    page.wait_for_selector("#create-btn")
    assert page.locator("h2").first.inner_text() == "Create a table"
    page.select_option("#players", "3")
    page.select_option("#opt-deals", "1")
    page.select_option("#seat-1-kind", "bot")
    page.select_option("#seat-2-kind", "bot")
    page.fill("#name", "Ann")
    page.screenshot(path=str(shots / "e2e-lobby.png"), full_page=True)
    page.click("#create-btn")
    page.wait_for_url("**/table.html?id=*")
    page.wait_for_selector(".ring")

    clicks = _play_until_over(page, shots, "e2e-toy")
    assert clicks >= 5  # a bid and four cards
    page.wait_for_selector("#rematch-btn")
    status = page.locator(".status.over").inner_text()
    assert "The match is over" in status and "Winner" in status
    page.screenshot(path=str(shots / "e2e-toy-over.png"), full_page=True)
    table_url = page.url
    assert page.locator("#replay-link").get_attribute("href").endswith("&match=1")

    page.click("#rematch-btn")  # same seats, the next match
    page.wait_for_function(
        "(document.body.dataset.version || '').startsWith('2:') && document.body.dataset.over !== '1'",
        timeout=STEP_TIMEOUT,
    )
    page.goto(table_url)  # a reconnect shows the same match
    page.wait_for_function(
        "(document.body.dataset.version || '').startsWith('2:')", timeout=STEP_TIMEOUT
    )

    page.goto(table_url.replace("/table.html?id=", "/replay.html?match=1&id="))
    page.wait_for_selector("#step-label")
    page.click("#next")
    page.wait_for_function("document.querySelector('#step-label').textContent.startsWith('Step 1')")
    page.screenshot(path=str(shots / "e2e-replay.png"), full_page=True)
    assert not errors, errors
    context.close()


def test_finnish_phone_view_and_errors(server: str, browser: Any, shots: Path) -> None:
    context = browser.new_context(
        locale="fi-FI", viewport={"width": 390, "height": 844}, device_scale_factor=2
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/?game=toy")
    page.wait_for_selector("#create-btn")
    assert page.locator("h2").first.inner_text() == "Perusta pöytä"
    page.select_option("#players", "2")
    page.select_option("#seat-1-kind", "bot")
    page.fill("#name", "Aino")
    page.click("#create-btn")
    page.wait_for_selector(".hand-panel.my-turn")
    page.screenshot(path=str(shots / "e2e-phone-fi.png"), full_page=True)
    assert "Sinun vuorosi" in page.locator(".status").inner_text()
    # an illegal action sent over the socket comes back as a readable error
    page.evaluate("() => { const b = document.querySelector('#hint-btn'); b.click(); }")
    page.wait_for_selector("#hint")
    assert "Vihje" in page.locator("#hint").inner_text()
    page.click("button.lang")
    assert page.locator(".status").inner_text().count("Your turn") == 1
    assert not errors, errors
    context.close()

"""A person creates a table with bots in the browser and plays a whole match by clicking."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import FAST_PACE, require_browser
from tests.server.conftest import toy  # noqa: F401  (fixture)

require_browser()
PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

STEP_TIMEOUT = 30_000


def _play_until_over(page: Any, shots: Path, prefix: str) -> int:
    """Hint, then Play, through the table's contract (docs/web.md), continuing dialogs."""
    shot_taken = False
    clicks = 0
    for _ in range(300):
        page.wait_for_function(
            "document.body.dataset.over === '1' || document.body.dataset.turn === '1'"
            " || !!document.querySelector('[role=dialog]')",
            timeout=STEP_TIMEOUT,
        )
        if page.evaluate("document.body.dataset.over") == "1":
            return clicks
        dialog = page.locator("[role=dialog]")
        if dialog.count():
            dialog.locator('[data-action="continue"], [data-action="confirm"]').first.click()
            continue
        version = page.evaluate("document.body.dataset.version")
        if not shot_taken:
            page.screenshot(path=str(shots / f"{prefix}-play.png"), full_page=True)
            shot_taken = True
        try:
            page.click('[data-action="hint"]', timeout=5_000)
            page.wait_for_selector("#hint", timeout=STEP_TIMEOUT)
            page.click('[data-action="play"]', timeout=5_000)
        except PlaywrightTimeout:  # a dialog opened, or the page moved on: look again
            continue
        clicks += 1
        page.wait_for_function(
            f"document.body.dataset.version !== {version!r} || !!document.querySelector('[role=dialog]')",
            timeout=STEP_TIMEOUT,
        )
    raise AssertionError("the match did not end")


def test_play_a_match_against_bots_by_clicking(server: str, browser: Any, shots: Path) -> None:
    context = browser.new_context(locale="en-US", viewport={"width": 1100, "height": 900})
    context.add_init_script(FAST_PACE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/?game=toy")
    page.wait_for_selector("#create-btn")
    assert page.locator("h2").first.inner_text() == "Create a table"
    page.select_option("#players", "3")
    # bots play at the level "normal" unless changed, variants are folded away
    assert page.locator("#seat-1-level").input_value() == "normal"
    assert not page.locator("#opt-deals").is_visible()
    page.click("#variant-options summary")
    # a game that brings no words is shown by what its options declare, never a raw name
    deals = page.locator('[data-option="deals"]')
    assert deals.locator("label").inner_text() == "Deals"
    assert deals.locator(".help").inner_text() == "deals in a match · 1–10"
    page.fill("#opt-deals", "1")
    page.dispatch_event("#opt-deals", "change")
    page.select_option("#seat-1-kind", "bot")
    page.select_option("#seat-2-kind", "bot")
    page.fill("#name", "Ann")
    page.screenshot(path=str(shots / "e2e-lobby.png"), full_page=True)
    page.click("#create-btn")
    page.wait_for_url("**/table.html?id=*")
    page.wait_for_selector("#table")

    clicks = _play_until_over(page, shots, "e2e-toy")
    assert clicks >= 5  # a bid and four cards
    page.click('[data-dialog="deal-summary"] [data-action="continue"]')  # then the match's
    page.wait_for_selector('[data-dialog="match-summary"]')
    assert page.locator('[data-dialog="match-summary"] table').count() == 1
    page.click('[data-dialog="match-summary"] [data-action="continue"]')
    page.wait_for_selector('[data-action="new-match"]')
    assert page.locator(".status.over").count() == 1
    page.screenshot(path=str(shots / "e2e-toy-over.png"), full_page=True)
    table_url = page.url
    assert page.locator("#replay-link").get_attribute("href").endswith("&match=1")

    page.click('[data-action="new-match"]')  # same seats, the next match
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
    page.wait_for_selector('body[data-turn="1"]')
    page.screenshot(path=str(shots / "e2e-phone-fi.png"), full_page=True)
    assert page.evaluate("document.documentElement.lang") == "fi"
    assert "Sinun vuorosi" in page.locator("#prompt").inner_text()
    page.click('[data-action="hint"]')
    page.wait_for_selector("#hint")
    assert "Vihje" in page.locator("#hint").inner_text()
    page.click("button.lang")  # the table again, in English
    page.wait_for_function("document.querySelector('#prompt')?.innerText === 'Your turn'")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert not errors, errors
    context.close()


def test_the_lobby_calls_your_own_table_yours_and_links_nowhere_broken(
    server: str, browser: Any
) -> None:
    """Issue 28: your own tables were listed under "Watch", the footer's "API" link gave a
    raw JSON 404, and the seat list said Bot 1 for the table's Bot 2."""
    import httpx

    made = httpx.post(
        server + "/api/tables",
        json={
            "game": "toy",
            "players": 3,
            "name": "Ann",
            "seats": [{"kind": "person"}, {"kind": "bot"}, {"kind": "person"}],
        },
    ).json()
    tid = made["table"]["id"]
    context = browser.new_context(locale="en-US", viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server + "/")
    page.evaluate(
        "([id, seat, token]) => localStorage.setItem('pakka.seat.' + id, "
        "JSON.stringify({seat, token}))",
        [tid, made["seat"], made["token"]],
    )
    page.reload()
    row = page.locator("#tables li", has=page.locator(f'a[href="/table.html?id={tid}"]'))
    row.wait_for()
    assert row.locator("a").inner_text() == "Back to your seat"
    assert "Bot 2" in row.inner_text() and "Bot 1" not in row.inner_text()
    for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
        assert httpx.get(href).status_code == 200, href
    # the invite's waiting list at the table names the same seat the same way
    page.goto(f"{server}/table.html?id={tid}#token={made['token']}&seat={made['seat']}")
    waiting = page.locator(".invite .seatlist li")
    waiting.first.wait_for()
    assert waiting.all_inner_texts()[:2] == ["Ann", "Bot 2"]
    context.close()

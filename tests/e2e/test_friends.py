"""Two people at one table: one creates it, the other joins by the invite link; both play."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import require_browser
from tests.server.conftest import toy  # noqa: F401  (fixture used by `server`)

require_browser()
PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError
STEP_TIMEOUT = 30_000


@pytest.mark.slow  # flaky: about one run in three, neither page offers a move (under investigation)
def test_friends_join_by_invite_link_and_play(server: str, browser: Any, shots: Path) -> None:
    ann_ctx = browser.new_context(locale="en-US", viewport={"width": 900, "height": 900})
    bea_ctx = browser.new_context(locale="fi-FI", viewport={"width": 390, "height": 844})
    ann, bea = ann_ctx.new_page(), bea_ctx.new_page()
    errors: list[str] = []
    for page in (ann, bea):
        page.on("pageerror", lambda e: errors.append(str(e)))
    ann.goto(server + "/?game=toy")
    ann.wait_for_selector("#create-btn")
    ann.select_option("#players", "2")
    ann.select_option("#opt-deals", "1")
    ann.select_option("#seat-1-kind", "person")
    ann.fill("#name", "Ann")
    ann.click("#create-btn")
    ann.wait_for_selector("#invite-link")
    link = ann.locator("#invite-link").inner_text()
    assert "/join/" in link
    ann.screenshot(path=str(shots / "e2e-friends-invite.png"), full_page=True)

    bea.goto(link)
    bea.wait_for_selector("#join-name")
    bea.fill("#join-name", "Bea")
    bea.click("#join-btn")
    for page in (ann, bea):
        page.wait_for_selector(".ring", timeout=STEP_TIMEOUT)
    assert "Bea" in ann.locator(".ring").inner_text()

    deadline = time.monotonic() + 120  # a busy machine redraws slowly: bound by time, not turns
    while time.monotonic() < deadline:
        if ann.evaluate("document.body.dataset.over") == "1":
            break
        acted = False
        for page in (ann, bea):
            if not page.locator(".hand-panel.my-turn").count():
                continue
            version = page.evaluate("document.body.dataset.version")
            cards = page.locator("#hand .hand-card.playable")
            moves = page.locator("#actions button.move")
            target = cards.first if cards.count() else moves.first if moves.count() else None
            if target is None:
                continue
            try:
                target.click(timeout=5_000)
                page.wait_for_function(
                    f"document.body.dataset.version !== {version!r}", timeout=STEP_TIMEOUT
                )
                acted = True
            except PlaywrightTimeout:
                pass
        if not acted:
            ann.wait_for_timeout(100)
    ann.wait_for_function("document.body.dataset.over === '1'", timeout=STEP_TIMEOUT)
    bea.wait_for_function("document.body.dataset.over === '1'", timeout=STEP_TIMEOUT)
    assert "Peli on päättynyt" in bea.locator(".status").inner_text()
    bea.screenshot(path=str(shots / "e2e-friends-over-fi.png"), full_page=True)
    assert not errors, errors
    ann_ctx.close()
    bea_ctx.close()

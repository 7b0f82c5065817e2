"""Your statistics without an account (issue 30): a finished match at a table and a review of
your own play go into this browser's statistics; the page shows them per game with a
chart, exports them as JSON and deletes them."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx

from tests.e2e.conftest import FAST_PACE, require_browser
from tests.e2e.test_practice import _play_hint
from tests.server.conftest import toy  # noqa: F401  (fixture used by `server`)

require_browser()


def _finish_a_match(page: Any, server: str) -> tuple[str, int]:
    r = httpx.post(
        f"{server}/api/tables",
        json={
            "game": "pentagrammi",
            "players": 5,
            "name": "Ann",
            "options": {"deals": 1},
            "bot_delay": 0,
            "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "normal"}] * 4,
        },
    )
    r.raise_for_status()
    made = r.json()
    tid = made["table"]["id"]
    page.goto(f"{server}/table.html?id={tid}#token={made['token']}&seat=0")
    deadline = time.monotonic() + 180
    while page.get_attribute("body", "data-over") != "1":
        assert time.monotonic() < deadline, "the match did not end"
        page.wait_for_selector("body[data-turn='1'], body[data-over='1'], [role=dialog]")
        if page.locator("[role=dialog] [data-action=continue]").count():
            link = page.locator("[role=dialog] a[data-action=review]")  # the summary links
            assert "review.html" in (link.get_attribute("href") or "")  # to the review
            page.click("[role=dialog] [data-action=continue]")
            continue
        if page.get_attribute("body", "data-turn") == "1":
            version = page.get_attribute("body", "data-version")
            _play_hint(page)
            page.wait_for_function(
                f"document.body.dataset.version !== '{version}' || document.body.dataset.over === '1'"
            )
    return tid, 0


def test_statistics_are_kept_shown_exported_and_deleted(server: str, browser: Any) -> None:
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.add_init_script(FAST_PACE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    tid, seat = _finish_a_match(page, server)
    # a review of your own play counts its mistakes
    page.goto(f"{server}/review.html?id={tid}&match=1&seat={seat}")
    page.wait_for_selector("body[data-status=done]", timeout=90_000)
    review = httpx.get(f"{server}/api/tables/{tid}/matches/1/review", params={"seat": seat}).json()
    page.goto(f"{server}/")
    page.click("#stats-link")
    page.wait_for_selector("section[data-game=pentagrammi]")
    section = page.locator("section[data-game=pentagrammi]")
    assert section.locator("[data-stat=played] td").inner_text() == "1"
    assert section.locator("[data-stat=won] td").inner_text() in ("0", "1")
    assert section.locator("[data-stat=reviewed] td").inner_text() == "1"
    assert section.locator("[data-stat=mistakes] td").inner_text() == str(review["mistakes"])
    assert section.locator("svg[data-chart=pentagrammi] [data-series=score]").count() >= 1
    assert section.locator("svg[data-chart=pentagrammi] [data-series=mistakes]").count() >= 1
    assert "null" not in page.inner_text("#stats")
    profile = page.get_attribute("#profile", "data-profile")
    with page.expect_download() as got:
        page.click("[data-action=export]")
    exported = json.loads(Path(got.value.path()).read_text())
    assert exported["profile"] == profile
    assert exported["matches"][0]["game"] == "pentagrammi"
    assert exported["reviews"][0]["mistakes"] == review["mistakes"]
    page.on("dialog", lambda d: d.accept())
    page.click("[data-action=delete]")
    page.wait_for_selector("#no-stats")
    # the old profile's statistics are gone from this browser, not only from the page
    assert page.evaluate("p => localStorage.getItem('pakka.stats.' + p)", profile) is None
    assert page.get_attribute("#profile", "data-profile") != profile
    # in Finnish too
    page.click("[data-action=language]")
    page.wait_for_function("document.documentElement.lang === 'fi'")
    assert "Tilastot" in page.inner_text("h1")
    assert not errors, errors
    context.close()

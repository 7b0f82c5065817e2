"""A game from another package shows its own words and rules in the browser: the lobby's
labels, help and description, the rules page and the table's title, in Finnish."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import _free_port, require_browser
from tests.plugin.conftest import ROOT, environ, site  # noqa: F401  (fixture)

require_browser()

SERVER = """
import uvicorn
from pakka.server.app import Settings, create_app
uvicorn.run(create_app(Settings(db_url={db!r}, bot_delay=0)), host="127.0.0.1", port={port},
            log_level="warning")
"""


@pytest.fixture
def outside_server(site: Path, tmp_path: Path) -> Iterator[str]:  # noqa: F811
    """pakka's server in a process that has ``pakka-toy`` installed."""
    port = _free_port()
    db = f"sqlite:///{tmp_path / 'outside.sqlite3'}"
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER.format(db=db, port=port)], env=environ(site), cwd=ROOT
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{url}/api", timeout=1)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_its_words_and_rules_show_in_the_lobby_rules_page_and_table(
    outside_server: str, browser: Any, shots: Path
) -> None:
    context = browser.new_context(locale="fi-FI", viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(outside_server + "/?game=highlow")
    page.wait_for_selector("#create-btn")
    assert page.locator("#game option:checked").inner_text() == "Ylös vai alas"
    assert "neljä kierrosta yhtä aikaa" in page.locator("#create-form").inner_text()
    page.locator("#variant-options summary").click()
    deals = page.locator('[data-option="deals"]')
    assert deals.locator("label").inner_text() == "Jakoja"
    assert deals.locator(".help").inner_text() == "Montako jakoa ottelussa on · 1–10"
    tie = page.locator('[data-option="tie"]')
    assert tie.locator("label").inner_text() == "Tasapeli kärjessä"
    assert "kukin voittaa itsensä" in tie.locator("select").inner_text()
    page.screenshot(path=str(shots / "e2e-outside-lobby-fi.png"), full_page=True)

    rules = context.new_page()
    rules.goto(outside_server + "/rules.html?game=highlow")
    # the heading names the game once the page has read the game's words
    rules.wait_for_function(
        "document.querySelector('h1').textContent.includes('Ylös vai alas')", timeout=10_000
    )
    assert rules.locator("h1").first.inner_text() == "Säännöt: Ylös vai alas"
    assert "Korkein arvo vie kierroksen" in rules.locator("body").inner_text()

    page.fill("#name", "Anni")
    page.click("#create-btn")
    page.wait_for_url("**/table.html**")
    page.wait_for_function("document.body.dataset.turn === '1'", timeout=30_000)
    assert "Ylös vai alas" in page.locator("body").inner_text()
    page.screenshot(path=str(shots / "e2e-outside-table-fi.png"), full_page=True)
    assert not errors, errors

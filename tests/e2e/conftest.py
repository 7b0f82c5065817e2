"""End-to-end fixtures: a real uvicorn server in a thread, and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("PAKKA_CHROMIUM", "/usr/bin/chromium")
OUT = Path(__file__).resolve().parents[2] / "test-output"


def require_browser() -> None:
    """Skip the calling test module, saying why, when Chromium or Playwright is missing."""
    if not Path(CHROMIUM).exists():
        pytest.skip(
            f"end-to-end browser tests need Chromium at {CHROMIUM} (apt-get install chromium)",
            allow_module_level=True,
        )
    pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    pytest.importorskip("uvicorn", reason="the server extra is not installed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def server(tmp_path: Path, toy: Any, request: pytest.FixtureRequest) -> Iterator[str]:
    import uvicorn

    from pakka.server.app import Settings, create_app
    from pakka.server.limits import Limits

    # a person here asks for a hint at every move, faster than anyone plays: no hint limit,
    # unless the test is marked ``default_limits`` (one hint a turn must never be refused)
    limits = (
        Limits()
        if request.node.get_closest_marker("default_limits")
        else Limits(hints_per_minute=6000, hint_burst=1000)
    )
    db = f"sqlite:///{tmp_path / 'e2e.sqlite3'}"
    app = create_app(Settings(db_url=db, bot_delay=0, limits=limits))
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


FAST_PACE = "localStorage.setItem('pakka.settings', JSON.stringify({pace: 'fast'}))"
"""An init script for a context: the bot-pace setting at fast.  The tests' bots have no
delay, and showing their moves 350 ms apart (the normal pace) only makes a test wait;
test_table's pace test checks the pace itself."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for a module's tests (a launch costs about a second); each test opens
    its own context, so no cookie, storage or page is shared.  Not for the whole session:
    Playwright's sync API keeps its event loop marked as running, and the terminal client's
    tests, which call ``asyncio.run``, then fail on the same worker."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def shots() -> Path:
    OUT.mkdir(exist_ok=True)
    return OUT

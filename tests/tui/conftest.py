"""Pilot tests of the terminal client.

Textual's pilot waits for the app to go idle after every key press, sampling in steps of
``SLEEP_GRANULARITY`` (20 ms).  A whole deal is a few hundred key presses, so the tests
sample in 5 ms steps instead; the client itself is untouched.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual import _wait


@pytest.fixture(autouse=True)
def quick_idle(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(_wait, "SLEEP_GRANULARITY", 1 / 200)
    monkeypatch.setattr(_wait, "SLEEP_IDLE", 1 / 200 / 20)
    yield

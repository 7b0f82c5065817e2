"""Shared test setup for ``tests/`` and the games' own tests (``src/pakka/games/*/tests``):
slow runs are opt-in (``-m slow``, ``-m outside_whole``), and a word missing from the catalogue is an error."""

from __future__ import annotations

import pytest

from pakka import i18n

i18n.strict()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("-m"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    alone = pytest.mark.skip(reason="the whole suite again: run alone with -m outside_whole")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
        elif "outside_whole" in item.keywords:
            item.add_marker(alone)

"""The benchmark code runs and reports what it measured (figures are not asserted)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pakka import plugins
from pakka.bench import clone_and_determinize, random_play, report
from tests.generic.toy import TOY


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    with plugins.registered(TOY):
        yield


def test_random_play_counts_actions_and_matches() -> None:
    t = random_play("toy", seconds=0.2)
    assert t.matches >= 1 and t.actions_per_s > 0 and t.deals_per_s > 0
    assert t.method == "legal_actions + apply"


def test_report_lists_engines_and_costs() -> None:
    costs = clone_and_determinize("toy", positions=5)
    assert set(costs) == {"clone", "determinize"}
    text = report(["toy"], seconds=0.1)
    assert "pakka toy" in text and "clone" in text and "determinize" in text

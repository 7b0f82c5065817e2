"""The bots play move for move as each game's ``tests/golden_moves.json`` records.

A refactor must not change a bot's play.  When a bot is changed on purpose, regenerate the
game's file with ``python -m tests.bots.golden_moves GAME`` and say so in the commit.
"""

from __future__ import annotations

from typing import Any

import pytest

from pakka import plugins
from tests.bots.golden_moves import play, records


def _cases() -> list[Any]:
    cases = []
    for game in plugins.names():
        found = records(game)
        if not found:
            cases.append(pytest.param(None, id=f"{game}-none"))
        for i, record in enumerate(found):
            cases.append(pytest.param(record, id=f"{game}-{i}"))
    return cases


@pytest.mark.parametrize("record", _cases())
def test_bots_play_as_recorded(record: dict[str, Any] | None) -> None:
    if record is None:
        pytest.skip("the game records no golden moves (optional)")
    moves = play(record["case"])
    for step, (got, want) in enumerate(zip(moves, record["moves"], strict=False)):
        assert got == want, f"move {step} differs: {got} != {want}"
    assert len(moves) == len(record["moves"])


def test_every_shipped_game_records_golden_moves() -> None:
    for game in plugins.shipped():
        levels = {level for r in records(game) for level in r["case"]["seats"]}
        assert {"normal", "hard"} <= levels | {"hard" if "hard4" in levels else ""}, game

"""The bots play move for move as recorded in ``golden_moves.json``.

A refactor must not change a bot's play.  When a bot is changed on purpose, regenerate
the file with ``python -m tests.bots.golden_moves`` and say so in the commit.
"""

from __future__ import annotations

import json

import pytest

from tests.bots.golden_moves import CASES, PATH, play

RECORDED = json.loads(PATH.read_text())


@pytest.mark.parametrize("index", range(len(CASES)), ids=lambda i: f"{CASES[i]['game']}-{i}")
def test_bots_play_as_recorded(index: int) -> None:
    case = CASES[index]
    recorded = RECORDED[str(index)]
    assert recorded["case"] == case, "the case changed: regenerate golden_moves.json"
    moves = play(case)
    for step, (got, want) in enumerate(zip(moves, recorded["moves"], strict=False)):
        assert got == want, f"move {step} differs: {got} != {want}"
    assert len(moves) == len(recorded["moves"])

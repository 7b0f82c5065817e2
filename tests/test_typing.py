"""Code written against one game is typed end to end: mypy sees its options, state and view
types through ``pakka.games.get(name, GameClass)``, with no ``Any`` at the seams."""

from __future__ import annotations

from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api")

SNIPPET = """
import pakka.games
from pakka.games.anarchy import AnarchyGame
from pakka.games.guandan import GuandanGame

anarchy = pakka.games.get("anarchy", AnarchyGame)
state = anarchy.new_match(seed=1)
view = state.view(0)
reveal_type(state)
reveal_type(view.table.last_trick)
reveal_type(view.players[0].remaining)
reveal_type(state.options.par)
reveal_type(pakka.games.get("guandan", GuandanGame).new_match().view(1).table.level)
"""


def test_a_game_is_typed_through_the_registry(tmp_path: Path) -> None:
    source = tmp_path / "typed.py"
    source.write_text(SNIPPET)
    out, err, status = mypy_api.run(
        ["--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"), str(source)]
    )
    revealed = [
        line.split("Revealed type is ")[1] for line in out.splitlines() if "Revealed" in line
    ]
    assert status == 0 or all("Revealed" in line for line in out.splitlines()), out + err
    assert revealed[0] == '"pakka.games.anarchy.state.AnarchyState"'
    assert "AnarchyTrickWon" in revealed[1]
    assert "Literal['cards']" in revealed[2]
    assert revealed[3] == '"int"'
    assert revealed[4] == '"str"'
    assert not [r for r in revealed if "Any" in r], revealed

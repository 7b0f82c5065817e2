"""The committed JSON schemas match the pydantic models they are generated from."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

import pakka.games
from pakka.present import present
from pakka.server.schemas import render
from pakka.views import observation_schema

DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol-schemas"


def test_schemas_are_up_to_date() -> None:
    expected = render()
    stale = [
        name
        for name, text in expected.items()
        if not (DOCS / name).is_file() or (DOCS / name).read_text("utf-8") != text
    ]
    extra = sorted(p.name for p in DOCS.glob("*.json") if p.name not in expected)
    assert not stale and not extra, (
        f"docs/protocol-schemas is out of date (stale: {stale}, extra: {extra}); "
        "run: python -m pakka.server.schemas"
    )


def test_every_message_type_has_a_schema() -> None:
    names = set(render())
    for kind in ("action", "hint", "ping"):
        assert f"in-{kind}.json" in names
    for kind in ("hello", "table", "state", "error", "hint", "pong"):
        assert f"out-{kind}.json" in names


@pytest.mark.parametrize("game", pakka.games.names())
def test_observations_and_presentations_match_their_schemas(game: str) -> None:
    """Real observations of every seat, and their presentations, satisfy the generated
    schemas (so a client may trust the documented shapes)."""
    schemas = {name: json.loads(text) for name, text in render().items()}
    g = pakka.games.get(game)
    shape = schemas.get(f"observation-{game}.json")  # shipped games: the committed file
    observation = jsonschema_rs.validator_for(shape or observation_schema(g))
    presentation = jsonschema_rs.validator_for(schemas["present.json"])
    rng = random.Random(5)
    state = g.new_match(seed=5)
    events: list[Any] = []
    for step in range(400):
        if state.is_over():
            break
        if step % 7 == 0:
            for seat in [*range(state.players), None]:
                observation.validate(state.observation(seat))
                shown = present(state.view(seat), events, lang="fi" if step % 2 else "en")
                presentation.validate(shown.to_json())
        seat = rng.choice(sorted(state.to_act()))
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))

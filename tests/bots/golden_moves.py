"""Seeded bot matches whose every move is recorded, so refactors can prove "move for move".

Each game keeps its own record, ``tests/golden_moves.json`` in its folder (for the games
pakka ships, ``src/pakka/games/<game>/tests/golden_moves.json``): a list of
``{"case": ..., "moves": [[seat, action JSON], ...]}``.  ``test_golden_moves.py`` replays
every case of every installed game that brings such a file and compares the moves.
``python -m tests.bots.golden_moves [GAME ...]`` plays the recorded cases again and rewrites
the moves; do it only after a deliberate change of a bot's play, and say so in the commit.
To add a case, add ``{"case": {...}, "moves": []}`` to the file and regenerate.

A case is one match (or its first ``deals`` deals) with a level per seat: ``random``,
``easy``, ``normal``, ``hard`` (the default search) and ``hard4`` (the game's own search
budget cut to 4 worlds, cheap enough for the default test run); ``options`` optional.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from pakka import plugins
from pakka.bots import Bot, Budget, make

FILE = "tests/golden_moves.json"


def path(game: str) -> Path | None:
    """The game's record, if it brings one."""
    found = plugins.resource(game, FILE)
    return None if found is None else Path(str(found))


def records(game: str) -> list[dict[str, Any]]:
    found = path(game)
    return [] if found is None else list(json.loads(found.read_text("utf-8")))


def _bot(game: str, level: str, seed: int) -> Bot:
    if level != "hard4":
        return make(game, level, seed=seed)
    default = make(game, "hard", seed=seed)
    budget = getattr(default, "budget", None) or Budget()
    return make(game, "hard", seed=seed, budget=dataclasses.replace(budget, worlds=4))


def play(case: dict[str, Any]) -> list[list[Any]]:
    """The case's match, as ``[seat, action JSON]`` per move."""
    game = plugins.get(case["game"])
    seats = case["seats"]
    state = game.new_match(players=len(seats), options=case.get("options"), seed=case["seed"])
    bots = [_bot(game.name, level, case["seed"] * 31 + k) for k, level in enumerate(seats)]
    deals = case.get("deals")
    last = None if deals is None else state.deal_number() + deals
    moves: list[list[Any]] = []
    while not state.is_over() and (last is None or state.deal_number() < last):
        for seat in sorted(state.to_act()):
            if state.is_over():
                break
            legal = state.legal_actions(seat)
            action = bots[seat].act(state.observation(seat), legal)
            state.apply(seat, action)
            moves.append([seat, action.to_json()])
    return moves


def write(game: str) -> None:
    """Play the game's recorded cases again and rewrite their moves."""
    target = path(game)
    if target is None:
        raise SystemExit(f"{game} has no {FILE}")
    out = []
    for record in records(game):
        moves = play(record["case"])
        out.append({"case": record["case"], "moves": moves})
        print(f"{game} {record['case']['seats']}: {len(moves)} moves", flush=True)
    text = ",\n".join(json.dumps(r, separators=(",", ":")) for r in out)
    target.write_text(f"[\n{text}\n]\n", "utf-8")


def main(argv: list[str]) -> None:
    for game in argv or [g for g in plugins.names() if path(g) is not None]:
        write(game)


if __name__ == "__main__":
    main(sys.argv[1:])

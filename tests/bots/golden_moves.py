"""Seeded bot matches whose every move is recorded, so refactors can prove "move for move".

``python -m tests.bots.golden_moves`` (re)writes ``tests/bots/golden_moves.json``; the test
``test_golden_moves.py`` replays each case and compares the action logs.  Regenerate only
after a deliberate change of a bot's play, and say so in the commit.

Each case is one match (or its first ``deals`` deals) with a level per seat: ``random``,
``easy``, ``normal``, ``hard`` (the default search) and ``hard4`` (the game's own search
budget cut to 4 worlds, cheap enough for the default test run).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pakka.games
from pakka.bots import Bot, Budget, make

PATH = Path(__file__).with_name("golden_moves.json")

CASES: list[dict[str, Any]] = [
    {"game": "anarchy", "seats": ["normal", "easy", "random", "normal"], "seed": 11},
    {
        "game": "anarchy",
        "seats": ["normal", "normal", "normal"],
        "seed": 12,
        "options": {"pass_three": True},
    },
    {
        "game": "anarchy",
        "seats": ["hard4", "normal", "normal", "normal", "normal"],
        "seed": 13,
        "deals": 2,
    },
    {"game": "pentagrammi", "seats": ["normal", "easy", "normal", "random", "normal"], "seed": 21},
    {
        "game": "pentagrammi",
        "seats": ["hard4", "normal", "normal", "normal", "normal"],
        "seed": 22,
        "deals": 1,
    },
    {"game": "norlanninnakki", "seats": ["normal", "easy", "random"], "seed": 31},
    {
        "game": "norlanninnakki",
        "seats": ["normal", "normal", "normal", "normal", "normal"],
        "seed": 32,
    },
    {
        "game": "norlanninnakki",
        "seats": ["hard4", "normal", "normal", "normal"],
        "seed": 33,
        "deals": 2,
    },
    {"game": "guandan", "seats": ["normal", "easy", "normal", "random"], "seed": 41, "deals": 6},
    {"game": "guandan", "seats": ["normal", "normal", "normal", "normal"], "seed": 42},
    {"game": "guandan", "seats": ["hard4", "normal", "hard4", "normal"], "seed": 43, "deals": 1},
    {"game": "anarchy", "seats": ["hard", "normal", "normal", "normal"], "seed": 14, "deals": 3},
    {
        "game": "pentagrammi",
        "seats": ["hard", "normal", "normal", "normal", "normal"],
        "seed": 23,
        "deals": 3,
    },
    {"game": "norlanninnakki", "seats": ["hard", "normal", "normal"], "seed": 34, "deals": 3},
    {"game": "guandan", "seats": ["hard", "normal", "normal", "normal"], "seed": 44, "deals": 3},
]


def _bot(game: str, level: str, seed: int) -> Bot:
    if level != "hard4":
        return make(game, level, seed=seed)
    default = make(game, "hard", seed=seed)
    budget = getattr(default, "budget", None) or Budget()
    return make(game, "hard", seed=seed, budget=dataclasses.replace(budget, worlds=4))


def play(case: dict[str, Any]) -> list[list[Any]]:
    """The case's match, as ``[seat, action JSON]`` per move."""
    game = pakka.games.get(case["game"])
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


def main() -> None:
    data: dict[str, Any] = {}
    for i, case in enumerate(CASES):
        key = str(i)
        moves = play(case)
        data[key] = {"case": case, "moves": moves}
        print(f"case {i} {case['game']} {case['seats']}: {len(moves)} moves", flush=True)
    PATH.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()

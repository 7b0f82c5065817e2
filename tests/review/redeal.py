"""Deal the unseen cards of a recorded match differently, consistently with what one seat saw.

Swaps two cards of the stacked first deal and keeps the swap only if the whole action log
still replays legally and the seat's observation after every action is the same as before,
while some other seat's differs (so that hidden cards really moved).
"""

from __future__ import annotations

import random
from typing import Any

import pakka.games
from pakka.errors import PakkaError


def _trace(record: dict[str, Any], seats: list[int]) -> list[list[Any]] | None:
    game = pakka.games.get(record["game"])
    try:
        state = game.new_match(
            players=record["players"],
            options=record["options"],
            seed=record["seed"],
            deck=record["deck"],
        )
        out = [[state.observation(s) for s in seats]]
        for entry in record["actions"]:
            state.apply(entry["seat"], game.action_from_json(entry["action"]))
            out.append([state.observation(s) for s in seats])
    except PakkaError:
        return None
    return out


def redeal(record: dict[str, Any], seat: int, swaps: int = 3, tries: int = 4000) -> dict[str, Any]:
    """A copy of ``record`` with up to ``swaps`` cards swapped between hidden places."""
    others = [s for s in range(record["players"]) if s != seat]
    base = _trace(record, [seat, *others])
    assert base is not None
    mine = [row[0] for row in base]
    rng = random.Random(0)
    deck = list(record["deck"])
    done = 0
    current = base
    for _ in range(tries):
        i, j = rng.sample(range(len(deck)), 2)
        if deck[i] == deck[j]:
            continue
        trial = list(deck)
        trial[i], trial[j] = trial[j], trial[i]
        got = _trace({**record, "deck": trial}, [seat, *others])
        if got is None or [row[0] for row in got] != mine:
            continue
        if [row[1:] for row in got] == [row[1:] for row in current]:
            continue  # nothing any seat sees moved: not a change of hidden cards
        deck, current, done = trial, got, done + 1
        if done >= swaps:
            break
    assert done, "no consistent re-deal found"
    return {**record, "deck": deck}

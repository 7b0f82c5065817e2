"""Replays of finished matches, step by step, with a few states kept warm."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pakka.games
from pakka.engine import State


class Replays:
    """A few replay states kept warm so stepping forward does not replay from the start."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self.cache: OrderedDict[tuple[str, int], tuple[State, int]] = OrderedDict()

    def at(self, key: tuple[str, int], record: dict[str, Any], step: int) -> State:
        game = pakka.games.get(record["game"])
        cached = self.cache.pop(key, None)
        if cached is not None and cached[1] <= step:
            state, done = cached
        else:
            state = game.new_match(
                players=record["players"], options=record["options"], seed=record["seed"]
            )
            done = 0
        for item in record["actions"][done:step]:
            state.apply(item["seat"], game.action_from_json(item["action"]))
        self.cache[key] = (state, step)
        while len(self.cache) > self.size:
            self.cache.popitem(last=False)
        return state

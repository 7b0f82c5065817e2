"""The ``random`` level: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence

from pakka.bots.base import JSON, Bot, RandomPolicy
from pakka.engine import Action


class RandomBot(Bot):
    level = "random"

    def act(self, observation: JSON, legal_actions: Sequence[Action]) -> Action:
        return RandomPolicy().choose(observation, legal_actions, self.rng)

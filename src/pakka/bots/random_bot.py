"""The ``random`` level: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence

from pakka.bots.base import Bot, RandomPolicy, View
from pakka.engine import Action


class RandomBot(Bot):
    level = "random"

    def decide(self, view: View, legal_actions: Sequence[Action]) -> Action:
        return RandomPolicy().choose(view, legal_actions, self.rng)

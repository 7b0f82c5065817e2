"""What a bot is: something that picks one of the legal actions from what its seat sees.

A bot sees exactly what its seat may know (the typed view, ``state.view(seat)``) and the
legal actions, nothing else, wherever it runs: arena, server, terminal or RL evaluation.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Protocol

from pakka import plugins
from pakka.engine import Action, Observation, State
from pakka.wire import JSON

View = Observation[Any, Any, Any]
"""Any game's typed view (each heuristic names its own game's view type)."""


class Policy(Protocol):
    """A fast decision rule: the heuristic of one game (also the search bots' rollout)."""

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action: ...


class Bot(ABC):
    """``bot.act(view, legal_actions) -> Action``; seeded bots are reproducible.

    ``act`` also takes an observation's JSON (as a client receives it) and reads it back
    into the game's typed view first.
    """

    level: str = ""

    def __init__(self, game_name: str, seed: int | None = None) -> None:
        self.game_name = game_name
        self.rng = random.Random(seed)

    def act(self, observation: View | JSON, legal_actions: Sequence[Action]) -> Action:
        """Pick one of ``legal_actions`` (never anything else)."""
        if not legal_actions:
            raise ValueError("a bot needs at least one legal action")
        if isinstance(observation, dict):
            observation = plugins.get(self.game_name).view_from_json(observation)
        return self.decide(observation, legal_actions)

    @abstractmethod
    def decide(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The bot's choice among ``legal_actions`` (at least one) for ``view``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game_name!r}, level={self.level!r})"


class RandomPolicy:
    """Uniform choice: the ``random`` level and the fallback rollout."""

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


class PolicyBot(Bot):
    """A bot that follows a policy, making a uniformly random move with probability ``mistakes``."""

    def __init__(
        self,
        game_name: str,
        policy: Policy,
        level: str,
        seed: int | None = None,
        mistakes: float = 0.0,
    ) -> None:
        super().__init__(game_name, seed)
        self.policy = policy
        self.level = level
        self.mistakes = mistakes

    def decide(self, view: View, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if self.mistakes and self.rng.random() < self.mistakes:
            return legal_actions[self.rng.randrange(len(legal_actions))]
        return self.policy.choose(view, legal_actions, self.rng)


def play_to_deal_end(
    state: State[Any, Any], policy: Policy, rng: random.Random, max_steps: int = 10_000
) -> None:
    """Play every seat with ``policy`` until the deal number changes or the match ends."""
    start = state.deal_number()
    for _ in range(max_steps):
        if state.is_over():
            return
        for seat in sorted(state.to_act()):
            if state.is_over():
                return
            legal = state.legal_actions(seat)
            if not legal:
                continue
            action = legal[0] if len(legal) == 1 else policy.choose(state.view(seat), legal, rng)
            state.apply_unchecked(seat, action)
        if state.deal_number() != start:
            return

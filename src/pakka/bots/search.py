"""Determinized search (perfect-information Monte Carlo, PIMC).

For each decision the bot samples worlds consistent with its observation
(``game.determinize``), tries each candidate action in every world, plays the rest of the
deal with the game's heuristic for all seats, and picks the action with the best mean
value.  Card inference comes with ``determinize``: each game resamples hidden cards only
where its observation allows (a seat that failed to follow suit gets none of that suit).

The budget is a number of worlds, so a seeded bot is reproducible; an optional time limit
stops earlier (at the price of reproducibility) where latency matters more.  Candidates are limited to the heuristic's choice plus a random sample
when there are very many legal actions (Guandan leads).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pakka.bots.base import JSON, Bot, Policy, play_to_deal_end
from pakka.engine import Action, Game, State

Value = Callable[[State, int], float]


def score_margin(state: State, seat: int) -> float:
    """Default value: own score minus the mean of the others (higher is better)."""
    scores = state.observation(None)["scores"]
    if not scores:
        return 0.0
    others = [s for i, s in enumerate(scores) if i != seat]
    return float(scores[seat]) - (sum(others) / len(others) if others else 0.0)


@dataclass(frozen=True)
class Budget:
    """``worlds`` sampled per decision; ``seconds`` (optional) stops earlier, after two worlds."""

    worlds: int = 24
    seconds: float | None = None
    max_candidates: int = 12


class PimcBot(Bot):
    """The ``hard`` level: PIMC over ``determinize`` with the heuristic as rollout policy."""

    level = "hard"

    def __init__(
        self,
        game: Game,
        policy: Policy,
        value: Value = score_margin,
        seed: int | None = None,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(game.name, seed)
        self.game = game
        self.policy = policy
        self.value = value
        self.budget = budget or Budget()
        self.last_stats: dict[str, float] = {}

    def candidates(self, obs: JSON, legal: Sequence[Action]) -> list[Action]:
        if len(legal) <= self.budget.max_candidates:
            return list(legal)
        first = self.policy.choose(obs, legal, self.rng)
        rest = [a for a in legal if a != first]
        return [first, *self.rng.sample(rest, self.budget.max_candidates - 1)]

    def act(self, observation: JSON, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = observation["seat"]
        cands = self.candidates(observation, legal_actions)
        totals = [0.0] * len(cands)
        limit = self.budget.seconds
        deadline = None if limit is None else time.perf_counter() + limit
        worlds = 0
        while worlds < self.budget.worlds and (
            deadline is None or worlds < 2 or time.perf_counter() < deadline
        ):
            world = self.game.determinize(observation, self.rng)
            for i, action in enumerate(cands):
                sim = world.clone()
                sim.apply_unchecked(seat, action)
                play_to_deal_end(sim, self.policy, self.rng)
                totals[i] += self.value(sim, seat)
            worlds += 1
        self.last_stats = {"worlds": worlds, "candidates": len(cands)}
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]


def rollout_value(
    game: Game, state: State, seat: int, policy: Policy, value: Value, rng: random.Random
) -> float:
    """Value of ``state`` for ``seat`` after playing the deal out (used by tests and hints)."""
    sim = state.clone()
    play_to_deal_end(sim, policy, rng)
    return value(sim, seat)

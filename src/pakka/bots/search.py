"""Determinized search (perfect-information Monte Carlo, PIMC).

For each decision the bot samples worlds consistent with its observation
(``game.determinize``), tries each candidate action in every world, plays the rest of the
deal with the game's heuristic for all seats, and compares the candidates' values.  Card
inference comes with ``determinize``: each game resamples hidden cards only where its
observation allows (a seat that failed to follow suit gets none of that suit).

Two things keep the search from doing worse than the heuristic it rolls out with:

* **common random numbers**: in one world every candidate is played out with the same
  random stream, so the candidates differ only by their own consequences, not by luck;
* **a paired test**: the first candidate is the heuristic's own move; another candidate is
  played only when its mean advantage over that move, world by world, is more than
  ``Budget.confidence`` standard errors.  Rollout noise then cannot pick a worse card.

The budget is a number of worlds, so a seeded bot is reproducible; an optional time limit
stops earlier (at the price of reproducibility) where latency matters more.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pakka.bots.base import Bot, Policy, View, play_to_deal_end
from pakka.bots.belief import Chain, Evidence, WorldChain, sample_worlds
from pakka.engine import Action, Game, State

Value = Callable[[State[Any, Any], int], float]
"""How good the end of a deal is for a seat (higher is better)."""


def score_margin(state: State[Any, Any], seat: int) -> float:
    """Default value: own score minus the mean of the others (higher is better)."""
    scores = state.view(None).scores
    if not scores:
        return 0.0
    others = [s for i, s in enumerate(scores) if i != seat]
    return float(scores[seat]) - (sum(others) / len(others) if others else 0.0)


@dataclass(frozen=True)
class Budget:
    """``worlds`` sampled per decision; ``seconds`` (optional) stops earlier, after two worlds.

    ``confidence``: how many standard errors a candidate's mean advantage over the
    heuristic's move must reach before the bot plays it (0 = the best mean wins).

    ``belief``: the worlds are weighted by what the players did (:mod:`pakka.bots.belief`):
    each batch of ``worlds`` is resampled from ``belief`` worlds of ``determinize`` in
    proportion to the likelihood of the others' actions under the game's player model (the
    kit's ``evidence``); 0 (the default), or a game without a model: plain ``determinize``.

    ``chain``: the worlds are drawn by a Metropolis chain over the player model's posterior
    (:class:`pakka.bots.belief.WorldChain`, the kit's ``chain``) after ``chain`` steps of
    burn-in, one world every ``Chain.thin`` steps, a new chain for each batch of
    ``worlds`` (started where the last one stopped when the game's model can carry a
    world to the new view); 0 (the default), or a game without a chain model: ``belief``
    or plain ``determinize``.

    ``max_worlds``: while the decision is :func:`undecided` after ``worlds`` worlds (a
    candidate looks better than the heuristic's move but has not cleared ``confidence``),
    sample ``worlds`` more at a time, up to ``max_worlds`` in all.  The time goes to the
    close decisions, where more worlds can change the move, and not to the clear ones.
    """

    worlds: int = 24
    seconds: float | None = None
    max_candidates: int = 12
    confidence: float = 1.0
    max_worlds: int = 0
    belief: int = 0
    chain: int = 0

    @classmethod
    def parse(cls, text: str) -> Budget:
        """A budget from ``worlds,candidates[,confidence][,name=value...]`` (the benchmarks'
        ``--budget``); the named parts are ``seconds``, ``max_worlds``, ``belief`` and ``chain``.

        >>> Budget.parse("8,3,2,max_worlds=24")
        Budget(worlds=8, seconds=None, max_candidates=3, confidence=2.0, max_worlds=24, belief=0, chain=0)
        """
        kinds: dict[str, type[int] | type[float]] = {
            "worlds": int,
            "max_candidates": int,
            "confidence": float,
            "seconds": float,
            "max_worlds": int,
            "belief": int,
            "chain": int,
        }
        named = ("seconds", "max_worlds", "belief", "chain")
        positional: list[str] = []
        parts: dict[str, str] = {}
        for part in text.split(","):
            name, eq, value = (x.strip() for x in part.partition("="))
            if not eq:
                positional.append(name)
            elif name in named:
                parts[name] = value
            else:
                raise ValueError(f"unknown budget part {name!r}; allowed: {', '.join(named)}")
        if not 2 <= len(positional) <= 3:
            raise ValueError(f"budget {text!r}: give worlds,candidates[,confidence]")
        parts.update(zip(("worlds", "max_candidates", "confidence"), positional, strict=False))
        kwargs: dict[str, Any] = {}
        for name, value in parts.items():
            try:
                kwargs[name] = kinds[name](value)
            except ValueError:
                kind = "a whole number" if kinds[name] is int else "a number"
                raise ValueError(f"budget {text!r}: {name} must be {kind}, not {value!r}") from None
        return cls(**kwargs)


def pick(values: Sequence[Sequence[float]], confidence: float) -> int:
    """Index of the candidate to play from ``values[world][candidate]`` (0 = the default).

    A candidate replaces candidate 0 only if its mean paired advantage exceeds
    ``confidence`` standard errors of that advantage.

    >>> pick([[0, 1], [0, 1], [0, 1]], 1.0)  # always better: no variance at all
    1
    >>> pick([[0, 3], [0, -2], [0, 1]], 1.0)  # better on average, but within the noise
    0
    >>> pick([[0, 3], [0, -2], [0, 1]], 0.0)
    1
    """
    best, best_mean = 0, 0.0
    for i, (mean, error) in enumerate(_advantages(values), start=1):
        if mean <= best_mean or mean <= confidence * error:
            continue
        best, best_mean = i, mean
    return best


def undecided(values: Sequence[Sequence[float]], confidence: float) -> bool:
    """Whether more worlds could change the move: no candidate has cleared ``confidence``
    standard errors yet, but one is at least half-way there.

    >>> undecided([[0, 3], [0, 0], [0, 1]], 2.0)  # advantage 1.33, standard error 0.88
    True
    >>> undecided([[0, 3], [0, -2], [0, 1]], 2.0)  # advantage 0.67, error 1.45
    False
    >>> undecided([[0, 1], [0, 1], [0, 1]], 2.0)  # cleared already
    False
    """
    promising = False
    for mean, error in _advantages(values):
        if mean <= 0:
            continue
        if mean > confidence * error:
            return False
        promising = promising or mean >= 0.5 * confidence * error
    return promising


def _advantages(values: Sequence[Sequence[float]]) -> list[tuple[float, float]]:
    """Each candidate's mean paired advantage over candidate 0 and its standard error
    (infinite from one world: one world proves nothing)."""
    n = len(values)
    out = []
    for i in range(1, len(values[0]) if values else 0):
        diffs = [row[i] - row[0] for row in values]
        mean = sum(diffs) / n
        if n > 1:
            error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        else:
            error = math.inf
        out.append((mean, error))
    return out


class PimcBot(Bot):
    """The ``hard`` level: PIMC over ``determinize`` with the heuristic as rollout policy."""

    level = "hard"
    streams = True
    """Draw a random stream per world for the rollouts (a deterministic rollout needs none,
    and then a seeded bot samples the same worlds whether or not it draws one)."""

    def __init__(
        self,
        game: Game[Any, Any],
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
        self.last_ranking: list[Action] = []
        """The last decision's candidates, best first: the one played, then the others by
        their mean value (a hint offers them as alternatives)."""
        self.evidence: Evidence | None = None
        """The game's player model (the kit's ``evidence``), used when ``Budget.belief``."""
        self.chain: Chain | None = None
        """The game's chain model (the kit's ``chain``), used when ``Budget.chain``."""
        self._worlds: list[State[Any, Any]] = []
        self._carried: tuple[int | None, State[Any, Any]] | None = None
        """The seat and the last chain's world, where the next chain starts when the game's
        chain model can carry it to the new view (``Chain.carry``)."""

    def world(self, observation: View, budget: Budget) -> State[Any, Any]:
        """The next world to play out: ``determinize``'s; with ``budget.chain`` one of a batch
        drawn by a new chain (:class:`pakka.bots.belief.WorldChain`, starting where the last
        one stopped when the game's ``Chain.carry`` can take that world to this view); with
        ``budget.belief`` one of a batch resampled by the player model
        (:func:`pakka.bots.belief.sample_worlds`)."""
        if budget.chain and self.chain is not None:
            if not self._worlds:  # a new chain for each batch
                carry, last = self.chain.carry, self._carried
                start = None
                if carry is not None and last is not None and last[0] == observation.seat:
                    start = carry(last[1], observation, self.rng)
                chain = WorldChain(
                    self.game, observation, self.rng, self.chain, budget.chain, start=start
                )
                self._worlds = chain.draw(budget.worlds)
                if carry is not None:
                    self._carried = (observation.seat, chain.world)
            return self._worlds.pop()
        if not budget.belief or self.evidence is None:
            fresh: State[Any, Any] = self.game.determinize(observation, self.rng)
            return fresh
        if not self._worlds:
            self._worlds = sample_worlds(
                self.game, observation, self.rng, budget.worlds, self.evidence, budget.belief
            )
        return self._worlds.pop()

    def candidates(self, obs: View, legal: Sequence[Action]) -> list[Action]:
        """The actions to compare, the heuristic's move first (subclasses rank their own)."""
        first = self.policy.choose(obs, legal, self.rng)
        rest = [a for a in legal if a != first]
        if len(legal) > self.budget.max_candidates:
            rest = self.rng.sample(rest, self.budget.max_candidates - 1)
        return [first, *rest]

    def rollout(self, sim: State[Any, Any], rng: random.Random) -> None:
        """Play ``sim`` to the end of the deal (games with a faster path override this)."""
        play_to_deal_end(sim, self.policy, rng)

    def budget_for(self, obs: View) -> Budget:
        """The budget of this decision (a game may spend more where play-outs are short)."""
        return self.budget

    def decide(self, observation: View, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = observation.seat
        assert seat is not None, "a spectator does not act"
        cands = self.candidates(observation, legal_actions)
        if len(cands) == 1:
            self.last_stats = {"worlds": 0, "candidates": 1}
            self.last_ranking = list(cands)
            return cands[0]
        budget = self.budget_for(observation)
        values: list[list[float]] = []
        limit = budget.seconds
        deadline = None if limit is None else time.perf_counter() + limit
        target = budget.worlds
        self._worlds = []
        while deadline is None or len(values) < 2 or time.perf_counter() < deadline:
            if len(values) >= target:
                if target >= budget.max_worlds or not undecided(values, budget.confidence):
                    break
                target = min(target + budget.worlds, budget.max_worlds)
            world = self.world(observation, budget)
            stream = self.rng.getrandbits(64) if self.streams else 0
            row = []
            for action in cands:
                sim = world.clone()
                sim.apply_unchecked(seat, action)
                self.rollout(sim, random.Random(stream))
                row.append(self.value(sim, seat))
            values.append(row)
        best = pick(values, budget.confidence)
        self.last_stats = {"worlds": len(values), "candidates": len(cands), "changed": best}
        means = [sum(row[i] for row in values) / len(values) for i in range(len(cands))]
        others = sorted((i for i in range(len(cands)) if i != best), key=lambda i: -means[i])
        self.last_ranking = [cands[best], *(cands[i] for i in others)]
        return cands[best]


def rollout_value(
    game: Game[Any, Any],
    state: State[Any, Any],
    seat: int,
    policy: Policy,
    value: Value,
    rng: random.Random,
) -> float:
    """Value of ``state`` for ``seat`` after playing the deal out (used by tests and hints)."""
    sim = state.clone()
    play_to_deal_end(sim, policy, rng)
    return value(sim, seat)

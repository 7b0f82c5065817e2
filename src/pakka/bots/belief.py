"""Worlds weighted by what the players did: importance resampling of determinized worlds.

``game.determinize(view, rng)`` deals the unseen cards at random, constrained only by what
the seat knows for certain (hand sizes, cards seen, voids shown).  But every pass, lead and
follow tells more: a player who passed on a cheap beat probably could not make it.  A
game's bot kit may bring an ``evidence(world, view)``: the log-likelihood, in that world,
of the other seats' observed actions under a model of the players (each game's heuristic
turned into a softmax over its own scores, with a floor so that no move is impossible).
:func:`sample_worlds` draws ``pool`` worlds from ``determinize`` and keeps ``n`` of them,
drawn in proportion to their likelihood (without replacement, so they stay distinct), so
the search spends its play-outs on the worlds the play so far makes
likely.  The search uses it when its ``Budget.belief`` (the pool size) is set and the
game's kit has an ``evidence``.

Late in a deal the posterior is too narrow for a blind pool (of 200 Pentagrammi worlds
after seven tricks, two hold nearly all the weight), so :class:`WorldChain` walks to the
likely worlds instead: a Metropolis chain whose steps are the game's symmetric proposal
(the kit's ``chain``, used when ``Budget.chain`` is set).

Guarantees (tested): every kept world is one ``determinize`` produced, or a chain's
proposal from one (so it never contradicts what the seat knows), and every world the
model finds possible has a weight above zero (the floor), so none is ruled out, only made
less frequent.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pakka.bots.base import View
from pakka.engine import Game, State

__all__ = [
    "THIN",
    "Carry",
    "Chain",
    "Evidence",
    "Proposal",
    "WorldChain",
    "log_weights",
    "normalized",
    "resample",
    "sample_worlds",
    "weighted_distinct",
]

Evidence = Callable[[State[Any, Any], View], float]
"""``evidence(world, view)``: log-likelihood of the other seats' observed actions in
``world`` (a full state consistent with ``view``); ``-inf`` only for a world the model
rules out."""


Proposal = Callable[[State[Any, Any], View, random.Random], "State[Any, Any] | None"]
"""``propose(world, view, rng)``: a new world next to ``world``, as consistent with ``view``
(for a trick game: one hidden card swapped between two other seats), or ``None`` when the
draw breaks what the seat knows (then the chain stays where it is).  The proposal must be
symmetric: going back is as likely as coming."""

Carry = Callable[[State[Any, Any], View, random.Random], "State[Any, Any] | None"]
"""``carry(old, view, rng)``: a world consistent with ``view`` that keeps where ``old`` (a
world of an earlier decision of the same seat) put the cards still hidden, as far as
``view`` allows; ``None`` when ``old`` says nothing about ``view`` (another deal or
match)."""

THIN: int = 8
"""Chain steps between two worlds the search plays out (neighbouring worlds share most
cards; eight swaps apart they differ in several)."""


@dataclass(frozen=True)
class Chain:
    """A game's model for :class:`WorldChain`: the likelihood of what the others did in a
    world and the step between worlds."""

    evidence: Evidence
    propose: Proposal
    thin: int = THIN
    """Steps between two worlds handed out (a game whose evidence is dear takes fewer)."""
    carry: Carry | None = None
    """Where a new chain starts: from the last chain's world, carried to the new view, so
    that the walk goes on across a deal's decisions (``None``: at ``determinize``'s)."""


class WorldChain:
    """Worlds drawn from the player model's posterior by a Metropolis chain.

    Importance resampling (:func:`sample_worlds`) keeps the likelier worlds of a small pool
    drawn blind; late in a deal the posterior is so narrow that a pool of hundreds holds one
    or two likely worlds (docs/bots.md).  The chain walks instead: it starts at a world of
    ``determinize`` (or at ``start``, a world consistent with ``view``), proposes a
    neighbour, moves there with probability ``min(1, likelihood ratio)``, and after
    ``burn`` steps hands out every ``model.thin``-th world (:data:`THIN` unless the game
    says otherwise).  Every world it visits is ``determinize``'s, ``start`` or a
    proposal's, so none contradicts what the seat knows, and the floor of the game's model
    keeps every possible world reachable.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        view: View,
        rng: random.Random,
        model: Chain,
        burn: int,
        start: State[Any, Any] | None = None,
    ) -> None:
        self.view = view
        self.rng = rng
        self.model = model
        self.world: State[Any, Any] = start if start is not None else game.determinize(view, rng)
        self.logw = model.evidence(self.world, view)
        self.accepted = 0
        """Moves made so far (a chain that never moves is only ``determinize``)."""
        self._walk(burn)

    def _walk(self, steps: int) -> None:
        for _ in range(steps):
            new = self.model.propose(self.world, self.view, self.rng)
            if new is None:
                continue
            logw = self.model.evidence(new, self.view)
            if logw >= self.logw or self.rng.random() < math.exp(logw - self.logw):
                self.world, self.logw = new, logw
                self.accepted += 1

    def draw(self, n: int) -> list[State[Any, Any]]:
        """The next ``n`` worlds, ``model.thin`` steps apart (copies: each may be played on)."""
        out = []
        for _ in range(n):
            self._walk(self.model.thin)
            out.append(self.world.clone())
        return out


def log_weights(worlds: Sequence[State[Any, Any]], view: View, evidence: Evidence) -> list[float]:
    """Each world's log-likelihood under ``evidence``."""
    return [evidence(w, view) for w in worlds]


def normalized(logw: Sequence[float]) -> list[float]:
    """Weights summing to 1 from log-weights (uniform if all are ``-inf``).

    >>> [round(w, 3) for w in normalized([0.0, math.log(3)])]
    [0.25, 0.75]
    """
    top = max(logw) if logw else 0.0
    if top == -math.inf:
        return [1.0 / len(logw)] * len(logw)
    raw = [math.exp(x - top) for x in logw]
    total = sum(raw)
    return [x / total for x in raw]


def resample(weights: Sequence[float], n: int, rng: random.Random) -> list[int]:
    """``n`` indices drawn in proportion to ``weights`` (systematic resampling: one random
    offset, then even steps, so a world of weight ``w`` is kept ``n * w`` times, rounded up
    or down).

    >>> resample([0.5, 0.5], 4, random.Random(1))
    [0, 0, 1, 1]
    """
    step = 1.0 / n
    u = rng.random() * step
    out: list[int] = []
    cum = 0.0
    i = 0
    for k in range(n):
        target = u + k * step
        while i < len(weights) - 1 and cum + weights[i] <= target:
            cum += weights[i]
            i += 1
        out.append(i)
    return out


def sample_worlds(
    game: Game[Any, Any],
    view: View,
    rng: random.Random,
    n: int,
    evidence: Evidence,
    pool: int = 24,
    distinct: bool = True,
) -> list[State[Any, Any]]:
    """``n`` worlds for ``view``: ``pool`` drawn by ``game.determinize``, kept in proportion
    to ``evidence``.  ``distinct`` (the default): ``n`` different worlds, drawn without
    replacement; otherwise systematic resampling, where a likely world may be kept several
    times (cloned, so each may be played on).  The search needs distinct worlds: its paired
    test counts every world as independent evidence, and copies of one world would shrink
    its standard error and let noise switch the move (measured: docs/bots.md)."""
    drawn = [game.determinize(view, rng) for _ in range(max(1, pool))]
    weights = normalized(log_weights(drawn, view, evidence))
    if distinct and len(drawn) >= n:
        return [drawn[i] for i in weighted_distinct(weights, n, rng)]
    picks = resample(weights, n, rng)
    seen: set[int] = set()
    out: list[State[Any, Any]] = []
    for i in picks:
        out.append(drawn[i].clone() if i in seen else drawn[i])
        seen.add(i)
    return out


def weighted_distinct(weights: Sequence[float], n: int, rng: random.Random) -> list[int]:
    """``n`` distinct indices, drawn one after another in proportion to ``weights`` among
    those not yet drawn (Efraimidis-Spirakis keys ``log(u) / w``).

    >>> sorted(weighted_distinct([0.7, 0.1, 0.2], 3, random.Random(0)))
    [0, 1, 2]
    """
    keys = []
    for i, w in enumerate(weights):
        u = rng.random() or 1e-300
        keys.append((math.log(u) / w if w > 0 else -math.inf, i))
    keys.sort(reverse=True)
    return [i for _, i in keys[:n]]

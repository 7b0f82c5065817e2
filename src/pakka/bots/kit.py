"""A game's bot kit: the parts of its bots, one typed value its plug-in names.

A game's bots module (``pakka/games/<game>/bots.py``) exports ``KIT = BotKit(policy=...)``
and its plug-in names it as ``bots`` (see :mod:`pakka.plugins`).  Every part but
the policy is optional, and a misspelt part is a ``TypeError`` when the kit is built, not
a silently ignored attribute.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pakka.bots.base import Policy, RandomPolicy
from pakka.bots.belief import Chain, Evidence
from pakka.bots.search import Budget, PimcBot, Value, score_margin
from pakka.engine import Action

Explain = Callable[[Any, Action, str], str]
"""``explain(view, action, lang)``: one line for a hint, in the person's language."""


@dataclass(frozen=True)
class ReviewScale:
    """How a review (:mod:`pakka.review`) rates the game's decisions: the losses, in the
    unit of the kit's ``value``, that make an inaccuracy and a mistake, the word for that
    unit, and the worlds each decision is searched in.  The defaults are for a game whose
    scale pakka cannot know."""

    inaccuracy: float = 1.0
    mistake: float = 3.0
    unit: str = "review_unit_points"
    """Catalogue key of the unit's word (``review_unit_points``, ``review_unit_levels``)."""
    worlds: int = 8
    """Worlds sampled a decision: a fixed count, not a time limit, so that a review is
    reproducible and cacheable (measured by ``benchmarks/review_speed.py``)."""
    worlds_total: int | None = None
    """At most this many worlds for a whole match: a long match gets fewer a decision,
    down to ``pakka.review.analysis.MIN_WORLDS``, so that its review keeps to its time.
    The count of the seat's own decisions is something the seat knows: no hidden card
    leaks through it."""


@dataclass(frozen=True)
class BotKit:
    """The parts of one game's bots."""

    policy: Policy
    """The heuristic: the ``normal`` level (``easy`` adds mistakes)."""
    rollout: Policy | None = None
    """A cheaper policy for the search's play-outs (default: ``policy``)."""
    value: Value = score_margin
    """How good the end of a deal is for a seat (the search compares candidates by it)."""
    explain: Explain | None = None
    """One line for a hint (default: a generic sentence)."""
    budget: Budget | None = None
    """The ``hard`` search's default budget (default: :class:`Budget`'s)."""
    search: type[PimcBot] = PimcBot
    """The ``hard`` level's class (a :class:`PimcBot` that may rank its own candidates)."""
    evidence: Evidence | None = None
    """The player model that weights the search's worlds when its ``Budget.belief`` is set
    (:mod:`pakka.bots.belief`): the log-likelihood of the others' actions in a world."""
    chain: Chain | None = None
    """The model of the Metropolis chain over worlds, used when the search's
    ``Budget.chain`` is set (:class:`pakka.bots.belief.WorldChain`)."""
    review: ReviewScale = ReviewScale()
    """How a review rates a decision of this game (default: :class:`ReviewScale`'s)."""
    value_scale: float | None = None
    """A large swing of ``value`` (Guandan: 3 levels, a double win): self-play training
    (:mod:`pakka.bots.train`) divides its targets by it.  ``None``: measured from the
    heuristic's own deals when a run starts."""

    @property
    def rollout_policy(self) -> Policy:
        return self.policy if self.rollout is None else self.rollout


RANDOM_KIT = BotKit(policy=RandomPolicy())
"""The kit of a game that brings none: every level plays at random (``hard`` searches with
random play-outs)."""

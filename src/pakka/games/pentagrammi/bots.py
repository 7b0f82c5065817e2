"""Pentagrammi's bot kit: the heuristic (:mod:`~pakka.games.pentagrammi.heuristic`), the
``hard`` search over its favourite actions, the deal-end value, the hint line and the player
model for weighted worlds (:mod:`~pakka.games.pentagrammi.belief`).

``value`` is the deal-end value for the search bot: the margin over the mean of the other
seats plus half the margin over the best other seat (a match is won by the top total).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pakka.bots.kit import BotKit, ReviewScale
from pakka.bots.search import Budget, PimcBot
from pakka.engine import Action, State
from pakka.games.pentagrammi import PassCards, PentagrammiView, Play
from pakka.games.pentagrammi.belief import CHAIN, evidence
from pakka.games.pentagrammi.heuristic import (
    PentagrammiPolicy,
    _View,
    ranked_actions,
    rollout,
    score_play,
)
from pakka.games.pentagrammi.state import PentagrammiState
from pakka.i18n import t

BUDGET = Budget(worlds=16, max_candidates=6, max_worlds=64, chain=100)
"""A rollout plays the rest of an 11-trick deal for five seats (about 1.2 ms on one core,
:func:`~pakka.games.pentagrammi.heuristic.rollout`).  Sixteen worlds over the heuristic's
six favourite actions, and up to 64 worlds for a close call (``max_worlds``), drawn by a
Metropolis chain over the player model's posterior (``chain``: 100 steps of burn-in, a new
chain for each batch; :data:`~pakka.games.pentagrammi.belief.CHAIN`): CPU a decision
median 0.23 s, p95 0.54 s.  In whole five-deal games one ``hard`` among four ``normal``
won 31.8 % with the chain against 28.7 % without it on the same 600 games of three
untuned seed sets (parity 20 %; docs/bots.md, "a chain over worlds")."""


class PentagrammiSearch(PimcBot):
    """PIMC over the heuristic's favourite actions only (the kit's search class), with the
    heuristic's fast play-outs (:func:`~pakka.games.pentagrammi.heuristic.rollout`)."""

    def candidates(self, obs: PentagrammiView, legal: Sequence[Action]) -> list[Action]:
        return ranked_actions(obs, legal)[: self.budget.max_candidates]

    def rollout(self, sim: State[Any, Any], rng: random.Random) -> None:
        if isinstance(self.policy, PentagrammiPolicy) and isinstance(sim, PentagrammiState):
            rollout(sim)  # the same moves as the generic path, about twice as fast
        else:
            super().rollout(sim, rng)


WIN_BONUS = 3.0
"""Added to the value when the rollout ends the match with this seat alone in first place
(the tie-break included): winning is what counts, not the margin."""


def value(state: State[Any, Any], seat: int) -> float:
    """Deal-end value: margin over the others' mean plus half the margin over the best,
    plus :data:`WIN_BONUS` if the match is over and ``seat`` won it."""
    obs = state.view(None)
    scores = obs.scores
    others = [float(s) for i, s in enumerate(scores) if i != seat]
    own = float(scores[seat])
    v = own - sum(others) / len(others) + 0.5 * (own - max(others))
    result = obs.result
    if result is not None and result.winners == [seat]:
        v += WIN_BONUS
    return v


def explain(obs: PentagrammiView, action: Action, lang: str = "en") -> str:
    """One line on why ``action`` is a good move here."""
    view = _View(obs)
    if isinstance(action, PassCards):
        return t("pg_hint_pass", lang, left=action.left.pretty(), right=action.right.pretty())
    if not isinstance(action, Play):
        return t("hint_generic", lang)
    kind = score_play(view, action.card)[1]
    return t(f"pg_hint_{kind}", lang, card=action.card.pretty())


KIT = BotKit(
    policy=PentagrammiPolicy(),
    value=value,
    explain=explain,
    budget=BUDGET,
    search=PentagrammiSearch,
    evidence=evidence,
    chain=CHAIN,
    # a point a trick, five tricks a deal
    review=ReviewScale(inaccuracy=0.4, mistake=1.0, worlds=32),
)

"""The ``hard`` level: PIMC over the heuristic's favourite moves, with fast rollouts.

A rollout plays the deal out with the heuristic at every seat straight on the full state
(:func:`rollout`: no legal lists, no views in the play phase); :func:`value` scores the
deal's end for a seat's team.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pakka.bots.search import Budget, PimcBot
from pakka.engine import Action, State
from pakka.games.guandan import GuandanState, GuandanView
from pakka.games.guandan.bots.policy import (
    PAKKA,
    Style,
    canonical_actions,
    decide,
    fast_action,
    ranked_actions,
)
from pakka.games.guandan.rules import PLAYERS


def rollout(
    state: GuandanState, max_steps: int = 2_000, styles: Sequence[Style] | None = None
) -> None:
    """Play the deal out with the heuristic at every seat (the search's fast rollout).

    The same moves as ``play_to_deal_end(state, KIT.policy, rng)`` (the heuristic draws no
    random numbers), several times faster: in the play phase :func:`fast_action` chooses
    and :meth:`~pakka.engine.State.apply_unchecked` applies, with no legal list and no
    view; only tribute returns go through the legal actions.  ``styles[seat]``: how each
    seat plays (default: pakka's heuristic everywhere).
    """
    start = state.deal_no
    for _ in range(max_steps):
        if state.winner is not None or state.deal_no != start:
            return
        if state.phase == "return":
            for seat in sorted(state.to_act()):
                legal = state.legal_actions(seat)
                if len(legal) == 1:
                    action = legal[0]
                else:
                    action = decide(state.view(seat), legal)[0]
                state.apply_unchecked(seat, action)
            continue
        seat = state.turn
        style = PAKKA if styles is None else styles[seat]
        state.apply_unchecked(seat, fast_action(state, seat, style))


class GuandanSearch(PimcBot):
    """PIMC over the heuristic's favourite actions, with fast rollouts (the kit's search).

    As :class:`~pakka.bots.search.PimcBot` (common worlds, the paired test of ``pick``), but
    each candidate is played out with :func:`rollout` (no legal lists, no views) instead of
    ``play_to_deal_end``; both play the same moves, since the rollout policy is the
    deterministic heuristic (so no random stream is drawn per world).
    """

    streams = False
    opponent_style: Style = PAKKA
    """How the play-outs have the other team play (pakka's heuristic unless a model of the
    opponents says otherwise; ``benchmarks/rulebots.py --opponent-style``)."""
    _styles: tuple[Style, ...] | None = None

    def budget_for(self, obs: GuandanView) -> Budget:
        """In the endgame (:data:`ENDGAME_CARDS` or fewer cards in all hands) play-outs are
        short: more worlds and more candidates for the same time."""
        if sum(p.cards for p in obs.players) > ENDGAME_CARDS:
            return self.budget
        b = self.budget
        return replace(
            b,
            worlds=max(b.worlds, ENDGAME_WORLDS),
            max_candidates=max(b.max_candidates, ENDGAME_CANDIDATES),
        )

    def candidates(self, obs: GuandanView, legal: Sequence[Action]) -> list[Action]:
        # this decision's play-outs: the other team in the opponents' style
        self._styles = None
        if self.opponent_style != PAKKA and obs.seat is not None:
            team = obs.seat % 2
            self._styles = tuple(
                PAKKA if s % 2 == team else self.opponent_style for s in range(PLAYERS)
            )
        budget = self.budget_for(obs)
        ranked = ranked_actions(obs, legal, max(1, budget.max_candidates))
        if budget is self.budget or len(ranked) == 1:
            return ranked
        # the endgame: the heuristic's favourites, then every other distinct play
        for a in canonical_actions(obs, legal):
            if len(ranked) >= budget.max_candidates:
                break
            if a not in ranked:
                ranked.append(a)
        return ranked

    def rollout(self, sim: State[Any, Any], rng: random.Random) -> None:
        assert isinstance(sim, GuandanState)
        rollout(sim, styles=self._styles)


ENDGAME_CARDS = 30
ENDGAME_WORLDS = 16
ENDGAME_CANDIDATES = 8

BUDGET = Budget(worlds=8, max_candidates=3, confidence=2.0)
"""``hard``: 8 worlds, the heuristic's move and its next 2 choices, and a switch only when
a choice's mean paired advantage over the heuristic's move is more than 2 standard errors.

Measured (docs/bots.md, Guandan; ``benchmarks/guandan_deals.py``, deal 1 of 140 seeds in
both seatings): a ``hard`` pair gains +0.33 ± 0.16 levels a deal against a ``normal``
pair and wins 55 % of the deals; it leaves the heuristic's move in about 1 decision in 20.
Decision time (``benchmarks/bot_speed.py --game guandan``): median 0.16 s, p95 0.66 s.
Before the fast rollouts and the paired test, wider searches with noisy comparisons lost
0.5 to 2.6 levels a deal."""


def value(state: State[Any, Any], seat: int) -> float:
    """Deal-end value for ``seat``'s team: signed level gain, ±10 for the match.

    The gain is read from the last deal's finishing order: +3/+2/+1 when the team finished
    first with the partner 2nd/3rd/4th, the negative of the other team's gain otherwise.
    """
    assert isinstance(state, GuandanState)
    team = seat % 2
    if state.winner is not None:
        return 10.0 if state.winner == team else -10.0
    order = state.prev_order
    if not order:
        return 0.0
    first = order[0]
    partner_place = order.index((first + 2) % PLAYERS) if (first + 2) % PLAYERS in order else 3
    gain = 4 - partner_place
    # places of the team's own seats break ties (finishing earlier is better)
    mine = sum(order.index(s) for s in (team, team + 2) if s in order)
    shade = 0.05 * (5 - mine)
    return (gain if first % 2 == team else -gain) + shade

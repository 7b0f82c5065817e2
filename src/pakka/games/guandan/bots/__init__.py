"""Guandan heuristic: shed the hand in the fewest turns, with the partner, never against him.

A good Guandan player sees his hand as a *decomposition*: the fewest combinations it can
be played out in (singles, pairs, triples, full houses, straights, tubes, plates), plus
bombs and straight flushes kept whole for taking the lead back.  High combinations (a pair
of the level rank, a joker) are nearly turns for free: they win their trick and give the
lead back.  So the hand's *cost* is the number of turns it needs, each combination counted
as ``1 - control`` (control grows with its power), bombs as a small gain.  The heuristic

* leads the weakest piece of the best decomposition (the combination that costs most
  turns and is least likely to win), longer combinations first among equals; with the
  partner at one or two cards it leads a low single or pair for him; with an opponent at
  one or two cards it leads what he cannot follow (or its highest single); it prefers
  types both opponents passed on (tricks are rebuilt from the public plays);
* follows an opponent with the card set that leaves the cheapest decomposition, and
  passes when beating would break the hand more than the lead is worth; the lead is worth
  much more when the opponent holding the trick is about to go out (then it bombs) or
  when it would let this hand go out;
* passes when the partner holds the trick (unless it can go out now);
* returns the tribute card whose loss hurts the decomposition least (a low single).

Moves are generated in canonical mode (interchangeable cards merged) and the choice is
mapped back to the same cards and reading among the legal actions.

``value`` (for the search bot) is the deal's level gain seen from the seat's team: +3/+2/+1
when its team finishes first with the partner 2nd/3rd/4th, the negative of the other
team's gain otherwise, and ±10 for winning or losing the match.

The package: :mod:`~pakka.games.guandan.bots.hand` (decomposition and costs),
:mod:`~pakka.games.guandan.bots.view` (what a decision reads from the seat's view),
:mod:`~pakka.games.guandan.bots.policy` (lead, follow, pass, return),
:mod:`~pakka.games.guandan.bots.search` (the ``hard`` search, its fast rollout and
value) and :mod:`~pakka.games.guandan.bots.explain` (hints).  :data:`KIT` is the
game's bot kit (its ``pakka.bots`` entry point).
"""

from pakka.bots.kit import BotKit, ReviewScale
from pakka.games.guandan.bots.belief import CHAIN, evidence
from pakka.games.guandan.bots.explain import explain
from pakka.games.guandan.bots.hand import (
    MAX_LEAVES,
    Piece,
    Raw,
    _analyse,
    _decompose,
    hand_cost,
)
from pakka.games.guandan.bots.policy import (
    MAX_BOMBS,
    MAX_FOLLOWS,
    GuandanPolicy,
    canonical_actions,
    decide,
    fast_action,
    ranked_actions,
)
from pakka.games.guandan.bots.search import BUDGET, GuandanSearch, rollout, value
from pakka.games.guandan.bots.view import _passed_on

__all__ = [
    "BUDGET",
    "KIT",
    "MAX_BOMBS",
    "MAX_FOLLOWS",
    "MAX_LEAVES",
    "GuandanPolicy",
    "GuandanSearch",
    "Piece",
    "Raw",
    "_analyse",
    "_decompose",
    "_passed_on",
    "canonical_actions",
    "decide",
    "evidence",
    "explain",
    "fast_action",
    "hand_cost",
    "ranked_actions",
    "rollout",
    "value",
]

KIT = BotKit(
    policy=GuandanPolicy(),
    value=value,
    explain=explain,
    budget=BUDGET,
    search=GuandanSearch,
    evidence=evidence,
    chain=CHAIN,
    # levels gained or given away in the deal (1 to 3; ±10 for the match); a long match gets
    # fewer worlds a decision, so that it is reviewed within 60 s of one core
    review=ReviewScale(
        inaccuracy=0.3, mistake=0.8, unit="review_unit_levels", worlds=8, worlds_total=2400
    ),
    value_scale=3.0,  # a double win: the unit of the learned level's targets
)
"""Guandan's bots: the heuristic (``normal``, and the search's rollout policy), the level
gain as the deal's value, hints, and the ``hard`` search with its budget."""

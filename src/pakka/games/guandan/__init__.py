"""Guandan (掼蛋): four players in two partnerships, two decks, wild level hearts, bombs.

Sources: the rules specification ``shared/rules/guandan.md`` and the Finnish seed
``shared/seeds/003_20a81e218d3e98c5.txt``; the players' rules with every ruling are in
``docs/rules/guandan.md`` (English) and ``docs/rules/guandan.fi.md`` (Finnish).

The package is split by concern:

* :mod:`~pakka.games.guandan.combos`: card kinds, power order, :class:`Combo`,
  :func:`classify` (every reading of a card set) and the key notation;
* :mod:`~pakka.games.guandan.moves`: :class:`Play`, :data:`PASS` and :func:`legal_plays`
  (exhaustive move generation; the canonical mode for bots is described there);
* :mod:`~pakka.games.guandan.rules`: :func:`advance`, :func:`tribute_card`,
  :func:`return_options`, :func:`tribute_plan`;
* :mod:`~pakka.games.guandan.game`: the match (:class:`GuandanState`), actions
  (:class:`Play`, :class:`Return`) and the registered :data:`GAME`.

Rulings (beyond the seed; each is in the docs under "Rulings")

* Passing does not lock a player out of the trick.
* A natural same-suit five-card sequence is only a straight flush, never a straight.
* Two wilds alone are a pair of the level rank; readings that differ only in what a wild
  stands for are one reading.
* Return cards: natural rank 2..10 and not the level rank; otherwise the non-wild cards
  of the lowest power.
* Tribute ties between suits: the card least useful for straight flushes, then S H D C.
* Both teams at A: any team at A finishing 1-2 or 1-3 in a deal at A wins (flag
  ``pass_a_requires_owner``).  Failing at A: no demotion by default (flag
  ``a_fail_limit``: every deal at A not won by a team at A counts for that team).
* The deal plays on until the third player finishes (flag ``end_on_double_win``).

Wire shapes: ``{"type": "play", "cards": ["H7", "S3", "S4", "S5", "S6"], "combo":
{"type": "straight", "key": "3-7"}}``, ``{"type": "pass"}``, ``{"type": "return",
"cards": ["S3"]}``; ``str()``: ``H7 S3 S4 S5 S6 straight 3-7``, ``pass``, ``return S3``.
"""

from pakka.engine import register
from pakka.games.guandan.combos import BOMB_TYPES, TYPES, Combo, classify
from pakka.games.guandan.game import GAME as _GAME
from pakka.games.guandan.game import GuandanGame, GuandanOptions, GuandanState, Return
from pakka.games.guandan.moves import PASS, Play, legal_plays
from pakka.games.guandan.rules import (
    LEVELS,
    TributePlan,
    advance,
    return_options,
    tribute_card,
    tribute_plan,
)

GAME = register(_GAME)

__all__ = [
    "BOMB_TYPES",
    "GAME",
    "LEVELS",
    "PASS",
    "TYPES",
    "Combo",
    "GuandanGame",
    "GuandanOptions",
    "GuandanState",
    "Play",
    "Return",
    "TributePlan",
    "advance",
    "classify",
    "legal_plays",
    "return_options",
    "tribute_card",
    "tribute_plan",
]

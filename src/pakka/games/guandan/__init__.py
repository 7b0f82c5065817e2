"""Guandan (掼蛋): four players in two partnerships, two decks, wild level hearts, bombs.

Sources: a Finnish rule text and the rules specification drawn from it, ``spec.md``; the
players' rules with every ruling are in
``rules.md`` (English) and ``rules.fi.md`` (Finnish).

The package is split by concern:

* :mod:`~pakka.games.guandan.combos`: card kinds, power order, :class:`Combo`,
  :func:`classify` (every reading of a card set) and the key notation;
* :mod:`~pakka.games.guandan.moves`: :func:`legal_plays` (exhaustive move generation; the
  canonical mode for bots is described there);
* :mod:`~pakka.games.guandan.rules`: :func:`advance`, :func:`tribute_card`,
  :func:`return_options`, :func:`tribute_plan`;
* :mod:`~pakka.games.guandan.actions`: :class:`Play`, :data:`PASS` and :class:`Return`,
  which read their own JSON;
* :mod:`~pakka.games.guandan.options`: :class:`GuandanOptions`;
* :mod:`~pakka.games.guandan.events` and :mod:`~pakka.games.guandan.views`: the game's
  events and its typed view;
* :mod:`~pakka.games.guandan.state`: the match (:class:`GuandanState`);
* :mod:`~pakka.games.guandan.determinize`: a full state from one seat's view;
* :mod:`~pakka.games.guandan.game`: the registered :data:`GAME` (entry point
  ``pakka.games.guandan:GAME``).

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

Encoding choices

* Dealing: card ``i`` of the (shuffled or stacked) pack goes to seat ``i % 4``.  The first
  leader of deal 1 is ``options.first_leader`` or, if ``None``, drawn from the match's
  chance RNG 0 (the one that shuffles deal 1); deal ``k`` shuffles with chance RNG
  ``k - 1``.
* Phases: ``return`` (tribute receivers choose their return cards; in a double tribute
  both act at once and the returns are shown only when both are in), ``play`` and
  ``over``.  Tribute itself is automatic (:func:`tribute_card`).
* Card locations: ``hidden:s`` (cards of seat ``s`` only it knows), ``shown:s`` (cards in
  its hand everyone knows: received tribute and return cards, and the red jokers an
  anti-tribute revealed, until played), ``played`` (this deal's plays), and
  ``committed:s`` (a return chosen but not yet revealed).
* ``legal_actions`` in the play phase lists every play in full mode (people pick exact
  cards); ``is_legal`` checks a play without generating the list.
* Scores: each seat's team level as a number (2..14); the result gives 1 to the two
  winners and 0 to the others.
* Wire shapes: ``{"type": "play", "cards": ["H7", "S3", "S4", "S5", "S6"], "combo":
  {"type": "straight", "key": "3-7"}}``, ``{"type": "pass"}``, ``{"type": "return",
  "cards": ["S3"]}``; ``str()``: ``H7 S3 S4 S5 S6 straight 3-7``, ``pass``, ``return S3``.
  The view's ``history`` and ``table.top`` are the deal's plays as
  :class:`GuandanCardsPlayed` events (``{"type": "cards_played", "seat": 0, "cards":
  ["S3", "D3"], "combo": "pair", "key": "3"}``); see :mod:`~pakka.games.guandan.views`.
"""

from pakka.games.guandan.actions import PASS, Play, Return
from pakka.games.guandan.combos import BOMB_TYPES, TYPES, Combo, classify
from pakka.games.guandan.events import (
    AFailed,
    AntiTribute,
    CardReturned,
    Finished,
    GuandanCardsPlayed,
    GuandanDealScored,
    GuandanDealStarted,
    GuandanTrickWon,
    Passed,
    TributePaid,
)
from pakka.games.guandan.game import GAME, GuandanGame
from pakka.games.guandan.moves import legal_plays
from pakka.games.guandan.options import GuandanOptions
from pakka.games.guandan.rules import (
    HAND,
    LEVELS,
    PLAYERS,
    TributePlan,
    advance,
    return_options,
    tribute_card,
    tribute_plan,
)
from pakka.games.guandan.state import GuandanState, play_of_event
from pakka.games.guandan.views import GuandanPlayer, GuandanTable, GuandanView
from pakka.plugins import Plugin

PLUGIN = Plugin(
    game="pakka.games.guandan.game:GAME",
    bots="pakka.games.guandan.bots:KIT",
    codec="pakka.games.guandan.codec:GuandanCodec",
    present="pakka.games.guandan.present:PRESENTER",
)
"""The game's ``pakka.games`` entry point: its parts load on first use; its words
(``messages.json``) and rules texts (``rules.md``, ``rules.fi.md``) lie in this folder."""

__all__ = [
    "BOMB_TYPES",
    "GAME",
    "HAND",
    "LEVELS",
    "PASS",
    "PLAYERS",
    "PLUGIN",
    "TYPES",
    "AFailed",
    "AntiTribute",
    "CardReturned",
    "Combo",
    "Finished",
    "GuandanCardsPlayed",
    "GuandanDealScored",
    "GuandanDealStarted",
    "GuandanGame",
    "GuandanOptions",
    "GuandanPlayer",
    "GuandanState",
    "GuandanTable",
    "GuandanTrickWon",
    "GuandanView",
    "Passed",
    "Play",
    "Return",
    "TributePaid",
    "TributePlan",
    "advance",
    "classify",
    "legal_plays",
    "play_of_event",
    "return_options",
    "tribute_card",
    "tribute_plan",
]

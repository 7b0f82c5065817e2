"""Pentagrammi: a five-player trick game played "in the shape of a pentagram".

Sources: a Finnish rule text (Kalle Marjola, Tommi Nirha and Daniel Davis, 2004) and the
specification with our rulings drawn from it,
``spec.md`` (rules P1-P12, rulings P-1..P-13).  The players' version is
``rules.md`` (English) and ``rules.fi.md`` (Finnish).

The game in one paragraph: 55 cards (52 + 3 jokers), 11 each.  Everyone passes one card to
each seat neighbour, blind and at the same time.  Play goes two seats on (``s -> s+2``), so a
trick led by ``L`` is played ``L, L+2, L+4, L+1, L+3``.  Follow suit (a joker always counts as
the led suit, so it is always legal); spades are always trumps; jokers never win.  The
trick's winner ``W`` and the seats two places away (``W+2``, ``W-2``) each score a point.

Rulings (from the rules file unless marked *ours*):

* P-1 a match is ``deals`` deals (default 5, everyone deals once); points accumulate; a tied
  total is broken by P11 on the cards of the **last** deal.
* P-4/P-7 the led suit is the suit of the first natural card; whoever plays before it is
  fixed may play anything.  P-5 a joker is always a legal follow; P-6 a joker is never a
  trump and never a spade for the tie-break.
* P-8 the tie-break compares the 11 cards each player played (``tiebreak_cards=
  "played_cards"``); ``"dealt_hand"`` compares the 11 cards dealt (before passing).
* P-9/P-10 a player with a card of the compared suit beats one without; every criterion
  is applied to the whole tied set.  The full ranking orders every seat by total, then by
  the P11 criteria (equivalent to comparing ``(spades, lowest heart, lowest diamond,
  lowest club)`` with a missing suit counting as higher than an ace).
* *Ours*: the first dealer is drawn from the match's chance stream (``chance(0)``), unless
  the option ``first_dealer`` names a seat.  Cards are dealt one at a time starting left of
  the dealer: card ``i`` of a stacked deck goes to seat ``dealer + 1 + i``.
* *Ours*: played cards are public (everyone saw them played; the seed's face-down piles are
  a scoring aid), so the observation lists every trick of the deal and each seat's cards.
* *Ours*: passing two jokers (when you hold two) is two different cards and allowed.
* *Ours*: ``deals`` is limited to 1-20 (so final scores are bounded: 0-220).

Encoding: ``Play(card)`` (``"S8"``, ``{"type": "play", "cards": ["S8"]}``) and
``PassCards(left, right)`` (``"left:S8 right:HK"``, ``{"type": "pass_cards", "cards":
["S8", "HK"]}`` = [to the left neighbour ``seat+1``, to the right neighbour ``seat-1``]).
Legal passes are every ordered pair of two physical cards, one action per pair of values
(so 110 for 11 different cards, 91 with two jokers); they are sorted by (left, right) in
:meth:`Card.sort_key` order, plays by the card.  A typed line ``"S8 HK"`` means left S8,
right HK.

Card locations: ``hand:s``; ``passing:s`` (the two cards a seat has passed, until everyone
has); ``trick`` (the current trick); ``played:s`` (cards ``s`` played to finished tricks of
this deal, public).

Observation: ``phase`` is ``pass``, ``play`` or ``over``; ``deal`` counts from 1; ``scores``
are match totals (this deal included).  ``players[s]``: ``cards`` (count), ``passed``,
``points`` (this deal), ``tricks`` (won this deal), ``played`` (in order), ``voids`` (suits
``s`` has shown out of).  ``table``: ``dealer``, ``leader``, ``turn``, ``led`` (suit letter
or null), ``trick`` (``[{"seat", "card"}]`` in play order), ``passing`` (``given``:
``{"to_left", "to_right"}`` and, after the exchange, ``received``: ``{"from_left",
"from_right"}``, both the viewer's own only), ``deals``, ``deal_points`` (per finished deal).
``history``: this deal's finished tricks, ``{"leader", "cards" (play order), "winner"}``.

Determinization redeals the unseen cards: plain rejection sampling (exactly uniform) while
it finds a deal that respects the voids within 20 tries, then a constrained deal that
places the most restricted cards first.  Passes the viewer did not see are drawn from the
receiver's cards.
"""

from pakka.games.pentagrammi.actions import PassCards, Play
from pakka.games.pentagrammi.determinize import _deal_with_voids
from pakka.games.pentagrammi.game import GAME, PentagrammiGame
from pakka.games.pentagrammi.options import PentagrammiOptions
from pakka.games.pentagrammi.rules import (
    HAND,
    JOKERS,
    MAX_DEALS,
    PLAYERS,
    TRICKS,
    led_suit,
    legal_cards,
    next_seat,
    play_order,
    rank_seats,
    scoring_seats,
    tiebreak_key,
    tiebreak_winners,
    trick_winner,
)
from pakka.games.pentagrammi.state import PentagrammiState
from pakka.games.pentagrammi.views import (
    PentagrammiDealScored,
    PentagrammiPlayer,
    PentagrammiTable,
    PentagrammiTrickWon,
    PentagrammiView,
    PlayStarted,
)
from pakka.plugins import Plugin

PLUGIN = Plugin(
    game="pakka.games.pentagrammi.game:GAME",
    bots="pakka.games.pentagrammi.bots:KIT",
    codec="pakka.games.pentagrammi.codec:PentagrammiCodec",
    present="pakka.games.pentagrammi.present:PRESENTER",
)
"""The game's ``pakka.games`` entry point: its parts load on first use; its words
(``messages.json``) and rules texts (``rules.md``, ``rules.fi.md``) lie in this folder."""

__all__ = [
    "GAME",
    "HAND",
    "JOKERS",
    "MAX_DEALS",
    "PLAYERS",
    "PLUGIN",
    "TRICKS",
    "PassCards",
    "PentagrammiDealScored",
    "PentagrammiGame",
    "PentagrammiOptions",
    "PentagrammiPlayer",
    "PentagrammiState",
    "PentagrammiTable",
    "PentagrammiTrickWon",
    "PentagrammiView",
    "Play",
    "PlayStarted",
    "_deal_with_voids",
    "led_suit",
    "legal_cards",
    "next_seat",
    "play_order",
    "rank_seats",
    "scoring_seats",
    "tiebreak_key",
    "tiebreak_winners",
    "trick_winner",
]

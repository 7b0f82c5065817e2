"""Norlanninnakki (Norrland knack): a Swedish trick game of knocking, buying and five tricks.

Rules source: a Finnish rule text (the seed) and ``spec.md`` (the specification, rulings N-1 … N-18); the players'
version is ``rules.md`` (Finnish: ``rules.fi.md``).

Everyone starts at 10 points; every trick taken is one point off, and the first to reach 0
(or below) after a deal wins the game and the pot.  A deal: 3 cards each, a trump turned up
for the dealer, 2 more each; knock/lurk bidding (later deals: in/rest after the knock);
buying; five tricks (follow suit, no duty to trump or to head); a committed player without a
trick goes *to the forest* (+5 capped at 10, a chip to the pot, a stroke on the sheet).

Rulings beyond the specification (also in the players' docs under "Rulings"):

* Dealing is one card at a time, clockwise from forehand: three rounds, the trump card,
  then two rounds; the rest is the stock, whose top is the next card.  A stacked deck
  (``new_match(deck=...)``) is read in exactly this order.  With ``early_bidding`` the last
  two rounds are dealt after the bidding to every player, resting ones included, so a
  stacked deal does not depend on the bids.
* The first dealer is drawn from chance event 0 of the seed (also with a stacked deck) unless
  the option ``first_dealer`` names a seat; shuffles are chance events 1, 2, …
* A deal settled by ``lone_knocker = takes_all | takes_one`` counts as played: it is scored
  and the deal passes on.  ``redeal`` is a throw-in (same dealer, nothing scored).
* ``permissive_mode`` relaxes only the forced-trump rule (N9); following suit and the
  trump-ace lead stay strict.  A violator scores his tricks as usual and then goes to the
  forest (once per deal, however many violations).  With ``exact_zero`` the absolute value
  is taken after the forest.
* ``chips = false`` with a shared win: each loser's payment is split equally between the
  winners; with chips the pot is split equally (shares may be fractional).
* Forced trump looks at every player's score at the start of the deal, resting players'
  included.  After the last deal ``deal`` stays at that deal's number.

Encoding: the turned trump card lies face up while the dealer holds it; it is the card
location ``turned`` (public), so the dealer's ``hand`` in the view lists only his concealed
cards and ``table.turned`` / ``table.turned_held`` complete it (``players[d].cards`` counts
both).  Once discarded it is hidden in the dealer's discard pile (``table.turned_discarded``).
Actions: ``Bid`` (``knock lurk in rest``), ``Discard`` (the buy: any subset, legal actions
ordered by size then card order) and ``Play``.

View (beyond the envelope, :mod:`~pakka.games.norlanninnakki.views`): ``players[s]`` has
``cards bid declaration active obliged discarded bought tricks forests violated``;
``table`` has ``dealer forehand first_deal throw_ins trump turned turned_held
turned_discarded dealt_all forced_trump forced_trump_triggered knocker stock pot leader
trick last_deal my_discards sheet`` (``my_discards``: the seat's own face-down discards;
``sheet``: every scored deal's ``deal_scored`` event);
``history`` is this deal's tricks as ``trick_won`` events (cards, who played each, the
violation marks, the winner).  Final scores are the sheet (lower is better); the result's
details give ``pot``, ``chips_paid``, ``payments`` (who pays whom) and net ``chips``.

Events: ``deal_started`` (with the turned card and forced trump), ``bid``, ``declared``,
``lone_knocker``, ``thrown_in`` (reason ``everyone_lurked`` or ``everyone_rested``),
``rest_dealt`` (early bidding), ``bought`` (counts, public), ``cards_drawn`` (the cards, to
the buyer only), ``cards_played`` (with its violation mark), ``trick_won``, ``deal_scored``
(this deal's change per seat, the totals, tricks, the forest, lone knocker, and what
each seat said and who broke forced trump, for the deal summary) and
``match_over``.
"""

from pakka.games.norlanninnakki.actions import BIDS, Bid, BidWord, DeclarationWord, Discard, Play
from pakka.games.norlanninnakki.game import GAME, NorlanninnakkiGame
from pakka.games.norlanninnakki.options import NorlanninnakkiOptions
from pakka.games.norlanninnakki.rules import (
    FOREST_POINTS,
    HAND,
    START_SCORE,
    TRICKS,
    ForcedTrump,
    chips_paid,
    legal_cards,
    settle,
    trick_winner,
)
from pakka.games.norlanninnakki.state import NorlanninnakkiState, PlayRecord
from pakka.games.norlanninnakki.views import (
    BidMade,
    Bought,
    CardsDrawn,
    Declared,
    LastDeal,
    LoneKnocker,
    NorlanninnakkiCardsPlayed,
    NorlanninnakkiDealScored,
    NorlanninnakkiDealStarted,
    NorlanninnakkiPlayer,
    NorlanninnakkiTable,
    NorlanninnakkiTrickWon,
    NorlanninnakkiView,
    RestDealt,
    ThrownIn,
    TrickPlay,
)
from pakka.plugins import Plugin

PLUGIN = Plugin(
    game="pakka.games.norlanninnakki.game:GAME",
    bots="pakka.games.norlanninnakki.bots:KIT",
    codec="pakka.games.norlanninnakki.codec:NorlanninnakkiCodec",
    present="pakka.games.norlanninnakki.present:PRESENTER",
)
"""The game's ``pakka.games`` entry point: its parts load on first use; its words
(``messages.json``) and rules texts (``rules.md``, ``rules.fi.md``) lie in this folder."""

__all__ = [
    "BIDS",
    "FOREST_POINTS",
    "GAME",
    "HAND",
    "PLUGIN",
    "START_SCORE",
    "TRICKS",
    "Bid",
    "BidMade",
    "BidWord",
    "Bought",
    "CardsDrawn",
    "DeclarationWord",
    "Declared",
    "Discard",
    "ForcedTrump",
    "LastDeal",
    "LoneKnocker",
    "NorlanninnakkiCardsPlayed",
    "NorlanninnakkiDealScored",
    "NorlanninnakkiDealStarted",
    "NorlanninnakkiGame",
    "NorlanninnakkiOptions",
    "NorlanninnakkiPlayer",
    "NorlanninnakkiState",
    "NorlanninnakkiTable",
    "NorlanninnakkiTrickWon",
    "NorlanninnakkiView",
    "Play",
    "PlayRecord",
    "RestDealt",
    "ThrownIn",
    "TrickPlay",
    "chips_paid",
    "legal_cards",
    "settle",
    "trick_winner",
]

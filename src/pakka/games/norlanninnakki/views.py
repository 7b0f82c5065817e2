"""What a Norlanninnakki seat sees (its typed view) and the game's own events.

``players[s]``: ``cards`` (held, the dealer's face-up trump included), ``bid`` (``knock`` /
``lurk``), ``declaration`` (``in`` / ``rest``, later deals), ``active`` (plays this deal),
``obliged`` (must take a trick or go to the forest), ``discarded`` and ``bought`` (counts),
``tricks`` (this deal), ``forests`` (strokes on the sheet), ``violated`` (broke forced trump
this deal).  ``table``: ``dealer``, ``forehand``, ``first_deal``, ``throw_ins``, ``trump``
(suit letter), ``turned`` (the turned trump card), ``turned_held`` (the dealer still holds it
face up), ``turned_discarded`` (the dealer has discarded it), ``dealt_all``,
``forced_trump`` (in force this deal), ``forced_trump_triggered`` (ever in this match),
``knocker``, ``stock`` (count), ``pot``, ``leader``, ``trick`` (the cards in play order,
each with its seat and violation mark), ``last_deal`` (how the last scored deal went),
``my_discards`` (the viewer's own face-down discards; ``None`` for a spectator) and
``sheet`` (every scored deal, as its :class:`NorlanninnakkiDealScored`).
``history``: this deal's finished tricks as :class:`NorlanninnakkiTrickWon` events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from pakka.cards import Card
from pakka.engine import Observation, PlayerView, TableView
from pakka.events import CardsPlayed, DealScored, DealStarted, Event, Seat, TrickWon
from pakka.games.norlanninnakki.actions import BidWord, DeclarationWord
from pakka.games.norlanninnakki.options import NorlanninnakkiOptions

__all__ = [
    "BidMade",
    "Bought",
    "CardsDrawn",
    "Declared",
    "LastDeal",
    "LoneKnocker",
    "NorlanninnakkiCardsPlayed",
    "NorlanninnakkiDealScored",
    "NorlanninnakkiDealStarted",
    "NorlanninnakkiPlayer",
    "NorlanninnakkiTable",
    "NorlanninnakkiTrickWon",
    "NorlanninnakkiView",
    "RestDealt",
    "ThrownIn",
    "TrickPlay",
]


@dataclass(frozen=True, slots=True)
class NorlanninnakkiPlayer(PlayerView):
    """What everyone knows about one seat: its cards held, what it said in the bidding,
    whether it plays and must take a trick, its buy, tricks, forest strokes and a broken
    forced trump (see the module docstring)."""

    cards: int
    bid: BidWord | None
    declaration: DeclarationWord | None
    active: bool
    obliged: bool
    discarded: int
    bought: int | None
    """Cards drawn in the buy; ``None`` until the seat has bought."""
    tricks: int
    forests: int
    violated: bool


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """A card in the current trick: who played it, and whether it broke forced trump."""

    seat: int
    card: Card
    violation: bool


@dataclass(frozen=True, slots=True)
class LastDeal:
    """The last scored deal: tricks and score change per seat, who went to the forest,
    and whether a lone knocker was credited without play."""

    deal: int
    tricks: tuple[int, ...]
    forest: tuple[int, ...]
    lone_knocker: bool
    change: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NorlanninnakkiTable(TableView):
    """The dealer, the trump and its turned card, forced trump, the knocker, the stock and
    the pot, the trick in play, the last scored deal, the viewer's own discards and the
    score sheet (see the module docstring)."""

    dealer: int
    forehand: int
    first_deal: bool
    throw_ins: int
    trump: str
    turned: Card
    turned_held: bool
    turned_discarded: bool
    dealt_all: bool
    forced_trump: bool
    forced_trump_triggered: bool
    knocker: int | None
    stock: int
    pot: int
    leader: int
    trick: tuple[TrickPlay, ...]
    last_deal: LastDeal | None
    my_discards: tuple[Card, ...] | None
    """The viewer's own discards in card order (``None`` for a spectator)."""
    sheet: tuple[NorlanninnakkiDealScored, ...]
    """The score sheet: every scored deal of the match, as the event that told it."""


NorlanninnakkiView = Observation[NorlanninnakkiTable, NorlanninnakkiPlayer, NorlanninnakkiOptions]


# --- events ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class NorlanninnakkiDealStarted(DealStarted):
    """A deal is dealt (also again after a throw-in, with the same number): the ``turned``
    trump card, and whether forced trump is in force this deal."""

    turned: Card
    forced_trump: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class BidMade(Event):
    """``seat`` knocked or lurked (one event for the two words of one decision, as
    :class:`Declared` is for ``in`` and ``rest``)."""

    type: ClassVar[str] = "bid"
    seat: Seat
    bid: BidWord


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(Event):
    """After a knock in a later deal, ``seat`` declares ``in`` or ``rest``."""

    type: ClassVar[str] = "declared"
    seat: Seat
    declaration: DeclarationWord


@dataclass(frozen=True, slots=True, kw_only=True)
class LoneKnocker(Event):
    """Everyone else rested: the knocker ``seat`` is credited ``tricks`` without play."""

    type: ClassVar[str] = "lone_knocker"
    seat: Seat
    tricks: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrownIn(Event):
    """The cards are thrown in and ``dealer`` deals again: everyone lurked, or everyone
    rested after the knock under ``lone_knocker = redeal``."""

    type: ClassVar[str] = "thrown_in"
    dealer: Seat
    reason: Literal["everyone_lurked", "everyone_rested"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RestDealt(Event):
    """With early bidding: the last two rounds are dealt after the bidding, so that
    everyone holds ``cards`` (the dealer one more, the face-up trump)."""

    type: ClassVar[str] = "rest_dealt"
    cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Bought(Event):
    """``seat`` discarded ``discarded`` cards face down and drew ``bought``."""

    type: ClassVar[str] = "bought"
    seat: Seat
    discarded: int
    bought: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsDrawn(Event):
    """The ``cards`` ``seat`` drew in the buy, in card order: told to that seat only."""

    type: ClassVar[str] = "cards_drawn"
    seat: Seat
    cards: tuple[Card, ...]

    def visible_to(self, seat: Seat | None) -> bool:
        return seat == self.seat


@dataclass(frozen=True, slots=True, kw_only=True)
class NorlanninnakkiCardsPlayed(CardsPlayed):
    """A card played; ``violation``: it broke forced trump (allowed in permissive mode)."""

    violation: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class NorlanninnakkiTrickWon(TrickWon):
    """A finished trick; ``violations`` marks each card that broke forced trump."""

    violations: tuple[bool, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class NorlanninnakkiDealScored(DealScored):
    """A deal is scored: ``scores`` is each seat's change, ``totals`` the sheet; ``tricks``
    per seat, the seats sent to the ``forest``, and whether a ``lone_knocker`` was credited
    without play.  What was said in the deal comes with it (the view has moved on to the
    next deal when this is told): each seat's ``bids`` (``knock`` / ``lurk``, ``None`` for a
    seat that was not asked) and ``declarations`` (``in`` / ``rest`` after the knock in a
    later deal), and the seats that broke forced trump (``violated``, permissive mode)."""

    tricks: tuple[int, ...]
    forest: tuple[int, ...]
    lone_knocker: bool
    bids: tuple[BidWord | None, ...]
    declarations: tuple[DeclarationWord | None, ...]
    violated: tuple[int, ...]

"""What happened: one vocabulary of typed events shared by every game.

An event is a frozen, keyword-only dataclass with a ``type`` tag.  ``state.apply`` returns
the events an action caused; a game's ``history`` holds the events of the current deal
that make up its public record.  Clients turn events into sentences (``pakka.present``);
no engine writes English.

The shared events below cover what the trick and climbing games have in common.  A game
adds its own (``TributePaid``, ``BidMade``…) and may extend a shared one with fields of
its own by subclassing it (Anarchy's trick also says who captured each card): the subclass
keeps the tag, so a client that knows only the shared event still reads it, and the game's
:attr:`~pakka.engine.Game.event_types` decides which class a tag decodes to.

Who may see an event: :meth:`Event.visible_to` (cards passed face down are told only to
the giver and the receiver).

>>> e = TrickWon(cards=(Card("S", 8), Card("S", 11)), played_by=(0, 1), winner=1)
>>> e.to_json()
{'type': 'trick_won', 'winner': 1, 'cards': ['S8', 'SJ'], 'played_by': [0, 1]}
>>> TrickWon.from_json(e.to_json()) == e
True
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from pakka.cards import Card
from pakka.wire import JSON, Tagged, WireError, fields_encoder, from_json

__all__ = [
    "CardsPassed",
    "CardsPlayed",
    "Committed",
    "DealScored",
    "DealStarted",
    "Event",
    "MatchOver",
    "Seat",
    "TrickWon",
    "event_table",
]

Seat = int
E = TypeVar("E", bound="Event")


@dataclass(frozen=True, slots=True, kw_only=True)
class Event(Tagged):
    """Something that happened, for the clients' logs, animations and summaries."""

    type: ClassVar[str] = "event"

    def visible_to(self, seat: Seat | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may be told of this event."""
        return True

    def to_json(self) -> JSON:
        return {"type": self.type, **fields_encoder(type(self))(self)}

    @classmethod
    def from_json(cls: builtins.type[E], data: Any) -> E:
        if not isinstance(data, dict) or data.get("type") != cls.type:
            raise WireError(f"expected a {cls.type!r} event, not {data!r}")
        event: E = from_json(cls, data)
        return event


def event_table(*classes: type[Event]) -> dict[str, type[Event]]:
    """``type`` tag -> class for a game's events; two classes may not share a tag."""
    table: dict[str, type[Event]] = {}
    for cls in classes:
        if cls.type in table and table[cls.type] is not cls:
            raise ValueError(f"{cls.__name__} and {table[cls.type].__name__} share {cls.type!r}")
        table[cls.type] = cls
    return table


@dataclass(frozen=True, slots=True, kw_only=True)
class DealStarted(Event):
    """A new deal (numbered from 1 in every game's events) has been dealt."""

    type: ClassVar[str] = "deal_started"
    deal: int
    dealer: Seat | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsPassed(Event):
    """``seat`` passed ``cards`` face down to ``to``: only those two are told the cards."""

    type: ClassVar[str] = "cards_passed"
    seat: Seat
    to: Seat
    cards: tuple[Card, ...]

    def visible_to(self, seat: Seat | None) -> bool:
        return seat == self.seat or seat == self.to


@dataclass(frozen=True, slots=True, kw_only=True)
class Committed(Event):
    """``seat`` has chosen in a simultaneous step; what it chose stays hidden until all have."""

    type: ClassVar[str] = "committed"
    seat: Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsPlayed(Event):
    """``seat`` played ``cards`` to the table (one card in the trick games)."""

    type: ClassVar[str] = "cards_played"
    seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickWon(Event):
    """A trick is over: its ``cards`` in playing order, who played each (``None``: no
    seat, such as Anarchy's dummy) and the seat that won it (``None``: no single winner)."""

    type: ClassVar[str] = "trick_won"
    winner: Seat | None
    cards: tuple[Card, ...] = ()
    played_by: tuple[Seat | None, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DealScored(Event):
    """A deal is scored: each seat's ``scores`` for this deal and its match ``totals``."""

    type: ClassVar[str] = "deal_scored"
    deal: int
    scores: tuple[float, ...]
    totals: tuple[float, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchOver(Event):
    """The match is over: final ``scores``, ``ranks`` (1 = first) and the ``winners``."""

    type: ClassVar[str] = "match_over"
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[Seat, ...]

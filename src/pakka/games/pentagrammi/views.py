"""What a Pentagrammi seat sees (its typed view) and the game's own events.

``players[s]``: ``cards`` (count), ``passed``, ``points`` (this deal), ``tricks`` (won this
deal), ``played`` (in order), ``voids`` (suits ``s`` has shown out of).  ``table``:
``dealer``, ``leader``, ``turn``, ``led`` (suit letter or ``None``), ``trick`` (the cards in
play order, each with its seat), ``passing`` (the viewer's own: what it gives, and after
the exchange what it received), ``deals``, ``deal_points`` (per finished deal).
``history``: this deal's finished tricks as :class:`PentagrammiTrickWon` events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pakka.cards import Card
from pakka.engine import Observation, PlayerView, TableView
from pakka.events import DealScored, Event, TrickWon
from pakka.games.pentagrammi.options import PentagrammiOptions

__all__ = [
    "PassGiven",
    "PassReceived",
    "Passing",
    "PentagrammiDealScored",
    "PentagrammiPlayer",
    "PentagrammiTable",
    "PentagrammiTrickWon",
    "PentagrammiView",
    "PlayStarted",
    "TrickCard",
]


@dataclass(frozen=True, slots=True)
class PentagrammiPlayer(PlayerView):
    cards: int
    passed: bool
    points: int
    tricks: int
    played: tuple[Card, ...]
    voids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TrickCard:
    """A card in the current trick and the seat that played it."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PassGiven:
    to_left: Card
    to_right: Card


@dataclass(frozen=True, slots=True)
class PassReceived:
    from_left: Card
    from_right: Card


@dataclass(frozen=True, slots=True)
class Passing:
    """The viewer's own pass (``None`` for a spectator, and before it is chosen)."""

    given: PassGiven | None
    received: PassReceived | None


NO_PASSING = Passing(given=None, received=None)


@dataclass(frozen=True, slots=True)
class PentagrammiTable(TableView):
    dealer: int
    leader: int
    turn: int | None
    led: str | None
    trick: tuple[TrickCard, ...]
    passing: Passing
    deals: int
    deal_points: tuple[tuple[int, ...], ...]


PentagrammiView = Observation[PentagrammiTable, PentagrammiPlayer, PentagrammiOptions]


@dataclass(frozen=True, slots=True, kw_only=True)
class PentagrammiTrickWon(TrickWon):
    """A finished trick; ``scorers`` are the winner and its two opposites (P9)."""

    scorers: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PentagrammiDealScored(DealScored):
    """A deal is scored, with the figures its summary explains: ``tricks`` each seat won
    and ``shares``, the points each got as an opposite of another seat's trick.  They
    travel with the event because the view's history already holds the next deal's tricks
    (none) by the time a client reads it (issue 28)."""

    tricks: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayStarted(Event):
    """Everyone has passed and the cards have changed hands: ``leader`` leads."""

    type: ClassVar[str] = "play_started"
    leader: int

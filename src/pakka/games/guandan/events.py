"""Guandan's own events and its extensions of the shared ones (:mod:`pakka.events`).

A deal opens with :class:`GuandanDealStarted`, then :class:`AntiTribute` or one
:class:`TributePaid` per payment; the receivers' choices are
:class:`~pakka.events.Committed` until all are in, then each is a :class:`CardReturned`.
Play is :class:`GuandanCardsPlayed` and :class:`Passed`; :class:`Finished` when a hand
empties, :class:`GuandanTrickWon` when everyone else has passed.  The deal ends with
:class:`GuandanDealScored` (and :class:`AFailed` for a team sent back from A), the match
with :class:`~pakka.events.MatchOver`.  Everything here is public: tribute and returns are
shown face up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pakka.cards import Card
from pakka.events import CardsPlayed, DealScored, DealStarted, Event, TrickWon

__all__ = [
    "AFailed",
    "AntiTribute",
    "CardReturned",
    "Finished",
    "GuandanCardsPlayed",
    "GuandanDealScored",
    "GuandanDealStarted",
    "GuandanTrickWon",
    "Passed",
    "TributePaid",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class GuandanDealStarted(DealStarted):
    """A deal is dealt, played at ``level`` (rank notation, ``"2"``..``"A"``); ``leader``
    leads its first trick (once the returns are made, when there is a tribute)."""

    level: str
    leader: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AntiTribute(Event):
    """The payers hold both red jokers, so no tribute is paid; ``holders`` has one seat per
    red joker (the jokers are shown)."""

    type: ClassVar[str] = "anti_tribute"
    holders: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TributePaid(Event):
    """``seat`` paid ``card`` in tribute to ``to`` (face up)."""

    type: ClassVar[str] = "tribute_paid"
    seat: int
    to: int
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class CardReturned(Event):
    """``seat``, a tribute receiver, returned ``card`` to ``to``, its payer (face up)."""

    type: ClassVar[str] = "card_returned"
    seat: int
    to: int
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class GuandanCardsPlayed(CardsPlayed):
    """A play: ``cards`` in play order (wilds first) read as ``combo`` (a type name of
    :data:`~pakka.games.guandan.combos.TYPES`) with ``key`` (``"7"``, ``"3-7"``, ``"4x9"``)."""

    combo: str
    key: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    """``seat`` passed on the play to beat."""

    type: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Finished(Event):
    """``seat`` has played its last card and finished in ``place`` (1 = first)."""

    type: ClassVar[str] = "finished"
    seat: int
    place: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GuandanTrickWon(TrickWon):
    """Everyone else passed: ``winner`` held the trick and ``leader`` leads the next one
    (the winner's partner when the winner has just gone out: jiefeng)."""

    leader: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GuandanDealScored(DealScored):
    """A deal is over: ``level`` is the level it was played at, ``scores`` each seat's level
    change (the team's), ``totals`` each seat's level as a number (2..14), ``levels`` the
    two teams' levels in rank notation, ``finish_order`` every seat in finishing order.  A
    team sent back from A is already back at 2 here (an :class:`AFailed` follows)."""

    level: str
    finish_order: tuple[int, ...]
    levels: tuple[str, str]


@dataclass(frozen=True, slots=True, kw_only=True)
class AFailed(Event):
    """``team`` (0: seats 0 and 2) failed at A too often and starts again at level 2."""

    type: ClassVar[str] = "a_failed"
    team: int

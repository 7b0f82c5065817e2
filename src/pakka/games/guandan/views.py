"""What a Guandan seat sees: its typed view.

``players[s]``: ``team`` (``s % 2``), ``cards`` (count), ``place`` (finishing place this
deal, or ``None``), ``known`` (cards in its hand everyone knows: tribute and return cards
received, red jokers an anti-tribute showed, until played), ``committed`` (has chosen its
return).  ``table``: ``level`` (this deal's), ``levels`` (both teams'), ``owner`` (the team
whose level is played; ``None`` in the first deal), ``a_fails``, ``leader`` (of the deal's
first trick), ``turn``, ``top`` (the play to beat, or ``None`` when leading), ``passes``
(seats that passed on it), ``trick`` (the trick in progress: its plays and passes in
order), ``last_trick`` (the plays of the deal's last finished trick; the last one took
it), ``finish_order``, ``prev_finish_order`` (last deal's),
``tribute`` and ``returns`` (this deal's, as the events that told them),
``anti_tribute``, ``red_joker_holders``, ``my_return`` (the viewer's chosen return card
until all are revealed), ``winner`` (the team that won the match), ``sheet`` (the score
event of every finished deal, the match's score sheet).  ``scores``: each
seat's team level as a number (2..14).  ``history``: this deal's plays, as the
:class:`~pakka.games.guandan.events.GuandanCardsPlayed` events that told them (passes,
tribute and tricks are not in it).
"""

from __future__ import annotations

from dataclasses import dataclass

from pakka.cards import Card
from pakka.engine import Observation, PlayerView, TableView
from pakka.games.guandan.events import (
    CardReturned,
    GuandanCardsPlayed,
    GuandanDealScored,
    Passed,
    TributePaid,
)
from pakka.games.guandan.options import GuandanOptions

__all__ = ["GuandanPlayer", "GuandanTable", "GuandanView"]


@dataclass(frozen=True, slots=True)
class GuandanPlayer(PlayerView):
    """What everyone knows about one seat: its team, hand size, finishing place, the cards
    it is known to hold and whether it has chosen its return (see the module docstring)."""

    team: int
    cards: int
    place: int | None
    known: tuple[Card, ...]
    committed: bool


@dataclass(frozen=True, slots=True)
class GuandanTable(TableView):
    """The deal's level and the teams' levels, the trick (the play to beat and who passed on
    it, the trick so far and the last one), the finishing orders, the tribute and returns,
    the viewer's own return card and the score sheet (see the module docstring)."""

    level: str
    levels: tuple[str, str]
    owner: int | None
    a_fails: tuple[int, int]
    leader: int
    turn: int
    top: GuandanCardsPlayed | None
    passes: tuple[int, ...]
    trick: tuple[GuandanCardsPlayed | Passed, ...]
    last_trick: tuple[GuandanCardsPlayed, ...]
    finish_order: tuple[int, ...]
    prev_finish_order: tuple[int, ...]
    tribute: tuple[TributePaid, ...]
    returns: tuple[CardReturned, ...]
    anti_tribute: bool
    red_joker_holders: tuple[int, ...]
    my_return: Card | None
    winner: int | None
    sheet: tuple[GuandanDealScored, ...]


GuandanView = Observation[GuandanTable, GuandanPlayer, GuandanOptions]

"""What an Anarchy seat sees (its typed view) and the game's own events.

``players[s]``: ``cards`` (hand size), ``committed`` (has chosen its card or its pass in the
current simultaneous step), ``remaining`` (contracts not used yet, in :data:`CONTRACTS`
order), ``won`` (cards captured this deal).  ``table``: ``dealer``, ``forehand``,
``contracts`` (this deal's, by seat; ``None`` until chosen), ``my_commit`` and ``my_pass``
(the viewer's own choice until the step resolves), ``passed`` and ``received`` (the
viewer's own pass of this deal, once everyone has passed), ``last_trick`` (the
:class:`AnarchyTrickWon` of the deal's last trick), ``dead`` and ``out`` (the dead pile and
the joker out of the deal), ``dummy`` (3 players: cards left in the dummy), ``dummy_top``
(its top card when ``dummy_reveal="before"`` shows it), ``spare`` (spare cards left, 0 or
1), ``spare_revealed`` (the spare once a bomb turned it up), ``score_sheet`` (one
:class:`ScoreRow` per finished deal).  Card lists are in :meth:`Card.sort_key` order, except
a trick's cards, which are in seat order (the 3-player dummy's last).

``history``: the current deal's public record, as the events that told it: a
:class:`ContractChosen` per seat (``auto`` for a seat's last contract), a
:class:`CardsExchanged` once everyone has passed (``pass_three``), and an
:class:`AnarchyTrickWon` per finished trick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pakka.cards import Card
from pakka.engine import Observation, PlayerView, TableView
from pakka.events import DealScored, Event, TrickWon
from pakka.games.anarchy.options import AnarchyOptions
from pakka.games.anarchy.rules import Contract

__all__ = [
    "AnarchyDealScored",
    "AnarchyPlayer",
    "AnarchyTable",
    "AnarchyTrickWon",
    "AnarchyView",
    "CardsExchanged",
    "ContractChosen",
    "PassedCards",
    "ReceivedCards",
    "ScoreRow",
]


@dataclass(frozen=True, slots=True)
class AnarchyPlayer(PlayerView):
    """What everyone knows about one seat (see the module docstring)."""

    cards: int
    committed: bool
    remaining: tuple[Contract, ...]
    won: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PassedCards:
    """The three cards the viewer passed this deal, and the seat they went to."""

    to: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ReceivedCards:
    """The three cards the viewer received this deal, and the seat they came from."""

    from_seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One finished deal on the score sheet: each seat's contract and score."""

    contracts: tuple[Contract, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AnarchyTrickWon(TrickWon):
    """A resolved trick.  Nobody wins it as a whole (``winner`` is ``None``): each card
    goes to its own captor.

    ``cards`` in seat order, the 3-player dummy's last, the spare shown in the place of a
    bombing joker in 3p/4p; ``played_by`` the seat of each (``None``: the dummy);
    ``captured_by`` the seat that captured each (``None``: the dead pile, which gets what
    the dummy captures and, with ``dup_tie="tied_keep_rest_dead"``, what nobody does);
    ``bomb`` the ranking was reversed; ``joker`` where the joker was played, as an index
    into ``cards`` and ``played_by`` (so the seat of a player, and ``played_by[joker]`` is
    ``None`` for the dummy), ``None`` if no joker was played.
    """

    captured_by: tuple[int | None, ...]
    bomb: bool
    joker: int | None


@dataclass(frozen=True, slots=True)
class AnarchyTable(TableView):
    """What lies on the table, and the viewer's own commit and pass (see the module
    docstring)."""

    dealer: int
    forehand: int
    contracts: tuple[Contract | None, ...]
    my_commit: Card | None
    my_pass: tuple[Card, ...] | None
    passed: PassedCards | None
    received: ReceivedCards | None
    last_trick: AnarchyTrickWon | None
    dead: tuple[Card, ...]
    out: tuple[Card, ...]
    dummy: int | None
    dummy_top: Card | None
    spare: int
    spare_revealed: Card | None
    score_sheet: tuple[ScoreRow, ...]


AnarchyView = Observation[AnarchyTable, AnarchyPlayer, AnarchyOptions]


@dataclass(frozen=True, slots=True, kw_only=True)
class ContractChosen(Event):
    """``seat`` took ``contract`` for this deal (``auto``: its last one, taken for it)."""

    type: ClassVar[str] = "contract_chosen"
    seat: int
    contract: Contract
    auto: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsExchanged(Event):
    """Everyone has passed three cards and they have changed hands (``pass_three``)."""

    type: ClassVar[str] = "cards_exchanged"


@dataclass(frozen=True, slots=True, kw_only=True)
class AnarchyDealScored(DealScored):
    """A deal is scored; ``contracts`` are the seats' contracts of the deal and ``won``
    the cards each seat captured in it (in :meth:`Card.sort_key` order; public, and gone
    from the view once the next deal is dealt)."""

    contracts: tuple[Contract, ...]
    won: tuple[tuple[Card, ...], ...] = ()

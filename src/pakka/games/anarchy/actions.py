"""Anarchy's actions: ``ChooseContract``, ``Play`` (one card) and ``PassCards`` (three cards).

``ChooseContract("hearts")`` is ``"hearts"`` / ``{"type": "contract", "contract": "hearts"}``
(any case is read); ``Play(card)`` is ``"S8"`` / ``{"type": "play", "cards": ["S8"]}``;
``PassCards(cards)`` is ``"S2 HK D5"`` / ``{"type": "pass_cards", "cards": ["S2", "HK",
"D5"]}``, its cards in :meth:`Card.sort_key` order.  The contracts and plays are built once
(tables below), so the engine's hot paths hash and compare no ``Card`` dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pakka.cards import JOKER_SUIT, Card, anarchy_deck
from pakka.engine import JSON, Action, IllegalAction, PlayCard, read_cards
from pakka.games.anarchy.rules import CONTRACTS, PASS_COUNT, Contract

__all__ = ["ChooseContract", "PassCards", "Play"]


@dataclass(frozen=True, slots=True)
class ChooseContract(Action):
    """Choose this deal's contract from one's remaining ones."""

    type = "contract"
    contract: Contract

    def __post_init__(self) -> None:
        if isinstance(self.contract, str) and not self.contract.islower():
            object.__setattr__(self, "contract", self.contract.lower())

    def __str__(self) -> str:
        return self.contract

    def to_json(self) -> JSON:
        return {"type": "contract", "contract": self.contract}

    @classmethod
    def from_json(cls, data: JSON) -> ChooseContract:
        name = data.get("contract")
        action = _CONTRACT_ACTIONS.get(name.lower()) if isinstance(name, str) else None
        if action is None:
            raise IllegalAction(
                None, data, f"contract must be one of {', '.join(CONTRACTS)}, not {name!r}"
            )
        return action


Play = PlayCard
"""A one-card play (the engine's shared action)."""


@dataclass(frozen=True, slots=True)
class PassCards(Action):
    """Pass three cards face down to the next live player (variant ``pass_three``)."""

    type = "pass_cards"
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    def to_json(self) -> JSON:
        return {"type": "pass_cards", "cards": [str(c) for c in self.cards]}

    @classmethod
    def from_json(cls, data: JSON) -> PassCards:
        return cls(tuple(sorted(read_cards(data, PASS_COUNT), key=Card.sort_key)))


_CONTRACT_ACTIONS: Final[dict[str, ChooseContract]] = {c: ChooseContract(c) for c in CONTRACTS}
_PACK: Final = tuple(anarchy_deck(5))
_DECKS: Final = {n: _PACK[: len(anarchy_deck(n))] for n in (3, 4, 5)}
"""The pack of each table size (the 5-player pack adds cards at the end), built once:
every deal deals these (immutable) objects."""
_SUIT_BASE: Final = {"S": 0, "H": 16, "D": 32, "C": 48, JOKER_SUIT: 64}
_PLAY_BY_KEY: list[Play | None] = [None] * 80
"""The play of each card value by ``_SUIT_BASE[suit] + rank``, an int in sort_key order;
each play holds the very card object first dealt of its value."""
for _card in _PACK:
    if _PLAY_BY_KEY[_SUIT_BASE[_card.suit] + _card.rank] is None:
        _PLAY_BY_KEY[_SUIT_BASE[_card.suit] + _card.rank] = Play(_card)


def _sort_key(card: Card) -> int:
    """:meth:`Card.sort_key` as one int (the same order, cheaper)."""
    return _SUIT_BASE[card.suit] + card.rank


_KEY_OF_ID: Final = {id(c): _SUIT_BASE[c.suit] + c.rank for c in _PACK}
"""Sort keys of the dealt card objects by identity (they live as long as the module)."""

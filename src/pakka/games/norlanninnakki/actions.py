"""Norlanninnakki's actions: ``Bid`` (``knock lurk in rest``), ``Discard`` (the buy) and
``Play`` (one card).

``Bid("knock")`` is ``"knock"`` / ``{"type": "bid", "bid": "knock"}``; ``Discard`` is
``"discard S8 H2"`` (``"discard none"`` keeps every card) / ``{"type": "discard", "cards":
["S8", "H2"]}``, its cards in card order whatever order they came in; ``Play`` is the
engine's one-card play.  The tables below build the common action values once, so the
engine's hot paths make, compare and hash as little as possible.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from pakka.cards import Card, deck_52, parse_cards
from pakka.engine import JSON, Action, IllegalAction, PlayCard, read_cards

__all__ = ["BIDS", "Bid", "BidWord", "DeclarationWord", "Discard", "Play"]

BidWord = Literal["knock", "lurk"]
"""What a player says in the bidding."""
DeclarationWord = Literal["in", "rest"]
"""What a player says after a knock in a later deal."""
BIDS: tuple[BidWord | DeclarationWord, ...] = ("knock", "lurk", "in", "rest")


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """``knock`` / ``lurk`` in the bidding; ``in`` / ``rest`` after a knock in later deals."""

    type = "bid"
    bid: BidWord | DeclarationWord

    def __str__(self) -> str:
        return self.bid

    def to_json(self) -> JSON:
        return {"type": "bid", "bid": self.bid}

    @classmethod
    def from_json(cls, data: JSON) -> Bid:
        word = data.get("bid")
        bid = _BID.get(word) if isinstance(word, str) else None
        if bid is None:
            raise IllegalAction(None, data, f"a bid is one of {', '.join(BIDS)}")
        return bid


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """The buy: put these cards away face down and draw replacements (the dealer one fewer)."""

    type = "discard"
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        # any order and notation in (``Discard("H2 S8")``), one canonical tuple out
        object.__setattr__(self, "cards", tuple(sorted(parse_cards(self.cards), key=Card.sort_key)))

    def __str__(self) -> str:
        return "discard " + (" ".join(map(str, self.cards)) if self.cards else "none")

    def to_json(self) -> JSON:
        return {"type": "discard", "cards": [str(c) for c in self.cards]}

    @classmethod
    def from_json(cls, data: JSON) -> Discard:
        return cls(tuple(read_cards(data)))


Play = PlayCard
"""A one-card play (the engine's shared action)."""


_set_cards = Discard.__dict__["cards"].__set__  # the slot, past the frozen __setattr__


def _discard(cards: tuple[Card, ...]) -> Discard:
    """A ``Discard`` of cards already in canonical order, skipping the normalisation."""
    action = object.__new__(Discard)
    _set_cards(action, cards)
    return action


_BID: dict[str, Bid] = {b: Bid(b) for b in BIDS}
_KNOCK_LURK: list[Action] = [_BID["knock"], _BID["lurk"]]
_IN_REST: list[Action] = [_BID["in"], _BID["rest"]]
_DECK = tuple(deck_52())
"""The pack, built once: every deal deals these (immutable) objects."""
_SUIT_BASE = {"S": 0, "H": 16, "D": 32, "C": 48}
_PLAY_BY_KEY: list[Play | None] = [None] * 64
"""The play of each card by ``_SUIT_BASE[suit] + rank``, an int in sort_key order."""
for _card in _DECK:
    _PLAY_BY_KEY[_SUIT_BASE[_card.suit] + _card.rank] = Play(_card)
_KEY_OF_ID = {id(c): _SUIT_BASE[c.suit] + c.rank for c in _DECK}
"""Sort keys of the dealt card objects by identity (they live as long as the module)."""


_CARD_BY_KEY: dict[int, Card] = {_SUIT_BASE[c.suit] + c.rank: c for c in _DECK}
_SMALL_DISCARDS: dict[tuple[int, ...], Discard] = {
    keys: _discard(tuple(_CARD_BY_KEY[k] for k in keys))
    for size in range(3)
    for keys in combinations(sorted(_CARD_BY_KEY), size)
}
"""Every discard of at most two cards (1,379) by the ``_SUIT_BASE[suit] + rank`` keys."""


def _sort_key(card: Card) -> int:
    """:meth:`Card.sort_key` as one int (same order, cheaper)."""
    return _SUIT_BASE[card.suit] + card.rank

"""Pentagrammi's actions: ``Play`` (one card) and ``PassCards`` (one card to each neighbour).

``Play(card)`` is ``"S8"`` / ``{"type": "play", "cards": ["S8"]}``; ``PassCards(left,
right)`` is ``"left:S8 right:HK"`` / ``{"type": "pass_cards", "cards": ["S8", "HK"]}`` =
[to the left neighbour ``seat+1``, to the right neighbour ``seat-1``].  Every action value
is built once (tables below), so the engine's hot paths compare and hash nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from pakka.cards import CLUBS, DIAMONDS, HEARTS, JOKER_SUIT, SPADES, Card, deck_with_jokers
from pakka.engine import JSON, Action, PlayCard, read_cards
from pakka.games.pentagrammi.rules import JOKERS, PLAYERS

__all__ = ["PassCards", "Play"]


Play = PlayCard
"""A one-card play (the engine's shared action)."""


@dataclass(frozen=True, slots=True)
class PassCards(Action):
    """Pass ``left`` to the left neighbour (seat+1) and ``right`` to the right one (seat-1)."""

    type = "pass_cards"
    left: Card
    right: Card

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.left, self.right)

    def __str__(self) -> str:
        return f"left:{self.left} right:{self.right}"

    def to_json(self) -> JSON:
        return {"type": "pass_cards", "cards": [str(self.left), str(self.right)]}

    @classmethod
    def from_json(cls, data: JSON) -> PassCards:
        left, right = read_cards(data, 2)
        return cls(left, right)


_DECK = tuple(deck_with_jokers(JOKERS))
"""The pack in :meth:`Card.sort_key` order, built once: every deal deals these objects."""
_PLAY: dict[Card, Play] = {c: Play(c) for c in _DECK[: -JOKERS + 1]}
_ORDERED = sorted(_PLAY, key=Card.sort_key)
_VALUES = len(_ORDERED)
_ID = {c: i for i, c in enumerate(_ORDERED)}
"""Each card value's place in :meth:`Card.sort_key` order (the joker last)."""
_PASS = [PassCards(a, b) for a in _ORDERED for b in _ORDERED]
"""Every pass action by ``id(left) * _VALUES + id(right)``, built once."""
_PASS_ROWS = [_PASS[a * _VALUES : (a + 1) * _VALUES] for a in range(_VALUES)]
"""The pass actions by ``[id(left)][id(right)]``."""
_TO_ACT = [frozenset((s,)) for s in range(PLAYERS)]

# Tables by ``[card.suit][card.rank]``: the hot paths read a card's action, place and
# notation without hashing or comparing ``Card`` dataclasses (Python-level calls).
_PLAY_OF: dict[str, list[Play]] = {}
_ID_OF: dict[str, list[int]] = {}
_NAME: dict[str, list[str]] = {}
for _card, _i in _ID.items():
    _PLAY_OF.setdefault(_card.suit, [_PLAY[_card]] * 15)[_card.rank] = _PLAY[_card]
    _ID_OF.setdefault(_card.suit, [0] * 15)[_card.rank] = _i
    _NAME.setdefault(_card.suit, [""] * 15)[_card.rank] = str(_card)


_SUIT_BASE = {SPADES: 0, HEARTS: 16, DIAMONDS: 32, CLUBS: 48, JOKER_SUIT: 64}


def _sort_key(card: Card) -> int:
    """:meth:`Card.sort_key` as one int (same order, cheaper)."""
    return _SUIT_BASE[card.suit] + card.rank


_PLAY_BY_ID = {id(c): _PLAY_OF[c.suit][c.rank] for c in _DECK}
"""The play of each dealt card object by identity (they live as long as the module)."""

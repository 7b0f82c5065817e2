"""Guandan's actions: :class:`Play` (cards and their reading; :data:`PASS` has none) and
:class:`Return` (a tribute receiver's return card).

Wire shapes: ``{"type": "play", "cards": ["H7", "S3", "S4", "S5", "S6"], "combo":
{"type": "straight", "key": "3-7"}}``, ``{"type": "pass"}``, ``{"type": "return", "cards":
["S3"]}``; ``str()``: ``H7 S3 S4 S5 S6 straight 3-7``, ``pass``, ``return S3``.  A play read
from JSON keeps its cards in the given order and is accepted if the reading fits at some
level; whether it fits the deal's level is the state's question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pakka.cards import Card
from pakka.engine import JSON, Action, IllegalAction, read_cards
from pakka.games.guandan.combos import (
    KIND_CARDS,
    TYPES,
    Combo,
    card_kind,
    reading_key,
    reading_value,
    readings,
    sort_kinds,
)

__all__ = ["PASS", "Play", "Return"]


@dataclass(frozen=True, slots=True)
class Play(Action):
    """A play: its cards (in play order) and its reading; ``combo is None`` is a pass."""

    type = "play"
    tags = ("play", "pass")
    cards: tuple[Card, ...]
    combo: Combo | None

    def __str__(self) -> str:
        if self.combo is None:
            return "pass"
        return " ".join([_STR[c.suit, c.rank] for c in self.cards]) + f" {self.combo}"

    def to_json(self) -> JSON:
        if self.combo is None:
            return {"type": "pass"}
        return {
            "type": "play",
            "cards": [_STR[c.suit, c.rank] for c in self.cards],
            "combo": {"type": self.combo.type, "key": self.combo.key},
        }

    @classmethod
    def from_json(cls, data: JSON) -> Play:
        """A pass, or a play whose cards can be read as its combo at some level."""
        if data.get("type") == "pass":
            if len(data) != 1:
                raise IllegalAction(None, data, 'a pass is {"type": "pass"} and nothing more')
            return PASS
        return _play_from_json(data)

    @property
    def is_pass(self) -> bool:
        return self.combo is None

    @classmethod
    def of(cls, combo: Combo) -> Play:
        """The play of a combo."""
        return cls(combo.cards, combo)


_STR: Final = {(c.suit, c.rank): str(c) for c in KIND_CARDS}

PASS: Final = Play((), None)
"""Passing (only when following)."""


@dataclass(frozen=True, slots=True)
class Return(Action):
    """A tribute receiver's return card."""

    type = "return"
    card: Card

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def __str__(self) -> str:
        return f"return {self.card}"

    def to_json(self) -> JSON:
        return {"type": "return", "cards": [str(self.card)]}

    @classmethod
    def from_json(cls, data: JSON) -> Return:
        return cls(read_cards(data, 1)[0])


_FROM_JSON: dict[tuple[tuple[str, ...], str, str], Play] = {}
"""Plays already read from JSON (bounded; actions are immutable)."""
_FROM_JSON_MAX: Final = 50_000


def _play_from_json(data: JSON) -> Play:
    """A play from its JSON (cards in the given order) if the reading fits at some level."""
    combo = data.get("combo")
    if not isinstance(combo, dict) or combo.get("type") not in TYPES:
        raise IllegalAction(
            None,
            data,
            'a play names its combo, {"type": ..., "key": ...}, with a type one of '
            + ", ".join(TYPES),
        )
    ctype, key = combo["type"], combo.get("key")
    if not isinstance(key, str):
        raise IllegalAction(None, data, f"the {ctype} combo needs its key, e.g. '7' or '3-7'")
    raw = data.get("cards")
    memo: tuple[tuple[str, ...], str, str] | None = None
    if isinstance(raw, list) and all(isinstance(t, str) for t in raw):
        memo = (tuple(raw), ctype, key)
        known = _FROM_JSON.get(memo)
        if known is not None:
            return known
    cards = tuple(read_cards(data))
    if not 1 <= len(cards) <= 10:
        raise IllegalAction(None, data, "a play has 1-10 cards")
    play = _read_play(data, cards, ctype, key)
    if memo is not None:
        if len(_FROM_JSON) > _FROM_JSON_MAX:
            _FROM_JSON.clear()
        _FROM_JSON[memo] = play
    return play


def _read_play(data: JSON, cards: tuple[Card, ...], ctype: str, key: str) -> Play:
    """The play of ``cards`` read as ``ctype key`` at the first level where it fits."""
    try:
        kinds = [card_kind(c) for c in cards]
    except ValueError as exc:
        raise IllegalAction(None, data, str(exc)) from None
    hearts = {c.rank for c in cards if c.suit == "H"}
    plain = next(r for r in range(2, 15) if r not in hearts)
    for level in [*sorted(hearts), plain]:
        ks = list(sort_kinds(kinds, level))
        for t, r in readings(ks, level):
            if t == ctype and reading_key(t, r, len(ks)) == key:
                return Play(cards, Combo(t, key, cards, reading_value(t, r, len(ks), level)))
    names = " ".join(str(c) for c in cards)
    raise IllegalAction(None, data, f"{names} cannot be read as {ctype} {key} at any level")

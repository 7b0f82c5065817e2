"""Guandan combinations: the card kinds, power order, :class:`Combo` and :func:`classify`.

Card kinds
    Move generation works on *kinds*, not physical cards: kind ``(rank - 2) * 4 + suit``
    for the natural cards (suits in ``S H D C`` order, ranks 2..A), 52 for ``BJ`` and 53
    for ``RJ``.  The two copies of a card are the same kind: two copies of ``S5`` are the
    same card for every rule.

Power and sequence order
    :func:`power` gives the single/pair/triple/bomb order of a rank at level ``L``:
    natural ranks keep their value (2..14) except ``L``, which is 15; ``BJ`` is 16 and
    ``RJ`` 17.  Sequences use natural ranks, the ace low (1) or high (14).

Wild cards
    The heart of rank ``L`` is *wild*: in any combination of two or more cards it stands
    for any card 2..A of any suit (never a joker), itself included.  Alone it is a single
    of ``L``; two wilds alone are a pair of ``L``.  A *reading* is a ``(type, key)``
    pair.  Readings that only differ in which card a wild stands for are the same
    reading: ``S5 D5 C5 H7 H7`` at level 7 is one full house of 5s whether the wilds are
    read as two 7s or two 9s.

Key notation (the ``key`` of a :class:`Combo`, also on the wire)
    ``single pair triple full_house``: the rank label of the (triple) rank: ``"7"``,
    ``"10"``, ``"A"``, ``"BJ"``, ``"RJ"``.
    ``straight straight_flush tube plate``: ``"<low>-<high>"`` of the natural window,
    the ace written ``A`` at either end: ``"A-5"``, ``"3-7"``, ``"10-A"`` (straights),
    ``"A-3"``..``"Q-A"`` (tubes), ``"A-2"``..``"K-A"`` (plates).
    ``bomb``: ``"<size>x<rank>"``: ``"4x9"``, ``"10x7"``.  ``joker_bomb``: ``"jokers"``.

Order (``Combo.beats``)
    Non-bombs beat only the same type (same size implied) with a higher key.  Bombs
    (``bomb straight_flush joker_bomb``) beat every non-bomb; among them 4-bomb < 5-bomb
    < straight flush < 6-bomb < ... < 10-bomb < joker bomb, higher rank (power) within a
    size, higher window between straight flushes; suits never break ties.

A natural five-card same-suit sequence is only a straight flush, never a plain straight;
with a wild a straight can always be read as non-flush (the wild takes another suit), so
``H7 S3 S4 S5 S6`` at level 7 is a straight and a straight flush, of 2-6 and of 3-7.

>>> [str(c) for c in classify("H7 S3 S4 S5 S6", "7")]
['straight 2-6', 'straight 3-7', 'straight_flush 2-6', 'straight_flush 3-7']
>>> [str(c) for c in classify("H7 H7 S9 D9 C9", "7")]
['full_house 9', 'bomb 5x9']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from pakka.cards import BLACK_JOKER, JOKER_SUIT, RED_JOKER, SUITS, Card, parse_cards

__all__ = [
    "BJ_KIND",
    "BOMB_TYPES",
    "RJ_KIND",
    "TYPES",
    "Combo",
    "card_kind",
    "classify",
    "kind_card",
    "level_rank",
    "power",
    "rank_label",
]

TYPES: Final = (
    "single",
    "pair",
    "triple",
    "full_house",
    "straight",
    "tube",
    "plate",
    "bomb",
    "straight_flush",
    "joker_bomb",
)
"""Every combination type, in the order plays are listed."""
BOMB_TYPES: Final = frozenset({"bomb", "straight_flush", "joker_bomb"})
"""The bomb class: beats every other type."""
TYPE_INDEX: Final = {t: i for i, t in enumerate(TYPES)}

BJ_KIND: Final = 52
RJ_KIND: Final = 53
N_KINDS: Final = 54

_LABELS: Final = {
    **{r: str(r) for r in range(2, 11)},
    1: "A",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
    15: "BJ",
    16: "RJ",
}
_LEVELS: Final = {
    **{str(r): r for r in range(2, 11)},
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
}

KIND_CARDS: Final = tuple(
    [Card(SUITS[k % 4], k // 4 + 2) for k in range(52)]
    + [Card(JOKER_SUIT, BLACK_JOKER), Card(JOKER_SUIT, RED_JOKER)]
)
_SUIT_INDEX: Final = {s: i for i, s in enumerate(SUITS)}

JOKER_BOMB_VALUE: Final = 100_000
SF_VALUE: Final = 5_500


def level_rank(level: str | int) -> int:
    """The natural rank (2..14) of a level given as ``"2"``..``"10"``, ``"J"``..``"A"`` or int.

    >>> level_rank("10"), level_rank("A"), level_rank(7)
    (10, 14, 7)
    """
    if isinstance(level, int) and not isinstance(level, bool):
        if 2 <= level <= 14:
            return level
    elif isinstance(level, str) and level.strip().upper() in _LEVELS:
        return _LEVELS[level.strip().upper()]
    raise ValueError(f"bad level {level!r}: a level is 2-10, J, Q, K or A")


def rank_label(rank: int) -> str:
    """``"2"``..``"10"``, ``"J"``..``"A"`` for ranks 2..14 (1 is the low ace), ``BJ``, ``RJ``."""
    return _LABELS[rank]


def card_kind(card: Card) -> int:
    """The kind index of a card (see the module docstring)."""
    if card.suit == JOKER_SUIT:
        if card.rank == BLACK_JOKER:
            return BJ_KIND
        if card.rank == RED_JOKER:
            return RJ_KIND
        raise ValueError(f"{card} is not a Guandan card")
    return (card.rank - 2) * 4 + _SUIT_INDEX[card.suit]


def kind_card(kind: int) -> Card:
    """The card of a kind (copy 0)."""
    return KIND_CARDS[kind]


def wild_kind(level: int) -> int:
    """The kind of the wild card (the heart of the level rank)."""
    return (level - 2) * 4 + 1


def power(rank: int, level: int) -> int:
    """Power of a rank (``BJ`` = 15, ``RJ`` = 16) for singles, pairs, triples and bombs.

    >>> [power(r, 7) for r in (6, 8, 14, 7, 15, 16)]
    [6, 8, 14, 15, 16, 17]
    """
    if rank == level:
        return 15
    if rank >= 15:
        return rank + 1
    return rank


def sort_kinds(kinds: Iterable[int], level: int) -> tuple[int, ...]:
    """Kinds in play order: wilds first, then by rank and suit, jokers last."""
    wild = wild_kind(level)
    ks = sorted(kinds)
    n_wild = ks.count(wild)
    if not n_wild:
        return tuple(ks)
    return (wild,) * n_wild + tuple(k for k in ks if k != wild)


@dataclass(frozen=True, slots=True)
class Combo:
    """One reading of a set of cards: its type, key (see the module docstring) and cards.

    ``value`` orders combos of one type (power, window, or bomb strength) at the level
    the combo was read at; it takes no part in equality.
    """

    type: str
    key: str
    cards: tuple[Card, ...]
    value: int = field(default=0, compare=False, repr=False)

    @property
    def is_bomb(self) -> bool:
        return self.type in BOMB_TYPES

    def beats(self, other: Combo) -> bool:
        """Whether this combo may be played on ``other``.

        >>> a, b = classify("S9 D9 C9 H9", "2")[0], classify("S3 D3 C3 H3 S3", "2")[0]
        >>> b.beats(a), a.beats(b), a.beats(a)
        (True, False, False)
        """
        if self.type in BOMB_TYPES:
            return other.type not in BOMB_TYPES or self.value > other.value
        return self.type == other.type and self.value > other.value

    def to_json(self) -> dict[str, str]:
        return {"type": self.type, "key": self.key}

    def __str__(self) -> str:
        return f"{self.type} {self.key}"


def window_key(start: int, length: int) -> str:
    """The key of a sequence window starting at natural rank ``start`` (1 = low ace)."""
    return f"{_LABELS[start]}-{_LABELS[start + length - 1]}"


def window_ranks(start: int, length: int) -> tuple[int, ...]:
    """Natural ranks of a window in ascending kind order (a low ace listed last)."""
    ranks = [14 if r == 1 else r for r in range(start, start + length)]
    return tuple(sorted(ranks))


def reading_value(ctype: str, rank_or_start: int, size: int, level: int) -> int:
    """The ``value`` of a reading: see :class:`Combo`."""
    if ctype in ("straight", "tube", "plate"):
        return rank_or_start
    if ctype == "straight_flush":
        return SF_VALUE + rank_or_start
    if ctype == "bomb":
        return size * 1000 + power(rank_or_start, level)
    if ctype == "joker_bomb":
        return JOKER_BOMB_VALUE
    return power(rank_or_start, level)


def reading_key(ctype: str, rank_or_start: int, size: int) -> str:
    """The key string of a reading."""
    if ctype in ("straight", "straight_flush"):
        return window_key(rank_or_start, 5)
    if ctype == "tube":
        return window_key(rank_or_start, 3)
    if ctype == "plate":
        return window_key(rank_or_start, 2)
    if ctype == "bomb":
        return f"{size}x{_LABELS[rank_or_start]}"
    if ctype == "joker_bomb":
        return "jokers"
    return _LABELS[rank_or_start]


def _window_fits(present: list[int], start: int, length: int) -> bool:
    ranks = window_ranks(start, length)
    return all(r in ranks for r in present)


def readings(kinds: list[int], level: int) -> list[tuple[str, int]]:
    """Every reading ``(type, rank or window start)`` of a list of kinds, in listing order.

    The size of a bomb is the number of cards.
    """
    n = len(kinds)
    wild = wild_kind(level)
    n_wild = bj = rj = 0
    counts = [0] * 15
    suits = set()
    for k in kinds:
        if k == wild:
            n_wild += 1
        elif k == BJ_KIND:
            bj += 1
        elif k == RJ_KIND:
            rj += 1
        else:
            counts[k // 4 + 2] += 1
            suits.add(k % 4)
    present = [r for r in range(2, 15) if counts[r]]
    out: list[tuple[str, int]] = []
    if n == 1:
        if n_wild:
            return [("single", level)]
        if bj or rj:
            return [("single", 15 if bj else 16)]
        return [("single", present[0])]
    if bj or rj:
        if n == 2 and (bj == 2 or rj == 2):
            out.append(("pair", 15 if bj else 16))
        elif n == 4 and bj == 2 and rj == 2:
            out.append(("joker_bomb", 0))
        elif n == 5 and bj + rj == 2 and (bj == 2 or rj == 2) and len(present) == 1:
            out.append(("full_house", present[0]))
        return out
    same = len(present) <= 1
    rank = present[0] if present else level
    if same and n == 2:
        out.append(("pair", rank))
    elif same and n == 3:
        out.append(("triple", rank))
    if n == 5:
        for t in sorted(range(2, 15), key=lambda r: power(r, level)):
            nt = counts[t]
            if 1 <= nt <= 3 and nt + n_wild >= 3 and len([r for r in present if r != t]) <= 1:
                out.append(("full_house", t))
        if max(counts) <= 1:
            windows = [s for s in range(1, 11) if _window_fits(present, s, 5)]
            flush = len(suits) == 1
            if n_wild or not flush:
                out += [("straight", s) for s in windows]
            if flush:
                out += [("straight_flush", s) for s in windows]
    if n == 6:
        if max(counts) <= 2:
            out += [("tube", s) for s in range(1, 13) if _window_fits(present, s, 3)]
        if max(counts) <= 3:
            out += [("plate", s) for s in range(1, 14) if _window_fits(present, s, 2)]
    if same and 4 <= n <= 10:
        out.append(("bomb", rank))
    out.sort(key=lambda tr: TYPE_INDEX[tr[0]])
    return out


def make_combo(ctype: str, rank_or_start: int, kinds: tuple[int, ...], level: int) -> Combo:
    """A :class:`Combo` from a reading and the kinds of its cards (already in play order)."""
    n = len(kinds)
    return Combo(
        ctype,
        reading_key(ctype, rank_or_start, n),
        tuple(KIND_CARDS[k] for k in kinds),
        reading_value(ctype, rank_or_start, n, level),
    )


def classify(cards: Iterable[Card | str] | str, level: str | int) -> list[Combo]:
    """Every legal reading of a set of cards at a level (empty if none).

    Readings are listed by type (``TYPES`` order), then rising key.

    >>> [str(c) for c in classify("S5 D5 H7 S9 D9", "7")]
    ['full_house 5', 'full_house 9']
    >>> classify("H7 BJ", "7"), [str(c) for c in classify("SA D2 C3 S4 H5", "7")]
    ([], ['straight A-5'])
    """
    lv = level_rank(level)
    kinds = sort_kinds((card_kind(c) for c in parse_cards(cards)), lv)
    if not 1 <= len(kinds) <= 10:
        return []
    return [make_combo(t, r, kinds, lv) for t, r in readings(list(kinds), lv)]

"""pakka Guandan <-> the Guandan AI competition's wire format (what ai1..ai9 read).

Cards: pakka ``S10`` ``H7`` ``BJ`` ``RJ`` <-> competition ``ST`` ``H7`` ``SB`` ``HR``.
Actions: competition entries are ``[type, rank, cards]``:

* type: ``Single Pair Trips ThreePair ThreeWithTwo TwoTrips Straight StraightFlush Bomb
  PASS tribute back``;
* rank: the combo's rank letter (``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``, ``B``,
  ``R``; sequences: their lowest rank, ``A`` for A-5; the joker bomb: ``JOKER``); a pass is
  ``["PASS", "PASS", "PASS"]``;
* cards: the actual cards; a wild (the heart of the level rank) stands at the place of the
  card it replaces, as the competition server writes it (``["Straight", "6", ["S6", "H7",
  "D8", "H2", "HT"]]``).

>>> card_out("S10"), card_out("RJ"), card_in("ST"), card_in("SB")
('ST', 'HR', 'S10', 'BJ')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pakka.engine import Action
from pakka.games.guandan import Play

Entry = list[Any]
"""A competition action entry ``[type, rank, cards]``."""

TYPE_OUT = {
    "single": "Single",
    "pair": "Pair",
    "triple": "Trips",
    "full_house": "ThreeWithTwo",
    "straight": "Straight",
    "tube": "ThreePair",
    "plate": "TwoTrips",
    "bomb": "Bomb",
    "straight_flush": "StraightFlush",
    "joker_bomb": "Bomb",
}
TYPE_ORDER = {
    "Single": 0,
    "Pair": 1,
    "Trips": 2,
    "ThreePair": 3,
    "ThreeWithTwo": 4,
    "TwoTrips": 5,
    "Straight": 6,
}
"""The order in which the competition server lists the non-bomb types (recorded messages)."""
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}
PASS_ENTRY: Entry = ["PASS", "PASS", "PASS"]
NONE_ENTRY: Entry = [None, None, None]

_RANK_NUM = {"A": 14, "K": 13, "Q": 12, "J": 11, "10": 10, "BJ": 15, "RJ": 16}


def rank_num(text: str) -> int:
    """pakka rank text (``2``..``10``, ``J``, ``Q``, ``K``, ``A``, ``BJ``, ``RJ``) -> 2..16."""
    r = _RANK_NUM.get(text)
    return r if r is not None else int(text)


def rank_letter(r: int) -> str:
    """2..14 (1 = ace low), 15 BJ, 16 RJ -> the competition's letter."""
    return {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A", 15: "B", 16: "R"}.get(r, str(r))


def level_letter(level: str) -> str:
    return "T" if level == "10" else level


def card_out(label: str) -> str:
    if label == "RJ":
        return "HR"
    if label == "BJ":
        return "SB"
    suit, rank = label[0], label[1:]
    return suit + ("T" if rank == "10" else rank)


def card_in(label: str) -> str:
    if label == "HR":
        return "RJ"
    if label == "SB":
        return "BJ"
    return label[0] + ("10" if label[1] == "T" else label[1])


def _card_rank(label: str) -> int:
    """Competition label -> 2..14, 15 SB, 16 HR."""
    if label == "SB":
        return 15
    if label == "HR":
        return 16
    return {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}.get(label[1]) or int(label[1])


def power_key(label: str, level: int) -> tuple[int, int]:
    """Sort key for hand cards: power order (the level rank above A), then suit S H C D."""
    r = _card_rank(label)
    p = r if r < 15 else r + 1
    if r == level:
        p = 15
    return (p, SUIT_ORDER.get(label[0], 0))


def sort_hand(labels: Sequence[str], level: int) -> list[str]:
    return sorted(labels, key=lambda c: power_key(c, level))


def _window(key: str) -> tuple[int, int]:
    lo, hi = key.split("-")
    lo_n = 1 if lo == "A" else rank_num(lo)
    return lo_n, rank_num(hi)


def _arrange(cards: list[str], slots: list[int], level: int) -> list[str]:
    """The competition server's card order.

    Slot by slot (ranks in sequence order): the natural cards of the slot's rank in hand
    order (suits S H C D), the wild hearts of the level rank in the slots no natural card
    fills (at the end of their rank group); in a group of the level rank itself the hearts
    count as natural and the group is in suit order (the server writes ``['H2', 'C2']``).
    """
    left = sorted(cards, key=lambda c: SUIT_ORDER.get(c[0], 0))
    out: list[str | None] = [None] * len(slots)
    for k, s in enumerate(slots):  # natural cards first (the level hearts held back as wilds)
        want = 14 if s == 1 else s
        idx = next(
            (
                i
                for i, c in enumerate(left)
                if _card_rank(c) == want and not (c[0] == "H" and want == level)
            ),
            None,
        )
        if idx is not None:
            out[k] = left.pop(idx)
    it = iter(left)
    placed = [c if c is not None else next(it) for c in out]
    k = 0
    while k < len(slots):  # groups of the level rank: suit order
        j = k
        while j < len(slots) and slots[j] == slots[k]:
            j += 1
        if (14 if slots[k] == 1 else slots[k]) == level and j - k > 1:
            placed[k:j] = sorted(placed[k:j], key=lambda c: SUIT_ORDER.get(c[0], 0))
        k = j
    return placed


def action_out(play: Play, level_str: str) -> Entry:
    """A pakka :class:`Play` (or the pass) as a competition entry ``[type, rank, cards]``.

    >>> from pakka.games.guandan import legal_plays
    >>> [action_out(p, "2") for p in legal_plays("H2 S6 D8 S10 H7", "2")][-1]
    ['Straight', '6', ['S6', 'H7', 'D8', 'H2', 'ST']]
    """
    combo = play.combo
    if combo is None:
        return list(PASS_ENTRY)
    level = rank_num(level_str)
    cards = [card_out(str(c)) for c in play.cards]
    t, key = combo.type, combo.key
    if t == "joker_bomb":
        return ["Bomb", "JOKER", ["SB", "SB", "HR", "HR"]]
    if t in ("single", "pair", "triple"):
        r = rank_num(key)
        n = len(cards)
        return [TYPE_OUT[t], rank_letter(r), _arrange(cards, [r] * n, level) if r < 15 else cards]
    if t == "bomb":
        size, r_text = key.split("x")
        r = rank_num(r_text)
        return ["Bomb", rank_letter(r), _arrange(cards, [r] * int(size), level)]
    if t == "full_house":
        r = rank_num(key)
        # the pair's rank: a natural card not of the triple's rank (wilds excluded), else the level
        others = [
            _card_rank(c)
            for c in cards
            if _card_rank(c) != r and not (c[0] == "H" and _card_rank(c) == level)
        ]
        p = others[0] if others else level
        if p >= 15:  # a pair of jokers
            trip = _arrange([c for c in cards if _card_rank(c) < 15], [r] * 3, level)
            return [
                "ThreeWithTwo",
                rank_letter(r),
                trip + [c for c in cards if _card_rank(c) >= 15],
            ]
        return ["ThreeWithTwo", rank_letter(r), _arrange(cards, [r] * 3 + [p] * 2, level)]
    lo, _ = _window(key)
    if t in ("straight", "straight_flush"):
        slots = list(range(lo, lo + 5))
    elif t == "tube":
        slots = [x for x in range(lo, lo + 3) for _ in range(2)]
    elif t == "plate":
        slots = [x for x in range(lo, lo + 2) for _ in range(3)]
    else:
        raise ValueError(f"unknown combo type {t}")
    return [TYPE_OUT[t], rank_letter(lo), _arrange(cards, slots, level)]


def action_list(legal: Sequence[Action], level_str: str) -> tuple[list[Entry], list[Action]]:
    """``(entries, pakka actions)`` in the competition server's order.

    The pass first when following, then the non-bomb types in the server's type order (each
    by rising value, pakka's order), then the bombs by rising strength (pakka's order).
    """
    rows: list[tuple[tuple[int, int], Entry, Action]] = []
    for i, a in enumerate(legal):
        assert isinstance(a, Play)
        e = action_out(a, level_str)
        if e[0] == "PASS":
            k = (-1, i)
        elif e[0] in TYPE_ORDER:
            k = (TYPE_ORDER[e[0]], i)
        else:
            k = (100, i)
        rows.append((k, e, a))
    rows.sort(key=lambda x: x[0])
    return [r[1] for r in rows], [r[2] for r in rows]

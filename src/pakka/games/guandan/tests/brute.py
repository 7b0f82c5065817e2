"""An independent, slow enumerator of Guandan plays (shares no code with the engine's
classifier or move generator): every sub-multiset of a hand of up to 10 cards, every
assignment of the wild cards to a natural card, read by a plain classifier that knows no
wilds.  Used to verify ``tests/perft/guandan.perft`` and in property tests."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, product

from pakka.cards import Card, parse_cards

RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10"}
RANK_NAMES |= {11: "J", 12: "Q", 13: "K", 14: "A", 1: "A", 15: "BJ", 16: "RJ"}
BOMBS = ("bomb", "straight_flush", "joker_bomb")


def strength(level: int, rank: int) -> int:
    """Single/pair/bomb order: 2 < ... < A < level < BJ < RJ (jokers are 15, 16)."""
    if rank in (15, 16):
        return rank + 10
    return 20 if rank == level else rank


def plain_readings(cards: list[tuple[str, int]], level: int) -> set[tuple[str, str]]:
    """Readings of natural cards ``(suit, rank)`` (jokers: suit 'J', rank 15/16), no wilds."""
    key = (tuple(sorted(r for _, r in cards)), len({s for s, _ in cards}) == 1)
    found = _MEMO.get(key)
    if found is None:
        found = _MEMO[key] = _plain(cards)
    return found


_MEMO: dict[tuple[tuple[int, ...], bool], set[tuple[str, str]]] = {}


def _plain(cards: list[tuple[str, int]]) -> set[tuple[str, str]]:
    n = len(cards)
    ranks = Counter(r for _, r in cards)
    suits = {s for s, _ in cards}
    out: set[tuple[str, str]] = set()
    jokers = ranks[15] + ranks[16]
    if n == 1:
        out.add(("single", RANK_NAMES[cards[0][1]]))
    if n == 2 and len(ranks) == 1:
        out.add(("pair", RANK_NAMES[cards[0][1]]))
    if n == 3 and len(ranks) == 1 and not jokers:
        out.add(("triple", RANK_NAMES[cards[0][1]]))
    if n == 4 and ranks[15] == 2 and ranks[16] == 2:
        out.add(("joker_bomb", "jokers"))
    if 4 <= n <= 10 and len(ranks) == 1 and not jokers:
        out.add(("bomb", f"{n}x{RANK_NAMES[cards[0][1]]}"))
    if n == 5 and sorted(ranks.values()) == [2, 3]:
        triple = next(r for r, c in ranks.items() if c == 3)
        if triple < 15:
            out.add(("full_house", RANK_NAMES[triple]))
    if not jokers and n in (5, 6):
        for width in (5,) if n == 5 else (3, 2):
            per = n // width
            if any(c != per for c in ranks.values()) or len(ranks) != width:
                continue
            for low in range(1, 16 - width):
                window = [14 if r == 1 else r for r in range(low, low + width)]
                if sorted(window) == sorted(ranks):
                    name = {5: "straight", 3: "tube", 2: "plate"}[width]
                    if width == 5 and len(suits) == 1:
                        name = "straight_flush"
                    out.add((name, f"{RANK_NAMES[low]}-{RANK_NAMES[low + width - 1]}"))
    return out


def brute_plays(hand: str | list[Card], level: int) -> set[tuple[tuple[str, ...], str, str]]:
    """Every distinct play ``(sorted card strings, type, key)`` of a hand at a level."""
    cards = Counter(str(c) for c in parse_cards(hand))
    wild = f"H{RANK_NAMES[level]}"
    kinds = sorted(cards)
    result: set[tuple[tuple[str, ...], str, str]] = set()
    naturals = [(s, r) for s in "SHDC" for r in range(2, 15)]
    for counts in product(*(range(cards[k] + 1) for k in kinds)):
        size = sum(counts)
        if not 1 <= size <= 10:
            continue
        chosen = [k for k, c in zip(kinds, counts, strict=True) for _ in range(c)]
        n_wild = chosen.count(wild)
        fixed = [_card(c) for c in chosen if c != wild]
        key = tuple(sorted(chosen))
        if n_wild == size:  # wilds alone: a single or a pair of the level rank
            result.add((key, "single" if size == 1 else "pair", RANK_NAMES[level]))
            continue
        # a substitute's suit only matters through "all one suit": the suits present and
        # one other suit stand for all four
        suits = sorted({s for s, _ in fixed if s != "J"})
        suits += [s for s in "SHDC" if s not in suits][:1]
        pool = [c for c in naturals if c[0] in suits]
        for sub in combinations_with_replacement(pool, n_wild):
            for ctype, ckey in plain_readings(fixed + list(sub), level):
                result.add((key, ctype, ckey))
    return result


def _card(token: str) -> tuple[str, int]:
    card = parse_cards(token)[0]
    return ("J", card.rank) if card.is_joker else (card.suit, card.rank)


def order(ctype: str, ckey: str, level: int) -> tuple[int, int]:
    """(class, value) for comparisons: class 1 = bombs."""
    value_of = {v: k for k, v in RANK_NAMES.items() if k != 1}
    if ctype == "joker_bomb":
        return (1, 10**6)
    if ctype == "straight_flush":
        return (1, 5 * 100 + 50 + _low(ckey))
    if ctype == "bomb":
        n, r = ckey.split("x")
        return (1, int(n) * 100 + strength(level, value_of[r]))
    if ctype in ("straight", "tube", "plate"):
        return (0, _low(ckey))
    return (0, strength(level, value_of[ckey]))


def _low(ckey: str) -> int:
    low = ckey.split("-")[0]
    return 1 if low == "A" else {"J": 11, "Q": 12, "K": 13}.get(low, 0) or int(low)


def brute_beats(a: tuple[str, str], b: tuple[str, str], level: int) -> bool:
    """Whether reading ``a`` beats reading ``b``."""
    ca, va = order(*a, level)
    cb, vb = order(*b, level)
    if ca != cb:
        return ca > cb
    if ca == 1:
        return va > vb
    return a[0] == b[0] and va > vb


def canonical_groups(plays: set[tuple[tuple[str, ...], str, str]], level: int) -> int:
    """Number of plays once suits are merged (except straight flushes)."""
    wild = f"H{RANK_NAMES[level]}"
    groups = set()
    for cards, ctype, ckey in plays:
        if ctype == "straight_flush":
            groups.add((cards, ctype, ckey))
            continue
        nat = tuple(sorted(Counter(_card(c)[1] for c in cards if c != wild).items()))
        groups.add((nat, cards.count(wild), ctype, ckey))
    return len(groups)

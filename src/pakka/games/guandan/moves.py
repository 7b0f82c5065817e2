"""Move generation: every legal play of a hand, for a lead or a follow.

A :class:`~pakka.games.guandan.actions.Play` is the exact cards (as card values: the two
copies of ``S5`` are the same card) and the reading
(:class:`~pakka.games.guandan.combos.Combo`); :data:`PASS` is the play without a combo,
offered only when following.  :func:`legal_plays` lists each
distinct ``(cards, type, key)`` exactly once.

Generation works on integer counts per card kind: for each type and key it decides how
many natural cards of each rank and how many wilds to use (the *rank pattern*), then
expands the suit choices of every rank.  Each rank pattern of a reading gives each card
multiset once (the wilds fill exactly the positions the natural cards leave open), so no
global de-duplication is needed; the only pattern that several choices share, a full
house whose pair is the two wilds, is generated once.

Canonical mode
    ``canonical=True`` merges plays that differ only in interchangeable physical cards:
    for every type except ``straight_flush`` two plays are merged when they have the same
    type, key, number of natural cards of each rank and number of wilds (which suits are
    spent is irrelevant to the combination).  The representative takes, within each rank,
    the lowest card kinds first (suits ``S H D C``, both copies of a card before the next
    suit); a wild-free straight whose representative would be one suit (a straight flush,
    not a straight) swaps in another suit at the highest rank that has one.  Straight
    flushes are never merged (the suit and the wild positions are the play).

Order
    ``PASS`` first (when following); then the non-bomb types in ``TYPES`` order, each by
    rising value (power or window); then the bomb class (bombs, straight flushes, joker
    bomb) by rising strength; plays of equal value in generation order (deterministic).

>>> len(legal_plays("S3 D3 H3", "2"))
7
>>> [str(p) for p in legal_plays("S3 D3 H7 S9", "7", to_beat=classify("C4 D4", "7")[0])]
['pass', 'H7 S9 pair 9']
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product
from typing import Any, Final

from pakka.cards import Card, parse_cards
from pakka.games.guandan.actions import PASS, Play
from pakka.games.guandan.combos import (
    BJ_KIND,
    BOMB_TYPES,
    KIND_CARDS,
    RJ_KIND,
    Combo,
    card_kind,
    classify,
    level_rank,
    power,
    reading_key,
    reading_value,
    wild_kind,
    window_ranks,
)

__all__ = ["PASS", "Play", "hand_counts", "legal_plays"]


# (type, rank or window start, kinds in play order)
Raw = tuple[str, int, tuple[int, ...]]

_MULTISETS: dict[tuple[int, tuple[int, ...], int], list[tuple[int, ...]]] = {}


def _multisets(rank: int, sig: tuple[int, ...], m: int) -> list[tuple[int, ...]]:
    """Distinct multisets of ``m`` kinds of ``rank`` given the count of each suit (``sig``)."""
    key = (rank, sig, m)
    found = _MULTISETS.get(key)
    if found is not None:
        return found
    base = (rank - 2) * 4
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: tuple[int, ...]) -> None:
        if left == 0:
            out.append(acc)
            return
        if i == 4:
            return
        for take in range(min(sig[i], left), -1, -1):
            rec(i + 1, left - take, acc + (base + i,) * take)

    rec(0, m, ())
    _MULTISETS[key] = out
    return out


def hand_counts(hand: Iterable[Card | str] | str) -> list[int]:
    """Count of each card kind in a hand."""
    counts = [0] * 54
    for c in parse_cards(hand):
        counts[card_kind(c)] += 1
    return counts


class _Gen:
    """One generation run over a hand's kind counts."""

    def __init__(self, counts: list[int], level: int, canonical: bool) -> None:
        self.level = level
        self.canonical = canonical
        self.wk = wk = wild_kind(level)
        self.w = counts[wk]
        nat = list(counts)
        nat[wk] = 0
        self.nat = nat
        self.rc = [0] * 15
        self.sig: list[tuple[int, ...]] = [()] * 15
        for r in range(2, 15):
            b = (r - 2) * 4
            s = (nat[b], nat[b + 1], nat[b + 2], nat[b + 3])
            self.sig[r] = s
            self.rc[r] = s[0] + s[1] + s[2] + s[3]
        self.by_power = sorted(range(2, 15), key=lambda r: power(r, level))
        self.out: list[Raw] = []

    def subs(self, r: int, m: int) -> list[tuple[int, ...]]:
        if m == 0:
            return [()]
        found = _multisets(r, self.sig[r], m)
        return found[:1] if self.canonical else found

    # --- same-rank types -------------------------------------------------------------

    def singles(self, floor: int) -> None:
        out, nat = self.out, self.nat
        for r in self.by_power:
            if power(r, self.level) <= floor:
                continue
            b = (r - 2) * 4
            ks = [k for k in range(b, b + 4) if nat[k]]
            if self.canonical:
                ks = ks[:1]
            if r == self.level and self.w:
                ks.insert(0, self.wk)
            out += [("single", r, (k,)) for k in ks]
        for k, r in ((BJ_KIND, 15), (RJ_KIND, 16)):
            if nat[k] and r + 1 > floor:
                out.append(("single", r, (k,)))

    def same_rank(self, ctype: str, size: int, floor: int) -> None:
        """Pairs and triples of ranks 2..A (wild-filled), plus joker pairs."""
        out, wk, w = self.out, self.wk, self.w
        for r in self.by_power:
            if power(r, self.level) <= floor:
                continue
            for m in range(size, 0, -1):
                need = size - m
                if need > w or m > self.rc[r]:
                    continue
                prefix = (wk,) * need
                out += [(ctype, r, prefix + t) for t in self.subs(r, m)]
            if ctype == "pair" and r == self.level and w == 2:
                out.append(("pair", r, (wk, wk)))
        if ctype == "pair":
            for k, r in ((BJ_KIND, 15), (RJ_KIND, 16)):
                if self.nat[k] == 2 and r + 1 > floor:
                    out.append(("pair", r, (k, k)))

    def full_houses(self, floor: int) -> None:
        out, wk, w, rc = self.out, self.wk, self.w, self.rc
        pairs: list[tuple[int, int, tuple[int, ...]]] = []  # (rank, wilds, kinds)
        for p in range(2, 15):
            for m in (2, 1):
                if m <= rc[p] and 2 - m <= w:
                    pairs += [(p, 2 - m, t) for t in self.subs(p, m)]
        jokers = [(k, k) for k in (BJ_KIND, RJ_KIND) if self.nat[k] == 2]
        for t in self.by_power:
            if power(t, self.level) <= floor:
                continue
            for m in (3, 2, 1):
                a = 3 - m
                if a > w or m > rc[t]:
                    continue
                for tk in self.subs(t, m):
                    for p, b, pk in pairs:
                        if p == t or a + b > w:
                            continue
                        body = pk + tk if p < t else tk + pk
                        out.append(("full_house", t, (wk,) * (a + b) + body))
                    out += [("full_house", t, (wk,) * a + tk + jk) for jk in jokers]
                    if a == 0 and w == 2:
                        out.append(("full_house", t, (wk, wk, *tk)))

    # --- sequences ---------------------------------------------------------------------

    def straights(self, floor: int) -> None:
        out, wk, w, nat, rc = self.out, self.wk, self.w, self.nat, self.rc
        for start in range(max(1, floor + 1), 11):
            ranks = window_ranks(start, 5)
            missing = {i for i, r in enumerate(ranks) if rc[r] == 0}
            if len(missing) > w:
                continue
            flushes = set()
            for s in range(4):
                ks = tuple((r - 2) * 4 + s for r in ranks)
                if all(nat[k] for k in ks):
                    flushes.add(ks)
            ones = [[k for k in range((r - 2) * 4, (r - 2) * 4 + 4) if nat[k]] for r in ranks]
            for nw in range(len(missing), w + 1):
                for wpos in combinations(range(5), nw):
                    if not missing.issubset(wpos):
                        continue
                    lists = [ones[i] for i in range(5) if i not in wpos]
                    prefix = (wk,) * nw
                    if self.canonical:
                        rep = _non_flush(lists) if nw == 0 else tuple(x[0] for x in lists)
                        if rep is not None:
                            out.append(("straight", start, prefix + rep))
                    elif nw == 0:
                        out += [("straight", start, t) for t in product(*lists) if t not in flushes]
                    else:
                        out += [("straight", start, prefix + t) for t in product(*lists)]

    def straight_flushes(self, floor: int) -> None:
        out, wk, w, nat = self.out, self.wk, self.w, self.nat
        for s in range(4):
            # ranks of suit s held (bit r; the ace also as bit 1)
            mask = 0
            for r in range(2, 15):
                if nat[(r - 2) * 4 + s]:
                    mask |= 1 << r
            if mask & (1 << 14):
                mask |= 2
            for start in range(1, 11):
                if 5500 + start <= floor or (mask >> start & 31).bit_count() < 5 - w:
                    continue
                ks = [(r - 2) * 4 + s for r in window_ranks(start, 5)]
                have = [i for i in range(5) if nat[ks[i]]]
                for nw in range(5 - len(have), w + 1):
                    for keep in combinations(have, 5 - nw):
                        out.append(
                            ("straight_flush", start, (wk,) * nw + tuple(ks[i] for i in keep))
                        )

    def tubes(self, floor: int) -> None:
        out, wk, w, rc = self.out, self.wk, self.w, self.rc
        for start in range(max(1, floor + 1), 13):
            r0, r1, r2 = window_ranks(start, 3)
            for m0 in range(min(2, rc[r0]), -1, -1):
                for m1 in range(min(2, rc[r1]), -1, -1):
                    for m2 in range(min(2, rc[r2]), -1, -1):
                        nw = 6 - m0 - m1 - m2
                        if nw > w:
                            continue
                        prefix = (wk,) * nw
                        for a in self.subs(r0, m0):
                            for b in self.subs(r1, m1):
                                ab = prefix + a + b
                                out += [("tube", start, ab + c) for c in self.subs(r2, m2)]

    def plates(self, floor: int) -> None:
        out, wk, w, rc = self.out, self.wk, self.w, self.rc
        for start in range(max(1, floor + 1), 14):
            r0, r1 = window_ranks(start, 2)
            for m0 in range(min(3, rc[r0]), 0, -1):
                for m1 in range(min(3, rc[r1]), 0, -1):
                    nw = 6 - m0 - m1
                    if nw > w:
                        continue
                    prefix = (wk,) * nw
                    for a in self.subs(r0, m0):
                        out += [("plate", start, prefix + a + b) for b in self.subs(r1, m1)]

    # --- bombs -------------------------------------------------------------------------

    def bombs(self, floor: int, lo: int = 4, hi: int = 10) -> None:
        out, wk, w, rc = self.out, self.wk, self.w, self.rc
        for n in range(lo, hi + 1):
            for r in self.by_power:
                if rc[r] + w < n or n * 1000 + power(r, self.level) <= floor:
                    continue
                for nw in range(min(w, n - 1), -1, -1):
                    m = n - nw
                    if m > rc[r]:
                        continue
                    prefix = (wk,) * nw
                    out += [("bomb", r, prefix + t) for t in self.subs(r, m)]

    def joker_bomb(self, floor: int) -> None:
        if self.nat[BJ_KIND] == 2 and self.nat[RJ_KIND] == 2 and floor < 100_000:
            self.out.append(("joker_bomb", 0, (BJ_KIND, BJ_KIND, RJ_KIND, RJ_KIND)))

    def run(self, floors: dict[str, int]) -> list[Raw]:
        for ctype in ("single", "pair", "triple", "full_house", "straight", "tube", "plate"):
            if ctype not in floors:
                continue
            f = floors[ctype]
            if ctype == "single":
                self.singles(f)
            elif ctype in ("pair", "triple"):
                self.same_rank(ctype, 2 if ctype == "pair" else 3, f)
            elif ctype == "full_house":
                self.full_houses(f)
            elif ctype == "straight":
                self.straights(f)
            elif ctype == "tube":
                self.tubes(f)
            else:
                self.plates(f)
        if "bomb" in floors:
            f = floors["bomb"]
            raw: list[Raw] = []
            self.out, main = raw, self.out
            self.bombs(f, 4, 5)
            self.straight_flushes(f)
            self.bombs(f, 6, 10)
            self.joker_bomb(f)
            raw.sort(key=lambda x: _bomb_order(x, self.level))
            main += raw
            self.out = main
        return self.out


def _bomb_order(raw: Raw, level: int) -> int:
    ctype, r, kinds = raw
    return reading_value(ctype, r, len(kinds), level)


def _non_flush(lists: list[list[int]]) -> tuple[int, ...] | None:
    """The first kind of each rank, made two-suited if it would be a flush (or None)."""
    rep = [x[0] for x in lists]
    if len({k & 3 for k in rep}) > 1:
        return tuple(rep)
    for i in range(len(lists) - 1, -1, -1):
        if len(lists[i]) > 1:
            rep[i] = lists[i][1]
            return tuple(rep)
    return None


_LEAD: Final = dict.fromkeys(
    ("single", "pair", "triple", "full_house", "straight", "tube", "plate", "bomb"), -1
)


def floors_for(to_beat: Combo | None) -> dict[str, int]:
    """Which types may be played and the value each must exceed."""
    if to_beat is None:
        return dict(_LEAD)
    if to_beat.type in BOMB_TYPES:
        return {"bomb": to_beat.value}
    return {to_beat.type: to_beat.value, "bomb": -1}


def raw_plays(
    counts: list[int], level: int, to_beat: Combo | None = None, canonical: bool = False
) -> list[Raw]:
    """The plays as ``(type, rank or window start, kinds)`` (see :func:`legal_plays`)."""
    return _Gen(counts, level, canonical).run(floors_for(to_beat))


_KEYS: dict[tuple[str, int, int, int], tuple[str, int]] = {}


def to_play(raw: Raw, level: int) -> Play:
    """The :class:`Play` of a raw play."""
    ctype, r, kinds = raw
    n = len(kinds)
    kv = _KEYS.get((ctype, r, n, level))
    if kv is None:
        kv = _KEYS[(ctype, r, n, level)] = (
            reading_key(ctype, r, n),
            reading_value(ctype, r, n, level),
        )
    cards = tuple([KIND_CARDS[k] for k in kinds])
    return Play(cards, Combo(ctype, kv[0], cards, kv[1]))


_PLAYS: Final[list[dict[Raw, Play]]] = [{} for _ in range(15)]
"""Plays already built, per level (immutable, so shared; cleared when large)."""
_PLAYS_MAX: Final = 30_000
_NEW: Final = object.__new__
_C_SLOTS: Final[Any] = vars(Combo)
_P_SLOTS: Final[Any] = vars(Play)


def to_plays(raws: list[Raw], level: int) -> list[Play]:
    """:func:`to_play` for many raw plays (the hot path: fills the frozen slots directly)."""
    set_type = _C_SLOTS["type"].__set__
    set_key = _C_SLOTS["key"].__set__
    set_cards = _C_SLOTS["cards"].__set__
    set_value = _C_SLOTS["value"].__set__
    set_pcards = _P_SLOTS["cards"].__set__
    set_combo = _P_SLOTS["combo"].__set__
    kc = KIND_CARDS.__getitem__
    keys = _KEYS
    memo = _PLAYS[level]
    if len(memo) > _PLAYS_MAX:
        memo.clear()
    out = []
    for raw in raws:
        found = memo.get(raw)
        if found is not None:
            out.append(found)
            continue
        ctype, r, kinds = raw
        n = len(kinds)
        kv = keys.get((ctype, r, n, level))
        if kv is None:
            kv = keys[(ctype, r, n, level)] = (
                reading_key(ctype, r, n),
                reading_value(ctype, r, n, level),
            )
        cards = tuple(map(kc, kinds))
        c = _NEW(Combo)
        set_type(c, ctype)
        set_key(c, kv[0])
        set_cards(c, cards)
        set_value(c, kv[1])
        p = _NEW(Play)
        set_pcards(p, cards)
        set_combo(p, c)
        memo[raw] = p
        out.append(p)
    return out


def clear_caches() -> None:
    """Forget every built play (for benchmarks; the caches are bounded anyway)."""
    for memo in _PLAYS:
        memo.clear()


def legal_plays(
    hand: Iterable[Card | str] | str,
    level: str | int,
    to_beat: Combo | Play | None = None,
    canonical: bool = False,
) -> list[Play]:
    """Every legal play of ``hand`` at ``level``: a lead, or a follow of ``to_beat``.

    When following, :data:`PASS` comes first.  See the module docstring for the order and
    for what ``canonical`` merges.

    >>> [str(p) for p in legal_plays("BJ BJ RJ", "2")]
    ['BJ single BJ', 'RJ single RJ', 'BJ BJ pair BJ']
    """
    lv = level_rank(level)
    if isinstance(to_beat, Play):
        to_beat = to_beat.combo
    raws = raw_plays(hand_counts(hand), lv, to_beat, canonical)
    plays = to_plays(raws, lv)
    if to_beat is not None:
        plays.insert(0, PASS)
    return plays


def reading_of(play: Play, level: int) -> Combo | None:
    """The combo ``play`` claims, re-read at ``level`` (None if the cards cannot be read so)."""
    if play.combo is None:
        return None
    for c in classify(play.cards, level):
        if c.type == play.combo.type and c.key == play.combo.key:
            return c
    return None

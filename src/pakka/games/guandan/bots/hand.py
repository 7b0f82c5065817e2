"""The heuristic's picture of a hand: its cheapest decomposition and what it costs.

A hand is seen as the fewest combinations it can be played out in (singles, pairs,
triples, full houses, straights, tubes, plates), plus bombs and straight flushes kept
whole for taking the lead back.  Each combination costs ``1 - control`` turns (control
grows with its power: a pair of the level rank or a joker nearly wins its trick), bombs a
small gain; :func:`hand_cost` is the sum.  The pieces of a decomposition become plays
(:func:`_raw_of_piece`) for the policy to lead.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Final

from pakka.games.guandan.combos import (
    BJ_KIND,
    RJ_KIND,
    reading_value,
    readings,
    sort_kinds,
    window_ranks,
)

Raw = tuple[str, int, tuple[int, ...]]
"""A play as move generation gives it: (type, rank or window start, kinds in play order)."""
# A piece of a decomposition: (type, rank or window start, kinds-free rank use, wilds, cost)
# rank use is a tuple of (natural rank, count); straight flushes carry their kinds instead.
Piece = tuple[str, int, tuple[tuple[int, int], ...], int, float]

MAX_LEAVES: Final = 160
"""Leaves of the sequence search per decomposition (keeps a decision in milliseconds)."""

# control of a combination by power (2..17: level rank 15, BJ 16, RJ 17): the chance it wins
_CTRL_SINGLE: Final = {17: 0.9, 16: 0.78, 15: 0.62, 14: 0.45, 13: 0.3, 12: 0.16, 11: 0.06}
_CTRL_PAIR: Final = {17: 0.95, 16: 0.88, 15: 0.66, 14: 0.52, 13: 0.36, 12: 0.2, 11: 0.08}
_CTRL_TRIPLE: Final = {15: 0.66, 14: 0.55, 13: 0.42, 12: 0.28, 11: 0.14, 10: 0.05}
_CTRL_SEQ: Final = {10: 0.5, 9: 0.36, 8: 0.22, 7: 0.1}
_SF_COST: Final = -0.55
_JOKER_BOMB_COST: Final = -1.0


def _bomb_cost(size: int, pw: int) -> float:
    return -0.35 - 0.08 * (size - 4) - 0.01 * (pw - 2)


def _cost(ctype: str, pw: int) -> float:
    """Turns a non-bomb combination costs (``pw``: power, or window start for sequences)."""
    if ctype == "single":
        return 1.0 - _CTRL_SINGLE.get(pw, 0.0)
    if ctype == "pair":
        return 1.0 - _CTRL_PAIR.get(pw, 0.0)
    if ctype in ("triple", "full_house"):
        return 1.0 - _CTRL_TRIPLE.get(pw, 0.0)
    if ctype == "straight":
        return 1.0 - _CTRL_SEQ.get(pw, 0.0)
    if ctype == "tube":
        return 1.0 - _CTRL_SEQ.get(pw - 2, 0.0)
    if ctype == "plate":
        return 1.0 - _CTRL_SEQ.get(pw - 3, 0.0)
    return 0.0


def _power(rank: int, level: int) -> int:
    return 15 if rank == level else rank


@cache
def _by_power(level: int) -> tuple[int, ...]:
    """Natural ranks 2..A in rising power at ``level``."""
    return tuple(sorted(range(2, 15), key=lambda r: _power(r, level)))


_SF_WINDOWS: Final = tuple(
    (s, tuple((r - 2) * 4 + suit for r in window_ranks(s, 5)))
    for s in range(1, 11)
    for suit in range(4)
)


# --- hand decomposition ------------------------------------------------------------------


def _leaf(rc: list[int], w: int, bj: int, rj: int, level: int, out: list[Piece] | None) -> float:
    """Cost of the same-rank part of a hand (and its pieces in ``out`` if given)."""
    if w:
        best = _leaf(rc, 0, bj, rj, level, None)
        best += _cost("pair", 15) if w == 2 else w * _cost("single", 15)
        choice = -1
        seen: set[int] = set()
        for r in _by_power(level):
            c = rc[r]
            if c in seen or not 1 <= c <= 3:
                continue
            seen.add(c)
            rc[r] += 1
            v = _leaf(rc, w - 1, bj, rj, level, None)
            rc[r] -= 1
            if v < best - 1e-9:
                best, choice = v, r
        if out is None:
            return best
        if choice < 0:
            _leaf(rc, 0, bj, rj, level, out)
            if w == 2:
                out.append(("pair", level, (), 2, _cost("pair", 15)))
            else:
                out.append(("single", level, (), 1, _cost("single", 15)))
            return best
        # rebuild: the wild joins rank ``choice``
        sub: list[Piece] = []
        rc[choice] += 1
        _leaf(rc, w - 1, bj, rj, level, sub)
        rc[choice] -= 1
        used = False
        for p in sub:
            ranks = dict(p[2])
            if not used and ranks.get(choice, 0) > 0 and p[0] != "straight_flush":
                ranks[choice] -= 1
                use = tuple((r, n) for r, n in ranks.items() if n)
                out.append((p[0], p[1], use, p[3] + 1, p[4]))
                used = True
            else:
                out.append(p)
        return best
    if out is None:
        return _leaf_cost(rc, bj, rj, level)
    cost = 0.0
    triples: list[int] = []
    pairs: list[int] = []
    for r in range(2, 15):
        c = rc[r]
        if not c:
            continue
        pw = _power(r, level)
        if c >= 4:
            cost += _bomb_cost(c, pw)
            if out is not None:
                out.append(("bomb", r, ((r, c),), 0, _bomb_cost(c, pw)))
        elif c == 3:
            triples.append(r)
        elif c == 2:
            pairs.append(r)
        else:
            cost += _cost("single", pw)
            if out is not None:
                out.append(("single", r, ((r, 1),), 0, _cost("single", pw)))
    joker_pairs: list[int] = []
    if bj == 2 and rj == 2:
        cost += _JOKER_BOMB_COST
        if out is not None:
            out.append(("joker_bomb", 0, (), 0, _JOKER_BOMB_COST))
    else:
        for n, r in ((bj, 15), (rj, 16)):
            if n == 2:
                joker_pairs.append(r)
            elif n == 1:
                cost += _cost("single", r + 1)
                if out is not None:
                    out.append(("single", r, ((r, 1),), 0, _cost("single", r + 1)))
    # full houses: the lowest triples take the lowest pairs
    triples.sort(key=lambda r: _power(r, level))
    pairs.sort(key=lambda r: _power(r, level))
    k = min(len(triples), len(pairs))
    for i, tr in enumerate(triples):
        pw = _power(tr, level)
        tc = _cost("triple", pw)
        cost += tc
        if out is not None:
            if i < k:
                use = ((tr, 3), (pairs[i], 2))
                out.append(("full_house", tr, use, 0, tc))
            else:
                out.append(("triple", tr, ((tr, 3),), 0, tc))
    for pr in pairs[k:]:
        pc = _cost("pair", _power(pr, level))
        cost += pc
        if out is not None:
            out.append(("pair", pr, ((pr, 2),), 0, pc))
    for r in joker_pairs:
        pc = _cost("pair", r + 1)
        cost += pc
        if out is not None:
            out.append(("pair", r, ((r, 2),), 0, pc))
    return cost


_SINGLE: Final = tuple(_cost("single", p) for p in range(18))
_PAIR: Final = tuple(_cost("pair", p) for p in range(18))
_TRIPLE: Final = tuple(_cost("triple", p) for p in range(18))


def _leaf_cost(rc: list[int], bj: int, rj: int, level: int) -> float:
    """:func:`_leaf` without wilds and without building pieces (the hot path)."""
    cost = 0.0
    triples: list[float] = []
    pairs: list[float] = []
    for r in _by_power(level):
        c = rc[r]
        if not c:
            continue
        pw = 15 if r == level else r
        if c == 1:
            cost += _SINGLE[pw]
        elif c == 2:
            pairs.append(_PAIR[pw])
        elif c == 3:
            triples.append(_TRIPLE[pw])
        else:
            cost += -0.35 - 0.08 * (c - 4) - 0.01 * (pw - 2)
    if bj == 2 and rj == 2:
        cost += _JOKER_BOMB_COST
    else:
        cost += (_PAIR[16] if bj == 2 else _SINGLE[16] * bj) + (
            _PAIR[17] if rj == 2 else _SINGLE[17] * rj
        )
    cost += sum(triples)
    if len(pairs) > len(triples):
        cost += sum(pairs[len(triples) :])
    return cost


_SEQS: Final = (
    [("straight", s, window_ranks(s, 5), 1) for s in range(1, 11)]
    + [("tube", s, window_ranks(s, 3), 2) for s in range(1, 13)]
    + [("plate", s, window_ranks(s, 2), 3) for s in range(1, 14)]
)


def _seq_ok(rc: list[int], w: int, ranks: tuple[int, ...], need: int) -> int:
    """Wilds a sequence needs (-1 if it cannot or should not be taken)."""
    gaps = 0
    useful = 0
    for r in ranks:
        c = rc[r]
        if c == 4:
            return -1  # keep bombs whole
        if c < need:
            gaps += need - c
            if gaps > w:
                return -1
            useful += 1
        elif need == 1:
            useful += c in (1, 3) or c >= 5
        elif need == 2:
            useful += c in (2, 5)
        else:
            useful += c in (3,)
    if need == 1 and useful < 3:
        return -1
    if need > 1 and useful < len(ranks):
        return -1
    return gaps


@cache
def _decompose(
    rcs: tuple[int, ...], w: int, bj: int, rj: int, level: int
) -> tuple[float, tuple[Piece, ...]]:
    """Cheapest decomposition of a hand given by natural rank counts (index 2..14)."""
    rc = list(rcs)
    best: list[Any] = [1e9, []]
    leaves = [0]
    # counts and wilds only shrink down the search: what is not feasible now never is
    feasible = [q for q in _SEQS if _seq_ok(rc, w, q[2], q[3]) >= 0]

    def dfs(start: int, w: int, cost: float, seqs: list[Piece]) -> None:
        leaves[0] += 1
        v = cost + _leaf(rc, w, bj, rj, level, None)
        if v < best[0] - 1e-9:
            best[0], best[1] = v, list(seqs)
        for i in range(start, len(feasible)):
            if leaves[0] > MAX_LEAVES:
                return
            ctype, s, ranks, need = feasible[i]
            gaps = _seq_ok(rc, w, ranks, need)
            if gaps < 0:
                continue
            use = []
            for r in ranks:
                take = min(need, rc[r])
                rc[r] -= take
                if take:
                    use.append((r, take))
            c = _cost(ctype, s)
            seqs.append((ctype, s, tuple(use), gaps, c))
            dfs(i, w - gaps, cost + c, seqs)
            seqs.pop()
            for r, take in use:
                rc[r] += take

    dfs(0, w, 0.0, [])
    seqs: list[Piece] = best[1]
    rest = list(rcs)
    wl = w
    for p in seqs:
        for r, n in p[2]:
            rest[r] -= n
        wl -= p[3]
    pieces: list[Piece] = list(seqs)
    _leaf(rest, wl, bj, rj, level, pieces)
    return float(best[0]), tuple(pieces)


def _rank_counts(counts: Sequence[int], level: int) -> tuple[tuple[int, ...], int]:
    rc = [0] * 15
    wk = (level - 2) * 4 + 1
    for k in range(52):
        if counts[k]:
            rc[k // 4 + 2] += counts[k]
    w = counts[wk]
    rc[level] -= w
    return tuple(rc), w


def _flushes(counts: Sequence[int], level: int) -> list[tuple[int, tuple[int, ...]]]:
    """Straight flushes in a hand: (window start, kinds), natural ones first, at most 4."""
    wk = (level - 2) * 4 + 1
    w = counts[wk]
    natural: list[tuple[int, tuple[int, ...]]] = []
    wild: list[tuple[int, tuple[int, ...]]] = []
    for s, ks in _SF_WINDOWS:
        missing = 0
        for k in ks:
            if k == wk or not counts[k]:
                missing += 1
                if missing > w or missing > 1:
                    break
        else:
            if not missing:
                natural.append((s, ks))
            else:
                wild.append((s, (wk, *(k for k in ks if k != wk and counts[k]))))
    return (natural + wild)[:4]


@cache
def _analyse(counts: tuple[int, ...], level: int) -> tuple[float, list[Piece]]:
    rc, w = _rank_counts(counts, level)
    bj, rj = counts[BJ_KIND], counts[RJ_KIND]
    cost, pieces = _decompose(rc, w, bj, rj, level)
    best = (cost, list(pieces))
    for s, ks in _flushes(counts, level):
        rest = list(counts)
        for k in ks:
            rest[k] -= 1
        if min(rest) < 0:
            continue
        rc2, w2 = _rank_counts(rest, level)
        c2, p2 = _decompose(rc2, w2, bj, rj, level)
        if c2 + _SF_COST < best[0] - 0.05:
            use = tuple((k, 1) for k in ks)
            best = (c2 + _SF_COST, [("straight_flush", s, use, 0, _SF_COST), *p2])
    return best


def hand_cost(counts: Sequence[int], level: int) -> float:
    """Turns the hand needs to go out (bombs count as gains)."""
    return _analyse(tuple(counts), level)[0]


def _clear_caches() -> None:
    if _analyse.cache_info().currsize > 50_000:
        _analyse.cache_clear()
    if _decompose.cache_info().currsize > 50_000:
        _decompose.cache_clear()


# --- pieces to plays ---------------------------------------------------------------------


def _piece_kinds(piece: Piece, counts: Sequence[int], level: int) -> tuple[int, ...] | None:
    """Kinds of the hand that make up ``piece`` (lowest suits, straights kept non-flush)."""
    ctype, _, use, nw, _ = piece
    wk = (level - 2) * 4 + 1
    if ctype == "straight_flush":
        return tuple(k for k, _ in use)
    if ctype == "joker_bomb":
        return (BJ_KIND, BJ_KIND, RJ_KIND, RJ_KIND)
    left = list(counts)
    kinds: list[int] = [wk] * nw
    left[wk] -= nw
    if left[wk] < 0:
        return None
    for r, n in use:
        if r >= 15:
            kinds += [BJ_KIND if r == 15 else RJ_KIND] * n
            continue
        base = (r - 2) * 4
        for _ in range(n):
            for k in range(base, base + 4):
                if k != wk and left[k] > 0:
                    left[k] -= 1
                    kinds.append(k)
                    break
            else:
                return None
    if ctype == "straight" and nw == 0 and len({k & 3 for k in kinds}) == 1:
        # a one-suit natural straight is a straight flush: swap a suit
        for i in range(len(kinds) - 1, -1, -1):
            k = kinds[i]
            base = k - (k & 3)
            for alt in range(base, base + 4):
                if alt != k and alt != wk and left[alt] > 0:
                    kinds[i] = alt
                    return tuple(sort_kinds(kinds, level))
        return None
    if ctype == "single" and nw:
        return (wk,)
    return tuple(sort_kinds(kinds, level))


def _raw_of_piece(piece: Piece, counts: Sequence[int], level: int) -> Raw | None:
    kinds = _piece_kinds(piece, counts, level)
    if kinds is None:
        return None
    ctype, r = piece[0], piece[1]
    if ctype == "pair" and r >= 15:
        return ("pair", r, kinds)
    if ctype == "single" and r >= 15:
        return ("single", r, kinds)
    if ctype == "single" and piece[3]:
        return ("single", level, kinds)
    if ctype == "pair" and piece[3] == 2 and not piece[2]:
        return ("pair", level, kinds)
    # check the reading (wild fills can change nothing, but be safe)
    for t2, r2 in readings(list(kinds), level):
        if t2 == ctype and r2 == r:
            return (ctype, r, kinds)
    found = readings(list(kinds), level)
    for t2, r2 in found:
        if t2 == ctype:
            return (ctype, r2, kinds)
    return None


def _raw_power(raw: Raw, level: int) -> int:
    ctype, r, kinds = raw
    return reading_value(ctype, r, len(kinds), level)


def _minus(counts: Sequence[int], kinds: Sequence[int]) -> list[int]:
    rest = list(counts)
    for k in kinds:
        rest[k] -= 1
    return rest

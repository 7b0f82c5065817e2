"""Guandan heuristic: shed the hand in the fewest turns, with the partner, never against him.

A good Guandan player sees his hand as a *decomposition*: the fewest combinations it can
be played out in (singles, pairs, triples, full houses, straights, tubes, plates), plus
bombs and straight flushes kept whole for taking the lead back.  High combinations (a pair
of the level rank, a joker) are nearly turns for free: they win their trick and give the
lead back.  So the hand's *cost* is the number of turns it needs, each combination counted
as ``1 - control`` (control grows with its power), bombs as a small gain.  The heuristic

* leads the weakest piece of the best decomposition (the combination that costs most
  turns and is least likely to win), longer combinations first among equals; with the
  partner at one or two cards it leads a low single or pair for him; with an opponent at
  one or two cards it leads what he cannot follow (or its highest single); it prefers
  types both opponents passed on (tricks are rebuilt from the public plays);
* follows an opponent with the card set that leaves the cheapest decomposition, and
  passes when beating would break the hand more than the lead is worth; the lead is worth
  much more when the opponent holding the trick is about to go out (then it bombs) or
  when it would let this hand go out;
* passes when the partner holds the trick (unless it can go out now);
* returns the tribute card whose loss hurts the decomposition least (a low single).

Moves are generated in canonical mode (interchangeable cards merged) and the choice is
mapped back to the same cards and reading among the legal actions.

``value`` (for the search bot) is the deal's level gain seen from the seat's team: +3/+2/+1
when its team finishes first with the partner 2nd/3rd/4th, the negative of the other
team's gain otherwise, and ±10 for winning or losing the match.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any, Final

from pakka.bots.search import Budget, PimcBot
from pakka.cards import Card, parse_card
from pakka.engine import Action, State
from pakka.games.guandan.combos import (
    BJ_KIND,
    BOMB_TYPES,
    KIND_CARDS,
    RJ_KIND,
    TYPES,
    Combo,
    card_kind,
    level_rank,
    reading_key,
    reading_value,
    readings,
    sort_kinds,
    window_ranks,
)
from pakka.games.guandan.game import GuandanState, Return
from pakka.games.guandan.moves import PASS, Play, legal_plays, raw_plays, to_plays
from pakka.i18n import t

JSON = dict[str, Any]
Raw = tuple[str, int, tuple[int, ...]]
# A piece of a decomposition: (type, rank or window start, kinds-free rank use, wilds, cost)
# rank use is a tuple of (natural rank, count); straight flushes carry their kinds instead.
Piece = tuple[str, int, tuple[tuple[int, int], ...], int, float]

PLAYERS: Final = 4
MAX_LEAVES: Final = 160
"""Leaves of the sequence search per decomposition (keeps a decision in milliseconds)."""
MAX_FOLLOWS: Final = 14
"""Non-bomb plays (the lowest) weighed when following."""
MAX_BOMBS: Final = 3
"""Bombs (the smallest) weighed when following."""

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


class Hand:
    """A hand as kind counts, with its decomposition (straight flushes tried first)."""

    def __init__(self, counts: list[int], level: int) -> None:
        self.counts = counts
        self.level = level

    def analyse(self) -> tuple[float, list[Piece]]:
        return _analyse(tuple(self.counts), self.level)


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


def _raw_cost(raw: Raw, level: int) -> float:
    ctype, r, kinds = raw
    if ctype == "bomb":
        return _bomb_cost(len(kinds), _power(r, level))
    if ctype == "straight_flush":
        return _SF_COST
    if ctype == "joker_bomb":
        return _JOKER_BOMB_COST
    if ctype in ("straight", "tube", "plate"):
        return _cost(ctype, r)
    return _cost(ctype, 17 if r == 16 else 16 if r == 15 else _power(r, level))


def _raw_power(raw: Raw, level: int) -> int:
    ctype, r, kinds = raw
    return reading_value(ctype, r, len(kinds), level)


def _minus(counts: Sequence[int], kinds: Sequence[int]) -> list[int]:
    rest = list(counts)
    for k in kinds:
        rest[k] -= 1
    return rest


_CARD_KIND: dict[str, int] = {}
_CARD_KINDS: Final = {(c.suit, c.rank): card_kind(c) for c in KIND_CARDS}


def _kind(token: str) -> int:
    k = _CARD_KIND.get(token)
    if k is None:
        k = _CARD_KIND[token] = card_kind(parse_card(token))
    return k


def _counts(hand: Sequence[str]) -> list[int]:
    counts = [0] * 54
    for c in hand:
        counts[_kind(c)] += 1
    return counts


@cache
def _combo_of(cards: str, combo: str, level: int) -> Combo | None:
    ctype, key = combo.split()
    kinds = sort_kinds((_kind(c) for c in cards.split()), level)
    for t2, r in readings(list(kinds), level):
        if t2 == ctype and reading_key(t2, r, len(kinds)) == key:
            cs = tuple(KIND_CARDS[k] for k in kinds)
            return Combo(t2, key, cs, reading_value(t2, r, len(kinds), level))
    return None


def _to_action(raw: Raw, legal: Sequence[Action] | None, level: int) -> Action | None:
    """The legal action with the same cards and reading as a raw play.

    ``legal=None`` (the rollouts' fast path): the play itself, built from the raw play.
    """
    if legal is None:
        return to_plays([raw], level)[0]
    ctype, r, kinds = raw
    key = reading_key(ctype, r, len(kinds))
    cards = tuple(KIND_CARDS[k] for k in kinds)
    fallback: Action | None = None
    want: list[Card] | None = None
    for a in legal:
        if not isinstance(a, Play) or a.combo is None:
            continue
        if a.combo.type != ctype or a.combo.key != key or len(a.cards) != len(cards):
            continue
        if a.cards == cards:
            return a
        if want is None:
            want = sorted(cards, key=Card.sort_key)
        if sorted(a.cards, key=Card.sort_key) == want:
            return a
        if fallback is None:
            fallback = a
    return fallback


# --- the view of an observation ----------------------------------------------------------


class _View:
    def __init__(self, obs: JSON) -> None:
        self.seat: int = obs["seat"]
        table = obs["table"]
        self.level = level_rank(table["level"])
        self.hand: list[str] = list(obs["hand"] or [])
        self.counts = _counts(self.hand)
        self.cards = [p["cards"] for p in obs["players"]]
        self.out = [p["place"] is not None for p in obs["players"]]
        top = table["top"]
        self.top_seat: int | None = None if top is None else top["seat"]
        self.top: Combo | None = (
            None if top is None else _combo_of(top["cards"], top["combo"], self.level)
        )
        self.partner = (self.seat + 2) % PLAYERS
        self.opponents = ((self.seat + 1) % PLAYERS, (self.seat + 3) % PLAYERS)
        self.history: list[JSON] = list(obs.get("history") or [])

    @classmethod
    def of_state(cls, state: GuandanState, seat: int) -> _View:
        """The same view built from a full state (the rollouts' fast path, no observation).

        Only what ``seat``'s observation shows is read: its own hand, the hand sizes, who
        is out, the trick to beat and the public plays.
        """
        view = object.__new__(cls)
        view.seat = seat
        view.level = level_rank(state.deal_level)
        view.hand = []
        counts = [0] * 54
        for c in state.hands[seat]:
            counts[_CARD_KINDS[c.suit, c.rank]] += 1
        view.counts = counts
        view.cards = [len(h) for h in state.hands]
        finished = state.finished
        view.out = [s in finished for s in range(PLAYERS)]
        top = state.top
        view.top_seat = None if top is None else state.top_seat
        view.top = None if top is None else top.combo
        view.partner = (seat + 2) % PLAYERS
        view.opponents = ((seat + 1) % PLAYERS, (seat + 3) % PLAYERS)
        view.history = state.history
        return view

    def opp_min(self) -> int:
        live = [self.cards[s] for s in self.opponents if not self.out[s]]
        return min(live) if live else 99

    def partner_cards(self) -> int:
        return 99 if self.out[self.partner] else self.cards[self.partner]


def _passed_on(history: Sequence[JSON], level: int) -> list[dict[str, int]]:
    """Per seat and plain type, the lowest play of an opponent of his that he passed on.

    Tricks are rebuilt from the public plays: a play starts a new trick when its seat
    held the last one or it does not beat it; the seats between two plays of a trick
    passed.  A player who passes an opponent's low pair probably has no higher pair.
    """
    res: list[dict[str, int]] = [{} for _ in range(PLAYERS)]
    top: Combo | None = None
    holder = -1

    def note(seat: int) -> None:
        assert top is not None
        if (seat - holder) % 2 and top.type not in BOMB_TYPES:
            known = res[seat].get(top.type)
            if known is None or top.value < known:
                res[seat][top.type] = top.value

    for e in history:
        seat = e["seat"]
        combo = _combo_of(e["cards"], e["combo"], level)
        if combo is None:
            continue
        if top is not None and seat != holder and combo.beats(top):
            x = (holder + 1) % PLAYERS
            while x != seat:
                note(x)
                x = (x + 1) % PLAYERS
        elif top is not None:
            for x in range(PLAYERS):
                if x != holder:
                    note(x)
        top, holder = combo, seat
    return res


_BEATS: dict[tuple[tuple[int, ...], int, str, int], list[Raw]] = {}


def _beats(counts: Sequence[int], level: int, top: Combo) -> list[Raw]:
    """``raw_plays(counts, level, top, canonical=True)``, remembered (do not change it)."""
    key = (tuple(counts), level, top.type, top.value)
    found = _BEATS.get(key)
    if found is None:
        if len(_BEATS) > 20_000:
            _BEATS.clear()
        found = _BEATS[key] = raw_plays(list(counts), level, top, canonical=True)
    return found


# --- decisions -----------------------------------------------------------------------------


def _choose_return(view: _View, legal: Sequence[Action]) -> tuple[Action, str]:
    best: tuple[float, int, int] | None = None
    choice = legal[0]
    for i, a in enumerate(legal):
        if not isinstance(a, Return):
            continue
        k = card_kind(a.card)
        rest = _minus(view.counts, [k])
        if min(rest) < 0:
            continue
        key = (hand_cost(rest, view.level), _power(a.card.rank, view.level), i)
        if best is None or key < best:
            best, choice = key, a
    return choice, "return"


def _whole_hand(counts: Sequence[int], level: int) -> Play | None:
    """The play of the whole hand that comes first among the legal actions, if any.

    The legal order lists the non-bomb types in ``TYPES`` order, each by rising value,
    then the bombs by rising value.
    """
    kinds = sort_kinds((k for k in range(54) for _ in range(counts[k])), level)
    found = readings(list(kinds), level)
    if not found:
        return None
    n = len(kinds)

    def order(reading: tuple[str, int]) -> tuple[int, int, int]:
        ctype, r = reading
        v = reading_value(ctype, r, n, level)
        return (1, 0, v) if ctype in BOMB_TYPES else (0, TYPES.index(ctype), v)

    ctype, r = min(found, key=order)
    return to_plays([(ctype, r, kinds)], level)[0]


def _lead(
    view: _View, legal: Sequence[Action] | None, alts: list[Action] | None = None
) -> tuple[Action, str]:
    level, counts = view.level, view.counts
    _, pieces = _analyse(tuple(counts), level)
    raws: list[tuple[Raw, Piece]] = []
    for p in pieces:
        raw = _raw_of_piece(p, counts, level)
        if raw is not None:
            raws.append((raw, p))
    n_hand = sum(counts)
    if n_hand <= 10:
        if legal is None:
            whole = _whole_hand(counts, level)
            if whole is not None:
                return whole, "out"
        else:
            for a in legal:
                if isinstance(a, Play) and len(a.cards) == n_hand:
                    return a, "out"
    plain = [(raw, p) for raw, p in raws if raw[0] not in BOMB_TYPES]
    opp_min = view.opp_min()
    partner = view.partner_cards()
    why = "lead"
    scored: list[tuple[float, int, Raw]] = []
    pool = plain or [(raw, p) for raw, p in raws]
    # one weak piece left besides winners: lead a winner first, the last piece then goes out
    endgame = sum(1 for _, p in plain if p[4] > 0.45) <= 1 and len(plain) >= 2
    passed = _passed_on(view.history, level)
    live = [o for o in view.opponents if not view.out[o]]
    for i, (raw, p) in enumerate(pool):
        ctype = raw[0]
        size = len(raw[2])
        pw = _raw_power(raw, level)
        # the weakest piece first; longer combinations first among equals, then lower
        score = p[4] + 0.08 * min(size, 6) - 0.001 * pw - 0.3 * p[3]
        if raw[0] in BOMB_TYPES:
            score = -10 - 0.001 * pw
        elif endgame:
            score = -p[4]
        if opp_min < size:
            score += 0.3  # the short opponent cannot follow this
        if (
            ctype not in BOMB_TYPES
            and live
            and all(passed[o].get(ctype, 1 << 30) <= pw for o in live)
        ):
            score += 0.35  # the opponents passed on lower ones: they are short of this type
        if opp_min <= 2 and ctype in ("single", "pair") and size <= opp_min:
            # he may go out on it: lead it only high
            score -= 2.0 - 0.1 * (pw - 2)
        if partner <= 2 and ctype in ("single", "pair") and size == partner and opp_min > 2:
            score += 3.0 - 0.1 * pw
        scored.append((score, -i, raw))
    scored.sort(reverse=True)
    raw = scored[0][2]
    if alts is not None:  # the next pieces, for the search
        for _, _, other in scored[1:4]:
            found = _to_action(other, legal, level)
            if found is not None:
                alts.append(found)
    if partner <= 2 and raw[0] in ("single", "pair") and len(raw[2]) == partner:
        why = "feed"
    elif opp_min <= 2:
        why = "high"
    act = _to_action(raw, legal, level)
    if act is None:  # not among the given actions (only when explaining another move)
        assert legal is not None
        for a in legal:
            if isinstance(a, Play) and a.combo is not None:
                return a, "other"
        return legal[0], "other"
    return act, why


def _follow(
    view: _View, legal: Sequence[Action] | None, alts: list[Action] | None = None
) -> tuple[Action, str]:
    level, counts = view.level, view.counts
    top = view.top
    assert top is not None
    pass_action: Action | None = PASS
    if legal is not None:
        pass_action = next((a for a in legal if isinstance(a, Play) and a.combo is None), None)
    n_hand = sum(counts)
    raws = _beats(counts, level, top)
    if not raws or pass_action is None:
        if pass_action is not None:
            return pass_action, "cannot"
        assert legal is not None
        return legal[0], "beat"
    for raw in raws:
        if len(raw[2]) == n_hand:
            act = _to_action(raw, legal, level)
            if act is not None:
                return act, "out"
    holder = view.top_seat
    if holder == view.partner:
        return pass_action, "partner"
    opp_min = view.opp_min()
    if opp_min <= 2:
        # an opponent is nearly out and could follow this: beat as high as possible
        fits = [r for r in raws if r[0] not in BOMB_TYPES and len(r[2]) <= opp_min]
        if fits:
            top_raw = max(fits, key=lambda r: _raw_power(r, level))
            act = _to_action(top_raw, legal, level)
            if act is not None:
                return act, "beat_high"
    before = hand_cost(counts, level)
    gain = 0.3
    holder_cards = view.cards[holder] if holder is not None else 27
    if holder is not None and holder_cards == 0:
        # he went out with it: if it stands, his partner leads
        mate = (holder + 2) % PLAYERS
        holder_cards = 27 if view.out[mate] else view.cards[mate]
    urgent = holder_cards <= 2 or (holder_cards <= 4 and top.type not in ("single", "pair"))
    if urgent:
        gain += 4.0
    elif holder_cards <= 5:
        gain += 1.0
    elif holder_cards <= 9:
        gain += 0.35
    if view.opp_min() <= 3:
        gain += 0.5
    if view.partner_cards() <= 3:
        gain += 0.4
    # the partner plays after this seat and before the holder: he may beat it himself
    partner_later = not view.out[view.partner] and (holder is not None) and not urgent
    best: tuple[float, int] | None = None
    choice: Raw | None = None
    # the cheapest plays of each class are enough (keeps a decision in milliseconds)
    plain = [r for r in raws if r[0] not in BOMB_TYPES][:MAX_FOLLOWS]
    raws = plain + [r for r in raws if r[0] in BOMB_TYPES][:MAX_BOMBS]
    evals: list[tuple[float, int, Raw]] = []
    for i, raw in enumerate(raws):
        is_bomb = raw[0] in BOMB_TYPES
        rest = _minus(counts, raw[2])
        after = hand_cost(rest, level)
        g = gain
        plain_left = after
        if plain_left <= 1.05:
            g += 2.0  # the lead lets this hand go out
        score = after - g
        if is_bomb and not urgent:
            score += 0.6 if partner_later else 0.3
        key = (score, i)
        evals.append((score, i, raw))
        if best is None or key < best:
            best, choice = key, raw
    assert best is not None and choice is not None
    if alts is not None:  # passing and the next plays, in the heuristic's order, for the search
        ranked: list[tuple[float, int, Raw | None]] = [*evals, (before, -1, None)]
        ranked.sort(key=lambda e: (e[0], e[1]))
        for _, _, other in ranked[:4]:
            a = pass_action if other is None else _to_action(other, legal, level)
            if a is not None:
                alts.append(a)
    if best[0] >= before - 1e-9:
        return pass_action, "cheap"
    act = _to_action(choice, legal, level)
    if act is None:  # not among the given actions (only when explaining another move)
        return pass_action, "other"
    if choice[0] in BOMB_TYPES and top.type not in BOMB_TYPES:
        return act, "bomb" if urgent else "bomb_lead"
    return act, "beat"


def decide(obs: JSON, legal: Sequence[Action]) -> tuple[Action, str]:
    """The heuristic's action and the kind of reason for it."""
    _clear_caches()
    view = _View(obs)
    if any(isinstance(a, Return) for a in legal):
        return _choose_return(view, legal)
    if view.top is None:
        return _lead(view, legal)
    return _follow(view, legal)


def fast_action(state: GuandanState, seat: int) -> Action:
    """The heuristic's play for ``seat`` in the play phase, without the legal list.

    The same decision as :func:`decide` on ``seat``'s observation and legal actions (the
    view is read from the state, the chosen canonical play is built directly instead of
    being looked up among the full-mode legal plays); the engine applies it exactly as the
    legal action with the same cards and reading.  Checked against :func:`decide` in
    ``tests/bots/test_guandan_bot.py``.
    """
    _clear_caches()
    view = _View.of_state(state, seat)
    if view.top is None:
        return _lead(view, None)[0]
    return _follow(view, None)[0]


def rollout(state: GuandanState, max_steps: int = 2_000) -> None:
    """Play the deal out with the heuristic at every seat (the search's fast rollout).

    The same moves as ``play_to_deal_end(state, POLICY, rng)`` (the heuristic draws no
    random numbers), several times faster: in the play phase :func:`fast_action` chooses
    and :meth:`~pakka.engine.State.apply_unchecked` applies, with no legal list and no
    observation; only tribute returns go through the legal actions.
    """
    start = state.deal_no
    for _ in range(max_steps):
        if state.winner is not None or state.deal_no != start:
            return
        if state.phase == "return":
            for seat in sorted(state.to_act()):
                legal = state.legal_actions(seat)
                if len(legal) == 1:
                    action = legal[0]
                else:
                    action = decide(state.observation(seat), legal)[0]
                state.apply_unchecked(seat, action)
            continue
        seat = state.turn
        state.apply_unchecked(seat, fast_action(state, seat))


def ranked_actions(obs: JSON, legal: Sequence[Action], limit: int = 4) -> list[Action]:
    """The heuristic's move first, then its next choices (the search's candidates).

    Only the move itself when it is forced by a rule people expect: going out, passing on
    the partner's trick, passing when nothing beats, beating high before an opponent goes
    out.  Returns are ranked by how little the hand misses them.
    """
    _clear_caches()
    view = _View(obs)
    returns = [a for a in legal if isinstance(a, Return)]
    if returns:
        returns.sort(
            key=lambda a: (
                hand_cost(_minus(view.counts, [card_kind(a.card)]), view.level),
                _power(a.card.rank, view.level),
            )
        )
        return list[Action](returns[:limit])
    alts: list[Action] = []
    if view.top is None:
        choice, _ = _lead(view, legal, alts)
    else:
        choice, _ = _follow(view, legal, alts)
    out = [choice]
    for a in alts:
        if a not in out:
            out.append(a)
    return out[:limit]


class GuandanSearch(PimcBot):
    """PIMC over the heuristic's favourite actions, with fast rollouts (``SEARCH_BOT``).

    As :class:`~pakka.bots.search.PimcBot` (common worlds, the paired test of ``pick``), but
    each candidate is played out with :func:`rollout` (no legal lists, no observations)
    instead of ``play_to_deal_end``; both play the same moves, since the rollout policy is
    the deterministic heuristic (so no random stream is drawn per world).
    """

    streams = False

    def candidates(self, obs: JSON, legal: Sequence[Action]) -> list[Action]:
        return ranked_actions(obs, legal, max(1, self.budget.max_candidates))

    def rollout(self, sim: State, rng: random.Random) -> None:
        assert isinstance(sim, GuandanState)
        rollout(sim)


SEARCH_BOT = GuandanSearch


class GuandanPolicy:
    """The ``normal`` player (and the search bot's rollout policy)."""

    def choose(self, obs: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        action, _ = decide(obs, legal)
        return action


POLICY = GuandanPolicy()

BUDGET = Budget(worlds=8, max_candidates=3, confidence=2.0)
"""``hard``: 8 worlds, the heuristic's move and its next 2 choices, and a switch only when
a choice's mean paired advantage over the heuristic's move is more than 2 standard errors.

Measured (docs/bots.md, Guandan; ``benchmarks/guandan_deals.py``, deal 1 of 140 seeds in
both seatings): a ``hard`` pair gains +0.33 ± 0.16 levels a deal against a ``normal``
pair and wins 55 % of the deals; it leaves the heuristic's move in about 1 decision in 20.
Decision time (``benchmarks/bot_speed.py --game guandan``): median 0.16 s, p95 0.66 s.
Before the fast rollouts and the paired test, wider searches with noisy comparisons lost
0.5 to 2.6 levels a deal."""


def value(state: State, seat: int) -> float:
    """Deal-end value for ``seat``'s team: signed level gain, ±10 for the match."""
    team = seat % 2
    winner = getattr(state, "winner", None)
    if winner is not None:
        return 10.0 if winner == team else -10.0
    order: list[int] = list(getattr(state, "prev_order", []) or [])
    if not order:
        order = list(state.observation(None)["table"]["prev_finish_order"])
    if not order:
        return 0.0
    first = order[0]
    partner_place = order.index((first + 2) % PLAYERS) if (first + 2) % PLAYERS in order else 3
    gain = 4 - partner_place
    # places of the team's own seats break ties (finishing earlier is better)
    mine = sum(order.index(s) for s in (team, team + 2) if s in order)
    shade = 0.05 * (5 - mine)
    return (gain if first % 2 == team else -gain) + shade


def explain(obs: JSON, action: Action, lang: str = "en") -> str:
    """One line on why ``action`` is a good move here (the heuristic's reason for it).

    When ``action`` is not what the heuristic would play (the search chose it), the
    search's generic reason.
    """
    if not obs.get("hand"):
        return t("hint_generic", lang)
    try:
        view = _View(obs)
        if isinstance(action, Return):
            return t("gd_hint_return", lang, card=action.card.pretty())
        if not isinstance(action, Play):
            return t("hint_generic", lang)
        legal: list[Action] = [action]
        if view.top is not None and action.combo is None:
            legal = list(legal_plays(view.hand, view.level, view.top, canonical=True))
        elif view.top is not None:
            legal.insert(0, PASS)
        choice, why = decide(obs, legal)
        if choice != action:
            return t("hint_generic", lang)
        cards = " ".join(c.pretty() for c in action.cards)
        turns = max(1, round(hand_cost(view.counts, view.level)))
        key = _HINTS.get(why, "hint_generic")
        return t(key, lang, cards=cards, turns=turns)
    except (KeyError, ValueError, TypeError):
        return t("hint_generic", lang)


_HINTS: Final = {
    "out": "gd_hint_out",
    "partner": "gd_hint_partner",
    "cheap": "gd_hint_pass",
    "cannot": "gd_hint_cannot",
    "beat": "gd_hint_beat",
    "beat_high": "gd_hint_beat_high",
    "bomb": "gd_hint_bomb",
    "bomb_lead": "gd_hint_bomb",
    "feed": "gd_hint_feed",
    "high": "gd_hint_high",
    "lead": "gd_hint_lead",
}

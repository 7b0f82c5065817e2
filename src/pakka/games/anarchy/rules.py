"""Anarchy's rules as pure functions: who captures what in a trick (A7) and a deal's score
(A9), with the game's constants and the names of its contracts and rule variants."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from pakka.cards import JOKER_SUIT, SUITS, Card, parse_cards

__all__ = [
    "CONTRACTS",
    "DEALS",
    "HAND",
    "JOKER_SUIT",
    "PASS_COUNT",
    "SUIT_CONTRACTS",
    "AllDifferentSuits",
    "Contract",
    "DummyReveal",
    "DupTie",
    "ScoreParts",
    "deal_score",
    "quad_ranks",
    "score_parts",
    "trick_captures",
]

Contract = Literal[
    "cards", "black", "red", "best", "spades", "hearts", "clubs", "diamonds", "over", "under"
]
"""A contract's name (lower case)."""
CONTRACTS: Final[tuple[Contract, ...]] = get_args(Contract)
"""The ten contracts, in the seed's order (also the order of the legal actions)."""

DEALS: Final = 10
HAND: Final = 13
PASS_COUNT: Final = 3

AllDifferentSuits = Literal["each_wins_itself", "highest_singleton_takes_all"]
DupTie = Literal["group_each_wins_itself", "tied_keep_rest_dead"]
DummyReveal = Literal["simultaneous", "before"]

SUIT_CONTRACTS: Final = {"spades": "S", "hearts": "H", "clubs": "C", "diamonds": "D"}
"""The suit each suit contract counts."""


def trick_captures(
    cards: Iterable[Card | str] | str,
    bomb: bool = False,
    *,
    all_different_suits: AllDifferentSuits = "each_wins_itself",
    dup_tie: DupTie = "group_each_wins_itself",
) -> list[int]:
    """For each card of one trick, the index of the card that captures it (A7).

    ``cards`` are the trick's cards in any order, one per seat (the 3-player dummy's
    included).  ``bomb=True`` reverses the ranking (2 high, A low); the spare has already
    replaced the joker.  A ``JK`` among the cards is the 5-player joker: it captures
    itself and makes the trick a bomb.  ``-1`` means captured by nobody (only with
    ``dup_tie="tied_keep_rest_dead"``).

    Suit groups (two or more cards of a suit) go to their uniquely highest card:

    >>> trick_captures("S8 H8 SJ H2")
    [2, 1, 2, 1]
    >>> trick_captures("S8 H8 HJ H2")
    [0, 2, 2, 2]

    Singletons go to the uniquely highest singleton; a tie at the top, or a trick of all
    different suits, lets each card win itself:

    >>> trick_captures("S9 H8 D8 C3 C2")
    [0, 0, 0, 3, 3]
    >>> trick_captures("S9 H9 D8 C3 C2")
    [0, 1, 2, 3, 3]
    >>> trick_captures("S8 H9 D7 C2")
    [0, 1, 2, 3]
    >>> trick_captures("S8 H9 D7 C2", all_different_suits="highest_singleton_takes_all")
    [1, 1, 1, 1]

    A bomb reverses every comparison; the 5-player joker keeps itself:

    >>> trick_captures("S3 SA S10 HK", bomb=True)
    [0, 0, 0, 3]
    >>> trick_captures("JK S7 SA H9 D2")
    [0, 1, 1, 4, 4]

    Identical top cards (65-card pack) let the whole group win itself:

    >>> trick_captures("S7 S7 S3 H9 D2")
    [0, 1, 2, 3, 3]
    >>> trick_captures("S7 S7 S3 H9 D2", dup_tie="tied_keep_rest_dead")
    [0, 1, -1, 3, 3]
    """
    if all_different_suits not in get_args(AllDifferentSuits):
        raise ValueError(f"all_different_suits must be one of {get_args(AllDifferentSuits)}")
    if dup_tie not in get_args(DupTie):
        raise ValueError(f"dup_tie must be one of {get_args(DupTie)}")
    return _captures(
        parse_cards(cards),
        bomb,
        all_different_suits == "highest_singleton_takes_all",
        dup_tie == "tied_keep_rest_dead",
    )


def _captures(cs: Sequence[Card], bomb: bool, singleton_takes_all: bool, dead: bool) -> list[int]:
    """:func:`trick_captures` on cards and checked flags (the engine's hot path)."""
    suits = [c.suit for c in cs]
    if JOKER_SUIT in suits:
        bomb = True
    ranks = [-c.rank for c in cs] if bomb else [c.rank for c in cs]
    out = list(range(len(cs)))
    by_suit: dict[str, list[int]] = {}
    for i, suit in enumerate(suits):
        if suit == JOKER_SUIT:
            continue
        group = by_suit.get(suit)
        if group is None:
            by_suit[suit] = [i]
        else:
            group.append(i)
    singles: list[int] = []
    any_group = False
    for idxs in by_suit.values():
        if len(idxs) == 1:
            singles.append(idxs[0])
            continue
        any_group = True
        top = max([ranks[i] for i in idxs])
        tops = [i for i in idxs if ranks[i] == top]
        if len(tops) == 1:
            for i in idxs:
                out[i] = tops[0]
        elif dead:
            for i in idxs:
                if i not in tops:
                    out[i] = -1
    if len(singles) >= 2 and (any_group or singleton_takes_all):
        top = max([ranks[i] for i in singles])
        tops = [i for i in singles if ranks[i] == top]
        if len(tops) == 1:
            for i in singles:
                out[i] = tops[0]
    return out


def _base_score(contract: str, counts: dict[str, int], n: int, par: int) -> int:
    if contract == "cards":
        return n
    if contract == "black":
        return 2 * (counts["S"] + counts["C"])
    if contract == "red":
        return 2 * (counts["H"] + counts["D"])
    if contract == "best":
        return 3 * max(counts.values())
    if contract == "over":
        return 5 * max(0, n - par)
    if contract == "under":
        return 5 * max(0, par - n)
    return 4 * counts[SUIT_CONTRACTS[contract]]


def _counted(contract: str, counts: dict[str, int], n: int, par: int) -> int:
    """What ``contract`` counts (cards, cards of a colour or suit, cards over or under par);
    :func:`_base_score` is this times the contract's points per unit."""
    if contract == "cards":
        return n
    if contract in ("black", "red"):
        return _base_score(contract, counts, n, par) // 2
    if contract == "best":
        return max(counts.values())
    if contract in ("over", "under"):
        return _base_score(contract, counts, n, par) // 5
    return counts[SUIT_CONTRACTS[contract]]


def quad_ranks(cards: Iterable[Card], four_suits: bool = False) -> list[int]:
    """The rank of each four of a kind among ``cards`` (a rank twice for eight of it; with
    ``four_suits`` a set needs all four suits); jokers are never part of one (A9)."""
    natural = [c for c in cards if c.suit != JOKER_SUIT]
    if four_suits:
        by = Counter((c.rank, c.suit) for c in natural)
        ranks = sorted({c.rank for c in natural})
        return [r for r in ranks for _ in range(min(by[r, s] for s in SUITS))]
    counts = Counter(c.rank for c in natural)
    return [r for r in sorted(counts) for _ in range(counts[r] // 4)]


@dataclass(frozen=True, slots=True)
class ScoreParts:
    """One deal's score taken apart as the summary explains it (jokers left out: the
    5-player joker's best use is in :func:`deal_score`'s total only)."""

    counted: int
    """What the contract counted: cards, cards of its colour or suit, cards over/under par."""
    best_suit: str | None
    """For ``best``: the suit that counted (the first of equals in suit order)."""
    points: int
    """The contract's own points."""
    voids: tuple[str, ...]
    """The suits not won, +10 each."""
    quads: tuple[int, ...]
    """The rank of each four of a kind, +20 each."""

    @property
    def total(self) -> int:
        return self.points + 10 * len(self.voids) + 20 * len(self.quads)


def score_parts(
    contract: str,
    captured: Iterable[Card],
    *,
    quad_requires_four_suits: bool = False,
    par: int = 13,
) -> ScoreParts:
    """A deal's score in its parts (A9), by the same rules as :func:`deal_score` (which it
    equals without jokers).

    >>> parts = score_parts("best", parse_cards("SK S10 S5 HQ H3 C10 C9 C8 C2 D9"))
    >>> parts.counted, parts.best_suit, parts.points, parts.voids, parts.total
    (4, 'C', 12, (), 12)
    """
    cards = list(captured)
    natural = [c for c in cards if c.suit != JOKER_SUIT]
    counts = dict.fromkeys(SUITS, 0)
    for c in natural:
        counts[c.suit] += 1
    n = len(cards)
    best = max(counts.values())
    return ScoreParts(
        counted=_counted(contract, counts, n, par),
        best_suit=next(s for s in SUITS if counts[s] == best) if contract == "best" else None,
        points=_base_score(contract, counts, n, par),
        voids=tuple(s for s in SUITS if not counts[s]),
        quads=tuple(quad_ranks(natural, quad_requires_four_suits)),
    )


def deal_score(
    contract: str,
    captured: Iterable[Card | str] | str,
    *,
    quad_requires_four_suits: bool = False,
    par: int = 13,
) -> int:
    """A player's score for one deal (A9), bonuses included.

    ``contract`` is one of :data:`CONTRACTS` (any case).  Bonuses on every contract:
    +10 per suit not won (+40 for nothing), +20 per four of a kind (``k // 4`` sets of a
    rank; with ``quad_requires_four_suits`` a set needs all four suits).  A ``JK`` is the
    5-player joker: one card for cards/over/under, counted as the suit, or no suit, that
    scores best, never part of a four of a kind.  ``par`` is the over/under mark.

    >>> won = "SK S10 S5 HQ H3 C10 C9 C8 C2 D9"
    >>> [deal_score(c, won) for c in CONTRACTS]
    [10, 14, 6, 12, 12, 8, 16, 4, 0, 15]
    >>> deal_score("under", ""), deal_score("over", "")
    (105, 40)
    >>> deal_score("cards", "S9 H9 D9 C9 S2")
    25
    >>> deal_score("spades", "JK S2 H3 D4"), deal_score("cards", "JK")
    (18, 41)
    >>> deal_score("cards", "S7 S7 H7 H7 D7 D7 C7 C7"), deal_score("over", "S7 S7 H7 D7")
    (48, 30)
    >>> deal_score("over", "S7 S7 H7 D7", quad_requires_four_suits=True)
    10
    """
    name = contract.lower() if isinstance(contract, str) else contract
    if name not in CONTRACTS:
        raise ValueError(f"unknown contract {contract!r}; contracts are: {', '.join(CONTRACTS)}")
    return _deal_score(name, parse_cards(captured), quad_requires_four_suits, par)


def _deal_score(name: str, cs: Sequence[Card], quad_requires_four_suits: bool, par: int) -> int:
    """:func:`deal_score` for a lower-case contract and cards (the engine's hot path)."""
    counts = dict.fromkeys(SUITS, 0)
    ranks = [0] * 17
    jokers = 0
    for c in cs:
        natural = c.suit
        if natural == JOKER_SUIT:
            jokers += 1
            continue
        counts[natural] += 1
        ranks[c.rank] += 1
    if quad_requires_four_suits:
        by_rank_suit = Counter((c.rank, c.suit) for c in cs if c.suit != JOKER_SUIT)
        quads = sum(min(by_rank_suit[r, s] for s in SUITS) for r in range(17) if ranks[r])
    else:
        quads = sum(k // 4 for k in ranks if k >= 4)
    n = len(cs)
    if not jokers:
        voids = sum(1 for v in counts.values() if v == 0)
        return _base_score(name, counts, n, par) + 10 * voids + 20 * quads
    best = 0
    for assignment in itertools.combinations_with_replacement((None, *SUITS), jokers):
        trial = dict(counts)
        for suit in assignment:
            if suit is not None:
                trial[suit] += 1
        voids = sum(1 for v in trial.values() if v == 0)
        best = max(best, _base_score(name, trial, n, par) + 10 * voids)
    return best + 20 * quads

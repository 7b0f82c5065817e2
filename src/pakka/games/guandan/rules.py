"""Guandan's pure rule functions outside the combinations: levels, tribute and return.

Levels are rank strings ``"2"``..``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``; team 0 is
seats 0 and 2, team 1 seats 1 and 3.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from pakka.cards import HEARTS, RED_JOKER, SUITS, Card, parse_cards
from pakka.games.guandan.combos import level_rank, power

__all__ = [
    "HAND",
    "LEVELS",
    "PLAYERS",
    "TributePlan",
    "advance",
    "card_power",
    "is_wild",
    "return_options",
    "tribute_card",
    "tribute_plan",
]

PLAYERS: Final = 4
HAND: Final = 27
"""Cards dealt to each seat (the two decks of 108 cards, four ways)."""
LEVELS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Team levels in order."""


def advance(
    levels: Sequence[str],
    deal_level: str,
    finish_order: Sequence[int],
    owner: int | None = None,
    pass_a_requires_owner: bool = False,
) -> tuple[tuple[str, str], int | None]:
    """The teams' levels after a deal, and the team that won the match (or ``None``).

    ``levels`` are the levels when the deal started; ``finish_order`` the seats in
    finishing order (at least until the first finisher's partner).  The first finisher's
    team gains 3, 2 or 1 levels as its partner finished 2nd, 3rd or 4th, capped at A.  A
    team already at A wins the match by finishing 1st with the partner 2nd or 3rd in a deal
    played at A (with ``pass_a_requires_owner`` only if it owned the deal, ``owner``).

    >>> advance(("2", "2"), "2", [0, 2, 1, 3])
    (('5', '2'), None)
    >>> advance(("2", "Q"), "Q", [3, 1, 0, 2])
    (('2', 'A'), None)
    >>> advance(("A", "K"), "A", [2, 1, 0, 3])
    (('A', 'K'), 0)
    >>> advance(("A", "K"), "K", [0, 2, 1, 3])
    (('A', 'K'), None)
    """
    first = finish_order[0]
    team = first % 2
    partner = (first + 2) % 4
    place = list(finish_order).index(partner) if partner in finish_order else 3
    new = [levels[0], levels[1]]
    if (
        levels[team] == "A"
        and deal_level == "A"
        and place in (1, 2)
        and (not pass_a_requires_owner or owner == team)
    ):
        return (new[0], new[1]), team
    gain = 4 - place
    new[team] = LEVELS[min(LEVELS.index(levels[team]) + gain, len(LEVELS) - 1)]
    return (new[0], new[1]), None


def card_power(card: Card, level: int) -> int:
    """Power of one card (a wild counts as the level rank)."""
    return power(card.rank, level)


def is_wild(card: Card, level: int) -> bool:
    """The level's hearts are wild (``level`` is the level's rank, 2..14)."""
    return card.suit == HEARTS and card.rank == level


def _flush_use(card: Card, hand: Sequence[Card]) -> int:
    """Same-suit cards of the hand within straight-flush reach of ``card``."""
    ranks = {c.rank for c in hand if c.suit == card.suit and c is not card}
    ranks |= {1} if 14 in ranks else set()
    r = card.rank
    near = {r, 1} if r == 14 else {r}
    return sum(1 for q in ranks if any(abs(q - x) <= 4 for x in near))


def tribute_card(hand: Iterable[Card | str] | str, level: str | int) -> Card:
    """The card a tribute payer gives: the highest-power card that is not a wild.

    Among equal cards of different suits the engine picks the one with the fewest
    same-suit cards within straight-flush reach (the least useful for straight
    flushes), then the first in suit order ``S H D C``.

    >>> str(tribute_card("H7 S7 SA DA", "7"))
    'S7'
    >>> str(tribute_card("SA DA D2 D3 D4 D5", "7"))
    'SA'
    """
    lv = level_rank(level)
    cards = [c for c in parse_cards(hand) if not is_wild(c, lv)]
    if not cards:
        raise ValueError("a hand of wild cards only cannot pay tribute")
    top = max(card_power(c, lv) for c in cards)
    tied = [c for c in cards if card_power(c, lv) == top]
    if tied[0].is_joker:
        return tied[0]
    return min(tied, key=lambda c: (_flush_use(c, cards), SUITS.index(c.suit)))


def return_options(hand: Iterable[Card | str] | str, level: str | int) -> list[Card]:
    """The cards a tribute receiver may return (distinct cards, in hand order).

    Eligible: a natural rank 2..10 that is not the level rank (so never a wild).  If
    none qualifies, the cards of the lowest power that are not wilds (a hand of wilds only
    may return one).

    >>> [str(c) for c in return_options("S5 S3 D10 SJ", "5")]
    ['S3', 'D10']
    >>> [str(c) for c in return_options("SJ DJ SQ H10 S10 BJ", "10")]
    ['SJ', 'DJ']
    """
    lv = level_rank(level)
    cards = sorted(set(parse_cards(hand)), key=Card.sort_key)
    ok = [c for c in cards if not c.is_joker and 2 <= c.rank <= 10 and c.rank != lv]
    if ok:
        return ok
    pool = [c for c in cards if not is_wild(c, lv)] or cards
    low = min(card_power(c, lv) for c in pool)
    return [c for c in pool if card_power(c, lv) == low]


@dataclass(frozen=True, slots=True)
class TributePlan:
    """What happens before the first trick of a deal.

    ``payments``: ``(payer, receiver, card)`` in order (the higher tribute first);
    ``anti``: anti-tribute (no cards move); ``red_joker_holders``: the seats revealed as
    holding the red jokers in an anti-tribute (one entry per joker); ``leader``: who leads
    the first trick once the returns are made.
    """

    payments: tuple[tuple[int, int, Card], ...]
    anti: bool
    red_joker_holders: tuple[int, ...]
    leader: int


def tribute_plan(
    prev_finish_order: Sequence[int],
    hands: Sequence[Iterable[Card | str] | str],
    level: str | int,
) -> TributePlan:
    """The tribute of a deal from the previous deal's finishing order and the new hands.

    1-2 finish: both losers pay; the higher tribute goes to first place, the lower to its
    partner; equal tributes: the loser after first place in turn order pays first place.
    Otherwise the last player pays first place.  Anti-tribute when the payers hold both
    red jokers; then first place leads, else the payer of first place's tribute.

    >>> p = tribute_plan([0, 2, 1, 3], ["S2", "RJ S3", "S4", "BJ D4"], "7")
    >>> [(a, b, str(c)) for a, b, c in p.payments], p.leader
    ([(1, 0, 'RJ'), (3, 2, 'BJ')], 1)
    >>> tribute_plan([0, 1, 2, 3], ["", "", "", "RJ RJ"], "7").anti
    True
    """
    lv = level_rank(level)
    held = [parse_cards(h) for h in hands]
    first = prev_finish_order[0]
    if prev_finish_order[1] == (first + 2) % 4:
        payers = [(first + 1) % 4, (first + 3) % 4]
    else:
        payers = [prev_finish_order[3]]
    holders = tuple(p for p in payers for c in held[p] if c.is_joker and c.rank == RED_JOKER)
    if len(holders) == 2:
        return TributePlan((), True, holders, first)
    if len(payers) == 1:
        card = tribute_card(held[payers[0]], lv)
        return TributePlan(((payers[0], first, card),), False, (), payers[0])
    a, b = (tribute_card(held[p], lv) for p in payers)
    if card_power(b, lv) > card_power(a, lv):
        order = [(payers[1], b), (payers[0], a)]
    else:
        order = [(payers[0], a), (payers[1], b)]
    partner = (first + 2) % 4
    payments = ((order[0][0], first, order[0][1]), (order[1][0], partner, order[1][1]))
    return TributePlan(payments, False, (), order[0][0])

"""Norlanninnakki's rules as pure functions: the trick's winner, the legal cards and the
settlement at the end (rules N8, N9 and N11 of ``spec.md``), and
the numbers of the game."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from pakka.cards import ACE, Card, parse_cards

__all__ = [
    "FOREST_POINTS",
    "HAND",
    "START_SCORE",
    "TRICKS",
    "ForcedTrump",
    "chips_paid",
    "legal_cards",
    "next_seats",
    "settle",
    "trick_winner",
]

START_SCORE = 10
"""Every player's score at the start of the game (N2.1)."""
FOREST_POINTS = 5
"""Points added for a visit to the forest, capped at :data:`START_SCORE` (N10.2)."""
TRICKS = 5
HAND = 5

ForcedTrump = Literal["lead", "lead_and_ruff"]


def trick_winner(cards: Sequence[Card | str], trump: str) -> int:
    """Index of the card that wins a trick; ``cards`` in playing order, ``trump`` a suit.

    The highest trump wins; without a trump, the highest card of the suit led (N8.4).

    >>> trick_winner(parse_cards("H10 HA H2"), "S")
    1
    >>> trick_winner(parse_cards("H10 HA S2"), "S")
    2
    >>> trick_winner(parse_cards("H10 DA C2"), "S")
    0
    """
    return _winner(parse_cards(cards), trump)


def _winner(played: Sequence[Card], trump: str) -> int:
    """:func:`trick_winner` on cards (the engine's hot path)."""
    best = 0
    top = played[0]
    for i in range(1, len(played)):
        card = played[i]
        if card.suit == top.suit:
            if card.rank > top.rank:
                best, top = i, card
        elif card.suit == trump:
            best, top = i, card
    return best


def next_seats(active: Sequence[bool]) -> tuple[int, ...]:
    """For every seat, the next seat clockwise that plays this deal (N8.1: the tricks go
    round the active players only); a trick is complete when it comes back to its leader.

    >>> next_seats([True, False, True, True])
    (2, 2, 3, 0)
    """
    n = len(active)
    order = [s for s in range(n) if active[s]]
    return tuple(next((t for t in order if t > s), order[0]) for s in range(n))


def legal_cards(
    hand: Iterable[Card | str],
    trick: Sequence[Card | str],
    trump: str,
    forced_trump: bool | ForcedTrump | None = None,
    *,
    must_lead_trump_ace: bool = False,
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (empty when leading), sorted.

    ``forced_trump`` says whether *pakkovaltti* (N9) is in force and how: ``None`` or
    ``False`` = not in force; ``True`` or ``"lead"`` = a leader holding a trump must lead
    one; ``"lead_and_ruff"`` = that, and a player who cannot follow suit must trump if able.
    ``must_lead_trump_ace`` is the trick-1 rule (N8.2): a leader holding the trump ace must
    lead it.  Otherwise: follow suit if able, else any card (no duty to trump or to head).

    >>> legal_cards("H2 HK S5 D9", ["H10"], "S")
    [Card('H2'), Card('HK')]
    >>> legal_cards("C2 S5 D9", ["H10"], "S")
    [Card('S5'), Card('D9'), Card('C2')]
    >>> legal_cards("C2 S5 D9", ["H10"], "S", "lead_and_ruff")
    [Card('S5')]
    >>> legal_cards("C2 S5 SA", [], "S", must_lead_trump_ace=True)
    [Card('SA')]
    >>> legal_cards("C2 S5 D9", [], "S", "lead")
    [Card('S5')]
    >>> legal_cards("C2 D9", [], "S", True)
    [Card('D9'), Card('C2')]
    """
    held = sorted(set(parse_cards(hand)), key=Card.sort_key)
    led = parse_cards(trick[:1])[0].suit if trick else None
    return _legal(held, led, trump, forced_trump, must_lead_trump_ace)


def _legal(
    held: list[Card],
    led: str | None,
    trump: str,
    forced_trump: bool | ForcedTrump | None,
    must_lead_trump_ace: bool,
) -> list[Card]:
    """:func:`legal_cards` on distinct cards and the led suit (``None`` when leading); the
    result keeps the order of ``held`` (the engine's hot path)."""
    if led is None:
        if must_lead_trump_ace:
            ace = [c for c in held if c.suit == trump and c.rank == ACE]
            if ace:
                return ace
        if forced_trump:
            trumps = [c for c in held if c.suit == trump]
            if trumps:
                return trumps
        return held
    follow = [c for c in held if c.suit == led]
    if follow:
        return follow
    if forced_trump == "lead_and_ruff":
        trumps = [c for c in held if c.suit == trump]
        if trumps:
            return trumps
    return held


def chips_paid(forests: int, chips: bool) -> int:
    """Chips a seat has put in the pot: the ante and one per forest visit (N2.2, N10.2);
    none when the game is played without chips (N11.4).

    >>> chips_paid(2, chips=True), chips_paid(2, chips=False)
    (3, 0)
    """
    return 1 + forests if chips else 0


def settle(
    scores: Sequence[int], forests: Sequence[int], winners: Sequence[int], chips: bool
) -> tuple[list[dict[str, Any]], list[int | float]]:
    """Who pays whom when the game ends, and each seat's net chips (N11.3, N11.4).

    With ``chips`` the winners share the pot equally (N-13); without, each loser pays
    his score plus 5 per forest visit, split equally between the winners (N-14).
    Amounts are whole numbers where they can be, shares of a split otherwise.

    >>> settle([0, 4, 9], [0, 0, 1], [0], chips=True)
    ([{'from': 'pot', 'to': 0, 'chips': 4}], [3, -1, -2])
    >>> settle([0, 0, 9], [0, 0, 0], [0, 1], chips=False)
    ([{'from': 2, 'to': 0, 'chips': 4.5}, {'from': 2, 'to': 1, 'chips': 4.5}], [4.5, 4.5, -9])
    """
    n = len(scores)
    payments: list[dict[str, Any]] = []
    net = [0.0] * n
    if chips:
        share = sum(chips_paid(f, chips) for f in forests) / len(winners)
        for w in winners:
            payments.append({"from": "pot", "to": w, "chips": _num(share)})
            net[w] += share
        for s in range(n):
            net[s] -= chips_paid(forests[s], chips)
    else:
        for loser in (s for s in range(n) if s not in winners):
            owed = scores[loser] + FOREST_POINTS * forests[loser]
            for w in winners:
                part = owed / len(winners)
                payments.append({"from": loser, "to": w, "chips": _num(part)})
                net[w] += part
                net[loser] -= part
    return payments, [_num(x) for x in net]


def _num(x: float) -> int | float:
    """A chip amount for JSON: whole numbers as ``int``."""
    return int(x) if float(x).is_integer() else round(x, 6)

"""Pentagrammi's rules as pure functions: seats, the led suit, legal cards, the trick's
winner, the scoring seats and the P11 tie-break (rules P4-P11 of ``spec.md``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pakka.cards import CLUBS, DIAMONDS, HEARTS, JOKER_SUIT, SPADES, Card, parse_cards

__all__ = [
    "HAND",
    "JOKERS",
    "MAX_DEALS",
    "PLAYERS",
    "TRICKS",
    "led_suit",
    "legal_cards",
    "next_seat",
    "play_order",
    "rank_seats",
    "scoring_seats",
    "tiebreak_key",
    "tiebreak_winners",
    "trick_winner",
]

PLAYERS = 5
HAND = 11
TRICKS = 11
JOKERS = 3
MAX_DEALS = 20
_MISSING = 15
"""Tie-break value of a missing suit: worse than any rank (an ace is 14)."""

CardsLike = Iterable[Card | str] | str


# --- the rules as pure functions -----------------------------------------------------------


def next_seat(seat: int) -> int:
    """The seat that plays after ``seat``: two places on (P4).

    >>> next_seat(0), next_seat(3), next_seat(4)
    (2, 0, 1)
    """
    return (seat + 2) % PLAYERS


def play_order(leader: int) -> list[int]:
    """The seats in the order they play to a trick led by ``leader`` (P4.2).

    >>> play_order(0)
    [0, 2, 4, 1, 3]
    >>> play_order(3)
    [3, 0, 2, 4, 1]
    """
    return [(leader + 2 * i) % PLAYERS for i in range(PLAYERS)]


def scoring_seats(winner: int) -> tuple[int, int, int]:
    """The seats that score a point when ``winner`` takes a trick: W, W+2, W-2 (P9).

    >>> scoring_seats(0)
    (0, 2, 3)
    >>> scoring_seats(4)
    (4, 1, 2)
    """
    return (winner, (winner + 2) % PLAYERS, (winner + 3) % PLAYERS)


def led_suit(trick: CardsLike) -> str | None:
    """The led suit: the suit of the first natural card played (P6); ``None`` before it.

    >>> led_suit("JK JK H5 CK")
    'H'
    >>> led_suit("JK") is None
    True
    """
    for card in parse_cards(trick):
        if not card.is_joker:
            return card.suit
    return None


def legal_cards(hand: CardsLike, trick: CardsLike) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already played).

    Before the led suit is fixed (leading, or after only jokers) anything goes (P6.2,
    P-7).  Once it is fixed, a player holding a natural card of it must play that suit or a
    joker; otherwise any card (P7).  No obligation to trump, to play a joker or to head
    the trick.  The result holds each card value once, in :meth:`Card.sort_key` order.

    >>> legal_cards("D4 JK SA C2", "D9")
    [Card('D4'), Card('JK')]
    >>> legal_cards("JK SA C2", "D9")
    [Card('SA'), Card('C2'), Card('JK')]
    >>> legal_cards("D4 SA JK JK", "JK")
    [Card('SA'), Card('D4'), Card('JK')]
    """
    return _legal(sorted(parse_cards(hand), key=Card.sort_key), led_suit(trick))


def _legal(hand: Sequence[Card], led: str | None) -> list[Card]:
    """:func:`legal_cards` for a sorted hand and a known led suit (the engine's hot path)."""
    candidates: Sequence[Card] = hand
    if led is not None:
        follow = [c for c in hand if c.suit == led]
        if follow:
            candidates = [c for c in hand if c.suit == led or c.suit == JOKER_SUIT]
    out: list[Card] = []
    for card in candidates:
        if not out or out[-1] != card:
            out.append(card)
    return out


def trick_winner(cards: CardsLike) -> int:
    """The index (in playing order) of the card that wins a trick (P8).

    A spade wins a trick led in another suit (the highest spade); otherwise the highest
    card of the led suit.  A joker never wins.  Also works for a trick in progress
    (the card winning so far), provided a natural card has been played.

    >>> trick_winner("JK H5 HK S2 CA")
    3
    >>> trick_winner("S5 SK JK HA S2")
    1
    >>> trick_winner("JK JK JK H5 CK")
    3
    """
    played = parse_cards(cards)
    led = led_suit(played)
    if led is None:
        raise ValueError("a trick is won by a natural card; no natural card has been played")
    return _winner(played, led)


def _winner(cards: Sequence[Card], led: str) -> int:
    best = -1
    best_rank = -1
    trumped = False
    for i, card in enumerate(cards):
        if card.suit == SPADES and led != SPADES:
            if not trumped or card.rank > best_rank:
                best, best_rank, trumped = i, card.rank, True
        elif card.suit == led and not trumped and card.rank > best_rank:
            best, best_rank = i, card.rank
    return best


def tiebreak_key(cards: CardsLike) -> tuple[int, int, int, int]:
    """What P11 compares, lower is better: (spades, lowest heart, lowest diamond, lowest club).

    A missing suit counts as 15, worse than any card of it; jokers are nobody's suit.

    >>> tiebreak_key("S2 S3 H9 H4 C10 JK")
    (2, 4, 15, 10)
    """
    spades = 0
    lowest = {HEARTS: _MISSING, DIAMONDS: _MISSING, CLUBS: _MISSING}
    for card in parse_cards(cards):
        if card.suit == SPADES:
            spades += 1
        elif card.suit in lowest and card.rank < lowest[card.suit]:
            lowest[card.suit] = card.rank
    return (spades, lowest[HEARTS], lowest[DIAMONDS], lowest[CLUBS])


def tiebreak_winners(cards_by_seat: Mapping[int, CardsLike]) -> list[int]:
    """The P11 tie-break among tied seats: who is left after every criterion (sorted).

    Each step keeps only the seats best on it: fewest spades, then lowest heart (a seat
    with a heart beats one without; if nobody has one the step changes nothing), lowest
    diamond, lowest club.  Several seats left = a shared win.

    >>> tiebreak_winners({0: "S2 S3 H9", 2: "S4 HA", 3: "SA DK"})
    [2]
    >>> tiebreak_winners({1: "S2 CK", 4: "S3 C5 JK"})
    [4]
    >>> tiebreak_winners({0: "SA JK", 1: "S2 JK"})
    [0, 1]
    """
    keys = {seat: tiebreak_key(cards) for seat, cards in cards_by_seat.items()}
    left = sorted(keys)
    for step in range(4):
        best = min(keys[s][step] for s in left)
        left = [s for s in left if keys[s][step] == best]
    return left


def rank_seats(scores: Sequence[float], cards_by_seat: Sequence[CardsLike]) -> tuple[int, ...]:
    """Final places (1 = winner): by total, ties broken by P11 on each seat's cards.

    Seats still equal after every criterion share a place (competition ranking).

    >>> rank_seats([11, 0, 11, 11, 0], ["S2 S3", "H2", "S4 H3", "S5 H4", "H5"])
    (3, 4, 1, 2, 5)
    """
    keys = [tiebreak_key(cards) for cards in cards_by_seat]
    order = [(-scores[s], keys[s]) for s in range(len(scores))]
    return tuple(1 + sum(other < mine for other in order) for mine in order)

"""Cards, decks and the card notation shared by every game.

A :class:`Card` is an immutable value: a suit, a rank and a *copy id*.  The copy id tells
apart the physical copies of one card in a pack that holds duplicates (Anarchy's 65-card
pack, Guandan's two decks, Pentagrammi's three jokers); it never takes part in equality,
hashing or ordering, because two copies of one card are identical for every rule.

Notation (see ``docs/notation.md``): suit letter then rank, ``S`` ``H`` ``D`` ``C`` and
``2``..``10`` ``J`` ``Q`` ``K`` ``A``; jokers ``JK`` (a plain joker), ``RJ`` (red/big) and
``BJ`` (black/small).

>>> parse_cards("S8 ♥10 10♦ cq th JK rj")
[Card('S8'), Card('H10'), Card('D10'), Card('CQ'), Card('H10'), Card('JK'), Card('RJ')]
>>> str(parse_card("♠A")), parse_card("HT").pretty()
('SA', '♥10')
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from pakka.errors import NotationError

SPADES: Final = "S"
HEARTS: Final = "H"
DIAMONDS: Final = "D"
CLUBS: Final = "C"
JOKER_SUIT: Final = "J"
SUITS: Final = (SPADES, HEARTS, DIAMONDS, CLUBS)
"""The four natural suits in notation order."""

SUIT_SYMBOLS: Final = {SPADES: "♠", HEARTS: "♥", DIAMONDS: "♦", CLUBS: "♣"}
SUIT_NAMES: Final = {SPADES: "spades", HEARTS: "hearts", DIAMONDS: "diamonds", CLUBS: "clubs"}

JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14
RANKS: Final = tuple(range(2, 15))
"""Natural ranks 2..14 (ace high); games that need another order map these."""

JOKER: Final = 0
"""Rank of a plain joker (``JK``)."""
BLACK_JOKER: Final = 15
"""Rank of Guandan's black (small) joker (``BJ``)."""
RED_JOKER: Final = 16
"""Rank of Guandan's red (big) joker (``RJ``)."""

RANK_LABELS: Final = {
    **{r: str(r) for r in range(2, 11)},
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    ACE: "A",
}
_JOKER_LABELS: Final = {JOKER: "JK", BLACK_JOKER: "BJ", RED_JOKER: "RJ"}
_JOKER_PRETTY: Final = {JOKER: "★", BLACK_JOKER: "☆B", RED_JOKER: "★R"}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card.  ``copy`` is bookkeeping only (see the module docstring)."""

    suit: str
    rank: int
    copy: int = field(default=0, compare=False, hash=False)

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    def __str__(self) -> str:
        if self.suit == JOKER_SUIT:
            return _JOKER_LABELS[self.rank]
        return self.suit + RANK_LABELS[self.rank]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def pretty(self) -> str:
        """The form people read: ``♠8``, ``♥10``, ``★`` for a joker."""
        if self.suit == JOKER_SUIT:
            return _JOKER_PRETTY[self.rank]
        return SUIT_SYMBOLS[self.suit] + RANK_LABELS[self.rank]

    def sort_key(self) -> tuple[int, int]:
        """Suits in S H D C order, ranks ascending, jokers last."""
        if self.suit == JOKER_SUIT:
            return (4, self.rank)
        return (SUITS.index(self.suit), self.rank)

    def with_copy(self, copy: int) -> Card:
        return Card(self.suit, self.rank, copy)


def _build_lookup() -> dict[str, Card]:
    table: dict[str, Card] = {}
    rank_tokens: dict[str, int] = {label: r for r, label in RANK_LABELS.items()}
    rank_tokens["T"] = 10
    suit_tokens = {s: s for s in SUITS} | {sym: s for s, sym in SUIT_SYMBOLS.items()}
    suit_tokens |= {"♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS}
    for st, suit in suit_tokens.items():
        for rt, rank in rank_tokens.items():
            card = Card(suit, rank)
            table[st + rt] = card
            table[rt + st] = card
    jokers = {
        "JK": JOKER,
        "JOKER": JOKER,
        "★": JOKER,
        "🃏": JOKER,
        "RJ": RED_JOKER,
        "HR": RED_JOKER,
        "★R": RED_JOKER,
        "BJ": BLACK_JOKER,
        "SB": BLACK_JOKER,
        "☆B": BLACK_JOKER,
    }
    for token, rank in jokers.items():
        table[token] = Card(JOKER_SUIT, rank)
    return table


_LOOKUP: Final = _build_lookup()


def parse_card(token: str) -> Card:
    """Parse one card token; raises :class:`NotationError` naming the bad token.

    >>> parse_card("10♥")
    Card('H10')
    >>> parse_card("X9")
    Traceback (most recent call last):
    ...
    pakka.errors.NotationError: bad card 'X9': write suit S H D C then rank 2-10 J Q K A (e.g. S8, H10, DJ), or JK, RJ, BJ
    """
    key = token.strip().upper()
    card = _LOOKUP.get(key)
    if card is None:
        raise NotationError(
            f"bad card {token!r}: write suit S H D C then rank 2-10 J Q K A "
            "(e.g. S8, H10, DJ), or JK, RJ, BJ"
        )
    return card


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse cards separated by spaces or commas, or an iterable of tokens and cards."""
    if isinstance(text, str):
        tokens: Iterable[str | Card] = text.replace(",", " ").split()
    else:
        tokens = text
    return [t if isinstance(t, Card) else parse_card(t) for t in tokens]


def format_cards(cards: Iterable[Card], pretty: bool = False) -> str:
    """Cards joined by spaces, in notation (or the people form with ``pretty``)."""
    return " ".join(c.pretty() if pretty else str(c) for c in cards)


def index_of(cards: list[Card], card: Card) -> int:
    """``cards.index(card)`` without the dataclass ``__eq__`` (a hot path in the engines):
    the very object first (a play holds the dealt object), else the first equal card."""
    try:
        return list(map(id, cards)).index(id(card))
    except ValueError:
        pass
    suit, rank = card.suit, card.rank
    for i, c in enumerate(cards):
        if c.rank == rank and c.suit == suit:
            return i
    raise ValueError(f"{card} is not in the list")


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=Card.sort_key)


# --- decks -----------------------------------------------------------------------------


def deck_52(copy: int = 0) -> list[Card]:
    """The standard 52 cards, suits S H D C, ranks 2..A."""
    return [Card(s, r, copy) for s in SUITS for r in RANKS]


def deck_with_jokers(jokers: int) -> list[Card]:
    """52 cards plus ``jokers`` plain jokers (``JK``) with copy ids 0, 1, ..."""
    return deck_52() + [Card(JOKER_SUIT, JOKER, i) for i in range(jokers)]


def anarchy_deck(players: int) -> list[Card]:
    """53 cards (52 + joker) for 3-4 players; 65 for 5 (second copies of every 6, 7 and 8).

    >>> len(anarchy_deck(4)), len(anarchy_deck(5))
    (53, 65)
    """
    cards = deck_with_jokers(1)
    if players == 5:
        cards += [Card(s, r, 1) for s in SUITS for r in (6, 7, 8)]
    return cards


def guandan_deck() -> list[Card]:
    """108 cards: two decks of 52 plus a red and a black joker each.

    >>> len(guandan_deck())
    108
    """
    cards: list[Card] = []
    for copy in (0, 1):
        cards += deck_52(copy)
        cards += [Card(JOKER_SUIT, BLACK_JOKER, copy), Card(JOKER_SUIT, RED_JOKER, copy)]
    return cards


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy drawn from ``rng`` (never the module-level RNG)."""
    out = list(cards)
    rng.shuffle(out)
    return out

"""Cards, packs and notation."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pakka.cards import (
    Card,
    anarchy_deck,
    deck_52,
    deck_with_jokers,
    format_cards,
    guandan_deck,
    parse_card,
    parse_cards,
    shuffled,
    sorted_cards,
)
from pakka.errors import NotationError


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("S8", "S8"),
        ("♠8", "S8"),
        ("8♠", "S8"),
        ("10♥", "H10"),
        ("h10", "H10"),
        ("HT", "H10"),
        ("t♦", "D10"),
        ("cq", "CQ"),
        ("♣A", "CA"),
        ("jk", "JK"),
        ("Joker", "JK"),
        ("RJ", "RJ"),
        ("HR", "RJ"),
        ("BJ", "BJ"),
        ("SB", "BJ"),
        (" DJ ", "DJ"),
    ],
)
def test_parse_accepts_every_documented_form(token: str, canonical: str) -> None:
    assert str(parse_card(token)) == canonical


@pytest.mark.parametrize("token", ["X9", "S1", "S11", "H", "10", "", "SS8", "JKR", "♠♠"])
def test_bad_tokens_are_named_in_the_error(token: str) -> None:
    with pytest.raises(NotationError, match=f"bad card {token!r}"):
        parse_card(token)


def test_parse_cards_names_the_bad_token_among_good_ones() -> None:
    with pytest.raises(NotationError, match="bad card 'Q9'"):
        parse_cards("S8, H8 Q9 SJ")
    assert parse_cards("S8, H8  SJ") == [Card("S", 8), Card("H", 8), Card("S", 11)]


def test_pretty_and_str() -> None:
    cards = parse_cards("S8 H10 DJ CA JK RJ BJ")
    assert format_cards(cards) == "S8 H10 DJ CA JK RJ BJ"
    assert format_cards(cards, pretty=True) == "♠8 ♥10 ♦J ♣A ★ ★R ☆B"
    assert repr(cards[1]) == "Card('H10')"


def test_copies_are_the_same_card() -> None:
    a, b = Card("S", 7, 0), Card("S", 7, 1)
    assert a == b and hash(a) == hash(b) and a.copy != b.copy
    assert Counter([a, b]) == Counter({Card("S", 7): 2})


def test_packs() -> None:
    assert len(deck_52()) == 52 and len(set(deck_52())) == 52
    assert Counter(c.suit for c in deck_52()) == {"S": 13, "H": 13, "D": 13, "C": 13}
    three = deck_with_jokers(3)
    assert len(three) == 55 and sorted(c.copy for c in three if c.is_joker) == [0, 1, 2]
    assert len(anarchy_deck(3)) == len(anarchy_deck(4)) == 53
    five = Counter(anarchy_deck(5))
    assert sum(five.values()) == 65
    assert {str(c) for c, n in five.items() if n == 2} == {
        f"{s}{r}" for s in "SHDC" for r in (6, 7, 8)
    }
    gd = Counter(guandan_deck())
    assert sum(gd.values()) == 108 and set(gd.values()) == {2} and len(gd) == 54
    physical = {(c, c.copy) for c in guandan_deck()}
    assert len(physical) == 108


def test_shuffle_uses_only_the_given_rng() -> None:
    deck = deck_52()
    one = shuffled(deck, random.Random(5))
    random.seed(99)
    two = shuffled(deck, random.Random(5))
    assert one == two and one != deck and sorted_cards(one) == sorted_cards(deck)
    assert deck == deck_52()  # the input is not changed

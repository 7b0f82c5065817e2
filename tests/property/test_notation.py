"""Round trips of the card notation."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pakka.cards import SUIT_SYMBOLS, Card, anarchy_deck, guandan_deck, parse_card, parse_cards

ALL = sorted(set(anarchy_deck(5)) | set(guandan_deck()), key=Card.sort_key)


@given(st.lists(st.sampled_from(ALL), max_size=30))
def test_str_parse_round_trip(cards: list[Card]) -> None:
    text = " ".join(map(str, cards))
    assert parse_cards(text) == cards
    assert parse_cards(" ".join(c.pretty() for c in cards)) == cards
    assert parse_cards([str(c).lower() for c in cards]) == cards


@given(st.sampled_from([c for c in ALL if not c.is_joker]))
def test_symbol_after_rank(card: Card) -> None:
    rank = str(card)[1:]
    assert parse_card(rank + SUIT_SYMBOLS[card.suit]) == card

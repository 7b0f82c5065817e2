"""Hypothesis laws of Guandan's classifier and move generator."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pakka.cards import Card, guandan_deck
from pakka.games.guandan import PASS, classify, legal_plays
from pakka.games.guandan.combos import BOMB_TYPES, rank_label

PACK = guandan_deck()
LEVELS = [rank_label(r) for r in range(2, 15)]


@st.composite
def hands(draw: st.DrawFn, lo: int = 1, hi: int = 27) -> tuple[list[Card], str]:
    level = draw(st.sampled_from(LEVELS))
    idx = draw(st.lists(st.integers(0, 107), min_size=lo, max_size=hi, unique=True))
    cards = [PACK[i] for i in idx]
    if draw(st.booleans()):  # make wilds likely
        wild = next(c for c in PACK if c.suit == "H" and rank_label(c.rank) == level)
        kept = [c for c in cards if c != wild][: hi - 2]
        cards = [*kept, wild, wild.with_copy(1)]
    return cards, level


@settings(max_examples=60, deadline=None)
@given(hands())
def test_every_play_is_classified_as_it_claims_and_uses_held_cards(h):
    hand, level = h
    held = Counter(hand)
    for canonical in (False, True):
        plays = legal_plays(hand, level, canonical=canonical)
        assert len(set(plays)) == len(plays)
        for p in plays:
            assert p.combo is not None and p.combo in classify(p.cards, level)
            assert not Counter(p.cards) - held


@settings(max_examples=60, deadline=None)
@given(hands(), hands(1, 10))
def test_every_follow_beats_the_play_to_beat(h, other):
    hand, level = h
    leads = legal_plays(other[0], level)
    to_beat = leads[len(leads) // 2].combo
    follows = legal_plays(hand, level, to_beat)
    assert follows[0] == PASS
    full = {p for p in legal_plays(hand, level) if p.combo.beats(to_beat)}
    assert set(follows[1:]) == full
    for p in follows[1:]:
        assert p.combo.beats(to_beat)


@settings(max_examples=100, deadline=None)
@given(hands(1, 12), hands(1, 12))
def test_beats_is_irreflexive_and_antisymmetric(a, b):
    level = a[1]
    xs = legal_plays(a[0], level, canonical=True)
    ys = legal_plays(b[0], level, canonical=True)
    for x in xs[:40]:
        assert not x.combo.beats(x.combo)
        for y in ys[:40]:
            assert not (x.combo.beats(y.combo) and y.combo.beats(x.combo))
            if x.combo.type in BOMB_TYPES and y.combo.type not in BOMB_TYPES:
                assert x.combo.beats(y.combo)


@settings(max_examples=60, deadline=None)
@given(hands(5, 27))
def test_canonical_is_a_covering_subset_of_full(h):
    hand, level = h
    full = legal_plays(hand, level)
    canon = legal_plays(hand, level, canonical=True)
    assert set(canon) <= set(full)
    assert {(p.combo.type, p.combo.key) for p in canon} == {
        (p.combo.type, p.combo.key) for p in full
    }

"""Hypothesis: the Guandan class index is a bijection on canonical plays of any hand.

For random hands, levels and plays to beat: canonical plays get distinct indices inside
the play range, each index's class reads back from its representative, and every
full-mode play (smaller hands, where full generation is cheap) falls into the class of
exactly one canonical play.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pakka.cards import guandan_deck
from pakka.games.guandan.codec import CLASSES, PLAY0, RETURN0, class_of, index_of
from pakka.games.guandan.moves import legal_plays

DECK = [str(c) for c in guandan_deck()]


@st.composite
def situations(draw: st.DrawFn, max_cards: int) -> tuple[list[str], int, object]:
    cards = draw(st.permutations(range(len(DECK))))
    n = draw(st.integers(1, max_cards))
    hand = [DECK[i] for i in cards[:n]]
    level = draw(st.integers(2, 14))
    to_beat = None
    if draw(st.booleans()):
        other = [DECK[i] for i in cards[n : n + 12]]
        plays = legal_plays(other, level)
        if plays:
            to_beat = plays[draw(st.integers(0, len(plays) - 1))].combo
    return hand, level, to_beat


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(27))
def test_canonical_plays_get_distinct_indices(case: tuple) -> None:
    hand, level, to_beat = case
    plays = [p for p in legal_plays(hand, level, to_beat, canonical=True) if p.combo]
    indices = [index_of(p, level) for p in plays]
    assert len(set(indices)) == len(indices)
    for p, i in zip(plays, indices, strict=True):
        assert PLAY0 <= i < RETURN0
        assert CLASSES[i - PLAY0] == class_of(p, level)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(18))
def test_full_mode_plays_fall_into_canonical_classes(case: tuple) -> None:
    hand, level, to_beat = case
    canonical = {
        index_of(p, level) for p in legal_plays(hand, level, to_beat, canonical=True) if p.combo
    }
    full = {index_of(p, level) for p in legal_plays(hand, level, to_beat) if p.combo}
    assert full == canonical

"""Pentagrammi's weighted worlds: never a world the seat knows is wrong, never a possible
world dropped, and the weights move the way the passes and plays say."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from pakka.bots import make
from pakka.bots.belief import log_weights, normalized, sample_worlds
from pakka.bots.search import Budget
from pakka.cards import parse_cards
from pakka.games import get
from pakka.games.pentagrammi import PentagrammiState, PentagrammiView
from pakka.games.pentagrammi.belief import evidence, pass_probability, play_probability
from pakka.games.pentagrammi.bots import KIT
from pakka.games.pentagrammi.heuristic import PentagrammiPolicy, _View

GAME = get("pentagrammi")


def midgame(seed: int, tricks: int) -> PentagrammiState:
    """A deal of five ``normal`` bots, ``tricks`` tricks and a card or two in."""
    st = GAME.new_match(seed=seed)
    bots = [make("pentagrammi", "normal", seed=s) for s in range(5)]
    while st.phase == "pass" or len(st.tricks) < tricks or not st.trick:
        for s in sorted(st.to_act()):
            st.apply(s, bots[s].act(st.view(s), st.legal_actions(s)))
    assert isinstance(st, PentagrammiState)
    return st


def consistent(world: PentagrammiState, view: PentagrammiView) -> None:
    """What the seat knows holds in ``world``."""
    me = view.seat
    assert me is not None
    assert Counter(map(str, world.hands[me])) == Counter(map(str, view.hand or ()))
    for p in view.players:
        assert len(world.hands[p.seat]) == p.cards
        assert Counter(map(str, world.played[p.seat])) == Counter(map(str, p.played))
        assert not any(c.suit in p.voids for c in world.hands[p.seat])
    assert [str(c) for c in world.trick] == [str(t.card) for t in view.table.trick]
    everything = Counter(str(c) for h in world.hands for c in h)
    everything += Counter(str(c) for p in world.played for c in p)
    everything += Counter(str(c) for c in world.trick)
    assert sum(everything.values()) == 55


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_weighted_sample_never_contradicts_the_seat(seed: int) -> None:
    st = midgame(seed, 3 + seed)
    view = st.view(st.turn)
    worlds = sample_worlds(GAME, view, random.Random(seed), 8, evidence, pool=16)
    assert len({id(w) for w in worlds}) == 8
    for w in worlds:
        assert isinstance(w, PentagrammiState)
        consistent(w, view)


@pytest.mark.parametrize("seed", [4, 5])
def test_no_possible_world_is_dropped(seed: int) -> None:
    """Every world determinize gives has a finite likelihood and a weight above zero."""
    st = midgame(seed, 6)
    view = st.view(st.turn)
    rng = random.Random(seed)
    pool = [GAME.determinize(view, rng) for _ in range(16)]
    logw = log_weights(pool, view, evidence)
    assert all(math.isfinite(x) for x in logw)
    assert all(w > 0 for w in normalized(logw))
    assert len(set(logw)) > 1  # the plays tell the worlds apart


def test_the_true_hands_are_likelier_than_random_ones() -> None:
    """Against players who play as the model says, the observed passes and plays make the
    real deal more likely than the worlds drawn blind."""
    better = 0
    for seed in range(6):
        st = midgame(seed, 4)
        view = st.view(st.turn)
        rng = random.Random(seed)
        true = evidence(st.clone(), view)
        blind = [evidence(GAME.determinize(view, rng), view) for _ in range(8)]
        better += true > sum(blind) / len(blind)
    assert better >= 5


def test_the_heuristics_own_card_is_the_likeliest() -> None:
    """Every legal card keeps a chance; the one ``normal`` plays has the most."""
    st = midgame(8, 2)
    seat = st.turn
    legal = st.legal_actions(seat)
    cards = [a.card for a in legal]  # type: ignore[attr-defined]
    assert len(cards) > 1
    chosen = PentagrammiPolicy().choose(st.view(seat), legal, random.Random(0))
    view = _View.of_state(st, seat)
    probs = {c: play_probability(view, cards, c) for c in cards}
    assert all(p > 0 for p in probs.values())
    assert max(probs, key=lambda c: probs[c]) == chosen.card  # type: ignore[attr-defined]
    assert sum(probs.values()) == pytest.approx(1.0)


def test_the_view_from_the_state_is_the_observations() -> None:
    """The model's quick view reads what the heuristic would read from the observation."""
    st = midgame(9, 5)
    for seat in range(5):
        quick, slow = _View.of_state(st, seat), _View(st.view(seat))
        for name in ("seat", "hand", "leader", "led", "trick", "voids", "unseen", "after"):
            assert getattr(quick, name) == getattr(slow, name), name


def test_a_neighbour_who_passed_a_high_card_had_no_low_ones() -> None:
    """The heuristic gives its lowest cards away: passing a king from a hand with two low
    clubs is unlikely, passing those clubs likely, and nothing is impossible."""
    hand = parse_cards("C2 C3 D9 DK H7 H10 S5 S9 SQ CA DA")
    low = (hand[0], hand[1])
    king = (hand[0], hand[3])
    assert pass_probability(hand, low) > 10 * pass_probability(hand, king) > 0
    total = sum(pass_probability(hand, (a, b)) for i, a in enumerate(hand) for b in hand[i + 1 :])
    assert total == pytest.approx(1.0)


def test_belief_is_an_option_of_hard() -> None:
    """``Budget.belief`` turns it on; the kit brings Pentagrammi's model; moves stay legal."""
    assert KIT.evidence is not None
    st = midgame(7, 3)
    assert KIT.evidence is evidence
    seat = st.turn
    bot = make("pentagrammi", "hard", seed=1, budget=Budget(worlds=4, max_candidates=3, belief=8))
    legal = st.legal_actions(seat)
    assert bot.act(st.view(seat), legal) in legal

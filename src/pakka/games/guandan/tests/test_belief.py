"""Guandan's weighted worlds: never a world the seat knows is wrong, never a possible world
dropped, and the weights move the way the observed plays say."""

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
from pakka.games.guandan import GuandanState, GuandanView
from pakka.games.guandan.bots import KIT
from pakka.games.guandan.bots.belief import evidence, move_probability
from pakka.games.guandan.bots.view import _counts, _View
from pakka.games.guandan.combos import card_kind, classify, level_rank

GAME = get("guandan")


def midgame(seed: int, steps: int) -> GuandanState:
    """A deal of four ``normal`` bots, ``steps`` rounds of actions in."""
    st = GAME.new_match(seed=seed)
    bots = [make("guandan", "normal", seed=s) for s in range(4)]
    for _ in range(steps):
        for s in sorted(st.to_act()):
            st.apply(s, bots[s].act(st.view(s), st.legal_actions(s)))
    assert isinstance(st, GuandanState)
    return st


def consistent(world: GuandanState, view: GuandanView) -> None:
    """What the seat knows holds in ``world``."""
    me = view.seat
    assert me is not None
    assert Counter(map(str, world.hands[me])) == Counter(map(str, view.hand or ()))
    for p in view.players:
        assert len(world.hands[p.seat]) == p.cards
        held = Counter(map(str, world.hands[p.seat]))
        assert not Counter(map(str, p.known)) - held
    played = Counter(str(c) for e in view.history for c in e.cards)
    assert Counter(map(str, world.played)) == played
    everything = Counter(str(c) for h in world.hands for c in h) + played
    everything += Counter(str(c) for c in world.committed.values())
    assert sum(everything.values()) == 108


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_weighted_sample_never_contradicts_the_seat(seed: int) -> None:
    st = midgame(seed, 12 + seed)
    view = st.view(st.turn)
    worlds = sample_worlds(GAME, view, random.Random(seed), 8, evidence, pool=16)
    assert len(worlds) == 8
    for w in worlds:
        assert isinstance(w, GuandanState)
        consistent(w, view)
    # the kept worlds are distinct objects (each may be played on)
    assert len({id(w) for w in worlds}) == len(worlds)


@pytest.mark.parametrize("seed", [4, 5])
def test_no_possible_world_is_dropped(seed: int) -> None:
    """Every world determinize gives has a finite likelihood and a weight above zero."""
    st = midgame(seed, 15)
    view = st.view(st.turn)
    rng = random.Random(seed)
    pool = [GAME.determinize(view, rng) for _ in range(12)]
    logw = log_weights(pool, view, evidence)
    assert all(math.isfinite(x) for x in logw)
    assert all(w > 0 for w in normalized(logw))


def test_the_true_hands_are_likelier_than_random_ones() -> None:
    """Against players who play as the model says, the observed plays make the real deal
    more likely than the worlds drawn blind: the weights move the expected way."""
    better = 0
    for seed in range(6):
        st = midgame(seed, 10)
        view = st.view(st.turn)
        rng = random.Random(seed)
        true = evidence(st.clone(), view)
        blind = [evidence(GAME.determinize(view, rng), view) for _ in range(6)]
        better += true > sum(blind) / len(blind)
    assert better >= 5


def single_view(hand: str, top: str) -> _View:
    """Seat 1's decision on an opponent's (seat 0's) single ``top``, holding ``hand``."""
    view = object.__new__(_View)
    view.seat = 1
    view.level = level_rank("2")
    cards = parse_cards(hand)
    view.hand = cards
    view.counts = _counts(cards)
    view.cards = [20, len(cards), 20, 20]
    view.out = [False] * 4
    view.top_seat = 0
    view.top = classify(top, "2")[0]
    view.partner = 3
    view.opponents = (0, 2)
    view.history = []
    return view


def test_a_pass_is_less_likely_with_a_loose_low_single() -> None:
    """Over a single 3, a seat with a loose 5 would beat with it; a seat whose 5s make a
    pair would rather not break it: so a pass says it probably holds no loose low single."""
    rest = "S9 H9 D9 SJ HJ DQ CQ SK HK"
    loose = single_view("C5 " + rest, "S3")
    paired = single_view("C5 D5 " + rest, "S3")
    assert move_probability(loose, None) < move_probability(paired, None)
    five = ("single", (card_kind(classify("C5", "2")[0].cards[0]),))
    assert move_probability(loose, five) > move_probability(loose, None)


def test_belief_is_an_option_of_hard() -> None:
    """``Budget.belief`` turns it on; the kit brings Guandan's model; moves stay legal."""
    assert KIT.evidence is evidence
    st = midgame(7, 8)
    seat = st.turn
    bot = make(
        "guandan",
        "hard",
        seed=1,
        budget=Budget(worlds=4, max_candidates=3, confidence=2.0, belief=8),
    )
    legal = st.legal_actions(seat)
    assert bot.act(st.view(seat), legal) in legal
    assert Budget.parse("8,3,2,belief=24").belief == 24

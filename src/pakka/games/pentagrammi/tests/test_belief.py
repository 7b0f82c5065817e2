"""Pentagrammi's weighted worlds: never a world the seat knows is wrong, never a possible
world dropped, and the weights move the way the passes and plays say."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from pakka.bots import make
from pakka.bots.belief import WorldChain, log_weights, normalized, sample_worlds
from pakka.bots.search import Budget
from pakka.cards import parse_cards
from pakka.games import get
from pakka.games.pentagrammi import PentagrammiState, PentagrammiView
from pakka.games.pentagrammi.belief import (
    CHAIN,
    chain_evidence,
    evidence,
    pass_probability,
    play_probability,
    propose,
)
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


# --- the Metropolis chain over worlds (``Budget.chain``) ---------------------------------


def passes_hold(world: PentagrammiState, view: PentagrammiView) -> None:
    """The passes in ``world`` are the seat's own and what it received, and every pass went
    to a seat that holds (or played) the card: 11 cards were dealt to each."""
    me = view.seat
    assert me is not None
    mine, got = view.table.passing.given, view.table.passing.received
    assert mine is not None and got is not None
    assert world.given[me] == (mine.to_left, mine.to_right)
    assert world.received(me) == (got.from_left, got.from_right)
    for giver, pair in enumerate(world.given):
        assert pair is not None
        for card, to in ((pair[0], (giver + 1) % 5), (pair[1], (giver - 1) % 5)):
            held = [*world.hands[to], *world.played[to], *world.trick_cards(to)]
            assert card in held, (giver, to, card)
    for seat in range(5):
        assert len(world.dealt_hand(seat)) == 11


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_chain_never_contradicts_the_seat(seed: int) -> None:
    st = midgame(seed, 2 + 2 * seed)
    view = st.view(st.turn)
    chain = WorldChain(GAME, view, random.Random(seed), CHAIN, burn=60)
    worlds = chain.draw(8)
    assert chain.accepted > 0
    assert len({id(w) for w in worlds}) == 8
    for w in worlds:
        assert isinstance(w, PentagrammiState)
        consistent(w, view)
        passes_hold(w, view)


def test_a_proposal_can_be_undone_by_the_opposite_swap() -> None:
    """The proposal is symmetric: from the world it proposes, the way back is a proposal
    too (found among 3,000 draws; each swap has a chance of about 1 in 400)."""
    st = midgame(5, 4)
    view = st.view(st.turn)
    rng = random.Random(3)
    world = GAME.determinize(view, rng)
    assert isinstance(world, PentagrammiState)
    for _ in range(3):
        new = None
        while new is None:
            new = propose(world, view, rng)
        changed = [s for s in range(5) if new.hands[s] != world.hands[s]]
        assert len(changed) == 2
        back = (propose(new, view, rng) for _ in range(3000))
        assert any(
            w is not None and w.hands == world.hands and w.given == world.given for w in back
        )


def test_the_chain_finds_where_the_cards_are_better_than_blind_draws() -> None:
    """Late in a deal of ``normal`` bots, the chain's worlds are likelier under the model
    and put more of the hidden cards in the hands that really hold them than
    ``determinize``'s blind draws (the same number of worlds, seeded)."""
    st = midgame(4, 6)
    me = st.turn
    view = st.view(me)

    def placed(world: PentagrammiState) -> int:
        return sum(
            sum((Counter(world.hands[s]) & Counter(st.hands[s])).values())
            for s in range(5)
            if s != me
        )

    rng = random.Random(0)
    chained = WorldChain(GAME, view, rng, CHAIN, burn=200).draw(16)
    blind = [GAME.determinize(view, rng) for _ in range(16)]
    assert sum(map(placed, chained)) > 1.3 * sum(map(placed, blind))
    likelihood = [sum(chain_evidence(w, view) for w in ws) for ws in (chained, blind)]
    assert likelihood[0] > likelihood[1] + 16 * 5


def test_the_chain_is_an_option_of_hard() -> None:
    """``Budget.chain`` turns it on; the kit brings Pentagrammi's chain; moves stay legal
    and a seeded bot is reproducible."""
    assert KIT.chain is CHAIN
    assert Budget.parse("4,3,chain=20").chain == 20
    st = midgame(7, 3)
    seat = st.turn
    legal = st.legal_actions(seat)
    budget = Budget(worlds=4, max_candidates=3, chain=20)
    moves = [
        make("pentagrammi", "hard", seed=1, budget=budget).act(st.view(seat), legal)
        for _ in range(2)
    ]
    assert moves[0] in legal and moves[0] == moves[1]

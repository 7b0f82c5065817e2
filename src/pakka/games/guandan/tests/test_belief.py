"""Guandan's weighted worlds: never a world the seat knows is wrong, never a possible world
dropped, and the weights move the way the observed plays say."""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from collections import Counter
from typing import Any

import pytest

from pakka.bots import make
from pakka.bots.base import View
from pakka.bots.belief import WorldChain, log_weights, normalized, sample_worlds
from pakka.bots.search import Budget, PimcBot
from pakka.cards import parse_cards
from pakka.engine import State
from pakka.games import get
from pakka.games.guandan import GuandanState, GuandanView
from pakka.games.guandan.bots import KIT
from pakka.games.guandan.bots.belief import CHAIN, carry, evidence, move_probability, propose
from pakka.games.guandan.bots.view import _counts, _View
from pakka.games.guandan.combos import card_kind, classify, level_rank
from pakka.games.guandan.rules import card_power, is_wild

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


def second_deal(seed: int, plays: int) -> GuandanState:
    """The second deal of a match of four ``normal`` bots (so with tribute, or an
    anti-tribute's shown jokers), once ``plays`` plays are public."""
    st = GAME.new_match(seed=seed)
    bots = [make("guandan", "normal", seed=s) for s in range(4)]
    while st.deal_no < 2 or st.phase != "play" or len(st.history) < plays:
        for s in sorted(st.to_act()):
            st.apply(s, bots[s].act(st.view(s), st.legal_actions(s)))
    assert isinstance(st, GuandanState)
    return st


def tribute_holds(world: GuandanState, view: GuandanView) -> None:
    """Every other payer's hidden cards are no stronger than the tribute it paid, and the
    cards everyone knows a seat holds are still in that very hand."""
    level = level_rank(world.deal_level)
    for payer, _, card in world.tribute:
        if payer == view.seat:
            continue
        hidden = [c for c in world.hands[payer] if not any(c is k for k in world.shown[payer])]
        cap = card_power(card, level)
        assert all(card_power(c, level) <= cap or is_wild(c, level) for c in hidden)
    for s in range(4):
        assert all(any(k is c for c in world.hands[s]) for k in world.shown[s])


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


@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_the_chain_never_contradicts_the_seat(seed: int) -> None:
    """Second deals: tribute payers (seeds 1, 3, 7) and shown red jokers (seed 2)."""
    st = second_deal(seed, 8)
    view = st.view(st.turn)
    chain = WorldChain(GAME, view, random.Random(seed), CHAIN, burn=40)
    worlds = chain.draw(6)
    assert chain.accepted > 0
    assert len({id(w) for w in worlds}) == 6
    for w in worlds:
        assert isinstance(w, GuandanState)
        consistent(w, view)
        tribute_holds(w, view)


def test_a_proposal_never_gives_a_payer_a_stronger_card() -> None:
    """Seat 0 paid a 5 as tribute (seed 1's second deal, seen from seat 2): of many
    proposals, those that would hand it anything stronger are refused."""
    st = second_deal(1, 8)
    view = st.view(2)
    assert any(payer == 0 for payer, _, _ in st.tribute)
    rng = random.Random(5)
    world = GAME.determinize(view, rng)
    assert isinstance(world, GuandanState)
    refused = 0
    for _ in range(400):
        new = propose(world, view, rng)
        if new is None:
            refused += 1
            continue
        tribute_holds(new, view)
        consistent(new, view)
        world = new
    assert 0 < refused < 400


def test_a_proposal_can_be_undone_by_the_opposite_swap() -> None:
    """The proposal is symmetric: from the world it proposes, the way back is a proposal
    too (found among 6,000 draws)."""
    st = midgame(5, 30)
    view = st.view(st.turn)
    rng = random.Random(3)
    world = GAME.determinize(view, rng)
    assert isinstance(world, GuandanState)
    for _ in range(3):
        new = None
        while new is None:
            new = propose(world, view, rng)
        changed = [s for s in range(4) if new.hands[s] != world.hands[s]]
        assert len(changed) == 2
        back = (propose(new, view, rng) for _ in range(6000))
        assert any(w is not None and w.hands == world.hands for w in back)


def test_the_memo_gives_what_a_fresh_replay_gives() -> None:
    """``evidence`` remembers each decision's term by the deciding hand; along a chain the
    remembered sums equal replays with an empty memo, world by world."""
    st = midgame(2, 20)
    view = st.view(st.turn)
    rng = random.Random(2)
    world = GAME.determinize(view, rng)
    walked: list[tuple[GuandanState, float]] = []
    while len(walked) < 30:
        new = propose(world, view, rng)
        if new is not None:
            world = new
            walked.append((world, evidence(world, view)))
    for world, remembered in walked:
        cold = evidence(world, copy.copy(view))  # another view object: an empty memo
        assert remembered == pytest.approx(cold, abs=1e-9)
    assert len({round(x, 6) for _, x in walked}) > 10  # the worlds did differ


def test_evidence_of_some_seats_is_their_share_of_the_whole() -> None:
    """The terms of each other seat, asked for alone (cold, then from the memo the others
    filled), add up to the evidence of all of them."""
    st = midgame(4, 20)
    me = st.turn
    view = st.view(me)
    world = GAME.determinize(view, random.Random(4))
    whole = evidence(world, copy.copy(view))
    parts = [evidence(world, view, seats=(s,)) for s in range(4) if s != me]
    assert all(p < 0 for p in parts)  # every seat made decisions, none of them certain
    assert sum(parts) == pytest.approx(whole, abs=1e-9)
    assert evidence(world, view) == pytest.approx(whole, abs=1e-9)


def test_the_chain_finds_likelier_worlds_than_blind_draws() -> None:
    """Late in deals of ``normal`` bots, the chain's worlds are likelier under the model
    and put more of the hidden cards in the hands that hold them than ``determinize``'s
    blind draws (the same number of worlds, seeded; placement measured over five deals)."""

    def placed(world: GuandanState, truth: GuandanState, me: int) -> int:
        return sum(
            sum((Counter(map(str, world.hands[s])) & Counter(map(str, truth.hands[s]))).values())
            for s in range(4)
            if s != me
        )

    gain = 0
    for seed in range(1, 6):
        st = midgame(seed, 30)
        me = st.turn
        view = st.view(me)
        rng = random.Random(seed)
        chained = WorldChain(GAME, view, rng, CHAIN, burn=100).draw(8)
        blind = [GAME.determinize(view, rng) for _ in range(8)]
        gain += sum(placed(w, st, me) for w in chained) - sum(placed(w, st, me) for w in blind)
        likelihood = [sum(evidence(w, view) for w in ws) for ws in (chained, blind)]
        assert likelihood[0] > likelihood[1] + 8 * 3
    assert gain > 0


def test_the_chain_is_an_option_of_hard() -> None:
    """``Budget.chain`` turns it on; the kit brings Guandan's chain; moves stay legal and a
    seeded bot is reproducible."""
    assert KIT.chain is CHAIN
    st = second_deal(1, 8)
    seat = st.turn
    legal = st.legal_actions(seat)
    budget = Budget(worlds=4, max_candidates=3, chain=10)
    moves = [
        make("guandan", "hard", seed=1, budget=budget).act(st.view(seat), legal) for _ in range(2)
    ]
    assert moves[0] in legal and moves[0] == moves[1]


def hidden_values(world: GuandanState, seat: int) -> Counter[str]:
    return Counter(map(str, world.hands[seat])) - Counter(map(str, world.shown[seat]))


@pytest.mark.parametrize("seed", [1, 3, 7])
def test_carrying_the_truth_gives_the_truth(seed: int) -> None:
    """Carried from the true state of an earlier decision (second deals, with tribute),
    the world of a later one holds the true hands: what was seen since only removed cards."""
    st = second_deal(seed, 6)
    me = st.turn
    earlier = st.clone()
    bots = [make("guandan", "normal", seed=s) for s in range(4)]
    while True:
        for s in sorted(st.to_act()):
            st.apply(s, bots[s].act(st.view(s), st.legal_actions(s)))
        if st.phase != "play" or st.turn == me:
            break
    assert st.phase == "play" and len(st.history) > len(earlier.history)
    view = st.view(me)
    world = carry(earlier, view, random.Random(seed))
    assert isinstance(world, GuandanState)
    consistent(world, view)
    tribute_holds(world, view)
    for s in range(4):
        if s != me:
            assert hidden_values(world, s) == hidden_values(st, s)


def test_carrying_deals_a_tribute_payer_only_cards_it_could_hold() -> None:
    """What carry deals afresh (here: everything, from a world that keeps no hidden card)
    gives the payer of a 5 (seed 1's second deal, seen from seat 2) nothing stronger."""
    st = second_deal(1, 8)
    view = st.view(2)
    empty = st.clone()
    for s in (0, 1, 3):
        empty.hands[s] = list(empty.shown[s])
    for seed in range(6):
        world = carry(empty, view, random.Random(seed))
        assert isinstance(world, GuandanState)
        consistent(world, view)
        tribute_holds(world, view)


def test_carrying_a_blind_world_keeps_what_is_still_possible() -> None:
    """From a world of an earlier decision, a carried world is consistent with the new view
    and keeps most of the old placement; another deal's world is not carried."""
    st = midgame(4, 12)
    me = st.turn
    rng = random.Random(4)
    old = GAME.determinize(st.view(me), rng)
    bots = [make("guandan", "normal", seed=s) for s in range(4)]
    for _ in range(4):
        for s in sorted(st.to_act()):
            st.apply(s, bots[s].act(st.view(s), st.legal_actions(s)))
    view = st.view(me)
    world = carry(old, view, rng)
    assert isinstance(world, GuandanState)
    consistent(world, view)
    kept = sum(
        sum((hidden_values(world, s) & hidden_values(old, s)).values()) for s in range(4) if s != me
    )
    fresh = GAME.determinize(view, random.Random(0))
    chance = sum(
        sum((hidden_values(fresh, s) & hidden_values(old, s)).values()) for s in range(4) if s != me
    )
    assert kept > chance + 10
    later = second_deal(4, 2)
    assert carry(old, later.view(later.turn), rng) is None
    other_match = midgame(5, 16)  # the same deal number, other plays
    assert carry(old, other_match.view(other_match.turn), rng) is None


def test_hard_carries_its_chain_across_its_decisions() -> None:
    """With ``Budget.chain``, each chain after a decision's first starts from the last
    chain's world carried to the new view, and only for the seat it was drawn for."""
    st = midgame(6, 8)
    seat = st.turn
    bot = make("guandan", "hard", seed=2, budget=Budget(worlds=2, max_candidates=3, chain=4))
    assert isinstance(bot, PimcBot) and bot.chain is CHAIN and CHAIN.carry is carry
    carried: list[GuandanState | None] = []

    def spy(old: State[Any, Any], view: View, rng: random.Random) -> GuandanState | None:
        carried.append(carry(old, view, rng))
        return carried[-1]

    bot.chain = dataclasses.replace(CHAIN, carry=spy)
    others = [make("guandan", "normal", seed=s) for s in range(4)]
    searched = 0
    while searched < 3:
        assert st.phase == "play"
        for s in sorted(st.to_act()):
            legal = st.legal_actions(s)
            if s == seat:
                action = bot.act(st.view(s), legal)
                searched += bot.last_stats.get("worlds", 0) > 0
            else:
                action = others[s].act(st.view(s), legal)
            assert action in legal
            st.apply(s, action)
    assert len(carried) >= 2 and all(w is not None for w in carried)
    assert bot._carried is not None and bot._carried[0] == seat
    # a chain for another seat's view starts afresh
    before = len(carried)
    bot._worlds = []
    bot.world(st.view((seat + 1) % 4), bot.budget)
    assert len(carried) == before and bot._carried[0] == (seat + 1) % 4
    bot._worlds = []
    bot.world(st.view((seat + 1) % 4), bot.budget)  # its own last world: carried
    assert len(carried) == before + 1

"""Pentagrammi bots: legal and reproducible at every level, and the heuristic's decisions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pakka.games.pentagrammi.bots as H
from pakka import bots
from pakka.bots.base import play_to_deal_end
from pakka.bots.search import Budget
from pakka.cards import parse_card, parse_cards
from pakka.engine import Observation, State
from pakka.games import get
from pakka.games.pentagrammi import (
    PassCards,
    PentagrammiOptions,
    PentagrammiPlayer,
    PentagrammiTable,
    PentagrammiView,
    Play,
    legal_cards,
)
from pakka.games.pentagrammi.heuristic import on_my_side
from pakka.games.pentagrammi.heuristic import rollout as fast_rollout
from pakka.games.pentagrammi.state import PentagrammiState
from pakka.games.pentagrammi.views import NO_PASSING, TrickCard

GAME = get("pentagrammi")
TINY = Budget(worlds=1, max_candidates=2)
"""The search level with the smallest budget: the tests check legality, not strength."""


def play_match(levels: list[str], seed: int, deals: int = 1) -> list[str]:
    state = GAME.new_match(seed=seed, options={"deals": deals})
    players = [
        bots.make("pentagrammi", lv, seed=seed * 10 + i, budget=TINY) for i, lv in enumerate(levels)
    ]
    chosen = []
    while not state.is_over():
        for seat in sorted(state.to_act()):
            legal = state.legal_actions(seat)
            action = players[seat].act(state.observation(seat), legal)
            assert action in legal
            state.apply(seat, action)
            chosen.append(str(action))
    return chosen


@pytest.mark.parametrize("seed", range(5))
def test_normal_and_easy_play_whole_matches_legally(seed: int) -> None:
    play_match(["normal", "easy", "normal", "random", "easy"], seed, deals=2)


def test_hard_plays_a_whole_deal_legally_and_reproducibly() -> None:
    levels = ["hard", "normal", "random", "easy", "normal"]
    assert play_match(levels, 1) == play_match(levels, 1)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_seeded_bots_are_reproducible(level: str) -> None:
    levels = [level, "normal", "random", "normal", "easy"]
    assert play_match(levels, 4) == play_match(levels, 4)


# --- the fast play-outs -------------------------------------------------------------------


def states_along_a_match(seed: int) -> list[PentagrammiState]:
    """Every state of a seeded two-deal match of ``normal`` bots (pass phase, first lead,
    mid-trick, last trick), as copies."""
    state = GAME.new_match(seed=seed, options={"deals": 2})
    assert isinstance(state, PentagrammiState)
    players = [bots.make("pentagrammi", "normal", seed=seed + i) for i in range(5)]
    out = [state.clone()]
    while not state.is_over():
        for seat in sorted(state.to_act()):
            state.apply(seat, players[seat].act(state.view(seat), state.legal_actions(seat)))
            out.append(state.clone())
    return out[:-1]


@pytest.mark.parametrize("seed", range(3))
def test_the_fast_rollout_makes_the_heuristics_moves(seed: int) -> None:
    """From every state of two deals (passes included), the fast play-out ends in the very
    state the generic one (observations, ``legal_actions``, the policy) ends in."""
    for state in states_along_a_match(seed):
        fast, slow = state.clone(), state.clone()
        fast_rollout(fast)
        play_to_deal_end(slow, H.KIT.policy, random.Random(0))
        assert fast.full_state() == slow.full_state()
        assert fast.deal_no == state.deal_no + 1


def test_hard_decides_the_same_with_either_rollout() -> None:
    """The search's play-outs are a speed-up only: a seeded ``hard`` makes the same
    decisions with the fast rollout as with the generic one."""

    class Generic(H.PentagrammiSearch):
        def rollout(self, sim: State[Any, Any], rng: random.Random) -> None:
            play_to_deal_end(sim, self.policy, rng)

    budget = Budget(worlds=4, max_candidates=3, max_worlds=8)
    states = states_along_a_match(5)[::9]
    decided = 0
    for i, state in enumerate(states):
        for seat in sorted(state.to_act()):
            legal = state.legal_actions(seat)
            if len(legal) < 2:
                continue
            bots_ = [
                cls(GAME, H.KIT.policy, H.value, seed=i, budget=budget)
                for cls in (H.PentagrammiSearch, Generic)
            ]
            fast, slow = (b.decide(state.view(seat), legal) for b in bots_)
            assert fast == slow
            assert bots_[0].last_stats == bots_[1].last_stats
            decided += 1
    assert decided > 10


# --- hand-made positions -------------------------------------------------------------------


def position(
    seat: int,
    hand: str,
    leader: int,
    trick: list[tuple[int, str]],
    played: dict[int, str] | None = None,
    phase: str = "play",
) -> PentagrammiView:
    """A view for ``seat`` in the play phase (or ``phase``), the rest of the table plain."""
    played = played or {}
    led = next((parse_card(c).suit for _, c in trick if c != "JK"), None)
    return Observation(
        game="pentagrammi",
        seat=seat,
        players_count=5,
        deal=1,
        phase=phase,
        to_act=(seat,),
        hand=tuple(parse_cards(hand)),
        players=tuple(
            PentagrammiPlayer(
                seat=s,
                cards=11,
                passed=True,
                points=0,
                tricks=0,
                played=tuple(parse_cards(played.get(s, ""))),
                voids=(),
            )
            for s in range(5)
        ),
        table=PentagrammiTable(
            dealer=0,
            leader=leader,
            turn=seat,
            led=led,
            trick=tuple(TrickCard(seat=s, card=parse_card(c)) for s, c in trick),
            passing=NO_PASSING,
            deals=1,
            deal_points=(),
        ),
        scores=(0,) * 5,
        history=(),
        options=PentagrammiOptions(deals=1),
        result=None,
    )


def choose(obs: PentagrammiView) -> str:
    trick = [t.card for t in obs.table.trick]
    legal = [Play(c) for c in legal_cards(obs.hand or (), trick)]
    return str(H.KIT.policy.choose(obs, legal, random.Random(0)))


def test_follows_low_when_an_opposite_is_winning() -> None:
    # leader 2 (seat 0's opposite) plays HK; seat 0 plays last and ducks with its lowest heart
    obs = position(0, "HA H2 H9 S5 C3", 2, [(2, "HK"), (4, "H5"), (1, "H3"), (3, "H4")])
    assert choose(obs) == "H2"
    assert "low" in H.explain(obs, Play(parse_card("H2")), "en")


def test_takes_the_trick_from_a_neighbour() -> None:
    # neighbour 1 leads HK; seat 0 holds the ace, the highest heart left
    obs = position(0, "HA H2 H9 S5 C3", 1, [(1, "HK"), (3, "H3")])
    assert choose(obs) == "HA"


def test_trumps_low_when_void_and_a_neighbour_is_winning() -> None:
    obs = position(0, "S2 SK C4 C9", 4, [(4, "DA"), (1, "D3"), (3, "D5")])
    assert choose(obs) == "S2"
    assert H.explain(obs, Play(parse_card("S2")), "fi").startswith("Valttaa")


def test_leads_the_highest_card_left_in_a_suit() -> None:
    played = {1: "CA CK", 2: "CQ"}
    obs = position(0, "CJ C3 H4 D5 D9", 0, [], played)
    assert choose(obs) == "CJ"


def test_passes_low_side_cards_and_keeps_spades_and_aces() -> None:
    hand = "SA SK S9 S4 HA HK H5 D2 D3 CQ JK"
    obs = position(0, hand, 0, [], phase="pass")
    cards = [parse_card(c) for c in hand.split()]
    legal = [PassCards(a, b) for a in cards for b in cards if a != b]
    action = H.KIT.policy.choose(obs, legal, random.Random(0))
    assert isinstance(action, PassCards)
    passed = {str(action.left), str(action.right)}
    assert passed == {"D2", "D3"}
    assert "D2" in H.explain(obs, action, "en").replace("♦", "D")


def test_value_rewards_beating_the_others() -> None:
    state = GAME.new_match(seed=1, options={"deals": 1})
    state.scores = [5, 5, 5, 5, 5]  # type: ignore[attr-defined]
    even = H.value(state, 0)
    state.scores = [7, 5, 6, 6, 5]  # type: ignore[attr-defined]
    assert H.value(state, 0) > even
    assert H.value(state, 1) < even


def test_on_my_side_is_the_winner_and_its_opposites() -> None:
    assert [w for w in range(5) if on_my_side(w, 3)] == [0, 1, 3]

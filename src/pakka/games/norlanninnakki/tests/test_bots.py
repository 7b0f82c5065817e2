"""Norlanninnakki bots: legal and reproducible at every level, and the heuristic's decisions."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest

import pakka.games.norlanninnakki.bots as H
from pakka import bots
from pakka.bots.search import Budget
from pakka.cards import parse_card, parse_cards
from pakka.engine import Observation
from pakka.games import get
from pakka.games.norlanninnakki import (
    Bid,
    Discard,
    NorlanninnakkiOptions,
    NorlanninnakkiPlayer,
    NorlanninnakkiTable,
    NorlanninnakkiTrickWon,
    NorlanninnakkiView,
    Play,
    TrickPlay,
    legal_cards,
)

GAME = get("norlanninnakki")
TINY = Budget(worlds=1, max_candidates=2)
"""The search level with the smallest budget: the tests check legality, not strength."""


def play_match(levels: list[str], seed: int, options: dict[str, Any] | None = None) -> list[str]:
    state = GAME.new_match(players=len(levels), seed=seed, options=options)
    players = [
        bots.make("norlanninnakki", lv, seed=seed * 10 + i, budget=TINY)
        for i, lv in enumerate(levels)
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


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (0, None),
        (1, None),
        (2, {"forced_trump": "lead_and_ruff", "lone_knocker": "takes_one"}),
        (3, {"early_bidding": True, "chips": False}),
        (4, {"permissive_mode": True, "forced_trump_sticky": True}),
        (5, {"exact_zero": True}),
    ],
)
def test_normal_and_easy_play_whole_matches_legally(seed: int, options: Any) -> None:
    levels = ["normal", "easy", "random", "normal", "normal"][: 3 + seed % 3]
    play_match(levels, seed, options)


def test_hard_plays_a_whole_match_legally_and_reproducibly() -> None:
    levels = ["hard", "normal", "random"]
    assert play_match(levels, 7) == play_match(levels, 7)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_seeded_bots_are_reproducible(level: str) -> None:
    levels = [level, "normal", "random", level]
    assert play_match(levels, 4) == play_match(levels, 4)


def test_the_kit_is_found_through_the_entry_point() -> None:
    kit = bots.kit_for("norlanninnakki")
    assert kit is H.KIT and kit.value is H.value and kit.explain is H.explain
    assert kit.budget == H.BUDGET
    assert isinstance(bots.make("norlanninnakki", "hard", seed=1), H.NorlanninnakkiSearch)


# --- hand-made positions -------------------------------------------------------------------


def position(
    seat: int,
    hand: str,
    *,
    phase: str = "play",
    trump: str = "S",
    dealer: int = 3,
    scores: list[int] | None = None,
    first_deal: bool = False,
    trick: list[tuple[int, str]] | None = None,
    history: list[list[tuple[int, str]]] | None = None,
    obliged: bool = True,
    tricks: int = 0,
    knocker: int | None = None,
    active: list[bool] | None = None,
    turned: str | None = None,
    turned_held: bool = False,
) -> NorlanninnakkiView:
    """A 4-player view for ``seat``, the rest of the table plain (the turned trump card
    ``turned``, by default the trump seven, already discarded by the dealer)."""
    n = 4
    cards = len(hand.split())
    return Observation(
        game="norlanninnakki",
        seat=seat,
        players_count=n,
        deal=1 if first_deal else 2,
        phase=phase,
        to_act=(seat,),
        hand=tuple(parse_cards(hand)),
        players=tuple(
            NorlanninnakkiPlayer(
                seat=s,
                cards=cards,
                bid=None,
                declaration=None,
                active=True if active is None else active[s],
                obliged=obliged if s == seat else False,
                discarded=0,
                bought=None,
                tricks=tricks if s == seat else 0,
                forests=0,
                violated=False,
            )
            for s in range(n)
        ),
        table=NorlanninnakkiTable(
            dealer=dealer,
            forehand=(dealer + 1) % n,
            first_deal=first_deal,
            throw_ins=0,
            trump=trump,
            turned=parse_card(turned or f"{trump}7"),
            turned_held=turned_held,
            turned_discarded=not turned_held,
            dealt_all=True,
            forced_trump=False,
            forced_trump_triggered=False,
            knocker=knocker,
            stock=20,
            pot=n,
            leader=trick[0][0] if trick else seat,
            trick=tuple(
                TrickPlay(seat=s, card=parse_card(c), violation=False) for s, c in trick or []
            ),
            last_deal=None,
            my_discards=(),
            sheet=(),
        ),
        scores=tuple(scores or [10] * n),
        history=tuple(
            NorlanninnakkiTrickWon(
                winner=t[0][0],
                cards=tuple(parse_card(c) for _, c in t),
                played_by=tuple(s for s, _ in t),
                violations=(False,) * len(t),
            )
            for t in history or []
        ),
        options=NorlanninnakkiOptions(),
        result=None,
    )


def decide(obs: NorlanninnakkiView, legal: list[Any]) -> str:
    return str(H.KIT.policy.choose(obs, legal, random.Random(0)))


BIDS = [Bid("knock"), Bid("lurk")]
DECLARE = [Bid("in"), Bid("rest")]


def test_knocks_with_ace_and_king_of_trumps() -> None:
    obs = position(1, "SA SK H4 D7 C9", phase="bid", scores=[6, 6, 6, 6])
    assert decide(obs, BIDS) == "knock"
    assert "knock" in H.explain(obs, Bid("knock"), "en").lower()


def test_lurks_with_nothing_when_the_forest_is_expensive() -> None:
    obs = position(1, "H2 H4 D7 C9 C3", phase="bid", scores=[6, 3, 6, 6])
    assert decide(obs, BIDS) == "lurk"


def test_comes_in_to_stop_a_lone_knocker_taking_all_five() -> None:
    # seat 1 is the last to declare after knocker 2 (seats 3 and 0 rested)
    active = [False, False, True, False]
    scores = [8, 8, 4, 8]
    obs = position(1, "H2 H4 D7 C9 C3", phase="declare", knocker=2, active=active, scores=scores)
    assert decide(obs, DECLARE) == "in"


def test_never_discards_the_trump_ace() -> None:
    hand = parse_cards("SA H2 D3 C4 C5")
    legal = [Discard(c) for k in range(6) for c in combinations(hand, k)]
    obs = position(1, "SA H2 D3 C4 C5", phase="buy")
    action = H.KIT.policy.choose(obs, legal, random.Random(0))
    assert isinstance(action, Discard)
    assert parse_card("SA") not in action.cards
    assert set(action.cards) == set(parse_cards("H2 D3 C4 C5"))


def test_dealer_keeps_the_trump_ace_when_forced_to_discard() -> None:
    hand = "SA SK SQ HA DA"
    obs = position(3, hand, phase="buy", dealer=3, turned="SJ", turned_held=True)
    held = parse_cards(hand + " SJ")
    legal = [Discard(c) for k in range(1, 7) for c in combinations(held, k)]
    action = H.KIT.policy.choose(obs, legal, random.Random(0))
    assert isinstance(action, Discard)
    assert len(action.cards) == 1
    assert parse_card("SA") not in action.cards


def test_takes_a_trick_when_it_still_needs_one_to_stay_out_of_the_forest() -> None:
    # the last trick, no trick yet, void in diamonds: trump the led ace rather than throw
    history = [[(0, "H2"), (1, "HA"), (2, "H3"), (3, "H4")]] * 4
    obs = position(1, "S3 C2", trick=[(0, "DA")], history=history)
    legal = [Play(c) for c in legal_cards(parse_cards("S3 C2"), parse_cards("DA"), "S")]
    assert decide(obs, legal) == "S3"
    assert "forest" in H.explain(obs, Play(parse_card("S3")), "en")


def test_plays_low_to_a_trick_it_cannot_win() -> None:
    obs = position(1, "HQ H3 CA", trick=[(0, "HA")], history=[], tricks=1)
    legal = [Play(c) for c in legal_cards(parse_cards("HQ H3 CA"), parse_cards("HA"), "S")]
    assert decide(obs, legal) == "H3"


def test_value_prefers_a_lower_own_score_and_no_forest() -> None:
    state = GAME.new_match(players=3, seed=1)
    state.scores = [6, 8, 8]  # type: ignore[attr-defined]
    good = H.value(state, 0)
    state.scores = [8, 6, 8]  # type: ignore[attr-defined]
    assert H.value(state, 0) < good
    state.scores = [6, 8, 8]  # type: ignore[attr-defined]
    state.forests = [1, 0, 0]  # type: ignore[attr-defined]
    assert H.value(state, 0) < good


def test_the_ranked_buys_do_not_depend_on_the_hash_seed() -> None:
    """A seeded bot plays the same in every process: the order of equally good buys must
    not follow Python's per-process string hashing."""
    import os
    import subprocess
    import sys

    code = (
        "import random, pakka.games\n"
        "from pakka.games.norlanninnakki.bots import ranked_actions\n"
        "out = []\n"
        "for seed in range(30):\n"
        "    st = pakka.games.get('norlanninnakki').new_match(seed=seed)\n"
        "    rng = random.Random(seed)\n"
        "    while not st.is_over() and st.view(None).phase != 'buy':\n"
        "        s = min(st.to_act()); st.apply(s, rng.choice(st.legal_actions(s)))\n"
        "    if not st.is_over():\n"
        "        s = min(st.to_act())\n"
        "        out.append([str(a) for a in ranked_actions(st.view(s), st.legal_actions(s))])\n"
        "print(out)\n"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": str(h)},
        ).stdout
        for h in (1, 2, 3)
    }
    assert len(runs) == 1

"""Anarchy bots: legal and reproducible at every level, and the heuristic's decisions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pakka.games.anarchy.bots as H
from pakka import bots
from pakka.bots.search import Budget
from pakka.cards import anarchy_deck, parse_card, parse_cards
from pakka.engine import Observation
from pakka.games import get
from pakka.games.anarchy import (
    CONTRACTS,
    AnarchyOptions,
    AnarchyPlayer,
    AnarchyTable,
    AnarchyView,
    ChooseContract,
    Play,
    ScoreRow,
)

GAME = get("anarchy")
TINY = Budget(worlds=1, max_candidates=2)
"""The search level with the smallest budget: the tests check legality, not strength."""


def play(
    levels: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    max_steps: int | None = None,
) -> list[str]:
    state = GAME.new_match(players=len(levels), seed=seed, options=options)
    players = [
        bots.make("anarchy", lv, seed=seed * 10 + i, budget=TINY) for i, lv in enumerate(levels)
    ]
    chosen: list[str] = []
    while not state.is_over() and (max_steps is None or len(chosen) < max_steps):
        for seat in sorted(state.to_act()):
            legal = state.legal_actions(seat)
            action = players[seat].act(state.observation(seat), legal)
            assert action in legal
            state.apply(seat, action)
            chosen.append(str(action))
    return chosen


@pytest.mark.parametrize(
    ("levels", "options"),
    [
        (["normal", "easy", "random"], {"dummy_reveal": "before"}),
        (["normal", "random", "easy", "normal"], {"pass_three": True}),
        (
            ["normal", "normal", "easy", "random", "normal"],
            {
                "all_different_suits": "highest_singleton_takes_all",
                "dup_tie": "tied_keep_rest_dead",
            },
        ),
    ],
)
def test_normal_and_easy_play_whole_matches_legally(levels: list[str], options: Any) -> None:
    play(levels, len(levels), options)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hard_plays_legally_and_reproducibly(players: int) -> None:
    levels = ["hard", "normal", "random", "easy", "normal"][:players]
    first = play(levels, 2, {"pass_three": players == 4}, max_steps=25)
    assert first == play(levels, 2, {"pass_three": players == 4}, max_steps=25)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_seeded_bots_are_reproducible(level: str) -> None:
    levels = [level, "normal", "random"]
    assert play(levels, 4, max_steps=150) == play(levels, 4, max_steps=150)


# --- hand-made positions -------------------------------------------------------------------


def position(
    hand: str,
    contract: str | None,
    *,
    players: int = 4,
    won: dict[int, str] | None = None,
    contracts: list[str | None] | None = None,
    out: str = "",
) -> AnarchyView:
    """A view for seat 0 (choosing a contract if ``contract`` is ``None``, else playing);
    ``won`` by seat, every other seat's ``contracts`` unchosen unless given."""
    cards = parse_cards(hand)
    won = won or {}
    return Observation(
        game="anarchy",
        seat=0,
        players_count=players,
        deal=1,
        phase="contract" if contract is None else "play",
        to_act=(0,),
        hand=tuple(cards),
        players=tuple(
            AnarchyPlayer(
                seat=s,
                cards=len(cards),
                committed=False,
                remaining=CONTRACTS,
                won=tuple(parse_cards(won.get(s, ""))),
            )
            for s in range(players)
        ),
        table=AnarchyTable(
            dealer=players - 1,
            forehand=0,
            contracts=tuple(contracts or [contract] + [None] * (players - 1)),
            my_commit=None,
            my_pass=None,
            passed=None,
            received=None,
            last_trick=None,
            dead=(),
            out=tuple(parse_cards(out)),
            dummy=13 if players == 3 else None,
            dummy_top=None,
            spare=1 if players < 5 else 0,
            spare_revealed=None,
            score_sheet=(),
        ),
        scores=(0,) * players,
        history=(),
        options=AnarchyOptions(),
        result=None,
    )


def contract_for(hand: str) -> str:
    legal = [ChooseContract(c) for c in CONTRACTS]
    action = H.KIT.policy.choose(position(hand, None), legal, random.Random(0))
    assert isinstance(action, ChooseContract)
    return action.contract


def card_for(hand: str, contract: str, **kw: Any) -> str:
    obs = position(hand, contract, **kw)
    legal = [Play(c) for c in sorted(set(parse_cards(hand)), key=lambda c: c.sort_key())]
    return str(H.KIT.policy.choose(obs, legal, random.Random(0)))


def test_chooses_spades_with_long_high_spades() -> None:
    assert contract_for("SA SK SQ SJ S10 S9 S8 S7 H2 H3 D2 C2 C3") == "spades"


def test_chooses_under_with_only_low_cards() -> None:
    assert contract_for("S2 S3 S4 H2 H3 H4 H5 D2 D3 D4 C2 C3 C4") == "under"


def test_chooses_over_with_only_high_cards() -> None:
    assert contract_for("SA SK SQ HA HK HQ DA DK DQ CA CK CQ SJ") == "over"


def test_spades_contract_plays_the_spade_ace() -> None:
    assert card_for("SA H2 D3 C9", "spades") == "SA"


def test_under_sheds_a_low_card_that_others_will_capture() -> None:
    # under par, the ace would capture a spade group; the two is captured by someone else
    assert card_for("SA S2", "under") == "S2"


def test_baseline_is_the_estimate_on_average_hands() -> None:
    base = H.baseline(4)
    assert set(base) == set(CONTRACTS)
    surplus = H.rate_contracts(
        parse_cards("SA SK SQ SJ S10 S9 S8 S7 H2 H3 D2 C2 C3"), CONTRACTS, 4, 13
    )
    assert max(surplus, key=surplus.__getitem__) == "spades"


def test_value_discounts_what_the_contract_usually_scores() -> None:
    state = GAME.new_match(players=4, seed=1)
    state.scores = [30, 30, 30, 30]  # type: ignore[attr-defined]
    state.sheet = [  # type: ignore[attr-defined]
        ScoreRow(contracts=("cards", "best", "best", "best"), scores=(30, 30, 30, 30))
    ]
    # the same score earned with Cards (a weak contract) is worth more than with Best
    assert H.value(state, 0) > H.value(state, 1)


def test_explain_names_the_card_and_speaks_finnish() -> None:
    obs = position("SA H2 D3 C9", "spades")
    en = H.explain(obs, Play(parse_card("SA")), "en")
    fi = H.explain(obs, Play(parse_card("SA")), "fi")
    assert "♠A" in en and "♠A" in fi and en != fi


def endgame(hand: str, unseen: str, contracts: list[str | None]) -> AnarchyView:
    """Seat 0 to play with ``hand``; the other hands and the spare are ``unseen``, every other
    card has been won by seat 1 (the joker is out)."""
    hidden = set(hand.split()) | set(unseen.split())
    won = [str(c) for c in anarchy_deck(4) if str(c) not in hidden and not c.is_joker]
    return position(hand, contracts[0], won={1: " ".join(won)}, contracts=contracts, out="JK")


def test_hard_expects_the_other_seats_to_play_for_their_contracts() -> None:
    # Two tricks left: the three others hold six of these cards and the seventh is the spare.
    # Each of them plays Spades, so whoever holds the ace of spades plays it now: the king is
    # almost surely lost this trick, not (as uniform draws say) in three cases out of seven.
    obs = endgame("SK D2", "SA H2 H3 H4 H5 H6 H7", ["spades"] * 4)
    view = H._View(obs)
    uniform = H.expected_gains(view, random.Random(1), 400)[parse_card("SK")]
    modelled = H.modelled_gains(view, random.Random(1), 400)[parse_card("SK")]
    assert modelled < 0.5 * uniform
    # when the others play Hearts, whoever holds the ace of spades plays a heart instead
    obs = endgame("SK D2", "SA H2 H3 H4 H5 H6 H7", ["spades", "hearts", "hearts", "hearts"])
    hearts = H.modelled_gains(H._View(obs), random.Random(1), 400)[parse_card("SK")]
    assert hearts > modelled


def test_hard_plays_its_cards_by_the_opponent_model(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    modelled = H.modelled_gains

    def spy(view: Any, rng: random.Random, samples: int) -> Any:
        calls.append(samples)
        return modelled(view, rng, samples)

    monkeypatch.setattr(H, "modelled_gains", spy)
    obs = endgame("SK D2", "SA H2 H3 H4 H5 H6 H7", ["spades"] * 4)
    bot = bots.make("anarchy", "hard", seed=1)
    assert str(bot.act(obs, [Play(parse_card("SK")), Play(parse_card("D2"))])) in ("SK", "D2")
    assert calls == [H.PLAY_SAMPLES]
    calls.clear()
    bots.make("anarchy", "normal", seed=1).act(
        obs, [Play(parse_card("SK")), Play(parse_card("D2"))]
    )
    assert calls == []

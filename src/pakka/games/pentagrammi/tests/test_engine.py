"""Pentagrammi engine: options, action codec, messages, observations, determinization and
whole seeded matches.  The rule cases themselves are in tests/conformance/."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import pakka.games
from pakka.cards import Card, parse_cards
from pakka.engine import IllegalAction
from pakka.errors import PakkaError
from pakka.events import CardsPassed, Committed
from pakka.games.pentagrammi import (
    PassCards,
    PentagrammiOptions,
    PentagrammiState,
    Play,
    PlayStarted,
    legal_cards,
    trick_winner,
)
from pakka.games.pentagrammi.tests.test_conformance import LAYOUT, after_pass, new_deal, play
from pakka.options import option_specs

GAME = pakka.games.get("pentagrammi")


def card(token: str) -> Card:
    return parse_cards(token)[0]


def random_match(seed: int, **options: Any) -> PentagrammiState:
    state = GAME.new_match(options=PentagrammiOptions(**options), seed=seed)
    assert isinstance(state, PentagrammiState)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(sorted(state.to_act()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


# --- options and metadata --------------------------------------------------------------------


def test_registered_with_full_info() -> None:
    assert "pentagrammi" in pakka.games.names()
    info = GAME.info
    assert (info.min_players, info.max_players, info.default_players) == (5, 5, 5)
    assert info.simultaneous and info.hidden_information and info.has_chance
    specs = option_specs(GAME.Options)
    assert [s.name for s in specs] == ["deals", "tiebreak_cards", "first_dealer"]
    assert all(s.help for s in specs)
    assert info.pass_offsets == (1, -1) and info.seat_direction == "clockwise"
    assert info.description
    assert len(GAME.deck(5, GAME.Options())) == 55


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deals": 0}, "deals must be 1-20"),
        ({"deals": 21}, "deals must be 1-20"),
        ({"deals": "5"}, "whole number"),
        ({"tiebreak_cards": "tricks"}, "played_cards, dealt_hand"),
        ({"first_dealer": 5}, "first_dealer must be a seat 0-4 or none, not 5"),
        ({"colour": 1}, "unknown option"),
    ],
)
def test_bad_options_are_refused_with_reasons(options: dict[str, object], message: str) -> None:
    with pytest.raises(PakkaError, match=message):
        GAME.new_match(options=options, seed=1)


def test_options_dataclass_validates_directly() -> None:
    with pytest.raises(ValueError, match="first_dealer must be a seat 0-4"):
        PentagrammiOptions(first_dealer=7)
    with pytest.raises(ValueError, match="tiebreak_cards"):
        PentagrammiOptions(tiebreak_cards="x")  # type: ignore[arg-type]
    opts = GAME.options_from_strings({"deals": "1", "first_dealer": "none"})
    assert opts == PentagrammiOptions(deals=1, first_dealer=None)


def test_wrong_player_count_is_refused() -> None:
    with pytest.raises(PakkaError, match="played by 5-5 players, not 4"):
        GAME.new_match(players=4, seed=1)


# --- the action codec ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "play", "cards": ["S8", "S9"]}, "play takes exactly one card in 'cards'"),
        ({"type": "play", "cards": "S8"}, "'cards' must be a list of card strings"),
        ({"type": "pass_cards", "cards": ["S8"]}, "pass_cards takes exactly 2 cards in 'cards'"),
        ({"type": "play", "cards": ["X9"]}, "bad card 'X9'"),
        ({"type": "play", "cards": ["RJ"]}, "RJ is not in the Pentagrammi pack"),
        ({"type": "bid", "bid": "x"}, "unknown action type 'bid'; actions: play, pass_cards"),
        ("S8", "JSON object"),
        ({"type": "play", "cards": [8]}, "'cards' must be a list of card strings"),
    ],
)
def test_malformed_json_actions_are_illegal(data: object, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        GAME.action_from_json(data)


def test_play_json_round_trip() -> None:
    action = Play(card("H10"))
    assert str(action) == "H10" and action.cards == (card("H10"),)
    assert action.to_json() == {"type": "play", "cards": ["H10"]}
    assert GAME.action_from_json({"type": "play", "cards": ["10♥"]}) == action


def test_typed_play_and_errors() -> None:
    state = after_pass(LAYOUT, dealer=0)
    assert GAME.parse_action(state, 0, "d9") == Play(card("D9"))
    play(state, "D9")
    with pytest.raises(IllegalAction, match="must follow diamonds"):
        GAME.parse_action(state, 2, "SA")
    with pytest.raises(IllegalAction, match="you do not hold HA"):
        state.apply(2, Play(card("HA")))
    with pytest.raises(IllegalAction, match="play phase"):
        state.apply(2, PassCards(card("SA"), card("SK")))


def test_typed_pass_that_is_illegal_says_why() -> None:
    state = new_deal(LAYOUT)
    with pytest.raises(IllegalAction, match="you do not hold HA"):
        GAME.parse_action(state, 0, "HA D9")


# --- observations ----------------------------------------------------------------------------


def test_observation_lists_public_play() -> None:
    state = after_pass(LAYOUT, dealer=0)
    play(state, "D9", "JK", "D2", "C2", "S2", "S3")
    obs = state.observation(1)
    assert obs["phase"] == "play" and obs["deal"] == 1 and obs["to_act"] == [0]
    assert obs["hand"] == [str(c) for c in state.hands[1]]
    table = obs["table"]
    assert table["dealer"] == 0 and table["leader"] == 3 and table["turn"] == 0
    assert table["led"] == "S"
    assert table["trick"] == [{"seat": 3, "card": "S3"}]
    assert obs["history"] == [
        {
            "type": "trick_won",
            "winner": 3,
            "cards": ["D9", "JK", "D2", "C2", "S2"],
            "played_by": [0, 2, 4, 1, 3],
            "scorers": [3, 0, 1],
        }
    ]
    assert [p["played"] for p in obs["players"]] == [["D9"], ["C2"], ["JK"], ["S2"], ["D2"]]
    assert [p["points"] for p in obs["players"]] == [1, 1, 0, 1, 0]
    assert [p["tricks"] for p in obs["players"]] == [0, 0, 0, 1, 0]
    assert [p["cards"] for p in obs["players"]] == [10, 10, 10, 9, 10]
    assert obs["scores"] == [1, 1, 0, 1, 0]
    assert obs["options"]["deals"] == 1
    json.dumps(obs)


def test_spectator_sees_no_hand() -> None:
    state = after_pass(LAYOUT, dealer=0)
    obs = state.observation(None)
    assert obs["hand"] is None
    assert obs["table"]["passing"] == {"given": None, "received": None}
    with pytest.raises(PakkaError, match="no seat 5"):
        state.observation(5)


def test_pass_events_are_private() -> None:
    state = new_deal(LAYOUT)
    for seat in range(4):
        events = state.apply(seat, state.legal_actions(seat)[0])
        assert events == [Committed(seat=seat)]  # the cards stay hidden until all have passed
    events = state.apply(4, state.legal_actions(4)[0])
    passed = [e for e in events if isinstance(e, CardsPassed)]
    assert len(passed) == 10
    for e in passed:
        assert [s for s in range(5) if e.visible_to(s)] == sorted({e.seat, e.to})
        assert not e.visible_to(None)
        assert (e.to - e.seat) % 5 in (1, 4) and len(e.cards) == 1
    assert events[-1] == PlayStarted(leader=0)


def test_trick_and_deal_events() -> None:
    state = after_pass(LAYOUT, dealer=0)
    play(state, "D9", "JK", "D2", "C2")
    events = state.apply(3, Play(card("S2")))
    won = [e for e in events if e.type == "trick_won"]
    assert won[0].to_json() == {
        "type": "trick_won",
        "winner": 3,
        "cards": ["D9", "JK", "D2", "C2", "S2"],
        "played_by": [0, 2, 4, 1, 3],
        "scorers": [3, 0, 1],
    }


# --- determinization ---------------------------------------------------------------------------


def _mid_deal() -> PentagrammiState:
    state = after_pass(LAYOUT, dealer=0)
    play(state, "D9", "JK", "D2", "C2", "S2")  # seats 1 and 3 show out of diamonds
    return state


def test_determinize_respects_voids_and_keeps_the_observation() -> None:
    state = _mid_deal()
    seen_for_2 = set()
    for i in range(60):
        det = state.determinize(0, random.Random(i))
        assert isinstance(det, PentagrammiState)
        assert det.observation(0) == state.observation(0)
        assert det.log is None
        for seat in (1, 3):
            assert not any(c.suit == "D" for c in det.hands[seat])
        seen_for_2 |= {c for c in det.hands[2] if c.suit == "D"}
    # seat 2 played a joker to a diamond lead: that reveals nothing, it may hold diamonds
    assert seen_for_2


def test_determinize_keeps_our_passed_cards_with_the_receivers() -> None:
    state = _mid_deal()
    given = state.given[0]
    assert given is not None
    for i in range(30):
        det = state.determinize(0, random.Random(i))
        assert isinstance(det, PentagrammiState)
        for c, to in ((given[0], 1), (given[1], 4)):
            assert c in det.hands[to] or c in det.played[to]
        assert det.received(0) == state.received(0)
        # every seat's passes are consistent: the cards received are held or played
        for seat in range(5):
            got = det.received(seat)
            assert got is not None
            holding = Counter([*det.hands[seat], *det.played[seat], *det.trick_cards(seat)])
            assert not Counter(got) - holding


def test_determinize_varies_hidden_cards_only() -> None:
    state = _mid_deal()
    samples = set()
    for i in range(20):
        det = state.determinize(2, random.Random(i))
        assert isinstance(det, PentagrammiState)
        assert det.hands[2] == state.hands[2]
        samples.add(tuple(map(str, det.hands[4])))
    assert len(samples) > 1


def test_determinize_during_passing() -> None:
    state = new_deal(LAYOUT)
    state.apply(0, PassCards(card("D9"), card("DA")))
    state.apply(3, PassCards(card("JK"), card("JK")))
    for seat in (0, 1, 3):
        det = state.determinize(seat, random.Random(seat))
        assert isinstance(det, PentagrammiState)
        assert det.observation(seat) == state.observation(seat)
        assert [len(p) for p in det.passing] == [2, 0, 0, 2, 0]
        assert [len(h) for h in det.hands] == [9, 11, 11, 9, 11]
        for s in (1, 2, 4):  # the rest pass and play on
            det.apply(s, det.legal_actions(s)[0])
        assert det.phase == "play"


def test_determinize_for_a_spectator() -> None:
    state = _mid_deal()
    det = GAME.determinize(state.observation(None), random.Random(1))
    assert det.observation(None) == state.observation(None)


def test_determinize_many_voids_late_in_a_deal() -> None:
    for seed in range(6):
        state = GAME.new_match(options=PentagrammiOptions(deals=1), seed=seed)
        assert isinstance(state, PentagrammiState)
        rng = random.Random(seed)
        while not state.is_over():
            seat = rng.choice(sorted(state.to_act()))
            if state.phase == "play" and len(state.tricks) >= 6:
                for s in range(5):
                    det = state.determinize(s, random.Random(rng.random()))
                    assert isinstance(det, PentagrammiState)
                    assert det.observation(s) == state.observation(s)
                    for t in range(5):
                        assert not any(c.suit in state.voids[t] for c in det.hands[t])
            state.apply(seat, rng.choice(state.legal_actions(seat)))


# --- whole matches -----------------------------------------------------------------------------


def test_full_seeded_match_of_five_deals() -> None:
    state = random_match(11)
    result = state.result()
    assert sum(result.scores) == 5 * 33
    assert len(result.details["deal_points"]) == 5
    assert min(result.ranks) == 1 and len(result.winners) == 1
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.result() == result


def test_clone_is_independent() -> None:
    state = _mid_deal()
    twin = state.clone()
    assert twin == state
    (seat,) = twin.to_act()
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert twin != state and len(state.trick) == 0


def test_each_dealer_deals_once_in_the_default_match() -> None:
    state = GAME.new_match(seed=5)
    dealers: list[int] = []
    rng = random.Random(5)
    while not state.is_over():
        dealer = state.observation(None)["table"]["dealer"]
        if not dealers or dealers[-1] != dealer:
            dealers.append(dealer)
        seat = rng.choice(sorted(state.to_act()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert sorted(dealers) == [0, 1, 2, 3, 4]
    assert dealers == [(dealers[0] + i) % 5 for i in range(5)]


def test_pure_functions_accept_cards_and_strings() -> None:
    hand = parse_cards("D4 JK SA")
    assert legal_cards(hand, parse_cards("D9")) == legal_cards("D4 JK SA", "D9")
    assert trick_winner(parse_cards("H5 H9")) == 1  # a trick in progress
    with pytest.raises(ValueError, match="no natural card"):
        trick_winner("JK JK")


def test_deal_with_voids_places_tightly_constrained_cards() -> None:
    from pakka.games.pentagrammi import _deal_with_voids

    pool = parse_cards("H2 H3 H4 H5 H6 S2 S3 S4 S5 S6 JK")
    voids = ["", "S", "HD", "", ""]
    for i in range(20):
        rng = random.Random(i)
        cards = list(pool)
        rng.shuffle(cards)
        out = _deal_with_voids(cards, {1: 6, 2: 5}, voids, rng)
        assert Counter(out[1] + out[2]) == Counter(pool)
        assert not any(c.suit == "S" for c in out[1])
        assert not any(c.suit in "HD" for c in out[2])
        assert len(out[1]) == 6 and len(out[2]) == 5


def test_deal_with_voids_refuses_an_impossible_deal() -> None:
    from pakka.games.pentagrammi import _deal_with_voids

    with pytest.raises(PakkaError, match="cannot be placed"):
        _deal_with_voids(
            parse_cards("H2 H3"), {1: 1, 2: 1}, ["", "H", "H", "", ""], random.Random(0)
        )

"""Unit tests of the Anarchy module: rule-function edges, options, messages, a seeded match."""

from __future__ import annotations

import json
import random

import pytest

import pakka.games
from pakka.cards import parse_card, parse_cards
from pakka.engine import IllegalAction, PakkaError
from pakka.events import DealScored, DealStarted, Event
from pakka.games.anarchy import (
    CONTRACTS,
    GAME,
    AnarchyDealScored,
    AnarchyOptions,
    AnarchyState,
    ChooseContract,
    ContractChosen,
    PassCards,
    Play,
    deal_score,
    trick_captures,
)
from pakka.options import option_specs


def test_registered_with_full_info() -> None:
    game = pakka.games.get("anarchy")
    assert game is GAME
    info = game.info
    assert (info.min_players, info.max_players, info.default_players) == (3, 5, 4)
    assert info.simultaneous and info.hidden_information and info.has_chance
    specs = option_specs(GAME.Options)
    assert [s.name for s in specs] == [
        "all_different_suits",
        "dup_tie",
        "dummy_reveal",
        "pass_three",
        "quad_requires_four_suits",
        "par",
        "first_dealer",
    ]
    assert all(s.help for s in specs)
    assert info.pass_offsets == (1,) and info.seat_direction == "clockwise"
    assert info.teams == () and not info.lower_is_better and info.hand_sort == "suit"
    # 5 seats x (10 deals x (a pass, a contract and 13 cards) - the tenth deal's contract)
    assert info.max_match_length == 745
    assert info.description


def test_decks() -> None:
    assert len(GAME.deck(3, AnarchyOptions())) == 53
    assert len(GAME.deck(4, AnarchyOptions())) == 53
    assert len(GAME.deck(5, AnarchyOptions())) == 65


def test_option_defaults_and_validation() -> None:
    opts = AnarchyOptions()
    assert opts.all_different_suits == "each_wins_itself"
    assert opts.dup_tie == "group_each_wins_itself"
    assert opts.dummy_reveal == "simultaneous"
    assert opts.pass_three is False and opts.quad_requires_four_suits is False
    assert opts.par == 13 and opts.first_dealer is None
    with pytest.raises(ValueError, match="all_different_suits must be one of"):
        AnarchyOptions(all_different_suits="nope")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="dummy_reveal must be one of simultaneous, before"):
        AnarchyOptions(dummy_reveal="never")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="par must be 0-65, not 99"):
        AnarchyOptions(par=99)
    with pytest.raises(ValueError, match="first_dealer must be a seat 0-4 or none, not 7"):
        AnarchyOptions(first_dealer=7)
    with pytest.raises(ValueError, match=r"pass_three is on or off \(true/false\), not 'yes'"):
        AnarchyOptions(pass_three="yes")  # type: ignore[arg-type]
    with pytest.raises(PakkaError, match="first_dealer must be a seat 0-2"):
        GAME.new_match(3, AnarchyOptions(first_dealer=4), seed=1)
    parsed = GAME.options_from_strings(
        {"par": "10", "pass_three": "on", "dup_tie": "tied_keep_rest_dead"}
    )
    assert parsed == AnarchyOptions(par=10, pass_three=True, dup_tie="tied_keep_rest_dead")
    with pytest.raises(PakkaError, match="unknown option"):
        GAME.options_from_strings({"trumps": "1"})


def test_rule_function_errors() -> None:
    with pytest.raises(ValueError, match="unknown contract 'trumps'; contracts are: cards"):
        deal_score("trumps", "S2")
    with pytest.raises(ValueError, match="dup_tie"):
        trick_captures("S2 S3", dup_tie="random")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="all_different_suits"):
        trick_captures("S2 H3", all_different_suits="x")  # type: ignore[arg-type]


def test_rule_functions_accept_cards_and_strings() -> None:
    assert trick_captures(parse_cards("S8 H8 SJ H2")) == trick_captures(["S8", "H8", "SJ", "H2"])
    assert trick_captures([]) == []
    assert trick_captures("S5") == [0]
    assert deal_score("best", ["SK", "SQ", "H2"]) == 6 + 20


def test_seeded_match_is_reproducible_and_replays() -> None:
    def run(seed: int) -> AnarchyState:
        st = GAME.new_match(players=4, options=AnarchyOptions(pass_three=True), seed=seed)
        assert isinstance(st, AnarchyState)
        rng = random.Random(seed)
        while not st.is_over():
            seat = rng.choice(sorted(st.to_act()))
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        return st

    a, b = run(42), run(42)
    assert a == b and a.result() == b.result()
    record = json.loads(json.dumps(a.to_json()))
    again = GAME.from_json(record)
    assert again == a
    res = a.result()
    assert list(res.scores) == a.scores
    assert len(res.details["score_sheet"]) == 10
    low, high = GAME.info.score_bounds or (0, 0)
    assert all(low <= s <= high for s in res.scores)


def test_actions_read_from_json_move_the_same_cards() -> None:
    # 5 players: two copies of the 6s, 7s and 8s; a play read from JSON holds a card equal
    # to the legal play's, and must take the same physical card from the hand
    live = GAME.new_match(players=5, options=AnarchyOptions(pass_three=True), seed=6)
    read = GAME.new_match(players=5, options=AnarchyOptions(pass_three=True), seed=6)
    rng = random.Random(6)
    while not live.is_over():
        seat = rng.choice(sorted(live.to_act()))
        action = rng.choice(live.legal_actions(seat))
        live.apply(seat, action)
        read.apply(seat, GAME.action_from_json(json.loads(json.dumps(action.to_json()))))
        assert read.full_state() == live.full_state()


def test_parse_action_from_text() -> None:
    st = GAME.new_match(4, AnarchyOptions(first_dealer=3), seed=3)
    assert GAME.parse_action(st, 0, "hearts") == ChooseContract("hearts")
    assert GAME.parse_action(st, 0, "und") == ChooseContract("under")
    for seat in range(4):
        st.apply(seat, ChooseContract("cards"))
    card = st.legal_actions(0)[0]
    assert isinstance(card, Play)
    assert GAME.parse_action(st, 0, card.card.pretty()) == card


def test_action_strings() -> None:
    assert str(ChooseContract("best")) == "best"
    assert ChooseContract("BEST") == ChooseContract("best")
    assert str(Play(parse_card("H10"))) == "H10"
    assert str(PassCards(tuple(parse_cards("S2 HK D5")))) == "S2 HK D5"
    assert PassCards(tuple(parse_cards("S2 HK D5"))).to_json() == {
        "type": "pass_cards",
        "cards": ["S2", "HK", "D5"],
    }
    assert GAME.action_from_json({"type": "contract", "contract": "HEARTS"}) == ChooseContract(
        "hearts"
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"type": "contract", "contract": "trumps"},
            "contract must be one of cards, black, red, best, spades, hearts, clubs, "
            "diamonds, over, under, not 'trumps'",
        ),
        ({"type": "play", "cards": ["S2", "S3"]}, "play takes exactly one card in 'cards'"),
        ({"type": "play", "cards": ["RJ"]}, "RJ is not in the Anarchy pack"),
        ({"type": "pass_cards", "cards": ["S2"]}, "pass_cards takes exactly 3 cards in 'cards'"),
        ({"type": "pass_cards", "cards": ["S2", "S3", "X9"]}, "bad card 'X9'"),
        ({"type": "bid", "bid": "x"}, "unknown action type 'bid'; actions: contract, play, pass"),
        ("S8", "JSON object"),
    ],
)
def test_malformed_json_actions_name_what_is_allowed(data: object, message: str) -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.action_from_json(data)
    assert message in str(info.value)


def test_passed_cards_are_read_in_card_order() -> None:
    action = GAME.action_from_json({"type": "pass_cards", "cards": ["HK", "S2", "D5"]})
    assert action == PassCards(tuple(parse_cards("S2 HK D5")))


def test_illegal_message_lists_legal_contracts() -> None:
    st = GAME.new_match(4, AnarchyOptions(first_dealer=0), seed=3)
    with pytest.raises(IllegalAction) as info:
        st.apply(1, Play(parse_card("S2")))
    msg = str(info.value)
    assert "seat 1" in msg and "choose a contract first" in msg
    assert "legal: " + ", ".join(CONTRACTS) in msg


def test_events_of_a_trick_and_a_deal() -> None:
    st = GAME.new_match(4, AnarchyOptions(first_dealer=0), seed=8)
    assert isinstance(st, AnarchyState)
    for seat in (1, 2, 3, 0):
        events = st.apply(seat, ChooseContract("spades"))
        assert events[0] == ContractChosen(seat=seat, contract="spades", auto=False)
    kinds: list[str] = []
    last: list[Event] = []
    while st.deal_no == 1:
        for seat in sorted(st.to_act()):
            last = st.apply(seat, st.legal_actions(seat)[0])
            kinds += [e.type for e in last]
    assert kinds.count("trick_won") == 13 and kinds.count("committed") == 52
    assert kinds[-2:] == ["deal_scored", "deal_started"]
    scored, started = last[-2:]
    assert isinstance(scored, DealScored) and scored.deal == 1
    assert scored.totals == tuple(st.scores) == scored.scores
    assert isinstance(scored, AnarchyDealScored) and scored.contracts == ("spades",) * 4
    # the captured cards of the deal travel with its score (the view is the next deal's)
    assert sum(len(w) for w in scored.won) == 52 and not any(p.won for p in st.view(0).players)
    assert scored.scores == tuple(deal_score("spades", w) for w in scored.won)
    assert started == DealStarted(deal=2, dealer=1)
    assert st.dealer == 1 and st.to_act() == {2}


def test_clone_is_independent() -> None:
    st = GAME.new_match(3, seed=5)
    twin = st.clone()
    assert twin == st
    (seat,) = twin.to_act()
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert twin != st


def test_spectator_sees_no_hand_and_no_commit() -> None:
    st = GAME.new_match(4, AnarchyOptions(first_dealer=0), seed=8)
    for seat in (1, 2, 3, 0):
        st.apply(seat, ChooseContract("red"))
    st.apply(2, st.legal_actions(2)[0])
    obs = st.observation(None)
    assert obs["hand"] is None and obs["table"]["my_commit"] is None
    assert [p["committed"] for p in obs["players"]] == [False, False, True, False]
    assert obs["to_act"] == [0, 1, 3]


@pytest.mark.parametrize("four_suits", [False, True])
def test_score_parts_add_up_to_the_deal_score(four_suits: bool) -> None:
    """The summary's breakdown (``score_parts``) is the rules' score, not a second copy."""
    from pakka.cards import anarchy_deck
    from pakka.games.anarchy.rules import CONTRACTS, deal_score, score_parts

    rng = random.Random(5)
    pack = [c for c in anarchy_deck(5) if not c.is_joker]
    for _ in range(300):
        won = rng.sample(pack, rng.randrange(0, 30))
        for contract in CONTRACTS:
            for par in (10, 13):
                parts = score_parts(contract, won, quad_requires_four_suits=four_suits, par=par)
                expected = deal_score(contract, won, quad_requires_four_suits=four_suits, par=par)
                assert parts.total == expected, (contract, won, par)

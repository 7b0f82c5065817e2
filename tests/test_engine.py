"""The engine's own behaviour, on the toy game."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Literal

import pytest

import pakka.games
from pakka.cards import parse_cards
from pakka.engine import (
    MatchResult,
    option_variants,
    options_from_mapping,
    ranks_from_scores,
)
from pakka.errors import AmbiguousAction, IllegalAction, PakkaError, UnknownGame
from pakka.events import DealScored
from pakka.options import Options, option
from tests.generic.toy import TOY, Bid, Commit, ToyOptions


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'chess'; games are: "):
        pakka.games.get("chess")


def test_illegal_action_message_names_seat_action_reason_and_alternatives() -> None:
    state = TOY.new_match(players=3, seed=1)
    with pytest.raises(IllegalAction) as info:
        state.apply(1, Bid("medium"))
    err = info.value
    assert err.seat == 1 and err.action == Bid("medium") and err.reason == "bid high or low"
    assert str(err) == "seat 1 cannot do 'medium': bid high or low; legal: high, low"
    with pytest.raises(IllegalAction, match="it is not your turn; waiting for seat 1"):
        state.apply(2, Bid("high"))
    with pytest.raises(IllegalAction, match="there is no seat 7; seats are 0-2"):
        state.apply(7, Bid("high"))


def test_stacked_deck_fixes_the_first_deal() -> None:
    deck = "S2 S3 S4 S5 S6 H2 H3 H4 H5 H6 D2 D3 D4 D5 D6 C2 C3 C4 C5 C6"
    state = TOY.new_match(players=2, seed=1, deck=deck)
    # dealer 0, dealt one at a time from seat 1
    assert state.observation(1)["hand"] == ["S2", "S4", "S6", "H3"]
    assert state.observation(0)["hand"] == ["S3", "S5", "H2", "H4"]
    again = TOY.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state


def test_stacked_deck_must_be_the_whole_pack() -> None:
    with pytest.raises(PakkaError, match="missing: C6; extra: S6"):
        TOY.new_match(players=2, deck="S2 S3 S4 S5 S6 H2 H3 H4 H5 H6 D2 D3 D4 D5 D6 C2 C3 C4 C5 S6")
    with pytest.raises(PakkaError, match="bad card 'ZZ'"):
        TOY.new_match(players=2, deck="ZZ")


def test_player_count_and_options_are_checked() -> None:
    with pytest.raises(PakkaError, match="High or Low is played by 2-4 players, not 5"):
        TOY.new_match(players=5)
    with pytest.raises(PakkaError, match="option tie must be one of dead, split, not 'x'"):
        TOY.new_match(options={"tie": "x"})
    with pytest.raises(PakkaError, match="unknown option 'ties'"):
        TOY.new_match(options={"ties": "dead"})
    state = TOY.new_match(options={"deals": 1, "tie": "split"})
    assert state.options == ToyOptions(deals=1, tie="split")


def test_options_from_text() -> None:
    @dataclass(frozen=True)
    class Opts(Options):
        flag: bool = option(False, help="a flag")
        mode: Literal["a", "b"] = option("a", help="a mode")
        par: int = option(13, help="a mark", range=(0, 20))
        first: int | None = option(None, help="a seat", seat=True)

    o = options_from_mapping(
        Opts, {"flag": "on", "mode": "b", "par": "10", "first": "2"}, from_text=True
    )
    assert o == Opts(True, "b", 10, 2)
    assert options_from_mapping(Opts, {"first": "none"}, from_text=True).first is None
    with pytest.raises(PakkaError, match="option par must be a whole number, not 'x'"):
        options_from_mapping(Opts, {"par": "x"}, from_text=True)
    with pytest.raises(PakkaError, match="option flag is on or off"):
        options_from_mapping(Opts, {"flag": "maybe"}, from_text=True)
    with pytest.raises(PakkaError, match="option flag is on or off"):
        options_from_mapping(Opts, {"flag": "on"})  # JSON must carry a real bool
    with pytest.raises(PakkaError, match="option par must be 0-20, not 21"):
        options_from_mapping(Opts, {"par": 21})
    with pytest.raises(PakkaError, match="option mode must be one of a, b, not 'c'"):
        options_from_mapping(Opts, {"mode": "c"})
    with pytest.raises(PakkaError, match="unknown option 'colour'; options are: flag, mode"):
        options_from_mapping(Opts, {"colour": 1})
    with pytest.raises(PakkaError, match="option first must be a seat 0-2 at a table of 3"):
        Opts(first=3).check_table(3)


def test_options_must_be_declared_with_option() -> None:
    @dataclass(frozen=True)
    class Loose(Options):
        flag: bool = False

    with pytest.raises(TypeError, match=r"Loose\.flag must be declared with option"):
        Loose()


def test_option_variants_cover_every_flag_value() -> None:
    variants = option_variants(TOY.Options)
    assert variants == [
        ToyOptions(),
        ToyOptions(deals=1),
        ToyOptions(deals=3),
        ToyOptions(tie="split"),
    ]


def test_ranks_share_places() -> None:
    assert ranks_from_scores([5, 5, 1]) == (1, 1, 3)
    result = MatchResult((5, 5, 1), ranks_from_scores([5, 5, 1]))
    assert result.winners == [0, 1]
    assert result.to_json() == {"scores": [5, 5, 1], "ranks": [1, 1, 3], "winners": [0, 1]}


def test_simultaneous_step_reveals_nothing_until_all_commit() -> None:
    state = TOY.new_match(players=3, seed=4)
    for seat in (1, 2, 0):
        state.apply(seat, Bid("high"))
    assert state.to_act() == {0, 1, 2}
    card = state.legal_actions(2)[0]
    state.apply(2, card)
    assert state.to_act() == {0, 1}
    for viewer in (0, 1, None):
        obs = state.observation(viewer)
        assert obs["players"][2]["committed"] is True
        assert obs["table"]["my_commit"] is None
        assert str(card) not in json.dumps(obs["table"]) + json.dumps(obs["players"])
    assert state.observation(2)["table"]["my_commit"] == str(card)
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(2, state.legal_actions(0)[0])


def test_parse_action_reads_cards_and_reports_ambiguity() -> None:
    state = TOY.new_match(players=2, seed=2)
    assert TOY.parse_action(state, 1, "HIGH") == Bid("high")
    assert TOY.parse_action(state, 1, "l") == Bid("low")
    with pytest.raises(IllegalAction, match="no legal action matches"):
        TOY.parse_action(state, 1, "S2")
    state.apply(1, Bid("high"))
    state.apply(0, Bid("low"))
    card = state.legal_actions(0)[0]
    assert isinstance(card, Commit)
    assert TOY.parse_action(state, 0, card.card.pretty()) == card


def test_ambiguous_action_lists_the_choices() -> None:
    err = AmbiguousAction("S5 S5", ["a", "b"])
    assert str(err) == "'S5 S5' can mean several actions, say which: a; b"


def test_determinized_state_cannot_be_saved() -> None:
    state = TOY.new_match(players=3, seed=1)
    import random

    det = state.determinize(0, random.Random(1))
    with pytest.raises(PakkaError, match="determinized state has no record"):
        det.to_json()
    assert det.observation(0) == state.observation(0)
    assert parse_cards(det.observation(0)["hand"]) == parse_cards(state.observation(0)["hand"])


def test_replay_walks_a_record_as_it_was_played() -> None:
    """``Game.replay`` gives, for every action of a record, the deal it was played in and
    what it did, as the match that made the record saw it (reviews and takebacks cut
    deals by it)."""
    game = pakka.games.get("norlanninnakki")
    state = game.new_match(players=3, seed=7)
    rng = random.Random(7)
    played: list[tuple[int, bool]] = []
    while not state.is_over():
        for seat in sorted(state.to_act()):
            deal = state.view(None).deal
            events = state.apply(seat, rng.choice(state.legal_actions(seat)))
            played.append((deal, any(isinstance(e, DealScored) for e in events)))
    record = json.loads(json.dumps(state.to_json()))
    walked = [(done.step, done.deal, done.scored_deal) for _, done in game.replay(record)]
    assert walked == [(i, deal, scored) for i, (deal, scored) in enumerate(played)]
    assert sum(scored for _, _, scored in walked) >= 2  # a match of several deals
    *_, (last, _) = game.replay(record)
    assert last.to_json() == state.to_json()
    with pytest.raises(PakkaError, match="record is for game 'norlanninnakki', not 'anarchy'"):
        next(pakka.games.get("anarchy").replay(record))

"""Unit tests of Guandan's rule functions, actions, options, events and a whole seeded match."""

from __future__ import annotations

import json
import random

import pytest

from pakka.cards import parse_card, parse_cards
from pakka.engine import AmbiguousAction, IllegalAction, PakkaError
from pakka.events import Committed, MatchOver
from pakka.games import get
from pakka.games.guandan import (
    GAME,
    PASS,
    AFailed,
    AntiTribute,
    CardReturned,
    Finished,
    GuandanCardsPlayed,
    GuandanDealScored,
    GuandanDealStarted,
    GuandanOptions,
    GuandanState,
    GuandanTrickWon,
    Passed,
    Play,
    Return,
    TributePaid,
    advance,
    classify,
    legal_plays,
    return_options,
    tribute_card,
)
from pakka.games.guandan.combos import level_rank, power
from pakka.games.guandan.tests.test_conformance import play, position, stacked
from pakka.options import option_specs


def test_registered():
    assert get("guandan") is GAME
    info = GAME.info
    assert info.min_players == info.max_players == 4
    specs = option_specs(GAME.Options)
    assert [s.name for s in specs] == [
        "end_on_double_win",
        "pass_a_requires_owner",
        "a_fail_limit",
        "first_leader",
    ]
    assert all(s.help for s in specs)
    assert info.seat_direction == "counterclockwise" and info.teams == ((0, 2), (1, 3))
    assert info.partner(1) == 3 and info.pass_offsets == () and info.hand_sort == "rank"
    assert info.max_match_length is None and not info.lower_is_better and info.description
    assert len(GAME.deck(4, GAME.Options())) == 108


def test_options_validation_messages():
    with pytest.raises(ValueError, match="option a_fail_limit must be 0-99, not -1"):
        GuandanOptions(a_fail_limit=-1)
    with pytest.raises(ValueError, match="option first_leader must be a seat 0-3 or none, not 4"):
        GuandanOptions(first_leader=4)
    with pytest.raises(ValueError, match="end_on_double_win is on or off"):
        GuandanOptions(end_on_double_win=1)  # type: ignore[arg-type]
    with pytest.raises(PakkaError, match="unknown option"):
        GAME.new_match(options={"no_such": 1})


def test_level_parsing():
    assert level_rank("10") == 10 and level_rank("T") == 10 and level_rank("A") == 14
    with pytest.raises(ValueError, match="bad level"):
        level_rank("1")


def test_power_order_puts_level_above_ace():
    assert [power(r, 7) for r in (2, 6, 8, 14, 7, 15, 16)] == [2, 6, 8, 14, 15, 16, 17]


def test_play_notation_and_json_round_trip():
    (p,) = [x for x in legal_plays("H7 S3 S4 S5 S6", "7") if str(x.combo) == "straight 3-7"]
    assert str(p) == "H7 S3 S4 S5 S6 straight 3-7"
    assert p.to_json() == {
        "type": "play",
        "cards": ["H7", "S3", "S4", "S5", "S6"],
        "combo": {"type": "straight", "key": "3-7"},
    }
    assert GAME.action_from_json(json.loads(json.dumps(p.to_json()))) == p
    assert GAME.action_from_json({"type": "pass"}) == PASS and str(PASS) == "pass"
    r = Return(parse_card("S3"))
    assert r.to_json() == {"type": "return", "cards": ["S3"]} and str(r) == "return S3"
    assert GAME.action_from_json(r.to_json()) == r


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"type": "play", "cards": ["S3"], "combo": {"type": "pair", "key": "3"}},
            "cannot be read",
        ),
        ({"type": "play", "cards": ["X3"], "combo": {"type": "single", "key": "3"}}, "bad card"),
        ({"type": "play", "cards": ["S3"], "combo": {"type": "quad", "key": "3"}}, "type one of"),
        ({"type": "play", "cards": ["S3"]}, "a play names its combo"),
        ({"type": "play", "cards": ["S3"], "combo": {"type": "single"}}, "needs its key"),
        ({"type": "play", "cards": "S3", "combo": {"type": "single", "key": "3"}}, "list of"),
        ({"type": "play", "cards": [], "combo": {"type": "single", "key": "3"}}, "1-10 cards"),
        ({"type": "play", "cards": ["JK"], "combo": {"type": "single", "key": "3"}}, "JK"),
        ({"type": "pass", "cards": []}, "a pass is"),
        ({"type": "return", "cards": ["S3", "S4"]}, "return takes exactly one card"),
        ({"type": "return", "cards": ["JK"]}, "JK is not in the Guandan pack"),
        ({"type": "bid"}, "unknown action type 'bid'; actions: play, pass, return"),
        ([1, 2], "JSON object"),
    ],
)
def test_action_from_json_errors(data, message):
    with pytest.raises(IllegalAction, match=message):
        GAME.action_from_json(data)


def test_key_notation():
    keys = {str(c) for c in classify("SA DA S2 D2 S3 D3", "7")}
    assert keys == {"tube A-3"}
    assert [str(c) for c in classify("S9 D9 C9 H9 S9 D9 C9 H9 H7 H7", "7")] == ["bomb 10x9"]
    assert [str(c) for c in classify("BJ BJ RJ RJ", "7")] == ["joker_bomb jokers"]
    assert [str(c) for c in classify("S10 SJ SQ SK SA", "2")] == ["straight_flush 10-A"]


def test_canonical_mode_merges_suits_only():
    hand = "S5 D5 C5 S6 D6"
    full = legal_plays(hand, "2")
    canon = legal_plays(hand, "2", canonical=True)
    assert len([p for p in full if p.combo.type == "single"]) == 5
    assert [str(p) for p in canon if p.combo.type == "single"] == ["S5 single 5", "S6 single 6"]
    assert [str(p) for p in canon if p.combo.type == "pair"] == ["S5 D5 pair 5", "S6 D6 pair 6"]


def test_canonical_straight_avoids_flush_representative():
    canon = legal_plays("S3 S4 S5 S6 S7 D7", "2", canonical=True)
    straights = [str(p) for p in canon if p.combo.type == "straight"]
    assert straights == ["S3 S4 S5 S6 D7 straight 3-7"]
    assert [str(p) for p in canon if p.combo.type == "straight_flush"] == [
        "S3 S4 S5 S6 S7 straight_flush 3-7"
    ]


def test_tribute_and_return_functions():
    assert str(tribute_card("H7 H7 SA", "7")) == "SA"
    assert [str(c) for c in return_options("SA SK", "2")] == ["SK"]
    with pytest.raises(ValueError, match="wild"):
        tribute_card("H7", "7")


def test_advance_with_partial_finish_order():
    # end_on_double_win: only the first two are known
    assert advance(("3", "2"), "3", [1, 3]) == (("3", "5"), None)


def test_ambiguous_typed_play_asks_which_reading():
    st = GAME.new_match(options=GuandanOptions(first_leader=0), seed=5)
    assert isinstance(st, GuandanState)
    st.hands[0] = list(parse_cards("H2 S3 S4 S5 S6 D9"))
    with pytest.raises(AmbiguousAction, match=r"straight 2-6; .*straight_flush 3-7"):
        GAME.parse_action(st, 0, "H2 S3 S4 S5 S6")
    chosen = GAME.parse_action(st, 0, "H2 S3 S4 S5 S6 straight_flush 3-7")
    assert isinstance(chosen, Play) and str(chosen.combo) == "straight_flush 3-7"


def test_illegal_play_messages():
    st = GAME.new_match(options=GuandanOptions(first_leader=0), seed=5)
    assert isinstance(st, GuandanState)
    st.hands[0] = list(parse_cards("S3 S4 D9"))
    with pytest.raises(IllegalAction, match="do not hold"):
        st.apply(0, Play.of(classify("SA", "2")[0]))
    wrong = GAME.action_from_json(
        {"type": "play", "cards": ["H3", "S4"], "combo": {"type": "pair", "key": "4"}}
    )
    st.hands[0] = list(parse_cards("H3 S4 D9"))
    with pytest.raises(IllegalAction, match="read as nothing, not pair 4"):
        st.apply(0, wrong)


def test_played_cards_order_does_not_matter():
    st = GAME.new_match(options=GuandanOptions(first_leader=0), seed=5)
    assert isinstance(st, GuandanState)
    st.hands[0] = list(parse_cards("S3 D3 D9"))
    action = GAME.action_from_json(
        {"type": "play", "cards": ["D3", "S3"], "combo": {"type": "pair", "key": "3"}}
    )
    st.apply(0, action)
    assert [str(c) for c in st.top.cards] == ["S3", "D3"]
    assert st.observation(1)["table"]["top"] == {
        "type": "cards_played",
        "seat": 0,
        "cards": ["S3", "D3"],
        "combo": "pair",
        "key": "3",
    }


def _play_out(state, rng):
    steps = 0
    while not state.is_over():
        seat = rng.choice(sorted(state.to_act()))
        legal = state.legal_actions(seat)
        state.apply(seat, rng.choice(legal))
        steps += 1
    return steps


def test_full_seeded_match_is_reproducible():
    a = GAME.new_match(seed=11)
    b = GAME.new_match(seed=11)
    _play_out(a, random.Random(3))
    _play_out(b, random.Random(3))
    assert a == b and a.is_over()
    result = a.result()
    assert sorted(result.winners) in ([0, 2], [1, 3])
    assert "A" in a.levels
    again = GAME.from_json(json.loads(json.dumps(a.to_json())))
    assert again == a


def test_first_leader_is_seeded():
    leaders = {GAME.new_match(seed=s).to_act() for s in range(12)}
    assert len(leaders) > 1
    assert GAME.new_match(seed=4).to_act() == GAME.new_match(seed=4).to_act()


def test_determinize_keeps_known_cards_in_their_hands():
    st = GAME.new_match(options=GuandanOptions(first_leader=0), seed=8)
    assert isinstance(st, GuandanState)
    rng = random.Random(1)
    # play until the second deal's return phase
    while st.deal_no < 2 and not st.is_over():
        seat = rng.choice(sorted(st.to_act()))
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    for seat in range(4):
        det = st.determinize(seat, random.Random(2))
        assert det.observation(seat) == st.observation(seat)
        for s in range(4):
            assert sorted(map(str, det.shown[s])) == sorted(map(str, st.shown[s]))
            for c in det.shown[s]:
                assert any(c is h for h in det.hands[s])


# --- events ------------------------------------------------------------------------------


def test_play_pass_finish_and_jiefeng_events():
    st = position(["S3", "S4 S6", "S5 S7", "S8 S9"], leader=0)
    assert play(st, 0, "S3") == [
        GuandanCardsPlayed(seat=0, cards=(parse_card("S3"),), combo="single", key="3"),
        Finished(seat=0, place=1),
    ]
    assert play(st, 1, "pass") == [Passed(seat=1)]
    play(st, 2, "pass")
    won = play(st, 3, "pass")
    assert won == [Passed(seat=3), GuandanTrickWon(winner=0, leader=2)]  # the partner leads
    assert won[1].to_json() == {
        "type": "trick_won",
        "winner": 0,
        "cards": [],
        "played_by": [],
        "leader": 2,
    }
    assert GAME.event_types["trick_won"] is GuandanTrickWon


def test_history_holds_the_deals_plays_as_events():
    st = position(["S3 S9", "S4 SJ", "S5 SQ", "S6 SK"], leader=0)
    play(st, 0, "S3")
    play(st, 1, "pass")
    play(st, 2, "S5")
    view = st.view(3)
    assert [(e.seat, e.cards, e.combo, e.key) for e in view.history] == [
        (0, (parse_card("S3"),), "single", "3"),
        (2, (parse_card("S5"),), "single", "5"),
    ]
    assert view.table.top is view.history[-1] and view.table.passes == ()  # a new top
    assert GAME.view_from_json(json.loads(json.dumps(st.observation(3)))) == view


def test_view_keeps_the_trick_so_far_and_the_last_trick():
    st = position(["S3 S9", "S4 SJ", "S5 SQ", "S6 SK"], leader=0)
    play(st, 0, "S3")
    play(st, 1, "pass")
    play(st, 2, "S5")
    view = st.view(3)
    assert view.table.trick == (view.history[0], Passed(seat=1), view.history[1])
    assert view.table.last_trick == ()
    play(st, 3, "pass")
    play(st, 0, "pass")
    play(st, 1, "pass")  # seat 2 takes the trick
    view = st.view(None)
    assert view.table.trick == () and view.table.last_trick == view.history
    play(st, 2, "SQ")
    assert st.view(0).table.trick == (st.view(0).history[-1],)
    assert GAME.view_from_json(json.loads(json.dumps(st.observation(1)))) == st.view(1)


def test_deal_end_events_score_levels_and_start_the_next_deal_with_its_tribute():
    st = position(["S3", "S4 S6", "S5", "S8 S9"], leader=0, end_on_double_win=True)
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")
    events = play(st, 2, "S5")
    assert events[1:4] == [
        Finished(seat=2, place=2),
        GuandanDealScored(
            deal=1,
            level="2",
            scores=(3, 0, 3, 0),
            totals=(5, 2, 5, 2),
            finish_order=(0, 2, 3, 1),
            levels=("5", "2"),
        ),
        GuandanDealStarted(deal=2, level="5", leader=st.leader),
    ]
    paid = [TributePaid(seat=a, to=b, card=c) for a, b, c in st.tribute]
    assert events[4:] == paid and [(e.seat, e.to) for e in paid] == [(1, 0), (3, 2)]
    assert st.view(0).table.tribute == tuple(paid)
    assert st.view(0).table.sheet == (events[2],)  # the score sheet keeps the deal
    assert st.observation(1)["table"]["tribute"][0] == {
        "type": "tribute_paid",
        "seat": 1,
        "to": 0,
        "card": str(paid[0].card),
    }


def test_returns_are_committed_then_shown_together():
    st = position(["S3", "S4", "S5", "S6"])
    st.prev_order, st.deal_level = [0, 2, 1, 3], "7"
    events = st._start_deal(stacked("BJ", "RJ", "RJ", "BJ"))
    assert [type(e) for e in events] == [GuandanDealStarted, TributePaid, TributePaid]
    r0, r2 = st.legal_actions(0)[0], st.legal_actions(2)[0]
    assert isinstance(r0, Return) and isinstance(r2, Return)
    assert st.apply(0, r0) == [Committed(seat=0)]
    assert st.view(1).history == () and st.view(0).table.my_return == r0.card
    assert st.apply(2, r2) == [
        Committed(seat=2),
        CardReturned(seat=0, to=1, card=r0.card),
        CardReturned(seat=2, to=3, card=r2.card),
    ]
    assert st.view(3).table.returns == (
        CardReturned(seat=0, to=1, card=r0.card),
        CardReturned(seat=2, to=3, card=r2.card),
    )


def test_anti_tribute_event_names_the_red_joker_holders():
    st = position(["S3", "S4", "S5", "S6"])
    st.prev_order, st.deal_level = [0, 1, 2, 3], "7"
    events = st._start_deal(stacked("S3", "S4", "S5", "RJ RJ"))
    assert events == [
        GuandanDealStarted(deal=2, level="7", leader=0),
        AntiTribute(holders=(3, 3)),
    ]


def test_a_failed_follows_the_deal_scored_at_two():
    st = position(
        ["S3", "S9", "S4 S5", "S6 S7"], level="A", levels=("A", "5"), owner=0, a_fail_limit=3
    )
    st.a_fails = [2, 0]
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")
    for seat, text in ((2, "S4"), (3, "S6"), (1, "S9"), (2, "pass"), (3, "pass")):
        play(st, seat, text)
    events = play(st, 3, "S7")  # 1-4 at A: the third failure
    scored = next(e for e in events if isinstance(e, GuandanDealScored))
    assert scored.levels == ("2", "5") and scored.totals == (2, 5, 2, 5)
    assert scored.scores == (-12, 0, -12, 0)
    at = events.index(scored)
    assert events[at + 1] == AFailed(team=0)
    assert events[at + 2] == GuandanDealStarted(deal=2, level="2", leader=st.leader)


def test_the_match_ends_with_match_over():
    st = position(["S3", "S4 S5", "S6", "S7 S8"], level="A", levels=("A", "5"), owner=0)
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")
    for seat, text in ((2, "S6"), (3, "pass"), (1, "pass"), (3, "S7"), (1, "pass")):
        play(st, seat, text)
    events = play(st, 3, "S8")
    assert events[-2] == GuandanDealScored(
        deal=1,
        level="A",
        scores=(0, 0, 0, 0),
        totals=(14, 5, 14, 5),
        finish_order=(0, 2, 3, 1),
        levels=("A", "5"),
    )
    assert events[-1] == MatchOver(scores=(1.0, 0.0, 1.0, 0.0), ranks=(1, 3, 1, 3), winners=(0, 2))
    assert st.view(None).result == st.result()


def _after_tribute(seed: int) -> GuandanState:
    """A seeded match played at random until a later deal's play phase with a tribute."""
    rng = random.Random(seed)
    st = GAME.new_match(options=GuandanOptions(first_leader=0), seed=seed)
    assert isinstance(st, GuandanState)
    while not st.is_over():
        if st.deal_no >= 2 and st.phase == "play" and st.tribute:
            return st
        seat = rng.choice(sorted(st.to_act()))
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    raise AssertionError("no deal with a tribute")


def _over_cap(hand, shown, cap: int, level: int) -> list[str]:
    from pakka.games.guandan.rules import card_power, is_wild

    hidden = [c for c in hand if not any(c is x for x in shown)]
    return [str(c) for c in hidden if card_power(c, level) > cap and not is_wild(c, level)]


def test_determinize_deals_a_payer_nothing_stronger_than_its_tribute():
    from pakka.games.guandan.combos import level_rank
    from pakka.games.guandan.rules import card_power

    checked = 0
    for seed in range(6):
        st = _after_tribute(seed)
        level = level_rank(st.deal_level)
        for payer, _, card in st.tribute:
            cap = card_power(card, level)
            # the real hand obeys the inference, so it is sound
            assert _over_cap(st.hands[payer], st.shown[payer], cap, level) == []
            for seat in range(4):
                if seat == payer:
                    continue
                for i in range(30):
                    det = st.determinize(seat, random.Random(i))
                    assert det.observation(seat) == st.observation(seat)
                    assert len(det.hands[payer]) == len(st.hands[payer])
                    assert _over_cap(det.hands[payer], det.shown[payer], cap, level) == []
                    checked += 1
    assert checked > 0


def test_determinize_without_the_inference_would_break_the_cap():
    """The test above is not vacuous: uncapped draws give payers stronger cards."""
    from pakka.games.guandan import determinize as det_module
    from pakka.games.guandan.combos import level_rank
    from pakka.games.guandan.rules import card_power

    st = _after_tribute(0)
    level = level_rank(st.deal_level)
    payer, _, card = st.tribute[0]
    seat = (payer + 1) % 4
    cap = card_power(card, level)
    original = det_module._tribute_caps
    try:
        det_module._tribute_caps = lambda tribute, seat, level: {}
        broken = sum(
            bool(_over_cap(d.hands[payer], d.shown[payer], cap, level))
            for d in (st.determinize(seat, random.Random(i)) for i in range(30))
        )
    finally:
        det_module._tribute_caps = original
    assert broken > 0

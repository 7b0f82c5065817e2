"""Guandan conformance: every case of spec.md (W1..L8) and our own cases
for the rules the sample does not cover, in card notation."""

from __future__ import annotations

from collections import Counter

import pytest

from pakka.cards import Card, guandan_deck, parse_cards
from pakka.engine import IllegalAction
from pakka.events import Event
from pakka.games.guandan import (
    GAME,
    PASS,
    GuandanOptions,
    GuandanState,
    Play,
    Return,
    advance,
    classify,
    legal_plays,
    return_options,
    tribute_card,
    tribute_plan,
)


def readings(cards: str, level: str) -> list[str]:
    return [str(c) for c in classify(cards, level)]


def one(cards: str, level: str, reading: str | None = None):
    found = classify(cards, level)
    if reading is not None:
        found = [c for c in found if str(c) == reading]
    assert len(found) == 1, (cards, level, [str(c) for c in found])
    return found[0]


def stacked(*hands: str) -> list[Card]:
    """A pack in dealing order whose seat ``s`` gets ``hands[s]`` plus filler cards."""
    pack = Counter(guandan_deck())
    seats = [parse_cards(h) for h in hands]
    for cards in seats:
        pack -= Counter(cards)
    rest = sorted(pack.elements(), key=Card.sort_key)
    for cards in seats:
        while len(cards) < 27:
            cards.append(rest.pop(0))
    deck = [seats[i % 4][i // 4] for i in range(108)]
    seen: Counter[Card] = Counter()
    out = []
    for c in deck:
        out.append(c.with_copy(seen[c]))
        seen[c] += 1
    return out


def position(
    hands: list[str],
    level: str = "2",
    leader: int = 0,
    levels: tuple[str, str] | None = None,
    owner: int | None = None,
    **options: object,
) -> GuandanState:
    """A play-phase state with given (small) hands, level and leader."""
    st = GAME.new_match(options=GuandanOptions(first_leader=leader, **options), seed=3)
    assert isinstance(st, GuandanState)
    st.hands = [list(parse_cards(h)) for h in hands]
    st.deal_level = level
    st.levels = list(levels or (level, level))
    st.owner = owner
    return st


def play(st: GuandanState, seat: int, text: str) -> list[Event]:
    """Apply the play whose cards are ``text`` (the only reading, or the given one); the
    events it caused."""
    if text == "pass":
        return st.apply(seat, PASS)
    cards, _, reading = text.partition(" as ")
    options = [
        a
        for a in st.legal_actions(seat)
        if isinstance(a, Play)
        and Counter(a.cards) == Counter(parse_cards(cards))
        and (not reading or str(a.combo) == reading)
    ]
    assert len(options) == 1, (text, [str(a) for a in options])
    return st.apply(seat, options[0])


# --- order, wild cards, pairs ----------------------------------------------------------


def test_w1_level_single_beats_ace():
    assert one("H7", "7").beats(one("SA", "7"))
    assert not one("SA", "7").beats(one("H7", "7"))


def test_w3_wild_with_ace_is_pair_of_aces():
    assert readings("H7 SA", "7") == ["pair A"]


def test_w4_wild_never_a_joker():
    assert readings("H7 SB", "7") == []
    assert readings("H7 RJ", "7") == []
    assert readings("H7 H7 BJ BJ RJ", "7") == []


def test_w9_full_house_with_black_joker_pair():
    assert readings("S5 D5 C5 SB SB", "7") == ["full_house 5"]


def test_w11_two_full_house_readings():
    assert readings("S5 D5 H7 S9 D9", "7") == ["full_house 5", "full_house 9"]


def test_w12_bomb_or_full_house():
    assert readings("H7 H7 S9 D9 C9", "7") == ["full_house 9", "bomb 5x9"]


# --- sequences ---------------------------------------------------------------------------


def test_s1_ace_low_straight():
    assert readings("SA D2 C3 S4 H5", "7") == ["straight A-5"]


def test_s2_no_wrap():
    assert readings("SK DA C2 S3 H4", "7") == []
    assert readings("SQ DK CA S2 H3", "7") == []


def test_s8_wild_straight_and_straight_flush():
    assert readings("H7 S3 S4 S5 S6", "7") == [
        "straight 2-6",
        "straight 3-7",
        "straight_flush 2-6",
        "straight_flush 3-7",
    ]


def test_s13_natural_flush_sequence_is_only_a_straight_flush():
    assert readings("S3 S4 S5 S6 S7", "7") == ["straight_flush 3-7"]


# --- bomb order ----------------------------------------------------------------------------


def test_b3_size_before_rank():
    assert one("S2 D2 C2 H2 S2", "7").beats(one("SA DA CA HA", "7"))
    assert not one("SA DA CA HA", "7").beats(one("S2 D2 C2 H2 S2", "7"))


def test_b4_straight_flush_beats_five_level_cards():
    sf = one("SA S2 S3 S4 S5", "7")
    five = one("S7 D7 C7 S7 D7", "7")
    assert sf.type == "straight_flush" and sf.beats(five) and not five.beats(sf)


def test_b6_straight_flush_windows_and_suits():
    high = one("H6 H7 H8 H9 H10", "2")
    low = one("S5 S6 S7 S8 S9", "2")
    same = one("S6 S7 S8 S9 S10", "2")
    assert high.beats(low) and not low.beats(high)
    assert not same.beats(high) and not high.beats(same)


# --- trick flow and jiefeng ----------------------------------------------------------------


def test_j3_partner_leads_after_a_player_goes_out():
    st = position(["S3", "S4 S6", "S5 S7", "S8 S9"], leader=0)
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")
    assert st.finished == [0]
    assert st.to_act() == {2} and st.top is None


def test_j5_partner_of_second_finisher_leads():
    st = position(["S3", "S5", "S4 S7", "S8 S9"], leader=0)
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")
    # seat 2 leads; seat 1 goes out on it
    play(st, 2, "S4")
    play(st, 3, "pass")
    play(st, 1, "S5 as single 5")
    assert st.finished == [0, 1]
    play(st, 2, "pass")
    play(st, 3, "pass")
    assert st.to_act() == {3} and st.top is None


def test_j6_both_partners_out_next_active_leads():
    st = position(["S3", "S4 S6", "S5", "S8 S9"], leader=0)
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")
    play(st, 2, "S5")
    assert st.finished == [0, 2] and not st.is_over() and st.deal_no == 1
    play(st, 3, "pass")
    play(st, 1, "pass")
    assert st.to_act() == {3} and st.top is None


def test_j6_official_variant_ends_the_deal_at_one_two():
    st = position(["S3", "S4 S6", "S5", "S8 S9"], leader=0, end_on_double_win=True)
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")
    play(st, 2, "S5")
    assert st.deal_no == 2 and st.levels == ["5", "2"]


def test_passing_does_not_lock_a_player_out():
    st = position(["S3 S9", "S4 SJ", "S5 SQ", "S6 SK"], leader=0)
    play(st, 0, "S3")
    play(st, 1, "pass")
    play(st, 2, "S5")
    play(st, 3, "pass")
    play(st, 0, "S9")
    # seat 1 passed before and may now beat
    assert any(isinstance(a, Play) and a.combo is not None for a in st.legal_actions(1))
    play(st, 1, "SJ")
    assert st.top_seat == 1


def test_leader_must_play_and_follower_must_beat():
    st = position(["S3 S9", "S4 SJ", "S5 SQ", "S6 SK"], leader=0)
    assert PASS not in st.legal_actions(0)
    with pytest.raises(IllegalAction, match="leader must play"):
        st.apply(0, PASS)
    play(st, 0, "S9")
    with pytest.raises(IllegalAction, match="does not beat"):
        st.apply(1, Play.of(one("S4", "2")))


def test_finished_players_are_skipped():
    st = position(["S3", "S4 S6", "S5 S7", "S8 S9"], leader=0)
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")
    play(st, 2, "S5")
    play(st, 3, "S8")
    assert st.to_act() == {1}  # seat 0 is out: after 3 comes 1


# --- tribute -------------------------------------------------------------------------------


def test_t1_tribute_is_the_highest_non_wild():
    assert str(tribute_card("H7 S7 SA DA", "7")) == "S7"


def test_tribute_joker_order():
    assert str(tribute_card("SA S7 BJ", "7")) == "BJ"
    assert str(tribute_card("SA S7 BJ RJ", "7")) == "RJ"
    assert str(tribute_card("SK DA", "2")) == "DA"


def test_tribute_suit_tie_least_useful_for_straight_flushes():
    # DA sits in a diamond run 10-K; SA has no spade neighbours
    assert str(tribute_card("SA DA D10 DJ DQ DK", "2")) == "SA"
    assert str(tribute_card("SA DA", "2")) == "SA"  # no difference: suit order


def new_deal(
    st: GuandanState, prev: list[int], level: str, *hands: str, owner: int | None = None
) -> None:
    st.prev_order = prev
    st.deal_level = level
    st.owner = owner
    st._start_deal(stacked(*hands))


def test_t4_anti_tribute_single():
    st = position(["S3", "S4", "S5", "S6"])
    new_deal(st, [0, 1, 2, 3], "7", "S3", "S4", "S5", "RJ RJ")
    assert st.anti and st.phase == "play" and st.to_act() == {0}
    assert st.red_joker_holders == [3, 3]
    obs = st.observation(1)
    assert obs["table"]["anti_tribute"] is True
    assert obs["players"][3]["known"] == ["RJ", "RJ"]


def test_anti_tribute_one_joker_each():
    st = position(["S3", "S4", "S5", "S6"])
    new_deal(st, [0, 2, 1, 3], "7", "S3", "RJ", "S5", "RJ")
    assert st.anti and st.to_act() == {0} and sorted(st.red_joker_holders) == [1, 3]


def test_no_anti_tribute_when_a_winner_holds_a_red_joker():
    st = position(["S3", "S4", "S5", "S6"])
    new_deal(st, [0, 2, 1, 3], "7", "RJ", "RJ", "S5", "S6")
    assert not st.anti and st.phase == "return"


def test_t8_double_tribute_flow():
    st = position(["S3", "S4", "S5", "S6"])
    new_deal(st, [0, 2, 1, 3], "7", "BJ", "RJ", "RJ", "BJ")
    assert [(a, b, str(c)) for a, b, c in st.tribute] == [(1, 0, "RJ"), (3, 2, "BJ")]
    assert st.phase == "return" and st.to_act() == {0, 2}
    assert "RJ" in st.observation(0)["hand"]
    r0 = st.legal_actions(0)[0]
    r2 = st.legal_actions(2)[0]
    assert isinstance(r0, Return) and isinstance(r2, Return)
    st.apply(0, r0)
    assert st.to_act() == {2}
    obs = st.observation(1)
    assert obs["table"]["returns"] == [] and obs["players"][0]["committed"] is True
    assert obs["table"]["my_return"] is None
    assert st.observation(0)["table"]["my_return"] == str(r0.card)
    st.apply(2, r2)
    assert st.phase == "play" and st.to_act() == {1}
    assert [(a, b) for a, b, _ in st.returns] == [(0, 1), (2, 3)]
    assert str(r0.card) in st.observation(3)["players"][1]["known"]


def test_double_tribute_tie_goes_in_turn_order_after_first():
    hands = [parse_cards(h) for h in ("S3", "SA S4", "S5", "DA S6")]
    plan = tribute_plan([0, 2, 1, 3], hands, "7")
    assert [(a, b) for a, b, _ in plan.payments] == [(1, 0), (3, 2)] and plan.leader == 1
    plan = tribute_plan([2, 0, 3, 1], hands, "7")
    assert [(a, b) for a, b, _ in plan.payments] == [(3, 2), (1, 0)] and plan.leader == 3


def test_double_tribute_higher_card_to_first_place():
    hands = [parse_cards(h) for h in ("S3", "SK", "S5", "SA")]
    plan = tribute_plan([0, 2, 1, 3], hands, "7")
    assert [(a, b, str(c)) for a, b, c in plan.payments] == [(3, 0, "SA"), (1, 2, "SK")]
    assert plan.leader == 3


def test_single_tribute_from_partner_in_one_four():
    hands = [parse_cards(h) for h in ("S3", "SK", "SA", "S6")]
    plan = tribute_plan([0, 1, 3, 2], hands, "7")
    assert [(a, b, str(c)) for a, b, c in plan.payments] == [(2, 0, "SA")]
    assert plan.leader == 2


def test_single_tribute_flow_payer_leads():
    st = position(["S3", "S4", "S5", "S6"])
    new_deal(st, [1, 0, 2, 3], "7", "BJ BJ RJ", "RJ S3 D3 SJ", "", "")
    assert [(a, b) for a, b, _ in st.tribute] == [(3, 1)]
    assert st.to_act() == {1}
    legal = st.legal_actions(1)
    assert all(isinstance(a, Return) for a in legal)
    with pytest.raises(IllegalAction, match="return one card"):
        st.apply(1, Return(parse_cards("SJ")[0]))
    st.apply(1, Return(parse_cards("S3")[0]))
    assert st.to_act() == {3} and st.phase == "play"
    assert "S3" in st.observation(0)["players"][3]["known"]


def test_t12_return_card_rules():
    assert [str(c) for c in return_options("S5 S3 DT SJ", "5")] == ["S3", "D10"]


def test_return_rules_at_level_ten_and_jack():
    assert [str(c) for c in return_options("S10 S9 SJ", "10")] == ["S9"]
    assert [str(c) for c in return_options("S10 SJ SQ", "J")] == ["S10"]
    assert [str(c) for c in return_options("SJ DQ H10 S10 BJ", "10")] == ["SJ"]
    assert [str(c) for c in return_options("H10 S10 SQ", "10")] == ["SQ"]


# --- levels and match end ------------------------------------------------------------------


def test_l1_level_gains():
    assert advance(("2", "2"), "2", [0, 2, 1, 3])[0] == ("5", "2")
    assert advance(("2", "2"), "2", [0, 1, 2, 3])[0] == ("4", "2")
    assert advance(("2", "2"), "2", [0, 1, 3, 2])[0] == ("3", "2")


def test_level_gain_capped_at_ace():
    assert advance(("Q", "2"), "Q", [2, 0, 1, 3]) == (("A", "2"), None)
    assert advance(("2", "K"), "K", [1, 3, 0, 2]) == (("2", "A"), None)


def test_l4_win_at_ace_one_three():
    assert advance(("A", "5"), "A", [0, 1, 2, 3]) == (("A", "5"), 0)
    assert advance(("A", "5"), "A", [2, 0, 1, 3]) == (("A", "5"), 0)


def test_l6_one_four_at_ace_is_no_win():
    assert advance(("A", "5"), "A", [0, 1, 3, 2]) == (("A", "5"), None)


def test_l8_at_ace_in_a_king_deal_is_no_win():
    assert advance(("A", "K"), "K", [0, 2, 1, 3]) == (("A", "K"), None)


def test_reaching_ace_does_not_win():
    assert advance(("J", "2"), "J", [0, 2, 1, 3]) == (("A", "2"), None)


def test_both_teams_at_ace_seed_and_owner_variant():
    assert advance(("A", "A"), "A", [1, 3, 0, 2], owner=0) == (("A", "A"), 1)
    flagged = advance(("A", "A"), "A", [1, 3, 0, 2], owner=0, pass_a_requires_owner=True)
    assert flagged == (("A", "A"), None)


def test_match_win_flow_at_ace():
    # team 0 at A owns a deal at A; 0 and 2 go out first; the deal plays on to the 3rd
    st = position(["S3", "S4 S5", "S6", "S7 S8"], level="A", levels=("A", "5"), owner=0)
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")
    play(st, 2, "S6")
    assert not st.is_over()
    play(st, 3, "pass")
    play(st, 1, "pass")
    play(st, 3, "S7")
    play(st, 1, "pass")
    play(st, 3, "S8")
    assert st.is_over() and st.winner == 0
    assert st.result().winners == [0, 2]


def test_l6_flow_stays_at_ace_and_owns_next_deal():
    st = position(["S3", "S9", "S4 S5", "S6 S7"], level="A", levels=("A", "5"), owner=0)
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")  # 2 leads (jiefeng)
    play(st, 2, "S4")
    play(st, 3, "S6")
    play(st, 1, "S9")  # 1 out: 2nd
    play(st, 2, "pass")
    play(st, 3, "pass")  # 3 leads (partner of 1)
    play(st, 3, "S7")  # 3 out: 3rd; seat 2 last -> 1-4
    assert not st.is_over()
    assert st.levels == ["A", "5"] and st.owner == 0 and st.deal_level == "A" and st.deal_no == 2


def test_l8_flow_ace_team_wins_king_deal():
    st = position(["S3", "S9", "S4", "S6 S7"], level="K", levels=("A", "K"), owner=1)
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")
    play(st, 2, "S4")  # 1-2 for team 0, deal continues
    play(st, 3, "S6")
    play(st, 1, "S9")
    assert not st.is_over()
    assert st.levels == ["A", "K"] and st.owner == 0 and st.deal_level == "A"


def test_a_fail_limit_sends_team_back_to_two():
    st = position(
        ["S3", "S9", "S4 S5", "S6 S7"],
        level="A",
        levels=("A", "5"),
        owner=0,
        a_fail_limit=3,
    )
    st.a_fails = [2, 0]
    play(st, 0, "S3")
    for s in (1, 2, 3):
        play(st, s, "pass")
    play(st, 2, "S4")
    play(st, 3, "S6")
    play(st, 1, "S9")
    play(st, 2, "pass")
    play(st, 3, "pass")
    play(st, 3, "S7")  # 1-4 at A: third failure
    assert st.levels == ["2", "5"] and st.a_fails == [0, 0]
    assert st.owner == 0 and st.deal_level == "2"


def test_a_fail_counted_without_limit_reached():
    st = position(
        ["S9", "S3", "S4 S5", "S6"], "A", leader=1, levels=("A", "5"), owner=0, a_fail_limit=3
    )
    play(st, 1, "S3")
    for s in (2, 3, 0):
        play(st, s, "pass")
    play(st, 3, "S6")  # team 1 1-2
    play(st, 0, "S9")
    assert st.levels == ["A", "8"] and st.a_fails == [1, 0] and st.deal_level == "8"


# --- combinations the sample does not cover ------------------------------------------------


def test_full_house_joker_pairs_only_identical():
    assert readings("S5 D5 C5 RJ RJ", "7") == ["full_house 5"]
    assert readings("S5 D5 C5 BJ RJ", "7") == []
    assert readings("S5 D5 H7 BJ BJ", "7") == ["full_house 5"]
    assert readings("BJ BJ BJ", "7") == []


def test_wild_bombs_up_to_ten():
    assert readings("S9 S9 D9 D9 C9 C9 H9 H9 H7 H7", "7") == ["bomb 10x9"]
    assert readings("S7 S7 D7 D7 C7 C7 H7 H7", "7") == ["bomb 8x7"]
    assert readings("S9 S9 D9 D9 C9 C9 H9 H7", "7") == ["bomb 8x9"]
    nine = one("S9 S9 D9 D9 C9 C9 H9 H9 H7", "7")
    eight_level = one("S7 S7 D7 D7 C7 C7 H7 H7", "7")
    assert nine.beats(eight_level)


def test_level_card_power_order():
    assert one("S7", "7").beats(one("SA", "7"))
    assert one("BJ", "7").beats(one("S7", "7"))
    assert one("RJ", "7").beats(one("BJ", "7"))
    assert not one("S8", "7").beats(one("S9", "7"))
    assert one("S7 D7 C7 S7", "7").beats(one("SA DA CA HA", "7"))
    assert one("S7 D7 C7 S9 D9", "7").beats(one("SA DA CA S9 D9", "7"))
    assert not one("BJ", "7").beats(one("BJ", "7"))


def test_level_rank_in_sequences_at_natural_place():
    assert readings("S6 D7 C8 S9 D10", "7") == ["straight 6-10"]
    assert readings("SJ DQ CK SA D2", "7") == []


def test_ace_low_and_high_tubes_and_plates():
    assert readings("SA DA S2 D2 S3 D3", "7") == ["tube A-3"]
    assert readings("SQ DQ SK DK SA DA", "7") == ["tube Q-A"]
    assert readings("SK DK SA DA S2 D2", "7") == []
    assert readings("SA DA CA S2 D2 C2", "7") == ["plate A-2"]
    assert readings("SK DK CK SA DA CA", "7") == ["plate K-A"]
    assert readings("S10 SJ SQ SK SA", "7") == ["straight_flush 10-A"]
    assert readings("S10 DJ SQ SK SA", "7") == ["straight 10-A"]


def test_wilds_in_tubes_plates_and_two_wilds_in_one_combo():
    assert readings("H7 H7 S3 D3 S4 D4", "7") == ["tube 2-4", "tube 3-5", "plate 3-4"]
    assert readings("H7 S3 D3 S4 D4 C4", "7") == ["plate 3-4"]
    assert readings("H7 H7 S3 S4 S6", "7") == [
        "straight 2-6",
        "straight 3-7",
        "straight_flush 2-6",
        "straight_flush 3-7",
    ]


def test_wilds_alone():
    assert readings("H7", "7") == ["single 7"]
    assert readings("H7 H7", "7") == ["pair 7"]
    assert readings("H7 H7 S3", "7") == ["triple 3"]


def test_straight_flush_vs_bombs():
    sf = one("S3 S4 S5 S6 S7", "2")
    assert sf.beats(one("S9 D9 C9 H9 S9", "2"))
    assert one("S3 D3 C3 H3 S3 D3", "2").beats(sf)
    assert sf.beats(one("S3 D3", "2"))


def test_joker_bomb_on_top():
    jb = one("BJ BJ RJ RJ", "7")
    assert jb.type == "joker_bomb"
    ten = one("S9 S9 D9 D9 C9 C9 H9 H9 H7 H7", "7")
    assert jb.beats(ten) and not ten.beats(jb)
    assert readings("BJ BJ RJ", "7") == []
    assert readings("BJ RJ", "7") == []


def test_non_bombs_only_beat_the_same_type():
    assert not one("S9 D9", "2").beats(one("S3", "2"))
    assert not one("S3 S4 S5 S6 D7", "2").beats(one("S3 D3 C3 S9 D9", "2"))


def test_excluded_shapes():
    assert readings("S3 D3 C3 S9", "7") == []  # triple + single
    assert readings("S3 D4 C5 S6", "7") == []  # four-card straight
    assert readings("S3 D3 S4 D4", "7") == []  # two pairs
    assert readings("S3 D3 S4 D4 S5 D5 S6 D6", "7") == []  # four pairs
    assert readings("S3 D4 C5 S6 D8 C9", "7") == []


def test_legal_plays_follow_contains_only_beating_plays():
    to_beat = one("S5 D5", "7")
    plays = legal_plays("S4 D4 S6 H7 BJ BJ", "7", to_beat)
    assert plays[0] == PASS
    assert {str(p) for p in plays[1:]} == {"H7 S6 pair 6", "BJ BJ pair BJ"}


def test_wrong_reading_is_rejected_from_json():
    good = {"type": "play", "cards": ["H7", "S3", "S4", "S5", "S6"]}
    ok = GAME.action_from_json({**good, "combo": {"type": "straight", "key": "3-7"}})
    assert str(ok) == "H7 S3 S4 S5 S6 straight 3-7"
    for combo in ({"type": "straight", "key": "4-8"}, {"type": "bomb", "key": "5x3"}):
        with pytest.raises(IllegalAction, match="cannot be read"):
            GAME.action_from_json({**good, "combo": combo})


def test_wild_as_itself_in_a_heart_straight_flush():
    assert readings("H7 H8 H9 H10 HJ", "7") == [
        "straight 7-J",
        "straight 8-Q",
        "straight_flush 7-J",
        "straight_flush 8-Q",
    ]
    assert readings("H6 H8 H9 H10 HJ", "2") == []


def test_stacked_deal_and_first_leader():
    deck = stacked("S3 D3", "S4", "S5", "S6")
    st = GAME.new_match(options=GuandanOptions(first_leader=2), seed=1, deck=deck)
    assert isinstance(st, GuandanState)
    assert st.to_act() == {2} and st.deal_level == "2" and st.levels == ["2", "2"]
    obs = st.observation(0)
    assert {"S3", "D3"} <= set(obs["hand"]) and len(obs["hand"]) == 27
    assert [p["cards"] for p in obs["players"]] == [27, 27, 27, 27]


def test_observation_shows_public_play_state():
    st = position(["S3 S9", "S4 SJ", "S5 SQ", "S6 SK"], leader=0)
    play(st, 0, "S3")
    play(st, 1, "pass")
    obs = st.observation(3)
    table = obs["table"]
    played = {"type": "cards_played", "seat": 0, "cards": ["S3"], "combo": "single", "key": "3"}
    assert table["top"] == played
    assert table["passes"] == [1] and table["level"] == "2" and table["turn"] == 2
    assert obs["history"] == [played]
    assert obs["hand"] == ["S6", "SK"] and obs["players"][0]["cards"] == 1
    assert "S9" not in str(obs)

"""Pentagrammi conformance: every case of ``spec.md`` (PG-T*), then our
own cases for the rules the sample does not cover (PG-X*), in card notation.

Full-flow cases use stacked decks.  :func:`after_pass` builds the deal and the passes so that
the hands *after* the exchange are exactly the ones written in the test.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import pakka.games
from pakka.cards import Card, parse_cards
from pakka.engine import IllegalAction
from pakka.games.pentagrammi import (
    PassCards,
    PentagrammiOptions,
    PentagrammiState,
    Play,
    led_suit,
    legal_cards,
    play_order,
    rank_seats,
    scoring_seats,
    tiebreak_key,
    tiebreak_winners,
    trick_winner,
)

GAME = pakka.games.get("pentagrammi")


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def stack(dealer: int, hands: dict[int, str]) -> list[Card]:
    """The deck that deals ``hands`` (card i goes to seat dealer+1+i)."""
    parsed = {s: cards(h) for s, h in hands.items()}
    assert sorted(parsed) == [0, 1, 2, 3, 4] and all(len(h) == 11 for h in parsed.values())
    return [parsed[(dealer + 1 + i) % 5][i // 5] for i in range(55)]


def new_deal(
    hands: dict[int, str], dealer: int = 0, deals: int = 1, **options: Any
) -> PentagrammiState:
    opts = PentagrammiOptions(deals=deals, first_dealer=dealer, **options)
    state = GAME.new_match(options=opts, seed=7, deck=stack(dealer, hands))
    assert isinstance(state, PentagrammiState)
    return state


def pass_all(state: PentagrammiState, passes: dict[int, str]) -> None:
    """``passes[s]`` = "LEFT RIGHT"."""
    for seat, text in passes.items():
        left, right = cards(text)
        state.apply(seat, PassCards(left, right))


def after_pass(hands: dict[int, str], dealer: int = 0, **options: Any) -> PentagrammiState:
    """A state in the play phase whose hands after the exchange are ``hands``.

    Seat t passes the last card of hand[t+1] to the left and the first of hand[t-1] to the
    right, so the dealt hands are the wanted ones with those cards moved back.
    """
    post = {s: cards(h) for s, h in hands.items()}
    left = {t: post[(t + 1) % 5][-1] for t in range(5)}
    right = {t: post[(t - 1) % 5][0] for t in range(5)}
    dealt = {}
    for s in range(5):
        hand = list(post[s])
        hand.remove(left[(s - 1) % 5])
        hand.remove(right[(s + 1) % 5])
        dealt[s] = " ".join(str(c) for c in [*hand, left[s], right[s]])
    state = new_deal(dealt, dealer, **options)
    for s in range(5):
        state.apply(s, PassCards(left[s], right[s]))
    assert state.phase == "play"
    for s in range(5):
        assert sorted(map(str, state.hands[s])) == sorted(map(str, post[s]))
    return state


def play(state: PentagrammiState, *tokens: str) -> None:
    """Play cards in turn order, each by whoever is to act."""
    for token in tokens:
        (seat,) = state.to_act()
        state.apply(seat, Play(cards(token)[0]))


def legal_strs(state: PentagrammiState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


# A layout for play-phase cases (hands after the exchange; dealer 0 leads).
LAYOUT = {
    0: "D9 DA DK DQ DJ D10 D8 D7 D6 D5 D3",
    2: "D4 JK SA SK SQ SJ S10 S9 S8 S7 S6",
    4: "D2 H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ",
    1: "HQ HK HA C2 C3 C4 C5 C6 C7 C8 C9",
    3: "C10 CJ CQ CK CA S5 S4 S3 S2 JK JK",
}

# A layout where the leader holds a joker and several seats hold jokers.
JOKER_LAYOUT = {
    0: "JK H2 H3 H4 D2 D3 D4 D5 D6 D7 D8",
    2: "JK S2 S3 S4 S5 H5 H6 D9 D10 DJ DQ",
    4: "JK H7 H8 H9 C2 C3 C4 C5 C6 C7 C8",
    1: "S6 S7 S8 S9 S10 HA HK C9 C10 CJ CQ",
    3: "SJ SQ SK SA H10 HJ HQ DK DA CK CA",
}


# --- the sample cases ----------------------------------------------------------------------


def test_pg_t1_play_order_from_leader_0() -> None:
    assert play_order(0) == [0, 2, 4, 1, 3]
    state = after_pass(LAYOUT, dealer=0)
    order = []
    for _ in range(5):
        (seat,) = state.to_act()
        order.append(seat)
        state.apply(seat, state.legal_actions(seat)[0])
    assert order == [0, 2, 4, 1, 3]


def test_pg_t3_winner_seat_0_scores_for_0_2_3() -> None:
    assert sorted(scoring_seats(0)) == [0, 2, 3]
    state = after_pass(LAYOUT, dealer=0)
    play(state, "DA", "D4", "D2", "C2", "C10")  # 0 leads DA; nobody trumps
    assert state.tricks[-1][2] == 0
    assert state.points == [1, 0, 1, 1, 0]
    assert state.scores == [1, 0, 1, 1, 0]


def test_pg_t5_must_follow_with_suit_or_joker() -> None:
    assert legal_cards("D4 JK SA SK C5", "D9") == cards("D4 JK")
    state = after_pass(LAYOUT, dealer=0)
    play(state, "D9")
    assert state.to_act() == {2}
    assert legal_strs(state, 2) == ["D4", "JK"]


def test_pg_t6_void_in_led_suit_plays_anything() -> None:
    assert legal_cards("JK SA C2", "D9") == cards("SA C2 JK")
    state = after_pass(LAYOUT, dealer=0)
    play(state, "D9", "JK", "D2")
    assert state.to_act() == {1}
    assert legal_strs(state, 1) == LAYOUT[1].split()


def test_pg_t7_joker_lead_then_heart_fixes_suit_and_low_spade_trumps() -> None:
    trick = "JK H5 HK S2 CA"
    assert led_suit(trick) == "H"
    assert trick_winner(trick) == 3


def test_pg_t10_spade_lead_highest_spade_wins_joker_never() -> None:
    assert trick_winner("S5 SK JK HA S2") == 1


def _pg_t12_deal(
    seat2_right: str = "D10", **options: Any
) -> tuple[PentagrammiState, dict[int, str]]:
    hands = {
        0: "SA SK SQ SJ S10 S9 S8 S7 S6 H2 H3",
        1: "S5 H6 H7 H8 D2 D3 D4 D5 D6 D7 D8",
        2: "S3 H4 H9 H10 D9 D10 DJ DQ DK DA C2",
        3: "S2 H5 HJ HQ C3 C4 C5 C6 C7 C8 C9",
        4: "S4 HK HA C10 CJ CQ CK CA JK JK JK",
    }
    state = new_deal(hands, dealer=0, **options)
    pass_all(
        state,
        {
            0: "H2 H3",  # H2 to seat 1, H3 to seat 4
            1: "D2 S5",  # S5 to seat 0
            2: f"D9 {seat2_right}",
            3: "C3 C4",
            4: "S4 JK",  # S4 to seat 0
        },
    )
    return state, hands


def play_out(state: PentagrammiState) -> None:
    """Everyone plays their first legal card until the match ends."""
    while not state.is_over():
        (seat,) = state.to_act()
        state.apply(seat, state.legal_actions(seat)[0])


def test_pg_t12_one_seat_wins_all_tricks_three_way_tie_broken_by_p11() -> None:
    state, _ = _pg_t12_deal()
    assert state.hands[0] == cards("S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA")
    play_out(state)
    assert [t[2] for t in state.tricks] == [0] * 11
    result = state.result()
    assert result.scores == (11, 0, 11, 11, 0)
    # 0 played 11 spades; 2 and 3 one each; 2's lowest heart H4 beats 3's H5.
    # Among the pointless seats, 1's H2 beats 4's H3.
    assert result.ranks == (3, 4, 1, 2, 5)
    assert result.winners == [2]


def test_pg_t15_fewer_spades_wins_the_tie() -> None:
    a = "S2 S3 S4 H9 D2 D3 D4 C2 C3 C4 C5"
    b = "SA SK H2 H3 D5 D6 D7 C6 C7 C8 C9"
    assert tiebreak_winners({0: a, 1: b}) == [1]
    assert rank_seats([11, 11, 0, 0, 0], [a, b, "H4", "H5", "H6"])[:2] == (2, 1)


def test_pg_t19_passing_gives_one_card_from_each_neighbour() -> None:
    for seed in range(5):
        state = GAME.new_match(seed=seed)
        assert isinstance(state, PentagrammiState)
        rng = random.Random(seed)
        dealt = [list(h) for h in state.hands]
        chosen = {}
        for seat in range(5):
            action = rng.choice(state.legal_actions(seat))
            assert isinstance(action, PassCards)
            chosen[seat] = action
            state.apply(seat, action)
        assert state.phase == "play"
        for seat in range(5):
            assert len(state.hands[seat]) == 11
            from_right = chosen[(seat - 1) % 5].left
            from_left = chosen[(seat + 1) % 5].right
            expected = list(dealt[seat])
            expected.remove(chosen[seat].left)
            expected.remove(chosen[seat].right)
            expected += [from_right, from_left]
            assert sorted(state.hands[seat], key=Card.sort_key) == sorted(
                expected, key=Card.sort_key
            )
            got = state.observation(seat)["table"]["passing"]["received"]
            assert got == {"from_left": str(from_left), "from_right": str(from_right)}
            mine = {chosen[seat].left, chosen[seat].right}
            if not any(c.is_joker for c in mine):
                assert not mine & {from_left, from_right}, "received a card it passed"


def test_pg_t20_a_full_deal_scores_33_over_11_tricks() -> None:
    for seed in range(10):
        state = GAME.new_match(options=PentagrammiOptions(deals=1), seed=seed)
        assert isinstance(state, PentagrammiState)
        rng = random.Random(seed)
        while not state.is_over():
            seat = rng.choice(sorted(state.to_act()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert len(state.tricks) == 11
        assert sum(state.result().scores) == 33
        assert all(len(p) == 11 for p in state.played)


# --- jokers and the led suit -----------------------------------------------------------------


def test_pg_x1_after_a_joker_lead_the_next_player_may_play_anything() -> None:
    hand = "S2 H5 D9 JK"
    assert legal_cards(hand, "JK") == cards("S2 H5 D9 JK")
    state = after_pass(JOKER_LAYOUT, dealer=0)
    play(state, "JK")
    assert state.led is None
    assert legal_strs(state, 2) == [*JOKER_LAYOUT[2].split()[1:], "JK"]


def test_pg_x2_several_jokers_pass_the_choice_of_suit_on() -> None:
    assert legal_cards("S2 H5 D9", "JK JK") == cards("S2 H5 D9")
    state = after_pass(JOKER_LAYOUT, dealer=0)
    play(state, "JK", "JK", "JK")
    assert state.led is None and state.to_act() == {1}
    assert len(legal_strs(state, 1)) == 11  # still anything
    play(state, "C9")  # seat 1 fixes clubs
    assert state.led == "C"
    assert legal_strs(state, 3) == ["CK", "CA"]  # seat 3 holds clubs: no joker left
    play(state, "CA")
    assert state.tricks[-1] == (0, tuple(cards("JK JK JK C9 CA")), 3)
    assert state.points == [1, 1, 0, 1, 0]  # W=3 scores for 3, 3+2=0 and 3-2=1
    assert state.voids == [""] * 5  # nobody failed to follow


def test_pg_x2b_three_jokers_then_two_natural_cards() -> None:
    assert trick_winner("JK JK JK H5 CK") == 3
    assert trick_winner("JK JK JK H5 S2") == 4
    assert trick_winner("JK JK JK S2 HA") == 3


def test_pg_x3_joker_in_a_spade_trick_is_the_lowest_spade() -> None:
    assert trick_winner("JK S2 HA CA DA") == 1
    assert trick_winner("S2 JK JK JK H3") == 0
    assert led_suit("JK S5") == "S"
    assert legal_cards("S3 SA H2 JK", "JK S5") == cards("S3 SA JK")


def test_pg_x4_joker_is_always_a_legal_follow_and_never_forced() -> None:
    assert legal_cards("H2 H9 JK C5", "H10") == cards("H2 H9 JK")
    assert legal_cards("C5 D7 JK", "H10") == cards("D7 C5 JK")
    assert legal_cards("JK JK", "H10") == cards("JK")


def test_pg_x5_off_suit_high_cards_do_not_win_and_no_must_beat() -> None:
    assert trick_winner("H5 CA DA HK JK") == 3
    assert trick_winner("H5 CA DA H2 JK") == 0
    assert legal_cards("H2 HA S5", "H10 HJ") == cards("H2 HA")  # no obligation to head


def test_pg_x6_highest_spade_among_trumps_wins() -> None:
    assert trick_winner("D5 S2 DA S9 S3") == 3


def test_pg_x7_legal_plays_after_the_first_natural_card_follow_p7() -> None:
    assert legal_cards("D2 H3 JK", "JK H5") == cards("H3 JK")
    assert legal_cards("D2 C3 JK", "JK JK D9") == cards("D2 JK")


def test_pg_x8_engine_must_follow_message_and_state_unchanged() -> None:
    state = after_pass(LAYOUT, dealer=0)
    play(state, "D9")
    before = state.full_state()
    with pytest.raises(IllegalAction, match="must follow diamonds") as info:
        state.apply(2, Play(cards("SA")[0]))
    assert "D4" in str(info.value) and "JK" in str(info.value)
    assert state.full_state() == before


def test_pg_x9_voids_are_revealed_by_natural_cards_only() -> None:
    state = after_pass(LAYOUT, dealer=0)
    play(state, "D9", "JK", "D2", "C2")
    assert state.voids[2] == ""  # the joker hides whether seat 2 holds diamonds
    assert state.voids[1] == "D"
    play(state, "S2")  # seat 3 trumps with its lowest spade
    assert state.tricks[-1][2] == 3
    assert state.points == [1, 1, 0, 1, 0]
    assert state.voids[3] == "D"
    assert state.observation(0)["players"][3]["voids"] == ["D"]


def test_pg_x10_dealer_leads_the_first_trick() -> None:
    for dealer in range(5):
        hands = {s: LAYOUT[(s - dealer) % 5] for s in range(5)}
        state = after_pass(hands, dealer=dealer)
        assert state.to_act() == {dealer}
        assert state.observation(None)["table"]["leader"] == dealer


def test_pg_x11_trick_winner_leads_the_next_trick() -> None:
    state = after_pass(LAYOUT, dealer=0)
    play(state, "D9", "JK", "D2", "C2", "S2")
    assert state.to_act() == {3}
    assert state.observation(None)["table"]["trick"] == []
    play(state, "S3")
    assert state.observation(None)["table"]["trick"] == [{"seat": 3, "card": "S3"}]
    assert state.to_act() == {0}  # 3 + 2


# --- passing ---------------------------------------------------------------------------------


def test_pg_x12_pass_count_is_ordered_pairs_of_distinct_cards() -> None:
    state = new_deal(LAYOUT)
    assert len(state.legal_actions(0)) == 110
    assert len(state.legal_actions(2)) == 110  # one joker
    # seat 3 holds two jokers: 9 other values + JK = 10 values; 10*9 + (JK, JK)
    assert len(state.legal_actions(3)) == 91
    assert PassCards(*cards("JK JK")) in state.legal_actions(3)
    assert PassCards(*cards("JK JK")) not in state.legal_actions(2)
    legal = [a for a in state.legal_actions(0) if isinstance(a, PassCards)]
    assert len(legal) == 110
    assert legal == sorted(legal, key=lambda a: (a.left.sort_key(), a.right.sort_key()))


def test_pg_x13_three_jokers_in_hand() -> None:
    hands = dict(LAYOUT)
    hands[3] = "C10 CJ CQ CK CA S5 S4 S3 JK JK JK"
    hands[2] = "D4 S2 SA SK SQ SJ S10 S9 S8 S7 S6"
    state = new_deal(hands)
    # 8 naturals + JK: 9*8 ordered pairs of different values + (JK, JK)
    assert len(state.legal_actions(3)) == 73


def test_pg_x14_passing_errors() -> None:
    state = new_deal(LAYOUT)
    with pytest.raises(IllegalAction, match="you hold only one JK"):
        state.apply(2, PassCards(*cards("JK JK")))
    with pytest.raises(IllegalAction, match="do not hold HA"):
        state.apply(2, PassCards(*cards("HA D4")))
    with pytest.raises(IllegalAction, match="first everyone passes"):
        state.apply(2, Play(cards("D4")[0]))
    with pytest.raises(IllegalAction, match="only one SA"):
        state.apply(2, PassCards(*cards("SA SA")))
    state.apply(2, PassCards(*cards("D4 JK")))
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(2, PassCards(*cards("SA SK")))


def test_pg_x15_passing_two_jokers_when_holding_two() -> None:
    state = new_deal(LAYOUT)
    state.apply(3, PassCards(*cards("JK JK")))
    assert cards("JK")[0] not in state.hands[3]
    assert len(state.hands[3]) == 9
    for seat in (0, 1, 2, 4):
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.phase == "play"
    assert cards("JK")[0] in state.hands[4] and cards("JK")[0] in state.hands[2]


def test_pg_x16_received_cards_join_only_after_everyone_passed() -> None:
    state = new_deal(LAYOUT)
    state.apply(0, PassCards(*cards("D9 DA")))
    assert len(state.hands[1]) == 11 and cards("D9")[0] not in state.hands[1]
    obs1 = state.observation(1)
    assert obs1["table"]["passing"]["received"] is None
    assert obs1["players"][0]["passed"] is True
    assert "D9" not in str(obs1) and "DA" not in str(obs1)
    obs0 = state.observation(0)
    assert obs0["table"]["passing"]["given"] == {"to_left": "D9", "to_right": "DA"}
    assert len(obs0["hand"]) == 9
    # the received card cannot be passed on: seat 1 does not hold D9 yet
    with pytest.raises(IllegalAction, match="do not hold D9"):
        state.apply(1, PassCards(*cards("D9 HQ")))
    assert state.to_act() == {1, 2, 3, 4}


def test_pg_x17_passes_are_private_to_giver_and_receiver() -> None:
    state = new_deal(LAYOUT)
    pass_all(
        state,
        {0: "D9 DA", 1: "HQ C2", 2: "SA D4", 3: "JK C10", 4: "H2 D2"},
    )
    spectator = state.observation(None)
    assert spectator["table"]["passing"] == {"given": None, "received": None}
    obs3 = state.observation(3)["table"]["passing"]
    assert obs3["given"] == {"to_left": "JK", "to_right": "C10"}
    assert obs3["received"] == {"from_left": "D2", "from_right": "SA"}
    # seat 3 never learns what passed between 0 and 1
    assert "HQ" not in str(state.observation(3)) and "D9" not in str(state.observation(3))


def test_pg_x18_pass_json_and_notation() -> None:
    action = PassCards(*cards("S8 HK"))
    assert str(action) == "left:S8 right:HK"
    assert action.to_json() == {"type": "pass_cards", "cards": ["S8", "HK"]}
    assert GAME.action_from_json(action.to_json()) == action
    state = new_deal(LAYOUT)
    assert GAME.parse_action(state, 0, "D9 DA") == PassCards(*cards("D9 DA"))
    assert GAME.parse_action(state, 0, "right:D9 left:DA") == PassCards(*cards("DA D9"))
    assert GAME.parse_action(state, 0, "left:D9 right:DA") == PassCards(*cards("D9 DA"))
    assert GAME.parse_action(state, 0, "oikea:D9 vasen:DA") == PassCards(*cards("DA D9"))
    assert GAME.parse_action(state, 0, "left:D9 right:DA") == GAME.action_from_json(
        {"type": "pass_cards", "cards": ["D9", "DA"]}
    )


# --- scoring, match, tie-breaks --------------------------------------------------------------


def test_pg_x19_each_trick_scores_exactly_three_for_w_and_w_pm_2() -> None:
    for w in range(5):
        seats = scoring_seats(w)
        assert len(set(seats)) == 3
        assert (w + 1) % 5 not in seats and (w - 1) % 5 not in seats


def test_pg_x20_tiebreak_three_players_step_by_step() -> None:
    # 3 has two spades: out at step 1; 0 and 1 one each; 1's H4 beats 0's H9
    assert tiebreak_winners({0: "S2 H9 D3", 1: "S3 H4 D2", 3: "S5 S6 H2"}) == [1]
    # equal lowest hearts (a mechanical case): diamonds decide, D2 beats D3 and none
    assert tiebreak_winners({0: "S2 H9 D3", 1: "S3 H9 D2", 4: "S4 H9"}) == [1]


def test_pg_x21_tiebreak_missing_suits() -> None:
    # having a heart beats having none
    assert tiebreak_winners({0: "S2 HA", 1: "S3 D2 C2"}) == [0]
    # nobody has a heart: go on to diamonds
    assert tiebreak_winners({0: "S2 DK C2", 1: "S3 DQ", 2: "S4 C3 JK"}) == [1]
    # nobody has hearts or diamonds: clubs
    assert tiebreak_winners({0: "S2 CK", 1: "S3 C9"}) == [1]
    # nothing separates: shared win
    assert tiebreak_winners({0: "S2 JK", 1: "S3 JK JK"}) == [0, 1]
    assert rank_seats([5, 5, 1, 0, 0], ["S2 JK", "S3 JK", "H2", "H3", "H4"]) == (1, 1, 3, 4, 5)
    assert tiebreak_key("JK JK") == (0, 15, 15, 15)


def test_pg_x22_jokers_are_not_spades_in_the_tiebreak() -> None:
    assert tiebreak_winners({0: "S2 JK JK", 1: "S3 S4 H2"}) == [0]


@pytest.mark.parametrize(("tiebreak_cards", "winner"), [("played_cards", 3), ("dealt_hand", 2)])
def test_pg_x23_tiebreak_cards_option(tiebreak_cards: str, winner: int) -> None:
    # seat 2 passes its H4 away: dealt it has H4 (beats 3's H5), played its lowest is H9
    state, _ = _pg_t12_deal(seat2_right="H4", tiebreak_cards=tiebreak_cards)
    play_out(state)
    result = state.result()
    assert result.scores == (11, 0, 11, 11, 0)
    assert result.winners == [winner]
    assert result.details["tiebreak_cards"] == tiebreak_cards


def test_pg_x24_dealt_hand_is_the_hand_before_passing() -> None:
    state, hands = _pg_t12_deal(tiebreak_cards="dealt_hand")
    play_out(state)
    for seat in range(5):
        assert sorted(map(str, state.dealt_hand(seat))) == sorted(hands[seat].split())


def test_pg_x25_match_of_deals_accumulates_and_rotates_the_dealer() -> None:
    state = new_deal(
        {
            0: "SA SK SQ SJ S10 S9 S8 S7 S6 H2 H3",
            1: "S5 H6 H7 H8 D2 D3 D4 D5 D6 D7 D8",
            2: "S3 H4 H9 H10 D9 D10 DJ DQ DK DA C2",
            3: "S2 H5 HJ HQ C3 C4 C5 C6 C7 C8 C9",
            4: "S4 HK HA C10 CJ CQ CK CA JK JK JK",
        },
        dealer=0,
        deals=3,
    )
    dealers = []
    seen_deal = 0
    rng = random.Random(3)
    while not state.is_over():
        obs = state.observation(None)
        if obs["deal"] != seen_deal:
            seen_deal = obs["deal"]
            dealers.append(obs["table"]["dealer"])
            assert state.phase == "pass" and state.leader == obs["table"]["dealer"]
        seat = rng.choice(sorted(state.to_act()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert dealers == [0, 1, 2]
    result = state.result()
    per_deal = result.details["deal_points"]
    assert len(per_deal) == 3 and all(sum(p) == 33 for p in per_deal)
    assert list(result.scores) == [sum(p[s] for p in per_deal) for s in range(5)]
    assert sum(result.scores) == 99
    # ranking: totals first, ties by P11 on the last deal's played cards
    assert result.ranks == rank_seats(result.scores, state.played)


def test_pg_x26_match_tie_on_totals_uses_last_deal_cards() -> None:
    scores = [20, 20, 20, 30, 9]
    last = ["S2 S3 H2", "S4 H3", "S5 H4", "SA SK SQ", "H5"]
    # seat 3 leads on points; among 0/1/2, 1 and 2 have one spade, 1's H3 wins
    assert rank_seats(scores, last) == (4, 2, 3, 1, 5)


def test_pg_x27_first_dealer_is_random_but_reproducible() -> None:
    dealers = {GAME.new_match(seed=s).observation(None)["table"]["dealer"] for s in range(30)}
    assert len(dealers) > 1 and dealers <= set(range(5))
    for s in range(5):
        a = GAME.new_match(seed=s).observation(None)["table"]["dealer"]
        b = GAME.new_match(seed=s).observation(None)["table"]["dealer"]
        assert a == b


def test_pg_x28_deals_option_single_deal() -> None:
    state, _ = _pg_t12_deal()
    play_out(state)
    assert state.is_over() and state.result().details["deal_points"] == [[11, 0, 11, 11, 0]]

"""Anarchy conformance: every case of ``spec.md`` (AN-T*, AN-S*, AN-F*) plus
our own cases for the rules the sample does not cover.  Cards in the DESIGN notation.

Deals are stacked with :func:`stacked`, which writes the cards in pakka's dealing order
(one at a time clockwise from forehand; in 3p the dummy is dealt after the dealer; the
last card dealt to the dummy is its top card; the spare is the last card of the pack).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest

from pakka.cards import Card, anarchy_deck, parse_card, parse_cards
from pakka.engine import IllegalAction
from pakka.events import CardsPassed
from pakka.games.anarchy import (
    CONTRACTS,
    GAME,
    AnarchyOptions,
    AnarchyState,
    AnarchyTrickWon,
    CardsExchanged,
    ChooseContract,
    ContractChosen,
    PassCards,
    Play,
    deal_score,
    trick_captures,
)

# --- helpers ------------------------------------------------------------------------------


def stacked(
    players: int,
    dealer: int,
    hands: dict[int, str] | None = None,
    dummy: str = "",
    spare: str | None = None,
) -> list[str]:
    """A pack in dealing order giving each seat (at least) the named cards.

    ``dummy`` lists the dummy's cards in the order they are turned (top first).  Unnamed
    places are filled from the rest of the pack with the joker last, so in 3p/4p the
    joker becomes the spare unless it is placed somewhere.
    """
    hands = hands or {}
    rest = Counter(anarchy_deck(players))
    named = [parse_cards(hands.get(s, "")) for s in range(players)]
    top_first = parse_cards(dummy)
    spare_cards = parse_cards(spare) if spare else []
    for cards in [*named, top_first, spare_cards]:
        rest -= Counter(cards)
        assert all(v >= 0 for v in rest.values())
    filler = sorted(rest.elements(), key=lambda c: (c.is_joker, Card.sort_key(c)))
    full = [h + [filler.pop(0) for _ in range(13 - len(h))] for h in named]
    packets = [full[(dealer + 1 + p) % players] for p in range(players)]
    if players == 3:
        dum = top_first + [filler.pop(0) for _ in range(13 - len(top_first))]
        packets.append(list(reversed(dum)))
    deck = [packets[i % len(packets)][i // len(packets)] for i in range(13 * len(packets))]
    deck += spare_cards or filler
    return [str(c) for c in deck]


def new(
    players: int = 4,
    dealer: int = 3,
    hands: dict[int, str] | None = None,
    dummy: str = "",
    spare: str | None = None,
    **options: Any,
) -> AnarchyState:
    opts = AnarchyOptions(first_dealer=dealer, **options)
    deck = stacked(players, dealer, hands, dummy, spare)
    st = GAME.new_match(players=players, options=opts, seed=1, deck=deck)
    assert isinstance(st, AnarchyState)
    return st


def choose(st: AnarchyState, contracts: dict[int, str] | None = None) -> None:
    """Everyone chooses (``contracts`` by seat, else the first remaining one)."""
    contracts = contracts or {}
    while st.phase == "contract":
        (seat,) = st.to_act()
        name = contracts.get(seat, st.remaining[seat][0])
        st.apply(seat, ChooseContract(name))


def trick(st: AnarchyState, cards: str) -> list[Any]:
    """Every live seat plays its card (listed in seat order); returns the events."""
    events = []
    for seat, card in enumerate(parse_cards(cards)):
        events += st.apply(seat, Play(card))
    return events


def captured(st: AnarchyState) -> list[Any]:
    return st.observation(None)["table"]["last_trick"]["captured_by"]


def finish_deal(st: AnarchyState) -> None:
    deal = st.deal_no
    while st.deal_no == deal and not st.is_over():
        for seat in sorted(st.to_act()):
            st.apply(seat, st.legal_actions(seat)[0])


# --- trick resolution: the sample ---------------------------------------------------------


def test_an_t1_two_suit_groups() -> None:
    assert trick_captures("S8 H8 SJ H2") == [2, 1, 2, 1]
    st = new(hands={0: "S8", 1: "H8", 2: "SJ", 3: "H2"})
    choose(st)
    trick(st, "S8 H8 SJ H2")
    assert captured(st) == [2, 1, 2, 1]
    assert Counter(st.won[2]) == Counter(parse_cards("S8 SJ"))
    assert Counter(st.won[1]) == Counter(parse_cards("H8 H2"))


def test_an_t2_group_and_single() -> None:
    assert trick_captures("S8 H8 HJ H2") == [0, 2, 2, 2]


def test_an_t3_top_singletons_tie() -> None:
    assert trick_captures("S8 H8 D7 C2") == [0, 1, 2, 3]
    assert trick_captures("S8 H8 D7 C2", all_different_suits="highest_singleton_takes_all") == [
        0,
        1,
        2,
        3,
    ]


def test_an_t4_all_different_suits_both_flags() -> None:
    assert trick_captures("S8 H9 D7 C2") == [0, 1, 2, 3]
    variant = trick_captures("S8 H9 D7 C2", all_different_suits="highest_singleton_takes_all")
    assert variant == [1, 1, 1, 1]
    st = new(
        hands={0: "S8", 1: "H9", 2: "D7", 3: "C2"},
        all_different_suits="highest_singleton_takes_all",
    )
    choose(st)
    trick(st, "S8 H9 D7 C2")
    assert captured(st) == [1, 1, 1, 1]


def test_an_t7_bomb_spare_replaces_joker() -> None:
    assert trick_captures("S3 SA S10 HK", bomb=True) == [0, 0, 0, 3]
    st = new(hands={0: "JK", 1: "SA", 2: "S10", 3: "HK"}, spare="S3")
    choose(st)
    events = trick(st, "JK SA S10 HK")
    last = st.observation(None)["table"]["last_trick"]
    assert last["cards"] == ["S3", "SA", "S10", "HK"]
    assert last["captured_by"] == [0, 0, 0, 3]
    assert last["bomb"] is True and last["joker"] == 0
    assert Counter(st.won[0]) == Counter(parse_cards("S3 SA S10"))
    assert st.won[3] == parse_cards("HK")
    assert st.out == parse_cards("JK") and st.spare == []
    tricks = [e for e in events if isinstance(e, AnarchyTrickWon)]
    assert len(tricks) == 1 and tricks[0].bomb and tricks[0].joker == 0
    assert tricks[0].to_json() == last  # the table shows the event that told the trick


def test_an_t7_joker_wins_nothing_and_52_cards_are_won() -> None:
    st = new(hands={0: "JK"}, spare="S3")
    choose(st)
    for _ in range(12):
        for seat in range(4):
            st.apply(seat, st.legal_actions(seat)[-1])  # jokers sort last
        assert all(Card("J", 0) not in w for w in st.won)
    assert st.out == parse_cards("JK") and st.spare == []
    assert sum(len(w) for w in st.won) + len(st.dead) == 48
    assert sum(len(h) for h in st.hands) == 4


def test_an_t9_joker_is_the_spare() -> None:
    st = new()
    assert st.spare == parse_cards("JK")
    assert all(Card("J", 0) not in h for h in st.hands)
    choose(st)
    for _ in range(12):
        for seat in range(4):
            st.apply(seat, st.legal_actions(seat)[0])
        last = st.observation(0)["table"]["last_trick"]
        assert last["bomb"] is False and last["joker"] is None
    assert st.spare == parse_cards("JK")
    assert st.observation(0)["table"]["spare"] == 1


def test_an_t12_identical_top_cards() -> None:
    assert trick_captures("S7 S7 S3 H9 D2") == [0, 1, 2, 3, 3]
    st = new(5, hands={0: "S7", 1: "S7", 2: "S3", 3: "H9", 4: "D2"})
    choose(st)
    trick(st, "S7 S7 S3 H9 D2")
    assert captured(st) == [0, 1, 2, 3, 3]


def test_an_t15_dummy_wins_go_dead() -> None:
    assert trick_captures("SK H5 C9 SA") == [3, 2, 2, 3]
    st = new(3, dealer=2, hands={0: "SK", 1: "H5", 2: "C9"}, dummy="SA")
    choose(st)
    trick(st, "SK H5 C9")
    last = st.observation(0)["table"]["last_trick"]
    assert last["cards"] == ["SK", "H5", "C9", "SA"]
    assert last["played_by"] == [0, 1, 2, None]  # None: the dummy
    assert last["captured_by"] == [None, 2, 2, None]  # None: the dead pile
    assert Counter(st.dead) == Counter(parse_cards("SK SA"))
    assert Counter(st.won[2]) == Counter(parse_cards("H5 C9"))
    assert st.observation(1)["table"]["dead"] == ["SK", "SA"]


def test_an_t16_one_suit() -> None:
    assert trick_captures("SA S2 SK SQ") == [0, 0, 0, 0]


# --- scoring: the sample ------------------------------------------------------------------

SEED_EXAMPLE = "SK S10 S5 HQ H3 C10 C9 C8 C2 D9"


@pytest.mark.parametrize(
    ("contract", "score"),
    [
        ("over", 0),
        ("diamonds", 4),
        ("red", 6),
        ("hearts", 8),
        ("cards", 10),
        ("spades", 12),
        ("best", 12),
        ("black", 14),
        ("under", 15),
        ("clubs", 16),
    ],
)
def test_an_s1_seed_example(contract: str, score: int) -> None:
    assert deal_score(contract, SEED_EXAMPLE) == score
    assert deal_score(contract.upper(), parse_cards(SEED_EXAMPLE)) == score


def test_an_s3_nothing_won() -> None:
    assert deal_score("under", []) == 105
    assert deal_score("over", []) == 40


def test_an_s4_quad_on_cards() -> None:
    assert deal_score("cards", "S9 H9 D9 C9 S2") == 25


# --- flow: the sample ---------------------------------------------------------------------


def play_match(players: int, seed: int, **options: Any) -> AnarchyState:
    st = GAME.new_match(players=players, options=AnarchyOptions(**options), seed=seed)
    assert isinstance(st, AnarchyState)
    rng = random.Random(seed)
    while not st.is_over():
        seat = min(st.to_act())
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st


@pytest.mark.parametrize("players", [3, 4, 5])
def test_an_f1_deal_ten_is_forced_and_contracts_are_permutations(players: int) -> None:
    st = GAME.new_match(players=players, seed=11)
    assert isinstance(st, AnarchyState)
    rng = random.Random(3)
    while st.deal_no < 10:
        seat = min(st.to_act())
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert st.phase == "play"  # nobody was asked in deal 10
    assert all(c is not None for c in st.contracts)
    assert all(r == [] for r in st.remaining)
    autos = [e for e in st.history if isinstance(e, ContractChosen) and e.auto]
    assert len(autos) == players
    while not st.is_over():
        seat = min(st.to_act())
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    for seat in range(players):
        assert sorted(row.contracts[seat] for row in st.sheet) == sorted(CONTRACTS)


def test_an_f1_auto_choice_is_an_event() -> None:
    st = GAME.new_match(players=4, seed=5)
    assert isinstance(st, AnarchyState)
    rng = random.Random(1)
    events: list[Any] = []
    while st.deal_no < 10:
        seat = min(st.to_act())
        events = st.apply(seat, rng.choice(st.legal_actions(seat)))
    autos = [e for e in events if isinstance(e, ContractChosen)]
    assert len(autos) == 4 and all(e.auto for e in autos)
    obs = st.observation(2)
    assert obs["phase"] == "play" and None not in obs["table"]["contracts"]


def test_an_f2_same_contract_twice_in_a_deal_never_again_for_one_player() -> None:
    st = new(dealer=1)  # forehand is seat 2
    assert st.to_act() == {2}
    st.apply(2, ChooseContract("hearts"))
    assert st.to_act() == {3}
    st.apply(3, ChooseContract("hearts"))
    obs = st.observation(0)
    assert obs["table"]["contracts"] == [None, None, "hearts", "hearts"]
    assert "hearts" not in obs["players"][2]["remaining"]
    choose(st)
    finish_deal(st)
    # next deal: dealer 2, forehand 3; then 0, 1, 2
    choose_until(st, 2)
    assert ChooseContract("hearts") not in st.legal_actions(2)
    with pytest.raises(IllegalAction, match="already played hearts"):
        st.apply(2, ChooseContract("hearts"))


def choose_until(st: AnarchyState, seat: int) -> None:
    while st.to_act() != {seat}:
        (s,) = st.to_act()
        st.apply(s, st.legal_actions(s)[0])


@pytest.mark.parametrize(("players", "spare"), [(3, 1), (4, 1), (5, 0)])
def test_an_f3_deal_sizes_and_conservation(players: int, spare: int) -> None:
    st = GAME.new_match(players=players, seed=2)
    assert isinstance(st, AnarchyState)
    assert [len(h) for h in st.hands] == [13] * players
    assert len(st.dummy) == (13 if players == 3 else 0)
    assert len(st.spare) == spare
    choose(st)
    for _ in range(13):
        for seat in range(players):
            st.apply(seat, st.legal_actions(seat)[0])
        if st.deal_no == 1:
            assert st.phase == "play"
    # deal 1 ended and deal 2 began: the sheet has the deal, everything dealt again
    assert len(st.sheet) == 1 and st.deal_no == 2


@pytest.mark.parametrize(("players", "total"), [(3, 52), (4, 52), (5, 65)])
def test_an_f3_won_plus_dead_is_the_whole_pack(players: int, total: int) -> None:
    st = GAME.new_match(players=players, seed=7)
    assert isinstance(st, AnarchyState)
    choose(st)
    for _ in range(12):
        for seat in range(players):
            st.apply(seat, st.legal_actions(seat)[0])
    in_play = sum(len(w) for w in st.won) + len(st.dead)
    left = sum(len(h) for h in st.hands) + len(st.dummy)
    assert in_play + left == total  # the joker in hand is replaced by the spare when played
    for seat in range(players):
        st.apply(seat, st.legal_actions(seat)[0])
    assert len(st.sheet) == 1


def test_an_f4_pass_three_in_3p() -> None:
    st = new(
        3,
        dealer=0,
        hands={0: "S2 S3 S4", 1: "H2 H3 H4", 2: "D2 D3 D4"},
        dummy="CA CK",
        pass_three=True,
    )
    dummy_before = list(st.dummy)
    assert st.phase == "pass" and st.to_act() == {0, 1, 2}
    st.apply(0, PassCards(tuple(parse_cards("S2 S3 S4"))))
    obs1 = st.observation(1)
    assert obs1["players"][0]["committed"] is True
    assert "S2" not in str(obs1)
    assert st.observation(0)["table"]["my_pass"] == ["S2", "S3", "S4"]
    st.apply(1, PassCards(tuple(parse_cards("H2 H3 H4"))))
    events = st.apply(2, PassCards(tuple(parse_cards("D2 D3 D4"))))
    assert set(parse_cards("S2 S3 S4")) <= set(st.hands[1])
    assert set(parse_cards("H2 H3 H4")) <= set(st.hands[2])
    assert set(parse_cards("D2 D3 D4")) <= set(st.hands[0])
    assert st.dummy == dummy_before
    assert [len(h) for h in st.hands] == [13, 13, 13]
    passed = [e for e in events if isinstance(e, CardsPassed)]
    assert {(e.seat, e.to) for e in passed} == {(0, 1), (1, 2), (2, 0)}
    for e in passed:
        assert [s for s in range(3) if e.visible_to(s)] == sorted({e.seat, e.to})
        assert not e.visible_to(None)
    assert {e.cards for e in passed if e.seat == 0} == {tuple(parse_cards("S2 S3 S4"))}
    assert CardsExchanged() in events and st.history == [CardsExchanged()]
    assert st.phase == "contract" and st.to_act() == {1}
    obs0 = st.observation(0)["table"]
    assert obs0["passed"] == {"to": 1, "cards": ["S2", "S3", "S4"]}
    assert obs0["received"] == {"from_seat": 2, "cards": ["D2", "D3", "D4"]}


# --- our own cases ------------------------------------------------------------------------


def test_singleton_tie_below_the_top_does_not_matter() -> None:
    # S9 takes H8 and D8; the spades group is separate
    assert trick_captures("S9 H8 D8 C5 C2") == [0, 0, 0, 3, 3]
    assert trick_captures("S9 H9 D8 C5 C2") == [0, 1, 2, 3, 3]


def test_single_singleton_wins_itself() -> None:
    assert trick_captures("S9 S2 H3 S5") == [0, 0, 2, 0]


def test_two_groups_no_singletons() -> None:
    assert trick_captures("S9 H2 S10 HA") == [2, 3, 2, 3]


def test_bomb_with_singleton_tie() -> None:
    # reversed: the lowest singletons are "highest"; H2 and D2 tie at the top
    assert trick_captures("S9 SK H2 D2 C5", bomb=True) == [0, 0, 2, 3, 4]
    assert trick_captures("S9 SK H2 D3 C5", bomb=True) == [0, 0, 2, 2, 2]


def test_bomb_all_singletons() -> None:
    assert trick_captures("S8 H9 D7 C2", bomb=True) == [0, 1, 2, 3]
    variant = trick_captures(
        "S8 H9 D7 C2", bomb=True, all_different_suits="highest_singleton_takes_all"
    )
    assert variant == [3, 3, 3, 3]


def test_5p_joker_wins_itself_and_reverses() -> None:
    assert trick_captures("JK S7 SA H9 D2") == [0, 1, 1, 4, 4]
    assert trick_captures("S7 JK SA H9 D2", bomb=False) == [0, 1, 0, 4, 4]
    # joker plus four different suits: all singletons
    assert trick_captures("JK S7 HA C9 D2") == [0, 1, 2, 3, 4]
    assert trick_captures("JK S7 HA C9 D2", all_different_suits="highest_singleton_takes_all") == [
        0,
        4,
        4,
        4,
        4,
    ]


def test_5p_bomb_in_play_joker_goes_to_its_player() -> None:
    st = new(5, dealer=4, hands={0: "S7", 1: "JK", 2: "SA", 3: "H9", 4: "D2"})
    choose(st)
    trick(st, "S7 JK SA H9 D2")
    last = st.observation(3)["table"]["last_trick"]
    assert last["cards"] == ["S7", "JK", "SA", "H9", "D2"]
    assert last["captured_by"] == [0, 1, 0, 4, 4]
    assert last["bomb"] is True and last["joker"] == 1
    assert st.won[1] == parse_cards("JK") and st.out == []


def test_dup_tie_variant_lower_cards_dead() -> None:
    assert trick_captures("S7 S7 S3 H9 D2", dup_tie="tied_keep_rest_dead") == [0, 1, -1, 3, 3]
    st = new(
        5,
        hands={0: "S7", 1: "S7", 2: "S3", 3: "H9", 4: "D2"},
        dup_tie="tied_keep_rest_dead",
    )
    choose(st)
    trick(st, "S7 S7 S3 H9 D2")
    assert captured(st) == [0, 1, None, 3, 3]
    assert st.dead == parse_cards("S3")


def test_dup_tie_in_a_bomb_trick() -> None:
    # reversed ranking: the two S6 are the top of spades
    assert trick_captures("JK S6 S6 SK H2") == [0, 1, 2, 3, 4]
    assert trick_captures("JK S6 S6 SK H2", dup_tie="tied_keep_rest_dead") == [0, 1, 2, -1, 4]
    assert trick_captures("JK S6 S8 SK H2") == [0, 1, 1, 1, 4]


def test_dummy_bomb_3p() -> None:
    st = new(3, dealer=2, hands={0: "S5", 1: "SK", 2: "HQ"}, dummy="JK", spare="S2")
    choose(st)
    trick(st, "S5 SK HQ")
    last = st.observation(0)["table"]["last_trick"]
    assert last["cards"] == ["S5", "SK", "HQ", "S2"]
    assert last["joker"] == 3 and last["played_by"][3] is None  # the dummy's joker
    assert last["bomb"] is True
    # reversed: S2 is the top spade, so the dummy takes the spades; HQ alone wins itself
    assert last["captured_by"] == [None, None, 2, None]
    assert Counter(st.dead) == Counter(parse_cards("S5 SK S2"))
    assert st.out == parse_cards("JK")
    assert st.observation(1)["table"]["spare_revealed"] == "S2"


def test_player_bomb_3p_with_dummy() -> None:
    st = new(3, dealer=0, hands={0: "JK", 1: "HA", 2: "H3"}, dummy="C4", spare="H10")
    choose(st)
    trick(st, "JK HA H3")
    # reversed: H3 beats H10 and HA; C4 is the only singleton
    assert captured(st) == [2, 2, 2, None]
    assert st.won[0] == []


def test_joker_in_the_dummy_may_be_the_spare_never_bomb() -> None:
    st = new(3, dealer=0)
    assert st.spare == parse_cards("JK")
    choose(st)
    for _ in range(12):
        for seat in range(3):
            st.apply(seat, st.legal_actions(seat)[0])
        assert not st.observation(0)["table"]["last_trick"]["bomb"]


def test_dummy_reveal_before_shows_top_card() -> None:
    st = new(3, dealer=0, hands={0: "S5", 1: "H6", 2: "C7"}, dummy="SA SK", dummy_reveal="before")
    obs = st.observation(1)
    assert obs["phase"] == "contract" and obs["table"]["dummy_top"] is None
    choose(st)
    assert st.observation(1)["table"]["dummy_top"] == "SA"
    assert "dummy_top" in st.visible_locations(0)
    assert st.card_locations()["dummy_top"] == parse_cards("SA")
    trick(st, "S5 H6 C7")
    assert st.observation(None)["table"]["dummy_top"] == "SK"
    assert st.observation(None)["table"]["dummy"] == 12


def test_dummy_reveal_after_hides_top_card() -> None:
    st = new(3, dealer=0, hands={0: "S5", 1: "H6", 2: "C7"}, dummy="SA SK")
    choose(st)
    obs = st.observation(1)
    assert obs["table"]["dummy_top"] is None and "SA" not in str(obs)
    assert obs["table"]["dummy"] == 13


def test_3p_dealing_order_dummy_after_dealer() -> None:
    deck = [str(c) for c in anarchy_deck(3)]
    st = GAME.new_match(3, AnarchyOptions(first_dealer=1), seed=0, deck=deck)
    assert isinstance(st, AnarchyState)
    cards = parse_cards(deck)
    # forehand 2 gets cards 0, 4, 8...; seat 0 gets 1, 5...; dealer 1 gets 2, 6...; dummy 3, 7...
    assert st.hands[2][:2] == [cards[0], cards[4]]
    assert st.hands[0][:2] == [cards[1], cards[5]]
    assert st.hands[1][:2] == [cards[2], cards[6]]
    assert st.dummy[:2] == [cards[3], cards[7]]
    assert st.dummy[-1] == cards[51]  # the last card dealt to the dummy is on top
    assert st.spare == [cards[52]]


def test_4p_and_5p_dealing_order() -> None:
    deck = [str(c) for c in anarchy_deck(5)]
    st = GAME.new_match(5, AnarchyOptions(first_dealer=3), seed=0, deck=deck)
    assert isinstance(st, AnarchyState)
    cards = parse_cards(deck)
    assert st.hands[4][0] == cards[0] and st.hands[0][0] == cards[1] and st.hands[3][0] == cards[4]
    assert st.hands[4][1] == cards[5] and st.spare == []


def test_passing_the_joker_makes_the_receiver_the_anarchist() -> None:
    st = new(4, dealer=3, hands={0: "JK S2 S3", 1: "HA"}, spare="C2", pass_three=True)
    for seat in range(4):
        hand = sorted(st.hands[seat], key=Card.sort_key)
        give = parse_cards("S2 S3 JK") if seat == 0 else hand[:3]
        st.apply(seat, PassCards(tuple(sorted(give, key=Card.sort_key))))
    assert Card("J", 0) in st.hands[1] and Card("J", 0) not in st.hands[0]
    choose(st)
    st.apply(0, Play(st.hands[0][0]))
    st.apply(1, Play(parse_card("JK")))
    st.apply(2, Play(st.hands[2][0]))
    st.apply(3, Play(st.hands[3][0]))
    last = st.observation(0)["table"]["last_trick"]
    assert last["joker"] == 1 and last["cards"][1] == "C2"


def test_passing_in_5p_goes_to_next_seat() -> None:
    st = new(5, dealer=0, pass_three=True)
    given = {s: tuple(sorted(st.hands[s], key=Card.sort_key)[-3:]) for s in range(5)}
    for s in range(5):
        st.apply(s, PassCards(tuple(c.with_copy(0) for c in given[s])))
    for s in range(5):
        assert Counter(given[s]) <= Counter(st.hands[(s + 1) % 5])
    assert st.phase == "contract"


def test_pass_with_wrong_cards_is_illegal() -> None:
    st = new(4, dealer=0, hands={0: "S2 S3 S4"}, pass_three=True)
    with pytest.raises(IllegalAction, match="three cards from your hand"):
        st.apply(0, PassCards(tuple(parse_cards("S2 S3 HA"))))
    with pytest.raises(IllegalAction, match="pass three cards first"):
        st.apply(0, ChooseContract("cards"))


def test_5p_joker_scoring_every_contract() -> None:
    won = "JK S2 S3 H4"
    # joker as a spade (or best suit), none for the void-friendly reading
    expected = {
        "cards": 4 + 20,  # the joker as no suit keeps the D and C voids
        "black": 2 * 3 + 20,
        "red": 2 * 2 + 20,  # the joker as a heart keeps both voids
        "best": 3 * 3 + 20,
        "spades": 4 * 3 + 20,
        "hearts": 4 * 2 + 20,
        "clubs": max(4 * 1 + 10, 20),
        "diamonds": max(4 * 1 + 10, 20),
        "over": 20,
        "under": 5 * 9 + 20,
    }
    for contract, score in expected.items():
        assert deal_score(contract, won) == score, contract
    # the void reading: a joker alone is "no suit", four voids
    assert deal_score("cards", "JK") == 1 + 40
    assert deal_score("spades", "JK") == 40
    assert deal_score("under", "JK") == 60 + 40
    assert deal_score("over", [Card("J", 0), *(Card("S", r) for r in range(2, 15))]) == 5 + 30


def test_joker_never_completes_a_quad() -> None:
    assert deal_score("cards", "S9 H9 D9 JK") == 4 + 10
    assert deal_score("cards", "S9 H9 D9 C9 JK") == 5 + 20


def test_eight_sevens_two_quads_and_the_four_suits_flag() -> None:
    sevens = "S7 S7 H7 H7 D7 D7 C7 C7"
    assert deal_score("cards", sevens) == 8 + 40
    assert deal_score("cards", sevens, quad_requires_four_suits=True) == 8 + 40
    assert deal_score("cards", "S7 S7 H7 D7 C7 C7") == 6 + 20
    assert deal_score("cards", "S7 S7 H7 H7 D7", quad_requires_four_suits=True) == 5 + 10
    assert deal_score("cards", "S7 S7 H7 H7 D7 C7", quad_requires_four_suits=True) == 6 + 20


def test_void_bonus_on_every_contract() -> None:
    won = "S2 S3 H4"  # two voids
    assert deal_score("diamonds", won) == 20
    assert deal_score("over", won) == 20
    assert deal_score("under", won) == 50 + 20
    assert deal_score("best", won) == 6 + 20


def test_par_option() -> None:
    won = [Card("S", r) for r in range(2, 14)]  # 12 cards, three voids
    assert deal_score("under", won, par=10) == 30
    assert deal_score("over", won, par=10) == 10 + 30
    assert deal_score("under", won) == 5 + 30
    st = new(par=10)
    assert st.options.par == 10
    with pytest.raises(ValueError, match="par"):
        AnarchyOptions(par=-1)


def play_deal_collecting(st: AnarchyState, rng: random.Random) -> list[list[Card]]:
    """Play the current deal at random; rebuild each seat's won cards from the trick events."""
    won: list[list[Card]] = [[] for _ in range(st.players)]
    deal = st.deal_no
    while st.deal_no == deal and not st.is_over():
        seat = min(st.to_act())
        for event in st.apply(seat, rng.choice(st.legal_actions(seat))):
            if isinstance(event, AnarchyTrickWon):
                for card, to in zip(event.cards, event.captured_by, strict=True):
                    if to is not None:
                        won[to].append(card)
                if event.bomb and st.players == 5:
                    assert event.joker is not None
                    joker_by = event.played_by[event.joker]
                    assert joker_by is not None and parse_card("JK") in won[joker_by]
    return won


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_scores_match_the_won_cards(players: int) -> None:
    rng = random.Random(players)
    for seed in range(3):
        st = GAME.new_match(players=players, seed=seed)
        assert isinstance(st, AnarchyState)
        choose(st, dict(enumerate(("under", "over", "best", "cards", "red")[:players])))
        contracts = list(st.contracts)
        won = play_deal_collecting(st, rng)
        total = sum(len(w) for w in won)
        assert total <= (52 if players < 5 else 65)
        if players == 4:
            assert total == 52
        row = st.sheet[0]
        assert list(row.contracts) == contracts
        for seat in range(players):
            assert row.scores[seat] == deal_score(contracts[seat], won[seat])


def test_under_and_over_in_3p_use_par_13() -> None:
    # 3p: the players share up to 52 cards minus the dead pile; par stays 13
    won = [Card("S", r) for r in range(2, 15)] + [Card("H", r) for r in range(2, 9)]
    assert deal_score("over", won) == 5 * 7 + 20
    assert deal_score("under", won) == 20
    assert deal_score("under", won[:9]) == 20 + 30


def test_illegal_contract_and_card_messages() -> None:
    st = new(dealer=3)
    with pytest.raises(IllegalAction, match="not your turn"):
        st.apply(1, ChooseContract("cards"))
    with pytest.raises(IllegalAction, match="choose a contract first"):
        st.apply(0, Play(st.hands[0][0]))
    st.apply(0, ChooseContract("best"))
    choose(st)
    with pytest.raises(IllegalAction, match="is not in your hand") as info:
        st.apply(0, Play(st.hands[1][0]))
    assert str(st.hands[0][0]) in str(info.value)
    with pytest.raises(IllegalAction, match="play one card"):
        st.apply(0, ChooseContract("cards"))


def test_contract_reuse_error_lists_the_remaining() -> None:
    st = new(dealer=3)
    st.apply(0, ChooseContract("best"))
    choose(st)
    finish_deal(st)
    choose_until(st, 0)
    with pytest.raises(IllegalAction) as info:
        st.apply(0, ChooseContract("best"))
    msg = str(info.value)
    assert "already played best" in msg and "remaining: cards, black, red, spades" in msg


def test_simultaneous_commits_are_hidden() -> None:
    st = new(hands={0: "S8", 1: "H8", 2: "SJ", 3: "H2"})
    choose(st)
    st.apply(0, Play(parse_card("S8")))
    assert st.to_act() == {1, 2, 3}
    for seat in (1, 2, 3, None):
        obs = st.observation(seat)
        assert obs["players"][0]["committed"] is True
        assert obs["table"]["my_commit"] is None
        assert obs["table"]["last_trick"] is None
    assert st.observation(0)["table"]["my_commit"] == "S8"
    assert st.observation(0)["players"][1]["committed"] is False
    with pytest.raises(IllegalAction, match="not your turn"):
        st.apply(0, Play(st.hands[0][0]))


def test_observation_public_parts() -> None:
    st = new(hands={0: "S8", 1: "H8", 2: "SJ", 3: "H2"})
    st.apply(0, ChooseContract("hearts"))
    obs = st.observation(2)
    assert obs["table"]["contracts"] == ["hearts", None, None, None]
    assert obs["players"][0]["remaining"] == [c for c in CONTRACTS if c != "hearts"]
    assert obs["players"][1]["remaining"] == list(CONTRACTS)
    choose(st)
    trick(st, "S8 H8 SJ H2")
    obs = st.observation(None)
    assert obs["players"][2]["won"] == ["S8", "SJ"]
    assert obs["table"]["spare"] == 1 and obs["table"]["spare_revealed"] is None
    assert obs["table"]["dummy"] is None
    assert obs["history"][-1] == {
        "type": "trick_won",
        "winner": None,
        "cards": ["S8", "H8", "SJ", "H2"],
        "played_by": [0, 1, 2, 3],
        "captured_by": [2, 1, 2, 1],
        "bomb": False,
        "joker": None,
    }
    assert obs["hand"] is None


def test_score_sheet_and_totals() -> None:
    st = new()
    choose(st)
    finish_deal(st)
    obs = st.observation(1)
    sheet = obs["table"]["score_sheet"]
    assert len(sheet) == 1 and len(sheet[0]["scores"]) == 4
    assert sheet[0]["scores"] == obs["scores"]
    assert sheet[0]["contracts"] == [CONTRACTS[0]] * 4
    assert st.dealer == 0  # rotated from 3


def test_first_dealer_random_and_rotating() -> None:
    dealers = {GAME.new_match(4, seed=s).dealer for s in range(30)}  # type: ignore[attr-defined]
    assert dealers == {0, 1, 2, 3}
    st = GAME.new_match(4, seed=9)
    again = GAME.new_match(4, seed=9)
    assert st.dealer == again.dealer  # type: ignore[attr-defined]


def test_match_result_shares_wins() -> None:
    st = play_match(4, 3)
    res = st.result()
    assert list(res.scores) == st.scores
    assert len(st.sheet) == 10
    for seat in range(4):
        assert st.scores[seat] == sum(row.scores[seat] for row in st.sheet)
    # a hand-made tie
    st.scores = [50, 70, 70, 10]
    res = st.result()
    assert res.ranks == (3, 1, 1, 4) and res.winners == [1, 2]


def test_determinize_after_bomb_keeps_the_public_facts() -> None:
    st = new(hands={0: "JK", 1: "SA", 2: "S10", 3: "HK"}, spare="S3")
    choose(st)
    trick(st, "JK SA S10 HK")
    st.apply(1, Play(st.hands[1][0]))
    for seed in range(5):
        det = st.determinize(2, random.Random(seed))
        assert isinstance(det, AnarchyState)
        assert det.observation(2) == st.observation(2)
        assert det.spare == [] and det.out == parse_cards("JK")
        assert det.hands[2] == st.hands[2]
        assert det.committed[1] is not None and det.committed[0] is None


def test_determinize_keeps_passed_cards_with_the_receiver() -> None:
    st = new(4, dealer=3, hands={0: "SA SK SQ"}, pass_three=True)
    st.apply(0, PassCards(tuple(parse_cards("SQ SK SA"))))
    for seat in (1, 2, 3):
        st.apply(seat, st.legal_actions(seat)[0])
    for seed in range(5):
        det = st.determinize(0, random.Random(seed))
        assert isinstance(det, AnarchyState)
        assert set(parse_cards("SA SK SQ")) <= set(det.hands[1])


def test_determinize_3p_dummy_top_kept() -> None:
    st = new(3, dealer=0, dummy="SA", dummy_reveal="before")
    choose(st)
    det = st.determinize(1, random.Random(0))
    assert isinstance(det, AnarchyState)
    assert det.dummy[-1] == parse_card("SA") and len(det.dummy) == 13


def test_actions_json_round_trip_and_bad_input() -> None:
    for action in (
        ChooseContract("under"),
        Play(parse_card("H10")),
        PassCards(tuple(parse_cards("S2 HK D5"))),
    ):
        assert GAME.action_from_json(action.to_json()) == action
    assert Play(parse_card("H10")).to_json() == {"type": "play", "cards": ["H10"]}
    assert ChooseContract("hearts").to_json() == {"type": "contract", "contract": "hearts"}
    for bad in (
        {"type": "contract", "contract": "trumps"},
        {"type": "play", "cards": ["X9"]},
        {"type": "play", "cards": ["S2", "S3"]},
        {"type": "pass_cards", "cards": ["S2"]},
        {"type": "play"},
        [],
    ):
        with pytest.raises(IllegalAction):
            GAME.action_from_json(bad)


def test_all_contracts_legal_in_order_initially() -> None:
    st = new()
    assert [str(a) for a in st.legal_actions(0)] == list(CONTRACTS)


def test_5p_every_pair_of_equal_cards_are_distinct_copies() -> None:
    st = GAME.new_match(5, seed=4)
    locs = st.card_locations()
    physical = [(c, c.copy) for cards in locs.values() for c in cards]
    assert len(set(physical)) == 65


def test_pass_legal_actions_are_unique_and_sorted() -> None:
    st = new(5, dealer=0, hands={0: "S7 S7 H7"}, pass_three=True)
    legal = st.legal_actions(0)
    assert len(legal) == len(set(legal))
    hand = sorted(st.hands[0], key=Card.sort_key)
    distinct = set(itertools.combinations(hand, 3))
    assert len(legal) == len(distinct)


def test_bomb_spare_as_a_singleton_beats_lower_singletons_reversed() -> None:
    st = new(hands={0: "JK", 1: "SA", 2: "SK", 3: "D5"}, spare="H2")
    choose(st)
    trick(st, "JK SA SK D5")
    # reversed: SK beats SA; the spare H2 is the best singleton and takes D5
    assert captured(st) == [0, 2, 2, 0]
    assert Counter(st.won[0]) == Counter(parse_cards("H2 D5"))


def test_deal_ten_with_passing_chooses_after_the_pass() -> None:
    st = GAME.new_match(players=3, options=AnarchyOptions(pass_three=True), seed=13)
    assert isinstance(st, AnarchyState)
    rng = random.Random(2)
    while st.deal_no < 10:
        seat = min(st.to_act())
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert st.phase == "pass" and st.contracts == [None, None, None]
    assert st.deal_number() == 9
    events: list[Any] = []
    for seat in range(3):
        events = st.apply(seat, st.legal_actions(seat)[0])
    assert st.phase == "play" and None not in st.contracts
    assert [e.auto for e in events if isinstance(e, ContractChosen)] == [True, True, True]

"""Unit tests for Norlanninnakki: the pure rule functions, actions and their JSON, options,
error messages, determinization and whole seeded matches."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.generic.harness import play_checked

import pakka.games
from pakka.cards import Card, parse_cards
from pakka.engine import IllegalAction, PakkaError
from pakka.events import MatchOver
from pakka.games.norlanninnakki import (
    GAME,
    START_SCORE,
    Bid,
    BidMade,
    Bought,
    CardsDrawn,
    Declared,
    Discard,
    LoneKnocker,
    NorlanninnakkiDealScored,
    NorlanninnakkiDealStarted,
    NorlanninnakkiOptions,
    NorlanninnakkiTrickWon,
    Play,
    RestDealt,
    ThrownIn,
    legal_cards,
    trick_winner,
)
from pakka.games.norlanninnakki.tests.test_conformance import (
    ONE_SUIT_EACH,
    bid,
    buy_nothing,
    legal_cards_of,
    play,
    setup,
)
from pakka.options import option_specs

# --- trick_winner --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("H10 HA H2", "S", 1),  # highest of the suit led
        ("H10 DA CA", "S", 0),  # off-suit aces never win
        ("H10 S2 HA", "S", 1),  # the lowest trump beats the led suit
        ("H10 S2 S9 HA", "S", 2),  # highest trump
        ("S3 SA H5", "S", 1),  # trumps led
        ("D5", "H", 0),  # a lone card
        ("C2 H3 C3 D4 C4", "D", 3),  # five players, one trump
    ],
)
def test_trick_winner(cards: str, trump: str, winner: int) -> None:
    assert trick_winner(parse_cards(cards), trump) == winner
    assert trick_winner(cards.split(), trump) == winner  # notation strings too


# --- legal_cards ---------------------------------------------------------------------------


def test_legal_cards_follow_suit_else_anything() -> None:
    assert legal_cards(parse_cards("H2 HK S5"), parse_cards("H9"), "S") == parse_cards("H2 HK")
    assert legal_cards("D2 C5 S5", ["H9"], "S") == parse_cards("S5 D2 C5")
    # trumps led and no trump in hand: any card
    assert legal_cards("D2 C5", ["S9"], "S", "lead_and_ruff") == parse_cards("D2 C5")


def test_legal_cards_forced_trump_values() -> None:
    hand = "S5 S9 H2 D3"
    for forced in (True, "lead", "lead_and_ruff"):
        assert legal_cards(hand, [], "S", forced) == parse_cards("S5 S9")
    for off in (None, False):
        assert legal_cards(hand, [], "S", off) == parse_cards(hand)
    # "lead" does not oblige a void follower to trump; "lead_and_ruff" does
    assert legal_cards("S5 D3", ["H4"], "S", "lead") == parse_cards("S5 D3")
    assert legal_cards("S5 D3", ["H4"], "S", True) == parse_cards("S5 D3")
    assert legal_cards("S5 D3", ["H4"], "S", "lead_and_ruff") == parse_cards("S5")
    # following suit comes first even under lead_and_ruff
    assert legal_cards("S5 H3", ["H4"], "S", "lead_and_ruff") == parse_cards("H3")


def test_legal_cards_trump_ace_only_when_leading() -> None:
    assert legal_cards("HA H2 C3", [], "H", must_lead_trump_ace=True) == parse_cards("HA")
    assert legal_cards("HK H2 C3", [], "H", must_lead_trump_ace=True) == parse_cards("H2 HK C3")
    assert legal_cards("HA H2 C3", ["C9"], "H", must_lead_trump_ace=True) == parse_cards("C3")


# --- actions and JSON ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        Bid("knock"),
        Bid("lurk"),
        Bid("in"),
        Bid("rest"),
        Discard(()),
        Discard(tuple(parse_cards("H2 S8 DA"))),
        Play(Card("H", 10)),
    ],
)
def test_action_json_round_trip(action: object) -> None:
    data = action.to_json()  # type: ignore[attr-defined]
    assert GAME.action_from_json(data) == action


def test_action_shapes_and_notation() -> None:
    assert Discard("H2 S8").to_json() == {"type": "discard", "cards": ["S8", "H2"]}
    assert str(Discard("H2 S8")) == "discard S8 H2" and str(Discard(())) == "discard none"
    assert Discard("H2 S8") == Discard(tuple(parse_cards("S8 H2")))
    assert Play("H10").to_json() == {"type": "play", "cards": ["H10"]}
    assert Play("H10").cards == (Card("H", 10),)
    assert Bid("knock").to_json() == {"type": "bid", "bid": "knock"}


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (None, "JSON object"),
        ({"type": "bid", "bid": "pass"}, "a bid is one of knock, lurk, in, rest"),
        ({"type": "bid", "bid": ["knock"]}, "a bid is one of knock, lurk, in, rest"),
        ({"type": "play", "cards": ["X9"]}, "bad card"),
        ({"type": "play", "cards": ["S8", "S9"]}, "play takes exactly one card in 'cards'"),
        ({"type": "play"}, "'cards' must be a list of card strings"),
        ({"type": "discard", "cards": "S8"}, "'cards' must be a list of card strings"),
        ({"type": "discard", "cards": ["S8", "JK"]}, "JK is not in the Norlanninnakki pack"),
        ({"type": "trump"}, "unknown action type 'trump'; actions: bid, discard, play"),
    ],
)
def test_action_from_json_rejects_with_reason(data: object, words: str) -> None:
    with pytest.raises(IllegalAction, match=words):
        GAME.action_from_json(data)


def test_parse_action_from_text() -> None:
    st = setup(3, dealer=0, hands={1: "H2 H3 H4 H5 H6"})
    assert GAME.parse_action(st, 1, "knock") == Bid("knock")
    bid(st, "knock")
    assert GAME.parse_action(st, 1, "discard none") == Discard(())
    assert GAME.parse_action(st, 1, "h3 h2") == Discard("H2 H3")


# --- options -------------------------------------------------------------------------------


def test_options_defaults_follow_the_seed() -> None:
    o = NorlanninnakkiOptions()
    assert (o.forced_trump, o.lone_knocker) == ("lead", "takes_all")
    assert not (o.forced_trump_sticky or o.permissive_mode or o.early_bidding or o.exact_zero)
    assert o.chips is True and o.first_dealer is None


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("forced_trump", "always", "one of lead, lead_and_ruff"),
        ("lone_knocker", "sweep", "one of takes_all, takes_one, redeal"),
        ("chips", "yes", "on or off"),
        ("first_dealer", -1, "seat number"),
    ],
)
def test_options_validation(field: str, value: object, words: str) -> None:
    with pytest.raises((ValueError, TypeError), match=words):
        NorlanninnakkiOptions(**{field: value})  # type: ignore[arg-type]


def test_options_from_text_and_seat_range() -> None:
    opts = GAME.options_from_strings({"lone_knocker": "redeal", "chips": "off"})
    assert opts == NorlanninnakkiOptions(lone_knocker="redeal", chips=False)
    with pytest.raises(PakkaError, match="must be one of"):
        GAME.options_from_strings({"forced_trump": "ruff"})
    with pytest.raises(PakkaError, match="first_dealer must be a seat 0-2"):
        GAME.new_match(3, NorlanninnakkiOptions(first_dealer=3))
    with pytest.raises(PakkaError, match="3-5 players"):
        GAME.new_match(2)


def test_game_info_and_registry() -> None:
    assert pakka.games.get("norlanninnakki") is GAME
    info = GAME.info
    assert (info.min_players, info.max_players) == (3, 5)
    assert info.hidden_information and info.has_chance and not info.simultaneous
    specs = option_specs(GAME.Options)
    assert [s.name for s in specs] == list(NorlanninnakkiOptions.__dataclass_fields__)
    assert all(s.help for s in specs)
    assert info.lower_is_better and info.seat_direction == "clockwise"
    assert info.teams == () and info.pass_offsets == () and info.hand_sort == "suit"
    assert info.max_match_length is None  # throw-ins and forests: no bound
    assert info.description
    pack = GAME.deck(4, NorlanninnakkiOptions())
    assert len(pack) == len(set(pack)) == 52


# --- error messages ------------------------------------------------------------------------


def test_error_messages_name_the_rule_and_the_legal_moves() -> None:
    hands = {1: "H9 H2 D3 D4 D5", 2: "HK HQ C3 C4 C5"}
    st = setup(3, dealer=0, hands=hands)
    with pytest.raises(IllegalAction, match="bidding: knock or lurk"):
        st.apply(1, Play("H9"))
    bid(st, "knock")
    with pytest.raises(IllegalAction, match="buying: discard"):
        st.apply(1, Bid("knock"))
    with pytest.raises(IllegalAction, match="you do not hold SA"):
        st.apply(1, Discard("SA"))
    with pytest.raises(IllegalAction, match="discarded only once"):
        st.apply(1, Discard((Card("H", 9), Card("H", 9))))
    buy_nothing(st, dealer_discard=st.observation(0)["hand"][0])
    play(st, "H9")
    with pytest.raises(IllegalAction) as info:
        st.apply(2, Play("C3"))
    assert "seat 2 cannot do 'C3': must follow hearts; legal: HQ, HK" in str(info.value)
    with pytest.raises(IllegalAction, match="you do not hold SA"):
        st.apply(2, Play("SA"))


def test_rejected_action_changes_nothing() -> None:
    st = setup(3, dealer=0)
    before = st.full_state()
    with pytest.raises(IllegalAction):
        st.apply(1, Bid("in"))
    assert st.full_state() == before


# --- observation and determinization -------------------------------------------------------


def test_determinize_respects_revealed_voids_and_public_cards() -> None:
    hands = {1: "HA HK HQ HJ H10", 2: "DA DK DQ DJ D10"}
    st = setup(3, dealer=0, hands=hands, turned="S2")
    bid(st, "knock")
    buy_nothing(st, dealer_discard="S2")
    play(st, "HA DA")  # seat 2 shows out of hearts
    obs = st.observation(0)
    for k in range(30):
        det = GAME.determinize(obs, random.Random(k))
        assert det.observation(0) == obs
        locs = det.card_locations()
        assert not any(c.suit == "H" for c in locs["hand:2"])
        assert locs["discard:0"] == [Card("S", 2)]  # the dealer's own discard stays put
        assert Counter(c for cs in locs.values() for c in cs) == Counter(GAME.deck(3, None))


def test_determinize_places_the_discarded_turned_card_for_the_others() -> None:
    st = setup(3, dealer=0, turned="SA")
    bid(st, "knock")
    buy_nothing(st, dealer_discard="SA")
    det = GAME.determinize(st.observation(1), random.Random(3))
    assert Card("S", 14) in det.card_locations()["discard:0"]
    assert det.observation(1) == st.observation(1)


def test_dealer_observation_hand_and_turned_card() -> None:
    """The face-up trump is listed apart from the dealer's concealed hand, and playable."""
    hands = {1: "H2 D3 D4 D5 D6", 2: "H3 S3 S4 S5 S6", 0: "C2 C3 C4 C5 C6"}
    st = setup(3, dealer=0, hands=hands, turned="HA")
    obs = st.observation(0)
    assert obs["hand"] == ["C2", "C3", "C4", "C5", "C6"]
    assert obs["table"]["turned"] == "HA" and obs["table"]["turned_held"]
    assert obs["table"]["trump"] == "H" and obs["players"][0]["cards"] == 6
    bid(st, "knock")
    buy_nothing(st, dealer_discard="C2")
    play(st, "H2 H3")
    assert legal_cards_of(st, 0) == ["HA"]  # his only heart is the face-up ace
    play(st, "HA")
    obs = st.observation(1)
    assert obs["table"]["turned_held"] is False and obs["table"]["turned_discarded"] is False
    assert obs["players"][0]["cards"] == 4 and st.to_move == 0


def test_view_holds_the_tricks_as_events_and_survives_its_json() -> None:
    """history: this deal's trick_won events; table.trick: the current trick with marks;
    table.my_discards: the seat's own discards only."""
    st = setup(3, dealer=0, hands=ONE_SUIT_EACH)
    bid(st, "knock")
    buy_nothing(st, dealer_discard="S2")
    play(st, "HA DA CA  HK")
    obs = st.observation(2)
    assert obs["history"] == [
        {
            "type": "trick_won",
            "winner": 1,
            "cards": ["HA", "DA", "CA"],
            "played_by": [1, 2, 0],
            "violations": [False, False, False],
        }
    ]
    assert obs["table"]["trick"] == [{"seat": 1, "card": "HK", "violation": False}]
    assert obs["table"]["my_discards"] == [] and st.observation(0)["table"]["my_discards"] == ["S2"]
    assert st.observation(None)["table"]["my_discards"] is None
    view = st.view(2)
    assert view.history == (
        NorlanninnakkiTrickWon(
            winner=1,
            cards=tuple(parse_cards("HA DA CA")),
            played_by=(1, 2, 0),
            violations=(False, False, False),
        ),
    )
    assert GAME.view_from_json(obs) == view


def test_events_of_a_throw_in_name_the_reason_and_deal_again() -> None:
    st = setup(4, dealer=2)
    bid(st, "lurk", "lurk", "lurk")  # seats 3, 0 and 1; the dealer bids last
    events = st.apply(2, Bid("lurk"))
    turned = st.view(None).table.turned
    assert events == [
        BidMade(seat=2, bid="lurk"),
        ThrownIn(dealer=2, reason="everyone_lurked"),
        NorlanninnakkiDealStarted(deal=1, dealer=2, turned=turned, forced_trump=False),
    ]
    redeal = setup(3, dealer=0, deal_no=2, lone_knocker="redeal")
    assert redeal.apply(1, Bid("knock")) == [BidMade(seat=1, bid="knock")]
    assert redeal.apply(2, Bid("rest")) == [Declared(seat=2, declaration="rest")]
    events = redeal.apply(0, Bid("rest"))
    assert events[:2] == [
        Declared(seat=0, declaration="rest"),
        ThrownIn(dealer=0, reason="everyone_rested"),
    ]
    assert isinstance(events[2], NorlanninnakkiDealStarted) and events[2].deal == 2


def test_events_of_a_lone_knocker_score_the_deal_and_start_the_next() -> None:
    st = setup(3, dealer=0, deal_no=2, scores=[10, 9, 8])
    bid(st, "knock", "rest")
    events = st.apply(0, Bid("rest"))
    assert events[:3] == [
        Declared(seat=0, declaration="rest"),
        LoneKnocker(seat=1, tricks=5),
        NorlanninnakkiDealScored(
            deal=2,
            scores=(0, -5, 0),
            totals=(10, 4, 8),
            tricks=(0, 5, 0),
            forest=(),
            lone_knocker=True,
            bids=(None, "knock", None),
            declarations=("rest", None, "rest"),
            violated=(),
        ),
    ]
    assert events[3] == NorlanninnakkiDealStarted(
        deal=3, dealer=1, turned=st.view(None).table.turned, forced_trump=False
    )
    assert len(events) == 4


def test_early_bidding_tells_the_rest_dealt_and_each_buy() -> None:
    st = setup(4, dealer=0, hands={1: "H2 H3 H4 H5 H6"}, stock="CA CK", early_bidding=True)
    assert st.apply(1, Bid("knock")) == [BidMade(seat=1, bid="knock"), RestDealt(cards=5)]
    events = st.apply(1, Discard("H2 H3"))
    assert events == [
        Bought(seat=1, discarded=2, bought=2),
        CardsDrawn(seat=1, cards=tuple(parse_cards("CK CA"))),
    ]
    assert [e.to_json()["type"] for e in events] == ["bought", "cards_drawn"]


# --- whole matches -------------------------------------------------------------------------


def _random_match(seed: int, players: int, **options: object) -> tuple[object, list[object]]:
    st = GAME.new_match(players, NorlanninnakkiOptions(**options), seed=seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    events = []
    while not st.is_over():
        seat = min(st.to_act())
        events += st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st, events


def test_seeded_match_is_reproducible_and_replays_from_json() -> None:
    a, _ = _random_match(11, 4)
    b, _ = _random_match(11, 4)
    assert a == b and a.result() == b.result()  # type: ignore[attr-defined]
    again = GAME.from_json(a.to_json())  # type: ignore[attr-defined]
    assert again == a


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_match_ends_with_a_consistent_result(players: int) -> None:
    st, events = _random_match(players, players)
    res = st.result()  # type: ignore[attr-defined]
    assert min(res.scores) <= 0
    assert res.winners == [s for s, v in enumerate(res.scores) if v == min(res.scores)]
    scored = [e for e in events if isinstance(e, NorlanninnakkiDealScored)]
    assert scored and res.scores == scored[-1].totals
    totals = (START_SCORE,) * players
    for deal, e in enumerate(scored, start=1):  # scores: the deal's change; totals: the sheet
        assert e.deal == deal
        assert e.totals == tuple(a + b for a, b in zip(totals, e.scores, strict=True))
        totals = e.totals
    assert events[-1] == MatchOver(scores=res.scores, ranks=res.ranks, winners=tuple(res.winners))
    forests = sum(len(e.forest) for e in scored)
    assert res.details["pot"] == players + forests
    assert sum(res.details["chips"]) == pytest.approx(0)


def test_chips_off_settlement_sums_to_zero() -> None:
    st, _ = _random_match(5, 4, chips=False)
    res = st.result()  # type: ignore[attr-defined]
    assert res.details["pot"] == 0
    assert sum(res.details["chips"]) == pytest.approx(0)
    paid = {p["from"] for p in res.details["payments"]}
    assert paid == {s for s in range(4) if s not in res.winners}


def test_exact_zero_match_ends_on_exactly_zero() -> None:
    st, _ = _random_match(2, 3, exact_zero=True)
    assert 0 in st.result().scores  # type: ignore[attr-defined]
    assert min(st.result().scores) >= 0  # type: ignore[attr-defined]


def test_lone_knocker_scores_with_one_suit_each_layout_helper() -> None:
    """The shared layout: seat 1 takes every trick when the dealer sheds his trump."""
    st = setup(3, dealer=0, hands=ONE_SUIT_EACH)
    bid(st, "knock")
    buy_nothing(st, dealer_discard="S2")
    play(st, "HA DA CA  HK DK CK  HQ DQ CQ  HJ DJ CJ  H10 D10 C10")
    assert st.observation(None)["table"]["last_deal"]["tricks"] == [0, 5, 0]


@pytest.mark.parametrize(
    "options",
    [
        {"permissive_mode": True, "forced_trump": "lead_and_ruff", "forced_trump_sticky": True},
        {"early_bidding": True, "lone_knocker": "redeal", "chips": False},
        {"early_bidding": True, "exact_zero": True, "lone_knocker": "takes_one"},
    ],
)
def test_combined_variants_keep_every_invariant(options: dict[str, object]) -> None:
    """The generic suite flips one flag at a time; these combine several."""
    for players in (3, 5):
        st = play_checked(GAME, players, NorlanninnakkiOptions(**options), seed=7)  # type: ignore[arg-type]
        assert st.is_over()


def test_deal_number_stays_at_the_last_deal_when_over() -> None:
    st = setup(3, dealer=0, deal_no=6, scores=[10, 3, 7])
    bid(st, "knock", "rest", "rest")
    assert st.is_over() and st.observation(None)["deal"] == 6
    assert st.observation(None)["table"]["last_deal"]["deal"] == 6


def test_determinize_forced_trump_lead_reveals_no_trump_and_no_trump_ace() -> None:
    """A leader who led a plain card under forced trump holds no trump; the trick-1 leader
    who did not lead the trump ace does not hold it."""
    hands = {1: "HA HK HQ HJ H10", 2: "DA DK DQ DJ D10", 0: "CA CK CQ CJ C10"}
    st = setup(3, dealer=0, hands=hands, turned="S2", scores=[1, 10, 10])
    bid(st, "knock")
    buy_nothing(st, dealer_discard="C10")
    play(st, "HA")
    obs = st.observation(2)
    for k in range(40):
        det = GAME.determinize(obs, random.Random(k))
        assert det.observation(2) == obs
        assert not any(c.suit == "S" for c in det.card_locations()["hand:1"])


def test_determinize_after_a_permissive_violation_allows_trumps() -> None:
    """A marked violation reveals nothing: the violator may still hold trumps."""
    hands = {1: "S5 H3 H4 H5 H6", 2: "D2 D3 D4 D5 D6", 0: "C2 C3 C4 C5 C6"}
    st = setup(3, dealer=0, hands=hands, scores=[1, 8, 10], permissive_mode=True)
    bid(st, "knock")
    buy_nothing(st, dealer_discard="S2")
    play(st, "H6")
    obs = st.observation(2)
    held_trump = False
    for k in range(60):
        det = GAME.determinize(obs, random.Random(k))
        assert det.observation(2) == obs
        held_trump |= any(c.suit == "S" for c in det.card_locations()["hand:1"])
    assert held_trump

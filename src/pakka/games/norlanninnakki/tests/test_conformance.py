"""Conformance: the rules specification ``spec.md`` as tests.

The sample cases NK-T1 … NK-T19 by ID, then every other rule of the specification.  Deals
are stacked (``stack`` below) and played in card notation; seat 0 deals unless a test says
otherwise, so forehand is seat 1 and trumps are spades (turned ``S2``) by default.
"""

from __future__ import annotations

from typing import Any

import pytest

from pakka.cards import Card, deck_52, parse_cards
from pakka.engine import IllegalAction
from pakka.games.norlanninnakki import (
    GAME,
    Bid,
    Bought,
    CardsDrawn,
    Discard,
    NorlanninnakkiCardsPlayed,
    NorlanninnakkiOptions,
    NorlanninnakkiState,
    Play,
)

# --- helpers (also used by tests/games/test_norlanninnakki.py) ----------------------------


def stack(n: int, dealer: int, hands: dict[int, str], turned: str, stock: str = "") -> list[Card]:
    """A deck in dealing order giving ``hands[s]`` (5 cards: 3 dealt before the trump, 2
    after) to each listed seat, ``turned`` as the trump card and ``stock`` on top of the
    stock.  Unlisted seats and the rest of the stock get the unused cards in pack order."""
    wanted = {s: parse_cards(h) for s, h in hands.items()}
    trump = parse_cards(turned)[0]
    top = parse_cards(stock)
    used = [c for h in wanted.values() for c in h] + [trump, *top]
    assert len(set(used)) == len(used), "a card is listed twice"
    spare = [c for c in deck_52() if c not in used]
    full = {s: wanted[s] if s in wanted else [spare.pop(0) for _ in range(5)] for s in range(n)}
    assert all(len(h) == 5 for h in full.values()), "every hand has 5 cards"
    fh = (dealer + 1) % n
    order = [(fh + i) % n for i in range(n)]
    deck = [full[s][r] for r in range(3) for s in order]
    deck.append(trump)
    deck += [full[s][r] for r in range(3, 5) for s in order]
    return deck + top + spare


def setup(
    n: int,
    dealer: int,
    hands: dict[int, str] | None = None,
    turned: str = "S2",
    stock: str = "",
    scores: list[int] | None = None,
    deal_no: int = 1,
    forests: list[int] | None = None,
    seed: int = 1,
    **options: Any,
) -> NorlanninnakkiState:
    """A match whose current deal is stacked; ``scores``/``deal_no`` set the sheet as it
    stands at the start of this deal (the deal is dealt again from the same stacked deck
    so that forced trump is judged on those scores)."""
    opts = NorlanninnakkiOptions(first_dealer=dealer, **options)
    deck = stack(n, dealer, hands or {}, turned, stock)
    st = GAME.new_match(players=n, options=opts, seed=seed, deck=deck)
    assert isinstance(st, NorlanninnakkiState)
    if forests is not None:
        st.forests = list(forests)
    if scores is not None or deal_no != 1:
        st.scores = list(scores) if scores is not None else st.scores
        st.deal_no = deal_no
        st.shuffles = 1
        st._start_deal(deck)
    return st


def bid(st: NorlanninnakkiState, *words: str) -> None:
    """Apply bids/declarations in turn order."""
    for w in words:
        st.apply(st.to_move, Bid(w))


def discard(st: NorlanninnakkiState, seat: int, cards: str = "") -> None:
    assert st.to_move == seat, f"seat {st.to_move} is to buy, not {seat}"
    st.apply(seat, Discard(tuple(parse_cards(cards))))


def buy_nothing(st: NorlanninnakkiState, dealer_discard: str) -> None:
    """Every active player keeps his hand; the dealer discards ``dealer_discard``."""
    while st.phase == "buy":
        seat = st.to_move
        discard(st, seat, dealer_discard if seat == st.dealer else "")


def play(st: NorlanninnakkiState, cards: str) -> None:
    """Play these cards one after another, each by the seat to move."""
    for c in parse_cards(cards):
        st.apply(st.to_move, Play(c))


def legal_cards_of(st: NorlanninnakkiState, seat: int) -> list[str]:
    return [str(a) for a in st.legal_actions(seat)]


def obs_player(st: NorlanninnakkiState, seat: int, viewer: int | None = None) -> dict[str, Any]:
    return st.observation(viewer)["players"][seat]


# The deal used for several scoring cases (3 players, seat 0 deals, trumps spades): every
# player holds one plain suit, so the trick winners follow from the script alone.
ONE_SUIT_EACH = {
    1: "HA HK HQ HJ H10",
    2: "DA DK DQ DJ D10",
    0: "CA CK CQ CJ C10",
}


# --- sample cases --------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "stock"), [(3, 36), (4, 31), (5, 26)])
def test_nk_t1_after_the_deal_dealer_six_others_five_stock(n: int, stock: int) -> None:
    """NK-T1 (and N4.4 for 3 and 4 players): stock = 52 - 5n - 1."""
    st = setup(n, dealer=0, turned="S2")
    obs = st.observation(0)
    assert obs["players"][0]["cards"] == 6
    assert all(obs["players"][s]["cards"] == 5 for s in range(1, n))
    assert obs["table"]["stock"] == stock == 52 - 5 * n - 1
    # the face-up trump is part of the dealer's hand: public, and his to discard or play
    assert obs["table"]["turned"] == "S2" and obs["table"]["turned_held"] is True
    assert len(obs["hand"]) + 1 == 6
    for seat in range(1, n):
        assert st.observation(seat)["table"]["turned"] == "S2"


def test_nk_t3_dealer_discards_two_receives_one() -> None:
    """NK-T3: the dealer discards k in 1..6 and draws k - 1; discarding 0 is illegal."""
    st = setup(4, dealer=0, stock="CA CK CQ")
    bid(st, "knock")
    for seat in (1, 2, 3):
        discard(st, seat, "")
    assert st.to_move == 0
    with pytest.raises(IllegalAction, match="dealer must discard 1 to 6"):
        st.apply(0, Discard(()))
    assert Discard(()) not in st.legal_actions(0)
    hand = parse_cards(st.observation(0)["hand"])
    st.apply(0, Discard(tuple(hand[:2])))
    obs = st.observation(0)
    assert obs["players"][0]["cards"] == 5
    assert obs["players"][0]["discarded"] == 2 and obs["players"][0]["bought"] == 1
    assert "CA" in obs["hand"] and obs["table"]["stock"] == 30
    assert obs["phase"] == "play"


def test_nk_t4_first_deal_first_knock_ends_bidding_everyone_plays() -> None:
    """NK-T4: P1 lurks, P2 knocks; P3 … dealer never bid; all play; only P2 committed."""
    st = setup(5, dealer=0)
    bid(st, "lurk", "knock")
    obs = st.observation(None)
    assert obs["phase"] == "buy"
    assert [p["bid"] for p in obs["players"]] == [None, "lurk", "knock", None, None]
    assert all(p["active"] for p in obs["players"])
    assert [p["obliged"] for p in obs["players"]] == [False, False, True, False, False]
    assert obs["table"]["knocker"] == 2
    assert obs["to_act"] == [1]  # buying starts at forehand


def test_nk_t5_knocker_without_a_trick_goes_to_the_forest_capped() -> None:
    """NK-T5: P2 knocks in deal 1 at 10 and takes nothing: stays 10, pot +1, one forest."""
    hands = {
        1: "HA HK HQ HJ H10",
        2: "H2 D2 C2 H3 D3",
        3: "DA DK DQ DJ D10",
        0: "CA CK CQ CJ C10",
    }
    st = setup(4, dealer=0, hands=hands, turned="S4")
    bid(st, "lurk", "knock")
    buy_nothing(st, dealer_discard="C10")
    play(st, "HA H2 DA CA  HK H3 DK CK  HQ D2 DQ CQ  HJ D3 DJ CJ  H10 C2 D10 S4")
    obs = st.observation(None)
    assert obs["table"]["last_deal"]["tricks"] == [1, 4, 0, 0]
    assert obs["scores"] == [9, 6, 10, 10]
    assert obs["players"][2]["forests"] == 1
    assert obs["table"]["pot"] == 4 + 1
    assert obs["table"]["last_deal"]["forest"] == [2]
    # seat 3 lurked and took nothing: never penalised in the first deal (N10.3)
    assert obs["players"][3]["forests"] == 0


def test_nk_t7_all_lurk_same_dealer_redeals_still_deal_one() -> None:
    """NK-T7: 4 players all lurk: throw-in, the same dealer deals again, still deal 1."""
    st = setup(4, dealer=2)
    before = st.full_state()["hands"]
    bid(st, "lurk", "lurk", "lurk", "lurk")
    obs = st.observation(None)
    assert obs["deal"] == 1 and obs["table"]["first_deal"] is True
    assert obs["table"]["dealer"] == 2 and obs["phase"] == "bid"
    assert obs["to_act"] == [3] and obs["table"]["throw_ins"] == 1
    assert all(p["bid"] is None for p in obs["players"])
    assert st.full_state()["hands"] != before  # a new shuffle
    assert sum(len(h) for h in st.full_state()["hands"]) == 4 * 5
    # still the first deal: after a knock everyone plays and only the knocker is committed
    bid(st, "knock")
    assert st.phase == "buy" and all(st.active) and st.obliged == [False, False, False, True]


def test_nk_t10_forehand_must_lead_the_trump_ace() -> None:
    """NK-T10: the leader of trick 1 holding the trump ace may lead nothing else."""
    st = setup(3, dealer=0, hands={1: "SA S3 H4 D5 C6"}, turned="S2")
    bid(st, "knock")
    buy_nothing(st, dealer_discard=st.observation(0)["hand"][0])
    assert legal_cards_of(st, 1) == ["SA"]
    with pytest.raises(IllegalAction, match="must lead the trump ace SA"):
        st.apply(1, Play(Card("H", 4)))


def test_nk_t13_forced_trump_when_a_score_is_one() -> None:
    """NK-T13: scores [1, 6, 8] at the deal's start: every lead must be a trump if held."""
    hands = {1: "S9 S5 H2 H3 D4", 2: "HA DA D2 D3 C2", 0: "CA CK CQ CJ C10"}
    st = setup(3, dealer=0, hands=hands, turned="S2", scores=[1, 6, 8])
    assert st.observation(2)["table"]["forced_trump"] is True
    bid(st, "knock")
    buy_nothing(st, dealer_discard="C10")
    assert legal_cards_of(st, 1) == ["S5", "S9"]
    with pytest.raises(IllegalAction, match="forced trump: you must lead a trump"):
        st.apply(1, Play(Card("H", 2)))
    play(st, "S9 D2 S2")  # seat 1 wins with S9 and leads again
    assert st.to_move == 1 and legal_cards_of(st, 1) == ["S5"]
    play(st, "S5 D3 CJ")
    assert legal_cards_of(st, 1) == ["H2", "H3", "D4"]  # no trump left: any lead


def test_nk_t14_no_forced_trump_at_two() -> None:
    """NK-T14: scores [2, 6, 8]: no forced trump; any lead."""
    hands = {1: "S9 S5 H2 H3 D4"}
    st = setup(3, dealer=0, hands=hands, turned="S2", scores=[2, 6, 8])
    assert st.observation(1)["table"]["forced_trump"] is False
    bid(st, "knock")
    buy_nothing(st, dealer_discard=st.observation(0)["hand"][0])
    assert legal_cards_of(st, 1) == ["S5", "S9", "H2", "H3", "D4"]


def test_nk_t19_early_bidding_with_three_cards_then_two_then_buying() -> None:
    """NK-T19: bidding at 3 cards (dealer 3 + trump); then 2 more each; then buying."""
    hands = {1: "H2 H3 H4 H5 H6", 2: "D2 D3 D4 D5 D6", 3: "C2 C3 C4 C5 C6", 0: "S3 S4 S5 S6 S7"}
    st = setup(4, dealer=0, hands=hands, turned="S2", early_bidding=True)
    obs = st.observation(1)
    assert obs["phase"] == "bid" and obs["hand"] == ["H2", "H3", "H4"]
    assert [p["cards"] for p in obs["players"]] == [4, 3, 3, 3]
    assert obs["table"]["stock"] == 52 - 12 - 1
    assert st.observation(0)["hand"] == ["S3", "S4", "S5"]
    bid(st, "lurk", "knock")
    obs = st.observation(1)
    assert obs["phase"] == "buy" and obs["hand"] == ["H2", "H3", "H4", "H5", "H6"]
    assert [p["cards"] for p in obs["players"]] == [6, 5, 5, 5]
    assert obs["table"]["stock"] == 31
    assert st.observation(0)["hand"] == ["S3", "S4", "S5", "S6", "S7"]


# --- dealing and the dealer ----------------------------------------------------------------


def test_deal_order_three_trump_two_clockwise_from_forehand() -> None:
    """N4: 3 cards each from forehand, the trump, 2 each; a stacked deck in that order."""
    deck = [str(c) for c in deck_52()]
    st = GAME.new_match(3, NorlanninnakkiOptions(first_dealer=1), seed=5, deck=deck)
    hands = st.full_state()["hands"]
    # forehand is seat 2: first card to seat 2, then 0, then 1
    assert hands[2] == ["S2", "S5", "S8", "SQ", "H2"]
    assert hands[0] == ["S3", "S6", "S9", "SK", "H3"]
    assert hands[1] == ["S4", "S7", "S10", "SA", "H4"]
    assert st.observation(None)["table"]["turned"] == "SJ"
    assert st.full_state()["stock"][0] == "H5"


def test_first_dealer_is_drawn_from_the_seed() -> None:
    """N3.1: random first dealer, reproducible from the seed."""
    dealers = {GAME.new_match(4, seed=s).observation(None)["table"]["dealer"] for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert all(
        GAME.new_match(4, seed=s).observation(None)["table"]["dealer"]
        == GAME.new_match(4, seed=s).observation(None)["table"]["dealer"]
        for s in range(10)
    )


def test_deal_passes_clockwise_after_a_played_deal() -> None:
    """N3.2: after a played deal the next dealer is the old forehand; deal 2 is not first."""
    st = setup(3, dealer=0, hands=ONE_SUIT_EACH)
    bid(st, "knock")
    buy_nothing(st, dealer_discard="C10")
    play(st, "HA DA CA  HK DK CK  HQ DQ CQ  HJ DJ CJ  H10 D10 S2")
    obs = st.observation(None)
    assert obs["deal"] == 2 and obs["table"]["first_deal"] is False
    assert obs["table"]["dealer"] == 1 and obs["to_act"] == [2]


# --- bidding in later deals ----------------------------------------------------------------


def test_later_deal_in_or_rest_clockwise_from_the_knockers_left() -> None:
    """N6.2: after the knock the others declare from the knocker's left, lurkers included."""
    st = setup(4, dealer=0, deal_no=2)
    bid(st, "lurk", "knock")  # seat 1 lurks, seat 2 knocks
    assert st.phase == "declare"
    order = []
    for word in ("in", "rest", "in"):
        order.append(st.to_move)
        assert [str(a) for a in st.legal_actions(st.to_move)] == ["in", "rest"]
        bid(st, word)
    assert order == [3, 0, 1]
    obs = st.observation(None)
    assert [p["declaration"] for p in obs["players"]] == ["rest", "in", None, "in"]
    assert [p["active"] for p in obs["players"]] == [False, True, True, True]
    assert [p["obliged"] for p in obs["players"]] == [False, True, True, True]
    assert obs["phase"] == "buy" and obs["to_act"] == [1]


def test_later_deal_all_lurk_same_dealer_redeals() -> None:
    """N6.1: all lurk in a later deal: throw-in, same dealer, same deal number."""
    st = setup(3, dealer=1, deal_no=4, scores=[5, 6, 7])
    bid(st, "lurk", "lurk", "lurk")
    obs = st.observation(None)
    assert (obs["deal"], obs["table"]["dealer"], obs["scores"]) == (4, 1, [5, 6, 7])
    assert obs["phase"] == "bid" and obs["table"]["first_deal"] is False


def test_bidding_order_and_knock_or_lurk_only() -> None:
    st = setup(4, dealer=3)
    assert st.to_act() == frozenset({0})
    assert [str(a) for a in st.legal_actions(0)] == ["knock", "lurk"]
    with pytest.raises(IllegalAction, match="knock or lurk"):
        st.apply(0, Bid("in"))
    with pytest.raises(IllegalAction, match="not your turn"):
        st.apply(1, Bid("knock"))


def test_resting_players_sit_out_and_keep_their_score() -> None:
    """N6.4: a resting player does not buy, does not play, and his score does not change."""
    hands = {1: "HA HK HQ HJ H10", 2: "DA DK DQ DJ D10", 3: "CA CK CQ CJ C10", 0: "H2 D2 C2 H3 D3"}
    st = setup(4, dealer=0, hands=hands, turned="S2", deal_no=2, scores=[9, 8, 7, 6])
    bid(st, "knock", "in", "rest", "in")  # seat 1 knocks; 2 in, 3 rests, 0 in
    assert st.to_move == 1
    discard(st, 1)
    discard(st, 2)
    assert st.to_move == 0  # seat 3 is skipped
    discard(st, 0, "S2")
    play(st, "HA DA H2")  # three cards make a trick
    assert st.observation(None)["players"][1]["tricks"] == 1
    play(st, "HK DK H3  HQ DQ D2  HJ DJ D3  H10 D10 C2")
    obs = st.observation(None)
    assert obs["scores"] == [10, 3, 10, 6]  # seat 0: 9 -> forest -> 10 (capped); seat 2: 8+5
    assert obs["players"][3]["forests"] == 0


# --- lone knocker --------------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "score"), [("takes_all", 5), ("takes_one", 9)])
def test_lone_knocker_is_credited_without_play(rule: str, score: int) -> None:
    """N6.5: everyone else rests: 5 (takes_all) or 1 (takes_one) tricks, deal passes on."""
    st = setup(3, dealer=0, deal_no=2, lone_knocker=rule)
    bid(st, "knock", "rest", "rest")
    obs = st.observation(None)
    assert obs["scores"] == [10, score, 10]
    assert obs["table"]["last_deal"]["lone_knocker"] is True
    assert obs["deal"] == 3 and obs["table"]["dealer"] == 1 and obs["phase"] == "bid"


def test_lone_knocker_redeal_throws_in() -> None:
    """N6.5 ``redeal``: the same dealer deals again, nothing scored, same deal number."""
    st = setup(3, dealer=0, deal_no=2, lone_knocker="redeal")
    bid(st, "lurk", "knock", "rest", "rest")
    obs = st.observation(None)
    assert obs["scores"] == [10, 10, 10] and obs["deal"] == 2
    assert obs["table"]["dealer"] == 0 and obs["table"]["throw_ins"] == 1
    assert obs["phase"] == "bid" and obs["table"]["last_deal"] is None


# --- buying --------------------------------------------------------------------------------


def test_buying_order_forehand_first_dealer_last_and_counts() -> None:
    """N7: non-dealers discard 0..5 and draw as many, from the top of the stock."""
    st = setup(3, dealer=2, hands={0: "H2 H3 H4 H5 H6"}, stock="CA CK CQ CJ C10 C9 C8")
    bid(st, "knock")
    assert st.to_move == 0
    legal = st.legal_actions(0)
    assert len(legal) == 32 and legal[0] == Discard(()) and len(legal[-1].cards) == 5
    discard(st, 0, "H2 H3")
    obs = st.observation(0)
    assert obs["hand"] == ["H4", "H5", "H6", "CK", "CA"]
    assert obs["table"]["my_discards"] == ["H2", "H3"]
    assert obs["players"][0]["bought"] == 2
    discard(st, 1, "")
    assert st.to_move == 2 and len(st.legal_actions(2)) == 63
    with pytest.raises(IllegalAction, match="do not hold H2"):
        st.apply(2, Discard(tuple(parse_cards("H2"))))


def test_discards_and_bought_cards_are_hidden_counts_are_public() -> None:
    st = setup(3, dealer=2, hands={0: "H2 H3 H4 H5 H6"}, stock="CA CK")
    bid(st, "knock")
    events = st.apply(0, Discard(tuple(parse_cards("H2 H3"))))
    other = st.observation(1)
    assert other["players"][0]["bought"] == 2 and other["players"][0]["discarded"] == 2
    text = str(other)
    for hidden in ("'H2'", "'H3'", "'CA'", "'CK'"):
        assert hidden not in text
    public = [e for e in events if e.visible_to(1)]
    assert public == [Bought(seat=0, discarded=2, bought=2)]  # counts only
    private = [e for e in events if not e.visible_to(1)]
    assert private == [CardsDrawn(seat=0, cards=tuple(parse_cards("CK CA")))]
    assert [s for s in range(3) if private[0].visible_to(s)] == [0]
    assert not private[0].visible_to(None)


def test_dealer_may_discard_the_turned_trump() -> None:
    """N4.2 / N-4: once discarded the turned card is hidden in the dealer's discards."""
    st = setup(3, dealer=0, turned="SA")
    bid(st, "knock")
    discard(st, 1)
    discard(st, 2)
    assert Discard((Card("S", 14),)) in st.legal_actions(0)
    discard(st, 0, "SA")
    obs = st.observation(1)
    assert obs["table"]["turned"] == "SA"
    assert obs["table"]["turned_held"] is False and obs["table"]["turned_discarded"] is True
    assert obs["players"][0]["cards"] == 5 and obs["players"][0]["bought"] == 0
    assert st.observation(0)["table"]["my_discards"] == ["SA"]
    assert Card("S", 14) in st.card_locations()["discard:0"]
    assert "discard:0" not in st.visible_locations(1)


def test_stock_never_runs_out_with_five_players() -> None:
    """N7.4: the worst case (everyone buys all) needs 25 of the 26 stock cards."""
    st = setup(5, dealer=0)
    bid(st, "knock")
    for seat in (1, 2, 3, 4):
        st.apply(seat, st.legal_actions(seat)[-1])  # all five cards
    st.apply(0, st.legal_actions(0)[-1])  # all six: draws five
    obs = st.observation(None)
    assert obs["table"]["stock"] == 1
    assert all(p["cards"] == 5 for p in obs["players"])


# --- play ----------------------------------------------------------------------------------


def test_follow_suit_no_duty_to_trump_or_head() -> None:
    """N8.3/N8.4: follow suit; void: any card; highest trump or highest of the led suit."""
    hands = {1: "H9 H2 D3 D4 D5", 2: "HK HQ C3 C4 C5", 0: "S3 D6 D7 D8 D9"}
    st = setup(3, dealer=0, hands=hands, turned="S2")
    bid(st, "knock")
    buy_nothing(st, dealer_discard="D9")
    play(st, "H9")
    assert legal_cards_of(st, 2) == ["HQ", "HK"]  # need not head: HQ is legal too
    with pytest.raises(IllegalAction, match="must follow hearts"):
        st.apply(2, Play(Card("C", 3)))
    play(st, "HQ")
    assert legal_cards_of(st, 0) == ["S2", "S3", "D6", "D7", "D8"]  # void: any card
    play(st, "D6")
    assert st.to_move == 2  # HQ won; the winner leads
    play(st, "HK S3 H2")
    assert st.to_move == 0  # the trump won


def test_trump_ace_rule_passes_to_the_first_active_player_when_forehand_rests() -> None:
    """N8.2 / N-8 / N-17: forehand rests, seat 2 leads trick 1 and must lead the ace."""
    hands = {2: "SA H3 H4 D5 C6"}
    st = setup(4, dealer=0, hands=hands, turned="S2", deal_no=2)
    bid(st, "lurk", "knock", "in", "in", "rest")  # 1 lurks, 2 knocks; 3 in, 0 in, 1 rests
    while st.phase == "buy":
        discard(st, st.to_move, "S2" if st.to_move == 0 else "")
    assert st.to_move == 2 and legal_cards_of(st, 2) == ["SA"]


def test_trump_ace_rule_only_in_trick_one() -> None:
    hands = {1: "SK H3 H4 D5 C6", 2: "SA D2 D3 D4 C2", 0: "C7 C8 C9 C10 CJ"}
    st = setup(3, dealer=0, hands=hands, turned="S2")
    bid(st, "knock")
    buy_nothing(st, dealer_discard="CJ")
    play(st, "H3 D2 C7")  # seat 1 wins; seat 2 need not have played the ace
    play(st, "D5 D3 C8")
    assert legal_cards_of(st, 1) == ["SK", "H4", "C6"]


def test_dealer_turned_the_ace_obliges_nobody_else() -> None:
    """N-8: the dealer holds the turned ace; forehand leads trick 1 freely."""
    st = setup(3, dealer=0, hands={1: "SK H3 H4 D5 C6"}, turned="SA")
    bid(st, "knock")
    buy_nothing(st, dealer_discard=st.observation(0)["hand"][0])
    assert legal_cards_of(st, 1) == ["SK", "H3", "H4", "D5", "C6"]
    play(st, "H3")  # the dealer may play the face-up ace when his turn comes
    assert st.to_move == 2


# --- forced trump --------------------------------------------------------------------------


def test_forced_trump_lead_and_ruff_must_trump_when_void() -> None:
    """N9.4: ``lead_and_ruff``: a player void in the led suit must trump if able."""
    hands = {1: "HA H3 H4 H5 H6", 2: "S3 D2 D3 D4 D5", 0: "CA CK CQ CJ C10"}
    for mode, seat2, seat0 in (
        ("lead_and_ruff", ["S3"], ["S2"]),
        ("lead", ["S3", "D2", "D3", "D4", "D5"], ["S2", "CJ", "CQ", "CK", "CA"]),
    ):
        st = setup(3, dealer=0, hands=hands, turned="S2", scores=[1, 10, 10], forced_trump=mode)
        bid(st, "knock")
        buy_nothing(st, dealer_discard="C10")
        play(st, "HA")
        assert legal_cards_of(st, 2) == seat2
        if mode == "lead_and_ruff":
            with pytest.raises(IllegalAction, match="void in hearts must trump"):
                st.apply(2, Play(Card("D", 2)))
        play(st, "S3")
        assert legal_cards_of(st, 0) == seat0


def test_forced_trump_not_in_force_without_a_one_even_with_ruff_flag() -> None:
    hands = {1: "HA H3 H4 H5 H6", 2: "S3 D2 D3 D4 D5", 0: "CA CK CQ CJ C10"}
    st = setup(3, dealer=0, hands=hands, scores=[2, 10, 10], forced_trump="lead_and_ruff")
    bid(st, "knock")
    buy_nothing(st, dealer_discard="C10")
    play(st, "HA")
    assert legal_cards_of(st, 2) == ["S3", "D2", "D3", "D4", "D5"]


def _forest_deal(**options: Any) -> NorlanninnakkiState:
    """Deal 2, 3 players, scores [1, 10, 10]: seat 1 takes all five tricks with hearts."""
    st = setup(3, dealer=0, hands=ONE_SUIT_EACH, deal_no=2, scores=[1, 10, 10], **options)
    bid(st, "knock", "in", "in")
    buy_nothing(st, dealer_discard="S2")
    play(st, "HA DA CA  HK DK CK  HQ DQ CQ  HJ DJ CJ  H10 D10 C10")
    return st


@pytest.mark.parametrize("sticky", [False, True])
def test_forced_trump_is_checked_per_deal_unless_sticky(sticky: bool) -> None:
    """N9.1 / N-10: in force iff a score is 1 at the deal's start; sticky keeps it on."""
    st = _forest_deal(forced_trump_sticky=sticky)
    obs = st.observation(None)
    assert obs["table"]["last_deal"]["forest"] == [0, 2]
    assert obs["scores"] == [6, 5, 10]  # no score is 1 at the start of deal 3
    assert obs["deal"] == 3
    assert obs["table"]["forced_trump"] is sticky
    assert obs["table"]["forced_trump_triggered"] is True


def test_forced_trump_violation_refused_by_default() -> None:
    hands = {1: "S5 H3 H4 H5 H6", 2: "D2 D3 D4 D5 D6", 0: "C2 C3 C4 C5 C6"}
    st = setup(3, dealer=0, hands=hands, scores=[1, 10, 10])
    bid(st, "knock")
    buy_nothing(st, dealer_discard="S2")
    assert legal_cards_of(st, 1) == ["S5"]
    with pytest.raises(IllegalAction, match="forced trump"):
        st.apply(1, Play(Card("H", 6)))


def test_permissive_violation_is_public_and_sends_to_the_forest() -> None:
    """N9.5 ``permissive_mode``: allowed, marked publicly, forest whatever the tricks."""
    hands = {1: "S5 H3 H4 H5 H6", 2: "D2 D3 D4 D5 D6", 0: "C2 C3 C4 C5 C6"}
    st = setup(3, dealer=0, hands=hands, scores=[1, 8, 10], permissive_mode=True)
    bid(st, "knock")
    buy_nothing(st, dealer_discard="S2")
    assert legal_cards_of(st, 1) == ["S5", "H3", "H4", "H5", "H6"]
    events = st.apply(1, Play(Card("H", 6)))
    assert events == [NorlanninnakkiCardsPlayed(seat=1, cards=(Card("H", 6),), violation=True)]
    obs = st.observation(2)
    assert obs["players"][1]["violated"] is True
    assert obs["table"]["trick"] == [{"seat": 1, "card": "H6", "violation": True}]
    play(st, "D2 C2")
    assert st.observation(0)["history"][0]["violations"] == [True, False, False]
    play(st, "H5 D3 C3  H4 D4 C4  H3 D5 C5  S5 D6 C6")
    obs = st.observation(None)
    assert obs["table"]["last_deal"]["tricks"] == [0, 5, 0]
    assert obs["table"]["last_deal"]["forest"] == [1]
    assert obs["scores"] == [1, 8, 10]  # 8 - 5 + 5; seat 0 lurked (deal 1): not penalised
    assert obs["players"][1]["forests"] == 1 and obs["table"]["pot"] == 4


def test_forced_trump_lead_with_trump_ace_in_trick_one() -> None:
    """N9.3: the trump-ace rule and forced trump agree: the ace is the only lead."""
    st = setup(3, dealer=0, hands={1: "SA S5 H4 H5 H6"}, scores=[1, 10, 10])
    bid(st, "knock")
    buy_nothing(st, dealer_discard=st.observation(0)["hand"][0])
    assert legal_cards_of(st, 1) == ["SA"]


# --- deal scoring --------------------------------------------------------------------------


def test_forest_cap_seven_to_ten_four_to_nine() -> None:
    """N10.2 / N-11: min(score + 5, 10); the chip and the stroke even when capped."""
    st = setup(3, dealer=0, hands=ONE_SUIT_EACH, deal_no=2, scores=[7, 10, 4])
    bid(st, "knock", "in", "in")
    buy_nothing(st, dealer_discard="S2")
    play(st, "HA DA CA  HK DK CK  HQ DQ CQ  HJ DJ CJ  H10 D10 C10")
    obs = st.observation(None)
    assert obs["scores"] == [10, 5, 9]
    assert [p["forests"] for p in obs["players"]] == [1, 0, 1]
    assert obs["table"]["pot"] == 5


def test_game_ends_after_the_deal_lowest_wins_ties_share_the_pot() -> None:
    """N11 / N-13: the deal is finished; equal lowest scores share the win and the pot."""
    st = setup(3, dealer=0, hands=ONE_SUIT_EACH, scores=[4, 1, 9])
    bid(st, "knock")
    buy_nothing(st, dealer_discard="C10")
    play(st, "HA DA CA  HK DK S2")
    assert not st.is_over()  # seat 1 is at 0 only when the deal is scored
    play(st, "CK HQ DQ  CQ HJ DJ  CJ H10 D10")
    assert st.is_over() and st.observation(None)["phase"] == "over"
    result = st.result()
    assert result.scores == (0, 0, 9)
    assert result.ranks == (1, 1, 3) and result.winners == [0, 1]
    assert result.details["pot"] == 3
    assert result.details["payments"] == [
        {"from": "pot", "to": 0, "chips": 1.5},
        {"from": "pot", "to": 1, "chips": 1.5},
    ]
    assert result.details["chips"] == [0.5, 0.5, -1]
    assert st.legal_actions(0) == []


def test_chips_off_losers_pay_score_plus_five_per_forest() -> None:
    """N11.4 / N-14: no ante, no forest chips; each loser pays score + 5 x forests."""
    st = setup(3, dealer=0, deal_no=2, scores=[10, 3, 7], forests=[1, 0, 2], chips=False)
    assert st.observation(None)["table"]["pot"] == 0
    bid(st, "knock", "rest", "rest")  # seat 1: 3 - 5 = -2 wins
    result = st.result()
    assert result.scores == (10, -2, 7) and result.winners == [1]
    assert result.details["payments"] == [
        {"from": 0, "to": 1, "chips": 15},
        {"from": 2, "to": 1, "chips": 17},
    ]
    assert result.details["chips"] == [-15, 32, -17]


def test_chips_off_tie_splits_each_payment() -> None:
    st = setup(3, dealer=0, hands=ONE_SUIT_EACH, scores=[4, 1, 9], chips=False)
    bid(st, "knock")
    buy_nothing(st, dealer_discard="C10")
    play(st, "HA DA CA  HK DK S2  CK HQ DQ  CQ HJ DJ  CJ H10 D10")
    assert st.result().details["payments"] == [
        {"from": 2, "to": 0, "chips": 4.5},
        {"from": 2, "to": 1, "chips": 4.5},
    ]


def test_chips_on_winner_takes_the_pot_with_ante_and_forest_chips() -> None:
    st = setup(3, dealer=0, deal_no=2, scores=[10, 3, 7])
    bid(st, "knock", "rest", "rest")
    result = st.result()
    assert result.winners == [1] and result.details["pot"] == 3
    assert result.details["chips"] == [-1, 2, -1]


def test_exact_zero_negative_turns_positive_and_only_zero_ends() -> None:
    """N12.2 / N-15: 2 - 5 = -3 becomes 3 and play goes on; 5 - 5 = 0 ends the game."""
    st = setup(3, dealer=0, deal_no=2, scores=[10, 2, 10], exact_zero=True)
    bid(st, "knock", "rest", "rest")
    assert not st.is_over() and st.observation(None)["scores"] == [10, 3, 10]
    plain = setup(3, dealer=0, deal_no=2, scores=[10, 2, 10])
    bid(plain, "knock", "rest", "rest")
    assert plain.is_over() and plain.result().scores == (10, -3, 10)
    exact = setup(3, dealer=0, deal_no=2, scores=[10, 5, 10], exact_zero=True)
    bid(exact, "knock", "rest", "rest")
    assert exact.is_over() and exact.result().winners == [1]


def test_observation_shows_who_is_obliged_and_the_public_facts() -> None:
    st = setup(4, dealer=0, deal_no=2, scores=[1, 9, 9, 9])
    bid(st, "knock", "in", "rest", "in")
    obs = st.observation(3)
    assert obs["table"]["forced_trump"] is True
    assert obs["table"]["dealer"] == 0 and obs["table"]["knocker"] == 1
    assert [p["obliged"] for p in obs["players"]] == [True, True, True, False]
    assert obs["phase"] == "buy" and obs["deal"] == 2
    assert obs["hand"] is not None and len(obs["hand"]) == 5
    assert st.observation(None)["hand"] is None

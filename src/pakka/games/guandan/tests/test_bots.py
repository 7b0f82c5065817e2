"""Guandan bots: legal and reproducible at every level, and the heuristic's key decisions."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import pakka.games.guandan.bots as H
from pakka import bots
from pakka.bots.base import play_to_deal_end
from pakka.bots.search import Budget
from pakka.cards import parse_card, parse_cards
from pakka.engine import Action, Observation
from pakka.games import get
from pakka.games.guandan import (
    GuandanCardsPlayed,
    GuandanOptions,
    GuandanPlayer,
    GuandanTable,
    GuandanView,
    Return,
    legal_plays,
    play_of_event,
)
from pakka.games.guandan.bots import search as guandan_search
from pakka.games.guandan.bots.policy import PAKKA, Style
from pakka.games.guandan.combos import card_kind
from pakka.games.guandan.moves import Play
from pakka.i18n import t

GAME = get("guandan")
TINY = Budget(worlds=1, max_candidates=2)
"""The search level with the smallest budget: the tests check legality, not strength."""


def play_deals(levels: list[str], seed: int, deals: int = 1) -> list[str]:
    """Play ``deals`` deals (a deal ends at a 1-2 finish) checking every action is legal."""
    state = GAME.new_match(seed=seed, options=GuandanOptions(end_on_double_win=True))
    players = [
        bots.make("guandan", lv, seed=seed * 10 + i, budget=TINY) for i, lv in enumerate(levels)
    ]
    chosen = []
    while not state.is_over() and state.deal_number() <= deals:
        for seat in sorted(state.to_act()):
            legal = state.legal_actions(seat)
            action = players[seat].act(state.observation(seat), legal)
            assert action in legal
            state.apply(seat, action)
            chosen.append(f"{seat}:{action}")
    return chosen


@pytest.mark.parametrize("seed", range(3))
def test_normal_easy_and_random_play_whole_deals_legally(seed: int) -> None:
    # two deals: the second one has a tribute and a return
    play_deals(["normal", "easy", "normal", "random"], seed, deals=2)


def test_hard_plays_a_whole_deal_legally_and_reproducibly() -> None:
    levels = ["hard", "normal", "easy", "normal"]
    assert play_deals(levels, 1) == play_deals(levels, 1)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_seeded_bots_are_reproducible(level: str) -> None:
    levels = [level, "normal", level, "random"]
    assert play_deals(levels, 4) == play_deals(levels, 4)


# --- hand-made positions -------------------------------------------------------------------


def played(seat: int, cards: str, combo: str) -> GuandanCardsPlayed:
    """The play event of ``seat`` playing ``cards`` read as ``combo`` (``"pair 10"``)."""
    ctype, key = combo.split()
    return GuandanCardsPlayed(seat=seat, cards=tuple(parse_cards(cards)), combo=ctype, key=key)


def position(
    seat: int,
    hand: str,
    level: str = "2",
    top: tuple[int, str, str] | None = None,
    cards: tuple[int, int, int, int] = (20, 20, 20, 20),
    history: tuple[GuandanCardsPlayed, ...] = (),
    phase: str = "play",
) -> GuandanView:
    """A play-phase view for ``seat`` (or ``phase``): ``top`` = (seat, cards, combo) to beat,
    the rest of the table plain."""
    cards_list = list(cards)
    cards_list[seat] = len(hand.split())
    return Observation(
        game="guandan",
        seat=seat,
        players_count=4,
        deal=1,
        phase=phase,
        to_act=(seat,),
        hand=tuple(parse_cards(hand)),
        players=tuple(
            GuandanPlayer(
                seat=s, team=s % 2, cards=cards_list[s], place=None, known=(), committed=False
            )
            for s in range(4)
        ),
        table=GuandanTable(
            level=level,
            levels=(level, "2"),
            owner=None,
            a_fails=(0, 0),
            leader=seat,
            turn=seat,
            top=None if top is None else played(*top),
            passes=(),
            trick=(),
            last_trick=(),
            finish_order=(),
            prev_finish_order=(),
            tribute=(),
            returns=(),
            anti_tribute=False,
            red_joker_holders=(),
            my_return=None,
            winner=None,
            sheet=(),
        ),
        scores=(2, 2, 2, 2),
        history=history,
        options=GuandanOptions(),
        result=None,
    )


def legal_for(obs: GuandanView) -> list[Action]:
    top = obs.table.top
    to_beat = None if top is None else play_of_event(top, obs.table.level).combo
    return list(legal_plays(obs.hand or (), obs.table.level, to_beat))


def choose(obs: GuandanView) -> Play:
    action = H.KIT.policy.choose(obs, legal_for(obs), random.Random(0))
    assert isinstance(action, Play)
    return action


def test_does_not_overtake_the_partners_winning_single_with_a_bomb() -> None:
    # partner (seat 2) leads SA; seat 0 holds a bomb of 5s and a higher single
    obs = position(0, "S5 H5 D5 C5 BJ S8 D9 CJ", top=(2, "SA", "single A"))
    assert choose(obs).is_pass
    assert "partner" in H.explain(obs, Play((), None), "en")


def test_leads_the_whole_hand_when_it_is_one_play() -> None:
    # two triples in a row are one plate: the whole hand goes out at once
    obs = position(0, "S9 D9 C9 S10 D10 C10", level="2")
    assert str(choose(obs)).endswith("plate 9-10")


def test_goes_out_over_the_partner() -> None:
    obs = position(0, "S5 H5 D5 C5", top=(2, "D3 C3 S3 H3", "bomb 4x3"))
    assert str(choose(obs)).endswith("bomb 4x5")


def test_bombs_an_opponent_who_is_about_to_go_out() -> None:
    # opponent 1 (two cards left) leads a king; seat 0 cannot beat it but with its bomb
    obs = position(0, "S9 H9 D9 C9 S3 D4 C6 S7 D8", top=(1, "SK", "single K"), cards=(9, 2, 20, 20))
    assert choose(obs).combo is not None and choose(obs).combo.type == "bomb"  # type: ignore[union-attr]
    obs1 = position(
        0, "S9 H9 D9 C9 S3 D4 C6 S7 D8", top=(1, "SK", "single K"), cards=(9, 1, 20, 20)
    )
    assert choose(obs1).combo.type == "bomb"  # type: ignore[union-attr]


def test_beats_high_when_an_opponent_is_nearly_out() -> None:
    # opponent 3 leads a 6 with 10 cards left, but opponent 1 has one card: beat high
    hand = "S8 SQ D3 C4 S5 BJ"
    obs = position(0, hand, top=(3, "D6", "single 6"), cards=(6, 1, 10, 10))
    assert str(choose(obs)) in ("BJ single BJ", "SQ single Q")
    obs = position(0, hand, top=(3, "D6", "single 6"), cards=(6, 12, 10, 10))
    assert str(choose(obs)) == "S8 single 8"


def test_keeps_the_bomb_against_an_opponent_with_many_cards() -> None:
    obs = position(
        0, "S9 H9 D9 C9 S3 D4 C6 S7 D8", top=(1, "SK", "single K"), cards=(9, 20, 20, 20)
    )
    assert choose(obs).is_pass


def test_leads_the_weakest_piece() -> None:
    # a low single 3, a pair of kings, a joker and an ace: the low single goes first
    obs = position(0, "S3 SK DK RJ SA", level="7")
    assert str(choose(obs)) == "S3 single 3"
    # a low straight is the weakest piece next to a pair of kings and a pair of 9s
    obs = position(0, "S3 D4 C5 S6 D7 SK DK S9 C9 BJ", level="2")
    assert choose(obs).combo.type == "straight"  # type: ignore[union-attr]


def test_leads_a_type_the_opponents_passed_on() -> None:
    obs = position(0, "S8 SQ DQ", level="2")
    assert str(choose(obs)) == "S8 single 8"
    # both opponents let the partner's pair of 10s win: they are short of pairs
    history = (played(2, "S10 D10", "pair 10"), played(2, "S3", "single 3"))
    obs = position(0, "S8 SQ DQ", level="2", history=history)
    assert str(choose(obs)) == "SQ DQ pair Q"
    assert H._passed_on(obs.history, 2)[1] == {"pair": 10}
    # the same plays read from the view's JSON
    again = GAME.view_from_json(json.loads(json.dumps(obs.to_json())))
    assert again == obs and str(choose(again)) == "SQ DQ pair Q"


def test_feeds_a_partner_with_one_card() -> None:
    obs = position(0, "S3 S4 D4 SK DK RJ SA", level="7", cards=(7, 10, 1, 10))
    assert str(choose(obs)) == "S3 single 3"
    obs = position(0, "S3 S5 S4 D4 SK DK RJ SA", level="7", cards=(8, 10, 2, 10))
    assert str(choose(obs)) == "S4 D4 pair 4"


def test_leads_high_or_a_pair_when_an_opponent_has_one_card() -> None:
    obs = position(0, "S3 S9 D9 RJ", level="7", cards=(4, 1, 10, 10))
    assert choose(obs).combo.type != "single" or str(choose(obs)).startswith("RJ")  # type: ignore[union-attr]


def test_leads_a_winner_first_when_one_weak_piece_is_left() -> None:
    # the pair of red jokers wins its trick; the single 3 then goes out as the last card
    obs = position(0, "RJ RJ S3", level="7")
    assert str(choose(obs)) == "RJ RJ pair RJ"


def test_does_not_lead_a_single_to_an_opponent_with_one_card() -> None:
    obs = position(0, "S3 S9 D9 C5 C6 SK", level="7", cards=(6, 1, 10, 10))
    assert choose(obs).combo.type != "single"  # type: ignore[union-attr]


def test_beats_cheaply() -> None:
    # an opponent's single 6: the single 8 beats it without breaking the pair or the joker
    obs = position(0, "S8 SQ DQ BJ S3", top=(3, "D6", "single 6"))
    assert str(choose(obs)) == "S8 single 8"


def test_keeps_a_straight_flush_intact() -> None:
    # spades 5-9 are a straight flush: lead the other cards first, never break it
    obs = position(0, "S5 S6 S7 S8 S9 D3 C4 HK", level="2")
    action = choose(obs)
    assert not {str(c) for c in action.cards} & {"S5", "S6", "S7", "S8", "S9"}
    # following a single 4, the 6 of the flush is not used
    obs = position(0, "S5 S6 S7 S8 S9 D3 HK", level="2", top=(1, "C4", "single 4"))
    assert str(choose(obs)) == "HK single K"


def test_search_candidates_are_the_heuristics_favourites() -> None:
    obs = position(0, "S8 SQ DQ BJ S3", top=(3, "D6", "single 6"))
    ranked = [str(a) for a in H.ranked_actions(obs, legal_for(obs))]
    assert ranked[0] == "S8 single 8" and "pass" in ranked and len(ranked) <= 4
    # on the partner's trick passing is the only candidate
    obs = position(0, "S5 H5 D5 C5 BJ S8 D9 CJ", top=(2, "SA", "single A"))
    assert [str(a) for a in H.ranked_actions(obs, legal_for(obs))] == ["pass"]
    bot = bots.make("guandan", "hard", seed=1, budget=Budget(worlds=1, max_candidates=3))
    assert isinstance(bot, H.GuandanSearch)


def test_canonical_actions_are_distinct_legal_plays() -> None:
    obs = position(0, "S8 H8 SQ DQ BJ S3 C3", top=(3, "D6", "single 6"))
    legal = legal_for(obs)
    found = H.canonical_actions(obs, legal)
    assert found[0] == legal[0] and found[0].is_pass  # the pass first
    assert all(a in legal for a in found) and len(found) == len(set(found))
    ranks = {str(a).split()[-1] for a in found[1:]}
    assert ranks == {"8", "Q", "BJ"}  # one single of each rank above 6
    lead = position(0, "S8 H8 SQ DQ S3")
    assert {str(a).split()[-2] for a in H.canonical_actions(lead, legal_for(lead))} == {
        "single",
        "pair",
    }


def test_the_endgame_search_weighs_more_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    obs = position(0, "S8 H8 SQ DQ BJ S3 C3", top=(3, "D6", "single 6"), cards=(7, 3, 2, 4))
    bot = bots.make("guandan", "hard", seed=1, budget=Budget(worlds=2, max_candidates=3))
    assert isinstance(bot, H.GuandanSearch)
    monkeypatch.setattr(H.search, "ENDGAME_CARDS", 10)
    assert bot.budget_for(obs) == bot.budget  # 16 cards in all hands: not yet
    monkeypatch.setattr(H.search, "ENDGAME_CARDS", 16)
    wide = bot.budget_for(obs)
    assert wide.worlds == H.search.ENDGAME_WORLDS
    assert wide.max_candidates == H.search.ENDGAME_CANDIDATES
    legal = legal_for(obs)
    cands = bot.candidates(obs, legal)
    assert len(cands) == 4 and set(cands) == set(H.canonical_actions(obs, legal))
    assert cands[:3] == H.ranked_actions(obs, legal, H.search.ENDGAME_CANDIDATES)[:3]
    assert bot.act(obs, legal) in legal


def test_returns_a_low_card_on_tribute() -> None:
    hand = "S3 D7 D8 D9 DT DJ S5 H5 SQ SQ RJ"
    obs = position(0, hand, level="2", phase="return")
    options = [Return(parse_card(c)) for c in ("S3", "D7", "D8", "D9", "DT", "S5", "H5")]
    action = H.KIT.policy.choose(obs, options, random.Random(0))
    assert action == Return(parse_card("S3"))
    assert "S3" in H.explain(obs, action, "en").replace("♠", "S")


def test_decomposition_counts_turns() -> None:
    counts = [0] * 54
    for c in ("S3", "H4", "D5", "C6", "S7", "S9", "D9", "C9", "H9"):
        counts[card_kind(parse_card(c))] += 1
    cost, pieces = H._analyse(tuple(counts), 2)
    kinds = sorted(p[0] for p in pieces)
    assert kinds == ["bomb", "straight"]
    assert cost < 1.0


def test_value_is_the_signed_level_gain() -> None:
    state = GAME.new_match(seed=3, options=GuandanOptions(first_leader=0))
    state.prev_order = [0, 2, 1, 3]  # type: ignore[attr-defined]
    assert H.value(state, 0) > 2.5 and H.value(state, 2) > 2.5
    assert H.value(state, 1) < -2.5
    state.prev_order = [1, 0, 2, 3]  # type: ignore[attr-defined]
    assert -2 < H.value(state, 0) < 0 < H.value(state, 3)


def test_explains_in_both_languages() -> None:
    obs = position(0, "S3 S4 D4 SK DK RJ SA", level="7")
    action = choose(obs)
    en, fi = H.explain(obs, action, "en"), H.explain(obs, action, "fi")
    assert en and fi and en != fi
    assert "weakest" in en
    # a move the heuristic would not make gets the search's generic reason
    other = next(a for a in legal_for(obs) if str(a) == "RJ single RJ")
    assert H.explain(obs, other, "en") == t("hint_generic", "en")
    # passing when nothing beats
    obs = position(0, "S3 S4", top=(1, "RJ", "single RJ"))
    assert H.explain(obs, Play((), None), "en").startswith("Nothing in your hand")


# --- the search's fast rollouts -----------------------------------------------------------


def mid_deal_states(count: int) -> list[Any]:
    """Determinized states at seeded points of deals 1 and 2 (deal 2 has a tribute).

    Every other pair of seeds plays on to the third finisher (the seed's rule).
    """
    out = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        options = GuandanOptions(end_on_double_win=seed % 4 < 2)
        state = GAME.new_match(seed=seed, options=options)
        players = [bots.make("guandan", "normal", seed=seed * 10 + i) for i in range(4)]
        deal, stop, done = 1 + seed % 2, rng.randrange(0, 90), 0
        while not state.is_over() and (state.deal_number() < deal or done < stop):
            for seat in sorted(state.to_act()):
                legal = state.legal_actions(seat)
                state.apply(seat, players[seat].act(state.observation(seat), legal))
                done += state.deal_number() == deal
        seed += 1
        if not state.is_over() and state.deal_number() == deal:
            out.append(state.determinize(min(state.to_act()), rng))
    return out


RULE_LIKE = Style(low_single=0.5, early_bomb=1.0)
"""A style of the other team in hard's play-outs (a model of the rule bots)."""


@pytest.mark.parametrize("style", [PAKKA, RULE_LIKE], ids=["pakka", "rule_like"])
def test_fast_actions_are_the_heuristics_legal_moves_and_apply_identically(style: Style) -> None:
    steps = 0
    for world in mid_deal_states(12):
        slow, fast = world.clone(), world.clone()
        start = world.deal_number()
        while not slow.is_over() and slow.deal_number() == start:
            for seat in sorted(slow.to_act()):
                legal = slow.legal_actions(seat)
                if len(legal) == 1:
                    expected = legal[0]
                else:
                    expected = H.decide(slow.view(seat), legal, style)[0]
                if slow.phase == "play":  # type: ignore[attr-defined]
                    action = H.fast_action(fast, seat, style)
                    assert fast.is_legal(seat, action), (str(action), fast.full_state())
                    steps += 1
                else:
                    action = expected
                slow.apply(seat, expected)
                fast.apply(seat, action)
                assert fast == slow, (str(expected), str(action))
    assert steps > 250


def test_rollout_plays_the_same_deal_as_the_policy() -> None:
    for i, world in enumerate(mid_deal_states(12)):
        slow, fast = world.clone(), world.clone()
        play_to_deal_end(slow, H.KIT.policy, random.Random(i))
        H.rollout(fast)
        assert fast == slow


def test_search_with_several_worlds_is_reproducible_and_legal() -> None:
    budget = Budget(worlds=3, max_candidates=3, confidence=0.5)
    runs = []
    for _ in range(2):
        bot = bots.make("guandan", "hard", seed=7, budget=budget)
        chosen = []
        for world in mid_deal_states(6):
            for seat in sorted(world.to_act()):
                legal = world.legal_actions(seat)
                action = bot.act(world.observation(seat), legal)
                assert action in legal
                chosen.append(str(action))
        runs.append(chosen)
    assert runs[0] == runs[1]


def test_default_hard_searches_and_is_reproducible() -> None:
    worlds = mid_deal_states(4)

    def run() -> list[str]:
        bot = bots.make("guandan", "hard", seed=3)
        assert isinstance(bot, H.GuandanSearch) and bot.budget == H.KIT.budget == H.BUDGET
        out = []
        for world in worlds:
            for seat in sorted(world.to_act()):
                legal = world.legal_actions(seat)
                action = bot.act(world.observation(seat), legal)
                assert action in legal
                out.append(str(action))
        return out

    assert H.BUDGET.worlds > 1 and H.BUDGET.max_candidates > 1
    assert H.KIT.search is H.GuandanSearch and H.KIT.value is H.value
    assert run() == run()


# --- styles: the other team's model in hard's play-outs ------------------------------------


def test_a_style_that_leads_low_singles_leads_one_where_pakka_leads_a_full_house() -> None:
    obs = position(0, "S3 S5 D5 C5 S9 D9 SK DK RJ SA", level="7")
    legal = legal_for(obs)
    assert str(H.decide(obs, legal)[0]) == "S5 D5 C5 S9 D9 full_house 5"
    assert str(H.decide(obs, legal, Style(low_single=0.5))[0]) == "S3 single 3"
    # with an opponent at two cards the single is not led low, whatever the style
    obs = position(0, "S3 S5 D5 C5 S9 D9 SK DK RJ SA", level="7", cards=(10, 2, 20, 20))
    assert str(H.decide(obs, legal_for(obs), Style(low_single=0.5))[0]) != "S3 single 3"


def test_a_style_that_bombs_early_bombs_where_nothing_else_beats() -> None:
    # an opponent with 20 cards leads an ace; only the bomb of 9s beats it
    hand = "S9 H9 D9 C9 S3 D4 C6 S7 D8"
    obs = position(0, hand, top=(1, "SA", "single A"), cards=(9, 20, 20, 20))
    assert H.decide(obs, legal_for(obs))[0].is_pass  # type: ignore[union-attr]
    bomb = H.decide(obs, legal_for(obs), Style(early_bomb=2.0))[0]
    assert bomb.combo is not None and bomb.combo.type == "bomb"  # type: ignore[union-attr]
    # against a holder with 6 cards the style changes nothing
    obs = position(0, hand, top=(1, "SA", "single A"), cards=(9, 6, 20, 20))
    assert H.decide(obs, legal_for(obs), Style(early_bomb=2.0))[0].is_pass  # type: ignore[union-attr]


def test_style_parse_reads_parts_and_says_what_is_allowed() -> None:
    assert Style.parse("") == PAKKA
    assert Style.parse("low_single=0.5, early_bomb=1") == Style(low_single=0.5, early_bomb=1.0)
    with pytest.raises(ValueError, match="NAME one of"):
        Style.parse("lowsingle=0.5")
    with pytest.raises(ValueError, match="'x' is not a number"):
        Style.parse("early_bomb=x")


def test_hard_plays_out_the_other_team_in_its_opponent_style(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[Any, ...] | None] = []
    real = guandan_search.rollout

    def spy(state: Any, max_steps: int = 2_000, styles: Any = None) -> None:
        seen.append(None if styles is None else tuple(styles))
        real(state, max_steps, styles)

    monkeypatch.setattr(guandan_search, "rollout", spy)
    world = mid_deal_states(1)[0]
    seat = min(world.to_act())
    legal = world.legal_actions(seat)
    budget = Budget(worlds=2, max_candidates=3, confidence=0.0)
    plain = bots.make("guandan", "hard", seed=1, budget=budget)
    plain.act(world.observation(seat), legal)
    assert seen and set(seen) == {None}
    seen.clear()
    monkeypatch.setattr(H.GuandanSearch, "opponent_style", RULE_LIKE)
    styled = bots.make("guandan", "hard", seed=1, budget=budget)
    styled.act(world.observation(seat), legal)
    mine = seat % 2
    expected = tuple(PAKKA if s % 2 == mine else RULE_LIKE for s in range(4))
    assert seen and set(seen) == {expected}


def test_a_styled_rollout_plays_each_seat_in_its_style() -> None:
    styles = (PAKKA, RULE_LIKE, PAKKA, RULE_LIKE)
    differs = 0
    for world in mid_deal_states(6):
        stepped, rolled, plain = world.clone(), world.clone(), world.clone()
        start = world.deal_number()
        while not stepped.is_over() and stepped.deal_number() == start:
            seat = min(stepped.to_act())
            if stepped.phase == "play":  # type: ignore[attr-defined]
                stepped.apply(seat, H.fast_action(stepped, seat, styles[seat]))
            else:
                legal = stepped.legal_actions(seat)
                stepped.apply(seat, H.decide(stepped.view(seat), legal)[0])
        H.rollout(rolled, styles=styles)
        H.rollout(plain)
        assert rolled == stepped
        differs += plain != rolled
    assert differs > 0  # the style changes some play-outs

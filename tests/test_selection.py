"""One rule for what a person's chosen cards mean (:func:`pakka.selection.select`), checked on
the real games, and the words a person is told when they mean nothing or several things."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pakka.games
from pakka.cards import parse_cards
from pakka.engine import PlayCard
from pakka.present import selection_words
from pakka.selection import action_cards, select


def test_a_card_of_a_one_card_game_is_its_play() -> None:
    legal = [PlayCard(c) for c in parse_cards("S8 H8 HK")]
    chosen = select(legal, parse_cards("HK"))
    assert chosen.action == PlayCard(parse_cards("HK")[0]) and chosen.problem == ""


def test_pentagrammi_passes_follow_the_order_chosen_and_say_both_readings_otherwise() -> None:
    state = pakka.games.get("pentagrammi").new_match(seed=7)
    legal = state.legal_actions(0)
    first, second = (c for c in state.view(0).hand[:2])
    chosen = select(legal, [first, second])
    assert len(chosen.actions) == 2 and chosen.action is None  # the client asks or offers both
    assert (chosen.actions[0].left, chosen.actions[0].right) == (first, second)  # type: ignore[attr-defined]
    swapped = select(legal, [second, first])
    assert swapped.actions == chosen.actions[::-1]


def test_guandan_cards_with_several_readings_give_all_of_them() -> None:
    game = pakka.games.get("guandan")
    rng = random.Random(3)
    for seed in range(40):
        state = game.new_match(seed=seed)
        while not state.is_over() and state.view(None).phase != "play":
            seat = rng.choice(sorted(state.to_act()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        seat = min(state.to_act())
        legal = state.legal_actions(seat)
        by_cards = Counter(tuple(sorted(map(str, action_cards(a)))) for a in legal)
        shared = [k for k, n in by_cards.items() if n > 1 and k]
        if not shared:
            continue
        cards = [c for c in state.view(seat).hand if str(c) in shared[0]]
        wanted = Counter(shared[0])
        picked = []
        for card in cards:
            if wanted[str(card)]:
                wanted[str(card)] -= 1
                picked.append(card)
        chosen = select(legal, picked)
        assert len(chosen.actions) == by_cards[shared[0]] > 1
        assert selection_words(chosen, "", "en").startswith("These cards can be played")
        return
    pytest.fail("no deal offered one set of cards in two readings")


def test_a_lone_pass_needs_no_cards_and_cards_then_cannot_be_played_now() -> None:
    legal: list[object] = ["pass"]  # any action without cards
    assert select(legal, []).actions == ("pass",)
    chosen = select(legal, parse_cards("S8"))
    assert chosen.problem == "not_now" and chosen.unusable == tuple(parse_cards("S8"))
    words = selection_words(chosen, "Beat it or pass.", "en")
    assert words == "♠8 cannot be played now. Beat it or pass."
    assert "0" not in words  # never "choose 0 cards"


@pytest.mark.parametrize(
    ("cards", "problem", "en", "fi"),
    [
        ("", "nothing_chosen", "Choose first. P", "Valitse ensin. P"),
        ("S8 H8 C9", "count", "Choose 1 or 2 cards. P", "Valitse 1 tai 2 korttia. P"),
        ("S8 HK", "no_move", "No legal move uses exactly ♠8 ♥K", "Mikään sallittu siirto"),
        ("C2 D3", "not_now", "♣2 ♦3 cannot be played now. P", "Kortteja ♣2 ♦3 ei voi"),
    ],
)
def test_the_words_for_each_problem(cards: str, problem: str, en: str, fi: str) -> None:
    plays = [PlayCard(c) for c in parse_cards("S8 H8 HK C9")]
    pair = type("Pair", (), {"cards": tuple(parse_cards("S8 H8"))})()
    legal: list[object] = [*plays, pair]
    chosen = select(legal, parse_cards(cards) if cards else [])
    assert chosen.problem == problem and not chosen.actions
    assert selection_words(chosen, "P", "en").startswith(en)
    assert selection_words(chosen, "P", "fi").startswith(fi)


def test_a_choice_stands_when_its_cards_are_the_chosen_ones() -> None:
    legal = [PlayCard(c) for c in parse_cards("S8 H8")]
    assert select(legal, [], legal[1]).action == legal[1]
    assert select(legal, parse_cards("H8"), legal[1]).action == legal[1]
    assert select(legal, parse_cards("S8"), legal[1]).action == legal[0]  # the cards win


def test_typed_text_reads_by_the_same_rule() -> None:
    game = pakka.games.get("anarchy")
    state = game.new_match(seed=2)
    while state.view(None).phase != "play":
        seat = min(state.to_act())
        state.apply(seat, state.legal_actions(seat)[0])
    seat = min(state.to_act())
    card = state.view(seat).hand[0]
    assert (
        game.parse_action(state, seat, str(card).lower())
        == select(state.legal_actions(seat), [card]).action
    )


@pytest.mark.parametrize("name", pakka.games.names())
def test_the_presentation_s_keys_are_the_selection_rule_as_a_lookup(name: str) -> None:
    """A client that looks the chosen cards' key up in ``present.keys`` finds exactly the
    actions :func:`select` gives (the browser does this; the rule lives here)."""
    from pakka.present import present
    from pakka.selection import card_key

    game = pakka.games.get(name)
    rng = random.Random(1)
    state = game.new_match(seed=1)
    for _ in range(120):
        if state.is_over():
            break
        seat = rng.choice(sorted(state.to_act()))
        legal = state.legal_actions(seat)
        keys = present(state.view(seat), legal=legal).keys
        assert len(keys) == len(legal)
        for action in legal[:40]:
            cards = action_cards(action)
            if not cards:
                continue
            looked_up = {legal[i] for i, k in enumerate(keys) if k == card_key(cards)}
            assert looked_up == set(select(legal, cards).actions)
        state.apply(seat, rng.choice(legal))

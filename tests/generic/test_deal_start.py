"""``Game.deal_start``: where "deal these cards again" goes back to, for every game."""

from __future__ import annotations

import random

import pytest

import pakka.games


@pytest.mark.parametrize("game", pakka.games.names())
def test_deal_start_is_the_first_action_of_the_deal_in_play(game: str) -> None:
    g = pakka.games.get(game)
    state = g.new_match(seed=3)
    rng = random.Random(5)
    deals: list[int] = []  # the deal in play before each action
    into_second = 0  # actions taken in the second deal
    while not state.is_over() and into_second < 3:
        now = state.view(None).deal
        begun = [i for i, d in enumerate(deals) if d == now]
        # (checked round the deal's change and now and then: each check replays the match)
        if len(begun) <= 1 or deals[-1] != now or len(deals) % 40 == 0:
            # the first action taken in this deal, or every action so far if none is yet
            assert g.deal_start(state.to_json()) == (begun[0] if begun else len(deals))
        if begun and begun[0] > 0:
            into_second += 1
        seat = min(state.to_act())
        deals.append(now)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert into_second == 3, "no second deal was reached"

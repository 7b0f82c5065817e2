"""``benchmarks/rulebots/bombs.py``: the bomb decisions, their features, the model and the
oracle that choose there."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from benchmarks.rulebots import bombs, harness

from pakka.bots import make
from pakka.engine import Action
from pakka.games import get
from pakka.games.guandan import GuandanState
from pakka.games.guandan.bots.search import rollout, value

GAME = get("guandan")


def bomb_decisions(seed: int, limit: int = 6) -> list[tuple[GuandanState, int]]:
    """Decisions of `normal` self-play (deal 1) where :func:`bombs.situation` applies."""
    st = GAME.new_match(seed=seed)
    assert isinstance(st, GuandanState)
    players = [make("guandan", "normal", seed=seed * 4 + s) for s in range(4)]
    out: list[tuple[GuandanState, int]] = []
    while st.deal_no == 1 and not st.is_over() and len(out) < limit:
        (seat,) = st.to_act()
        legal = st.legal_actions(seat)
        if st.phase == "play" and bombs.situation(st.view(seat), legal) is not None:
            out.append((st.clone(), seat))
        st.apply(seat, players[seat].act(st.view(seat), legal))
    return out


def truth(st: GuandanState, seat: int, action: Action) -> float:
    """The judge written out: the kit's play-out on the true state, valued for the seat."""
    sim = st.clone()
    sim.apply_unchecked(seat, action)
    rollout(sim)
    return value(sim, seat)


def test_a_bomb_decision_offers_a_legal_bomb_and_a_legal_other_move() -> None:
    found = [p for seed in (1, 2, 3) for p in bomb_decisions(seed)]
    assert len(found) >= 4
    width = None
    for st, seat in found:
        legal = st.legal_actions(seat)
        got = bombs.situation(st.view(seat), legal)
        assert got is not None
        f, bomb, other = got
        assert bomb in legal and other in legal
        assert bombs.is_bomb(bomb) and not bombs.is_bomb(other)
        assert st.top_seat is not None and st.top_seat % 2 != seat % 2  # an opponent's trick
        width = width or len(f)
        assert len(f) == width and all(np.isfinite(f))


def test_no_bomb_decision_on_the_partners_trick_or_a_lead() -> None:
    st = GAME.new_match(seed=4)
    assert isinstance(st, GuandanState)
    players = [make("guandan", "normal", seed=s) for s in range(4)]
    checked = 0
    while st.deal_no == 1 and not st.is_over():
        (seat,) = st.to_act()
        legal = st.legal_actions(seat)
        if st.phase == "play" and (st.top is None or st.top_seat == (seat + 2) % 4):
            assert bombs.situation(st.view(seat), legal) is None
            checked += 1
        st.apply(seat, players[seat].act(st.view(seat), legal))
    assert checked > 10


class Fixed:
    """An inner bot that records being asked and plays the first legal move."""

    def __init__(self) -> None:
        self.asked = 0

    def act(self, view: Any, legal: list[Action]) -> Action:
        self.asked += 1
        return legal[0]


def constant(estimate: float, width: int) -> dict[str, Any]:
    """A linear model that says ``estimate`` everywhere."""
    return {"mean": [0.0] * width, "std": [1.0] * width, "layers": [[[[0.0]] * width, [estimate]]]}


def test_the_model_bombs_or_not_when_sure_and_asks_the_inner_bot_otherwise() -> None:
    (st, seat), *_ = bomb_decisions(2)
    view, legal = st.view(seat), st.legal_actions(seat)
    found = bombs.situation(view, legal)
    assert found is not None
    f, bomb, other = found
    for estimate, margin, expected in ((1.0, 0.5, bomb), (-1.0, 0.5, other), (0.3, 0.5, None)):
        inner = Fixed()
        bot = bombs.BombModel(inner, constant(estimate, len(f)), margin)
        got = bot.act(view, legal)
        if expected is None:  # unsure: the inner bot decides
            assert inner.asked == 1 and got == legal[0] and bot.overrules == 0
        else:
            assert inner.asked == 0 and got == expected and bot.overrules == 1


def test_score_is_the_network_on_standardised_features() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(5, 3))
    mean, std = rng.normal(size=3), rng.uniform(0.5, 2, size=3)
    w1, b1 = rng.normal(size=(3, 4)), rng.normal(size=4)
    w2, b2 = rng.normal(size=(4, 1)), rng.normal(size=1)
    model = {
        "mean": mean.tolist(),
        "std": std.tolist(),
        "layers": [[w1.tolist(), b1.tolist()], [w2.tolist(), b2.tolist()]],
    }
    expected = (np.maximum(((x - mean) / std) @ w1 + b1, 0) @ w2 + b2)[:, 0]
    assert np.allclose(bombs.score(model, x), expected)
    assert np.isclose(bombs.score(model, x[0]), expected[0])


class Plays:
    """An inner bot that plays a given move."""

    def __init__(self, move: Action) -> None:
        self.move = move

    def act(self, view: Any, legal: list[Action]) -> Action:
        return self.move


def test_the_oracle_leaves_the_inner_move_only_for_a_better_one_on_the_true_cards() -> None:
    positions = [p for seed in (1, 3, 5) for p in bomb_decisions(seed)]
    differ = 0
    for st, seat in positions:
        view, legal = st.view(seat), st.legal_actions(seat)
        found = bombs.situation(view, legal)
        assert found is not None
        _, bomb, other = found
        v_bomb, v_other = truth(st, seat, bomb), truth(st, seat, other)
        for mine, theirs, v_mine, v_theirs in (
            (bomb, other, v_bomb, v_other),
            (other, bomb, v_other, v_bomb),
        ):
            oracle = bombs.BombOracle(Plays(mine))
            oracle.truth = st
            got = oracle.act(view, legal)
            assert got == (theirs if v_theirs > v_mine else mine)  # a tie keeps the inner move
            assert oracle.overrules == (got is theirs)
        differ += v_bomb != v_other
    assert differ >= 1  # else the test could not tell the better move from the first


def test_harness_levels_wrap_the_inner_level(tmp_path: Any, monkeypatch: Any) -> None:
    oracle = harness.pakka_bot("normal+bombs@oracle", 1, None)
    assert isinstance(oracle, bombs.BombOracle)
    path = tmp_path / "model.json"

    path.write_text(json.dumps(constant(0.0, 3)))
    monkeypatch.setenv("PAKKA_BOMB_WEIGHTS", str(path))
    model = harness.pakka_bot("normal+bombs@0.5", 1, None)
    assert isinstance(model, bombs.BombModel) and model.margin == 0.5
    with pytest.raises(ValueError):
        harness.pakka_bot("normal+bombs@lots", 1, None)

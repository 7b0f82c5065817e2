"""The ``learned`` level: NumPy inference equals the training framework's, and it plays only
legal moves (without PyTorch)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pakka import bots
from pakka.bots.learned import LearnedBot, Network, action_inputs, codec_for, load, weights_path
from pakka.games import get


def random_network(obs_size: int, act_size: int, seed: int = 0) -> Network:
    rng = np.random.default_rng(seed)
    sizes = [obs_size + act_size, 32, 16, 1]
    arrays = {}
    for i in range(3):
        arrays[f"w{i}"] = rng.normal(0, 0.1, (sizes[i], sizes[i + 1])).astype(np.float32)
        arrays[f"b{i}"] = rng.normal(0, 0.1, sizes[i + 1]).astype(np.float32)
    return Network(arrays, {"obs_size": obs_size, "act_size": act_size})


def guandan_sizes() -> tuple[int, int]:
    st = get("guandan").new_match(seed=0)
    codec = codec_for(st.view(0), "guandan")
    return int(codec.observe(st.view(0)).shape[0]), int(codec.action_features().shape[1]) + 54


def test_numpy_inference_equals_torch() -> None:
    torch = pytest.importorskip(
        "torch", reason="PyTorch is only in the optional train extra (pakka[train])"
    )
    from pakka.bots.train import build_model, to_network

    torch.manual_seed(0)
    model = build_model(40 + 12, (32, 16))
    net = to_network(model, 40, 12, {})
    rng = np.random.default_rng(1)
    obs = rng.normal(size=40).astype(np.float32)
    acts = rng.normal(size=(7, 12)).astype(np.float32)
    x = torch.from_numpy(np.concatenate([np.tile(obs, (7, 1)), acts], axis=1))
    with torch.no_grad():
        want = model(x)[:, 0].numpy()
    assert np.allclose(net.forward(obs, acts), want, atol=1e-5)


def test_export_and_load_round_trip(tmp_path: Path) -> None:
    from pakka.bots.train import export

    net = random_network(10, 4)
    export(net, tmp_path / "w.npz")
    back = load(tmp_path / "w.npz")
    obs = np.ones(10, np.float32)
    acts = np.eye(4, dtype=np.float32)
    assert np.allclose(back.forward(obs, acts), net.forward(obs, acts), atol=1e-6)
    export(net, tmp_path / "h.npz", half=True)  # float16 weights: close, half the size
    assert np.allclose(
        load(tmp_path / "h.npz").forward(obs, acts), net.forward(obs, acts), atol=1e-2
    )


@pytest.mark.parametrize("seed", [0, 1])
def test_a_learned_bot_plays_only_legal_moves(seed: int) -> None:
    """A whole deal with two learned seats (a random network: any scores at all) and two
    ``normal`` ones; every move it makes is legal, returns included."""
    game = get("guandan")
    obs_size, act_size = guandan_sizes()
    net = random_network(obs_size, act_size, seed)
    st = game.new_match(seed=seed)
    players = [
        LearnedBot("guandan", s, net) if s % 2 == 0 else bots.make("guandan", "normal", seed=s)
        for s in range(4)
    ]
    for _ in range(3):  # three deals: tribute and returns too
        start = st.deal_number()
        while st.deal_number() == start and not st.is_over():
            for s in sorted(st.to_act()):
                legal = st.legal_actions(s)
                action = players[s].act(st.view(s), legal)
                assert action in legal
                st.apply(s, action)


def test_the_action_inputs_are_one_row_per_distinct_play() -> None:
    st = get("guandan").new_match(seed=3)
    view = st.view(st.turn)
    codec = codec_for(view, "guandan")
    actions, rows = action_inputs(codec, view, st.legal_actions(st.turn))
    assert len(actions) == rows.shape[0] > 1
    assert len({tuple(r) for r in rows}) == len(actions)
    legal = st.legal_actions(st.turn)
    assert all(a in legal for a in actions)


def test_the_learned_level() -> None:
    """``learned`` is a level; a game that ships no network plays ``normal`` there."""
    assert "learned" in bots.LEVELS
    bot = bots.make("pentagrammi", "learned", seed=0)
    assert weights_path("pentagrammi") is None and bot.level == "normal"
    if weights_path("guandan") is not None:
        bot = bots.make("guandan", "learned", seed=0)
        assert isinstance(bot, LearnedBot)
        st = get("guandan").new_match(seed=5)
        legal = st.legal_actions(st.turn)
        assert bot.act(st.view(st.turn), legal) in legal


def test_rollout_targets_compare_the_plays_of_one_decision(tmp_path: Path) -> None:
    """The training target of a play is its deal value minus the heuristic's move's, both
    played out by the heuristic on the same cards: the deal's luck cancels out of the
    comparison.  (The deal-outcome target alone, the same for every play of a deal, left
    a network that memorised its buffer and played hardly better than random.)"""
    pytest.importorskip("torch", reason="PyTorch is only in the optional train extra")
    from pakka.bots.train import Config, Trainer, _row
    from pakka.games.guandan.bots import KIT, rollout, value

    trainer = Trainer(tmp_path, Config(buffer=64, label_actions=4, eval_seeds=1))
    st = get("guandan").new_match(seed=3)
    seat = st.turn
    view = st.view(seat)
    legal = st.legal_actions(seat)
    before = st.view(seat)
    assert trainer.label(st, seat, trainer.codec.observe(view)) == 4
    assert st.view(seat) == before and st.legal_actions(seat) == legal  # left unchanged
    rows, ys = trainer.buf_act[:4], trainer.buf_y[:4]
    assert (trainer.buf_of[:4] == 0).all()  # one observation, four plays
    assert len({tuple(r) for r in rows}) == 4
    move = KIT.policy.choose(view, legal, random.Random(0))
    mine = _row(trainer.codec, trainer.codec.encode(view, move)[0], move, 81)
    mine[-1] = 1.0  # the hint column: this is the heuristic's move
    assert (rows[0] == mine).all() and (rows[1:, -1] == 0).all()
    assert ys[0] == 0.0

    def played_out(action: object) -> float:
        sim = st.clone()
        sim.apply_unchecked(seat, action)
        rollout(sim)
        return float(np.clip(value(sim, seat) / 3, -1, 1))

    actions, all_rows = action_inputs(trainer.codec, view, legal, move)
    by_row = {tuple(r): a for a, r in zip(actions, all_rows, strict=True)}
    base = played_out(move)
    for r, y in zip(rows[1:], ys[1:], strict=True):  # a margin for leaving the heuristic
        assert y == pytest.approx(played_out(by_row[tuple(r)]) - base - trainer.config.prefer)


def mid_deal(seed: int, moves: int = 12) -> tuple[Any, int]:
    """A Guandan state after ``moves`` of the heuristic's play-phase moves (tricks played,
    so the view has a history), and the seat to act, with three distinct plays or more."""
    game = get("guandan")
    policy = bots.kit_for("guandan").policy
    st = game.new_match(seed=seed)
    rng = random.Random(seed)
    done = 0
    while True:
        seat = sorted(st.to_act())[0]
        view, legal = st.view(seat), st.legal_actions(seat)
        if done >= moves and st.phase == "play":
            codec = codec_for(view, "guandan")
            if len(action_inputs(codec, view, legal)[0]) >= 3:
                return st, seat
        st.apply_unchecked(seat, policy.choose(view, legal, rng))
        done += st.phase == "play"


def labelled(st: Any, seat: int, config: Any, seed: int) -> tuple[Any, Any]:
    """:func:`pakka.bots.train.label_targets` with a searcher and a stream seeded ``seed``."""
    from pakka.bots.train import label_targets

    kit = bots.kit_for("guandan")
    searcher = kit.search(get("guandan"), kit.rollout_policy, kit.value, seed, kit.budget)
    codec = codec_for(st.view(seat), "guandan")
    return label_targets(st, seat, config, kit, searcher, codec, random.Random(seed))


@pytest.mark.parametrize("seed", [11, 12])
def test_worlds_targets_read_only_what_the_seat_sees(seed: int) -> None:
    """Two states that agree on everything the labelled seat sees but not on the others'
    hidden cards get the same ``"worlds"`` targets from the same seeds: the worlds are drawn
    from the seat's view, never from the true cards.  (The ``"rollout"`` targets, played
    out on the true cards, differ: the check can see a target that peeks.)"""
    from pakka.bots.train import Config

    st, seat = mid_deal(seed)
    other = st.determinize(seat, random.Random(seed))  # the others' hidden cards dealt again
    assert other.view(seat) == st.view(seat)
    assert other.legal_actions(seat) == st.legal_actions(seat)
    assert other.card_locations() != st.card_locations()
    worlds = Config.for_target("worlds", worlds=3)
    rows, ys = labelled(st, seat, worlds, seed)
    rows2, ys2 = labelled(other, seat, worlds, seed)
    assert len(ys) >= 3
    assert (rows == rows2).all() and (ys == ys2).all()
    rows3, ys3 = labelled(st, seat, Config(label_actions=worlds.label_actions), seed)
    _, ys4 = labelled(other, seat, Config(label_actions=worlds.label_actions), seed)
    assert (rows3 == rows).all()  # the same plays, in the same order
    assert (ys3 != ys4).any()


def test_worlds_targets_are_the_heuristics_move_at_zero_and_the_rest_clipped() -> None:
    """The heuristic's move comes first, with target 0; every other play's target is a mean
    of differences of clipped values, minus ``prefer``: finite, within [-2 - prefer, 2 -
    prefer]; and the state is left unchanged."""
    from pakka.bots.train import Config

    config = Config.for_target("worlds")
    assert config.worlds == 4 and config.hint
    seen = 0
    for seed, moves in ((21, 0), (22, 8), (23, 20)):
        st, seat = mid_deal(seed, moves)
        before, legal = st.view(seat), st.legal_actions(seat)
        rows, ys = labelled(st, seat, config, seed)
        assert st.view(seat) == before and st.legal_actions(seat) == legal
        assert 2 <= len(ys) <= config.label_actions and rows.shape[0] == len(ys)
        assert rows[0, -1] == 1.0 and (rows[1:, -1] == 0).all()  # the hint column
        assert ys[0] == 0.0
        others = ys[1:]
        assert np.isfinite(others).all()
        assert (others >= -2 - config.prefer).all() and (others <= 2 - config.prefer).all()
        seen += int((others != -config.prefer).sum())
    assert seen  # some play did better or worse than the heuristic's move somewhere


def test_a_worlds_run_trains_and_resumes_on_worlds_targets(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="PyTorch is only in the optional train extra")
    from pakka.bots.train import Config, Trainer

    config = Config.for_target("worlds", worlds=2, label_rate=0.5, buffer=512, eval_seeds=1)
    trainer = Trainer(tmp_path, config)
    stored = trainer.play_deal()
    assert stored > 0 and (trainer.buf_y[:stored] <= 2).all()
    trainer.learn(stored)
    trainer.checkpoint()
    # the run fills in its table size and the kit's value scale (a double win), and a
    # resumed run keeps its own configuration
    assert trainer.config == replace(config, players=4, reward_scale=3.0)
    resumed = Trainer(tmp_path, Config())
    assert resumed.config == trainer.config and resumed.deals == 1
    assert resumed.network().meta["target"] == "worlds" and resumed.network().meta["worlds"] == 2
    # each checkpoint's weights are kept, and play as the network did then
    resumed.checkpoint()
    kept = sorted(p.name for p in (tmp_path / "snapshots").iterdir())
    assert kept == ["weights-000.npz", "weights-001.npz"]
    st = get("guandan").new_match(seed=3)
    view = st.view(st.turn)
    codec = codec_for(view, "guandan")
    legal = st.legal_actions(st.turn)
    _, rows = action_inputs(codec, view, legal, legal[0])  # (trained with a hint)
    then = load(tmp_path / "snapshots" / "weights-001.npz").forward(codec.observe(view), rows)
    now = resumed.network().forward(codec.observe(view), rows)
    assert np.allclose(then, now, atol=2e-2)  # (float16 weights)


def test_a_checkpoint_from_before_rollout_targets_resumes_on_deal_targets(
    tmp_path: Path,
) -> None:
    torch = pytest.importorskip("torch", reason="PyTorch is only in the optional train extra")
    from pakka.bots.train import Config, Trainer

    trainer = Trainer(tmp_path, Config(target="deal", hint=False, buffer=4000, eval_seeds=1))
    stored = trainer.play_deal()
    ys = trainer.buf_y[:stored]
    assert stored > 0 and len(set(ys.tolist())) <= 4  # the deal's outcome for each seat
    trainer.checkpoint()
    state = torch.load(tmp_path / "checkpoint.pt", weights_only=False)
    for name in ("target", "hint", "worlds"):
        del state["config"][name]  # as written before the fields existed
    torch.save(state, tmp_path / "checkpoint.pt")
    config = Trainer(tmp_path).config
    assert config.target == "deal" and not config.hint


def test_weights_trained_with_the_heuristics_move_as_input_get_it_in_play() -> None:
    """``meta["hint"]``: one more action column, 1 on the heuristic's move only."""
    game = get("guandan")
    obs_size, act_size = guandan_sizes()
    net = random_network(obs_size, act_size + 1)
    net.meta["hint"] = True
    bot = LearnedBot("guandan", 0, net)
    st = game.new_match(seed=4)
    view, legal = st.view(st.turn), st.legal_actions(st.turn)
    codec = codec_for(view, "guandan")
    move = bots.make("guandan", "normal").act(view, legal)
    actions, rows = action_inputs(codec, view, legal, move)
    assert rows.shape[1] == act_size + 1 and rows[:, -1].sum() == 1
    assert codec.encode(view, actions[int(rows[:, -1].argmax())]) == codec.encode(view, move)
    got, q = bot.scores(view, legal)
    assert got == actions
    assert np.allclose(q, net.forward(codec.observe(view), rows)) and bot.act(view, legal) in legal


def test_the_margin_keeps_the_heuristics_move_unless_a_play_scores_clearly_higher() -> None:
    from pakka.games.guandan.codec import FEATURE_NAMES

    obs_size, act_size = guandan_sizes()
    w0 = np.zeros((obs_size + act_size + 1, 1), np.float32)
    w0[obs_size + FEATURE_NAMES.index("pass")] = 1.5  # passing scores 1.5
    w0[-1] = 1.0  # the heuristic's move scores 1.0
    net = Network(
        {"w0": w0, "b0": np.zeros(1, np.float32)},
        {"obs_size": obs_size, "act_size": act_size + 1, "hint": True},
    )
    normal = bots.make("guandan", "normal", seed=0)
    st = get("guandan").new_match(seed=1)
    while True:  # the first time the heuristic beats a play instead of passing
        s = st.turn
        view, legal = st.view(s), st.legal_actions(s)
        move = normal.act(view, legal)
        if view.table.top is not None and getattr(move, "combo", None) is not None:
            break
        st.apply(s, move)
    bot = LearnedBot("guandan", 0, net)
    assert getattr(bot.act(view, legal), "combo", 0) is None  # margin 0: the pass
    bot.margin = 0.6
    assert codec_for(view, "guandan").encode(view, bot.act(view, legal)) == codec_for(
        view, "guandan"
    ).encode(view, move)

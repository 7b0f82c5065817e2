"""The ``learned`` level: NumPy inference equals the training framework's, and it plays only
legal moves (without PyTorch)."""

from __future__ import annotations

from pathlib import Path

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

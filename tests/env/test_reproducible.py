"""Seeded resets reproduce a match; the spec pages are up to date."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import pakka.env
import pakka.games
from pakka.env import spec


def _play(env, seed: int | None, policy_seed: int, steps: int) -> list:
    env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    trace = []
    for agent in env.agent_iter(steps):
        obs, reward, term, trunc, info = env.last()
        trace.append((agent, obs["observation"].tobytes(), reward, info["observation"]))
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return trace


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("anarchy", {"pass_three": True}),
        ("pentagrammi", {"deals": 1}),
        ("norlanninnakki", {}),
        ("guandan", {}),
    ],
)
def test_seeded_reset_reproduces_the_match(game: str, options: dict) -> None:
    a = pakka.env.make(game, **options)
    b = pakka.env.make(game, **options)
    first = _play(a, 123, 0, 300)
    assert a.state_.seed == 123
    assert _play(b, 123, 0, 300) == first
    assert _play(a, 123, 0, 300) == first  # a second reset of the same env too
    assert _play(a, 124, 0, 300) != first


def test_seeded_reset_is_the_engine_match() -> None:
    import pakka.games

    env = pakka.env.make("pentagrammi", deals=1)
    env.reset(seed=99)
    state = pakka.games.get("pentagrammi").new_match(5, {"deals": 1}, seed=99)
    assert env.state_.full_state() == state.full_state()


def test_unseeded_resets_follow_the_last_seed() -> None:
    a = pakka.env.make("norlanninnakki")
    b = pakka.env.make("norlanninnakki")
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.state_.seed == b.state_.seed != 5
    assert a.state_.full_state() == b.state_.full_state()


def test_parallel_seeded_reset() -> None:
    def run(seed: int) -> list:
        env = pakka.env.parallel_env("anarchy", players=3, pass_three=True)
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(1)
        out = []
        while env.agents:
            actions = {
                a: int(rng.choice(np.flatnonzero(o["action_mask"])))
                for a, o in obs.items()
                if o["action_mask"].any()
            }
            obs, rewards, *_ = env.step(actions)
            out.append((sorted(actions.items()), sorted(rewards.items())))
        return out

    assert run(8) == run(8)


@pytest.mark.parametrize("game", pakka.env.environments())
def test_any_game_with_a_codec_has_a_spec_page(game: str) -> None:
    page = spec.render(game)
    assert page.startswith("<!-- generated") and pakka.games.get(game).info.title in page


def test_spec_pages_are_up_to_date() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "env"
    for name, text in spec.render_all().items():
        path = docs / name
        assert path.exists(), f"{path} missing: run python -m pakka.env.spec"
        assert path.read_text(encoding="utf-8") == text, (
            f"{path} is stale: run python -m pakka.env.spec"
        )

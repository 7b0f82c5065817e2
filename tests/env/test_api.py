"""Every environment passes PettingZoo's own API tests."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test

import pakka.env

AEC_CASES = [
    ("anarchy", {"players": 3, "pass_three": True, "dummy_reveal": "before"}, 200),
    ("anarchy", {}, 200),
    ("anarchy", {"players": 5, "pass_three": True}, 150),
    ("pentagrammi", {"deals": 1}, 150),
    ("norlanninnakki", {"players": 3}, 200),
    ("norlanninnakki", {"players": 5, "permissive_mode": True}, 200),
    ("guandan", {}, 120),
]


@pytest.mark.parametrize(("game", "options", "cycles"), AEC_CASES)
def test_aec_api(game: str, options: dict, cycles: int) -> None:
    env = pakka.env.make(game, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env, num_cycles=cycles)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_anarchy_parallel_api(players: int) -> None:
    env = pakka.env.parallel_env("anarchy", players=players, pass_three=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        parallel_api_test(env, num_cycles=1000)


def test_every_shipped_game_has_an_environment_and_every_codec_is_one() -> None:
    """A codec is optional for an outside game; pakka's own four all bring one, and any
    installed game that brings a codec is offered as an environment."""
    from pakka import plugins

    environments = set(pakka.env.environments())
    assert set(plugins.shipped()) <= environments
    with_codec = {g for g in plugins.names() if plugins.companion("codec", g) is not None}
    assert with_codec == environments


def test_illegal_index_raises_and_changes_nothing() -> None:
    env = pakka.env.make("pentagrammi", deals=1)
    env.reset(seed=1)
    obs, *_ = env.last()
    bad = int(obs["action_mask"].argmin())
    assert obs["action_mask"][bad] == 0
    before = env.state_.to_json()
    with pytest.raises(ValueError, match="not legal now"):
        env.step(bad)
    assert env.state_.to_json() == before


def test_info_carries_the_json_observation_and_version() -> None:
    env = pakka.env.make("norlanninnakki")
    env.reset(seed=5)
    agent = env.agent_selection
    seat = int(agent.split("_")[1])
    info = env.infos[agent]
    assert info["observation"] == env.state_.observation(seat)
    assert info["version"] == env.codec.version
    assert info["seat"] == seat


def test_rewards_are_zero_sum_at_the_end() -> None:
    for game, options in (("pentagrammi", {"deals": 1}), ("anarchy", {"players": 3})):
        env = pakka.env.make(game, **options)
        env.reset(seed=2)
        import numpy as np

        rng = np.random.default_rng(0)
        totals: dict[str, float] = {}
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            totals[agent] = totals.get(agent, 0.0) + reward
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert abs(sum(totals.values())) < 1e-9
        assert any(v != 0 for v in totals.values()) or len(set(env.state_.result().ranks)) == 1


@pytest.mark.parametrize(
    ("game", "options"),
    [("anarchy", {"players": 3}), ("norlanninnakki", {}), ("guandan", {})],
)
def test_score_rewards_are_zero_sum_and_add_up(game: str, options: dict) -> None:
    import numpy as np

    env = pakka.env.make(game, reward="score", **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env, num_cycles=50)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for n, agent in enumerate(env.agent_iter(1000)):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert abs(sum(env.rewards.values())) < 1e-9 or n == 0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    # what was handed out matches the standings now (up to rewards not yet collected)
    pending = env._cumulative_rewards
    standing = env.codec.standing(env.state_.observation(None)["scores"])
    mean = sum(standing) / len(standing)
    for i, agent in enumerate(env.possible_agents):
        got = totals[agent] + pending.get(agent, 0.0)
        assert got == pytest.approx(standing[i] - mean)


def test_unknown_reward_mode() -> None:
    with pytest.raises(ValueError, match="reward must be one of"):
        pakka.env.make("anarchy", reward="points")


def test_parallel_illegal_index_changes_nothing() -> None:
    env = pakka.env.parallel_env("anarchy", players=4)
    obs, _ = env.reset(seed=3)
    while env.state_.observation(None)["phase"] != "play":
        acting = {a: o for a, o in obs.items() if o["action_mask"].any()}
        obs, *_ = env.step({a: int(o["action_mask"].argmax()) for a, o in acting.items()})
    actions = {a: int(o["action_mask"].argmax()) for a, o in obs.items()}
    last = env.possible_agents[-1]
    actions[last] = int(obs[last]["action_mask"].argmin())
    before = env.state_.to_json()
    with pytest.raises(ValueError, match="not legal now"):
        env.step(actions)
    assert env.state_.to_json() == before


def test_parallel_env_works_for_other_games_too() -> None:
    env = pakka.env.parallel_env("pentagrammi", deals=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        parallel_api_test(env, num_cycles=200)

"""PettingZoo environments over any registered game and its codec.

:class:`PakkaAECEnv` is the turn-by-turn (AEC) view: one agent acts at a time.  In a
simultaneous step (Anarchy's tricks and passes, Pentagrammi's passing, Guandan's double
tribute returns) the seats that must commit act one after another in seat order; the engine
shows nobody's commitment until all have committed, so the order reveals nothing.

:class:`PakkaParallelEnv` is the Parallel view for simultaneous games (meant for Anarchy):
every step, each seat in ``to_act()`` submits an index at once; the other seats' masks are
all zero and whatever they submit is ignored.

Agents are ``player_0`` .. ``player_{n-1}`` (agent ``player_i`` plays seat ``i``).  An
observation is ``{"observation": float32 vector, "action_mask": int8 0/1 vector}``; the
info of an agent holds ``"observation"`` (the JSON observation of its seat, exactly
``state.observation(seat)``), ``"seat"``, ``"pending"`` (indices already chosen in a
multi-step decision) and ``"version"`` (the codec version).

Rewards: ``make(..., reward="match")`` (default) or ``reward="score"``; see
:data:`REWARD_MODES` and each game's spec page.

``reset(seed=s)`` starts ``game.new_match(players, options, seed=s)``, so a seed replays a
match; ``reset()`` without a seed after a seeded reset draws the next match seed from that
seed, so a seeded sequence of resets is reproducible too.  ``reset(options=...)`` is
accepted and ignored: the game's options are fixed by ``make(game, **options)``.  An index
the mask forbids raises ``ValueError`` and changes nothing.  ``env.state_`` is the engine
:class:`~pakka.engine.State` of the match in progress (for tools and tests; an agent
should read only its observation).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from pakka import plugins
from pakka.engine import Action, State
from pakka.env.codec import Codec, Mask, Vector

__all__ = ["REWARD_MODES", "PakkaAECEnv", "PakkaParallelEnv"]

REWARD_MODES = ("match", "score")
"""``match`` (default): zero until the match ends, then the codec's final reward
(:meth:`Codec.rewards`).  ``score``: after every step, each seat's change in its
centered standing (the codec's :meth:`Codec.standing` of the match scores minus the
table mean), so rewards arrive as scores change and sum to zero at every step; the sum
over a match is the final centered standing (tie-breaks of the final ranking ignored)."""

Obs = dict[str, Any]


class _Core:
    """The match and the codec, shared by the two environment classes."""

    def __init__(
        self,
        codec_cls: type[Codec],
        players: int | None,
        options: dict[str, Any],
        reward: str = "match",
    ):
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        self.reward_mode = reward
        self.game = plugins.get(codec_cls.game_name)
        self.players = self.game.info.default_players if players is None else players
        probe = self.game.new_match(players=self.players, options=options or None, seed=0)
        self.options = probe.options
        self.codec = codec_cls(self.players, self.options)
        self.agent_names = [f"player_{i}" for i in range(self.players)]
        low, high = self.codec.layout.bounds()
        n = self.codec.num_actions
        self.obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }
        )
        self.act_space = spaces.Discrete(n)
        self.state: State[Any, Any] | None = None
        self.pending: list[tuple[int, ...]] = []
        self._seeder: random.Random | None = None
        self._cache: dict[int, tuple[int, Any, Any]] = {}
        self._json: dict[int, tuple[int, dict[str, Any]]] = {}

    def new_match(self, seed: int | None) -> None:
        if seed is not None:
            self._seeder = random.Random(seed)
            match_seed = int(seed)
        elif self._seeder is not None:
            match_seed = self._seeder.randrange(2**63)
        else:
            match_seed = random.SystemRandom().randrange(2**63)
        self.state = self.game.new_match(self.players, self.options, seed=match_seed)
        self.pending = [() for _ in range(self.players)]
        self._cache = {}
        self._json = {}
        self._standing = self._centered()

    def _centered(self) -> list[float]:
        st = self.state
        assert st is not None
        values = self.codec.standing(st.view(None).scores)
        mean = sum(values) / len(values)
        return [v - mean for v in values]

    def step_rewards(self) -> list[float]:
        """Every seat's reward for the step just taken (see ``REWARD_MODES``)."""
        st = self.state
        assert st is not None
        if self.reward_mode == "match":
            if st.is_over():
                return [float(r) for r in self.codec.rewards(st.result())]
            return [0.0] * self.players
        now = self._centered()
        out = [a - b for a, b in zip(now, self._standing, strict=True)]
        self._standing = now
        return out

    def view(self, seat: int) -> Any:
        """The seat's typed view (cached until the state changes)."""
        return self._entry(seat)[1]

    def raw(self, seat: int) -> dict[str, Any]:
        """The seat's observation as JSON (for ``info``)."""
        st = self.state
        assert st is not None
        hit = self._json.get(seat)
        if hit is None or hit[0] != st._version:
            hit = (st._version, self.view(seat).to_json())
            self._json[seat] = hit
        raw: dict[str, Any] = hit[1]
        return raw

    def seqs(self, seat: int) -> Any:
        return self._entry(seat)[2]

    def _entry(self, seat: int) -> tuple[int, Any, Any]:
        st = self.state
        assert st is not None
        key = st._version
        hit = self._cache.get(seat)
        if hit is not None and hit[0] == key:
            return hit
        view = st.view(seat)
        seqs = self.codec.state_sequences(st, seat, view)
        entry = (key, view, seqs)
        self._cache[seat] = entry
        return entry

    def observe(self, seat: int) -> Obs:
        vec: Vector = self.codec.observe(self.view(seat), self.pending[seat])
        mask: Mask = self.codec.mask(self.seqs(seat), self.pending[seat])
        return {"observation": vec, "action_mask": mask}

    def info(self, seat: int) -> dict[str, Any]:
        return {
            "observation": self.raw(seat),
            "seat": seat,
            "pending": self.pending[seat],
            "version": self.codec.version,
        }

    def act(self, seat: int, index: Any) -> Action | None:
        """Apply one index for ``seat``; the engine action once a decision is complete."""
        st = self.state
        assert st is not None
        if seat not in st.to_act():
            raise ValueError(f"seat {seat} is not to act; waiting for {sorted(st.to_act())}")
        action, pending = self.codec.choose(self.seqs(seat), self.pending[seat], int(index))
        self.pending[seat] = pending
        if action is not None:
            st.apply(seat, action)
        return action

    def next_seat(self) -> int:
        st = self.state
        assert st is not None
        to_act = st.to_act()
        for s in sorted(to_act):
            if self.pending[s]:  # finish a multi-step decision first
                return s
        return min(to_act)

    def render(self) -> str:
        st = self.state
        if st is None:
            return "(no match)"
        obs = st.view(None)
        return (
            f"{obs.game} deal {obs.deal} phase {obs.phase} to act {list(obs.to_act)} "
            f"scores {list(obs.scores)}"
        )


class PakkaAECEnv(AECEnv[str, Obs, int]):  # type: ignore[misc]
    """The AEC environment of one game (see the module docstring)."""

    metadata: dict[str, Any]

    def __init__(
        self,
        codec_cls: type[Codec],
        players: int | None = None,
        render_mode: str | None = None,
        reward: str = "match",
        **options: Any,
    ) -> None:
        super().__init__()
        self._core = _Core(codec_cls, players, options, reward)
        self.codec = self._core.codec
        self.metadata = {
            "render_modes": ["ansi"],
            "is_parallelizable": False,
            "name": f"pakka_{codec_cls.game_name}_v{codec_cls.version}",
        }
        self.render_mode = render_mode
        self.possible_agents = list(self._core.agent_names)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._core.obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._core.act_space

    @property
    def state_(self) -> State[Any, Any]:
        """The engine state of the match in progress."""
        assert self._core.state is not None, "call reset() first"
        return self._core.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._core.new_match(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: self._core.info(i) for i, a in enumerate(self.possible_agents)}
        self.agent_selection = self.possible_agents[self._core.next_seat()]

    def observe(self, agent: str) -> Obs:
        return self._core.observe(self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: give an action index")
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self._core.act(seat, action)
        st = self.state_
        step_rewards = self._core.step_rewards()
        self.rewards = {a: step_rewards[i] for i, a in enumerate(self.possible_agents)}
        if st.is_over():
            self.terminations = dict.fromkeys(self.agents, True)
        for a in self.agents:
            self.infos[a] = self._core.info(self.possible_agents.index(a))
        self._accumulate_rewards()
        if not st.is_over():
            self.agent_selection = self.possible_agents[self._core.next_seat()]

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self._core.render()
        return None

    def close(self) -> None:
        pass


class PakkaParallelEnv(ParallelEnv[str, Obs, int]):  # type: ignore[misc]
    """The Parallel environment of one game (see the module docstring)."""

    metadata: dict[str, Any]

    def __init__(
        self,
        codec_cls: type[Codec],
        players: int | None = None,
        render_mode: str | None = None,
        reward: str = "match",
        **options: Any,
    ) -> None:
        self._core = _Core(codec_cls, players, options, reward)
        self.codec = self._core.codec
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"pakka_{codec_cls.game_name}_parallel_v{codec_cls.version}",
        }
        self.render_mode = render_mode
        self.possible_agents = list(self._core.agent_names)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._core.obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._core.act_space

    @property
    def state_(self) -> State[Any, Any]:
        assert self._core.state is not None, "call reset() first"
        return self._core.state

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        self._core.new_match(seed)
        self.agents = list(self.possible_agents)
        return self._all_obs(), self._all_infos()

    def _all_obs(self) -> dict[str, Obs]:
        return {a: self._core.observe(i) for i, a in enumerate(self.possible_agents)}

    def _all_infos(self) -> dict[str, dict[str, Any]]:
        return {a: self._core.info(i) for i, a in enumerate(self.possible_agents)}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        st = self.state_
        acting = sorted(st.to_act())
        for seat in acting:  # validate every index before applying any
            agent = self.possible_agents[seat]
            if agent not in actions or actions[agent] is None:
                raise ValueError(f"{agent} is to act and gave no action")
            self.codec.choose(self._core.seqs(seat), self._core.pending[seat], actions[agent])
        for seat in acting:
            self._core.act(seat, actions[self.possible_agents[seat]])
        step_rewards = self._core.step_rewards()
        rewards = {a: step_rewards[i] for i, a in enumerate(self.possible_agents)}
        over = st.is_over()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        obs, infos = self._all_obs(), self._all_infos()
        if over:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self._core.render()
        return None

    def close(self) -> None:
        pass

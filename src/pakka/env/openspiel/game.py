"""A pakka game as a ``pyspiel.Game``, with its ``GameType`` and ``GameInfo`` derived.

From the game's :class:`~pakka.engine.GameInfo` and its env codec:

* ``dynamics`` SEQUENTIAL: simultaneous engine steps are played as consecutive decisions
  (``pakka.env.openspiel.match``);
* ``chance_mode`` EXPLICIT_STOCHASTIC: chance nodes draw the match's seed, of which every
  deal is a pure function (``pakka.env.openspiel.match``); no player observes it.  (A
  sampled-stochastic game would draw it unseen, but OpenSpiel can then serialise a Python
  game's states only with the game's random state, which Python games cannot provide);
* ``information`` IMPERFECT when the game hides cards or has simultaneous steps;
* ``utility`` ZERO_SUM: every codec's final reward and the centred ``score`` rewards sum
  to zero; ``reward_model`` TERMINAL for ``reward="match"``, REWARDS for ``"score"``;
* ``num_distinct_actions`` the codec's action space, ``max_game_length`` the setup's
  decision cap, the utility range the setup's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from pakka import plugins
from pakka.engine import Game, State
from pakka.env.openspiel.match import SEED_BYTES, Match, seed_bytes
from pakka.env.openspiel.observer import PakkaObserver
from pakka.env.openspiel.setup import Param, Setup, make_setup, parameter_specification
from pakka.env.openspiel.state import PakkaState
from pakka.errors import PakkaError

__all__ = ["PakkaGame", "game_class", "game_type", "short_name"]

GT = pyspiel.GameType


def short_name(name: str) -> str:
    """OpenSpiel's name of a pakka game: ``python_pakka_<name>``."""
    return f"python_pakka_{name}"


def game_type(game: Game[Any, Any], reward: str = "match") -> Any:
    """The ``pyspiel.GameType`` of ``game`` (its parameters at their defaults)."""
    info = game.info
    hidden = info.hidden_information or info.simultaneous
    return GT(
        short_name=short_name(game.name),
        long_name=f"Python pakka {info.title}",
        dynamics=GT.Dynamics.SEQUENTIAL,
        chance_mode=GT.ChanceMode.EXPLICIT_STOCHASTIC,
        information=GT.Information.IMPERFECT_INFORMATION
        if hidden
        else GT.Information.PERFECT_INFORMATION,
        utility=GT.Utility.ZERO_SUM,
        reward_model=GT.RewardModel.TERMINAL if reward == "match" else GT.RewardModel.REWARDS,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameter_specification(game),
    )


def _game_info(setup: Setup) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=setup.codec.num_actions,
        max_chance_outcomes=256,
        num_players=setup.players,
        min_utility=setup.utility[0],
        max_utility=setup.utility[1],
        utility_sum=0.0,
        max_game_length=setup.max_length,
    )


class PakkaGame(pyspiel.Game):  # type: ignore[misc]
    """One pakka game for one parameter set (``pyspiel.load_game`` makes these); each
    game has its subclass (:func:`game_class`) naming it."""

    name: str

    def __init__(self, params: Mapping[str, Param] | None = None) -> None:
        setup = make_setup(self.name, params)
        super().__init__(game_type(setup.game, setup.reward), _game_info(setup), dict(setup.params))
        self.setup = setup

    def new_initial_state(self, seed: int | None = None) -> PakkaState:
        """A new match: chance is to draw its seed; with ``seed`` given, the match with that
        seed (its seed bytes applied, so ``history()`` starts with them)."""
        state = PakkaState(self, Match(self.setup))
        for byte in [] if seed is None else seed_bytes(seed):
            state.apply_action(byte)
        return state

    def max_chance_nodes_in_history(self) -> int:
        return SEED_BYTES

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its OpenSpiel name with parameters (``load_game`` rebuilds it)."""
        return (pyspiel.load_game, (str(self),))

    def from_pakka(self, state: State[Any, Any]) -> PakkaState:
        """An OpenSpiel state at the position of an engine state (a copy of it), for
        OpenSpiel bots playing at a table that pakka referees; its ``history`` is empty."""
        s = self.setup
        if state.game.name != s.game.name or state.players != s.players:
            raise PakkaError(
                f"a {state.players}-player {state.game.name} state does not fit "
                f"{self.get_type().short_name} for {s.players} players"
            )
        if state.options != s.options:
            raise PakkaError(f"the state's options {state.options} are not {s.options}")
        return PakkaState(self, Match(s, state.clone()))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PakkaObserver:
        return PakkaObserver(
            self.setup, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


def game_class(name: str) -> type[PakkaGame]:
    """The :class:`PakkaGame` subclass of game ``name``, which OpenSpiel's registry calls
    with the parameters.  (A class, as OpenSpiel's own Python games register: a registered
    callable that only the registry holds would be freed after the interpreter's shutdown,
    which aborts the process.)"""
    title = plugins.get(name).info.title.replace(" ", "")
    return type(f"Pakka{title}Game", (PakkaGame,), {"name": name, "__module__": __name__})

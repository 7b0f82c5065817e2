"""The OpenSpiel state of a pakka match: ``pyspiel.State`` methods over a :class:`Match`.

The one Python attribute is ``match`` (a :class:`Match`).  OpenSpiel's ``clone`` copies a Python state by
deep-copying its attributes (``Match.__deepcopy__``: an engine ``clone``, cheap) and
``serialize`` pickles them (``Match.__reduce__``: the engine's record, replayed on load).

``resample_from_infostate`` is a Python method: the Python ISMCTS bot
(``open_spiel.python.algorithms.ismcts``) calls it, OpenSpiel's C++ code does not see it.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from pakka.engine import State
from pakka.env.openspiel.match import CHANCE, Match

__all__ = ["PakkaState"]


class PakkaState(pyspiel.State):  # type: ignore[misc]
    """A pakka match as a sequential OpenSpiel game: chance draws the seed, then the seats
    decide one index at a time."""

    def __init__(self, game: Any, match: Match) -> None:
        super().__init__(game)
        self.match = match

    def current_player(self) -> int:
        player = self.match.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        return self.match.legal(player)

    def _apply_action(self, action: int) -> None:
        self.match.decide(int(action))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.match.chance_outcomes()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"seed byte {action}"
        text: str = self.match.setup.codec.describe(int(action))
        return text

    def is_terminal(self) -> bool:
        return self.match.is_over()

    def returns(self) -> list[float]:
        return list(self.match.returns)

    def rewards(self) -> list[float]:
        return list(self.match.rewards)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PakkaState:
        """A state ``player_id`` cannot tell from this one (see :meth:`resample`); the
        sampler (OpenSpiel's ``UniformProbabilitySampler``) seeds the draw."""
        return self.resample(player_id, random.Random(int(probability_sampler() * 2**53)))

    def resample(self, player: int, rng: random.Random) -> PakkaState:
        """A state with the same information state for ``player``: the other seats' hidden
        cards drawn by the engine's ``determinize`` (consistent with every card seen and
        every void shown) from ``rng``.  ISMCTS takes it through ``set_resampler``."""
        state: PakkaState = self.get_game().new_initial_state()
        state.match = self.match.resample(player, rng)
        return state

    @property
    def pakka_state(self) -> State[Any, Any]:
        """A copy of the engine state (its ``observation``, ``legal_actions``, record)."""
        return self.match.engine.clone()

    @property
    def seed(self) -> int:
        """The match's seed: the deals of this match (not in OpenSpiel's ``history``)."""
        seed: int = self.match.engine.seed
        return seed

    def __str__(self) -> str:
        return self.match.describe()

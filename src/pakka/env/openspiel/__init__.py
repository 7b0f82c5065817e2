"""pakka's games inside OpenSpiel (the ``rl`` extra): importing this registers them.

>>> import pyspiel
>>> import pakka.env.openspiel
>>> game = pyspiel.load_game("python_pakka_pentagrammi", {"deals": 1})
>>> state = game.new_initial_state(7)        # the match with seed 7
>>> state.current_player(), len(state.legal_actions())   # five seats pass two cards at once
(0, 110)
>>> game.num_distinct_actions(), game.information_state_tensor_size()
(2862, 864)

Each game with an env codec is registered as ``python_pakka_<name>`` (a
:class:`PakkaGame` per parameter set; parameters in ``pakka.env.openspiel.setup``).  Its
states (:class:`PakkaState`) use the codec's action indices; a simultaneous engine step is
played as consecutive decisions in seat order, and a multi-index decision as consecutive
decisions of one seat.  The deals come from the match's seed, which chance draws a byte at
a time and nobody observes; ``state.resample(player, rng)`` draws the hidden cards again for
ISMCTS.  See ``docs/env/openspiel.md``.
"""

from __future__ import annotations

import pyspiel  # type: ignore[import-not-found]

import pakka.env
from pakka import plugins
from pakka.env.openspiel.game import PakkaGame, game_class, game_type, short_name
from pakka.env.openspiel.state import PakkaState

__all__ = ["GAMES", "PakkaGame", "PakkaState", "short_name"]

GAMES: dict[str, str] = {short_name(name): name for name in pakka.env.environments()}
"""OpenSpiel's name of every registered pakka game -> pakka's name."""

for _name in GAMES.values():
    pyspiel.register_game(game_type(plugins.get(_name)), game_class(_name))

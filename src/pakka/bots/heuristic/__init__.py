"""Per-game heuristics: ``pakka.bots.heuristic.<game>`` modules.

Each module defines ``POLICY`` (an object with ``choose(obs, legal, rng)``, the ``normal``
level and the search bots' rollout policy) and may define ``value(state, seat) -> float``
(how good the end of a deal is for a seat; default: score margin) and
``explain(obs, action, lang) -> str`` (a one-line reason for hints).
"""

from __future__ import annotations

import importlib
from types import ModuleType


def module_for(game_name: str) -> ModuleType | None:
    """The heuristic module of a game, or ``None`` if it has none yet."""
    try:
        return importlib.import_module(f"{__name__}.{game_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_name}":
            raise
        return None

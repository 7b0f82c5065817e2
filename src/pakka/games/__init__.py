"""The game registry: ``pakka.games.get(name)`` and ``pakka.games.names()``.

Each game module registers itself when imported; the registry imports them on first use.
"""

from pakka.engine import get, names, register

__all__ = ["get", "names", "register"]

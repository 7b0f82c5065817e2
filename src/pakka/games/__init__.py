"""The games: ``pakka.games.get(name)`` and ``pakka.games.names()``.

Each game is a folder here, ``pakka/games/<name>/``, that holds everything it is (rules,
bots, environment codec, presenter, words, rules texts and tests) and one plug-in object,
``PLUGIN``, declared as its ``pakka.games`` entry point.  Games of other packages are found
the same way (:mod:`pakka.plugins`).
"""

from pakka.plugins import get, names, register

__all__ = ["get", "names", "register"]

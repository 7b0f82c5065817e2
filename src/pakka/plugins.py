"""Games and their companions, found by one convention: entry points.

A game is a plug-in.  An installed package (pakka itself included) declares, under the
game's name, entry points in these groups (``pyproject.toml``)::

    [project.entry-points."pakka.games"]      # required: the Game instance
    anarchy = "pakka.games.anarchy:GAME"
    [project.entry-points."pakka.bots"]       # its bot kit (pakka.bots.BotKit)
    anarchy = "pakka.bots.heuristic.anarchy:KIT"
    [project.entry-points."pakka.codecs"]     # its env codec class (pakka.env.Codec)
    anarchy = "pakka.env.anarchy:AnarchyCodec"
    [project.entry-points."pakka.present"]    # its presentation (pakka.present.Presenter)
    anarchy = "pakka.present.anarchy:PRESENTER"

Only the game is required; a game without companions plays with ``random`` bots and the
generic presentation, and has no RL environment.  Nothing above the engine lists games by
name: clients, tools and tests loop over :func:`names` and ask for companions here.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, Final

from pakka.errors import PakkaError, UnknownGame

if TYPE_CHECKING:
    from pakka.engine import Game

__all__ = [
    "GROUPS",
    "companion",
    "describe",
    "forget_companion",
    "game",
    "names",
    "register",
    "registered",
    "set_companion",
    "unregister",
]

GROUPS: Final = {
    "games": "pakka.games",
    "bots": "pakka.bots",
    "codecs": "pakka.codecs",
    "present": "pakka.present",
}
"""Companion kind -> entry-point group."""

_lock = threading.RLock()
_games: dict[str, Game[Any, Any]] = {}
_companions: dict[tuple[str, str], Any] = {}
_points: dict[str, dict[str, EntryPoint]] = {}


def _entry_points(kind: str) -> dict[str, EntryPoint]:
    """The installed entry points of one group by name (read once); a name claimed by two
    packages is an error that names both."""
    with _lock:
        found = _points.get(kind)
        if found is None:
            found = {}
            for ep in entry_points(group=GROUPS[kind]):
                other = found.get(ep.name)
                if other is not None and other.value != ep.value:
                    raise PakkaError(
                        f"two packages register the {kind[:-1]} {ep.name!r}: "
                        f"{other.value} and {ep.value}"
                    )
                found[ep.name] = ep
            _points[kind] = found
        return found


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Add a game by hand (tests, notebooks); installed games need no call."""
    with _lock:
        _games[game.info.name] = game
    return game


def unregister(name: str) -> None:
    """Take a game registered by hand away again (tests)."""
    with _lock:
        _games.pop(name, None)
        for key in [k for k in _companions if k[1] == name]:
            del _companions[key]


@contextlib.contextmanager
def registered(game: Game[Any, Any]) -> Iterator[Game[Any, Any]]:
    """``with registered(game):`` the game is registered inside the block only (tests)."""
    had = _games.get(game.info.name)
    register(game)
    try:
        yield game
    finally:
        if had is None:
            unregister(game.info.name)
        else:
            register(had)


def names() -> list[str]:
    """The names of every game: installed ones and those registered by hand, sorted."""
    return sorted(set(_entry_points("games")) | set(_games))


def game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (its entry point is loaded on first use)."""
    from pakka.engine import Game

    with _lock:
        found = _games.get(name)
        if found is not None:
            return found
        ep = _entry_points("games").get(name)
        if ep is None:
            raise UnknownGame(f"unknown game {name!r}; games are: {', '.join(names()) or 'none'}")
        loaded = ep.load()
        if not isinstance(loaded, Game):
            raise PakkaError(f"entry point {ep.value} of game {name!r} is not a pakka Game")
        if loaded.info.name != name:
            raise PakkaError(
                f"entry point {name!r} loads the game {loaded.info.name!r}; the names must match"
            )
        _games[name] = loaded
        return loaded


def companion(kind: str, name: str) -> object | None:
    """The ``kind`` companion of game ``name`` as its entry point loads it (``None`` if the
    game brings none); ``kind`` is ``bots``, ``codecs`` or ``present``.

    Each layer wraps this in a typed accessor that checks what it got (a broken or misspelt
    entry point is an error naming it, never silently skipped): :func:`pakka.bots.kit_for`,
    :func:`pakka.env.codec_class`, :func:`pakka.present.presenter`.
    """
    key = (kind, name)
    with _lock:
        if key not in _companions:
            ep = _entry_points(kind).get(name)
            _companions[key] = None if ep is None else ep.load()
        found: object | None = _companions[key]
        return found


def describe(kind: str, name: str) -> str:
    """Where a companion comes from, for error messages."""
    ep = _entry_points(kind).get(name)
    return f"entry point {ep.value} ({GROUPS[kind]})" if ep else f"the {kind} of {name!r}"


def set_companion(kind: str, name: str, value: Any) -> None:
    """Give a game registered by hand a companion (tests)."""
    with _lock:
        _companions[(kind, name)] = value


def forget_companion(kind: str, name: str) -> None:
    """Forget a companion set or loaded, so the next lookup reads the entry point again."""
    with _lock:
        _companions.pop((kind, name), None)

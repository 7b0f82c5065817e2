"""Games are plug-ins: one entry point per game gives everything that game is.

An installed package (pakka itself included) declares each of its games under the
``pakka.games`` entry-point group (``pyproject.toml``)::

    [project.entry-points."pakka.games"]
    pentagrammi = "pakka.games.pentagrammi:PLUGIN"

The entry point loads a :class:`Plugin`, or just a :class:`~pakka.engine.Game` for a game
that brings nothing else.  A plug-in names its parts as ``"module:attribute"`` references
that are imported on first use (a game is listed without importing its bots, its
environment or its presenter):

* ``game`` (required): the :class:`~pakka.engine.Game` instance;
* ``bots``: its :class:`pakka.bots.BotKit` (without one every level plays at random, and
  ``hard`` searches with random play-outs);
* ``codec``: its env codec class (:class:`pakka.env.Codec`; without one it has no RL
  environment);
* ``present``: its :class:`pakka.present.Presenter` (without one the generic presenter
  shows it);
* ``resources``: the package that holds its words, ``messages.json`` (key -> ``{"en": ...,
  "fi": ...}``), and its rules texts, ``rules.md`` and ``rules.fi.md``; by default the
  package its entry point lives in.

Nothing above the engine lists games by name: clients, tools and tests loop over
:func:`names` and ask here for a game's parts.  ``pakka.games.get`` and ``names`` are these
functions.

>>> names()[:2]
['anarchy', 'guandan']
>>> get("pentagrammi").info.title
'Pentagrammi'
>>> plugin("pentagrammi").codec
'pakka.games.pentagrammi.codec:PentagrammiCodec'
"""

from __future__ import annotations

import contextlib
import importlib
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, replace
from importlib import resources as importlib_resources
from importlib.metadata import EntryPoint, entry_points
from importlib.resources.abc import Traversable
from typing import Any, Final, TypeVar, overload

from pakka.engine import Game
from pakka.errors import PakkaError, UnknownGame

__all__ = [
    "GROUP",
    "KINDS",
    "Plugin",
    "companion",
    "describe",
    "distribution",
    "forget_companion",
    "game",
    "get",
    "messages",
    "names",
    "plugin",
    "register",
    "registered",
    "resource",
    "set_companion",
    "shipped",
    "unregister",
    "version",
]

GROUP: Final = "pakka.games"
"""The entry-point group every game is declared in."""

KINDS: Final = ("bots", "codec", "present")
"""The optional parts a plug-in may bring besides its game."""

GameT = TypeVar("GameT", bound=Game[Any, Any])


@dataclass(frozen=True)
class Plugin:
    """One game and its parts, each a ``"module:attribute"`` reference (loaded on first
    use) or the object itself; see the module docstring."""

    game: str | Game[Any, Any]
    bots: object | None = None
    codec: object | None = None
    present: object | None = None
    resources: str | None = None
    """The package holding ``messages.json`` and ``rules.md`` / ``rules.<lang>.md``."""


_lock = threading.RLock()
_points: dict[str, EntryPoint] | None = None
_plugins: dict[str, Plugin] = {}
"""Plug-ins read from entry points or registered by hand, with ``resources`` filled in."""
_by_hand: set[str] = set()
_games: dict[str, Game[Any, Any]] = {}
_parts: dict[tuple[str, str], object | None] = {}
_version = 0


def version() -> int:
    """A number that changes whenever a game or a part is registered or forgotten (so that
    what is built from every game, such as the catalogue, knows when to rebuild)."""
    return _version


def _changed() -> None:
    global _version
    _version += 1


def _entry_points() -> dict[str, EntryPoint]:
    """The installed ``pakka.games`` entry points by name (read once); a name claimed by two
    packages is an error that names both."""
    global _points
    with _lock:
        if _points is None:
            found: dict[str, EntryPoint] = {}
            for ep in entry_points(group=GROUP):
                other = found.get(ep.name)
                if other is not None and other.value != ep.value:
                    raise PakkaError(
                        f"two packages register the game {ep.name!r}: {other.value} and {ep.value}"
                    )
                found[ep.name] = ep
            _points = found
        return _points


def _resolve(ref: object, what: str) -> object:
    """Import a ``"module:attribute"`` reference (anything else is the object itself)."""
    if not isinstance(ref, str):
        return ref
    module, _, attr = ref.partition(":")
    try:
        loaded: object = importlib.import_module(module)
        for part in attr.split(".") if attr else ():
            loaded = getattr(loaded, part)
    except (ImportError, AttributeError) as exc:
        raise PakkaError(f"{what} cannot be loaded from {ref!r}: {exc}") from exc
    return loaded


def _package_of(module: str) -> str:
    """The package a module belongs to (a package is its own)."""
    loaded = importlib.import_module(module)
    return module if hasattr(loaded, "__path__") else module.rpartition(".")[0]


def distribution(name: str) -> str | None:
    """The installed distribution that declares game ``name`` (``"pakka"`` for the games
    pakka ships), ``None`` for a game registered by hand."""
    ep = None if name in _by_hand else _entry_points().get(name)
    dist = getattr(ep, "dist", None)
    return None if dist is None else str(dist.name)


def shipped() -> list[str]:
    """The games pakka itself ships (whose generated docs live in its repository)."""
    return [n for n in names() if distribution(n) == "pakka"]


def plugin(name: str) -> Plugin:
    """The plug-in of game ``name`` (:class:`UnknownGame` naming the games if none)."""
    with _lock:
        found = _plugins.get(name)
        if found is not None:
            return found
        ep = _entry_points().get(name)
        if ep is None:
            raise UnknownGame(f"unknown game {name!r}; games are: {', '.join(names()) or 'none'}")
        loaded = ep.load()
        if isinstance(loaded, Game):
            loaded = Plugin(game=loaded)
        if not isinstance(loaded, Plugin):
            raise PakkaError(
                f"entry point {ep.value} of game {name!r} is neither a pakka Plugin nor a Game"
            )
        if loaded.resources is None:
            loaded = replace(loaded, resources=_package_of(ep.module))
        _plugins[name] = loaded
        return loaded


def register(item: Game[Any, Any] | Plugin) -> Game[Any, Any]:
    """Add a game (or a whole plug-in) by hand: tests, notebooks.  Installed games need no
    call.  Returns the game."""
    entry = item if isinstance(item, Plugin) else Plugin(game=item)
    found = _resolve(entry.game, "the game")
    if not isinstance(found, Game):
        raise PakkaError(f"{entry.game!r} is not a pakka Game")
    if entry.resources is None:
        entry = replace(entry, resources=_package_of(type(found).__module__))
    with _lock:
        name = found.info.name
        _plugins[name] = entry
        _games[name] = found
        _by_hand.add(name)
        for key in [k for k in _parts if k[1] == name]:
            del _parts[key]
        _changed()
    return found


def unregister(name: str) -> None:
    """Take a game registered by hand away again (tests)."""
    with _lock:
        if name in _by_hand:
            _by_hand.discard(name)
            _plugins.pop(name, None)
            _games.pop(name, None)
        for key in [k for k in _parts if k[1] == name]:
            del _parts[key]
        _changed()


@contextlib.contextmanager
def registered(item: Game[Any, Any] | Plugin) -> Iterator[Game[Any, Any]]:
    """``with registered(game):`` the game is registered inside the block only (tests)."""
    found = register(item)
    try:
        yield found
    finally:
        unregister(found.info.name)


def names() -> list[str]:
    """The names of every game: installed ones and those registered by hand, sorted."""
    return sorted(set(_entry_points()) | _by_hand)


def game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (its plug-in's game is loaded on first use)."""
    with _lock:
        found = _games.get(name)
        if found is not None:
            return found
        entry = plugin(name)
        loaded = _resolve(entry.game, f"the game of {name!r}")
        if not isinstance(loaded, Game):
            raise PakkaError(f"{describe('game', name)} is not a pakka Game: {loaded!r}")
        if loaded.info.name != name:
            raise PakkaError(
                f"the plug-in {name!r} loads the game {loaded.info.name!r}; the names must match"
            )
        _games[name] = loaded
        return loaded


@overload
def get(name: str) -> Game[Any, Any]: ...


@overload
def get(name: str, kind: type[GameT]) -> GameT: ...


def get(name: str, kind: type[Game[Any, Any]] | None = None) -> Game[Any, Any]:
    """The game called ``name``; with ``kind`` (its class), typed as that game, so that
    ``get("anarchy", AnarchyGame).new_match()`` is an ``AnarchyState`` to mypy.

    >>> from pakka.games.pentagrammi import PentagrammiGame
    >>> get("pentagrammi", PentagrammiGame).info.title
    'Pentagrammi'
    """
    found = game(name)
    if kind is not None and not isinstance(found, kind):
        raise PakkaError(f"game {name!r} is a {type(found).__name__}, not a {kind.__name__}")
    return found


def companion(kind: str, name: str) -> object | None:
    """The ``kind`` part (``bots``, ``codec`` or ``present``) of game ``name`` as its plug-in
    loads it, ``None`` if the game brings none (or is a game object nobody registered).

    Each layer wraps this in a typed accessor that checks what it got (a broken or misspelt
    reference is an error naming it, never silently skipped): :func:`pakka.bots.kit_for`,
    :func:`pakka.env.codec_class`, :func:`pakka.present.presenter`.
    """
    if kind not in KINDS:
        raise PakkaError(f"unknown part {kind!r}; parts are: {', '.join(KINDS)}")
    key = (kind, name)
    with _lock:
        if key not in _parts:
            if name not in _plugins and name not in _entry_points():
                return None
            ref = getattr(plugin(name), kind)
            _parts[key] = None if ref is None else _resolve(ref, f"the {kind} of game {name!r}")
        return _parts[key]


def describe(kind: str, name: str) -> str:
    """Where a part comes from, for error messages."""
    ref = getattr(_plugins.get(name), kind, None)
    return (
        f"the {kind} of game {name!r} ({ref})"
        if isinstance(ref, str)
        else f"the {kind} of {name!r}"
    )


def set_companion(kind: str, name: str, value: Any) -> None:
    """Give a game a part by hand, or replace one (tests, benchmarks)."""
    with _lock:
        _parts[(kind, name)] = value
        _changed()


def forget_companion(kind: str, name: str) -> None:
    """Forget a part set or loaded, so the next lookup reads the plug-in again."""
    with _lock:
        _parts.pop((kind, name), None)
        _changed()


def resource(name: str, file: str) -> Traversable | None:
    """A file of game ``name``'s resources package (``messages.json``, ``rules.fi.md``), or
    ``None`` when the game has no such file (or is not registered)."""
    if name not in _plugins and name not in _entry_points():
        return None
    package = plugin(name).resources
    if not package:
        return None
    try:
        found = importlib_resources.files(package) / file
    except (ModuleNotFoundError, TypeError):
        return None
    return found if found.is_file() else None


def messages(name: str) -> dict[str, dict[str, str]]:
    """Game ``name``'s own words, key -> language -> text (``{}`` if it brings none); a
    malformed file is an error that names it and says what is wrong."""
    found = resource(name, "messages.json")
    if found is None:
        return {}
    where = f"the words of game {name!r} ({plugin(name).resources}/messages.json)"
    try:
        data = json.loads(found.read_text("utf-8"))
    except ValueError as exc:
        raise PakkaError(f"{where} are not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise PakkaError(f"{where} must be an object of key -> {{language: text}}")
    for key, entry in data.items():
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("en"), str)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in entry.items())
        ):
            raise PakkaError(
                f"{where}: {key!r} must map languages to texts and have English ('en')"
            )
    return data

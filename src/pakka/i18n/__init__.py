"""The catalogue of the strings people see, in English and Finnish.

The words every game shares are in ``pakka/i18n/messages.json``; each game brings its own in
its plug-in's ``messages.json`` (key -> ``{"en": ..., "fi": ...}``).  :func:`catalogue`
merges them, so the terminal clients (:func:`t`) and the browser (the server serves the
merged catalogue at ``/api/i18n``) read one table.  A key defined twice is an error that
names both files.

A word missing in the person's language falls back to English.  A key missing altogether
is a programming error: under :func:`strict` (the test suite turns it on) it raises; in a
running server it is logged and shown as an ellipsis, never as the raw key.

>>> t("your_turn", "fi")
'Sinun vuorosi'
>>> t("seat_name", "en", seat=2)
'Seat 2'
>>> t("game_pentagrammi", "fi")  # a game's own word, from its folder
'Pentagrammi'
"""

from __future__ import annotations

import json
import logging
from importlib import resources
from typing import Any, Literal

from pakka import plugins
from pakka.errors import PakkaError

Lang = Literal["en", "fi"]
LANGS: tuple[Lang, ...] = ("en", "fi")

MISSING = "…"
"""What a person sees for a key nobody defined (outside :func:`strict` mode)."""

_log = logging.getLogger("pakka.i18n")
_built: tuple[int, dict[str, dict[str, str]]] | None = None
_shared: dict[str, dict[str, str]] | None = None
_strict = False


def strict(on: bool = True) -> None:
    """Make a missing key raise instead of showing :data:`MISSING` (the tests)."""
    global _strict
    _strict = on


def shared() -> dict[str, dict[str, str]]:
    """The words every game shares (``pakka/i18n/messages.json``)."""
    global _shared
    if _shared is None:
        text = resources.files(__package__).joinpath("messages.json").read_text("utf-8")
        _shared = json.loads(text)
    return _shared


def catalogue() -> dict[str, dict[str, str]]:
    """All messages, key -> language -> text: the shared words and every game's own.

    Built once and again only when a game is registered or forgotten."""
    global _built
    built = _built
    version = plugins.version()
    if built is not None and built[0] == version:
        return built[1]
    merged = dict(shared())
    origin = dict.fromkeys(merged, "pakka/i18n/messages.json")
    for name in plugins.names():
        for key, entry in plugins.messages(name).items():
            if key in merged:
                raise PakkaError(
                    f"the word {key!r} is defined twice: in {origin[key]} and by game {name!r}"
                )
            merged[key] = entry
            origin[key] = f"game {name!r}"
    _built = (version, merged)
    return merged


def has(key: str) -> bool:
    """Whether the catalogue defines ``key``."""
    return key in catalogue()


def t(key: str, lang: str = "en", **fmt: Any) -> str:
    """The message ``key`` in ``lang`` (English if missing), formatted with ``fmt``."""
    entry = catalogue().get(key)
    if entry is None:
        if _strict:
            raise PakkaError(f"no words for {key!r} in the catalogue")
        _log.error("no words for %r in the catalogue", key)
        return MISSING
    text = entry.get(lang) or entry["en"]
    return text.format(**fmt) if fmt else text

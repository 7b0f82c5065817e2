"""The rules of each game as people read them, in English and Finnish, from its plug-in.

A game's rules texts lie in its plug-in's resources package, beside its words:
``rules.md`` (English) and ``rules.fi.md`` (Finnish); for the games pakka ships that is
``pakka/games/<game>/``.  The server (``GET /api/games/{name}/rules``) and the terminal
client read rules only through this module.  ``$PAKKA_DOCS`` (a directory holding
``rules/<game>.md`` and ``rules/<game>.fi.md``), or the ``docs`` argument, replaces the
plug-ins' texts, for instance with a translation being written.

>>> languages("anarchy")
['en', 'fi']
>>> lang, text = read("anarchy", "fi")
>>> lang, "Pelaajia" in text
('fi', True)
>>> read("anarchy", "sv")[0]  # a language without a text: English
'en'
"""

from __future__ import annotations

import os
from importlib.resources.abc import Traversable
from pathlib import Path

from pakka import plugins
from pakka.errors import UnknownGame

LANGUAGES = ("en", "fi")
"""The languages a rules text may have, English first (the fallback)."""


def file_name(lang: str) -> str:
    """``rules.md`` for English, ``rules.<lang>.md`` for the others."""
    return "rules.md" if lang == "en" else f"rules.{lang}.md"


def _text(game: str, lang: str, docs: Path | None) -> Traversable | None:
    if docs is None:
        env = os.environ.get("PAKKA_DOCS")
        docs = Path(env) if env else None
    if docs is not None:
        found = docs / "rules" / (f"{game}.md" if lang == "en" else f"{game}.{lang}.md")
        return found if found.is_file() else None
    return plugins.resource(game, file_name(lang))


def languages(game: str, docs: Path | None = None) -> list[str]:
    """The languages ``game``'s rules are written in (in :data:`LANGUAGES` order); ``[]``
    for a game without rules texts or no such game."""
    if game not in plugins.names():
        return []
    try:
        return [lang for lang in LANGUAGES if _text(game, lang, docs) is not None]
    except UnknownGame:
        return []


def read(game: str, lang: str = "en", docs: Path | None = None) -> tuple[str, str] | None:
    """``(language, Markdown)`` of ``game``'s rules in ``lang``, else in English, else in the
    first language there is; ``None`` when the game has no rules text."""
    langs = languages(game, docs)
    if not langs:
        return None
    chosen = lang if lang in langs else langs[0]
    found = _text(game, chosen, docs)
    return None if found is None else (chosen, found.read_text("utf-8"))

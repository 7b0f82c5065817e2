"""The rules of each game as people read them, in English and Finnish, from the package.

The texts live in one place, ``docs/rules/<game>.md`` and ``docs/rules/<game>.fi.md``.
``src/pakka/rules`` is a symbolic link to that directory, so a wheel or sdist carries the
files themselves as package data (``pakka/rules/*.md``) and a source checkout reads the
very same files; ``tests/test_rulebook.py`` checks that the two cannot differ.  The server
(``GET /api/games/{name}/rules``) and the terminal client read rules only through this
module.  ``$PAKKA_DOCS`` (a directory holding ``rules/``), or the ``docs`` argument, replaces
the packaged texts, for instance with a translation being written.

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
import re
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

LANGUAGES = ("en", "fi")
"""The languages a rules text may have, English first (the fallback)."""

_NAME = re.compile(r"[a-z0-9_]{1,40}")


def _root(docs: Path | None) -> Traversable:
    if docs is None:
        env = os.environ.get("PAKKA_DOCS")
        docs = Path(env) if env else None
    if docs is not None:
        return docs / "rules"
    return resources.files("pakka") / "rules"


def file_name(game: str, lang: str) -> str:
    """``<game>.md`` for English, ``<game>.<lang>.md`` for the others."""
    return f"{game}.md" if lang == "en" else f"{game}.{lang}.md"


def languages(game: str, docs: Path | None = None) -> list[str]:
    """The languages ``game``'s rules are written in (in :data:`LANGUAGES` order)."""
    if not _NAME.fullmatch(game):
        return []
    root = _root(docs)
    return [lang for lang in LANGUAGES if (root / file_name(game, lang)).is_file()]


def read(game: str, lang: str = "en", docs: Path | None = None) -> tuple[str, str] | None:
    """``(language, Markdown)`` of ``game``'s rules in ``lang``, else in English, else in the
    first language there is; ``None`` when the game has no rules text."""
    langs = languages(game, docs)
    if not langs:
        return None
    chosen = lang if lang in langs else langs[0]
    return chosen, (_root(docs) / file_name(game, chosen)).read_text("utf-8")

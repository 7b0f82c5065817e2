"""One catalogue of the strings people see, in English and Finnish.

``messages.json`` maps a key to ``{"en": ..., "fi": ...}``; the terminal clients use
:func:`t`, and the server serves the same file to the browser client.

>>> t("your_turn", "fi")
'Sinun vuorosi'
>>> t("seat_name", "en", seat=2)
'Seat 2'
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Literal

Lang = Literal["en", "fi"]
LANGS: tuple[Lang, ...] = ("en", "fi")


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """All messages: key -> language -> text."""
    text = resources.files(__package__).joinpath("messages.json").read_text("utf-8")
    data: dict[str, dict[str, str]] = json.loads(text)
    return data


def t(key: str, lang: str = "en", **fmt: Any) -> str:
    """The message ``key`` in ``lang`` (English if missing), formatted with ``fmt``."""
    entry = catalogue().get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry["en"]
    return text.format(**fmt) if fmt else text

"""The missing-raw-text rule: what a person reads never shows the engine's data.

:func:`problems` lists every piece of raw data in a page's visible text: an engine field
name or enum value (``full_house``, ``captured_by``), ``true/false/null/None/undefined``,
a bare seat number or a row of them (``captured by 0 0 3 3``, ``passes 2, 3``, ``seat 2``),
and, in Finnish, an English word or internal name from the observation (``passing``,
``lowest heart``) or from the client's own English strings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

LITERALS = re.compile(r"\b(true|false|null|None|True|False|undefined|NaN)\b")
SUITS = "♠♥♦♣★☆"
# two or more small numbers in a row, separated by spaces or commas, not part of a card
# ("♠2 ♠3"), a word, a sign or a range: seats (or per-seat values) printed as they are
SEAT_ROW = re.compile(
    rf"(?<![\w{SUITS}+\-–.:/])\d{{1,2}}(?:(?:, ?| )\d{{1,2}})+(?![\w{SUITS}%.–/])"
)
SEAT_WORD = re.compile(r"\b(?:seat|paikka)\s+\d\b", re.I)
SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
WORD = re.compile(r"^[a-z]{3,}$")


def identifiers(data: Any) -> set[str]:
    """Every key and string value in an observation (or any JSON) that looks like a name
    in code: ``full_house``, ``captured_by``, ``passing``."""
    found: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for k, x in v.items():
                found.add(str(k))
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, str):
            found.add(v)

    walk(data)
    return {x for x in found if SNAKE.match(x) or WORD.match(x)}


def problems(
    text: str,
    lang: str,
    names: Iterable[str] = (),
    english: Iterable[str] = (),
    people: Iterable[str] = (),
) -> list[str]:
    """The raw pieces in ``text`` (visible text in ``lang``), each with a little context.

    ``names``: identifiers from the data behind the page (see :func:`identifiers`);
    snake_case ones are raw in any language, plain words and their spaced forms only in
    Finnish (``hearts`` is English, ``full house`` too).  ``english``: the client's English
    strings, which a Finnish page must not show.  ``people``: the seats' names (``Bot 1``),
    read as names, not as numbers."""
    out: list[str] = []
    for person in sorted(set(people), key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(person)}(?!\w)", "‹name›", text)

    def hit(m: re.Match[str], what: str) -> None:
        a, b = max(0, m.start() - 20), min(len(text), m.end() + 20)
        out.append(f"{what}: …{text[a:b]}…".replace("\n", " "))

    for m in LITERALS.finditer(text):
        hit(m, "literal")
    for m in SEAT_ROW.finditer(text):
        hit(m, "numbers in a row")
    for m in SEAT_WORD.finditer(text):
        hit(m, "seat number")
    for name in sorted(set(names)):
        forms = [name] if SNAKE.match(name) else []
        if lang == "fi":
            forms += [name.replace("_", " ")] if SNAKE.match(name) else [name]
        for form in forms:
            for m in re.finditer(rf"(?<![\w-]){re.escape(form)}(?![\w-])", text):
                hit(m, f"engine name {name!r}")
    if lang == "fi":
        for phrase in sorted(set(english)):
            for m in re.finditer(rf"(?<!\w){re.escape(phrase)}(?!\w)", text):
                hit(m, f"English {phrase!r}")
    return out

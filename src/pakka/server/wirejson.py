"""Reading JSON from the network: only what RFC 8259 allows, and not too deep.

Python's ``json.loads`` accepts more than JSON: ``NaN``, ``Infinity`` and ``-Infinity``,
numbers like ``1e999`` that become infinite, and ``\\ud800`` escapes that make strings with
a lone surrogate (which cannot be encoded again, so the answer that echoes them fails).
And it recurses: lists nested a few thousand deep raise ``RecursionError``.  Each of these
used to become a 500 or a silently closed socket.  :func:`loads` refuses them all with a
:class:`JSONRefused` that says which, before anything else sees the value.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 32
"""Deepest nesting of lists and objects a client may send (a Guandan action is 4 deep)."""

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class JSONRefused(ValueError):
    """The text is not JSON, or is JSON the server does not take; the message says why."""


def _constant(name: str) -> Any:
    raise JSONRefused(f"{name} is not a JSON number")


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONRefused(f"{text} is too large for a JSON number")
    return value


def loads(raw: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``raw``, or :class:`JSONRefused`.

    >>> loads('{"a": [1, 2.5, "x"]}')
    {'a': [1, 2.5, 'x']}
    >>> loads('{"a": NaN}')
    Traceback (most recent call last):
    ...
    pakka.server.wirejson.JSONRefused: NaN is not a JSON number
    >>> loads('"\\\\ud800"')
    Traceback (most recent call last):
    ...
    pakka.server.wirejson.JSONRefused: a string holds a lone surrogate (\\ud800), which is not Unicode text
    >>> loads("[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    pakka.server.wirejson.JSONRefused: lists and objects are nested deeper than 32 levels
    """
    try:
        value = json.loads(raw, parse_constant=_constant, parse_float=_number)
    except JSONRefused:
        raise
    except RecursionError:
        raise JSONRefused(f"lists and objects are nested deeper than {max_depth} levels") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise JSONRefused(f"not JSON: {exc}") from None
    text = raw if isinstance(raw, str) else raw.decode("utf-8")
    _check(value, max_depth, strings=_SURROGATE_ESCAPE.search(text) is not None)
    return value


def _check(value: Any, max_depth: int, strings: bool) -> None:
    """Depth of the nesting, and (``strings``) no lone surrogate in any key or string."""
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):
            if depth >= max_depth:
                raise JSONRefused(f"lists and objects are nested deeper than {max_depth} levels")
            if isinstance(item, dict):
                todo.extend((k, depth + 1) for k in item)
                todo.extend((v, depth + 1) for v in item.values())
            else:
                todo.extend((v, depth + 1) for v in item)
        elif strings and isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                lone = f"\\u{ord(item[exc.start]):04x}"
                raise JSONRefused(
                    f"a string holds a lone surrogate ({lone}), which is not Unicode text"
                ) from None

"""Display names people choose: cleaned of invisible and direction-changing characters,
and refused when they pass for a bot.

Every client shows a name as text beside a seat.  Control characters, bidirectional
overrides (which turn the rest of a line around: ``Bob\\u202egnp.exe``) and zero-width
characters (which make two names look alike) are removed; whitespace becomes single
spaces.  A bot's seat is drawn as "Bot 2 (hard)" / "Botti 2 (vaikea)": a person called
"Bot 2 (hard)" (or ``B0T``, ``Botti``, ``🤖``) would pass for one, so such names are
refused.
"""

from __future__ import annotations

import re
import unicodedata

from pakka.server.protocol import MAX_NAME_LENGTH
from pakka.server.room import RoomError

DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Control, format (bidirectional marks and overrides, zero-width characters), surrogate,
private-use and unassigned code points."""
BOT_WORDS = ("bot", "botti", "robot", "robotti")
"""Words that start a bot's label in the clients (English and Finnish)."""
_LOOKALIKE = str.maketrans("0134578@$|", "oleastbasl")
_BOT_LIKE = re.compile(rf"^(?:{'|'.join(BOT_WORDS)})(?:[^a-z]|$)")


def clean(name: str) -> str:
    """``name`` as it will be shown: normalised (NFKC), without control, format and other
    invisible characters, whitespace collapsed; :class:`RoomError` (422) when nothing is
    left or it passes for a bot.

    >>> clean("  Ann\\u200b  Lee ")
    'Ann Lee'
    >>> clean("Bob\\u202egnp.exe")
    'Bobgnp.exe'
    >>> clean("B0t 2 (hard)")
    Traceback (most recent call last):
    ...
    pakka.server.room.RoomError: 'B0t 2 (hard)' looks like a bot's name; choose another
    >>> clean("Botond")
    'Botond'
    """
    text = unicodedata.normalize("NFKC", name)
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch) not in DROPPED_CATEGORIES
    )
    cleaned = " ".join(kept.split())
    if len(cleaned) > MAX_NAME_LENGTH:  # NFKC may lengthen a name
        raise RoomError(422, f"a display name has at most {MAX_NAME_LENGTH} characters")
    if not cleaned:
        raise RoomError(422, "a display name cannot be blank (or only invisible characters)")
    if _passes_for_bot(cleaned):
        raise RoomError(422, f"{cleaned!r} looks like a bot's name; choose another")
    return cleaned


def _passes_for_bot(name: str) -> bool:
    if "\N{ROBOT FACE}" in name:
        return True
    letters = name.casefold().translate(_LOOKALIKE)
    letters = "".join(
        ch for ch in unicodedata.normalize("NFKD", letters) if not unicodedata.combining(ch)
    )
    return _BOT_LIKE.match(letters) is not None

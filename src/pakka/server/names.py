"""Display names people choose: cleaned of invisible, direction-changing and stacked
characters, and refused when they pass for a bot, a seat's label or another seat's name.

Every client shows a name as text beside a seat.  Control characters, bidirectional
overrides (which turn the rest of a line around: ``Bob\\u202egnp.exe``) and zero-width
characters (which make two names look alike) are removed; more than :data:`MAX_MARKS`
combining marks on one letter (a "Zalgo" stack that spills over the lines around it) are
cut to that many; whitespace becomes single spaces.

A bot's seat is drawn as "Bot 2 (hard)" / "Botti 2 (vaikea)", an empty seat as "Player 3"
/ "Pelaaja 3": a person called "Bot 2 (hard)" (or ``B0T``, ``Botti``, ``🤖``, or
"Вот 2" in Cyrillic letters, "Βοt" in Greek) would pass for one, so such names are
refused, and so is a name that looks like another seat's at the table.  Names are compared
by their :func:`skeleton`: accents dropped, case folded, and letters and digits that look
like Latin letters (:data:`CONFUSABLES`, a small table of Cyrillic, Greek and other
look-alikes; ``0`` for ``o``) folded to them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING

from pakka.server.protocol import MAX_NAME_LENGTH
from pakka.server.room import RoomError

if TYPE_CHECKING:
    from pakka.server.room import Room

DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Control, format (bidirectional marks and overrides, zero-width characters), surrogate,
private-use and unassigned code points."""
MAX_MARKS = 2
"""Combining marks kept on one character (Thai and Devanagari use two; NFKC composes the
accents of Latin scripts into single letters)."""
BOT_WORDS = ("bot", "botti", "robot", "robotti")
"""Words that start a bot's label in the clients (English and Finnish)."""
SEAT_WORDS = ("player", "pelaaja")
"""Words that start an empty seat's label in the clients (English and Finnish)."""

CONFUSABLES = str.maketrans(
    {
        # Cyrillic capitals and small letters that look like Latin ones
        **dict.fromkeys("АаӐӑ", "a"),
        **dict.fromkeys("ВвЬьЪъ", "b"),
        **dict.fromkeys("Сс", "c"),
        **dict.fromkeys("ԁ", "d"),
        **dict.fromkeys("ЕеЁё", "e"),
        **dict.fromkeys("НнҺһ", "h"),
        **dict.fromkeys("ІіЇї", "i"),
        **dict.fromkeys("Јј", "j"),
        **dict.fromkeys("КкҚқ", "k"),
        **dict.fromkeys("Ӏӏ", "l"),
        **dict.fromkeys("Мм", "m"),
        **dict.fromkeys("Оо", "o"),
        **dict.fromkeys("Рр", "p"),
        **dict.fromkeys("Ԛԛ", "q"),
        **dict.fromkeys("Ѕѕ", "s"),
        **dict.fromkeys("Тт", "t"),
        **dict.fromkeys("УуҮү", "y"),
        **dict.fromkeys("Ԝԝ", "w"),
        **dict.fromkeys("Хх", "x"),
        # Greek
        **dict.fromkeys("Αα", "a"),
        **dict.fromkeys("Ββ", "b"),
        **dict.fromkeys("Εε", "e"),
        **dict.fromkeys("Ζ", "z"),
        **dict.fromkeys("Η", "h"),
        **dict.fromkeys("ηΠπ", "n"),
        **dict.fromkeys("Ιι", "i"),
        **dict.fromkeys("Κκ", "k"),
        **dict.fromkeys("Μ", "m"),
        **dict.fromkeys("Ν", "n"),
        **dict.fromkeys("ν", "v"),
        **dict.fromkeys("Οοσ", "o"),
        **dict.fromkeys("Ρρ", "p"),
        **dict.fromkeys("Ττ", "t"),
        **dict.fromkeys("Υγ", "y"),
        **dict.fromkeys("μυ", "u"),
        **dict.fromkeys("Χχ", "x"),
        **dict.fromkeys("ω", "w"),
        # Latin letters of other shapes: small capitals, dotless i, script g, long s
        **dict.fromkeys("ᴀɑ", "a"),
        **dict.fromkeys("ʙ", "b"),
        **dict.fromkeys("ᴄ", "c"),
        **dict.fromkeys("ᴅ", "d"),
        **dict.fromkeys("ᴇ", "e"),
        **dict.fromkeys("ɢɡ", "g"),
        **dict.fromkeys("ʜ", "h"),
        **dict.fromkeys("ɪı", "i"),
        **dict.fromkeys("ᴊ", "j"),
        **dict.fromkeys("ᴋ", "k"),
        **dict.fromkeys("ʟ", "l"),
        **dict.fromkeys("ᴍ", "m"),
        **dict.fromkeys("ɴ", "n"),
        **dict.fromkeys("ᴏ", "o"),
        **dict.fromkeys("ᴘ", "p"),
        **dict.fromkeys("ʀ", "r"),
        **dict.fromkeys("ſ", "s"),
        **dict.fromkeys("ᴛ", "t"),
        **dict.fromkeys("ᴜ", "u"),
        **dict.fromkeys("ᴠ", "v"),
        **dict.fromkeys("ᴡ", "w"),
        **dict.fromkeys("ʏ", "y"),
        **dict.fromkeys("ᴢ", "z"),
    }
)
"""Letters that look like (lower-case) Latin letters, folded to them before comparing."""
_LOOKALIKE = str.maketrans("0134578@$|", "oleastbasl")
"""Digits and signs that look like letters (after the case is folded)."""
_BOT_LIKE = re.compile(rf"^(?:{'|'.join(BOT_WORDS)})(?:[^a-z]|$)")
_SEAT_LIKE = re.compile(rf"^(?:{'|'.join(SEAT_WORDS)})(?:[^a-z]|$)")


def clean(name: str) -> str:
    """``name`` as it will be shown: normalised (NFKC), without control, format and other
    invisible characters, combining-mark stacks cut, whitespace collapsed;
    :class:`RoomError` (422) when nothing is left or it passes for a bot or a seat.

    >>> clean("  Ann\\u200b  Lee ")
    'Ann Lee'
    >>> clean("Bob\\u202egnp.exe")
    'Bobgnp.exe'
    >>> len(clean("Z" + "\\u0301" * 40 + "oe"))  # Ź and two more accents, then oe
    5
    >>> clean("B0t 2 (hard)")
    Traceback (most recent call last):
    ...
    pakka.server.room.RoomError: 'B0t 2 (hard)' looks like a bot's name; choose another
    >>> clean("\\u0412\\u043e\\u0442 2 (hard)")  # Cyrillic
    Traceback (most recent call last):
    ...
    pakka.server.room.RoomError: 'Вот 2 (hard)' looks like a bot's name; choose another
    >>> clean("Botond")
    'Botond'
    """
    text = unicodedata.normalize("NFKC", name)
    kept: list[str] = []
    marks = 0
    for ch in text:
        if ch.isspace():
            kept.append(" ")
            marks = MAX_MARKS  # a mark after a space has no letter to sit on
        elif unicodedata.category(ch) in DROPPED_CATEGORIES:
            continue
        elif unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
            if kept and marks < MAX_MARKS:
                kept.append(ch)
                marks += 1
        else:
            kept.append(ch)
            marks = 0
    cleaned = " ".join("".join(kept).split())
    if len(cleaned) > MAX_NAME_LENGTH:  # NFKC may lengthen a name
        raise RoomError(422, f"a display name has at most {MAX_NAME_LENGTH} characters")
    if not cleaned:
        raise RoomError(422, "a display name cannot be blank (or only invisible characters)")
    folded = skeleton(cleaned)
    if "\N{ROBOT FACE}" in cleaned or _BOT_LIKE.match(folded):
        raise RoomError(422, f"{cleaned!r} looks like a bot's name; choose another")
    if _SEAT_LIKE.match(folded):
        raise RoomError(422, f"{cleaned!r} looks like the label of an empty seat; choose another")
    return cleaned


def skeleton(name: str) -> str:
    """How ``name`` looks, for comparing: accents and other marks dropped, look-alike
    letters folded to Latin ones, case folded, look-alike digits folded to letters,
    whitespace collapsed.

    >>> skeleton("\\u0392\\u03bft 2") == skeleton("Bot 2")
    True
    >>> skeleton("Ánn  Lee")
    'ann lee'
    """
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = text.translate(CONFUSABLES).casefold().translate(_LOOKALIKE)
    return " ".join(text.split())


def check_unique(name: str, room: Room, seat: int) -> None:
    """:class:`RoomError` (409) when ``name`` (cleaned) looks like the name or label of
    another seat of ``room`` than ``seat``, in any language the clients show."""
    mine = skeleton(name)
    labels: list[Callable[[int], str]] = [room.names("en"), room.names("fi")]
    for other in room.seats:
        if other.rec.seat == seat:
            continue
        for label in labels:
            shown = label(other.rec.seat)
            if skeleton(shown) == mine:
                raise RoomError(
                    409,
                    f"{name!r} looks like {shown!r}, the name of seat {other.rec.seat} at "
                    "this table; choose another",
                )

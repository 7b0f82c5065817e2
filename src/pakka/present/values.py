"""The values the presentation layer hands to the clients: words and cards, nothing raw.

Every text here is already in the person's language; cards stay :class:`Card` values so
each client draws them its own way (the browser as card faces, the terminal as coloured
``♠8``).  ``kind`` fields are stable identifiers for styling and tests (``"dealer"``,
``"trump"``…), never shown.  All are frozen dataclasses; their JSON (``pakka.wire``) is what
the server sends in each frame under ``present``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pakka.cards import Card
from pakka.wire import JSON, from_json, to_json

__all__ = [
    "Badge",
    "Fact",
    "Pause",
    "Presentation",
    "SeatLine",
    "Series",
    "Summary",
    "SummaryRow",
    "Trick",
    "TrickPlay",
]

Tone = Literal["info", "good", "warn", "muted"]


@dataclass(frozen=True, slots=True)
class Badge:
    """A marker by a seat: dealer, passed, its contract, its last play, cards left…"""

    kind: str
    text: str
    cards: tuple[Card, ...] = ()
    tone: Tone = "info"


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat as the table shows it."""

    seat: int
    name: str
    badges: tuple[Badge, ...]
    cards: int | None
    """Cards in its hand, when the game shows that."""
    score: str
    """Its standing in the match, in words (``42``, ``level 7``)."""
    to_act: bool
    you: bool
    partner: bool
    team: int | None


@dataclass(frozen=True, slots=True)
class Fact:
    """A fact of the table: the trump, the level, the pot, the stock, the turned card…"""

    kind: str
    label: str
    text: str
    cards: tuple[Card, ...] = ()
    tone: Tone = "info"


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """What one seat put on the table in a trick (several cards in Guandan)."""

    seat: int | None
    """``None``: no seat (Anarchy's dummy)."""
    label: str
    """Who played it, in words (``Bot 2``, ``the dummy``)."""
    cards: tuple[Card, ...]
    winner: bool = False
    """This play won (or, in a trick still going, holds) the trick."""
    note: str = ""
    """A word more: Guandan's reading (``pair 7``), ``pass``, what a card captured."""


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick to draw in front of the seats that played it."""

    finished: bool
    plays: tuple[TrickPlay, ...]
    caption: str
    """One line about it: who takes it, what must be beaten."""


@dataclass(frozen=True, slots=True)
class SummaryRow:
    label: str
    cells: tuple[str, ...]
    """One cell per column."""


@dataclass(frozen=True, slots=True)
class Series:
    """One seat's running total after each deal, for the match chart."""

    name: str
    seat: int
    values: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Summary:
    """The end of a deal or of the match, as a small table and a few sentences."""

    kind: Literal["deal", "match"]
    title: str
    columns: tuple[str, ...]
    rows: tuple[SummaryRow, ...]
    lines: tuple[str, ...]
    chart: tuple[Series, ...] = ()
    """The match's running totals (the match summary only)."""


@dataclass(frozen=True, slots=True)
class Pause:
    """The break between two deals at a table with people: the deal's summary stays up
    and the next deal's first decision is not asked until everyone has read it (each
    client sends ``ready``) or the time is up."""

    deal: int
    """The deal that ended (its number, from 1)."""
    summary: Summary
    coming: tuple[str, ...]
    """How the next deal began, as sentences: the new dealer, Guandan's tribute ("Bot 4
    pays you ♥A in tribute")."""
    waiting: tuple[int, ...]
    """The seats of the people still reading."""
    you_reading: bool
    """The viewer is one of them: a client shows the summary with a Continue button,
    which sends ``ready``."""
    text: str
    """Whom the table waits for, in words ("Waiting for Anna to read the summary")."""
    seconds: float
    """How long the break lasts at most."""
    seconds_left: float
    """How much of it was left when the frame was made."""


@dataclass(frozen=True, slots=True)
class Presentation:
    """Everything a client shows about one seat's view, in that person's language."""

    game: str
    lang: str
    title: str
    status: str
    """Where the match stands: ``Deal 3 of 10 · Play``."""
    prompt: str
    """What the person should do now, or whom we wait for."""
    seats: tuple[SeatLine, ...]
    standing: str
    """The heading of the seats' standings (``Scores``; ``Levels`` in Guandan)."""
    facts: tuple[Fact, ...]
    trick: Trick | None
    """The trick on the table (the finished one while it is kept on show)."""
    last_trick: Trick | None
    """The last finished trick of this deal (for a "last trick" button)."""
    won: Trick | None
    """The trick the events given just finished, even if the view has moved on to the next
    deal: the clients keep it on the table for a moment, its winner marked."""
    hand: tuple[Card, ...]
    """The person's cards in the game's display order (empty for a spectator)."""
    wild: tuple[Card, ...]
    """Cards that are wild now (Guandan's hearts of the level)."""
    actions: tuple[str, ...]
    """The legal actions given, in words (same order): labels for buttons and lists."""
    confirm: tuple[str, ...]
    """For each legal action (same order), the question to ask before sending it, or
    ``""``: the rules want some choices confirmed (Guandan's return card)."""
    keys: tuple[str, ...]
    """For each legal action (same order), the key of the cards it takes
    (:func:`pakka.selection.card_key`: their codes sorted and joined by spaces; ``""`` for a
    choice without cards): the actions a person's chosen cards mean are those whose key is
    the key of the chosen cards (:func:`pakka.selection.select`'s rule, as a lookup)."""
    sentences: tuple[str, ...]
    """The events given, as sentences."""
    sheet: Summary | None
    """The score sheet so far (each finished deal, then the totals), if the game keeps one."""
    deal_summary: Summary | None
    """The deal just scored, when the events given end a deal."""
    match_summary: Summary | None
    pause: Pause | None = None
    """The break between deals, while the table is in one (then ``actions`` is empty and
    ``prompt`` says whom the table waits for)."""

    def to_json(self) -> JSON:
        data: JSON = to_json(self)
        return data

    @staticmethod
    def from_json(data: Any) -> Presentation:
        value: Presentation = from_json(Presentation, data)
        return value

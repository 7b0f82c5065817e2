"""Pictures for the terminal client: cards in suit colours, and the presentation's values
(seats, facts, tricks, summaries) as Textual markup.

What is said comes from :mod:`pakka.present` (the same values the browser shows); this
module only decides how it looks in a terminal.  Anything taken from data is escaped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from rich.table import Table
from textual.content import Content
from textual.markup import escape

from pakka.cards import SUIT_SYMBOLS, Card, parse_card
from pakka.errors import NotationError
from pakka.present.values import Badge, Fact, SeatLine, Summary, Trick

RED = "#c4001a"
BLACK = "#111111"
CARD_BG = "#f2f2ea"
WILD_BG = "#e3d4ff"
"""Background of Guandan's wild cards (the hearts of the level being played)."""


def card_of(token: Any) -> Card | None:
    if isinstance(token, Card):
        return token
    if not isinstance(token, str):
        return None
    try:
        return parse_card(token)
    except NotationError:
        return None


def is_red(card: Card) -> bool:
    if card.is_joker:
        return card.rank != 15  # the black joker is black; JK and RJ are drawn red
    return card.suit in ("H", "D")


def flow(lines: Sequence[str], width: int) -> Content:
    """Markup lines laid out for ``width`` cells, breaking only between entries.

    Entries are separated by two or more spaces; a line too long for ``width`` continues on
    the next line (indented by two) at an entry boundary, so a seat's name stays with its
    card.  An entry longer than the width is left to the widget's own wrapping.
    """
    out: list[Content] = []
    for line in lines:
        content = Content.from_markup(line)
        plain = content.plain
        if width <= 0 or content.cell_length <= width:
            out.append(content)
            continue
        pieces: list[Content] = []
        start = 0
        for m in re.finditer(r" {2,}", plain):
            pieces.append(content[start : m.start()])
            start = m.end()
        pieces.append(content[start:])
        current: Content | None = None
        for piece in pieces:
            if current is None:
                current = piece
            elif current.cell_length + 2 + piece.cell_length <= width:
                current = current + Content("  ") + piece
            else:
                out.append(current)
                current = Content("  ") + piece
        if current is not None:
            out.append(current)
    return Content("\n").join(out)


def card_markup(token: Any, style: str = "") -> str:
    """One card as a small face: ``♠8`` in black on a light card, ``♥8`` in red."""
    card = card_of(token)
    if card is None:
        return escape(str(token))
    colour = RED if is_red(card) else BLACK
    return f"[b {colour} on {CARD_BG}{' ' + style if style else ''}]{escape(card.pretty())}[/]"


def suit_markup(suit: str) -> str:
    """A suit symbol in its colour (``S H D C``)."""
    symbol = SUIT_SYMBOLS.get(suit)
    if symbol is None:
        return escape(suit)
    colour = RED if suit in ("H", "D") else BLACK
    return f"[b {colour} on {CARD_BG}]{symbol}[/]"


def cards_markup(tokens: Iterable[Any]) -> str:
    return " ".join(card_markup(c) for c in tokens) or "—"


def pretty_cards(tokens: Iterable[Any]) -> str:
    """Cards in the people form without colours (for plain sentences)."""
    out = []
    for tok in tokens:
        card = card_of(tok)
        out.append(card.pretty() if card is not None else str(tok))
    return " ".join(out)


def _tone(text: str, tone: str) -> str:
    style = {"good": "green", "warn": "b yellow", "muted": "dim"}.get(tone)
    return f"[{style}]{text}[/]" if style else text


def badge_markup(badge: Badge) -> str:
    text = escape(badge.text)
    if badge.cards:
        text += " " + cards_markup(badge.cards)
    return _tone(text, badge.tone)


def seat_markup(seat: SeatLine, width: int, cards: str) -> str:
    """One seat: the turn marker, its name, ``cards`` (its cards left, in words) and badges."""
    marker = "▶" if seat.to_act else " "
    name = escape(seat.name.ljust(width))
    if seat.you:
        name = f"[b]{name}[/]"
    elif seat.partner:
        name = f"[cyan]{name}[/]"
    badges = "  ".join(badge_markup(b) for b in seat.badges)
    return f"{marker} {name} {escape(cards.rjust(4))}  {badges}"


def fact_markup(fact: Fact) -> str:
    shown = escape(fact.text)
    if fact.cards and not fact.text:
        shown = cards_markup(fact.cards)
    elif fact.cards and fact.kind in ("trump", "turned", "level"):
        shown += " " + cards_markup(fact.cards)
    return _tone(f"[b]{escape(fact.label)}[/] {shown}", fact.tone)


def trick_markup(trick: Trick, width: int = 0) -> list[str]:
    """A trick as ``name card`` pairs; the winning play underlined, then its caption.

    On one line when it fits ``width`` (0: always), else one play a line: a play that
    wrapped ("Bot 2 — passed") read as part of the line of the play before it (issue 28).
    """
    parts = []
    for play in trick.plays:
        cards = " ".join(card_markup(c, "underline" if play.winner else "") for c in play.cards)
        note = f" [dim]{escape(play.note)}[/]" if play.note else ""
        parts.append(f"{escape(play.label)} {cards or '—'}{note}")
    line = "   ".join(parts)
    fits = width <= 0 or Content.from_markup(line).cell_length <= width
    lines = [line] if fits else parts
    if trick.caption:
        lines.append(f"  [i]{escape(trick.caption)}[/]")
    return lines


def summary_table(summary: Summary) -> Table:
    """A deal or match summary as a Rich table (its sentences as the caption)."""
    table = Table(title=summary.title, caption="\n".join(summary.lines) or None)
    table.add_column("")
    for column in summary.columns:
        table.add_column(column, justify="right")
    for i, row in enumerate(summary.rows):
        last = i == len(summary.rows) - 1
        if last and summary.kind == "match":
            table.add_section()
        table.add_row(row.label, *row.cells, style="bold" if last else None)
    return table

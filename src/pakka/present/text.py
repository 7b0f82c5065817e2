"""A presentation as plain text lines: the line client, ``pakka replay`` and logs use it."""

from __future__ import annotations

from collections.abc import Sequence

from pakka.cards import Card
from pakka.present.values import Presentation, SeatLine, Summary, Trick

__all__ = ["cards_text", "seat_text", "summary_lines", "table_lines", "trick_text"]


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


def seat_text(seat: SeatLine) -> str:
    """``Bot 2 (11 cards): dealer, passed``."""
    head = seat.name + ("  ▶" if seat.to_act else "")
    bits = [b.text + (f" {cards_text(b.cards)}" if b.cards else "") for b in seat.badges]
    return f"{head}: {', '.join(bits)}" if bits else head


def trick_text(trick: Trick) -> str:
    plays = "   ".join(
        f"{p.label} {cards_text(p.cards)}{'*' if p.winner else ''}"
        + (f" ({p.note})" if p.note else "")
        for p in trick.plays
    )
    return f"{plays}   {trick.caption}".rstrip()


def table_lines(p: Presentation) -> list[str]:
    """The table: status, seats, facts and the trick (not the hand, not the prompt)."""
    lines = [f"== {p.title} · {p.status} =="]
    lines += ["  " + seat_text(s) for s in p.seats]
    for fact in p.facts:
        shown = fact.text if not fact.cards or fact.text else cards_text(fact.cards)
        lines.append(f"  {fact.label}: {shown}")
    if p.trick is not None:
        lines.append("  " + trick_text(p.trick))
    return lines


def summary_lines(summary: Summary) -> list[str]:
    """A deal or match summary as an aligned table and its sentences."""
    rows = [("", *summary.columns), *((r.label, *r.cells) for r in summary.rows)]
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    out = [f"-- {summary.title} --"]
    for row in rows:
        out.append("  " + "  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)))
    out += ["  " + line for line in summary.lines]
    return out

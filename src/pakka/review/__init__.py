"""Review a finished match with the search bot (issue 30): :func:`review` for one seat.

:mod:`pakka.review.analysis` ranks each decision's alternatives from the seat's information
only; :mod:`pakka.review.text` puts them in words (English and Finnish) for the CLI, the
terminal and the browser.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import pakka.games
from pakka.review.analysis import (
    SIGNIFICANCE,
    VERSION,
    Alternative,
    Decision,
    decision_seed,
    mark_for,
    positions,
    review_decisions,
    review_scale,
)
from pakka.review.text import LANGS, decision_words, summary

__all__ = [
    "SIGNIFICANCE",
    "VERSION",
    "Alternative",
    "Decision",
    "Review",
    "decision_seed",
    "iter_review",
    "mark_for",
    "positions",
    "review",
    "review_scale",
    "summary",
]


@dataclass(frozen=True)
class Review:
    """A whole review: the seat, its decisions and the summary line in each language."""

    game: str
    seat: int
    decisions: tuple[Decision, ...]

    def summary(self, lang: str = "en") -> str:
        return summary(self.game, self.decisions, lang)

    def to_json(self) -> dict[str, Any]:
        th = review_scale(self.game)
        return {
            "version": VERSION,
            "game": self.game,
            "seat": self.seat,
            "thresholds": {"inaccuracy": th.inaccuracy, "mistake": th.mistake},
            "summary": {lang: self.summary(lang) for lang in LANGS},
            "decisions": [d.to_json() for d in self.decisions],
        }


def iter_review(
    record: Mapping[str, Any],
    seat: int,
    worlds: int | None = None,
    deal: int | None = None,
    start: int = 0,
    stop: int | None = None,
) -> Iterator[Decision]:
    """The decisions of :func:`review` one by one, with their words (``start``/``stop``:
    only the seat's decisions of those indices)."""
    name = pakka.games.get(record["game"]).name
    return review_decisions(record, seat, worlds, deal, decision_words(name, seat), start, stop)


def review(
    record: Mapping[str, Any], seat: int, worlds: int | None = None, deal: int | None = None
) -> Review:
    """Review ``seat``'s decisions in the match ``record`` (a replay's JSON); ``deal``: only
    that deal; ``worlds``: sampled worlds per decision (default: the game's)."""
    name = pakka.games.get(record["game"]).name
    return Review(name, seat, tuple(iter_review(record, seat, worlds, deal)))

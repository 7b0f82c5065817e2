"""How a match ended: final scores and the ranking, the value every game's ``result()`` is.

It sits below the views (a finished match's view carries it) and the engine, so that both
can use it without importing each other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pakka.wire import JSON

__all__ = ["MatchResult", "ranks_from_scores"]

Seat = int


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Final scores and the ranking (1 = first; equal places share a rank)."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> list[Seat]:
        return [s for s, r in enumerate(self.ranks) if r == 1]

    def to_json(self) -> JSON:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": self.winners,
            **dict(self.details),
        }

    @classmethod
    def from_json(cls, data: JSON) -> MatchResult:
        details = {k: v for k, v in data.items() if k not in ("scores", "ranks", "winners")}
        return cls(tuple(data["scores"]), tuple(data["ranks"]), details)

    @staticmethod
    def json_schema() -> JSON:
        """Scores, ranks and winners; the game's details (free JSON) beside them."""
        numbers = {"type": "array", "items": {"type": "number"}}
        ints = {"type": "array", "items": {"type": "integer"}}
        return {
            "type": "object",
            "properties": {"scores": numbers, "ranks": ints, "winners": ints},
            "required": ["scores", "ranks", "winners"],
        }


def ranks_from_scores(scores: Sequence[float], higher_is_better: bool = True) -> tuple[int, ...]:
    """Competition ranking: equal scores share a place, the next place is skipped.

    >>> ranks_from_scores([10, 30, 30, 5])
    (3, 1, 1, 4)
    >>> ranks_from_scores([3, 1, 1], higher_is_better=False)
    (3, 1, 1)
    """
    sign = -1 if higher_is_better else 1
    ordered = sorted(sign * s for s in scores)
    return tuple(ordered.index(sign * s) + 1 for s in scores)

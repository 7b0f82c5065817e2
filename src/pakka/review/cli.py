"""``pakka review``: a review as lines of text, printed as each decision is ready."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from pakka.i18n import t
from pakka.review import iter_review, summary
from pakka.review.analysis import Decision

MARK = {"mistake": "??", "inaccuracy": "?!", "": "  "}
"""The chess marks, before each decision's line."""


def decision_lines(d: Decision, lang: str) -> list[str]:
    """One decision: the mark, where, the verdict and the reason, then the alternatives."""
    w = d.words.get(lang, {})
    mark = f" ({t(f'review_mark_{d.mark}', lang)})" if d.mark else ""
    lines = [f"{MARK[d.mark]} {w.get('where', '')}: {w.get('verdict', '')}{mark}"]
    if d.legal > 1:
        if w.get("reason"):
            lines.append(f"     {w['reason']}")
        for i, (label, value) in enumerate(
            zip(w.get("labels", []), w.get("values", []), strict=False)
        ):
            played = " *" if d.alternatives[i].action == d.played else ""
            lines.append(f"     {i + 1}. {label}{played}  {value}")
    return lines


def run_review(
    record: Mapping[str, Any],
    seat: int,
    lang: str,
    deal: int | None,
    worlds: int | None,
    as_json: bool,
    echo: Callable[[str], Any],
) -> None:
    """Review and print: each decision as it is ready, the summary last (and first in JSON)."""
    decisions: list[Decision] = []
    for d in iter_review(record, seat, worlds, deal):
        decisions.append(d)
        if not as_json:
            for line in decision_lines(d, lang):
                echo(line)
    text = summary(record["game"], decisions, lang)
    if as_json:
        from pakka.review import Review

        echo(
            json.dumps(Review(record["game"], seat, tuple(decisions)).to_json(), ensure_ascii=False)
        )
    else:
        echo("")
        echo(text)

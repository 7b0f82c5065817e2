"""The coach (issue 30): how the review would rate a move before it is played.

The same evaluation as a review's decision (:func:`pakka.review.analysis.evaluate`: the
seat's view only, seeded from it), with :data:`COACH_WORLDS` worlds, and a sentence that
names the mark, the move the bot prefers and why.  The server's practice tables and the
terminal client's ``pakka play`` both ask it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pakka.games
from pakka.bots import kit_for
from pakka.engine import Action
from pakka.i18n import t
from pakka.present import Context, default_names, presenter
from pakka.review.analysis import decision_seed, evaluate, mark_for

COACH_WORLDS = 12
"""Worlds the coach samples for a move (about half a second of one core at most)."""


@dataclass(frozen=True)
class Coached:
    action: Action
    mark: str
    """``""``, ``"inaccuracy"`` or ``"mistake"``."""
    loss: float
    preferred: Action
    text: str
    """For a marked move: "The bot rates ♠K a mistake: it prefers ♠4." and its reason."""

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "mark": self.mark,
            "loss": round(self.loss, 3),
            "preferred": self.preferred.to_json(),
            "text": self.text,
        }


def coach(
    game_name: str,
    view: Any,
    legal: Sequence[Action],
    action: Action,
    lang: str = "en",
    worlds: int = COACH_WORLDS,
) -> Coached:
    """Rate ``action`` for ``view``'s seat among ``legal``."""
    game = pakka.games.get(game_name)
    if len(legal) < 2:
        return Coached(action, "", 0.0, action, "")
    seat = view.seat
    assert seat is not None, "a spectator does not act"
    seed = decision_seed(game.name, seat, view.to_json())
    alts, _ = evaluate(game.name, view, list(legal), action, seed, worlds)
    played = next(a for a in alts if a.action == action)
    mark = mark_for(game.name, played.loss, played.loss_error)
    best = alts[0].action
    text = ""
    if mark:
        ctx = Context(lang, default_names(lang), seat, game.info)
        pres = presenter(game)
        text = t(
            "practice_coach_warning",
            lang,
            mark=t(f"review_mark_{mark}", lang),
            played=pres.action_label(action, view, ctx),
            preferred=pres.action_label(best, view, ctx),
        )
        kit = kit_for(game.name)
        if kit.explain:
            text += " " + kit.explain(view, best, lang)
    return Coached(action, mark, played.loss, best, text)

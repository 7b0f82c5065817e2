"""Hints: one line, in the person's language, on why a move is good (the heuristic's reason).

The reason is the kind of decision the heuristic made (going out, leaving the partner's
trick, beating cheaply, bombing an opponent about to go out, feeding the partner...); a
move the heuristic would not make (the search chose it) gets the search's generic reason.
"""

from __future__ import annotations

from typing import Final

from pakka.engine import Action
from pakka.games.guandan import PASS, GuandanView, Play, Return, legal_plays
from pakka.games.guandan.bots.hand import hand_cost
from pakka.games.guandan.bots.policy import decide
from pakka.games.guandan.bots.view import _View
from pakka.i18n import t


def explain(obs: GuandanView, action: Action, lang: str = "en") -> str:
    """One line on why ``action`` is a good move here (the heuristic's reason for it).

    When ``action`` is not what the heuristic would play (the search chose it), the
    search's generic reason.
    """
    if not obs.hand:
        return t("hint_generic", lang)
    try:
        view = _View(obs)
        if isinstance(action, Return):
            return t("gd_hint_return", lang, card=action.card.pretty())
        if not isinstance(action, Play):
            return t("hint_generic", lang)
        legal: list[Action] = [action]
        if view.top is not None and action.combo is None:
            legal = list(legal_plays(view.hand, view.level, view.top, canonical=True))
        elif view.top is not None:
            legal.insert(0, PASS)
        choice, why = decide(obs, legal)
        if choice != action:
            return t("hint_generic", lang)
        cards = " ".join(c.pretty() for c in action.cards)
        turns = max(1, round(hand_cost(view.counts, view.level)))
        key = _HINTS.get(why, "hint_generic")
        return t(key, lang, cards=cards, turns=turns)
    except (KeyError, ValueError, TypeError):
        return t("hint_generic", lang)


_HINTS: Final = {
    "out": "gd_hint_out",
    "partner": "gd_hint_partner",
    "cheap": "gd_hint_pass",
    "cannot": "gd_hint_cannot",
    "beat": "gd_hint_beat",
    "beat_high": "gd_hint_beat_high",
    "bomb": "gd_hint_bomb",
    "bomb_lead": "gd_hint_bomb",
    "feed": "gd_hint_feed",
    "high": "gd_hint_high",
    "lead": "gd_hint_lead",
}

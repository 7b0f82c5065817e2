"""What a person reads: prompts, seat badges, table facts, event sentences and summaries.

``present(view, events, names, lang)`` turns one seat's typed view (and the events just told
to it) into a :class:`~pakka.present.values.Presentation`, in English or Finnish from the one
catalogue.  The server sends it in every frame and the terminal client draws the same
values, so both clients say the same things.  Each game brings a
:class:`~pakka.present.base.Presenter` as its plug-in's ``present`` part
(``pakka.games.<game>.present:PRESENTER``); a game without one is shown by the generic
presenter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pakka import plugins
from pakka.cards import Card
from pakka.engine import Action, Game
from pakka.errors import PakkaError
from pakka.events import Event
from pakka.i18n import t
from pakka.present.base import (
    Context,
    Interval,
    Names,
    Presenter,
    View,
    default_names,
    seat_name,
)
from pakka.present.values import (
    Badge,
    Fact,
    Pause,
    Presentation,
    SeatLine,
    Series,
    Summary,
    SummaryRow,
    Trick,
    TrickPlay,
)
from pakka.selection import Selection

__all__ = [
    "Badge",
    "Context",
    "Fact",
    "Interval",
    "Names",
    "Pause",
    "Presentation",
    "Presenter",
    "SeatLine",
    "Series",
    "Summary",
    "SummaryRow",
    "Trick",
    "TrickPlay",
    "default_names",
    "present",
    "presenter",
    "seat_name",
    "selection_words",
]

GENERIC: Presenter[View] = Presenter()


def presenter(game: str | Game[Any, Any]) -> Presenter[View]:
    """The game's presenter (its plug-in's ``present``), or the generic one."""
    name = game.name if isinstance(game, Game) else plugins.get(game).name
    found = plugins.companion("present", name)
    if found is None:
        return GENERIC
    if not isinstance(found, Presenter):
        raise PakkaError(f"{plugins.describe('present', name)} is not a Presenter: {found!r}")
    return found


def present(
    view: View,
    events: Sequence[Event] = (),
    names: Names | None = None,
    lang: str = "en",
    legal: Sequence[Action] = (),
) -> Presentation:
    """One person's table in words (see the module docstring)."""
    return presenter(view.game).present(view, events, names, lang, legal=legal)


def selection_words(chosen: Selection[Any], prompt: str, lang: str = "en") -> str:
    """What to tell a person whose chosen cards mean no legal move, or several (``""`` when
    they mean exactly one): the same sentence in the browser and the terminal.

    >>> from pakka.cards import parse_cards
    >>> from pakka.engine import PlayCard
    >>> from pakka.selection import select
    >>> legal = [PlayCard(c) for c in parse_cards("S8 H8")]
    >>> selection_words(select(legal, parse_cards("C2")), "Play a card.")
    '♣2 cannot be played now. Play a card.'
    >>> selection_words(select(legal, parse_cards("C2 D3")), "Pelaa kortti.", "fi")
    'Kortteja ♣2 ♦3 ei voi pelata nyt. Pelaa kortti.'
    """

    def cards(shown: Sequence[Card]) -> str:
        return " ".join(c.pretty() for c in shown)

    if chosen.problem == "nothing_chosen":
        return t("select_nothing_chosen", lang, prompt=prompt)
    if chosen.problem == "not_now":
        key = "select_not_now_one" if len(chosen.unusable) == 1 else "select_not_now"
        return t(key, lang, cards=cards(chosen.unusable), prompt=prompt)
    if chosen.problem == "count":
        counts = [str(n) for n in chosen.counts]
        if counts == ["1"]:
            return t("select_count_one", lang, prompt=prompt)
        listed = (
            counts[0]
            if len(counts) == 1
            else t("list_or", lang, items=", ".join(counts[:-1]), last=counts[-1])
        )
        return t("select_count", lang, counts=listed, prompt=prompt)
    if chosen.problem == "no_move":
        return t("select_no_move", lang, cards=cards(chosen.cards), prompt=prompt)
    return t("select_readings", lang) if len(chosen.actions) > 1 else ""

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
from pakka.engine import Action, Game
from pakka.errors import PakkaError
from pakka.events import Event
from pakka.present.base import Context, Names, Presenter, View, default_names
from pakka.present.values import (
    Badge,
    Fact,
    Presentation,
    SeatLine,
    Series,
    Summary,
    SummaryRow,
    Trick,
    TrickPlay,
)

__all__ = [
    "Badge",
    "Context",
    "Fact",
    "Names",
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

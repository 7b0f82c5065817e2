"""The Textual terminal client: ``pakka play GAME`` (local, against bots) and
``pakka play --connect URL`` (a seat at a pakka server's table).

Install with the ``tui`` extra (``pip install 'pakka[tui]'``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pakka.engine import State
from pakka.tui.app import PakkaApp
from pakka.tui.session import LocalSession, Session

__all__ = ["LocalSession", "PakkaApp", "Session", "run_local"]

BOT_DELAY = 0.6
"""Seconds between bot moves taken in turn, so that a person can follow the play."""


def run_local(
    state: State[Any, Any], levels: Sequence[str], lang: str = "en", seat: int = 0
) -> tuple[bool, State[Any, Any]]:
    """Play ``state`` full screen at ``seat`` against bots; (finished, the final state).

    The state returned is the session's (an undo rebuilds it from the record).
    """
    session = LocalSession(state, levels, lang, seat=seat, bot_delay=BOT_DELAY)
    PakkaApp(session, lang).run()
    return session.state.is_over(), session.state

"""The bots a server seat is played by, and the hints people ask for."""

from __future__ import annotations

import importlib
import logging
import random
from collections.abc import Sequence
from typing import Any

from pakka.engine import Action
from pakka.server.room import Bot

log = logging.getLogger("pakka.server")


class RandomBot:
    """The built-in stand-in while ``pakka.bots`` does not exist: a random legal action."""

    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal_actions))


def make_bot(game: str, level: str, seed: int | None) -> Bot:
    """``pakka.bots.make(game, level, seed=seed)`` if it exists, else :class:`RandomBot`."""
    try:
        bots = importlib.import_module("pakka.bots")
    except ModuleNotFoundError:
        return RandomBot(seed)
    maker = getattr(bots, "make", None)
    if maker is None:
        return RandomBot(seed)
    try:
        bot: Bot = maker(game, level, seed=seed)
    except Exception:
        log.exception("pakka.bots.make(%r, %r) failed; using a random bot", game, level)
        return RandomBot(seed)
    return bot


def suggest(
    game: str, observation: dict[str, Any], legal: list[Action], lang: str = "en"
) -> tuple[Action, str | None]:
    """A hint and its reason: ``pakka.bots.suggest`` if it exists, else a random action.

    ``pakka.bots.suggest(game, observation, legal, lang)`` returns the action and a
    one-line reason (an older form returning just the action is accepted too).  A random
    fallback has the reason ``None``.
    """
    try:
        bots = importlib.import_module("pakka.bots")
        hinter = getattr(bots, "suggest", None)
    except ModuleNotFoundError:
        hinter = None
    if hinter is not None:
        try:
            answer = hinter(game, observation, legal, lang=lang)
            action, reason = answer if isinstance(answer, tuple) else (answer, "")
            if action in legal:
                return action, str(reason or "")
        except Exception:
            log.exception("pakka.bots.suggest failed; giving a random hint")
    return random.choice(legal), None

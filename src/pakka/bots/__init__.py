"""Bots: ``make(game, level, seed)`` and ``suggest(game, view, legal)``.

Levels: ``random`` (uniform), ``easy`` (the heuristic with deliberate mistakes), ``normal``
(the game's heuristic player), ``hard`` (determinized search with the heuristic as
rollout policy) and ``learned`` (a value network trained by self-play, played with NumPy:
:mod:`pakka.bots.learned`; a game that ships no network plays ``normal`` there).  A bot is given its seat's view and the legal actions, nothing else.
Each game's parts come from its :class:`~pakka.bots.kit.BotKit` (:func:`kit_for`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pakka import plugins
from pakka.bots.base import Bot, Policy, PolicyBot, View
from pakka.bots.kit import RANDOM_KIT, BotKit
from pakka.bots.random_bot import RandomBot
from pakka.bots.search import Budget
from pakka.engine import Action
from pakka.errors import PakkaError
from pakka.i18n import t
from pakka.wire import JSON

LEVELS = ("random", "easy", "normal", "hard", "learned")
EASY_MISTAKES = 0.3
HINT_SECONDS = 1.0
"""A hint is the ``hard`` bot's default search, stopped after this long (at least two worlds)."""

__all__ = [
    "LEVELS",
    "Bot",
    "BotKit",
    "Budget",
    "hints",
    "kit_for",
    "make",
    "policy_for",
    "suggest",
]


def kit_for(game_name: str) -> BotKit:
    """The game's bot kit (its plug-in's ``bots``), or the random kit if it has none."""
    game = plugins.get(game_name)
    kit = plugins.companion("bots", game.name)
    if kit is None:
        return RANDOM_KIT
    if not isinstance(kit, BotKit):
        raise PakkaError(f"{plugins.describe('bots', game.name)} is not a BotKit: {kit!r}")
    return kit


def policy_for(game_name: str) -> Policy:
    """The game's heuristic policy (uniform random if the game has none)."""
    return kit_for(game_name).policy


def make(game_name: str, level: str = "normal", seed: int | None = None, **kwargs: Any) -> Bot:
    """A bot for ``game_name`` at ``level``; ``budget=Budget(...)`` tunes ``hard``.

    Without one, ``hard`` uses the kit's budget (sized for its rollout cost) or
    :class:`Budget`'s defaults, plays its rollouts with the kit's rollout policy and is the
    kit's search class.
    """
    game = plugins.get(game_name)
    if level not in LEVELS:
        raise PakkaError(f"unknown bot level {level!r}; levels are: {', '.join(LEVELS)}")
    if level == "random":
        return RandomBot(game.name, seed)
    kit = kit_for(game.name)
    if level == "easy":
        return PolicyBot(game.name, kit.policy, "easy", seed, mistakes=EASY_MISTAKES)
    if level == "normal":
        return PolicyBot(game.name, kit.policy, "normal", seed)
    if level == "learned":
        from pakka.bots.learned import LearnedBot, weights_path

        if weights_path(game.name) is None:  # no network shipped: the heuristic
            return PolicyBot(game.name, kit.policy, "normal", seed)
        return LearnedBot(game.name, seed)
    budget = kwargs.get("budget") or kit.budget
    bot = kit.search(game, kit.rollout_policy, kit.value, seed, budget)
    bot.evidence = kit.evidence
    bot.chain = kit.chain
    return bot


def suggest(
    game_name: str, view: View | JSON, legal_actions: Sequence[Action], lang: str = "en"
) -> tuple[Action, str]:
    """The ``hard`` bot's choice for a hint button, with a one-line reason people can read."""
    return hints(game_name, view, legal_actions, lang, count=1)[0]


def hints(
    game_name: str,
    view: View | JSON,
    legal_actions: Sequence[Action],
    lang: str = "en",
    count: int = 3,
) -> list[tuple[Action, str]]:
    """Up to ``count`` hints, best first, each with a reason people can read: the ``hard``
    bot's choice, then the other moves its search compared, by their value (a hint button
    that is pressed again offers the next one)."""
    kit = kit_for(game_name)
    if isinstance(view, dict):
        view = plugins.get(game_name).view_from_json(view)
    budget = kit.budget or Budget()
    bot = make(game_name, "hard", seed=0, budget=replace(budget, seconds=HINT_SECONDS))
    chosen = bot.act(view, legal_actions)
    ranked = [chosen, *(a for a in getattr(bot, "last_ranking", ()) if a != chosen)]
    return [
        (a, kit.explain(view, a, lang) if kit.explain else t("hint_generic", lang))
        for a in ranked[:count]
    ]

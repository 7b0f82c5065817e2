"""Bots: ``make(game, level, seed)`` and ``suggest(game, observation, legal)``.

Levels: ``random`` (uniform), ``easy`` (the heuristic with deliberate mistakes), ``normal``
(the game's heuristic player) and ``hard`` (determinized search with the heuristic as
rollout policy).  A bot is given its seat's observation and the legal actions, nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pakka.games
from pakka.bots.base import Bot, Policy, PolicyBot, RandomPolicy
from pakka.bots.heuristic import module_for
from pakka.bots.random_bot import RandomBot
from pakka.bots.search import Budget, PimcBot, score_margin
from pakka.engine import Action
from pakka.errors import PakkaError
from pakka.i18n import t

LEVELS = ("random", "easy", "normal", "hard")
EASY_MISTAKES = 0.3
HINT_SECONDS = 1.0
"""A hint is the ``hard`` bot's default search, stopped after this long (at least two worlds)."""

__all__ = ["LEVELS", "Bot", "Budget", "make", "policy_for", "suggest"]


def policy_for(game_name: str) -> Policy:
    """The game's heuristic policy (uniform random if the game has none yet)."""
    module = module_for(game_name)
    policy: Policy = module.POLICY if module is not None else RandomPolicy()
    return policy


def make(game_name: str, level: str = "normal", seed: int | None = None, **kwargs: Any) -> Bot:
    """A bot for ``game_name`` at ``level``; ``budget=Budget(...)`` tunes ``hard``.

    Without one, ``hard`` uses the heuristic module's ``BUDGET`` if it defines one (a
    per-game default sized for its rollout cost), else :class:`Budget`'s defaults, and
    plays its rollouts with the module's ``ROLLOUT_POLICY`` (a cheaper variant of
    ``POLICY``) if it defines one; ``SEARCH_BOT`` (a :class:`PimcBot` subclass, e.g. one that
    picks its candidates from the heuristic's ranking) replaces :class:`PimcBot`.
    """
    game = pakka.games.get(game_name)
    if level not in LEVELS:
        raise PakkaError(f"unknown bot level {level!r}; levels are: {', '.join(LEVELS)}")
    if level == "random":
        return RandomBot(game.name, seed)
    policy = policy_for(game.name)
    if level == "easy":
        return PolicyBot(game.name, policy, "easy", seed, mistakes=EASY_MISTAKES)
    if level == "normal":
        return PolicyBot(game.name, policy, "normal", seed)
    module = module_for(game.name)
    value = getattr(module, "value", score_margin)
    budget = kwargs.get("budget") or getattr(module, "BUDGET", None)
    rollout: Policy = getattr(module, "ROLLOUT_POLICY", policy)
    search: type[PimcBot] = getattr(module, "SEARCH_BOT", PimcBot)
    return search(game, rollout, value, seed, budget)


def suggest(
    game_name: str, observation: dict[str, Any], legal_actions: Sequence[Action], lang: str = "en"
) -> tuple[Action, str]:
    """The ``hard`` bot's choice for a hint button, with a one-line reason people can read."""
    module = module_for(game_name)
    budget = getattr(module, "BUDGET", None) or Budget()
    bot = make(game_name, "hard", seed=0, budget=replace(budget, seconds=HINT_SECONDS))
    action = bot.act(observation, legal_actions)
    explain = getattr(module, "explain", None)
    reason = explain(observation, action, lang) if explain else t("hint_generic", lang)
    return action, reason

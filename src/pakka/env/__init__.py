"""PettingZoo environments for pakka's games (the ``rl`` extra).

>>> import pakka.env
>>> env = pakka.env.make("pentagrammi", deals=1)
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), info["observation"]["phase"]
(['action_mask', 'observation'], 'pass')

``make(game, players=None, **options)`` gives the AEC environment of a game (options are the
game's ``Options`` fields); ``parallel_env("anarchy", ...)`` the Parallel one.  Each game's
action space, observation layout and rewards are in ``docs/env/<game>.md`` for the games
pakka ships, generated from the codecs by ``python -m pakka.env.spec`` (which describes
any installed game's codec the same way).
"""

from __future__ import annotations

from typing import Any

from pakka import plugins
from pakka.env.aec import REWARD_MODES, PakkaAECEnv, PakkaParallelEnv
from pakka.env.codec import Codec
from pakka.errors import PakkaError, UnknownGame

__all__ = [
    "REWARD_MODES",
    "Codec",
    "PakkaAECEnv",
    "PakkaParallelEnv",
    "codec",
    "codec_class",
    "environments",
    "make",
    "parallel_env",
]


def codec_class(game: str) -> type[Codec]:
    """The codec class a game brings (its plug-in's ``codec``)."""
    name = plugins.get(game).name
    found = plugins.companion("codec", name)
    if found is None:
        raise UnknownGame(f"no environment for {game!r}; environments: {', '.join(environments())}")
    if not (isinstance(found, type) and issubclass(found, Codec)):
        raise PakkaError(f"{plugins.describe('codec', name)} is not a Codec class: {found!r}")
    return found


def environments() -> list[str]:
    """The games that bring an environment (a codec)."""
    return [g for g in plugins.names() if plugins.companion("codec", g) is not None]


def codec(game: str, players: int | None = None, **options: Any) -> Codec:
    """The codec of a game at a table size (for encoding outside an environment)."""
    return make(game, players, **options).codec


def make(
    game: str,
    players: int | None = None,
    render_mode: str | None = None,
    reward: str = "match",
    **options: Any,
) -> PakkaAECEnv:
    """The AEC environment of ``game`` (``players`` where the game allows several sizes;
    ``reward`` one of :data:`REWARD_MODES`; ``options`` the game's ``Options`` fields)."""
    return PakkaAECEnv(codec_class(game), players, render_mode, reward, **options)


def parallel_env(
    game: str = "anarchy",
    players: int | None = None,
    render_mode: str | None = None,
    reward: str = "match",
    **options: Any,
) -> PakkaParallelEnv:
    """The Parallel environment of ``game`` (meant for Anarchy's simultaneous tricks)."""
    return PakkaParallelEnv(codec_class(game), players, render_mode, reward, **options)

"""PettingZoo environments for pakka's games (the ``rl`` extra).

>>> import pakka.env
>>> env = pakka.env.make("pentagrammi", deals=1)
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), info["observation"]["phase"]
(['action_mask', 'observation'], 'pass')

``make(game, players=None, **options)`` gives the AEC environment of a game (options are the
game's ``Options`` fields); ``parallel_env("anarchy", ...)`` the Parallel one.  Each game's
action space, observation layout and rewards are in ``docs/env/<game>.md``, generated from
the codecs by ``python -m pakka.env.spec``.
"""

from __future__ import annotations

from typing import Any

from pakka.env.aec import REWARD_MODES, PakkaAECEnv, PakkaParallelEnv
from pakka.env.anarchy import AnarchyCodec
from pakka.env.codec import Codec
from pakka.env.guandan import GuandanCodec
from pakka.env.norlanninnakki import NorlanninnakkiCodec
from pakka.env.pentagrammi import PentagrammiCodec
from pakka.errors import UnknownGame

__all__ = [
    "CODECS",
    "REWARD_MODES",
    "Codec",
    "PakkaAECEnv",
    "PakkaParallelEnv",
    "codec",
    "make",
    "parallel_env",
]

CODECS: dict[str, type[Codec]] = {
    c.game_name: c for c in (AnarchyCodec, GuandanCodec, NorlanninnakkiCodec, PentagrammiCodec)
}
"""The codec class of every game with an environment."""


def _codec_cls(game: str) -> type[Codec]:
    try:
        return CODECS[game]
    except KeyError:
        raise UnknownGame(
            f"no environment for {game!r}; environments: {', '.join(sorted(CODECS))}"
        ) from None


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
    return PakkaAECEnv(_codec_cls(game), players, render_mode, reward, **options)


def parallel_env(
    game: str = "anarchy",
    players: int | None = None,
    render_mode: str | None = None,
    reward: str = "match",
    **options: Any,
) -> PakkaParallelEnv:
    """The Parallel environment of ``game`` (meant for Anarchy's simultaneous tricks)."""
    return PakkaParallelEnv(_codec_cls(game), players, render_mode, reward, **options)

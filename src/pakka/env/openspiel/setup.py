"""What an OpenSpiel parameter set means for a pakka game: table size, options, rewards, caps.

OpenSpiel games take flat parameters (``int``, ``bool``, ``str``, ``float``).  A pakka game's
are derived from its ``Options`` dataclass, so a new option is a new parameter with no list
to keep up to date:

* every ``Options`` field is a parameter of the same name and default; an optional seat
  (``first_dealer``, ``first_leader``: ``int | None``) is ``-1`` for ``None``;
* ``players``: the table size (the game's ``GameInfo`` default);
* ``reward``: ``"match"`` or ``"score"``, the environment's reward modes
  (:data:`pakka.env.REWARD_MODES`);
* ``max_deals``: the match ends after this many deals (default 100, more than any match of
  the four games plays; ``1`` is the single-deal game used for search benchmarks).

OpenSpiel needs a finite game, and Guandan and Norlanninnakki matches have no bound of their
own, hence ``max_deals``.  A match stopped by it (or by the decision cap, ``max_length``,
which only a pathological run of Norlanninnakki throw-ins could reach) ends with the
standing at that moment: ranks from the scores, then the codec's final reward centred on
zero so the game stays zero-sum (a tie that Guandan's team reward would score +1 for both
teams scores 0).
"""

from __future__ import annotations

import functools
import types
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Union, get_args, get_origin

import pakka.env
from pakka import plugins
from pakka.engine import Game, options_from_mapping
from pakka.env.codec import Codec
from pakka.errors import PakkaError
from pakka.options import option_specs

__all__ = [
    "DEFAULT_MAX_DEALS",
    "NONE",
    "Param",
    "Setup",
    "make_setup",
    "parameter_specification",
]

Param = int | bool | str | float
NONE = -1
"""The parameter value of an optional seat left to the seed (``None`` in ``Options``)."""
DEFAULT_MAX_DEALS = 100
MATCH_UTILITY = (-1.0, 1.0)
"""The range of every codec's final match reward (pairwise ranks, Guandan's team +-1)."""


def _optional(hint: Any) -> bool:
    """Whether a type hint is ``X | None``."""
    return get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint)


def parameter_specification(game: Game[Any, Any]) -> dict[str, Param]:
    """The parameters of ``game`` with their defaults."""
    spec: dict[str, Param] = {"players": game.info.default_players}
    for option in option_specs(game.Options):
        default = option.default
        if default is None and option.nullable and option.kind in ("int", "seat"):
            spec[option.name] = NONE
        elif isinstance(default, int | str | float):
            spec[option.name] = default
        else:
            raise TypeError(f"{game.name} option {option.name} = {default!r} has no OpenSpiel form")
    spec.update(reward="match", max_deals=DEFAULT_MAX_DEALS)
    return spec


@dataclass(frozen=True)
class Setup:
    """Everything a parameter set fixes; shared by every state of a game (immutable)."""

    game: Game[Any, Any]
    codec: Codec
    params: tuple[tuple[str, Param], ...]
    """The full parameter set, sorted (the key that rebuilds this setup)."""
    players: int
    options: Any
    reward: str
    max_deals: int
    first_deal: int
    """``deal_number()`` of a new match (deals are counted from it for ``max_deals``)."""
    max_length: int
    """Decisions after which a match is stopped: OpenSpiel's ``max_game_length``."""
    utility: tuple[float, float]


def make_setup(name: str, params: Mapping[str, Param] | None = None) -> Setup:
    """The setup of game ``name`` for ``params`` (missing ones take their defaults)."""
    game = plugins.get(name)
    full = parameter_specification(game)
    unknown = set(params or {}) - set(full)
    if unknown:
        raise PakkaError(
            f"unknown parameters {sorted(unknown)} for {name}; parameters: {', '.join(full)}"
        )
    full.update(params or {})
    return _setup(name, tuple(sorted(full.items())))


@functools.lru_cache(maxsize=64)
def _setup(name: str, items: tuple[tuple[str, Param], ...]) -> Setup:
    game = plugins.get(name)
    params = dict(items)
    raw = {
        o.name: None if params[o.name] == NONE and o.nullable else params[o.name]
        for o in option_specs(game.Options)
    }
    players = int(params["players"])
    probe = game.new_match(players, options_from_mapping(game.Options, raw), seed=0)
    reward = str(params["reward"])
    if reward not in pakka.env.REWARD_MODES:
        raise PakkaError(
            f"reward must be one of {', '.join(pakka.env.REWARD_MODES)}, not {reward!r}"
        )
    max_deals = int(params["max_deals"])
    if max_deals < 1:
        raise PakkaError(f"max_deals must be 1 or more, not {max_deals}")
    codec = pakka.env.codec_class(name)(players, probe.options)
    per_deal = (players + 1) * len(game.deck(players, probe.options))
    return Setup(
        game=game,
        codec=codec,
        params=items,
        players=players,
        options=probe.options,
        reward=reward,
        max_deals=max_deals,
        first_deal=probe.deal_number(),
        max_length=max_deals * per_deal,
        utility=MATCH_UTILITY if reward == "match" else _score_utility(game, codec, probe),
    )


def _score_utility(game: Game[Any, Any], codec: Codec, probe: Any) -> tuple[float, float]:
    """The range of a match's total ``score`` reward: its final centred standing.

    A standing is a score over ``codec.score_scale``; a seat's score minus the table mean
    lies within (players - 1) / players of the width of ``GameInfo.score_bounds``.  Only
    offered when those bounds bound the observation's scores, as far as a new match shows.
    """
    bounds = game.info.score_bounds
    scores = probe.view(None).scores
    if bounds is None or not all(bounds[0] <= s <= bounds[1] for s in scores):
        raise PakkaError(
            f'reward="score" needs GameInfo.score_bounds to bound the scores of the '
            f"observation; {game.name} has {bounds} and starts at {scores}"
        )
    n = probe.players
    span = (bounds[1] - bounds[0]) * (n - 1) / n / codec.score_scale
    return (-span, span)

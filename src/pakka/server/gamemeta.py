"""The lobby's description of a game (``GET /api/games``), read from its ``GameInfo`` and
``Options`` by reflection (to be replaced by the games' declared options spec)."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from pakka.engine import Game
from pakka.server.protocol import GameMeta, OptionInfo


def game_meta(game: Game, rule_langs: list[str]) -> GameMeta:
    """The lobby's description of a game, read from its ``GameInfo`` and ``Options``."""
    info = game.info
    hints = typing.get_type_hints(game.Options)
    default = game.Options()
    options = []
    for f in dataclasses.fields(game.Options):
        hint = hints[f.name]
        value = getattr(default, f.name)
        choices: list[Any] | None = None
        if typing.get_origin(hint) is typing.Literal:
            kind = "choice"
            choices = list(typing.get_args(hint))
        elif hint is bool:
            kind = "bool"
        elif hint is int:
            kind = "int"
            samples = info.option_samples.get(f.name)
            if samples:
                choices = sorted({value, *samples})
        else:
            kind = "text"
        options.append(
            OptionInfo(
                name=f.name,
                type=kind,  # type: ignore[arg-type]
                default=value,
                choices=choices,
                help=info.option_help.get(f.name, ""),
            )
        )
    return GameMeta(
        name=info.name,
        title=info.title,
        description=info.description,
        min_players=info.min_players,
        max_players=info.max_players,
        default_players=info.default_players,
        simultaneous=info.simultaneous,
        hidden_information=info.hidden_information,
        options=options,
        rules=rule_langs,
    )

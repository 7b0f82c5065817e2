"""The lobby's description of a game (``GET /api/games``), from its ``GameInfo`` and the
declared option specs (:func:`pakka.options.option_specs`)."""

from __future__ import annotations

from typing import Any

from pakka.engine import Game
from pakka.options import option_specs
from pakka.server.protocol import GameMeta, OptionInfo


def game_meta(game: Game[Any, Any], rule_langs: list[str]) -> GameMeta:
    """The lobby's description of a game: its facts, seat layout and options."""
    info = game.info
    options = [
        OptionInfo(
            name=spec.name,
            type=spec.kind,
            default=spec.default,
            choices=None if spec.choices is None else list(spec.choices),
            range=None if spec.range is None or spec.kind == "seat" else list(spec.range),
            nullable=spec.nullable,
            help=spec.help,
        )
        for spec in option_specs(game.Options)
    ]
    return GameMeta(
        name=info.name,
        title=info.title,
        description=info.description,
        min_players=info.min_players,
        max_players=info.max_players,
        default_players=info.default_players,
        simultaneous=info.simultaneous,
        hidden_information=info.hidden_information,
        seat_direction=info.seat_direction,
        teams=[list(team) for team in info.teams],
        pass_offsets=list(info.pass_offsets),
        hand_sort=info.hand_sort,
        lower_is_better=info.lower_is_better,
        options=options,
        rules=rule_langs,
    )

"""Matches to review when there is none at hand: bots play a seeded match (the benchmark,
the tests and ``pakka review --demo``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pakka.bots
import pakka.games
from pakka.cards import Card


def sample_match(
    game_name: str,
    seed: int = 1,
    deals: int | None = 1,
    level: str = "normal",
    deck: list[Card] | None = None,
    stop_after: int | None = None,
    levels: Mapping[int, str] | None = None,
) -> dict[str, Any]:
    """The replay record of a match of ``level`` bots (``levels``: another level at some
    seats, e.g. ``{0: "random"}``): ``deals`` deals of it (``None``: the whole match), from
    a stacked first deal (``deck``; default: a shuffle of ``seed``), cut after
    ``stop_after`` actions if given."""
    game = pakka.games.get(game_name)
    probe = game.new_match(seed=seed)
    if deck is None:
        deck = list(game.deck(probe.players, probe.options))
        random.Random(f"sample:{seed}").shuffle(deck)
    state = game.new_match(seed=seed, deck=deck)
    chosen = levels or {}
    bots = [
        pakka.bots.make(game.name, chosen.get(s, level), seed=seed * 10 + s)
        for s in range(state.players)
    ]
    first = state.view(None).deal
    while not state.is_over():
        if deals is not None and state.view(None).deal >= first + deals:
            break
        if stop_after is not None and len(state.log or ()) >= stop_after:
            break
        for s in sorted(state.to_act()):
            state.apply(s, bots[s].act(state.view(s), state.legal_actions(s)))
    record: dict[str, Any] = state.to_json()
    return record

"""Every game pakka ships is a complete plug-in: found by its entry point, with a bot kit,
an env codec, a presenter, rules in English and Finnish, and its words in the catalogue."""

from __future__ import annotations

import random
from importlib.metadata import entry_points

import pytest

import pakka.bots
import pakka.env
import pakka.games
import pakka.present
from pakka import plugins, rulebook
from pakka.bots.kit import RANDOM_KIT, BotKit
from pakka.engine import Game
from pakka.env.codec import Codec
from pakka.errors import PakkaError, UnknownGame
from pakka.i18n import LANGS, catalogue
from pakka.options import option_specs
from pakka.present.base import Presenter

NAMES = pakka.games.names()


def test_the_four_games_are_found_through_entry_points() -> None:
    found = {ep.name for ep in entry_points(group="pakka.games")}
    assert {"anarchy", "guandan", "norlanninnakki", "pentagrammi"} <= found
    assert set(NAMES) >= found


@pytest.mark.parametrize("name", NAMES)
def test_every_game_brings_its_companions(name: str) -> None:
    game = pakka.games.get(name)
    assert isinstance(game, Game) and game.name == name
    kit = pakka.bots.kit_for(name)
    assert isinstance(kit, BotKit) and kit is not RANDOM_KIT
    assert issubclass(pakka.env.codec_class(name), Codec)
    shows = pakka.present.presenter(name)
    assert isinstance(shows, Presenter) and shows is not pakka.present.GENERIC


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_rules_in_both_languages(name: str) -> None:
    assert rulebook.languages(name) == ["en", "fi"]


def _seen(game: Game, seed: int) -> tuple[set[str], set[str]]:
    """The phases and event types of one random match."""
    rng = random.Random(seed)
    state = game.new_match(seed=seed)
    phases, events = set(), set()
    while not state.is_over():
        phases.add(state.view(None).phase)
        seat = rng.choice(sorted(state.to_act()))
        events |= {e.type for e in state.apply(seat, rng.choice(state.legal_actions(seat)))}
    return phases, events


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_its_words_in_both_languages(name: str) -> None:
    game = pakka.games.get(name)
    words = catalogue()
    needed = [f"game_{name}", f"game_{name}_description"]
    for spec in option_specs(game.Options):
        needed += [f"opt_{name}_{spec.name}", f"opt_{name}_{spec.name}_help"]
        needed += [f"opt_{name}_{spec.name}_{value}" for value in spec.choices or ()]
    phases, _ = _seen(game, 1)
    for phase in phases:
        key = f"phase_{name}_{phase}" if f"phase_{name}_{phase}" in words else f"phase_{phase}"
        needed.append(key)
    missing = [(k, lang) for k in needed for lang in LANGS if not words.get(k, {}).get(lang)]
    assert not missing, f"catalogue entries missing: {missing}"


def test_a_broken_companion_is_an_error_naming_it() -> None:
    plugins.set_companion("bots", "pentagrammi", object())
    try:
        with pytest.raises(PakkaError, match="is not a BotKit"):
            pakka.bots.kit_for("pentagrammi")
    finally:
        plugins.forget_companion("bots", "pentagrammi")
    assert isinstance(pakka.bots.kit_for("pentagrammi"), BotKit)


def test_an_unknown_game_names_the_games() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'chess'; games are: anarchy"):
        pakka.games.get("chess")

"""Games are plug-ins: one entry point each, every part but the game optional.

Every installed game is checked here, pakka's own and any other package's: a part a game
brings (bot kit, env codec, presenter, words, rules) is checked, a part it does not bring is
skipped with the reason.  The games pakka ships must bring every part.
"""

from __future__ import annotations

import json
import random
from importlib.metadata import entry_points
from pathlib import Path

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
from pakka.i18n import LANGS, catalogue, shared
from pakka.options import option_specs
from pakka.present.base import Presenter

NAMES = pakka.games.names()
SHIPPED = plugins.shipped()


def test_the_four_games_are_found_through_one_entry_point_each() -> None:
    found = {ep.name: ep.value for ep in entry_points(group=plugins.GROUP)}
    for name in ("anarchy", "guandan", "norlanninnakki", "pentagrammi"):
        assert found[name] == f"pakka.games.{name}:PLUGIN"
    assert set(SHIPPED) == {"anarchy", "guandan", "norlanninnakki", "pentagrammi"}
    assert set(NAMES) >= set(found)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_game_brings_every_part(name: str) -> None:
    assert isinstance(pakka.bots.kit_for(name), BotKit)
    assert pakka.bots.kit_for(name) is not RANDOM_KIT
    assert issubclass(pakka.env.codec_class(name), Codec)
    assert pakka.present.presenter(name) is not pakka.present.GENERIC
    assert rulebook.languages(name) == ["en", "fi"]
    assert plugins.messages(name)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_s_parts_are_what_they_claim(name: str) -> None:
    game = pakka.games.get(name)
    assert isinstance(game, Game) and game.name == name
    brought = {kind: getattr(plugins.plugin(name), kind) for kind in plugins.KINDS}
    if brought["bots"] is None:
        assert pakka.bots.kit_for(name) is RANDOM_KIT
    else:
        assert isinstance(pakka.bots.kit_for(name), BotKit)
    if brought["codec"] is None:
        with pytest.raises(UnknownGame, match="no environment"):
            pakka.env.codec_class(name)
    else:
        assert issubclass(pakka.env.codec_class(name), Codec)
    shows = pakka.present.presenter(name)
    assert isinstance(shows, Presenter)
    assert (shows is pakka.present.GENERIC) == (brought["present"] is None)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_with_rules_has_them_in_both_languages(name: str) -> None:
    langs = rulebook.languages(name)
    if not langs:
        pytest.skip(f"{name} brings no rules text (optional)")
    assert langs == ["en", "fi"]


def _seen(game: Game, seed: int) -> set[str]:
    """The phases of one random match."""
    rng = random.Random(seed)
    state = game.new_match(seed=seed)
    phases = set()
    while not state.is_over():
        phases.add(state.view(None).phase)
        seat = rng.choice(sorted(state.to_act()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return phases


@pytest.mark.parametrize("name", NAMES)
def test_every_game_with_words_has_its_words_in_both_languages(name: str) -> None:
    if not plugins.messages(name):
        pytest.skip(f"{name} brings no words (optional: its declared title, help and names)")
    game = pakka.games.get(name)
    words = catalogue()
    needed = [f"game_{name}", f"game_{name}_description"]
    for spec in option_specs(game.Options):
        needed += [f"opt_{name}_{spec.name}", f"opt_{name}_{spec.name}_help"]
        needed += [f"opt_{name}_{spec.name}_{value}" for value in spec.choices or ()]
    for phase in _seen(game, 1):
        key = f"phase_{name}_{phase}" if f"phase_{name}_{phase}" in words else f"phase_{phase}"
        needed.append(key)
    missing = [(k, lang) for k in needed for lang in LANGS if not words.get(k, {}).get(lang)]
    assert not missing, f"catalogue entries missing: {missing}"


def test_a_game_s_words_are_merged_into_the_catalogue() -> None:
    words = catalogue()
    for name in NAMES:
        for key, entry in plugins.messages(name).items():
            assert words[key] == entry
    assert "game_guandan" not in shared()  # a game's words live in its folder only


def _words_package(root: Path, name: str, words: object) -> str:
    (root / name).mkdir()
    (root / name / "__init__.py").write_text("")
    (root / name / "messages.json").write_text(json.dumps(words), "utf-8")
    return name


def test_a_word_defined_twice_is_an_error_naming_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.generic.toy import TOY

    monkeypatch.syspath_prepend(str(tmp_path))
    clash = _words_package(tmp_path, "clashing_words", {"your_turn": {"en": "Go", "fi": "Nyt"}})
    with (
        plugins.registered(plugins.Plugin(game=TOY, resources=clash)),
        pytest.raises(PakkaError, match=r"'your_turn' is defined twice.*game 'toy'"),
    ):
        catalogue()
    assert catalogue()["your_turn"]["en"] == "Your turn"


def test_malformed_words_are_an_error_saying_what_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.generic.toy import TOY

    monkeypatch.syspath_prepend(str(tmp_path))
    bad = _words_package(tmp_path, "finnish_only_words", {"toy_hello": {"fi": "Moi"}})
    with (
        plugins.registered(plugins.Plugin(game=TOY, resources=bad)),
        pytest.raises(PakkaError, match=r"'toy_hello' must map languages.*English"),
    ):
        plugins.messages("toy")


def test_a_broken_part_is_an_error_naming_it() -> None:
    plugins.set_companion("bots", "pentagrammi", object())
    try:
        with pytest.raises(PakkaError, match="is not a BotKit"):
            pakka.bots.kit_for("pentagrammi")
    finally:
        plugins.forget_companion("bots", "pentagrammi")
    assert isinstance(pakka.bots.kit_for("pentagrammi"), BotKit)


def test_a_misspelt_reference_is_an_error_naming_it() -> None:
    from tests.generic.toy import TOY

    with (
        plugins.registered(plugins.Plugin(game=TOY, present="tests.generic.toy:NO_SUCH")),
        pytest.raises(PakkaError, match=r"present of game 'toy'.*cannot be loaded"),
    ):
        pakka.present.presenter("toy")
    assert "toy" not in pakka.games.names()


def test_an_unknown_game_names_the_games() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'chess'; games are: anarchy"):
        pakka.games.get("chess")

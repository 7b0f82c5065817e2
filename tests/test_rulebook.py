"""The rules texts: each game's own (``rules.md``, ``rules.fi.md`` in its plug-in's folder),
packaged with it, read by the server and the terminal client through :mod:`pakka.rulebook`."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import pakka.games
from pakka import plugins, rulebook

SHIPPED = plugins.shipped()


REPO = Path(__file__).resolve().parents[1]
GAMES = REPO / "src" / "pakka" / "games"


@pytest.fixture(autouse=True)
def _packaged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAKKA_DOCS", raising=False)


def test_the_four_games_are_shipped() -> None:
    assert set(SHIPPED) == {"anarchy", "pentagrammi", "norlanninnakki", "guandan"}


@pytest.mark.parametrize("game", SHIPPED)
@pytest.mark.parametrize("lang", ["en", "fi"])
def test_every_shipped_game_has_its_rules_in_english_and_finnish(game: str, lang: str) -> None:
    assert rulebook.languages(game) == ["en", "fi"]
    found = rulebook.read(game, lang)
    assert found is not None
    chosen, text = found
    assert chosen == lang
    assert text.startswith("# ")
    assert len(text) > 2000  # the whole text, not a stub
    assert text == (GAMES / game / rulebook.file_name(lang)).read_text("utf-8")


@pytest.mark.parametrize("game", pakka.games.names())
def test_any_game_s_rules_are_read_from_its_own_folder(game: str) -> None:
    langs = rulebook.languages(game)
    if not langs:
        pytest.skip(f"{game} brings no rules text (optional)")
    for lang in langs:
        found = plugins.resource(game, rulebook.file_name(lang))
        assert found is not None
        assert rulebook.read(game, lang) == (lang, found.read_text("utf-8"))


def test_pyproject_ships_words_and_rules_but_not_tests() -> None:
    if not (REPO / "pyproject.toml").is_file():
        pytest.skip("not a source checkout")
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    data = config["tool"]["setuptools"]["package-data"]["pakka"]
    assert {"games/*/*.md", "games/*/messages.json"} <= set(data)
    assert "pakka.games.*.tests" in config["tool"]["setuptools"]["packages"]["find"]["exclude"]


def test_fallbacks_override_and_bad_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert rulebook.read("anarchy", "sv") is not None
    assert rulebook.read("anarchy", "sv")[0] == "en"  # type: ignore[index]
    assert rulebook.read("no_such_game") is None
    assert rulebook.languages("../docs/rules/anarchy") == []
    assert rulebook.read("../rules/anarchy") is None
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "anarchy.fi.md").write_text("# Oma\n", "utf-8")
    assert rulebook.read("anarchy", "en", tmp_path) == ("fi", "# Oma\n")
    monkeypatch.setenv("PAKKA_DOCS", str(tmp_path))
    assert rulebook.languages("anarchy") == ["fi"]
    assert rulebook.languages("guandan") == []


@pytest.mark.slow
def test_a_built_wheel_carries_every_rules_text_and_word(tmp_path: Path) -> None:
    if not (REPO / "pyproject.toml").is_file():
        pytest.skip("not a source checkout")
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(REPO), "-w", str(tmp_path), "--no-deps", "-q"],
        check=True,
        env=env,
    )
    (wheel,) = tmp_path.glob("pakka-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        for game in SHIPPED:
            for file in ("rules.md", "rules.fi.md", "messages.json"):
                path = GAMES / game / file
                assert z.read(f"pakka/games/{game}/{file}") == path.read_bytes(), path
        assert not [n for n in names if "/tests/" in n]

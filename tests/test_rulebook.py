"""The rules texts: packaged with pakka, one source (docs/rules), read by the server and TUI."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from importlib import resources
from pathlib import Path

import pytest

import pakka.games
from pakka import rulebook

REPO = Path(__file__).resolve().parents[1]
DOCS_RULES = REPO / "docs" / "rules"
REAL_GAMES = ("anarchy", "pentagrammi", "norlanninnakki", "guandan")


@pytest.fixture(autouse=True)
def _packaged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAKKA_DOCS", raising=False)


def test_the_four_games_are_registered() -> None:
    assert set(REAL_GAMES) <= set(pakka.games.names())


# every registered game (the toy game of the server tests registers only inside a fixture)
@pytest.mark.parametrize("game", [g for g in pakka.games.names() if g != "toy"])
@pytest.mark.parametrize("lang", ["en", "fi"])
def test_every_game_has_its_rules_in_english_and_finnish(game: str, lang: str) -> None:
    assert rulebook.languages(game) == ["en", "fi"]
    found = rulebook.read(game, lang)
    assert found is not None
    chosen, text = found
    assert chosen == lang
    assert text.startswith("# ")
    assert len(text) > 2000  # the whole text, not a stub
    assert text == (DOCS_RULES / rulebook.file_name(game, lang)).read_text("utf-8")


def test_the_packaged_rules_are_the_docs_rules() -> None:
    packaged = resources.files("pakka") / "rules"
    if not (REPO / "pyproject.toml").is_file() or not DOCS_RULES.is_dir():
        pytest.skip("not a source checkout")
    # one source of truth: src/pakka/rules is a link to docs/rules, not a copy that can drift
    link = REPO / "src" / "pakka" / "rules"
    assert link.is_symlink() and link.resolve() == DOCS_RULES.resolve()
    assert Path(str(packaged)).resolve() == DOCS_RULES.resolve()
    names = sorted(p.name for p in DOCS_RULES.glob("*.md"))
    assert names == sorted(p.name for p in packaged.iterdir() if p.name.endswith(".md"))


def test_pyproject_ships_the_rules_as_package_data() -> None:
    if not (REPO / "pyproject.toml").is_file():
        pytest.skip("not a source checkout")
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    assert "rules/*.md" in config["tool"]["setuptools"]["package-data"]["pakka"]


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
def test_a_built_wheel_carries_every_rules_text(tmp_path: Path) -> None:
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
        for path in DOCS_RULES.glob("*.md"):
            assert z.read(f"pakka/rules/{path.name}") == path.read_bytes(), path.name

"""A game that lives outside pakka's tree plays everywhere once its package is installed.

The toy game of the generic suite is packaged here as ``pakka-toy`` (its engine module and
one ``pakka.games`` entry point, nothing else), installed with pip into a temporary folder,
and used from a fresh Python process that has that folder on its path: pakka finds it,
lists it, passes the generic suite on it, serves it (REST lobby and a whole match over the
WebSocket against ``random`` bots) and plays it in the terminal client.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "generic" / "toy.py"

PYPROJECT = """\
[build-system]
requires = ["setuptools>=70.1"]
build-backend = "setuptools.build_meta"

[project]
name = "pakka-toy"
version = "1.0"
description = "High or Low, a game for pakka that lives outside its tree"

[project.entry-points."pakka.games"]
toy = "pakka_toy:GAME"

[tool.setuptools]
packages = ["pakka_toy"]
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with ``pakka-toy`` installed into it by pip."""
    root = tmp_path_factory.mktemp("outside")
    pkg = root / "pakka-toy"
    (pkg / "pakka_toy").mkdir(parents=True)
    (pkg / "pyproject.toml").write_text(PYPROJECT)
    source = TOY.read_text() + "\n\nGAME = TOY\n"
    (pkg / "pakka_toy" / "__init__.py").write_text(source)
    target = root / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            "--no-build-isolation",
            "--target",
            str(target),
            str(pkg),
        ],
        check=True,
        capture_output=True,
    )
    assert list(target.glob("pakka_toy-*.dist-info/entry_points.txt"))
    return target


def run(site: Path, code: str, *args: str, timeout: float = 120) -> str:
    """Run Python ``code`` in a fresh process that sees the installed package."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]))
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_it_is_listed_by_pakka_games(site: Path) -> None:
    out = run(site, "from pakka.cli import main; main()", "games")
    assert "toy  High or Low, 2-4 players" in out
    assert "--option deals=2  (1-10)" in out


def test_it_is_not_listed_without_its_package() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pakka.cli", "games"], capture_output=True, text=True, check=True
    ).stdout
    assert "High or Low" not in out


def test_it_passes_the_generic_suite(site: Path) -> None:
    out = run(
        site,
        """
        import pakka.games
        from pakka.options import option_variants
        from tests.generic.harness import play_checked
        game = pakka.games.get("toy")
        assert type(game).__module__ == "pakka_toy", type(game).__module__
        for players in game.info.player_counts:
            for options in option_variants(game.Options):
                play_checked(game, players, options, seed=3)
        print("generic suite passed")
        """,
    )
    assert "generic suite passed" in out


def test_it_plays_a_whole_match_on_the_server(site: Path, tmp_path: Path) -> None:
    out = run(
        site,
        f"""
        from fastapi.testclient import TestClient
        from pakka.server.app import Settings, create_app

        app = create_app(Settings(db_url="sqlite:///{tmp_path / "db.sqlite3"}", bot_delay=0))
        with TestClient(app) as client:
            games = {{g["name"]: g for g in client.get("/api/games").json()}}
            assert games["toy"]["title"] == "High or Low", games["toy"]
            seats = [{{"kind": "person"}}, {{"kind": "bot", "level": "random"}}]
            body = {{"game": "toy", "players": 2, "seats": seats, "name": "Ann"}}
            made = client.post("/api/tables", json=body)
            assert made.status_code == 201, made.text
            joined = made.json()
            moves = 0
            with client.websocket_connect(f"/ws/tables/{{joined['table']['id']}}") as ws:
                ws.send_json({{"type": "auth", "token": joined["token"]}})
                while True:
                    frame = ws.receive_json()
                    if frame.get("type") != "state":
                        continue
                    if frame["observation"]["result"] is not None:
                        break
                    if frame["legal_actions"]:
                        ws.send_json({{"type": "action", "action": frame["legal_actions"][0]}})
                        moves += 1
            print("played", moves, "moves; prompt:", frame["present"]["prompt"])
        """,
    )
    assert "played" in out and "won" in out


def test_it_plays_in_the_terminal_client(site: Path) -> None:
    out = run(
        site,
        """
        import asyncio
        import random
        import pakka.games
        from pakka.tui.app import PakkaApp
        from pakka.tui.session import LocalSession
        from tests.tui.driver import play_by_keys

        async def main() -> None:
            state = pakka.games.get("toy").new_match(players=2, seed=5)
            app = PakkaApp(LocalSession(state, ["random"]), lang="fi")
            async with app.run_test(size=(120, 40)) as pilot:
                await play_by_keys(pilot, random.Random(1))
            assert state.is_over() or app.session.state.is_over()
            print("terminal match over")

        asyncio.run(main())
        """,
    )
    assert "terminal match over" in out

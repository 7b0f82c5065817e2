"""A game that lives outside pakka's tree is a full citizen once its package is installed.

``pakka-toy`` (``conftest.py``) brings the game, its words in English and Finnish and its
rules texts, behind one ``pakka.games`` entry point, and nothing of pakka changes.  From a
fresh Python process that has it on its path: pakka lists it, pakka's own generic and
companion suites pass with it installed, the server serves its words and rules and plays it
over the WebSocket, and the terminal client shows its words and rules.  (The browser shows
them too: ``tests/e2e/test_outside_game.py``.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.plugin.conftest import ROOT, environ, run


def test_it_is_listed_by_pakka_games(site: Path) -> None:
    out = run(site, "from pakka.cli import main; main()", "games")
    assert "highlow  High or Low, 2-4 players" in out
    assert "--option deals=2  (1-10)" in out


def test_it_is_not_listed_without_its_package() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pakka.cli", "games"], capture_output=True, text=True, check=True
    ).stdout
    assert "High or Low" not in out


def _pytest(site: Path, *args: str, timeout: float = 900) -> str:
    """pakka's own tests, run with the outside package installed."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", "-n", "0", *args],
        env=environ(site),
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )
    assert done.returncode == 0, _failures(done.stdout) + done.stderr[-3000:]
    return done.stdout


def _failures(out: str) -> str:
    """The inner run's failure reports first (a whole-suite run prints thousands of lines
    before them), then its summary."""
    start = out.find("= FAILURES =")
    head = out[max(start - 80, 0) :][:12000] if start >= 0 else ""
    return head + "\n...\n" + out[-4000:]


GENERIC_AND_COMPANIONS = (
    "tests/test_plugins.py",
    "tests/test_rulebook.py",
    "tests/generic/test_random_sim.py",
    "tests/bots/test_golden_moves.py",
    "tests/env/test_reproducible.py",
    "tests/server/test_schemas.py",
)


def test_pakka_s_generic_and_companion_suites_pass_with_it_installed(site: Path) -> None:
    out = _pytest(
        site, *GENERIC_AND_COMPANIONS, "-k", "highlow or schemas or up_to_date or shipped"
    )
    # the toy's parts were checked, not skipped: it brings words and rules, no bots or codec
    passed_lines = [line for line in out.splitlines() if line.startswith("PASSED ")]
    for passed in (
        "test_every_game_s_parts_are_what_they_claim[highlow]",
        "test_every_game_with_rules_has_them_in_both_languages[highlow]",
        "test_every_game_with_words_has_its_words_in_both_languages[highlow]",
        "test_any_game_s_rules_are_read_from_its_own_folder[highlow]",
        "test_random_match_keeps_every_invariant[highlow-2p-v0-s1]",
        "test_schemas_are_up_to_date",
        "test_observations_and_presentations_match_their_schemas[highlow]",
        "test_spec_pages_are_up_to_date",
    ):
        assert any(line.endswith(f"::{passed}") for line in passed_lines), passed


# pakka's whole suite again, in a process that has the package installed: CI's third step,
# run alone (it runs two workers of its own; beside the slow step's other tests the machine
# was so loaded that a review page timed out)
@pytest.mark.outside_whole
def test_pakka_s_whole_suite_passes_with_it_installed(site: Path) -> None:
    # (the last -n wins.)
    _pytest(
        site,
        *("--maxfail=5", "-n", "2", "--tb=short", "--ignore=tests/plugin"),
        timeout=3600,
    )


def test_the_server_serves_its_words_and_rules_and_plays_it(site: Path, tmp_path: Path) -> None:
    out = run(
        site,
        f"""
        from fastapi.testclient import TestClient
        from pakka.server.app import Settings, create_app

        app = create_app(Settings(db_url="sqlite:///{tmp_path / "db.sqlite3"}", bot_delay=0))
        with TestClient(app) as client:
            games = {{g["name"]: g for g in client.get("/api/games").json()}}
            assert games["highlow"]["title"] == "High or Low", games["highlow"]
            assert games["highlow"]["rules"] == ["en", "fi"], games["highlow"]
            words = client.get("/api/i18n").json()
            assert words["opt_highlow_deals"]["fi"] == "Jakoja", words.get("opt_highlow_deals")
            rules = client.get("/api/games/highlow/rules", params={{"lang": "fi"}})
            assert rules.status_code == 200, rules.text
            assert rules.json()["markdown"].startswith("# Ylös vai alas"), rules.json()
            seats = [{{"kind": "person"}}, {{"kind": "bot", "level": "random"}}]
            body = {{"game": "highlow", "players": 2, "seats": seats, "name": "Ann"}}
            made = client.post("/api/tables", json=body)
            assert made.status_code == 201, made.text
            joined = made.json()
            moves, said = 0, []
            with client.websocket_connect(f"/ws/tables/{{joined['table']['id']}}") as ws:
                ws.send_json({{"type": "auth", "token": joined["token"], "lang": "fi"}})
                while True:
                    frame = ws.receive_json()
                    if frame.get("type") != "state":
                        continue
                    said.append(frame["present"]["title"] + " " + frame["present"]["status"])
                    if frame["observation"]["result"] is not None:
                        break
                    if frame["present"].get("pause"):
                        ws.send_json({{"type": "ready"}})  # the summary read: no 60 s break
                    elif frame["legal_actions"]:
                        ws.send_json({{"type": "action", "action": frame["legal_actions"][0]}})
                        moves += 1
            print("played", moves, "moves;", said[0])
        """,
    )
    assert "played" in out
    assert "Ylös vai alas" in out and "huutaminen" in out


def test_the_terminal_client_shows_its_words_and_rules(site: Path) -> None:
    out = run(
        site,
        """
        import asyncio
        import random
        import pakka.games
        from pakka.tui.app import PakkaApp, RulesScreen
        from pakka.tui.session import LocalSession
        from tests.tui.driver import play_by_keys, screen_text

        async def main() -> None:
            state = pakka.games.get("highlow").new_match(players=2, seed=5)
            app = PakkaApp(LocalSession(state, ["random"], lang="fi"), lang="fi")
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                assert "Ylös vai alas" in screen_text(app), screen_text(app)
                await pilot.press("question_mark")
                await pilot.pause()
                assert isinstance(app.screen, RulesScreen)
                assert app.screen.text.startswith("# Ylös vai alas")
                await pilot.press("escape")
                await pilot.pause()
                await play_by_keys(pilot, random.Random(1))
            assert state.is_over() or app.session.state.is_over()
            print("terminal match over")

        asyncio.run(main())
        """,
    )
    assert "terminal match over" in out

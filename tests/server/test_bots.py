"""Seat bots: ``pakka.bots`` plays them (in the search workers); a failing bot is logged and
shown at its seat, never replaced by random moves."""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import pakka.bots
import pakka.games
from pakka import engine
from pakka.server.app import Settings, create_app
from tests.server.conftest import create


def test_normal_bots_from_pakka_bots_play_a_match(client: TestClient, app: FastAPI) -> None:
    if "pentagrammi" not in pakka.games.names():
        pytest.skip("pentagrammi is not registered yet")
    made = create(
        client,
        game="pentagrammi",
        players=5,
        options={"deals": 1},
        seats=[{"kind": "bot", "level": "normal"}] * 5,
    )
    tid = made["table"]["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    assert client.get(f"/api/tables/{tid}/matches").json()[0]["result"]["winners"]
    assert app.state.services.driver.failures == 0


def test_a_failing_bot_is_logged_and_shown_at_its_seat(
    tmp_path: Path,
    toy: engine.Game,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """When ``pakka.bots`` failed, the server played random moves in the bot's place and
    only logged it (the stand-in ``RandomBot``): nobody at the table could tell."""
    real = pakka.bots.make

    def broken(game: str, level: str = "normal", seed: int | None = None, **kw: Any) -> Any:
        if level == "normal":
            raise RuntimeError("the normal bot is broken")
        return real(game, level, seed, **kw)

    monkeypatch.setattr(pakka.bots, "make", broken)  # before the workers start
    db = f"sqlite:///{tmp_path / 'bots.sqlite3'}"
    with (
        caplog.at_level(logging.ERROR, logger="pakka.server"),
        TestClient(create_app(Settings(db_url=db, bot_delay=0))) as client,
    ):
        made = create(
            client,
            players=2,
            options={"deals": 1},
            seats=[{"kind": "bot", "level": "normal"}, {"kind": "bot", "level": "random"}],
        )
        tid = made["table"]["id"]
        deadline = time.monotonic() + 20
        while (seat := client.get(f"/api/tables/{tid}").json()["seats"][0])["trouble"] is None:
            assert time.monotonic() < deadline, "the failure was not shown"
            time.sleep(0.05)
        assert "the normal bot failed" in seat["trouble"]
        assert "the normal bot is broken" in seat["trouble"]
        room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
        assert 0 in room.state.to_act()  # nothing was played in its place
        version = room.version
        time.sleep(0.3)
        assert room.version == version
    assert "the normal bot at seat 0 of table" in caplog.text
    assert "the normal bot is broken" in caplog.text

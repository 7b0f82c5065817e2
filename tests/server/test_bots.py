"""Seat bots come from ``pakka.bots.make`` when it exists, and play real games to the end."""

from __future__ import annotations

import time

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import pakka.games
from pakka.server.bots import RandomBot, make_bot
from tests.server.conftest import create


def test_without_pakka_bots_a_seat_bot_plays_randomly(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    real = importlib.import_module

    def no_bots(name: str, *args: object) -> object:
        if name == "pakka.bots":
            raise ModuleNotFoundError(name=name)
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", no_bots)
    assert isinstance(make_bot("toy", "hard", 1), RandomBot)


def test_normal_bots_from_pakka_bots_play_a_match(client: TestClient, app: FastAPI) -> None:
    pytest.importorskip("pakka.bots")
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
    room = app.state.registry.rooms[tid]
    assert not any(isinstance(s.bot, RandomBot) for s in room.seats)
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    assert client.get(f"/api/tables/{tid}/matches").json()[0]["result"]["winners"]

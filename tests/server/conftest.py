"""Server test fixtures: the real app on a temporary SQLite file, with the toy game."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from pakka import engine, plugins
from pakka.server.app import Settings, create_app
from pakka.server.limits import Limits
from tests.generic.toy import TOY


@pytest.fixture
def toy() -> Iterator[engine.Game]:
    """Register the toy game for one test (and take it away again)."""
    with plugins.registered(TOY):
        yield TOY


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'pakka.sqlite3'}"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "limits(**values): the test app's Limits differ from the defaults so"
    )


@pytest.fixture
def app(db_url: str, toy: engine.Game, request: pytest.FixtureRequest) -> FastAPI:
    """The server with its default limits (``@pytest.mark.limits(...)`` changes some)."""
    marker = request.node.get_closest_marker("limits")
    limits = Limits(**marker.kwargs) if marker is not None else Limits()
    return create_app(Settings(db_url=db_url, bot_delay=0, limits=limits))


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "toy")
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def join(client: TestClient, table: str, name: str, seat: int | None = None) -> dict[str, Any]:
    r = client.post(f"/api/tables/{table}/join", json={"name": name, "seat": seat})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


@contextlib.contextmanager
def ws_connect(
    client: TestClient, table: str, token: str | None = None
) -> Iterator[WebSocketTestSession]:
    """A WebSocket at ``table``: a seat's when ``token`` is given, else a spectator's (the
    token goes in the first message, ``auth``)."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "auth", "token": token})
        yield ws


@contextlib.contextmanager
def real_ws(port: int, table: str, token: str | None = None) -> Iterator[Any]:
    """A ``websockets`` client socket at a real server's table, authenticated."""
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}") as ws:
        ws.send(json.dumps({"type": "auth", "token": token}))
        yield ws

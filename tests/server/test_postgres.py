"""The same lobby, play and restart against PostgreSQL (set PAKKA_TEST_POSTGRES to run).

``PAKKA_TEST_POSTGRES=postgresql://user:password@localhost/dbname`` (an empty database the
test may write to); skipped otherwise.
"""

from __future__ import annotations

import os

import pytest
from fastapi.testclient import TestClient

from pakka import engine
from pakka.server.app import Settings, create_app
from tests.server.conftest import create, ws_connect
from tests.server.test_ws import state

URL = os.environ.get("PAKKA_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not URL, reason="set PAKKA_TEST_POSTGRES to a PostgreSQL URL")


def test_play_and_restart_on_postgresql(toy: engine.Game) -> None:
    assert URL is not None
    pytest.importorskip("psycopg")
    with TestClient(create_app(Settings(db_url=URL, bot_delay=0))) as client:
        made = create(client, players=2, name="Ann", seats=[{"kind": "person"}, {"kind": "bot"}])
        tid, token = made["table"]["id"], made["token"]
        with ws_connect(client, tid, token) as ws:
            msg = state(ws)
            ws.send_json({"type": "action", "action": msg["legal_actions"][0]})
            msg = state(ws, msg["version"] + 1)
        seen = client.get(
            f"/api/tables/{tid}/state", headers={"Authorization": f"Bearer {token}"}
        ).json()
    with TestClient(create_app(Settings(db_url=URL, bot_delay=0))) as client:
        again = client.get(
            f"/api/tables/{tid}/state", headers={"Authorization": f"Bearer {token}"}
        ).json()
        assert again["version"] == seen["version"]
        assert again["observation"] == seen["observation"]

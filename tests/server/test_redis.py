"""The Redis pub/sub backend carries every table update to the connections (own redis-server).

Skipped when ``redis-server`` is not installed (``apt-get install redis-server``); otherwise
the test starts its own server on a free loopback port in a temporary folder.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pakka import engine
from pakka.server.app import Settings, create_app
from tests.server.conftest import create, join
from tests.server.test_ws import state

pytestmark = pytest.mark.skipif(
    shutil.which("redis-server") is None, reason="redis-server is not installed"
)


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    pytest.importorskip("redis")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [
            *("redis-server", "--port", str(port), "--bind", "127.0.0.1"),
            *("--save", "", "--appendonly", "no", "--dir", str(tmp_path)),
        ],
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_play_through_redis_pubsub(redis_url: str, db_url: str, toy: engine.Game) -> None:
    settings = Settings(db_url=db_url, bot_delay=0, pubsub_url=redis_url)
    with TestClient(create_app(settings)) as client:
        made = create(client, players=2, name="Ann", options={"deals": 1})
        tid = made["table"]["id"]
        tokens = {0: made["token"], 1: join(client, tid, "Bea")["token"]}
        url = f"/ws/tables/{tid}?token="
        with (
            client.websocket_connect(url + tokens[0]) as ws0,
            client.websocket_connect(url + tokens[1]) as ws1,
            client.websocket_connect(f"/ws/tables/{tid}") as spectator,
        ):
            socks = {0: ws0, 1: ws1}
            now = {s: state(ws) for s, ws in socks.items()}
            state(spectator)
            for _ in range(6):
                to_act = now[0]["observation"]["to_act"]
                if not to_act:
                    break
                seat = to_act[0]
                v = now[seat]["version"]
                socks[seat].send_json({"type": "action", "action": now[seat]["legal_actions"][0]})
                now = {s: state(ws, v + 1) for s, ws in socks.items()}
                assert state(spectator, v + 1)["observation"]["seat"] is None

"""Tables survive restarts: a new app on the same database replays every acknowledged action.

One test restarts in-process (a second app instance on the same SQLite file); the other
kills a real ``uvicorn`` process with SIGKILL mid-deal and starts it again.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from pakka import engine
from pakka.server.app import Settings, create_app
from tests.server.conftest import create, join, real_ws, ws_connect
from tests.server.test_ws import state

ROOT = Path(__file__).resolve().parents[2]


def test_a_table_survives_an_app_restart(db_url: str, toy: engine.Game) -> None:
    with TestClient(create_app(Settings(db_url=db_url, bot_delay=0))) as client:
        made = create(client, players=2, name="Ann", options={"deals": 1})
        tid, t0 = made["table"]["id"], made["token"]
        t1 = join(client, tid, "Bea")["token"]
        tokens = {0: t0, 1: t1}
        room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
        for _ in range(5):
            seat = min(room.state.to_act())
            version = room.version
            with ws_connect(client, tid, tokens[seat]) as ws:
                msg = state(ws)
                ws.send_json({"type": "action", "action": msg["legal_actions"][0]})
                state(ws, version + 1)
        before = {s: room.state.observation(s) for s in (0, 1)}
        version = room.version
        record = room.state.to_json()

    with TestClient(create_app(Settings(db_url=db_url, bot_delay=0))) as client:
        for seat, token in tokens.items():
            with ws_connect(client, tid, token) as ws:
                assert ws.receive_json()["seat"] == seat
                msg = state(ws)
                assert msg["version"] == version
                assert msg["observation"] == before[seat]
        room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
        assert room.state.to_json() == record
        # and play goes on to the end
        while not room.state.is_over():
            seat = min(room.state.to_act())
            with ws_connect(client, tid, tokens[seat]) as ws:
                msg = state(ws)
                ws.send_json({"type": "action", "action": msg["legal_actions"][-1]})
                state(ws, msg["version"] + 1)
        assert client.get(f"/api/tables/{tid}").json()["status"] == "over"


SERVER = """
import sys, uvicorn
sys.path.insert(0, {root!r})
from pakka import plugins
from tests.generic.toy import TOY
plugins.register(TOY)
from pakka.server.app import Settings, create_app
from pakka.server.limits import Limits
settings = Settings(db_url={db!r})
settings.limits = Limits(create_burst=100, join_burst=100)  # every table from one address
uvicorn.run(create_app(settings), host="127.0.0.1", port={port}, log_level="warning")
"""


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _start(db_url: str, port: int) -> subprocess.Popen[bytes]:
    code = SERVER.format(root=str(ROOT), db=db_url, port=port)
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api", timeout=1)
            return proc
        except httpx.TransportError:
            if proc.poll() is not None:
                raise RuntimeError("server died") from None
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("server did not start")


@pytest.mark.slow  # two server processes start (a few seconds; run with -m slow)
def test_kill_9_loses_no_acknowledged_action(db_url: str) -> None:
    pytest.importorskip("websockets.sync.client")
    port = _port()
    base = f"http://127.0.0.1:{port}"
    proc = _start(db_url, port)
    try:
        made = httpx.post(
            f"{base}/api/tables",
            json={"game": "toy", "players": 2, "name": "Ann", "options": {"deals": 2}},
        ).json()
        tid = made["table"]["id"]
        tokens = {
            0: made["token"],
            1: httpx.post(f"{base}/api/tables/{tid}/join", json={"name": "Bea"}).json()["token"],
        }
        bots = httpx.post(
            f"{base}/api/tables",
            json={"game": "toy", "players": 4, "seats": [{"kind": "bot"}] * 4, "bot_delay": 0.02},
        ).json()["table"]["id"]
        with real_ws(port, tid, tokens[0]) as ws0, real_ws(port, tid, tokens[1]) as ws1:
            sockets = {0: ws0, 1: ws1}

            def next_state(ws: Any, version: int | None = None) -> dict[str, Any]:
                while True:
                    msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
                    assert msg["type"] != "error", msg
                    if msg["type"] == "state" and (version is None or msg["version"] == version):
                        return msg

            latest = {s: next_state(ws) for s, ws in sockets.items()}
            for _ in range(7):  # each action is acknowledged by the state that follows it
                seat = min(latest[0]["observation"]["to_act"])
                version = latest[seat]["version"]
                action = latest[seat]["legal_actions"][0]
                sockets[seat].send(json.dumps({"type": "action", "action": action}))
                latest = {s: next_state(ws, version + 1) for s, ws in sockets.items()}
        last = latest[0]
        token = tokens[0]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

        proc = _start(db_url, port)
        auth = {"Authorization": f"Bearer {token}"}
        now = httpx.get(f"{base}/api/tables/{tid}/state", headers=auth).json()
        assert now["version"] >= last["version"]
        if now["version"] == last["version"]:
            assert now["observation"] == last["observation"]
        # the all-bot table carries on by itself after the restart
        deadline = time.monotonic() + 20
        while httpx.get(f"{base}/api/tables/{bots}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish after the restart"
            time.sleep(0.05)
        result = httpx.get(f"{base}/api/tables/{bots}/matches").json()[0]
        assert result["over"] and len(result["result"]["scores"]) == 4
    finally:
        proc.kill()
        proc.wait(timeout=10)


def test_the_search_workers_die_with_a_killed_server(db_url: str) -> None:
    """The search workers are forked from the server: killed with SIGKILL, the server left
    them running as orphans, holding its database lock, and a restart was refused."""
    port = _port()
    proc = _start(db_url, port)
    try:
        kids = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        assert kids, "no search workers"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        deadline = time.monotonic() + 20
        while any(Path(f"/proc/{k}").exists() and _alive(k) for k in kids):
            assert time.monotonic() < deadline, f"search workers {kids} outlived the server"
            time.sleep(0.05)
        proc = _start(db_url, port)  # the database is free again
    finally:
        proc.kill()
        proc.wait(timeout=10)


def _alive(pid: str) -> bool:
    """Whether a process runs (a zombie waiting for its parent does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False

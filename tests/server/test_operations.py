"""Running the server: health and readiness, metrics, the audit log, a graceful stop on
SIGTERM, and ``pakka db backup``."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from pakka import engine
from pakka.cli import app as pakka_cli
from pakka.server import storage as storage_module
from pakka.server.app import Settings, create_app
from pakka.server.storage import Storage
from tests.server.conftest import create, join, ws_connect
from tests.server.test_restart import ROOT, _port
from tests.server.test_ws import state, until


def test_health_and_readiness(client: TestClient, db_url: str, monkeypatch: Any) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json() == {"status": "ready", "draining": "no", "database": "ok", "pubsub": "ok"}
    # another connection holds the database's write lock: not ready (and says why)
    monkeypatch.setattr(storage_module, "SQLITE_BUSY_SECONDS", 0.2)
    holder = sqlite3.connect(db_url.removeprefix("sqlite:///"), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        locked = client.get("/readyz")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert locked.status_code == 503 and locked.json()["database"] != "ok"
    assert client.get("/healthz").status_code == 200  # the process is still up
    assert client.get("/readyz").status_code == 200


def _metric(text: str, name: str) -> float:
    """The value of one sample line ``name value`` of a Prometheus text page."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    raise AssertionError(f"no sample {name} in the metrics")


def test_metrics_count_tables_sockets_actions_and_refusals(client: TestClient) -> None:
    made = create(client, players=2, name="Ann", options={"deals": 1})
    tid = made["table"]["id"]
    other = join(client, tid, "Bea")
    room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
    seat = min(room.state.to_act())
    with ws_connect(client, tid, made["token"] if seat == 0 else other["token"]) as ws:
        msg = state(ws)
        ws.send_json({"type": "action", "action": msg["legal_actions"][0]})
        state(ws, msg["version"] + 1)
        page = client.get("/metrics")
        assert page.headers["content-type"].startswith("text/plain")
        text = page.text
        assert _metric(text, 'pakka_tables{status="playing"}') == 1
        assert _metric(text, "pakka_sockets") == 1
        assert _metric(text, 'pakka_actions_total{by="person"}') == 1
        assert _metric(text, "pakka_action_seconds_count") == 1
        assert _metric(text, 'pakka_search_queue{priority="hint"}') == 0
    for _ in range(6):
        client.post("/api/tables", json={"game": "toy"})
    text = client.get("/metrics").text
    assert _metric(text, 'pakka_refusals_total{reason="create_rate"}') >= 1
    assert _metric(text, "pakka_sockets") == 0


def test_the_audit_log_has_joins_leaves_reconnects_and_refusals_never_a_token(
    tmp_path: Path, toy: engine.Game
) -> None:
    log = tmp_path / "audit.jsonl"
    db = f"sqlite:///{tmp_path / 'audit.sqlite3'}"
    headers = {"User-Agent": "test-agent/1.0"}
    with TestClient(create_app(Settings(db_url=db, audit_log=log)), headers=headers) as client:
        made = create(client, players=2, name="Ann")
        tid, token = made["table"]["id"], made["token"]
        for _ in range(2):  # a connect, then a reconnect
            with ws_connect(client, tid, token) as ws:
                assert ws.receive_json()["seat"] == 0
        auth = {"Authorization": f"Bearer {token}"}
        client.post(f"/api/tables/{tid}/leave", headers=auth)
        for _ in range(6):
            client.post("/api/tables", json={"game": "toy"})
    text = log.read_text("utf-8")
    assert token not in text
    lines = [json.loads(line) for line in text.splitlines()]
    events = [line["event"] for line in lines]
    for event in ("create", "join", "connect", "reconnect", "leave", "refused"):
        assert event in events, events
    join_line = next(line for line in lines if line["event"] == "join")
    assert join_line["table"] == tid and join_line["seat"] == 0 and join_line["name"] == "Ann"
    assert join_line["address"] == "testclient" and join_line["agent"] == "test-agent/1.0"
    refusals = [line for line in lines if line["event"] == "refused"]
    assert len(refusals) == 1  # one line a minute per address and reason
    assert refusals[0]["reason"] == "create_rate" and refusals[0]["path"] == "/api/tables"


def test_refusals_are_written_once_a_minute_per_address_and_reason(tmp_path: Path) -> None:
    from starlette.requests import HTTPConnection

    from pakka.server.audit import Audit

    now = [0.0]
    log = tmp_path / "audit.jsonl"
    audit = Audit(log, clock=lambda: now[0])
    client = HTTPConnection({"type": "http", "client": ("10.0.0.1", 5), "headers": []})
    other = HTTPConnection({"type": "http", "client": ("10.0.0.2", 5), "headers": []})
    for _ in range(5):
        audit.refused(client, "join_rate")
    audit.refused(other, "join_rate")
    audit.refused(client, "create_rate")
    now[0] = 61.0
    audit.refused(client, "join_rate")
    audit.close()
    lines = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    seen = [(line["address"], line["reason"], line["repeated"]) for line in lines]
    assert seen == [
        ("10.0.0.1", "join_rate", 0),
        ("10.0.0.2", "join_rate", 0),
        ("10.0.0.1", "create_rate", 0),
        ("10.0.0.1", "join_rate", 4),
    ]


def test_draining_refuses_new_work_and_tells_clients_to_reconnect(
    client: TestClient, app: Any
) -> None:
    made = create(client, players=2, name="Ann", options={"deals": 1})
    tid = made["table"]["id"]
    join(client, tid, "Bea")
    with ws_connect(client, tid, made["token"]) as ws, ws_connect(client, tid) as watcher:
        state(ws)
        state(watcher)
        client.portal.call(app.state.services.drain)  # type: ignore[union-attr]
        for sock in (ws, watcher):
            bye = until(sock, lambda m: m["type"] == "error")
            assert bye["code"] == "restarting"
            with pytest.raises(WebSocketDisconnect) as closed:
                sock.receive_json()
            assert closed.value.code == 1012
    r = client.post("/api/tables", json={"game": "toy"})
    assert r.status_code == 503 and "restarting" in r.json()["detail"]
    assert r.headers["Retry-After"]
    assert client.get("/readyz").json()["draining"] == "yes"
    with pytest.raises(WebSocketDisconnect), ws_connect(client, tid):
        pass


def test_sigterm_drains_a_real_server(tmp_path: Path) -> None:
    """``pakka serve`` on SIGTERM: clients are told the server is restarting before their
    sockets close, and the process exits cleanly."""
    from tests.server.conftest import real_ws

    port = _port()
    db = f"sqlite:///{tmp_path / 'term.sqlite3'}"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen(
        [
            *(sys.executable, "-c", "from pakka.cli import main; main()"),
            *("serve", "--db", db, "--port", str(port), "--audit-log", "-"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            assert time.monotonic() < deadline and proc.poll() is None, "no server"
            time.sleep(0.1)
        tid = httpx.post(f"{base}/api/tables", json={"game": "pentagrammi"}).json()["table"]["id"]
        with real_ws(port, tid) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "hello"
            proc.send_signal(signal.SIGTERM)
            frames = []
            with contextlib.suppress(Exception):
                while True:
                    frames.append(json.loads(ws.recv(timeout=10)))
            assert {"type": "error", "code": "restarting"}.items() <= frames[-1].items()
            assert ws.close_code == 1012
        assert proc.wait(timeout=30) in (0, -signal.SIGTERM)  # uvicorn re-raises it
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)


def test_db_backup_copies_a_live_sqlite_database(
    client: TestClient, db_url: str, tmp_path: Path
) -> None:
    made = create(client, players=2, name="Ann")
    copy = tmp_path / "copy.sqlite3"
    runner = CliRunner()
    done = runner.invoke(pakka_cli, ["db", "backup", str(copy), "--db", db_url])
    assert done.exit_code == 0, done.output
    store = Storage(f"sqlite:///{copy}")
    try:
        rec = store.load_table(made["table"]["id"])
        assert rec is not None and rec.seats[0].name == "Ann"
    finally:
        store.close()
    again = runner.invoke(pakka_cli, ["db", "backup", str(copy), "--db", db_url])
    assert again.exit_code == 2 and "--force" in again.output
    pg = runner.invoke(pakka_cli, ["db", "backup", str(copy), "--db", "postgresql://u@h/db"])
    assert pg.exit_code == 2 and "pg_dump" in pg.output

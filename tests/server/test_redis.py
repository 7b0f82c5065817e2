"""Redis pub/sub, and two server processes sharing one table (own redis-server, PostgreSQL).

Skipped when ``redis-server`` is not installed (``apt-get install redis-server``), and the
two-process test when PostgreSQL's ``initdb`` is missing; otherwise the tests start their own
servers on free loopback ports in temporary folders.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pakka import engine
from pakka.server.app import Settings, create_app
from tests.server.conftest import create, join, real_ws, ws_connect
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
        with (
            ws_connect(client, tid, tokens[0]) as ws0,
            ws_connect(client, tid, tokens[1]) as ws1,
            ws_connect(client, tid) as spectator,
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


def _pg_bin() -> Path | None:
    for root in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (root / "initdb").exists():
            return root
    found = shutil.which("initdb")
    return Path(found).resolve().parent if found else None


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A private PostgreSQL cluster on loopback in a temporary folder (run as the user
    postgres when the test runs as root, since PostgreSQL refuses root)."""
    pytest.importorskip("psycopg")
    bin_dir = _pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL (initdb) is not installed")
    home = Path(tempfile.mkdtemp(prefix="pakka-pg-"))  # outside pytest's root-only folder
    data = home / "pg"
    data.mkdir()
    prefix: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser: PostgreSQL refuses root")
        shutil.chown(home, "postgres")
        shutil.chown(data, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    quiet: dict[str, Any] = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    pg = [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data)]
    subprocess.run(
        [*prefix, str(bin_dir / "initdb"), "-D", str(data), "-U", "pakka", "--auth=trust"],
        check=True,
        **quiet,
    )
    opts = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run([*pg, "-o", opts, "-w", "start"], check=True, **quiet)
    try:
        createdb = [*prefix, str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port)]
        subprocess.run([*createdb, "-U", "pakka", "pakka"], check=True, **quiet)
        yield f"postgresql://pakka@127.0.0.1:{port}/pakka"
    finally:
        subprocess.run([*pg, "-m", "immediate", "stop"], check=False, **quiet)
        shutil.rmtree(home, ignore_errors=True)


@pytest.mark.parametrize(  # two server processes (about 6 s)
    "store", ["postgresql", pytest.param("sqlite", marks=pytest.mark.slow)]
)
def test_two_processes_share_one_table(
    store: str, redis_url: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """One client on each of two processes at one table (shared database + Redis)."""
    pytest.importorskip("websockets.sync.client")
    import httpx

    from tests.server.test_restart import ROOT, SERVER, _port

    if store == "postgresql":
        db = request.getfixturevalue("postgres_url")
    else:
        db = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    code = SERVER.replace("Settings(db_url={db!r})", "Settings(db_url={db!r}, pubsub_url={ps!r})")
    procs, ports = [], [_port(), _port()]
    try:
        for port in ports:
            procs.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-c",
                        code.format(root=str(ROOT), db=db, port=port, ps=redis_url),
                    ],
                    cwd=ROOT,
                )
            )
            deadline = time.monotonic() + 20
            while True:
                try:
                    httpx.get(f"http://127.0.0.1:{port}/api", timeout=1)
                    break
                except httpx.TransportError:
                    assert time.monotonic() < deadline, "server did not start"
                    time.sleep(0.05)
        a, b = (f"http://127.0.0.1:{p}" for p in ports)
        made = httpx.post(
            f"{a}/api/tables",
            json={"game": "toy", "players": 2, "name": "Ann", "options": {"deals": 1}},
        ).json()
        tid = made["table"]["id"]
        second = httpx.post(f"{b}/api/tables/{tid}/join", json={"name": "Bea"}).json()
        tokens = {0: made["token"], 1: second["token"]}
        with real_ws(ports[0], tid, tokens[0]) as ws0, real_ws(ports[1], tid, tokens[1]) as ws1:
            socks = {0: ws0, 1: ws1}

            def newest(ws: Any, version: int) -> dict[str, Any]:
                while True:
                    msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
                    assert msg["type"] != "error", msg
                    if msg["type"] == "state" and msg["version"] >= version:
                        return msg

            now = {s: newest(ws, 0) for s, ws in socks.items()}
            while now[0]["observation"]["to_act"]:
                seat = now[0]["observation"]["to_act"][0]
                v = now[seat]["version"]
                socks[seat].send(
                    json.dumps({"type": "action", "action": now[seat]["legal_actions"][0]})
                )
                now = {s: newest(ws, v + 1) for s, ws in socks.items()}
                assert now[0]["version"] == now[1]["version"] == v + 1
        assert now[0]["observation"]["result"] is not None
        assert httpx.get(f"{b}/api/tables/{tid}/matches").json()[0]["over"]
    finally:
        for proc in procs:
            proc.kill()
            proc.wait(timeout=10)


def test_a_seat_is_taken_once_across_processes(
    redis_url: str, db_url: str, toy: engine.Game
) -> None:
    """Two processes on one database with Redis: joining seat 1 on each returned 200 on
    both, the database kept the second token and the first worked on one process only;
    the match started on one while the other still showed the table open (issue 18,
    item 4).  Joins, leaves and starts now move the table's revision and are announced."""
    settings = Settings(db_url=db_url, bot_delay=0, pubsub_url=redis_url)
    with TestClient(create_app(settings)) as a, TestClient(create_app(settings)) as b:
        tid = create(a, players=2, options={"deals": 1})["table"]["id"]
        assert b.get(f"/api/tables/{tid}").json()["status"] == "open"  # B has it in memory
        with ws_connect(a, tid) as watching_a:
            assert until_table(watching_a, lambda t: True)["status"] == "open"
            ann = a.post(f"/api/tables/{tid}/join", json={"name": "Ann", "seat": 1})
            assert ann.status_code == 200
            bea = b.post(f"/api/tables/{tid}/join", json={"name": "Bea", "seat": 1})
            assert bea.status_code == 409 and "seat 1 is taken" in bea.json()["detail"]
            for app_client in (a, b):  # Ann's token holds seat 1 on both processes
                with ws_connect(app_client, tid, ann.json()["token"]) as ws:
                    assert ws.receive_json()["seat"] == 1
            cid = b.post(f"/api/tables/{tid}/join", json={"name": "Cid"})  # on B: seat 0
            assert cid.status_code == 200 and cid.json()["seat"] == 0
            assert cid.json()["table"]["status"] == "playing"
            # A's watcher hears of it, and A's lobby shows it
            seen = until_table(watching_a, lambda t: t["status"] == "playing")
            assert [s["name"] for s in seen["seats"]] == ["Cid", "Ann"]
            deadline = time.monotonic() + 10
            while a.get(f"/api/tables/{tid}").json()["status"] != "playing":
                assert time.monotonic() < deadline, "process A still shows the table open"
                time.sleep(0.05)
        # a second start of the same match on A is refused, not played twice
        auth = {"Authorization": f"Bearer {ann.json()['token']}"}
        assert a.post(f"/api/tables/{tid}/start", headers=auth).status_code == 409
        # leaving on A is seen on B: the seat is a bot's there too
        assert a.post(f"/api/tables/{tid}/leave", headers=auth).status_code == 200
        deadline = time.monotonic() + 10
        while b.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] != "bot":
            assert time.monotonic() < deadline, "process B did not hear that Ann left"
            time.sleep(0.05)


def until_table(ws: Any, pred: Any) -> dict[str, Any]:
    """The first ``table`` frame whose table satisfies ``pred``."""
    for _ in range(200):
        msg = ws.receive_json()
        if msg["type"] == "table" and pred(msg["table"]):
            table: dict[str, Any] = msg["table"]
            return table
    raise AssertionError("no such table frame")


def test_postgresql_is_served_by_one_process_unless_they_share_redis(
    postgres_url: str, redis_url: str, toy: engine.Game
) -> None:
    """The same rule as for SQLite files (test_storage.py), with PostgreSQL's advisory
    locks: a second server without pub/sub refuses to start; with Redis both run."""
    from pakka.server.locks import InstanceConflict

    alone = Settings(db_url=postgres_url)
    with (
        TestClient(create_app(alone)),
        pytest.raises(InstanceConflict),
        TestClient(create_app(alone)),
    ):
        pass
    shared = Settings(db_url=postgres_url, pubsub_url=redis_url)
    with TestClient(create_app(shared)) as a, TestClient(create_app(shared)) as b:
        tid = create(a, players=2)["table"]["id"]
        assert b.get(f"/api/tables/{tid}").status_code == 200

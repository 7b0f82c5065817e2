"""What the server keeps, and how much of it (issue 31, items 5, 8 and 9).

* A person alone with bots agreed with themselves on new matches 173 times a second
  (3,453 matches in 20 s, some 18 GB of database a day); ``GET …/matches`` listed all of
  them, and nothing was ever deleted.
* Tables whose bots waited (``bot_delay`` 10) were never idle, so 210 of them pinned the
  table memory: new tables and another person's existing table were refused alike.
* The audit log grew without a cap.
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from pakka import engine
from pakka.server.app import Settings, create_app
from pakka.server.audit import Audit
from pakka.server.limits import Limits
from pakka.server.storage import later, matches, tables
from tests.server.conftest import create, ws_connect


def services_of(client: TestClient) -> Any:
    return client.app.state.services  # type: ignore[attr-defined]


def alone_with_a_bot(client: TestClient) -> tuple[str, dict[str, str]]:
    made = create(client, players=2, name="Ann", seats=[{"kind": "person"}, {"kind": "bot"}])
    return made["table"]["id"], {"Authorization": f"Bearer {made['token']}"}


@pytest.mark.limits(new_matches_per_minute=60, new_match_burst=2)
def test_new_matches_are_rate_limited_per_address(client: TestClient) -> None:
    tid, ann = alone_with_a_bot(client)
    asked = [client.post(f"/api/tables/{tid}/rematch", headers=ann) for _ in range(3)]
    assert [r.status_code for r in asked] == [200, 200, 429]  # before: any number
    assert "too many new matches" in asked[2].json()["detail"]
    assert asked[2].headers["Retry-After"]
    assert client.get(f"/api/tables/{tid}").json()["match"] == 3


@pytest.mark.limits(matches_page=2, new_match_burst=10)
def test_match_lists_are_paged(client: TestClient) -> None:
    tid, ann = alone_with_a_bot(client)
    for _ in range(4):
        assert client.post(f"/api/tables/{tid}/rematch", headers=ann).status_code == 200
    seen: list[int] = []
    url: str | None = f"/api/tables/{tid}/matches"
    pages = 0
    while url is not None:
        r = client.get(url)
        assert r.status_code == 200
        page = r.json()
        assert 1 <= len(page) <= 2  # before: all five at once
        seen += [m["number"] for m in page]
        link = r.headers.get("Link")
        url = None if link is None else link.split(">")[0].lstrip("<")
        pages += 1
    assert seen == [1, 2, 3, 4, 5] and pages == 3
    assert [m["number"] for m in client.get(f"/api/tables/{tid}/matches?limit=1").json()] == [1]
    later_page = client.get(f"/api/tables/{tid}/matches", params={"after": 3, "limit": 99})
    assert [m["number"] for m in later_page.json()] == [4, 5]


def _finished_bot_table(client: TestClient) -> str:
    bots = [{"kind": "bot", "level": "random"}] * 2
    tid = create(client, players=2, options={"deals": 1}, seats=bots)["table"]["id"]
    deadline = time.monotonic() + 20
    while client.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.02)
    return tid


def _expire(client: TestClient, tid: str, days_ago: float) -> None:
    s = services_of(client)
    s.registry.rooms.pop(tid, None)  # out of memory: only tables nobody uses are deleted
    with s.storage.engine.begin() as conn:
        conn.execute(
            tables.update().where(tables.c.id == tid).values(expires=later(-days_ago * 86_400))
        )


@pytest.mark.limits(retention_days=30, bot_tables_per_address=5)
def test_tables_nobody_holds_are_deleted_after_the_retention_period(client: TestClient) -> None:
    s = services_of(client)
    old, recent, held = (_finished_bot_table(client) for _ in range(3))
    _expire(client, old, 31)
    _expire(client, recent, 29)
    assert client.portal.call(s.registry.sweep) == 1  # type: ignore[union-attr]
    assert client.get(f"/api/tables/{old}").status_code == 404
    with s.storage.engine.connect() as conn:
        left = conn.execute(sa.select(matches.c.table_id).where(matches.c.table_id == old))
        assert left.first() is None
    for tid in (recent, held):  # its seats expired 29 days ago; its seats still work
        assert client.get(f"/api/tables/{tid}/matches").json()[0]["over"] is True


@pytest.mark.limits(retention_days=0)
def test_retention_can_be_turned_off(client: TestClient) -> None:
    tid = _finished_bot_table(client)
    _expire(client, tid, 3650)
    assert client.portal.call(services_of(client).registry.sweep) == 0  # type: ignore[union-attr]
    assert client.get(f"/api/tables/{tid}").status_code == 200


# --- item 8: table memory ------------------------------------------------------------------


@contextlib.contextmanager
def watched(client: TestClient, count: int) -> Any:
    """``count`` new tables, each with a spectator connected (they are not idle)."""
    with contextlib.ExitStack() as stack:
        ids = []
        for _ in range(count):
            tid = create(client, players=2)["table"]["id"]
            ws = stack.enter_context(ws_connect(client, tid))
            assert ws.receive_json()["type"] == "hello"
            ids.append(tid)
        yield ids


@pytest.mark.limits(tables_in_memory=10, new_table_headroom=1, create_burst=20)
def test_a_full_server_refuses_new_tables_before_existing_ones(client: TestClient) -> None:
    rooms = services_of(client).registry.rooms
    existing = create(client, players=2, name="Ann")["table"]["id"]
    rooms.pop(existing)  # it left memory (idle); its person comes back later
    with watched(client, 9):
        r = client.post("/api/tables", json={"game": "toy", "players": 2})
        assert r.status_code == 429, r.text  # before: 201, taking the last place
        assert "for new tables" in r.json()["detail"]
        back = client.get(f"/api/tables/{existing}")
        assert back.status_code == 200, back.text  # before: 429 for the existing table
        assert len(rooms) == 10


@pytest.mark.limits(tables_per_address=2, create_burst=20)
def test_one_address_holds_only_so_many_tables(client: TestClient) -> None:
    with watched(client, 2):
        r = client.post("/api/tables", json={"game": "toy", "players": 2})
        assert r.status_code == 429, r.text  # before: up to the 2,000 of the whole server
        assert "your address has 2 tables here" in r.json()["detail"]
    # the same tables, no longer watched, are idle: they leave memory for the new one
    assert client.post("/api/tables", json={"game": "toy", "players": 2}).status_code == 201


def test_a_table_whose_person_left_its_slow_bots_is_idle(db_url: str, toy: engine.Game) -> None:
    """Slow bots (``bot_delay`` 10) kept a table busy for ever, waiting to move, though its
    person had gone; now they wait for her instead, and the table may leave memory."""
    limits = Limits(create_burst=50)
    with TestClient(create_app(Settings(db_url=db_url, limits=limits))) as client:
        for _ in range(20):  # until a bot is to move first (else nothing waits anyway)
            made = create(
                client,
                players=3,
                name="Ann",
                bot_delay=10,
                turn_seconds=5,
                seats=[{"kind": "person"}] + [{"kind": "bot", "level": "random"}] * 2,
            )
            room = services_of(client).registry.rooms[made["table"]["id"]]
            if room.movers():
                break
        assert room.rec.status == "playing" and room.movers()
        assert room.idle()  # before: its driver waited 10 s per move, for nobody


# --- item 9: the audit log ------------------------------------------------------------------


def test_the_audit_log_is_rotated_by_size(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    audit = Audit(log, max_bytes=1_000, backups=2)
    for i in range(100):
        audit.record("connect", None, table="t" * 20, seat=i % 4)
    audit.close()
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["audit.jsonl", "audit.jsonl.1", "audit.jsonl.2"]  # before: one, growing
    for name in files:
        text = (tmp_path / name).read_text("utf-8")
        assert len(text.encode()) <= 1_000
        assert all(json.loads(line)["event"] == "connect" for line in text.splitlines())


def test_the_audit_log_budget_comes_from_the_limits(tmp_path: Path, toy: engine.Game) -> None:
    log = tmp_path / "audit.jsonl"
    limits = Limits(audit_log_bytes=600, audit_log_files=1, create_burst=50)
    db = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    with TestClient(create_app(Settings(db_url=db, audit_log=log, limits=limits))) as client:
        for _ in range(10):
            create(client, players=2, name="Ann")
    assert sorted(p.name for p in tmp_path.glob("audit*")) == ["audit.jsonl", "audit.jsonl.1"]
    assert all(p.stat().st_size <= 600 for p in tmp_path.glob("audit*"))

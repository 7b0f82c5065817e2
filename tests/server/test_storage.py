"""Storage: the migrations build exactly the schema the code uses, once, and one
database is served by one process unless they share a pub/sub."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient

from pakka.server.app import Settings, create_app
from pakka.server.locks import InstanceConflict
from pakka.server.pubsub import MemoryBackend
from pakka.server.storage import Storage, metadata


def test_the_migrations_build_the_schema_the_code_uses(db_url: str) -> None:
    store = Storage(db_url)
    try:
        with store.engine.connect() as conn:
            diffs = compare_metadata(MigrationContext.configure(conn), metadata)
        assert diffs == []
    finally:
        store.close()


def test_processes_starting_at_once_migrate_once(tmp_path: Path) -> None:
    """Several servers opening one new database at the same moment: one migrates, the
    others wait for it and find the schema current (a lock around the migrations)."""
    url = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    code = f"from pakka.server.storage import Storage; Storage({url!r}).close()"
    procs = [
        subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE) for _ in range(4)
    ]
    errors = [p.communicate(timeout=60)[1].decode() for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0, 0], errors
    store = Storage(url)
    try:
        with store.engine.connect() as conn:
            versions = conn.exec_driver_sql("SELECT version_num FROM alembic_version").all()
        assert len(versions) == 1
    finally:
        store.close()


def test_two_servers_on_one_database_need_a_shared_pubsub(db_url: str, toy: object) -> None:
    """Two processes on one SQLite file without pub/sub stalled silently: a seat received
    nothing and the table waited forever (issue 18, item 9).  The second server now
    refuses to start, saying why; with a shared pub/sub both may run."""
    with TestClient(create_app(Settings(db_url=db_url))):
        with (
            pytest.raises(InstanceConflict) as refused,
            TestClient(create_app(Settings(db_url=db_url))),
        ):
            pass
        assert "--pubsub" in str(refused.value) and "already serving" in str(refused.value)
        shared = Settings(db_url=db_url, pubsub=_SharedMemory())
        with pytest.raises(InstanceConflict), TestClient(create_app(shared)):
            pass
    shared = Settings(db_url=db_url, pubsub=_SharedMemory())
    with TestClient(create_app(shared)), TestClient(create_app(shared)):
        pass  # both share their updates: allowed
    with TestClient(create_app(Settings(db_url=db_url))):
        pass  # and once they are gone, one alone again


class _SharedMemory(MemoryBackend):
    """Stands in for Redis here: a backend that says other processes hear it."""

    shared = True

"""Locks between server processes on one database.

* **Migrations** run under an exclusive lock, so that processes starting at the same
  moment do not both create the schema: the others wait, then find it current.
* **Serving**: processes on one database must share their table updates through a pub/sub
  (``--pubsub redis://...``); without one, a seat connected to one process hears nothing of
  what another process did, and its table waits for ever.  A server that does not share
  holds the database exclusively; servers that share hold it together, so a second server
  without pub/sub (or a sharing one next to one that does not) refuses to start.

SQLite uses ``flock`` on files next to the database (released by the kernel when the
process dies, even by ``kill -9``); PostgreSQL uses advisory locks, held by one connection
for the life of the server (released when it closes).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from pakka.errors import PakkaError

MIGRATE_KEY = 0x70616B6B61_01
"""PostgreSQL advisory lock key of the migrations ("pakka", 1)."""
SERVE_KEY = 0x70616B6B61_02
"""PostgreSQL advisory lock key held by every serving process ("pakka", 2)."""
MIGRATE_WAIT_SECONDS = 120.0
"""How long a starting server waits for another one's migrations."""


class InstanceConflict(PakkaError):
    """Another server serves this database in a way this one cannot share."""


def sqlite_path(engine: Engine) -> Path | None:
    """The database file of a SQLite engine (``None``: in memory, or not SQLite)."""
    if engine.dialect.name != "sqlite":
        return None
    database = engine.url.database
    if not database or database == ":memory:" or database.startswith("file::memory:"):
        return None
    return Path(database)


@contextlib.contextmanager
def migrating(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction for the migrations, with the migration lock held from
    before the transaction begins until after it has committed (so the next process to
    get the lock sees the schema this one made)."""
    path = sqlite_path(engine)
    held = (
        _locked_file(_sidecar(path, "migrate"), fcntl.LOCK_EX, MIGRATE_WAIT_SECONDS)
        if path is not None
        else contextlib.nullcontext()
    )
    with held, engine.begin() as conn:
        if engine.dialect.name == "postgresql":  # released when the transaction ends
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATE_KEY})
        yield conn


class InstanceLock:
    """This process serves the database: alone (``shared=False``) or with others that
    share a pub/sub (``shared=True``).  :meth:`release` when the server stops."""

    def __init__(self, engine: Engine, shared: bool) -> None:
        self.engine = engine
        self.shared = shared
        self._file: IO[bytes] | None = None
        self._conn: Connection | None = None

    def acquire(self) -> None:
        """Take the lock, or raise :class:`InstanceConflict` saying why not."""
        where = _describe(self.engine)
        if self.engine.dialect.name == "postgresql":
            conn = self.engine.connect()
            function = "pg_try_advisory_lock_shared" if self.shared else "pg_try_advisory_lock"
            got = conn.execute(sa.text(f"SELECT {function}(:key)"), {"key": SERVE_KEY}).scalar()
            conn.commit()
            if not got:
                conn.close()
                raise InstanceConflict(_conflict(where, self.shared))
            self._conn = conn
            return
        path = sqlite_path(self.engine)
        if path is None:
            return
        mode = fcntl.LOCK_SH if self.shared else fcntl.LOCK_EX
        handle = open(_sidecar(path, "serve"), "ab")  # noqa: SIM115 (held until release)
        try:
            fcntl.flock(handle.fileno(), mode | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise InstanceConflict(_conflict(where, self.shared)) from None
        self._file = handle

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing the file releases its flock
            self._file = None
        if self._conn is not None:
            self._conn.close()  # ending the session releases its advisory locks
            self._conn = None


def _conflict(where: str, shared: bool) -> str:
    if shared:
        return (
            f"another pakka server is already serving {where} without a pub/sub: stop it, "
            "or start every server on this database with the same --pubsub redis://..."
        )
    return (
        f"another pakka server is already serving {where}: two servers on one database "
        "must share their table updates (start each with --pubsub redis://...), or their "
        "tables stall"
    )


def _describe(engine: Engine) -> str:
    path = sqlite_path(engine)
    if path is not None:
        return str(path)
    return engine.url.render_as_string(hide_password=True)


def _sidecar(path: Path, purpose: str) -> Path:
    return path.with_name(f"{path.name}.{purpose}.lock")


@contextlib.contextmanager
def _locked_file(path: Path, mode: int, wait: float) -> Iterator[None]:
    """Hold ``flock(mode)`` on ``path``, waiting at most ``wait`` seconds for it."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, mode | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise InstanceConflict(
                        f"waited {wait:g} s for another server's migrations of {path.parent}"
                    ) from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)

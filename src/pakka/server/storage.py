"""Durable storage of tables and matches (SQLAlchemy Core; SQLite or PostgreSQL).

What is stored is exactly what replays a match: per match the game, players, options and
seed, and per table the seats.  Every accepted action is one row, committed before anyone
hears of it, so a table is rebuilt with ``game.from_json`` after any restart (even
``kill -9``).  Seat tokens are kept only as SHA-256 hashes.

The schema is owned by the Alembic migrations in ``migrations/``; :class:`Storage` runs them
to the head revision when it opens a database.
"""

from __future__ import annotations

import functools
import hashlib
import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

from pakka.server.locks import migrating

metadata = sa.MetaData()

tables = sa.Table(
    "pakka_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("public", sa.Boolean, nullable=False),
    sa.Column("turn_seconds", sa.Float, nullable=True),
    sa.Column("bot_delay", sa.Float, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("match", sa.Integer, nullable=False),
    sa.Column("created", sa.String(40), nullable=False),
    sa.Column("revision", sa.Integer, nullable=False, server_default=sa.text("0")),
    sa.Column("expires", sa.String(40), nullable=True),
    sa.Column("trick_seconds", sa.Float, nullable=False, server_default=sa.text("1.5")),
    sa.Column("new_match", sa.JSON, nullable=False, server_default=sa.text("'[]'")),
)
sa.Index("ix_pakka_tables_status", tables.c.status, tables.c.public)

seats = sa.Table(
    "pakka_seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("pakka_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("level", sa.String(8), nullable=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
)

matches = sa.Table(
    "pakka_matches",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("pakka_tables.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("created", sa.String(40), nullable=False),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()),
)

actions = sa.Table(
    "pakka_actions",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("match", sa.Integer, primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.JSON, nullable=False),
    sa.ForeignKeyConstraint(
        ["table_id", "match"], ["pakka_matches.table_id", "pakka_matches.number"]
    ),
)


_INSERT_ACTION = (
    'INSERT INTO pakka_actions (table_id, "match", idx, seat, action) VALUES (?, ?, ?, ?, ?)'
)

SQLITE_BUSY_SECONDS = 2.0
"""How long a write waits for another connection's lock before it fails."""
WRITE_FAILURE_SECONDS = 30.0
"""A failed write makes the database "not ready" (``/readyz``) until a write succeeds, or
for this long: then the next write tries again (and fails it again if it fails)."""
RETENTION_BATCH = 100
"""Tables deleted by one transaction of the retention sweep."""

P = ParamSpec("P")
R = TypeVar("R")


def _writes(
    method: Callable[Concatenate[Storage, P], R],
) -> Callable[Concatenate[Storage, P], R]:
    """Record whether a write succeeded (:attr:`Storage.write_failure`).  A lost race
    (an integrity error: another process wrote first) says nothing about the database."""

    def recorded(self: Storage, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            result = method(self, *args, **kwargs)
        except sa.exc.IntegrityError:
            raise
        except Exception as exc:
            self.write_failure = (time.monotonic(), f"{type(exc).__name__}: {exc}"[:200])
            raise
        self.write_failure = None
        return result

    functools.update_wrapper(recorded, method)
    return recorded


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def later(seconds: float) -> str:
    """The time ``seconds`` from now, as :func:`now` writes it (such times sort as text)."""
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat(timespec="seconds")


@dataclass
class SeatRecord:
    seat: int
    kind: str
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None


@dataclass
class TableRecord:
    id: str
    code: str
    game: str
    players: int
    options: dict[str, Any]
    public: bool
    turn_seconds: float | None
    bot_delay: float
    status: str
    match: int
    created: str
    seats: list[SeatRecord] = field(default_factory=list)
    revision: int = 0
    """Moved by every lobby change (a seat taken or given up, a match started or over), so
    that another process knows its copy is stale; actions move the match's version."""
    expires: str | None = None
    """When the seats' tokens stop working (``None``: while a match is played)."""
    trick_seconds: float = 1.5
    """How long the clients keep a finished trick on the table."""
    new_match: list[int] = field(default_factory=list)
    """The seated people who asked for a new match (it starts when every one has)."""

    def expired(self) -> bool:
        return self.expires is not None and self.expires <= now()


ActionRow = tuple[str, int, int, int, dict[str, Any]]
"""One action to store: table id, match number, index in the match, seat, action JSON."""


@dataclass
class MatchRecord:
    number: int
    seed: int
    result: dict[str, Any] | None
    actions: list[dict[str, Any]]
    practice: bool = False
    """A takeback, all hands, a redeal or the coach was used (issue 30), stored as it
    happens so that a restart in the middle of the match keeps the mark."""


def normalise_url(url: str) -> str:
    """``postgresql://`` means the psycopg 3 driver; everything else is passed through."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


class Storage:
    """All database access; every method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            # a locked database is an error after this long, not a stalled table
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": SQLITE_BUSY_SECONDS}
        self.engine: Engine = sa.create_engine(self.url, **kwargs)
        self._quick: sqlite3.Connection | None = None
        self.write_failure: tuple[float, str] | None = None
        """When the last write failed and why (``time.monotonic()``), until one succeeds."""
        if self.url.startswith("sqlite"):
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.migrate()

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision, under a lock that processes
        starting at the same moment share (one migrates, the others then find it done)."""
        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        cfg.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with migrating(self.engine) as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def close(self) -> None:
        if self._quick is not None:
            self._quick.close()
            self._quick = None
        self.engine.dispose()

    # --- writes -------------------------------------------------------------------------

    @_writes
    def create_table(self, rec: TableRecord) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                tables.insert().values(
                    id=rec.id,
                    code=rec.code,
                    game=rec.game,
                    players=rec.players,
                    options=rec.options,
                    public=rec.public,
                    turn_seconds=rec.turn_seconds,
                    bot_delay=rec.bot_delay,
                    status=rec.status,
                    match=rec.match,
                    created=rec.created,
                    revision=rec.revision,
                    expires=rec.expires,
                    trick_seconds=rec.trick_seconds,
                    new_match=list(rec.new_match),
                )
            )
            for s in rec.seats:
                conn.execute(seats.insert().values(table_id=rec.id, **_seat_values(s)))

    @_writes
    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> int | None:
        """Give a free person's seat to someone: the table's new revision, or ``None`` when
        the seat is not free in the database (another process gave it away first)."""
        with self.engine.begin() as conn:
            taken = conn.execute(
                seats.update()
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.kind == "person",
                    seats.c.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash)
            )
            if taken.rowcount != 1:
                return None
            return _bump(conn, table_id)

    @_writes
    def give_up_seat(self, table_id: str, token_hash: str, new: SeatRecord) -> int | None:
        """Replace the seat that ``token_hash`` holds with ``new`` (free, or a bot's): the
        new revision, or ``None`` when that token holds no seat there any more."""
        with self.engine.begin() as conn:
            done = conn.execute(
                seats.update()
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == new.seat,
                    seats.c.token_hash == token_hash,
                )
                .values(**_seat_values(new))
            )
            if done.rowcount != 1:
                return None
            return _bump(conn, table_id)

    @_writes
    def start_match(
        self, table_id: str, number: int, seed: int, restart: bool = False
    ) -> int | None:
        """Start match ``number`` (the one after the stored one, which is not in play, or
        which is given up with ``restart``): the new revision, or ``None`` when another
        process has started it (or another) first."""
        with self.engine.begin() as conn:
            where = [tables.c.id == table_id, tables.c.match == number - 1]
            if not restart:
                where.append(tables.c.status != "playing")
            moved = conn.execute(
                tables.update()
                .where(*where)
                .values(status="playing", match=number, expires=None, new_match=[])
            )
            if moved.rowcount != 1:
                return None
            conn.execute(
                matches.insert().values(table_id=table_id, number=number, seed=seed, created=now())
            )
            return _bump(conn, table_id)

    @_writes
    def set_new_match(self, table_id: str, match: int, asked: list[int]) -> int | None:
        """Record who asked for a new match during match ``match``: the new revision, or
        ``None`` when the table has moved to another match meanwhile."""
        with self.engine.begin() as conn:
            done = conn.execute(
                tables.update()
                .where(tables.c.id == table_id, tables.c.match == match)
                .values(new_match=sorted(asked))
            )
            if done.rowcount != 1:
                return None
            return _bump(conn, table_id)

    def append_action(
        self,
        table_id: str,
        match: int,
        idx: int,
        seat: int,
        action: dict[str, Any],
        *,
        now: bool = False,
    ) -> None:
        """Commit one action; the primary key refuses a second action at the same index.

        ``now``: on the :meth:`quick` connection (see there), from the event loop's thread.
        """
        self.append_actions([(table_id, match, idx, seat, action)], now=now)

    @_writes
    def append_actions(self, rows: list[ActionRow], *, now: bool = False) -> None:
        """Commit several actions (of different tables) in one transaction: all or none.

        The server's group commit: every action that waited for the writer is stored by one
        commit, and none of them is acknowledged before it.
        """
        if not now:
            with self.engine.begin() as conn:
                conn.execute(
                    actions.insert(),
                    [
                        {"table_id": t, "match": m, "idx": i, "seat": s, "action": a}
                        for t, m, i, s, a in rows
                    ],
                )
            return
        # the plain sqlite3 connection: SQLAlchemy's statement machinery cost more than the
        # commit here; the JSON is stored as SQLAlchemy's JSON type stores it (json.dumps)
        raw = self.quick()
        params = [(t, m, i, s, json.dumps(a)) for t, m, i, s, a in rows]
        try:
            raw.execute("BEGIN")
            raw.executemany(_INSERT_ACTION, params)
            raw.execute("COMMIT")
        except sqlite3.Error as exc:
            try:
                if raw.in_transaction:
                    raw.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if not isinstance(exc, sqlite3.IntegrityError):
                self._quick = None  # start again on a fresh connection
                raw.close()
            kind = sa.exc.IntegrityError if isinstance(exc, sqlite3.IntegrityError) else None
            raise (kind or sa.exc.OperationalError)(_INSERT_ACTION, params, exc) from exc

    @property
    def commits_at_once(self) -> bool:
        """Whether :meth:`quick` commits may run on the event loop: SQLite files only.

        In WAL mode with ``synchronous=NORMAL`` a commit appends to the log and returns
        without waiting for the disk (the flush to disk happens at checkpoints, which this
        connection leaves to :meth:`checkpoint` on the writer thread).  PostgreSQL is a
        network round trip: always on the writer thread.
        """
        return self.url.startswith("sqlite") and ":memory:" not in self.url

    def quick(self) -> sqlite3.Connection:
        """The event loop's own SQLite connection: it never waits for a lock (a busy
        database raises at once and the caller retries on the writer thread, which waits
        ``SQLITE_BUSY_SECONDS``) and never checkpoints.  Transactions are explicit."""
        if self._quick is None:
            proxied = self.engine.raw_connection()  # with the pragmas of every connection
            proxied.detach()  # its own: never handed back to the pool with these settings
            raw = proxied.dbapi_connection
            assert isinstance(raw, sqlite3.Connection)
            raw.isolation_level = None
            raw.execute("PRAGMA busy_timeout=0")
            raw.execute("PRAGMA wal_autocheckpoint=0")
            self._quick = raw
        return self._quick

    def check_writable(self) -> None:
        """Raise unless a write transaction can start now (``/readyz``): SQLite takes the
        write lock and lets it go; PostgreSQL runs an update that changes nothing (a
        read-only standby refuses it).  Either way, a write that failed lately (a full
        disk lets a transaction start, not store anything) is the answer until a write
        succeeds, or for :data:`WRITE_FAILURE_SECONDS`."""
        failed = self.write_failure
        if failed is not None and time.monotonic() - failed[0] < WRITE_FAILURE_SECONDS:
            ago = time.monotonic() - failed[0]
            raise WriteFailing(f"writes are failing: {failed[1]} ({ago:.0f} s ago)")
        with self.engine.connect() as conn:
            if self.url.startswith("sqlite"):
                conn.exec_driver_sql("BEGIN IMMEDIATE")
                conn.exec_driver_sql("ROLLBACK")
                return
            with conn.begin():
                conn.execute(tables.update().where(sa.false()).values(revision=tables.c.revision))

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database (SQLite; the writer thread runs it)."""
        if self.url.startswith("sqlite"):
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    @_writes
    def finish_match(
        self, table_id: str, number: int, result: dict[str, Any], expires: str | None = None
    ) -> int:
        """Store a match's result; the table is over (its tokens work until ``expires``).
        Returns the table's new revision."""
        with self.engine.begin() as conn:
            conn.execute(
                matches.update()
                .where(matches.c.table_id == table_id, matches.c.number == number)
                .values(result=result)
            )
            conn.execute(
                tables.update()
                .where(tables.c.id == table_id)
                .values(status="over", expires=expires)
            )
            return _bump(conn, table_id)

    @_writes
    def mark_practice(self, table_id: str, number: int) -> None:
        """Mark match ``number`` as practised (issue 30; its result says so when it ends)."""
        with self.engine.begin() as conn:
            conn.execute(
                matches.update()
                .where(matches.c.table_id == table_id, matches.c.number == number)
                .values(practice=True)
            )

    @_writes
    def delete_unstarted(self, table_id: str) -> bool:
        """Delete a table whose creation could not be completed: only if no match started
        there and nobody holds a seat.  Whether it was deleted."""
        with self.engine.begin() as conn:
            held = conn.execute(
                sa.select(sa.func.count())
                .select_from(seats)
                .where(seats.c.table_id == table_id, seats.c.token_hash.is_not(None))
            ).scalar()
            if held:
                return False
            unstarted = tables.c.id == table_id, tables.c.match == 0
            if conn.execute(sa.select(tables.c.id).where(*unstarted)).first() is None:
                return False
            conn.execute(seats.delete().where(seats.c.table_id == table_id))
            conn.execute(tables.delete().where(*unstarted))
            return True

    @_writes
    def delete_expired(self, before: str, keep: set[str] | frozenset[str] = frozenset()) -> int:
        """The retention policy: delete (with their seats, matches and actions) at most
        :data:`RETENTION_BATCH` tables nobody holds any more, whose seats expired before
        ``before`` and that are not in play (nor in ``keep``: tables in memory).  How
        many went."""
        with self.engine.begin() as conn:
            found = conn.execute(
                sa.select(tables.c.id)
                .where(
                    tables.c.expires.is_not(None),
                    tables.c.expires < before,
                    tables.c.status != "playing",
                )
                .limit(RETENTION_BATCH + len(keep))
            ).scalars()
            gone = [str(t) for t in found if t not in keep][:RETENTION_BATCH]
            if not gone:
                return 0
            conn.execute(actions.delete().where(actions.c.table_id.in_(gone)))
            conn.execute(matches.delete().where(matches.c.table_id.in_(gone)))
            conn.execute(seats.delete().where(seats.c.table_id.in_(gone)))
            conn.execute(tables.delete().where(tables.c.id.in_(gone)))
            return len(gone)

    # --- reads --------------------------------------------------------------------------

    def load_table(self, table_id: str) -> TableRecord | None:
        if len(table_id) > 32:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(tables.select().where(tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            return _table_record(conn, dict(row))

    def table_exists(self, table_id: str) -> bool:
        if len(table_id) > 32:  # longer than any id: no need to ask
            return False
        with self.engine.connect() as conn:
            found = conn.execute(sa.select(tables.c.id).where(tables.c.id == table_id)).first()
            return found is not None

    def find_code(self, code: str) -> str | None:
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(tables.c.id).where(tables.c.code == code.upper())
            ).scalar()
            return None if found is None else str(found)

    def list_tables(self, status: str | None = None, limit: int = 100) -> list[TableRecord]:
        """Public tables, newest first (open tables whose time ran out are not listed)."""
        lapsed = sa.and_(tables.c.status == "open", tables.c.expires <= now())
        query = sa.select(tables).where(tables.c.public.is_(True), sa.not_(lapsed))
        if status is not None:
            query = query.where(tables.c.status == status)
        query = query.order_by(tables.c.created.desc()).limit(limit)
        with self.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(query).mappings()]
            return [_table_record(conn, r) for r in rows]

    def playing_table_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return [
                str(r)
                for r in conn.execute(sa.select(tables.c.id).where(tables.c.status == "playing"))
                .scalars()
                .all()
            ]

    def match(self, table_id: str, number: int) -> MatchRecord | None:
        with self.engine.connect() as conn:
            row = (
                conn.execute(
                    matches.select().where(
                        matches.c.table_id == table_id, matches.c.number == number
                    )
                )
                .mappings()
                .first()
            )
            if row is None:
                return None
            steps = conn.execute(
                sa.select(actions.c.seat, actions.c.action)
                .where(actions.c.table_id == table_id, actions.c.match == number)
                .order_by(actions.c.idx)
            ).all()
            return MatchRecord(
                number=row["number"],
                seed=int(row["seed"]),
                result=row["result"],
                actions=[{"seat": s, "action": a} for s, a in steps],
                practice=bool(row["practice"]),
            )

    def match_summaries(
        self, table_id: str, after: int = 0, limit: int | None = None
    ) -> list[tuple[int, int, dict[str, Any] | None]]:
        """``(number, actions, result)`` of the matches at the table numbered after
        ``after``, in order, at most ``limit`` of them."""
        page = (
            sa.select(matches.c.number)
            .where(matches.c.table_id == table_id, matches.c.number > after)
            .order_by(matches.c.number)
            .limit(limit)
            .subquery()
        )
        counted = (
            sa.select(actions.c.match, sa.func.count().label("n"))
            .where(actions.c.table_id == table_id, actions.c.match.in_(sa.select(page.c.number)))
            .group_by(actions.c.match)
            .subquery()
        )
        query = (
            sa.select(matches.c.number, sa.func.coalesce(counted.c.n, 0), matches.c.result)
            .select_from(matches.outerjoin(counted, counted.c.match == matches.c.number))
            .where(matches.c.table_id == table_id, matches.c.number.in_(sa.select(page.c.number)))
            .order_by(matches.c.number)
        )
        with self.engine.connect() as conn:
            return [(int(n), int(k), result) for n, k, result in conn.execute(query)]


class WriteFailing(RuntimeError):
    """The database took no write lately (``/readyz``)."""


def _bump(conn: Connection, table_id: str) -> int:
    """Move a table's revision on by one (in the caller's transaction); the new one."""
    conn.execute(
        tables.update().where(tables.c.id == table_id).values(revision=tables.c.revision + 1)
    )
    found = conn.execute(sa.select(tables.c.revision).where(tables.c.id == table_id)).scalar()
    return int(found or 0)


def _seat_values(s: SeatRecord) -> dict[str, Any]:
    return {
        "seat": s.seat,
        "kind": s.kind,
        "level": s.level,
        "name": s.name,
        "token_hash": s.token_hash,
    }


def _table_record(conn: Connection, row: dict[str, Any]) -> TableRecord:
    seat_rows = conn.execute(
        seats.select().where(seats.c.table_id == row["id"]).order_by(seats.c.seat)
    ).mappings()
    rec = TableRecord(**row)
    rec.seats = [
        SeatRecord(
            seat=r["seat"],
            kind=r["kind"],
            level=r["level"],
            name=r["name"],
            token_hash=r["token_hash"],
        )
        for r in seat_rows
    ]
    return rec


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()

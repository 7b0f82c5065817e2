"""Group commit: actions waiting together share one transaction, and none returns early.

Each test runs both ways: committing on the event loop (SQLite's quick path) and on the
writer thread (PostgreSQL, or SQLite when the quick path finds the database busy).
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from pakka.server.storage import ActionRow, SeatRecord, Storage, TableRecord, now
from pakka.server.writer import GroupCommit

TABLES = [f"t{i}" for i in range(8)]


@pytest.fixture
def storage(db_url: str) -> Storage:
    store = Storage(db_url)
    for i, tid in enumerate(TABLES):
        store.create_table(
            TableRecord(
                id=tid,
                code=f"C{i:05d}",
                game="anarchy",
                players=4,
                options={},
                public=False,
                turn_seconds=None,
                bot_delay=0,
                status="open",
                match=0,
                created=now(),
                seats=[SeatRecord(seat=s, kind="bot", level="random") for s in range(4)],
            )
        )
        store.start_match(tid, 1, seed=i)
    return store


def row(tid: str, idx: int) -> ActionRow:
    return (tid, 1, idx, idx % 4, {"type": "play", "card": f"S{2 + idx}"})


def stored(storage: Storage, tid: str) -> list[dict[str, Any]]:
    match = storage.match(tid, 1)
    assert match is not None
    return match.actions


async def run_all(commit: GroupCommit, rows: list[ActionRow]) -> list[BaseException | None]:
    results = await asyncio.gather(*(commit.append(r) for r in rows), return_exceptions=True)
    return [r if isinstance(r, BaseException) else None for r in results]


@pytest.fixture(params=[True, False], ids=["on-the-loop", "on-the-thread"])
def at_once(request: pytest.FixtureRequest) -> bool:
    return bool(request.param)


def group(storage: Storage, pool: ThreadPoolExecutor, at_once: bool) -> GroupCommit:
    commit = GroupCommit(storage, pool)
    assert commit.at_once  # SQLite
    commit.at_once = at_once
    return commit


def test_actions_waiting_together_share_a_commit_and_keep_their_order(
    storage: Storage, at_once: bool
) -> None:
    async def main() -> GroupCommit:
        with ThreadPoolExecutor(1) as pool:
            commit = group(storage, pool, at_once)
            for idx in range(5):  # each table's actions in turn, as a room's lock orders them
                assert await run_all(commit, [row(t, idx) for t in TABLES]) == [None] * 8
            return commit

    commit = asyncio.run(main())
    assert commit.actions == 40 and commit.commits < 40
    for tid in TABLES:
        assert [a["action"]["card"] for a in stored(storage, tid)] == [
            f"S{2 + i}" for i in range(5)
        ]


def test_nobody_returns_before_the_commit_that_holds_their_action(storage: Storage) -> None:
    gate = threading.Event()
    real = storage.append_actions

    def slow(rows: list[ActionRow], now: bool = False) -> None:
        gate.wait(5)
        real(rows, now=now)

    storage.append_actions = slow  # type: ignore[method-assign]
    storage.append_action = lambda *r, now=False: slow([r], now)  # type: ignore[assignment,method-assign,misc]

    async def main() -> None:
        with ThreadPoolExecutor(1) as pool:
            commit = group(storage, pool, at_once=False)  # on the loop it cannot be early
            waiting = [asyncio.ensure_future(commit.append(row(t, 0))) for t in TABLES]
            await asyncio.sleep(0.2)
            assert not any(w.done() for w in waiting)  # held by the commit in progress
            assert stored(storage, TABLES[0]) == []
            gate.set()
            await asyncio.gather(*waiting)
            assert all(len(stored(storage, t)) == 1 for t in TABLES)

    asyncio.run(main())


def test_a_failed_commit_fails_every_action_in_it_and_stores_none(
    storage: Storage, at_once: bool
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    storage.append_actions = broken  # type: ignore[method-assign]
    storage.append_action = broken  # type: ignore[method-assign]

    async def main() -> list[BaseException | None]:
        with ThreadPoolExecutor(1) as pool:
            return await run_all(group(storage, pool, at_once), [row(t, 0) for t in TABLES])

    assert all(isinstance(e, OperationalError) for e in asyncio.run(main()))
    assert all(stored(storage, t) == [] for t in TABLES)


def test_an_action_that_lost_a_race_fails_alone(storage: Storage, at_once: bool) -> None:
    storage.append_action(*row(TABLES[3], 0))  # another process stored index 0 first

    async def main() -> list[BaseException | None]:
        with ThreadPoolExecutor(1) as pool:
            commit = group(storage, pool, at_once)
            await commit.append(row(TABLES[0], 0))
            return await run_all(commit, [row(t, 0) for t in TABLES[1:]])

    results = asyncio.run(main())
    assert isinstance(results[2], IntegrityError)  # TABLES[3]
    assert [r for i, r in enumerate(results) if i != 2] == [None] * 6
    assert all(len(stored(storage, t)) == 1 for t in TABLES)


def test_a_locked_database_makes_the_writer_thread_wait_not_the_event_loop(
    storage: Storage, db_url: str
) -> None:
    """Another process holds the SQLite write lock for a while: the quick path gives up at
    once, the writer thread waits for the lock and commits, and the loop runs meanwhile."""
    path = db_url.removeprefix("sqlite:///")
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN EXCLUSIVE")
    threading.Timer(0.5, other.execute, ["COMMIT"]).start()

    async def main() -> tuple[float, int]:
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.ensure_future(tick())
        with ThreadPoolExecutor(1) as pool:
            commit = group(storage, pool, at_once=True)
            start = time.monotonic()
            await commit.append(row(TABLES[0], 0))
            took = time.monotonic() - start
        ticker.cancel()
        return took, ticks

    took, ticks = asyncio.run(main())
    assert took >= 0.4 and ticks >= 10  # it waited for the lock, and the loop went on
    assert len(stored(storage, TABLES[0])) == 1
    other.close()

"""Group commit: actions waiting together share one transaction, and none returns early."""

from __future__ import annotations

import asyncio
import threading
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


def test_actions_waiting_together_share_a_commit_and_keep_their_order(storage: Storage) -> None:
    async def main() -> GroupCommit:
        with ThreadPoolExecutor(1) as pool:
            commit = GroupCommit(storage, pool)
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

    def slow(rows: list[ActionRow]) -> None:
        gate.wait(5)
        real(rows)

    storage.append_actions = slow  # type: ignore[method-assign]
    storage.append_action = lambda *r: slow([r])  # type: ignore[assignment,method-assign]

    async def main() -> None:
        with ThreadPoolExecutor(1) as pool:
            commit = GroupCommit(storage, pool)
            waiting = [asyncio.ensure_future(commit.append(row(t, 0))) for t in TABLES]
            await asyncio.sleep(0.2)
            assert not any(w.done() for w in waiting)  # held by the commit in progress
            assert stored(storage, TABLES[0]) == []
            gate.set()
            await asyncio.gather(*waiting)
            assert all(len(stored(storage, t)) == 1 for t in TABLES)

    asyncio.run(main())


def test_a_failed_commit_fails_every_action_in_it_and_stores_none(storage: Storage) -> None:
    def broken(*args: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    storage.append_actions = broken  # type: ignore[method-assign]
    storage.append_action = broken  # type: ignore[method-assign]

    async def main() -> list[BaseException | None]:
        with ThreadPoolExecutor(1) as pool:
            return await run_all(GroupCommit(storage, pool), [row(t, 0) for t in TABLES])

    assert all(isinstance(e, OperationalError) for e in asyncio.run(main()))
    assert all(stored(storage, t) == [] for t in TABLES)


def test_an_action_that_lost_a_race_fails_alone(storage: Storage) -> None:
    storage.append_action(*row(TABLES[3], 0))  # another process stored index 0 first

    async def main() -> list[BaseException | None]:
        with ThreadPoolExecutor(1) as pool:
            commit = GroupCommit(storage, pool)
            await commit.append(row(TABLES[0], 0))
            return await run_all(commit, [row(t, 0) for t in TABLES[1:]])

    results = asyncio.run(main())
    assert isinstance(results[2], IntegrityError)  # TABLES[3]
    assert [r for i, r in enumerate(results) if i != 2] == [None] * 6
    assert all(len(stored(storage, t)) == 1 for t in TABLES)

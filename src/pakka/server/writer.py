"""Group commit: the actions waiting for the database are stored by one transaction.

Every accepted action is committed before anyone hears of it (``docs/reliability.md``).
Under load many tables want to commit at once; one transaction per action on the single
writer thread made them queue behind each other (each a thread hop, a transaction and the
GIL).  :class:`GroupCommit` keeps the guarantee and shares the cost: while one commit runs,
the actions that arrive meanwhile wait together, and the next transaction stores them all.
Each caller returns only after the commit that holds its action, so nothing is acknowledged,
applied or broadcast before it is durable.  Actions of one table never share a batch (the
room's lock is held across its commit), so their order is kept.

With SQLite the commit runs on the event loop itself when it can (``Storage.quick``): in WAL
mode with ``synchronous=NORMAL`` it is an append to the log, a fraction of a millisecond,
while a hop to the writer thread and back cost two thread wake-ups, tens of milliseconds
each on a busy machine.  It never waits there: a database another process has locked
raises at once, and the batch goes to the writer thread, which waits for the lock as
before.  The disk flushes (checkpoints) run on the writer thread every
:data:`CHECKPOINT_EVERY` commits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from concurrent.futures import Executor

from sqlalchemy.exc import IntegrityError, OperationalError

from pakka.server.storage import ActionRow, Storage

CHECKPOINT_EVERY = 200
"""Commits on the event loop between two checkpoints (on the writer thread)."""

log = logging.getLogger("pakka.server")


class GroupCommit:
    """Commit actions on ``executor`` (one thread), as many per transaction as are waiting."""

    def __init__(self, storage: Storage, executor: Executor) -> None:
        self.storage = storage
        self.executor = executor
        self._waiting: list[tuple[ActionRow, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None
        self.commits = 0
        """Transactions run (``actions / commits`` is the mean batch)."""
        self.actions = 0
        self.at_once = storage.commits_at_once
        """Commit on the event loop first (SQLite); else always on the writer thread."""
        self._unflushed = 0

    async def append(self, row: ActionRow) -> None:
        """Return once ``row`` is committed; raise what storing it raised (then it is not).

        An :class:`IntegrityError` means another process stored an action at this index
        first; any other database error means the database is locked or down.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((row, future))
        if self._task is None:
            self._task = asyncio.create_task(self._run())
        await future

    async def drain(self) -> None:
        """Return once every action handed in so far is committed (or has failed)."""
        while self._task is not None:
            await asyncio.wait({self._task})

    async def close(self) -> None:
        """Stop; a caller still waiting is told its action may not be stored."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for _, future in self._waiting:
            if not future.done():
                future.set_exception(RuntimeError("the server is shutting down"))
        self._waiting = []

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    await self._store(loop, batch)
                except asyncio.CancelledError:
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(RuntimeError("the server is shutting down"))
                    raise
        finally:
            self._task = None

    async def _store(
        self,
        loop: asyncio.AbstractEventLoop,
        batch: list[tuple[ActionRow, asyncio.Future[None]]],
    ) -> None:
        if self.at_once and self._store_now(loop, batch):
            return
        try:
            await loop.run_in_executor(self.executor, self._write, [row for row, _ in batch])
        except IntegrityError as exc:
            if len(batch) == 1:
                _settle(batch, exc)
                return
            # one of them lost a race with another process: the others still count, so
            # store them one by one and tell each its own outcome
            for item in batch:
                try:
                    await loop.run_in_executor(self.executor, self._write, [item[0]])
                except Exception as one:
                    _settle([item], one)
                else:
                    self._count(1)
                    _settle([item], None)
        except Exception as exc:
            _settle(batch, exc)
        else:
            self._count(len(batch))
            _settle(batch, None)

    def _store_now(
        self,
        loop: asyncio.AbstractEventLoop,
        batch: list[tuple[ActionRow, asyncio.Future[None]]],
    ) -> bool:
        """Commit ``batch`` on the event loop; False (nothing stored) if the database is
        busy or an action lost a race, so the writer thread takes the batch as before."""
        try:
            self._write([row for row, _ in batch], now=True)
        except IntegrityError:
            return False
        except OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                return False
            _settle(batch, exc)
            return True
        except Exception as exc:
            _settle(batch, exc)
            return True
        self._count(len(batch))
        _settle(batch, None)
        self._unflushed += 1
        if self._unflushed >= CHECKPOINT_EVERY:
            self._unflushed = 0
            loop.run_in_executor(self.executor, self._checkpoint)
        return True

    def _checkpoint(self) -> None:
        try:
            self.storage.checkpoint()
        except Exception:
            log.warning("SQLite checkpoint failed; the next one tries again", exc_info=True)

    def _write(self, rows: list[ActionRow], now: bool = False) -> None:
        if len(rows) == 1:  # the common case when the server is quiet
            self.storage.append_action(*rows[0], now=now)
        else:
            self.storage.append_actions(rows, now=now)

    def _count(self, actions: int) -> None:
        self.commits += 1
        self.actions += actions


def _settle(batch: list[tuple[ActionRow, asyncio.Future[None]]], exc: Exception | None) -> None:
    for _, future in batch:
        if future.done():  # the caller gave up waiting (its task was cancelled)
            continue
        if exc is None:
            future.set_result(None)
        else:
            future.set_exception(exc)

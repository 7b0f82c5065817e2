"""The live rooms of one server process: loaded from storage on demand, kept in step with
other processes, published, and dropped when idle.

:class:`RoomRegistry` owns the rooms and their tasks and cancels them all in
:meth:`RoomRegistry.close`.  When another process announces a change of a table (pub/sub),
the room here is marked stale and rebuilt from storage before it is used again.

Database work never runs on the event loop (:meth:`RoomRegistry.db`): a locked or slow
database makes the requests that need it wait on a thread, and every other table goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

import pakka.games
from pakka.engine import Event
from pakka.errors import PakkaError
from pakka.server.limits import Limits, Refused
from pakka.server.pubsub import PubSubBackend
from pakka.server.room import Room, RoomError, channel_of
from pakka.server.storage import Storage, TableRecord
from pakka.server.writer import GroupCommit

log = logging.getLogger("pakka.server")

DB_THREADS = 4
"""Threads for the lobby's database work (reads, seat changes, loading tables)."""

T = TypeVar("T")
A = ParamSpec("A")


class RoomRegistry:
    """The live rooms of this process, loaded from storage on demand."""

    def __init__(self, storage: Storage, pubsub: PubSubBackend, limits: Limits) -> None:
        self.storage = storage
        self.pubsub = pubsub
        self.limits = limits
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self.closed = False
        self.draining = False
        """Stopping: no new tables, seats, sockets or actions (``Services.drain``)."""
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="pakka-db")
        """The one thread that commits actions (see :class:`GroupCommit`)."""
        self.lobby_db = ThreadPoolExecutor(DB_THREADS, thread_name_prefix="pakka-db-lobby")
        self.commits = GroupCommit(storage, self.writer)
        self.kick: Callable[[Room], None] = lambda room: None
        """Start a room's bot driver and turn timer (set by :class:`BotDriver`)."""
        pubsub.on_foreign = self._foreign

    # --- lifecycle ---------------------------------------------------------------------

    async def db(self, fn: Callable[A, T], *args: A.args, **kwargs: A.kwargs) -> T:
        """``fn(*args, **kwargs)`` on a database thread: the event loop never waits for the
        database, however long a lock is held."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.lobby_db, lambda: fn(*args, **kwargs))

    async def resume(self) -> None:
        """Load every table in play, so bots carry on after a restart."""
        for table_id in await self.db(self.storage.playing_table_ids):
            try:
                await self.get(table_id)
            except Exception:
                log.exception("table %s could not be restored", table_id)

    async def stop_tasks(self) -> None:
        """Stop every room's bot driver and turn timer, each while no change is under way
        at its table (with its lock held), so no move is left half done."""
        self.closed = True  # nothing starts them again
        for room in list(self.rooms.values()):
            async with room.lock:
                for task in (room.driver, room.timer):
                    if task is not None and not task.done():
                        task.cancel()

    async def close(self) -> None:
        self.closed = True
        tasks = []
        for room in self.rooms.values():
            for task in (room.driver, room.timer):
                if task is not None and not task.done():
                    task.cancel()
                    tasks.append(task)
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.rooms.clear()
        await self.commits.close()
        self.writer.shutdown(wait=True)
        self.lobby_db.shutdown(wait=True)

    async def get(self, table_id: str) -> Room:
        """The room of ``table_id``, loaded (on a thread) if it is not in memory yet, and
        brought up to date if another process has changed it."""
        room = self.rooms.get(table_id)
        if room is None:
            room = await self._load(table_id)
        room.used = time.monotonic()
        if room.stale:
            async with room.lock:
                await self.catch_up(room)
        return room

    async def _load(self, table_id: str) -> Room:
        """Load a table once however many ask for it at the same time."""
        loading = self._loading.get(table_id)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[Room] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            if self.pubsub.shared:
                # heard from now on: whatever another process changes after the read below
                # marks this copy stale (a process that was not listening missed the rest)
                if not await self.db(self.storage.table_exists, table_id):
                    raise RoomError(404, f"there is no table {table_id!r}")
                await self.pubsub.ready(channel_of(table_id))
            room = await self.db(self._read, table_id)
            if table_id not in self.rooms:
                self._make_room()
            room = self.rooms.setdefault(table_id, room)
            future.set_result(room)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._loading[table_id]
        async with room.lock:
            self.kick(room)
        return room

    def _make_room(self) -> None:
        """Drop idle rooms, least recently used first, so that one more fits within
        ``Limits.tables_in_memory``; :class:`Refused` when none can go."""
        excess = len(self.rooms) + 1 - self.limits.tables_in_memory
        if excess <= 0:
            return
        idle = sorted((r for r in self.rooms.values() if r.idle()), key=lambda r: r.used)
        for room in idle[:excess]:
            if room.timer is not None:
                room.timer.cancel()
            del self.rooms[room.id]
        if len(self.rooms) >= self.limits.tables_in_memory:
            raise Refused(
                "tables_in_memory",
                f"the server holds {len(self.rooms)} busy tables, as many as it may; "
                "try again later",
                retry_after=30.0,
            )

    def _read(self, table_id: str) -> Room:
        """A room from storage (on a database thread)."""
        rec = self.storage.load_table(table_id)
        if rec is None:
            raise RoomError(404, f"there is no table {table_id!r}")
        try:
            return self._restore(rec)
        except RoomError:
            raise
        except PakkaError as exc:
            raise RoomError(409, f"table {rec.id} cannot be restored here: {exc}") from None

    def _restore(self, rec: TableRecord) -> Room:
        """A room from its stored record: seats, bots, and the match replayed from its log."""
        room = Room(rec, pakka.games.get(rec.game))
        if rec.match > 0:
            match = self.storage.match(rec.id, rec.match)
            if match is None:
                raise RoomError(500, f"table {rec.id} lost match {rec.match}")
            room.state = room.game.from_json(
                {
                    "game": rec.game,
                    "players": rec.players,
                    "options": rec.options,
                    "seed": match.seed,
                    "actions": match.actions,
                }
            )
        return room

    def _foreign(self, channel: str, position: tuple[int, ...]) -> None:
        room = self.rooms.get(channel.removeprefix("table:"))
        if room is not None and position != room.position:
            room.stale = True

    async def catch_up(self, room: Room) -> None:
        """Reload a table another process has changed (the caller holds the lock)."""
        if not room.stale:
            return
        fresh = await self.db(self._read, room.id)
        room.rec = fresh.rec
        room.state = fresh.state
        for mine, new in zip(room.seats, fresh.seats, strict=True):
            mine.rec = new.rec
        room.stale = False

    def forget(self, room: Room) -> None:
        """Drop a room that is idle and not in play from memory (it is reloaded from storage
        when needed)."""
        if room.idle() and room.rec.status != "playing" and self.rooms.get(room.id) is room:
            if room.timer is not None:
                room.timer.cancel()
            del self.rooms[room.id]

    async def publish(self, room: Room, events: Sequence[Event] = (), table: bool = False) -> None:
        """Tell every audience of ``room`` how the match looks after a change (each its
        own projection, with the change's events), and the table too if ``table``; the
        caller holds the lock."""
        update = room.update(events, table=table, everyone=self.pubsub.shared)
        await self.pubsub.publish(room.channel, update)

    async def announce(self, room: Room, revoked: Sequence[int] = ()) -> None:
        """Tell everyone at ``room`` that its seats or status changed (the table frame
        only: the match is as it was); ``revoked``: seats whose sockets must close."""
        await self.pubsub.publish(room.channel, room.announcement(revoked))

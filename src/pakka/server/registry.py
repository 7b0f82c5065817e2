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
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, ParamSpec, TypeVar

import pakka.games
from pakka.engine import Event
from pakka.errors import PakkaError
from pakka.server.frames import jsonable
from pakka.server.limits import Limits, Refused
from pakka.server.pubsub import PubSubBackend, Update
from pakka.server.room import Room, RoomError, channel_of
from pakka.server.storage import RETENTION_BATCH, Storage, TableRecord, later
from pakka.server.writer import GroupCommit

if TYPE_CHECKING:
    from pakka.server.metrics import Metrics

log = logging.getLogger("pakka.server")

DB_THREADS = 4
"""Threads for the lobby's database work (reads, seat changes, loading tables)."""
OWNERS = 100_000
"""Tables whose creator's address is remembered (in memory only)."""
FINISH_RETRY_SECONDS = (2.0, 60.0)
"""A match whose end could not be stored is tried again after the first, doubling up to
the second (and when its table is next loaded)."""

T = TypeVar("T")
A = ParamSpec("A")


async def _nothing(room: Room) -> None:
    return None


class RoomRegistry:
    """The live rooms of this process, loaded from storage on demand."""

    def __init__(
        self,
        storage: Storage,
        pubsub: PubSubBackend,
        limits: Limits,
        metrics: Metrics | None = None,
    ) -> None:
        self.storage = storage
        self.pubsub = pubsub
        self.limits = limits
        self.metrics = metrics
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
        self.wake: Callable[[Room], None] = lambda room: None
        """Start a room's bot driver if its bots have a move to make (a person came back)."""
        self.start_full: Callable[[Room], Awaitable[None]] = _nothing
        """Start an open table whose seats are all taken, if it has not started (set by
        :class:`~pakka.server.lobby.Lobby`; never raises)."""
        self._finishing: dict[str, asyncio.Task[None]] = {}
        self.owners: OrderedDict[str, str] = OrderedDict()
        """The address that created each table (the latest :data:`OWNERS` of them), so a
        table that left memory comes back charged to the same address."""
        """Matches whose end is being stored again after a failure, by table."""
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
                for task in (room.driver, room.timer, room.pause_task()):
                    if task is not None and not task.done():
                        task.cancel()

    async def close(self) -> None:
        self.closed = True
        tasks: list[asyncio.Task[None]] = list(self._finishing.values())
        for task in tasks:
            task.cancel()
        for room in self.rooms.values():
            for running in (room.driver, room.timer, room.pause_task()):
                if running is not None and not running.done():
                    running.cancel()
                    tasks.append(running)
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.rooms.clear()
        await self.commits.close()
        self.writer.shutdown(wait=True)
        self.lobby_db.shutdown(wait=True)

    async def get(self, table_id: str, new: bool = False) -> Room:
        """The room of ``table_id``, loaded (on a thread) if it is not in memory yet, and
        brought up to date if another process has changed it (``new``: a table just
        created, which must fit below ``Limits.new_table_headroom``)."""
        room = self.rooms.get(table_id)
        if room is None:
            room = await self._load(table_id, new)
        room.used = time.monotonic()
        if room.stale:
            async with room.lock:
                await self.catch_up(room)
        return room

    async def _load(self, table_id: str, new: bool = False) -> Room:
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
                self.make_room(new)
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
            if room.unfinished():  # its end could not be stored before: now
                await self.finish(room)
            self.kick(room)
        return room

    def make_room(self, new: bool = False) -> None:
        """Drop idle rooms, least recently used first, so that one more fits within
        ``Limits.tables_in_memory`` (a ``new`` table: within it less
        ``Limits.new_table_headroom``, which is kept for tables coming back, so that new
        work is refused before existing tables are); :class:`Refused` when none can go."""
        room_for = self.limits.tables_in_memory
        if new:
            room_for -= min(self.limits.new_table_headroom, room_for // 10)
        excess = len(self.rooms) + 1 - room_for
        if excess <= 0:
            return
        idle = sorted((r for r in self.rooms.values() if r.idle()), key=lambda r: r.used)
        for room in idle[:excess]:
            self._drop(room)
        if len(self.rooms) >= room_for:
            what = "new tables" if new else "tables"
            raise Refused(
                "tables_in_memory",
                f"the server holds {len(self.rooms)} busy tables, as many as it may for "
                f"{what}; try again later",
                retry_after=30.0,
            )

    def own(self, room: Room, address: str) -> None:
        """Record that ``address`` created ``room`` (its work and limits are counted there)."""
        room.owner = address or room.owner
        self.owners.pop(room.id, None)
        self.owners[room.id] = room.owner
        while len(self.owners) > OWNERS:
            self.owners.popitem(last=False)

    def drop_idle(self, rooms: Sequence[Room]) -> int:
        """Drop those of ``rooms`` that are idle from memory (they are reloaded when
        needed); how many went."""
        gone = 0
        for room in rooms:
            if room.idle() and self.rooms.get(room.id) is room:
                self._drop(room)
                gone += 1
        return gone

    def _drop(self, room: Room) -> None:
        for task in (room.timer, room.pause_task()):
            if task is not None:
                task.cancel()
        del self.rooms[room.id]

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
        room = Room(rec, pakka.games.get(rec.game), owner=self.owners.get(rec.id, ""))
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
            room.practice = match.practice
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
        room.practice = fresh.practice
        for mine, new in zip(room.seats, fresh.seats, strict=True):
            mine.rec = new.rec
        room.stale = False

    def forget(self, room: Room) -> None:
        """Drop a room that is idle and not in play from memory (it is reloaded from storage
        when needed)."""
        if room.idle() and room.rec.status != "playing" and self.rooms.get(room.id) is room:
            self._drop(room)

    async def publish(self, room: Room, events: Sequence[Event] = (), table: bool = False) -> None:
        """Tell every audience of ``room`` how the match looks after a change (each its
        own projection, with the change's events), and the table too if ``table``; the
        caller holds the lock.  Never raises: see :meth:`_send`."""
        try:
            update = room.update(events, table=table, everyone=self.pubsub.shared)
        except Exception:
            self._unsent(room, "could not be projected")
            return
        await self._send(room, update)

    async def announce(
        self, room: Room, revoked: Sequence[int] = (), reseated: Sequence[int] = ()
    ) -> None:
        """Tell everyone at ``room`` that its seats or status changed (the table frame
        only: the match is as it was); ``revoked``: seats whose sockets must close;
        ``reseated``: seats whose person moved (their sockets close to connect again)."""
        await self._send(room, room.announcement(revoked, reseated))

    async def _send(self, room: Room, update: Update) -> None:
        """Publish an update of a change that has happened (it is stored): a pub/sub that
        fails is logged and counted, never raised into the request that made the change
        (its seat, action or match would be lost to a client told it failed).  Clients
        catch up with the next update, or when they reconnect."""
        try:
            await self.pubsub.publish(room.channel, update)
        except Exception:
            self._unsent(room, "was not published")

    def _unsent(self, room: Room, why: str) -> None:
        log.exception("an update of table %s %s; its clients catch up later", room.id, why)
        if self.metrics is not None:
            self.metrics.publish_errors.inc()

    # --- retention ----------------------------------------------------------------------

    async def sweep(self) -> int:
        """Delete the tables nobody holds any more (their seats' tokens expired) more than
        ``Limits.retention_days`` ago, with their matches (none while it is 0); tables in
        memory are kept.  How many went."""
        days = self.limits.retention_days
        if days <= 0:
            return 0
        before = later(-days * 86_400)
        total = 0
        while True:
            gone = await self.db(self.storage.delete_expired, before, frozenset(self.rooms))
            total += gone
            if gone < RETENTION_BATCH:
                if total:
                    log.info("retention: deleted %d tables nobody held for %g days", total, days)
                return total

    # --- the end of a match ------------------------------------------------------------

    async def finish(self, room: Room) -> bool:
        """Store the end of ``room``'s match, whose last action is stored and applied (the
        caller holds the lock): True when it is; else it is logged, counted and tried
        again later (and when the table is next loaded), the table still in play."""
        if await self._finish_once(room):
            return True
        if room.id not in self._finishing and not self.closed:
            self._finishing[room.id] = asyncio.create_task(self._finish_later(room))
        return False

    async def _finish_once(self, room: Room) -> bool:
        state = room.state
        assert state is not None and state.is_over()
        expires = later(self.limits.table_over_seconds)
        try:
            revision = await asyncio.get_running_loop().run_in_executor(
                self.writer,
                self.storage.finish_match,
                room.id,
                room.rec.match,
                jsonable(
                    {**state.result().to_json(), **({"practice": True} if room.practice else {})}
                ),
                expires,
            )
        except Exception as exc:  # a full disk, a database gone: the match is not lost
            log.warning("the end of match %d at %s not stored: %s", room.rec.match, room.id, exc)
            if self.metrics is not None:
                self.metrics.database_errors.labels("finish").inc()
            return False
        room.rec.revision = revision
        room.rec.status = "over"
        room.rec.expires = expires
        return True

    async def _finish_later(self, room: Room) -> None:
        delay = FINISH_RETRY_SECONDS[0]
        try:
            while not self.closed:
                await asyncio.sleep(delay)
                async with room.lock:
                    if not room.unfinished():
                        return
                    if await self._finish_once(room):
                        await self.announce(room)
                        return
                delay = min(2 * delay, FINISH_RETRY_SECONDS[1])
        finally:
            self._finishing.pop(room.id, None)

"""The live rooms of one server process: loaded from storage on demand, kept in step with
other processes, published, and dropped when idle.

:class:`RoomRegistry` owns the rooms and their tasks and cancels them all in
:meth:`RoomRegistry.close`.  When another process announces a change of a table (pub/sub),
the room here is marked stale and rebuilt from storage before it is used again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

import pakka.games
from pakka.engine import Event
from pakka.errors import PakkaError
from pakka.server.bots import make_bot
from pakka.server.pubsub import PubSubBackend
from pakka.server.room import Room, RoomError
from pakka.server.storage import Storage, TableRecord
from pakka.server.writer import GroupCommit

log = logging.getLogger("pakka.server")


class RoomRegistry:
    """The live rooms of this process, loaded from storage on demand."""

    def __init__(self, storage: Storage, pubsub: PubSubBackend, bot_delay: float | None = None):
        self.storage = storage
        self.pubsub = pubsub
        self.bot_delay = bot_delay
        """Overrides every table's ``bot_delay`` when set (tests use 0)."""
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self.closed = False
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="pakka-db")
        self.commits = GroupCommit(storage, self.writer)
        self.kick: Callable[[Room], None] = lambda room: None
        """Start a room's bot driver and turn timer (set by :class:`BotDriver`)."""
        pubsub.on_foreign = self._foreign

    # --- lifecycle ---------------------------------------------------------------------

    async def resume(self) -> None:
        """Load every table in play, so bots carry on after a restart."""
        for table_id in self.storage.playing_table_ids():
            try:
                await self.get(table_id)
            except Exception:
                log.exception("table %s could not be restored", table_id)

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

    async def get(self, table_id: str) -> Room:
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(table_id)
            if room is not None:
                return room
            rec = self.storage.load_table(table_id) if len(table_id) <= 32 else None
            if rec is None:
                raise RoomError(404, f"there is no table {table_id!r}")
            try:
                room = self._restore(rec)
            except PakkaError as exc:
                if isinstance(exc, RoomError):
                    raise
                raise RoomError(409, f"table {rec.id} cannot be restored here: {exc}") from None
            self.rooms[table_id] = room
        async with room.lock:
            self.kick(room)
        return room

    def _restore(self, rec: TableRecord) -> Room:
        """A room from its stored record: seats, bots, and the match replayed from its log."""
        room = Room(rec, pakka.games.get(rec.game))
        for s in room.seats:
            if s.is_bot:
                s.bot = make_bot(rec.game, s.rec.level or "random", None)
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

    def _foreign(self, channel: str, position: tuple[int, int]) -> None:
        room = self.rooms.get(channel.removeprefix("table:"))
        if room is not None and position != (room.rec.match, room.version):
            room.stale = True

    def catch_up(self, room: Room) -> None:
        """Reload a table another process has changed (the caller holds the lock)."""
        if not room.stale:
            return
        rec = self.storage.load_table(room.id)
        if rec is None:
            return
        fresh = self._restore(rec)
        room.rec = fresh.rec
        room.state = fresh.state
        for mine, new in zip(room.seats, fresh.seats, strict=True):
            if mine.rec.kind != new.rec.kind:
                mine.bot = new.bot
            mine.rec = new.rec
        room.stale = False

    def forget(self, room: Room) -> None:
        """Drop an idle room from memory (it is reloaded from storage when needed)."""
        busy = (
            room.driver is not None or room.spectators > 0 or any(s.connections for s in room.seats)
        )
        if not busy and room.rec.status != "playing" and self.rooms.get(room.id) is room:
            if room.timer is not None:
                room.timer.cancel()
            del self.rooms[room.id]

    async def publish(self, room: Room, events: Sequence[Event] = (), table: bool = False) -> None:
        """Tell every audience of ``room`` about a change (the caller holds the lock)."""
        update = room.update(events, table=table, everyone=self.pubsub.shared)
        await self.pubsub.publish(room.channel, update)

"""The parts of one running server, built together, started together and closed together."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any

from starlette.requests import HTTPConnection

from pakka.server.audit import Audit
from pakka.server.connection import Connections
from pakka.server.driver import BotDriver
from pakka.server.limits import Gate, Limits, RateLimit, Refused
from pakka.server.lobby import Lobby
from pakka.server.locks import InstanceConflict, InstanceLock
from pakka.server.metrics import Gauges, Metrics
from pakka.server.play import Play
from pakka.server.pubsub import PubSubBackend, backend_from_url
from pakka.server.registry import RoomRegistry
from pakka.server.replays import Replays
from pakka.server.search import SearchPool, default_workers
from pakka.server.settings import Settings
from pakka.server.storage import Storage

log = logging.getLogger("pakka.server")

SWEEP_SECONDS = 3_600.0
"""How often the retention policy deletes the tables nobody holds any more."""


class Guards:
    """The per-address rate limits of the lobby and the server-wide limit on replays."""

    def __init__(self, limits: Limits) -> None:
        self.creates = RateLimit(
            "create_rate", "new tables", limits.creates_per_minute, limits.create_burst
        )
        self.joins = RateLimit("join_rate", "joins", limits.joins_per_minute, limits.join_burst)
        self.invites = RateLimit(
            "invite_rate", "invite look-ups", limits.invites_per_minute, limits.invite_burst
        )
        self.new_matches = RateLimit(
            "new_match_rate", "new matches", limits.new_matches_per_minute, limits.new_match_burst
        )
        self.replays = Gate(
            "replay_busy", "replays", limits.replay_concurrency, limits.replay_queue
        )


@dataclass
class Services:
    settings: Settings
    storage: Storage
    pubsub: PubSubBackend
    lock: InstanceLock
    registry: RoomRegistry
    pool: SearchPool
    play: Play
    driver: BotDriver
    lobby: Lobby
    connections: Connections
    replays: Replays
    guards: Guards
    metrics: Metrics
    audit: Audit
    sweeper: asyncio.Task[None] | None = None

    @property
    def draining(self) -> bool:
        """The server is stopping: it takes no new tables, seats or sockets (:meth:`drain`)."""
        return self.registry.draining

    @classmethod
    def open(cls, settings: Settings) -> Services:
        limits = settings.limits
        storage = Storage(settings.database_url())
        pubsub = settings.pubsub or backend_from_url(settings.pubsub_url)
        lock = InstanceLock(storage.engine, shared=pubsub.shared)
        try:
            lock.acquire()
        except InstanceConflict:
            storage.close()
            raise
        metrics = Metrics()
        registry = RoomRegistry(storage, pubsub, limits, metrics)
        pool = SearchPool(
            limits.search_workers or default_workers(),
            limits.search_nice,
            limits.hint_queue,
            limits.search_short_seconds,
        )
        audit = Audit(
            settings.audit_log,
            max_bytes=limits.audit_log_bytes,
            backups=limits.audit_log_files,
            on_error=metrics.audit_errors.inc,
        )
        play = Play(registry, pool, limits, metrics)
        connections = Connections(registry, play, limits, metrics, audit, settings.allowed_origins)

        def gauges() -> Gauges:
            tables = {"open": 0, "playing": 0, "over": 0}
            for room in list(registry.rooms.values()):
                tables[room.rec.status] = tables.get(room.rec.status, 0) + 1
            return Gauges(tables, len(connections.open), pool.queue_depths(), pool.running())

        metrics.watch(gauges)
        return cls(
            settings=settings,
            storage=storage,
            pubsub=pubsub,
            lock=lock,
            registry=registry,
            pool=pool,
            play=play,
            driver=BotDriver(registry, play, pool, limits, metrics, settings.bot_delay),
            lobby=Lobby(registry, limits),
            connections=connections,
            replays=Replays(limits.replay_matches, limits.replay_checkpoint_every),
            guards=Guards(limits),
            metrics=metrics,
            audit=audit,
        )

    def refused(self, request: HTTPConnection, refused: Refused, **fields: Any) -> None:
        """Count a refused request and write it to the audit log."""
        self.metrics.refusals.labels(refused.reason).inc()
        self.audit.refused(request, refused.reason, **fields)

    async def start(self) -> None:
        """Start the search workers (before anything is served), then restore the tables
        in play so their bots carry on."""
        await self.pool.start()
        await self.registry.resume()
        self.sweeper = asyncio.create_task(self._sweep())

    async def _sweep(self) -> None:
        """The retention policy, at start and then every :data:`SWEEP_SECONDS`."""
        while True:
            try:
                await self.registry.sweep()
            except Exception:  # the database is down: next time
                log.warning("the retention sweep failed; it runs again later", exc_info=True)
            await asyncio.sleep(SWEEP_SECONDS)

    async def drain(self) -> None:
        """Stop gracefully (``pakka serve`` on SIGTERM, before uvicorn closes anything):
        refuse new tables, seats, sockets and actions; let every change under way finish,
        its commit included; stop the bots and timers; tell every client that the server
        is restarting and close its socket (1012), so it reconnects to the next one."""
        if self.registry.draining:
            return
        self.registry.draining = True
        await self.registry.stop_tasks()
        await self.registry.commits.drain()
        await self.connections.close_all()

    async def close(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
        try:
            await self.registry.close()
            await self.pool.close()
            await self.pubsub.close()
        finally:
            self.audit.close()
            self.lock.release()
            self.storage.close()

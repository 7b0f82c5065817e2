"""Publish/subscribe between rooms and connections, behind a small backend interface.

A room publishes one :class:`Update` per change on the channel ``table:<id>``; every
connection to that table subscribes and picks out its own audience's payload (a seat's
projection, or the spectators').  :class:`MemoryBackend` serves one process and the tests;
a backend for several server processes (Redis, PostgreSQL ``LISTEN``) implements the same
three methods.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

QUEUE_LIMIT = 256
"""Updates a slow subscriber may fall behind before it is dropped (it reconnects)."""


@dataclass(frozen=True)
class Update:
    """One change of a table, pre-projected per audience.

    ``payloads`` maps an audience in a language (``"0:en"``.. for seats, ``"spectator:fi"``)
    to the JSON frames that audience is sent in that language; ``all`` is sent to everyone
    (the table's public seat list).
    """

    payloads: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    all: list[dict[str, Any]] = field(default_factory=list)
    position: tuple[int, ...] | None = None
    """``(revision, match, version)`` of the table after this change: another process
    whose copy is elsewhere reloads it before using it."""
    revoked: list[int] = field(default_factory=list)
    """Seats whose token stopped holding them (the person left): their sockets close."""
    reseated: list[int] = field(default_factory=list)
    """Seats whose person moved to another seat of the table (a practice deal from another
    seat): their sockets close with ``CLOSE_RESEATED`` and the client connects again, its
    token now holding the new seat."""

    _texts: dict[str, list[str]] = field(default_factory=dict, compare=False, repr=False)

    def for_audience(self, audience: str, lang: str = "en") -> list[dict[str, Any]]:
        return self.all + self.payloads.get(f"{audience}:{lang}", [])

    def texts_for(self, audience: str, lang: str = "en") -> list[str]:
        """:meth:`for_audience` as JSON text, serialised once per audience and language
        however many connections share it (the spectators of a table, a seat open in two
        tabs)."""
        key = f"{audience}:{lang}"
        texts = self._texts.get(key)
        if texts is None:
            if "" not in self._texts:
                self._texts[""] = [dumps(frame) for frame in self.all]
            mine = [dumps(frame) for frame in self.payloads.get(key, [])]
            texts = self._texts[key] = self._texts[""] + mine
        return texts


def dumps(frame: dict[str, Any]) -> str:
    """A frame as the text Starlette's ``send_json`` would send."""
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


class Subscription:
    def __init__(self) -> None:
        self.queue: asyncio.Queue[Update | None] = asyncio.Queue(QUEUE_LIMIT)

    async def get(self) -> Update | None:
        """The next update, or ``None`` when the subscription was dropped."""
        return await self.queue.get()


class PubSubBackend(ABC):
    shared = False
    """True when other processes hear this backend's updates (every audience is projected)."""
    on_foreign: Callable[[str, tuple[int, ...]], None] | None = None
    """Called with a channel and a position when another process published a change."""

    @abstractmethod
    async def publish(self, channel: str, update: Update) -> None: ...

    @abstractmethod
    def subscribe(self, channel: str) -> Subscription: ...

    @abstractmethod
    def unsubscribe(self, channel: str, sub: Subscription) -> None: ...

    async def ready(self, channel: str) -> None:  # noqa: B027
        """Wait until updates on ``channel`` reach this process (a no-op in memory)."""

    async def ping(self) -> None:  # noqa: B027
        """Raise if the backend cannot be reached (in memory it always can)."""

    async def close(self) -> None:  # noqa: B027
        """Release connections (nothing to do in memory)."""

    @asynccontextmanager
    async def subscription(self, channel: str) -> AsyncIterator[Subscription]:
        sub = self.subscribe(channel)
        try:
            yield sub
        finally:
            self.unsubscribe(channel, sub)


class MemoryBackend(PubSubBackend):
    """In-process fan-out with a bounded queue per subscriber."""

    def __init__(self) -> None:
        self._subs: dict[str, set[Subscription]] = defaultdict(set)

    async def publish(self, channel: str, update: Update) -> None:
        for sub in list(self._subs.get(channel, ())):
            try:
                sub.queue.put_nowait(update)
            except asyncio.QueueFull:
                self.unsubscribe(channel, sub)
                _drop(sub)

    def subscribe(self, channel: str) -> Subscription:
        sub = Subscription()
        self._subs[channel].add(sub)
        return sub

    def unsubscribe(self, channel: str, sub: Subscription) -> None:
        subs = self._subs.get(channel)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self._subs[channel]

    def subscribers(self, channel: str) -> int:
        return len(self._subs.get(channel, ()))


def _drop(sub: Subscription) -> None:
    while not sub.queue.empty():
        sub.queue.get_nowait()
    sub.queue.put_nowait(None)


class RedisBackend(PubSubBackend):
    """Fan-out through Redis pub/sub, so several server processes share a table's updates.

    One Redis connection per process listens on every channel some local connection
    subscribed to; each update is published as JSON and delivered to the local subscribers
    by one reader task.  Redis keeps the order of the messages on a channel.  ``ready``
    waits until Redis has confirmed a channel, so a snapshot taken after it is never
    followed by a gap.
    """

    def __init__(self, url: str) -> None:
        import redis.asyncio as aioredis

        self.url = url
        self._redis = aioredis.Redis.from_url(url)
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        self._local = MemoryBackend()
        self._listening: set[str] = set()
        self._reader: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        self.origin = uuid.uuid4().hex
        self.shared = True

    async def publish(self, channel: str, update: Update) -> None:
        body = json.dumps(
            {
                "payloads": update.payloads,
                "all": update.all,
                "position": update.position,
                "revoked": update.revoked,
                "reseated": update.reseated,
                "origin": self.origin,
            }
        )
        await self._redis.publish(channel, body)

    def subscribe(self, channel: str) -> Subscription:
        return self._local.subscribe(channel)

    def unsubscribe(self, channel: str, sub: Subscription) -> None:
        self._local.unsubscribe(channel, sub)

    async def ready(self, channel: str) -> None:
        async with self._lock:
            if channel in self._listening:
                return
            await self._pubsub.subscribe(channel)
            self._listening.add(channel)
            if self._reader is None or self._reader.done():
                self._reader = asyncio.create_task(self._read())

    async def ping(self) -> None:
        await self._redis.ping()

    async def _read(self) -> None:
        while True:
            message = await self._pubsub.get_message(timeout=1.0)
            if message is None or message.get("type") != "message":
                continue
            channel = message["channel"]
            channel = channel.decode() if isinstance(channel, bytes) else str(channel)
            data = json.loads(message["data"])
            position = tuple(data["position"]) if data.get("position") else None
            if data.get("origin") != self.origin and position and self.on_foreign is not None:
                try:
                    self.on_foreign(channel, position)
                except Exception:  # never let one table stop the reader
                    logging.getLogger("pakka.server").exception("catching up %s", channel)
            update = Update(
                data["payloads"],
                data["all"],
                position,
                data.get("revoked", []),
                data.get("reseated", []),
            )
            await self._local.publish(channel, update)

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        await self._pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # typed from redis 8.2
        await self._redis.aclose()


def backend_from_url(url: str | None) -> PubSubBackend:
    """``None`` or ``memory://``: in-process; ``redis://...``: :class:`RedisBackend`."""
    if url is None or url.startswith("memory:"):
        return MemoryBackend()
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisBackend(url)
    raise ValueError(f"unknown pub/sub URL {url!r}: use memory:// or redis://host:port/db")

"""Publish/subscribe between rooms and connections, behind a small backend interface.

A room publishes one :class:`Update` per change on the channel ``table:<id>``; every
connection to that table subscribes and picks out its own audience's payload (a seat's
projection, or the spectators').  :class:`MemoryBackend` serves one process and the tests;
a backend for several server processes (Redis, PostgreSQL ``LISTEN``) implements the same
three methods.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

QUEUE_LIMIT = 256
"""Updates a slow subscriber may fall behind before it is dropped (it reconnects)."""


@dataclass(frozen=True)
class Update:
    """One change of a table, pre-projected per audience.

    ``payloads`` maps an audience (``"0"``.. for seats, ``"spectator"``) to the JSON frames
    that audience is sent; ``all`` is sent to everyone (the table's public seat list).
    """

    payloads: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    all: list[dict[str, Any]] = field(default_factory=list)

    def for_audience(self, audience: str) -> list[dict[str, Any]]:
        return self.all + self.payloads.get(audience, [])


class Subscription:
    def __init__(self) -> None:
        self.queue: asyncio.Queue[Update | None] = asyncio.Queue(QUEUE_LIMIT)

    async def get(self) -> Update | None:
        """The next update, or ``None`` when the subscription was dropped."""
        return await self.queue.get()


class PubSubBackend(ABC):
    @abstractmethod
    async def publish(self, channel: str, update: Update) -> None: ...

    @abstractmethod
    def subscribe(self, channel: str) -> Subscription: ...

    @abstractmethod
    def unsubscribe(self, channel: str, sub: Subscription) -> None: ...

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

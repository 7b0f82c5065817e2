"""The parts of one running server, built together and closed together."""

from __future__ import annotations

from dataclasses import dataclass

from pakka.server.connection import Connections
from pakka.server.driver import BotDriver
from pakka.server.limits import Gate, Limits
from pakka.server.lobby import Lobby
from pakka.server.locks import InstanceConflict, InstanceLock
from pakka.server.play import Play
from pakka.server.pubsub import PubSubBackend, backend_from_url
from pakka.server.registry import RoomRegistry
from pakka.server.replays import Replays
from pakka.server.settings import Settings
from pakka.server.storage import Storage


class Gates:
    """The server-wide limits on work that runs at once."""

    def __init__(self, limits: Limits) -> None:
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
    play: Play
    driver: BotDriver
    lobby: Lobby
    connections: Connections
    replays: Replays
    gates: Gates

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
        registry = RoomRegistry(storage, pubsub, settings.bot_delay)
        play = Play(registry, limits)
        return cls(
            settings=settings,
            storage=storage,
            pubsub=pubsub,
            lock=lock,
            registry=registry,
            play=play,
            driver=BotDriver(registry, play),
            lobby=Lobby(registry, limits),
            connections=Connections(registry, play, limits),
            replays=Replays(limits.replay_matches, limits.replay_checkpoint_every),
            gates=Gates(limits),
        )

    async def close(self) -> None:
        try:
            await self.registry.close()
            await self.pubsub.close()
        finally:
            self.lock.release()
            self.storage.close()

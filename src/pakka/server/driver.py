"""The bot driver and the turn timer of each room.

Bots (seats created as bots, and people who are away past the turn timer) are played by one
driver task per room after each change; the turn timer marks people who have not acted in
``turn_seconds`` as away, so that a bot plays for them until they come back.

A bot's move is ``pakka.bots.make(game, level, seed).act(observation, legal)``.  A random
bot picks at once, on the event loop; every other level searches in the
:class:`~pakka.server.search.SearchPool`, at the priority of its table (a table where a
seated person is connected and playing first, all-bot tables last), charged to the
address that created the table.  A bot that fails (an error, an illegal choice) is logged,
its seat shows the ``trouble`` to everyone, and it tries again after a pause: it never
plays a stand-in move.

A table with people plays its bots only while one of its people is connected: when they
have all left, its bots wait for them (it costs nothing and may leave memory).  While
those connected are all away, it plays at the all-bot pace and priority, and counts as an
all-bot table (:meth:`~pakka.server.room.Room.unattended`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time

from sqlalchemy.exc import SQLAlchemyError

import pakka.bots
from pakka.engine import Action
from pakka.errors import IllegalAction
from pakka.server import search
from pakka.server.limits import Limits
from pakka.server.metrics import Metrics
from pakka.server.play import Play
from pakka.server.registry import RoomRegistry
from pakka.server.room import Room
from pakka.server.search import Priority, SearchPool

log = logging.getLogger("pakka.server")

STORAGE_RETRY_SECONDS = 0.5
"""A bot whose move could not be stored (database locked or down) tries again this late."""
BOT_RETRY_SECONDS = (2.0, 60.0)
"""A bot that failed tries again after the first, doubling up to the second."""
BOT_DELAY_SPREAD = 0.25
"""A bot waits its table's ``bot_delay`` times a random factor in ``1 ± BOT_DELAY_SPREAD``
(the same pace on average): tables started together, as after a restart, do not then move
in lockstep, all their bots at the same instant every second."""


class BotFailed(Exception):
    """A bot raised, or chose an action that is not legal."""


class BotDriver:
    """Plays every room's bot seats, one driver task per room, and runs the turn timers."""

    def __init__(
        self,
        reg: RoomRegistry,
        play: Play,
        pool: SearchPool,
        limits: Limits,
        metrics: Metrics,
        bot_delay: float | None = None,
    ) -> None:
        self.reg = reg
        self.play = play
        self.pool = pool
        self.limits = limits
        self.metrics = metrics
        self.bot_delay = bot_delay
        """Overrides every table's ``bot_delay`` when set (tests use 0)."""
        self.failures = 0
        """Bot moves that failed (each is logged)."""
        reg.kick = self.kick
        reg.wake = self.wake

    def wake(self, room: Room) -> None:
        """Start the bot driver if bots are to move and may (the caller holds the lock)."""
        if self.reg.closed or room.driver is not None:
            return
        if room.movers() and room.bots_may_play():
            room.driver = asyncio.create_task(self._drive(room))

    def kick(self, room: Room) -> None:
        """Start the bot driver and (re)start the turn timer (the caller holds the lock)."""
        if self.reg.closed:
            return
        self.wake(room)
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        if (
            room.rec.turn_seconds
            and room.state is not None
            and room.rec.status == "playing"
            and room.paused() is None  # the turn starts when the break ends
        ):
            waiting = [
                s
                for s in room.state.to_act()
                if not room.seats[s].is_bot and not room.seats[s].away
            ]
            if waiting:
                room.timer = asyncio.create_task(
                    self._turn_timer(room, room.rec.match, room.version, room.rec.turn_seconds)
                )

    def _delay(self, room: Room) -> float:
        if self.bot_delay is not None:
            delay = self.bot_delay
        else:
            delay = room.rec.bot_delay
            if room.all_bots or room.unattended():
                delay = max(delay, self.limits.bot_table_min_delay)
        if delay <= 0:
            return 0.0
        return delay * random.uniform(1 - BOT_DELAY_SPREAD, 1 + BOT_DELAY_SPREAD)

    async def _drive(self, room: Room) -> None:
        """Play the bots' moves until a person is to act (one task per room at a time).

        A bot thinks outside the room's lock (a search bot may take seconds, and people in
        a simultaneous step must not wait for it); its move is taken only if the table has
        not changed meanwhile, else it thinks again.
        """
        retry = BOT_RETRY_SECONDS[0]
        try:
            while True:
                await asyncio.sleep(self._delay(room))
                async with room.lock:
                    await self.reg.catch_up(room)
                    movers = room.movers()
                    if not movers or room.state is None or not room.bots_may_play():
                        room.driver = None  # done, or its people have left: they wake it
                        return
                    seat = movers[0]
                    level = room.seats[seat].level
                    legal = room.state.legal_actions(seat)
                    obs = room.state.observation(seat)
                    seen = room.position
                    seed = room.decision_seed(seat)
                    urgent = room.people_playing()
                try:
                    action = await self._think(room, level, seed, obs, legal, urgent)
                except BotFailed as exc:
                    await self._failed(room, seat, level, exc)
                    await asyncio.sleep(retry)
                    retry = min(2 * retry, BOT_RETRY_SECONDS[1])
                    continue
                retry = BOT_RETRY_SECONDS[0]
                chosen = time.perf_counter()
                async with room.lock:
                    if room.state is None or room.position != seen:
                        continue  # the table moved on while the bot thought
                    if seat not in room.movers():
                        continue
                    cleared = room.seats[seat].trouble is not None
                    room.seats[seat].trouble = None
                    try:
                        await self.play.commit(room, seat, action, table=cleared, started=chosen)
                    except IllegalAction:  # another process moved first: think again
                        continue
                    except SQLAlchemyError as exc:  # locked or down: nothing applied, retry
                        self.metrics.database_errors.labels("bot_move").inc()
                        log.warning("bot move at %s not stored (%s); retrying", room.id, exc)
                        await asyncio.sleep(STORAGE_RETRY_SECONDS)
        except BaseException:
            room.driver = None
            raise

    async def _think(
        self,
        room: Room,
        level: str,
        seed: int,
        obs: dict[str, object],
        legal: list[Action],
        urgent: bool,
    ) -> Action:
        """The bot's choice: a random one here and now, any other in the search pool."""
        try:
            if level == "random":  # microseconds: a trip to a worker would cost more
                action = pakka.bots.make(room.rec.game, level, seed=seed).act(obs, legal)
            else:
                priority = Priority.PEOPLE if urgent else Priority.BACKGROUND
                action = await self.pool.run(
                    priority,
                    search.bot_move,
                    room.rec.game,
                    level,
                    seed,
                    obs,
                    legal,
                    owner=room.owner,
                    table=room.id,
                    kind=f"{room.rec.game}:{level}",
                )
        except Exception as exc:
            raise BotFailed(f"{type(exc).__name__}: {exc}") from exc
        if action not in legal:
            raise BotFailed(f"it chose {action}, which is not legal now")
        return action

    async def _failed(self, room: Room, seat: int, level: str, exc: BotFailed) -> None:
        """Log a failed bot move and show it at the table (everyone sees the seat's trouble)."""
        self.failures += 1
        self.metrics.bot_failures.labels("bot").inc()
        log.error(
            "the %s bot at seat %d of table %s failed: %s",
            level,
            seat,
            room.id,
            exc,
            exc_info=exc.__cause__ or exc,
        )
        async with room.lock:
            room.seats[seat].trouble = f"the {level} bot failed ({exc}); it tries again"
            await self.reg.announce(room)

    async def _turn_timer(self, room: Room, match: int, version: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with room.lock:
            if room.state is None or room.rec.match != match or room.version != version:
                return
            late = [s for s in room.state.to_act() if not room.seats[s].is_bot]
            for s in late:
                room.seats[s].away = True
            room.timer = None
            await self.reg.announce(room)
            self.wake(room)

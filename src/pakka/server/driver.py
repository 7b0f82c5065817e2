"""The bot driver and the turn timer of each room.

Bots (seats created as bots, and people who are away past the turn timer) are played by one
driver task per room after each change; the turn timer marks people who have not acted in
``turn_seconds`` as away, so that a bot plays for them until they come back.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from pakka.engine import Action
from pakka.errors import IllegalAction
from pakka.server.bots import RandomBot, make_bot
from pakka.server.play import Play
from pakka.server.registry import RoomRegistry
from pakka.server.room import Bot, Room

log = logging.getLogger("pakka.server")

STORAGE_RETRY_SECONDS = 0.5
"""A bot whose move could not be stored (database locked or down) tries again this late."""
BOT_DELAY_SPREAD = 0.25
"""A bot waits its table's ``bot_delay`` times a random factor in ``1 ± BOT_DELAY_SPREAD``
(the same pace on average): tables started together, as after a restart, do not then move
in lockstep, all their bots at the same instant every second."""


class BotDriver:
    """Plays every room's bot seats, one driver task per room, and runs the turn timers."""

    def __init__(self, reg: RoomRegistry, play: Play) -> None:
        self.reg = reg
        self.play = play
        reg.kick = self.kick

    def kick(self, room: Room) -> None:
        """Start the bot driver and (re)start the turn timer (the caller holds the lock)."""
        if self.reg.closed:
            return
        if room.movers() and room.driver is None:
            room.driver = asyncio.create_task(self._drive(room))
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        if room.rec.turn_seconds and room.state is not None and room.rec.status == "playing":
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
        delay = room.rec.bot_delay if self.reg.bot_delay is None else self.reg.bot_delay
        if delay <= 0:
            return 0.0
        return delay * random.uniform(1 - BOT_DELAY_SPREAD, 1 + BOT_DELAY_SPREAD)

    async def _drive(self, room: Room) -> None:
        """Play the bots' moves until a person is to act (one task per room at a time).

        A bot thinks outside the room's lock (a search bot may take seconds, and people in
        a simultaneous step must not wait for it); its move is taken only if the table has
        not changed meanwhile, else it thinks again.
        """
        try:
            while True:
                await asyncio.sleep(self._delay(room))
                async with room.lock:
                    await self.reg.catch_up(room)
                    movers = room.movers()
                    if not movers or room.state is None:
                        room.driver = None
                        return
                    seat = movers[0]
                    s = room.seats[seat]
                    legal = room.state.legal_actions(seat)
                    obs = room.state.observation(seat)
                    seen = (room.rec.match, room.version)
                    bot = s.bot or make_bot(room.rec.game, "random", None)
                    s.bot = bot
                action = await self._think(room, bot, seat, obs, legal)
                async with room.lock:
                    if room.state is None or (room.rec.match, room.version) != seen:
                        continue  # the table moved on while the bot thought
                    if seat not in room.movers():
                        continue
                    try:
                        await self.play.commit(room, seat, action)
                    except IllegalAction:  # another process moved first: think again
                        continue
                    except SQLAlchemyError as exc:  # locked or down: nothing applied, retry
                        log.warning("bot move at %s not stored (%s); retrying", room.id, exc)
                        await asyncio.sleep(STORAGE_RETRY_SECONDS)
        except BaseException:
            room.driver = None
            raise

    async def _think(
        self, room: Room, bot: Bot, seat: int, obs: dict[str, Any], legal: list[Action]
    ) -> Action:
        """The bot's choice, or a random legal action if it fails or chooses wrongly."""
        try:
            if isinstance(bot, RandomBot) or getattr(bot, "level", None) == "random":
                # a random choice takes microseconds: a thread hop would cost more than it
                action = bot.act(obs, legal)
            else:
                action = await asyncio.to_thread(bot.act, obs, legal)
            if action not in legal:
                raise IllegalAction(seat, action, "bot chose an illegal action", legal)
        except Exception:
            log.exception("bot at seat %d of %s failed; playing randomly", seat, room.id)
            action = random.choice(legal)
        return action

    async def _turn_timer(self, room: Room, match: int, version: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with room.lock:
            if room.state is None or room.rec.match != match or room.version != version:
                return
            late = [s for s in room.state.to_act() if not room.seats[s].is_bot]
            for s in late:
                room.seats[s].away = True
            room.timer = None
            await self.reg.publish(room, table=True)
            if room.driver is None and room.movers():
                room.driver = asyncio.create_task(self._drive(room))

"""The act/commit/publish path: the only place that calls ``apply``.

Every change of a match runs under the room's lock in the same order:

1. read the action (``game.action_from_json``) and check it (``state.check``): an
   :class:`IllegalAction` goes back to the sender only, and nothing has changed;
2. commit it to the database (:class:`~pakka.server.writer.GroupCommit`);
3. apply it to the state;
4. publish each audience's own projection, then let the bot driver play on.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from sqlalchemy.exc import IntegrityError

from pakka.engine import Action
from pakka.errors import IllegalAction
from pakka.i18n import t
from pakka.server import search
from pakka.server.limits import Limits, RateLimit, Refused
from pakka.server.metrics import Metrics
from pakka.server.protocol import HintOption, HintReply
from pakka.server.registry import RoomRegistry
from pakka.server.room import Room, RoomError
from pakka.server.search import Priority, SearchPool

log = logging.getLogger("pakka.server")


class Play:
    """People's actions and hints, and the commit every action (a bot's too) goes through."""

    def __init__(
        self, reg: RoomRegistry, pool: SearchPool, limits: Limits, metrics: Metrics
    ) -> None:
        self.reg = reg
        self.pool = pool
        self.limits = limits
        self.metrics = metrics
        self.hints = RateLimit(
            "hint_rate", "hints for your seat", limits.hints_per_minute, limits.hint_burst
        )

    async def act(self, room: Room, seat: int | None, data: Any) -> None:
        """A person's action: checked, committed, applied, published.

        Raises :class:`IllegalAction` (the state is untouched) or :class:`RoomError`.
        """
        if seat is None:
            raise RoomError(403, "spectators cannot act; join a free seat to play")
        started = time.perf_counter()
        async with room.lock:
            await self.reg.catch_up(room)
            state = room.state
            if state is None or room.rec.status == "open":
                raise RoomError(409, "the match has not started yet")
            if room.seats[seat].is_bot:
                raise RoomError(403, f"seat {seat} is played by a bot")
            action = room.game.action_from_json(data)
            returned = room.seats[seat].away
            room.seats[seat].away = False
            try:
                state.check(seat, action)
            except IllegalAction:
                if returned:
                    await self.reg.announce(room)
                raise
            await self.commit(room, seat, action, table=returned, by="person", started=started)

    async def hint(
        self, room: Room, seat: int | None, lang: str = "en", address: str = ""
    ) -> HintReply:
        """``pakka.bots.suggest`` for ``seat``, searched in the pool (hint priority, charged
        to the asking client's ``address``).

        One hint at a time per seat, whatever its sockets, at most
        ``Limits.hints_per_minute``: more raise :class:`Refused` (nothing is searched).
        """
        if seat is None or room.state is None:
            return HintReply(action=None, text=t("hint_spectator", lang), engine=False)
        s = room.seats[seat]
        if s.hinting:
            raise Refused("hint_pending", "your last hint is still being worked out; wait for it")
        if seat not in room.state.to_act():
            return HintReply(action=None, text=t("hint_not_your_turn", lang), engine=False)
        self.hints.take(f"{room.id}:{seat}")  # before any work: a refusal costs nothing
        s.hinting = True
        try:
            async with room.lock:
                state = room.state
                legal = state.legal_actions(seat)
                observation = state.observation(seat)
            ranked = await self.pool.run(
                Priority.HINT,
                search.hint,
                room.rec.game,
                observation,
                legal,
                lang,
                owner=address or room.owner,
                table=room.id,
                kind=f"{room.rec.game}:hint",
            )
        except Refused:
            raise
        except Exception:
            self.metrics.bot_failures.labels("hint").inc()
            log.exception("the hint for seat %d of table %s failed", seat, room.id)
            return HintReply(action=None, text=t("hint_failed", lang), engine=False)
        finally:
            s.hinting = False
        offered = [(a, reason) for a, reason in ranked if a in legal]
        if len(offered) < len(ranked) or not offered:
            self.metrics.bot_failures.labels("hint").inc()
            log.error("the hint engine offered illegal moves at table %s: %s", room.id, ranked)
        if not offered:
            return HintReply(action=None, text=t("hint_failed", lang), engine=False)
        return HintReply(
            action=offered[0][0].to_json(),
            text=offered[0][1],
            engine=True,
            alternatives=[HintOption(action=a.to_json(), text=why) for a, why in offered],
        )

    async def commit(
        self,
        room: Room,
        seat: int,
        action: Action,
        table: bool = False,
        *,
        by: str = "bot",
        started: float | None = None,
    ) -> None:
        """Persist, apply, publish (the caller holds the lock and has checked the action).

        ``by`` (person or bot) and ``started`` (when the action arrived,
        ``time.perf_counter()``) are for the metrics."""
        reg = self.reg
        state = room.state
        assert state is not None
        # committed together with the other tables' actions waiting at the same moment
        # (GroupCommit): SQLite's quick append on the event loop when the database is free,
        # else on the one writer thread, so a locked or slow database never stalls the loop
        try:
            await reg.commits.append(
                (room.id, room.rec.match, room.version, seat, action.to_json())
            )
        except IntegrityError:  # another process stored a move at this index first
            room.stale = True
            await reg.catch_up(room)
            legal = room.state.legal_actions(seat) if room.state is not None else []
            raise IllegalAction(
                seat, action, "the table moved on (another server took a move first)", legal
            ) from None
        events = state.apply_unchecked(seat, action)
        # the action is stored and applied: from here on nothing may tell its sender that
        # it failed.  An end of match that cannot be stored now is tried again (and when
        # the table is loaded); publishing never raises.
        if state.is_over() and await reg.finish(room):
            table = True
        await reg.publish(room, events, table=table)
        self.metrics.actions.labels(by).inc()
        if started is not None:
            self.metrics.action_seconds.observe(time.perf_counter() - started)
        reg.kick(room)

"""The act/commit/publish path: the only place that calls ``apply``.

Every change of a match runs under the room's lock in the same order:

1. read the action (``game.action_from_json``) and check it (``state.check``): an
   :class:`IllegalAction` goes back to the sender only, and nothing has changed;
2. commit it to the database (:class:`~pakka.server.writer.GroupCommit`);
3. apply it to the state;
4. publish each audience's own projection, then let the bot driver play on.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError

from pakka.engine import Action, Event
from pakka.errors import IllegalAction
from pakka.events import DealScored
from pakka.i18n import t
from pakka.server import search
from pakka.server.limits import Limits, RateLimit, Refused
from pakka.server.metrics import Metrics
from pakka.server.protocol import HintOption, HintReply
from pakka.server.registry import RoomRegistry
from pakka.server.room import Break, Room, RoomError
from pakka.server.search import Priority, SearchPool

log = logging.getLogger("pakka.server")


class Paused(RoomError):
    """An action sent during the break between deals (``error`` code ``paused``)."""

    def __init__(self, message: str) -> None:
        super().__init__(409, message)


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
            if room.paused() is not None:
                raise Paused(
                    "the table is between deals: the next deal's first decision is asked "
                    "when everyone has read the summary (send ready) or its time is up"
                )
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

        One hint at a time per seat, whatever its sockets.  The first hint of each decision
        (a ``(match, version)`` at which the seat is to act) is always answered: a person
        may ask once every turn, however fast the bots play (issue 28: one press per turn
        was refused 3 times in 44 Guandan turns).  Further hints at the same decision
        count against ``Limits.hints_per_minute``: over it they raise :class:`Refused`
        (nothing is searched), which says when the next one may be asked.
        """
        if seat is None or room.state is None:
            return HintReply(action=None, text=t("hint_spectator", lang), engine=False)
        s = room.seats[seat]
        if s.hinting:
            raise Refused("hint_pending", "your last hint is still being worked out; wait for it")
        if room.paused() is not None:
            return HintReply(action=None, text=t("hint_paused", lang), engine=False)
        if seat not in room.state.to_act():
            return HintReply(action=None, text=t("hint_not_your_turn", lang), engine=False)
        decision = (room.rec.match, room.version)
        if s.hinted != decision:
            s.hinted = decision  # this decision's free hint
        else:
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
        room.scored_now(events)
        self.begin_break(room, events)
        await reg.publish(room, events, table=table)
        self.metrics.actions.labels(by).inc()
        if started is not None:
            self.metrics.action_seconds.observe(time.perf_counter() - started)
        reg.kick(room)

    # --- the break between deals ------------------------------------------------------------

    def begin_break(self, room: Room, events: Sequence[Event]) -> None:
        """After a change that ended a deal (and not the match) at a table with people
        playing, hold the next deal's first decision until they have read the summary
        (``ready``) or ``Limits.summary_seconds`` have passed (the caller holds the lock).

        Tables of bots alone (the arena, tests) and tables whose people are all away do
        not wait: nobody reads there."""
        seconds = self.limits.summary_seconds
        state = room.state
        if (
            seconds <= 0
            or state is None
            or state.is_over()
            or not room.people_playing()
            or not any(isinstance(e, DealScored) for e in events)
        ):
            return
        people = tuple(s.rec.seat for s in room.seats if not s.is_bot)
        brk = Break(
            match=room.rec.match,
            version=room.version,
            events=tuple(events),
            people=people,
            seconds=seconds,
            ends=time.monotonic() + seconds,
        )
        if room.pause is not None and room.pause.task is not None:
            room.pause.task.cancel()
        room.pause = brk
        if not self.reg.closed:
            brk.task = asyncio.create_task(self._break_timer(room, brk))

    async def ready(self, room: Room, seat: int | None) -> None:
        """``seat``'s person has read the summary: the break ends when nobody is still
        reading, else everyone is told whom it still waits for."""
        if seat is None:
            return
        async with room.lock:
            brk = room.paused()
            if brk is None or seat not in brk.people or seat in brk.ready:
                return
            brk.ready.add(seat)
            if room.reading():
                await self.reg.publish(room)
            else:
                await self.end_break(room)

    async def end_break(self, room: Room) -> None:
        """End the break: every seat gets its state with its legal actions, and the bots
        and the turn timer start (the caller holds the lock)."""
        brk = room.pause
        room.pause = None
        if brk is not None and brk.task is not None and brk.task is not asyncio.current_task():
            brk.task.cancel()
        await self.reg.publish(room)
        self.reg.kick(room)

    async def _break_timer(self, room: Room, brk: Break) -> None:
        await asyncio.sleep(brk.seconds)
        async with room.lock:
            if room.pause is brk:
                await self.end_break(room)

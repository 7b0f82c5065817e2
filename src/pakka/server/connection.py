"""The WebSocket connection: one client at one table, its reader and its writer.

:class:`Connections` opens a connection: the client's first message says who it is
(``auth``, with its seat token or none to watch: tokens never travel in URLs, which are
logged), then it is subscribed to its table's updates and given its snapshot.
:class:`Connection` reads the client's messages (rate-limited, each parsed into its model)
and writes the table's updates for its audience; a client that does not read is closed
after a send timeout, and one whose person left the seat is closed at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import Counter, OrderedDict
from typing import Any
from urllib.parse import urlsplit

from fastapi import WebSocket, WebSocketDisconnect
from sqlalchemy import exc as sa_exc
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketState

from pakka.errors import IllegalAction, NotationError, PakkaError
from pakka.server import frames, practice
from pakka.server import protocol as P
from pakka.server.audit import Audit
from pakka.server.limits import Limits, RateLimit, Refused, TokenBucket
from pakka.server.metrics import Metrics
from pakka.server.play import Paused, Play
from pakka.server.pubsub import Subscription, dumps
from pakka.server.registry import RoomRegistry
from pakka.server.room import SPECTATOR, Room, RoomError

log = logging.getLogger("pakka.server")


CLOSE_BAD_START = 4400
"""Close code: the first message was not ``auth``, or a token came in the URL."""
CLOSE_NOT_SEATED = 4403
CLOSE_NO_TABLE = 4404
CLOSE_NO_AUTH = 4408
"""Close code: no ``auth`` message within ``Limits.auth_seconds``."""
CLOSE_TOO_MANY = 4429
"""Close code: the address or the seat holds as many sockets as it may."""
CLOSE_RESEATED = 4409
"""Close code: your token now holds another seat of this table (a practice deal from
another seat): connect again to play it."""
CLOSE_RESTARTING = 1012
"""Close code (IANA "service restart"): the server is stopping; reconnect."""
SEEN_SEATS = 10_000
"""Seats remembered as having connected, for the audit log's reconnects."""


class Connections:
    """Opening connections: who the client is, then attaching it to its room (and
    detaching it), with the counts a room shows."""

    def __init__(
        self,
        reg: RoomRegistry,
        play: Play,
        limits: Limits,
        metrics: Metrics,
        audit: Audit,
        origins: tuple[str, ...] = (),
    ) -> None:
        self.origins = {o.lower().rstrip("/") for o in origins}
        """Origins besides the server's own whose pages may open sockets here."""
        self.reg = reg
        self.play = play
        self.limits = limits
        self.metrics = metrics
        self.audit = audit
        self.open: set[Connection] = set()
        self.by_address: Counter[str] = Counter()
        self._seen: OrderedDict[tuple[str, int], None] = OrderedDict()
        """Seats that have connected here (the next socket is a reconnect)."""
        self.connects = RateLimit(
            "connect_rate", "new sockets", limits.connects_per_minute, limits.connect_burst
        )
        self.messages = RateLimit(
            "address_message_rate",
            "messages",
            60 * limits.address_messages_per_second,
            limits.address_message_burst,
            per_second=True,
        )
        """Messages per client address, on all its sockets together."""

    def admit(self, client: HTTPConnection) -> Refused | None:
        """Why a new socket from ``client`` is refused, if it is: a page of another site,
        a draining server, too many new or open sockets from its address.  Asked before
        the upgrade and before routing (:class:`pakka.server.middleware.SocketGate`):
        refusing a flood of sockets there costs the least."""
        origin = client.headers.get("origin")
        if origin is not None and not self._allowed(origin, client.headers.get("host", "")):
            return Refused("origin", f"pages from {origin[:100]} may not open sockets here", 3600)
        if self.reg.draining:
            return Refused("restarting", "the server is restarting", retry_after=5.0)
        address = client.client.host if client.client is not None else "unknown"
        try:
            self.connects.take(address)
        except Refused as exc:
            return exc
        if self.by_address[address] >= self.limits.sockets_per_address:
            return Refused(
                "sockets_per_address",
                f"your address holds {self.by_address[address]} sockets here, the most "
                "it may; close one first",
                retry_after=10.0,
            )
        return None

    async def serve(self, ws: WebSocket, table_id: str, address: str) -> None:
        """The whole life of one socket at ``table_id`` from a client at ``address``
        (admitted already: :meth:`admit`)."""
        self.by_address[address] += 1
        try:
            await ws.accept()
            await self._serve(ws, table_id, address)
        finally:  # whatever happened, the socket no longer counts
            self.by_address[address] -= 1
            if not self.by_address[address]:
                del self.by_address[address]

    def _allowed(self, origin: str, host: str) -> bool:
        """A browser says which page opens a socket: this server's own (its host), or
        one of ``origins``.  Another site's page must not play with its visitors' seats.
        (Clients that are not browsers send no ``Origin``.)"""
        origin = origin.lower().rstrip("/")
        return urlsplit(origin).netloc == host.lower() or origin in self.origins

    async def _serve(self, ws: WebSocket, table_id: str, address: str) -> None:
        if "token" in ws.query_params:
            await _refuse(
                ws,
                "bad_message",
                "seat tokens are not taken in the URL (URLs are logged); send "
                '{"type": "auth", "token": "..."} as the first message',
                CLOSE_BAD_START,
            )
            return
        try:
            first = await asyncio.wait_for(ws.receive(), self.limits.auth_seconds)
        except TimeoutError:
            await _refuse(
                ws,
                "bad_message",
                f"no auth message within {self.limits.auth_seconds:g} s",
                CLOSE_NO_AUTH,
            )
            return
        if first["type"] == "websocket.disconnect":
            return
        try:
            msg = P.parse_inbound(first.get("text") or first.get("bytes") or b"")
        except P.WireError as exc:
            await _refuse(ws, exc.code, str(exc), CLOSE_BAD_START)
            return
        if not isinstance(msg, P.AuthMsg):
            await _refuse(
                ws,
                "bad_message",
                'the first message must be {"type": "auth", "token": ...} (token null to watch)',
                CLOSE_BAD_START,
            )
            return
        try:
            room = await self.reg.get(table_id)
            seat = room.seat_of(msg.token)
        except RoomError as exc:
            if exc.status == 403:  # a wrong or expired token: worth a line in the audit log
                self.refused(ws, Refused("not_seated", str(exc)), table=table_id)
                await _refuse(ws, "not_seated", str(exc), CLOSE_NOT_SEATED)
            else:
                await _refuse(ws, "bad_message", str(exc), CLOSE_NO_TABLE)
            return
        if seat is not None and room.seats[seat].connections >= self.limits.sockets_per_seat:
            full = Refused(
                "sockets_per_seat",
                f"seat {seat} is open on {room.seats[seat].connections} sockets here, the most "
                "it may; close one first",
                retry_after=10.0,
            )
            self.refused(ws, full, table=room.id)
            await _refuse(ws, "rate_limited", str(full), CLOSE_TOO_MANY, full.retry_after)
            return
        sub, opening = await self.attach(room, seat, msg.lang)
        # counted in: from here on every way out goes through detach, which counts it out
        conn = Connection(ws, self, room, seat, sub, msg.lang, address)
        try:
            self.open.add(conn)
            if seat is not None:
                event = "reconnect" if (room.id, seat) in self._seen else "connect"
                self._seen[(room.id, seat)] = None
                self._seen.move_to_end((room.id, seat))
                while len(self._seen) > SEEN_SEATS:
                    self._seen.popitem(last=False)
                name = room.seats[seat].rec.name
                self.audit.record(event, ws, table=room.id, seat=seat, name=name)
            for frame in opening:
                await conn.send(frame)
            await conn.run()
        except (WebSocketDisconnect, TimeoutError):
            pass
        finally:
            self.open.discard(conn)
            await self.detach(room, seat, sub, msg.lang)

    async def attach(
        self, room: Room, seat: int | None, lang: str = "en"
    ) -> tuple[Subscription, list[dict[str, Any]]]:
        """Subscribe a new connection and give it its snapshot (atomically, under the lock).

        A reconnect is just this: the current projection for the seat, rebuilt from the
        replayed state, then every later update.
        """
        reg = self.reg
        audience = SPECTATOR if seat is None else str(seat)
        await reg.pubsub.ready(room.channel)
        async with room.lock:
            await reg.catch_up(room)
            sub = reg.pubsub.subscribe(room.channel)
            room.listen(audience, lang, 1)
            if seat is None:
                room.spectators += 1
            else:
                room.seats[seat].connections += 1
            try:
                return sub, await self._opening(room, seat, lang)
            except BaseException as exc:
                # counted out again: a socket that failed while it opened (a bug making its
                # first frames) must not hold a place among its seat's sockets for good
                reg.pubsub.unsubscribe(room.channel, sub)
                room.listen(audience, lang, -1)
                if seat is None:
                    room.spectators -= 1
                else:
                    room.seats[seat].connections -= 1
                    if isinstance(exc, Exception):
                        with contextlib.suppress(Exception):
                            await reg.announce(room)
                raise

    async def _opening(self, room: Room, seat: int | None, lang: str) -> list[dict[str, Any]]:
        """A new connection's first frames (the caller holds the lock and has counted it
        in): its seat is back, its bots may play, the table and the state as they are."""
        reg = self.reg
        out = [frames.hello(room.id, seat, None if seat is None else room.seats[seat].rec.name)]
        if seat is not None:
            s = room.seats[seat]
            room.visited = True
            if s.away:
                s.away = False
                reg.kick(room)
            else:  # bots that waited for their people to come back play on
                reg.wake(room)
            await reg.announce(room)
        await reg.start_full(room)  # a start that failed when its last seat was taken
        out.append(frames.table(room.info()))
        if room.state is not None:
            out.append(room.snapshot(seat, lang))
        return out

    async def detach(self, room: Room, seat: int | None, sub: Subscription, lang: str) -> None:
        """Count a connection out (in a ``finally``: whatever ended it)."""
        self.reg.pubsub.unsubscribe(room.channel, sub)
        room.listen(SPECTATOR if seat is None else str(seat), lang, -1)
        if seat is None:
            room.spectators -= 1
        else:
            room.seats[seat].connections -= 1  # at once, even if the lock never comes
            async with room.lock:
                await self.reg.announce(room)
        self.reg.forget(room)

    async def close_all(self) -> None:
        """Tell every client here that the server is restarting, and close its socket
        (1012: service restart; clients reconnect)."""
        for conn in list(self.open):
            await conn.bye()

    def refused(self, client: HTTPConnection, refused: Refused, **fields: Any) -> None:
        """Count a refusal and write it to the audit log."""
        self.metrics.refusals.labels(refused.reason).inc()
        self.audit.refused(client, refused.reason, **fields)


async def _refuse(
    ws: WebSocket, code: P.ErrorCode, message: str, close: int, retry_after: float | None = None
) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await ws.send_json(frames.error(code, message, retry_after=retry_after))
        await ws.close(code=close)


class Connection:
    """One client's socket: a reader (its messages) and a writer (its table's updates)."""

    def __init__(
        self,
        ws: WebSocket,
        hub: Connections,
        room: Room,
        seat: int | None,
        sub: Subscription,
        lang: str = "en",
        address: str = "",
    ) -> None:
        self.ws = ws
        self.lang = lang
        self.address = address
        self.hub = hub
        self.play = hub.play
        self.limits = hub.limits
        self.room = room
        self.seat = seat
        self.sub = sub
        self.audience = SPECTATOR if seat is None else str(seat)
        self._send_lock = asyncio.Lock()
        self.bucket = TokenBucket(self.limits.messages_per_second, self.limits.message_burst)
        self.strikes = 0
        """Messages refused for the rate since the bucket was last half full."""

    async def send(self, frame: dict[str, Any]) -> None:
        await self.send_text(dumps(frame))

    async def send_text(self, text: str) -> None:
        """Send one frame, or raise :class:`TimeoutError` when the client has not taken it
        within ``Limits.send_seconds`` (it does not read: the connection ends)."""
        async with self._send_lock:
            await asyncio.wait_for(self.ws.send_text(text), self.limits.send_seconds)

    async def run(self) -> None:
        reader = asyncio.create_task(self._read())
        writer = asyncio.create_task(self._write())
        try:
            done, _ = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                failure = None if task.cancelled() else task.exception()
                if isinstance(failure, TimeoutError):
                    log.info("closed a connection to table %s that did not read", self.room.id)
                elif failure is not None and not isinstance(failure, WebSocketDisconnect):
                    log.error("connection to table %s failed", self.room.id, exc_info=failure)
        finally:
            for task in (reader, writer):
                task.cancel()
                with contextlib.suppress(
                    asyncio.CancelledError, WebSocketDisconnect, RuntimeError, TimeoutError
                ):
                    await task  # its failure, if any, was logged above
            if self.ws.application_state == WebSocketState.CONNECTED:
                with contextlib.suppress(RuntimeError, WebSocketDisconnect, TimeoutError):
                    await asyncio.wait_for(self.ws.close(), self.limits.send_seconds)

    async def bye(self) -> None:
        """The server is going: say so and close (quietly if the client is gone)."""
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, TimeoutError):
            await self.send(
                frames.error("restarting", "the server is restarting; reconnect in a moment")
            )
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, TimeoutError):
            await asyncio.wait_for(self.ws.close(code=CLOSE_RESTARTING), 1.0)

    async def _write(self) -> None:
        while True:
            update = await self.sub.get()
            if update is None:  # fell too far behind: the client reconnects
                return
            if self.seat is not None and self.seat in update.revoked:
                await self.send(
                    frames.error("not_seated", f"seat {self.seat} was given up; you can watch")
                )
                await self.ws.close(code=CLOSE_NOT_SEATED)
                return
            if self.seat is not None and self.seat in update.reseated:
                await self.ws.close(code=CLOSE_RESEATED, reason="your seat moved: connect again")
                return
            for text in update.texts_for(self.audience, self.lang):
                await self.send_text(text)

    async def _read(self) -> None:
        while True:
            message = await self.ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            rate, burst = self.limits.messages_per_second, self.limits.message_burst
            if not self.bucket.take():
                over = Refused(
                    "message_rate",
                    f"too many messages: the limit is {rate:g} a second (bursts of {burst})",
                    1 / rate if rate > 0 else 1.0,
                )
                if await self._struck(over):
                    return
                continue
            try:  # and the budget of its address, whatever its sockets
                self.hub.messages.take(self.address)
            except Refused as exc:
                if await self._struck(exc):
                    return
                continue
            if self.bucket.tokens >= burst / 2:
                self.strikes = 0  # the client has slowed down: forgiven
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            try:
                await self._handle(raw)
            except Refused as exc:  # a hint asked for too soon
                # answered late, like a refused socket: a client that asks again as soon as
                # it is refused then asks once a ``refusal_delay``, not as fast as it can
                await asyncio.sleep(min(exc.retry_after, self.limits.refusal_delay))
                if await self._struck(exc):
                    return
            except Exception:  # a bug: say so, keep the socket, and leave a trace
                log.exception("message at table %s failed", self.room.id)
                await self.error(
                    "unavailable",
                    "the server could not handle this message (nothing changed); try again",
                    self._legal(),
                )

    async def _struck(self, refused: Refused) -> bool:
        """Refuse one message (it changed nothing; ``rate_limited`` says when to retry),
        and close the socket (True) when the client has been refused
        ``Limits.message_strikes`` times without slowing down.  Refusals are counted; only
        the closing one is written to the audit log (a flood would flood it)."""
        self.strikes += 1
        self.hub.metrics.refusals.labels(refused.reason).inc()
        if self.strikes < self.limits.message_strikes:
            await self.error(
                "rate_limited",
                f"{refused}; this message was dropped, nothing changed",
                retry_after=refused.retry_after,
            )
            return False
        out = Refused("message_strikes", f"{self.strikes} messages refused in a row")
        self.hub.refused(self.ws, out, table=self.room.id, seat=self.seat)
        await self.error(
            "rate_limited",
            f"{refused}; {self.strikes} messages refused without slowing down: disconnected",
        )
        await self.ws.close(code=1008)
        return True

    async def error(
        self,
        code: P.ErrorCode,
        message: str,
        legal: list[dict[str, Any]] | None = None,
        retry_after: float | None = None,
    ) -> None:
        """Send an error; it names the state whose legal actions apply (the client has
        it), and lists them only when given (``unavailable``)."""
        position = None if self.room.state is None else (self.room.rec.match, self.room.version)
        await self.send(frames.error(code, message, legal, retry_after, position))

    async def _select(self, msg: P.SelectMsg) -> None:
        """Tell the sender what its chosen cards mean (nothing changes)."""
        state = self.room.state
        if state is None or self.seat is None:
            code: P.ErrorCode = "not_seated" if self.seat is None else "not_started"
            await self.error(code, "only a seated player of a running match selects cards")
            return
        try:
            frame = frames.selection(
                state, self.seat, self.room.version, msg, self.lang, self.room.names(self.lang)
            )
        except NotationError as exc:
            await self.error("bad_message", f"bad select message: {exc}")
            return
        await self.send(frame)

    async def _summaries(self) -> None:
        """Send the sender every deal summary of the match so far (nothing changes)."""
        room = self.room
        async with room.lock:
            state = room.state
            if state is None:
                await self.error("not_started", "the match has not started yet")
                return
            frame = frames.summaries(
                state,
                self.seat,
                room.rec.match,
                room.deal_ends(),
                self.lang,
                room.names(self.lang),
            )
        await self.send(frame)

    def _legal(self) -> list[dict[str, Any]]:
        state = self.room.state
        if state is None or self.seat is None:
            return []
        return [a.to_json() for a in state.legal_actions(self.seat)]

    async def _handle(self, raw: str | bytes) -> None:
        try:
            msg = P.parse_inbound(raw)
        except P.WireError as exc:
            await self.error(exc.code, str(exc))
            return
        if self.hub.reg.draining and not isinstance(msg, P.PingMsg):
            await self.error("restarting", "the server is restarting; nothing changed")
        elif isinstance(msg, P.AuthMsg):
            await self.error(
                "bad_message", "this socket is already open for you; open another to switch"
            )
        elif isinstance(msg, P.PingMsg):
            await self.send(frames.pong())
        elif isinstance(msg, P.HintMsg):
            reply = await self.play.hint(self.room, self.seat, msg.lang, self.address)
            await self.send(frames.hint(reply))
        elif isinstance(msg, P.SelectMsg):
            await self._select(msg)
        elif isinstance(msg, P.ReadyMsg):
            await self.play.ready(self.room, self.seat)
        elif isinstance(msg, P.SummariesMsg):
            await self._summaries()
        elif isinstance(msg, P.PracticeMsg):
            await practice.handle(self, msg)
        else:
            try:
                await self.play.act(self.room, self.seat, msg.action)
            except IllegalAction as exc:
                await self.error("illegal", self._illegal(exc, msg.version))
            except Paused as exc:
                await self.error("paused", str(exc))
            except RoomError as exc:
                code: P.ErrorCode = "not_seated" if exc.status == 403 else "not_started"
                await self.error(code, str(exc))
            except PakkaError as exc:  # a game's reader raising another error of the family
                await self.error("illegal", str(exc))
            except sa_exc.SQLAlchemyError as exc:  # storage locked or down: nothing applied
                self.hub.metrics.database_errors.labels("action").inc()
                log.warning("action at table %s not stored: %s", self.room.id, exc)
                await self.error(
                    "unavailable",
                    "the database could not store this action, so nothing changed; "
                    "try again in a moment",
                    self._legal(),
                )
            except Exception:  # a bug: nothing was applied
                log.exception("action at table %s failed", self.room.id)
                await self.error(
                    "unavailable",
                    "the server could not take this action (nothing changed); try again",
                    self._legal(),
                )

    def _illegal(self, exc: IllegalAction, seen: int | None) -> str:
        """The engine's message, short: the legal actions are named by the version of the
        state that lists them (the client has it), never listed again (a Guandan lead
        has hundreds: a 99-byte message was answered with 25 KB)."""
        reason = exc.reason
        if seen is not None and seen != self.room.version:
            reason += f" (you saw version {seen}; the table has moved on to {self.room.version})"
        text = str(IllegalAction(self.seat, _shown(exc.action), reason))
        state = self.room.state
        version = self.room.version
        if exc.legal:
            n = len(exc.legal)
            text += f"; legal: the {n} action{'s' if n != 1 else ''} of version {version}"
        elif state is not None and self.seat in state.to_act():
            text += f"; legal: the actions of version {version}"
        return text


def _shown(action: Any) -> Any:
    """An action as the error message names it (its notation, or the JSON that came in)."""
    if isinstance(action, dict):
        return json.dumps(action, separators=(",", ":"))[:200]
    return action

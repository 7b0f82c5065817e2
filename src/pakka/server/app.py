"""The FastAPI application: REST lobby, one WebSocket per client, and the static web client.

``create_app(settings)`` builds a fresh app; its lifespan opens the database (running the
migrations), restores the tables in play and, on the way out, cancels every room task.
The OpenAPI description is served at ``/openapi.json`` and ``/docs``; the WebSocket
protocol is in ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import exc as sa_exc
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketState

import pakka
import pakka.games
from pakka import rulebook
from pakka.engine import State
from pakka.errors import IllegalAction, PakkaError
from pakka.server import protocol as P
from pakka.server.pubsub import PubSubBackend, Subscription, backend_from_url
from pakka.server.rooms import SPECTATOR, Room, RoomError, RoomRegistry, game_meta
from pakka.server.storage import Storage, sqlite_url

log = logging.getLogger("pakka.server")

Auth = Annotated[str | None, Header(description="Bearer <seat token>")]
"""The ``Authorization: Bearer <seat token>`` header of the seat-changing requests."""

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


def default_db_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("pakka", appauthor=False)) / "pakka.sqlite3"


@dataclass
class Settings:
    db_url: str | None = None
    """SQLAlchemy URL; ``None`` = SQLite in the user's data directory."""
    bot_delay: float | None = None
    """Seconds between bot moves for every table (``None``: each table's own setting)."""
    docs_dir: Path | None = None
    """A directory whose ``rules/`` replaces the packaged rules texts (see :mod:`pakka.rulebook`)."""
    pubsub: PubSubBackend | None = None
    pubsub_url: str | None = None
    """``redis://host:port/db`` to share table updates between processes (default: memory)."""
    tune_gc: bool = False
    """Freeze the objects alive after startup out of the garbage collector's sight and
    collect less often (:func:`tune_gc`); ``pakka serve`` sets it, embedders and tests need not."""

    def database_url(self) -> str:
        if self.db_url:
            return self.db_url
        path = default_db_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return sqlite_url(path)


MAX_BODY_BYTES = 65_536
"""Largest REST request body; a table's whole setup is far below this."""


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, before anything reads them."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            length = dict(scope["headers"]).get(b"content-length", b"0")
            chunked = b"chunked" in dict(scope["headers"]).get(b"transfer-encoding", b"")
            if chunked or not length.isdigit() or int(length) > self.limit:
                response = JSONResponse(
                    {"detail": f"request bodies are limited to {self.limit} bytes, with a length"},
                    status_code=413,
                )
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


class _Replays:
    """A few replay states kept warm so stepping forward does not replay from the start."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self.cache: OrderedDict[tuple[str, int], tuple[State, int]] = OrderedDict()

    def at(self, key: tuple[str, int], record: dict[str, Any], step: int) -> State:
        game = pakka.games.get(record["game"])
        cached = self.cache.pop(key, None)
        if cached is not None and cached[1] <= step:
            state, done = cached
        else:
            state = game.new_match(
                players=record["players"], options=record["options"], seed=record["seed"]
            )
            done = 0
        for item in record["actions"][done:step]:
            state.apply(item["seat"], game.action_from_json(item["action"]))
        self.cache[key] = (state, step)
        while len(self.cache) > self.size:
            self.cache.popitem(last=False)
        return state


GC_THRESHOLD = (20_000, 20, 20)
"""Young-generation threshold and the two older ones while serving (CPython's are 700, 10, 10)."""


def tune_gc() -> None:
    """Shorten and space out the collector's pauses for a long-running server.

    After startup (imports, FastAPI, SQLAlchemy, pydantic schemas: hundreds of thousands of
    objects that live as long as the process) ``gc.freeze()`` moves everything alive into
    the permanent generation, so a full collection no longer walks them: it was the longest
    pause of the event loop under load.  A higher young threshold means fewer collections
    (the per-action frames die young, before most collections see them).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    replays = _Replays()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(settings.database_url())
        pubsub = settings.pubsub or backend_from_url(settings.pubsub_url)
        registry = RoomRegistry(storage, pubsub, settings.bot_delay)
        app.state.registry = registry
        try:
            await registry.resume()
            if settings.tune_gc:
                tune_gc()
            yield
        finally:
            await registry.close()
            await pubsub.close()
            storage.close()

    app = FastAPI(
        title="pakka",
        version=pakka.__version__,
        summary="Play Anarchy, Pentagrammi, Norlanninnakki and Guandan in the browser.",
        description=(
            "REST lobby for creating, joining and watching tables. Play happens on one "
            "WebSocket per client, `/ws/tables/{id}?token=...`, described in docs/protocol.md "
            f"(protocol version {P.PROTOCOL_VERSION}). Seat tokens go in "
            "`Authorization: Bearer <token>`."
        ),
        lifespan=lifespan,
    )

    app.add_middleware(BodyLimit)

    @app.exception_handler(sa_exc.SQLAlchemyError)
    async def _storage_error(request: Request, exc: sa_exc.SQLAlchemyError) -> JSONResponse:
        log.warning("%s %s: database error: %s", request.method, request.url.path, exc)
        return JSONResponse(
            {"detail": "the database is busy or unavailable; nothing changed, try again"},
            status_code=503,
            headers={"Retry-After": "1"},
        )

    @app.exception_handler(RoomError)
    async def _room_error(request: Request, exc: RoomError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=exc.status)

    def registry_of(request: Request | WebSocket) -> RoomRegistry:
        reg: RoomRegistry = request.app.state.registry
        return reg

    def bearer(authorization: str | None) -> str | None:
        if not authorization:
            return None
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise RoomError(401, "send the seat token as 'Authorization: Bearer <token>'")
        return token.strip()

    api = APIRouter(prefix="/api")

    def rule_langs(name: str) -> list[str]:
        return rulebook.languages(name, settings.docs_dir)

    @api.get("", summary="Server and protocol version")
    async def about() -> dict[str, Any]:
        return {
            "pakka": pakka.__version__,
            "protocol": P.PROTOCOL_VERSION,
            "games": pakka.games.names(),
        }

    @api.get("/games", summary="The registered games, their player counts and options")
    async def games() -> list[P.GameMeta]:
        return [game_meta(pakka.games.get(n), rule_langs(n)) for n in pakka.games.names()]

    @api.get("/games/{name}", summary="One game")
    async def one_game(name: str) -> P.GameMeta:
        try:
            game = pakka.games.get(name)
        except PakkaError as exc:
            raise RoomError(404, str(exc)) from None
        return game_meta(game, rule_langs(name))

    @api.get("/games/{name}/rules", summary="The rules as Markdown (lang: en or fi)")
    async def rules(name: str, lang: str = "en") -> dict[str, str]:
        if name not in pakka.games.names():
            raise RoomError(404, f"unknown game {name!r}")
        found = rulebook.read(name, lang, settings.docs_dir)
        if found is None:
            raise RoomError(404, f"no rules text for {name} on this server yet")
        chosen, markdown = found
        return {"game": name, "lang": chosen, "markdown": markdown}

    @api.get("/tables", summary="Public tables (status=open: the ones with free seats)")
    async def list_tables(
        request: Request, status: P.TableStatus | None = "open"
    ) -> list[P.TableView]:
        reg = registry_of(request)
        out = []
        for rec in reg.storage.list_tables(status):
            room = reg.rooms.get(rec.id)
            if room is not None:
                out.append(room.view())
                continue
            try:
                out.append(Room(rec, pakka.games.get(rec.game)).view())
            except PakkaError as exc:  # a game this server no longer has, or old options
                log.warning("table %s is not listed: %s", rec.id, exc)
        return out

    @api.post("/tables", status_code=201, summary="Create a table (and sit at it with a name)")
    async def create_table(request: Request, body: P.CreateTable) -> P.Joined:
        reg = registry_of(request)
        kinds = None if body.seats is None else [(s.kind, s.level) for s in body.seats]
        room = await reg.create(
            body.game,
            body.players,
            body.options,
            kinds,
            body.public,
            body.turn_seconds,
            body.bot_delay,
        )
        seat = token = None
        if body.name is not None:
            seat, token = await reg.join(room, body.name, None)
        else:
            await reg.start_if_full(room)
        return P.Joined(table=room.view(), seat=seat, token=token)

    @api.get("/tables/{table_id}", summary="A table's seats and status")
    async def get_table(request: Request, table_id: str) -> P.TableView:
        return (await registry_of(request).get(table_id)).view()

    @api.get("/invites/{code}", summary="The table an invite code points to")
    async def invite(request: Request, code: str) -> P.TableView:
        reg = registry_of(request)
        table_id = reg.storage.find_code(code[:16])
        if table_id is None:
            raise RoomError(404, f"no table has the invite code {code!r}")
        return (await reg.get(table_id)).view()

    @api.post("/tables/{table_id}/join", summary="Take a free seat; keep the token secret")
    async def join(request: Request, table_id: str, body: P.JoinTable) -> P.Joined:
        reg = registry_of(request)
        room = await reg.get(table_id)
        seat, token = await reg.join(room, body.name, body.seat)
        return P.Joined(table=room.view(), seat=seat, token=token)

    @api.post("/tables/{table_id}/start", summary="Start the match (every seat must be taken)")
    async def start(request: Request, table_id: str, authorization: Auth = None) -> P.TableView:
        reg = registry_of(request)
        room = await reg.get(table_id)
        if room.seat_of(bearer(authorization)) is None:
            raise RoomError(403, "only a seated player can start the table")
        await reg.start(room)
        return room.view()

    @api.post("/tables/{table_id}/rematch", summary="Play again with the same seats")
    async def rematch(request: Request, table_id: str, authorization: Auth = None) -> P.TableView:
        reg = registry_of(request)
        room = await reg.get(table_id)
        await reg.rematch(room, room.seat_of(bearer(authorization)))
        return room.view()

    @api.post("/tables/{table_id}/leave", summary="Give up your seat (a bot takes over in play)")
    async def leave(request: Request, table_id: str, authorization: Auth = None) -> P.TableView:
        reg = registry_of(request)
        room = await reg.get(table_id)
        await reg.leave(room, room.seat_of(bearer(authorization)))
        return room.view()

    @api.get("/tables/{table_id}/state", summary="Your current view (the WebSocket's snapshot)")
    async def state(request: Request, table_id: str, authorization: Auth = None) -> P.StateMsg:
        room = await registry_of(request).get(table_id)
        seat = room.seat_of(bearer(authorization))
        if room.state is None:
            raise RoomError(409, "the match has not started yet")
        async with room.lock:
            return P.StateMsg.model_validate(room.state_msg(seat))

    @api.get("/tables/{table_id}/matches", summary="The matches played at this table")
    async def list_matches(request: Request, table_id: str) -> list[P.MatchSummary]:
        reg = registry_of(request)
        await reg.get(table_id)
        out = []
        for n in reg.storage.match_numbers(table_id):
            m = reg.storage.match(table_id, n)
            assert m is not None
            out.append(
                P.MatchSummary(
                    number=n, actions=len(m.actions), over=m.result is not None, result=m.result
                )
            )
        return out

    @api.get(
        "/tables/{table_id}/matches/{number}/replay",
        summary="A finished match, step by step (seat: see that seat's hand; default spectator)",
    )
    async def replay(
        request: Request,
        table_id: str,
        number: Annotated[int, PathParam(ge=1, le=2**31 - 1)],
        step: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
        seat: Annotated[int | None, Query(ge=0, le=9)] = None,
    ) -> P.ReplayStep:
        reg = registry_of(request)
        room = await reg.get(table_id)
        m = reg.storage.match(table_id, number)
        if m is None:
            raise RoomError(404, f"table {table_id} has no match {number}")
        if m.result is None:
            raise RoomError(409, "a match can be replayed once it is over")
        if seat is not None and seat >= room.rec.players:
            raise RoomError(422, f"there is no seat {seat}")
        step = min(step, len(m.actions))
        record = {
            "game": room.rec.game,
            "players": room.rec.players,
            "options": room.rec.options,
            "seed": m.seed,
            "actions": m.actions,
        }
        st = await asyncio.to_thread(replays.at, (table_id, number), record, step)
        last = m.actions[step - 1] if step else None
        return P.ReplayStep(
            table=table_id,
            match=number,
            step=step,
            steps=len(m.actions),
            seat=seat,
            action=None if last is None else last["action"],
            actor=None if last is None else last["seat"],
            observation=st.observation(seat),
        )

    app.include_router(api)

    @app.get("/join/{code}", include_in_schema=False)
    async def join_link(request: Request, code: str) -> RedirectResponse:
        table_id = registry_of(request).storage.find_code(code[:16])
        if table_id is None:
            return RedirectResponse(f"/?missing={code[:16]}")
        return RedirectResponse(f"/table.html?id={table_id}")

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        reg = registry_of(websocket)
        try:
            room = await reg.get(table_id)
            seat = room.seat_of(token)
        except RoomError as exc:
            code: P.ErrorCode = "not_seated" if exc.status == 403 else "bad_message"
            await websocket.send_json(P.ErrorMsg(code=code, message=str(exc)).model_dump())
            await websocket.close(code=4403 if exc.status == 403 else 4404)
            return
        sub, frames = await reg.attach(room, seat)
        conn = _Connection(websocket, reg, room, seat, sub)
        try:
            for frame in frames:
                await conn.send(frame)
            await conn.run()
        finally:
            await reg.detach(room, seat, sub)

    if WEB_DIR.is_dir():
        app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
    return app


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; :meth:`take` is False when empty."""

    def __init__(self, rate: float, burst: float, clock: Any = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class _Connection:
    """One client's socket: a reader (its messages) and a writer (its table's updates)."""

    def __init__(
        self, ws: WebSocket, reg: RoomRegistry, room: Room, seat: int | None, sub: Subscription
    ) -> None:
        self.ws = ws
        self.reg = reg
        self.room = room
        self.seat = seat
        self.sub = sub
        self.audience = SPECTATOR if seat is None else str(seat)
        self._send_lock = asyncio.Lock()
        self.bucket = TokenBucket(P.RATE_PER_SECOND, P.RATE_BURST)
        self.strikes = 0
        """Messages refused for the rate since the bucket was last half full."""

    async def send(self, frame: dict[str, Any]) -> None:
        async with self._send_lock:
            await self.ws.send_json(frame)

    async def run(self) -> None:
        reader = asyncio.create_task(self._read())
        writer = asyncio.create_task(self._write())
        try:
            await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (reader, writer):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                    await task
            if self.ws.application_state == WebSocketState.CONNECTED:
                with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                    await self.ws.close()

    async def _write(self) -> None:
        while True:
            update = await self.sub.get()
            if update is None:  # fell too far behind: the client reconnects
                return
            for text in update.texts_for(self.audience):
                async with self._send_lock:
                    await self.ws.send_text(text)

    async def _read(self) -> None:
        while True:
            message = await self.ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            if not self.bucket.take():
                self.strikes += 1
                if self.strikes >= P.RATE_STRIKES:
                    await self.error(
                        "rate_limited",
                        f"{self.strikes} messages over the limit of {P.RATE_PER_SECOND:g} "
                        f"a second (bursts of {P.RATE_BURST}): disconnected",
                    )
                    await self.ws.close(code=1008)
                    return
                await self.error(
                    "rate_limited",
                    f"too many messages: the limit is {P.RATE_PER_SECOND:g} a second "
                    f"(bursts of {P.RATE_BURST}); this one was dropped, nothing changed",
                )
                continue
            if self.bucket.tokens >= P.RATE_BURST / 2:
                self.strikes = 0  # the client has slowed down: forgiven
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            await self._handle(raw)

    async def error(
        self, code: P.ErrorCode, message: str, legal: list[dict[str, Any]] | None = None
    ) -> None:
        await self.send(
            P.ErrorMsg(code=code, message=message, legal_actions=legal or []).model_dump()
        )

    def _legal(self) -> list[dict[str, Any]]:
        state = self.room.state
        if state is None or self.seat is None:
            return []
        return [a.to_json() for a in state.legal_actions(self.seat)]

    async def _handle(self, raw: str | bytes) -> None:
        try:
            msg = P.parse_inbound(raw)
        except P.WireError as exc:
            await self.error(exc.code, str(exc), self._legal())
            return
        if isinstance(msg, P.PingMsg):
            await self.send(P.PongMsg().model_dump())
        elif isinstance(msg, P.HintMsg):
            reply = await self.reg.hint(self.room, self.seat, msg.lang)
            await self.send(reply.model_dump())
        else:
            try:
                await self.reg.act(self.room, self.seat, msg.action)
            except IllegalAction as exc:
                legal = exc.legal or (
                    self.room.state.legal_actions(self.seat)
                    if self.room.state is not None and self.seat is not None
                    else []
                )
                reason = exc.reason
                if msg.version is not None and msg.version != self.room.version:
                    reason += (
                        f" (you saw version {msg.version}; the table has moved on to "
                        f"{self.room.version})"
                    )
                told = IllegalAction(self.seat, _shown(exc.action), reason, legal)
                await self.error("illegal", str(told), [a.to_json() for a in legal])
            except RoomError as exc:
                code: P.ErrorCode = "not_seated" if exc.status == 403 else "not_started"
                await self.error(code, str(exc), self._legal())
            except PakkaError as exc:  # a game's reader raising another error of the family
                await self.error("illegal", str(exc), self._legal())
            except sa_exc.SQLAlchemyError as exc:  # storage locked or down: nothing applied
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


def _shown(action: Any) -> Any:
    """An action as the error message names it (its notation, or the JSON that came in)."""
    if isinstance(action, dict):
        import json

        return json.dumps(action, separators=(",", ":"))[:200]
    return action

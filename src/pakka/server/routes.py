"""The HTTP routes: the REST lobby under ``/api``, health, readiness and metrics, invite
links and the WebSocket endpoint."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST

import pakka
import pakka.games
from pakka import rulebook
from pakka.errors import PakkaError
from pakka.i18n import catalogue
from pakka.present import presenter
from pakka.server import names
from pakka.server import protocol as P
from pakka.server.gamemeta import game_meta
from pakka.server.replays import replay_record
from pakka.server.room import Room, RoomError
from pakka.server.services import Services

log = logging.getLogger("pakka.server")

READY_SECONDS = 2.0
"""How long ``/readyz`` waits for the database and the pub/sub before saying not ready."""

Auth = Annotated[str | None, Header(description="Bearer <seat token>")]
Lang = Literal["en", "fi"]
"""The ``Authorization: Bearer <seat token>`` header of the seat-changing requests."""


def services(request: Request | WebSocket) -> Services:
    found: Services = request.app.state.services
    return found


def address(request: Request | WebSocket) -> str:
    """The client's address (the proxy's client when uvicorn trusts the proxy's headers,
    ``pakka serve --forwarded-allow-ips``)."""
    return request.client.host if request.client is not None else "unknown"


def bearer(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise RoomError(401, "send the seat token as 'Authorization: Bearer <token>'")
    return token.strip()


api = APIRouter(prefix="/api")


def rule_langs(request: Request, name: str) -> list[str]:
    return rulebook.languages(name, services(request).settings.docs_dir)


@api.get("", summary="Server and protocol version")
async def about() -> dict[str, Any]:
    return {
        "pakka": pakka.__version__,
        "protocol": P.PROTOCOL_VERSION,
        "games": pakka.games.names(),
    }


@api.get("/i18n", summary="The catalogue of every string people see: key -> {en, fi}")
async def messages() -> dict[str, dict[str, str]]:
    return catalogue()


@api.get("/games", summary="The registered games, their player counts and options")
async def games(request: Request) -> list[P.GameMeta]:
    return [game_meta(pakka.games.get(n), rule_langs(request, n)) for n in pakka.games.names()]


@api.get("/games/{name}", summary="One game")
async def one_game(request: Request, name: str) -> P.GameMeta:
    try:
        game = pakka.games.get(name)
    except PakkaError as exc:
        raise RoomError(404, str(exc)) from None
    return game_meta(game, rule_langs(request, name))


@api.get("/games/{name}/rules", summary="The rules as Markdown (lang: en or fi)")
async def rules(request: Request, name: str, lang: str = "en") -> dict[str, str]:
    if name not in pakka.games.names():
        raise RoomError(404, f"unknown game {name!r}")
    found = rulebook.read(name, lang, services(request).settings.docs_dir)
    if found is None:
        raise RoomError(404, f"no rules text for {name} on this server yet")
    chosen, markdown = found
    return {"game": name, "lang": chosen, "markdown": markdown}


@api.get("/tables", summary="Public tables (status=open: the ones with free seats)")
async def list_tables(request: Request, status: P.TableStatus | None = "open") -> list[P.TableInfo]:
    reg = services(request).registry
    out = []
    for rec in await reg.db(reg.storage.list_tables, status):
        room = reg.rooms.get(rec.id)
        if room is not None:
            out.append(room.info())
            continue
        try:
            out.append(Room(rec, pakka.games.get(rec.game)).info())
        except PakkaError as exc:  # a game this server no longer has, or old options
            log.warning("table %s is not listed: %s", rec.id, exc)
    return out


@api.post("/tables", status_code=201, summary="Create a table (and sit at it with a name)")
async def create_table(request: Request, body: P.CreateTable) -> P.Joined:
    s = services(request)
    lobby = s.lobby
    who = address(request)
    s.guards.creates.take(who)
    name = None if body.name is None else names.clean(body.name)  # before anything is stored
    kinds = None if body.seats is None else [(x.kind, x.level) for x in body.seats]
    room = await lobby.create(
        body.game,
        body.players,
        body.options,
        kinds,
        body.public,
        body.turn_seconds,
        body.bot_delay,
        who,
        body.trick_seconds,
    )
    seat = token = None
    try:
        if name is not None:
            seat, token = await lobby.join(room, name, None)
        else:
            await lobby.start_if_full(room)
    except BaseException:  # nobody holds the table (a join that fails takes no seat): undone
        await lobby.discard(room.id)
        raise
    s.audit.record("create", request, table=room.id, game=room.rec.game, bots=room.all_bots)
    if seat is not None:
        s.audit.record("join", request, table=room.id, seat=seat, name=room.seats[seat].rec.name)
    return P.Joined(table=room.info(), seat=seat, token=token)


@api.get("/tables/{table_id}", summary="A table's seats and status")
async def get_table(request: Request, table_id: str) -> P.TableInfo:
    return (await services(request).registry.get(table_id)).info()


@api.get("/invites/{code}", summary="The table an invite code points to")
async def invite(request: Request, code: str) -> P.TableInfo:
    s = services(request)
    s.guards.invites.take(address(request))
    reg = s.registry
    table_id = await reg.db(reg.storage.find_code, code[:16])
    if table_id is None:
        raise RoomError(404, f"no table has the invite code {code!r}")
    return (await reg.get(table_id)).info()


@api.post("/tables/{table_id}/join", summary="Take a free seat; keep the token secret")
async def join(request: Request, table_id: str, body: P.JoinTable) -> P.Joined:
    s = services(request)
    s.guards.joins.take(address(request))
    room = await s.registry.get(table_id)
    seat, token = await s.lobby.join(room, body.name, body.seat)
    s.audit.record("join", request, table=room.id, seat=seat, name=room.seats[seat].rec.name)
    return P.Joined(table=room.info(), seat=seat, token=token)


@api.post("/tables/{table_id}/start", summary="Start the match (every seat must be taken)")
async def start(request: Request, table_id: str, authorization: Auth = None) -> P.TableInfo:
    s = services(request)
    room = await s.registry.get(table_id)
    if room.seat_of(bearer(authorization)) is None:
        raise RoomError(403, "only a seated player can start the table")
    await s.lobby.start(room)
    return room.info()


@api.post(
    "/tables/{table_id}/rematch",
    summary="Ask for a new match with the same seats (it starts when every person has)",
)
async def rematch(request: Request, table_id: str, authorization: Auth = None) -> P.TableInfo:
    s = services(request)
    room = await s.registry.get(table_id)
    seat = room.seat_of(bearer(authorization))
    if seat is not None:
        s.guards.new_matches.take(address(request))
    await s.lobby.new_match(room, seat)
    return room.info()


@api.delete("/tables/{table_id}/rematch", summary="Take back your request for a new match")
async def keep_match(request: Request, table_id: str, authorization: Auth = None) -> P.TableInfo:
    s = services(request)
    room = await s.registry.get(table_id)
    await s.lobby.new_match(room, room.seat_of(bearer(authorization)), ask=False)
    return room.info()


@api.post("/tables/{table_id}/leave", summary="Give up your seat (a bot takes over in play)")
async def leave(request: Request, table_id: str, authorization: Auth = None) -> P.TableInfo:
    s = services(request)
    room = await s.registry.get(table_id)
    seat = room.seat_of(bearer(authorization))
    name = None if seat is None else room.seats[seat].rec.name
    await s.lobby.leave(room, seat)
    s.audit.record("leave", request, table=room.id, seat=seat, name=name)
    return room.info()


@api.get("/tables/{table_id}/state", summary="Your current view (the WebSocket's snapshot)")
async def state(
    request: Request, table_id: str, authorization: Auth = None, lang: Lang = "en"
) -> P.StateMsg:
    room = await services(request).registry.get(table_id)
    seat = room.seat_of(bearer(authorization))
    if room.state is None:
        raise RoomError(409, "the match has not started yet")
    async with room.lock:
        return P.StateMsg.model_validate(room.snapshot(seat, lang))


@api.get(
    "/tables/{table_id}/matches",
    summary="The matches played at this table, a page at a time (after: the last number seen)",
)
async def list_matches(
    request: Request,
    response: Response,
    table_id: str,
    after: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
    limit: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
) -> list[P.MatchSummary]:
    s = services(request)
    reg = s.registry
    await reg.get(table_id)
    most = s.settings.limits.matches_page
    page = min(limit or most, most)
    found = await reg.db(reg.storage.match_summaries, table_id, after, page + 1)
    if len(found) > page:  # there is more: say where the next page starts
        found = found[:page]
        response.headers["Link"] = (
            f'</api/tables/{table_id}/matches?after={found[-1][0]}&limit={page}>; rel="next"'
        )
    return [
        P.MatchSummary(number=n, actions=actions, over=result is not None, result=result)
        for n, actions, result in found
    ]


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
    lang: Lang = "en",
) -> P.ReplayStep:
    s = services(request)
    room = await s.registry.get(table_id)
    if seat is not None and seat >= room.rec.players:
        raise RoomError(422, f"there is no seat {seat}")
    rec = room.rec

    def load() -> dict[str, Any]:
        m = s.storage.match(table_id, number)
        if m is None:
            raise RoomError(404, f"table {table_id} has no match {number}")
        if m.result is None:
            raise RoomError(409, "a match can be replayed once it is over")
        return replay_record(rec.game, rec.players, rec.options, m)

    key = (table_id, number)
    async with s.guards.replays.enter():
        record = await asyncio.to_thread(s.replays.record, key, load)
        actions = record["actions"]
        step = min(step, len(actions))
        state, events = await asyncio.to_thread(s.replays.shown, key, load, step)
    view = state.view(seat)
    shown = presenter(state.game).present(view, events, room.names(lang), lang, state.game.info, ())
    last = actions[step - 1] if step else None
    return P.ReplayStep(
        table=table_id,
        match=number,
        step=step,
        steps=len(actions),
        seat=seat,
        action=None if last is None else last["action"],
        actor=None if last is None else last["seat"],
        observation=view.to_json(),
        present=shown.to_json(),
    )


ops = APIRouter(tags=["operations"])


@ops.get("/healthz", summary="The process is up and its event loop answers")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@ops.get(
    "/readyz",
    summary="Ready for traffic: the database takes writes, the pub/sub answers, not draining",
    responses={503: {"description": "not ready; the body says which check failed"}},
)
async def readyz(request: Request) -> JSONResponse:
    s = services(request)
    checks: dict[str, str] = {"draining": "yes" if s.draining else "no"}
    checks["database"] = await _check(s.registry.db(s.storage.check_writable))
    checks["pubsub"] = await _check(s.pubsub.ping())
    ready = checks["database"] == checks["pubsub"] == "ok" and not s.draining
    return JSONResponse(
        {"status": "ready" if ready else "not ready", **checks}, status_code=200 if ready else 503
    )


async def _check(probe: Awaitable[None]) -> str:
    """``ok``, or what went wrong (``/readyz``)."""
    try:
        await asyncio.wait_for(probe, READY_SECONDS)
    except TimeoutError:
        return f"no answer within {READY_SECONDS:g} s (locked, or unreachable)"
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"[:200]
    return "ok"


@ops.get("/metrics", summary="Prometheus metrics", response_class=PlainTextResponse)
async def metrics(request: Request) -> Response:
    return Response(services(request).metrics.render(), media_type=CONTENT_TYPE_LATEST)


pages = APIRouter(include_in_schema=False)


@pages.get("/join/{code}")
async def join_link(request: Request, code: str) -> RedirectResponse:
    s = services(request)
    s.guards.invites.take(address(request))
    reg = s.registry
    table_id = await reg.db(reg.storage.find_code, code[:16])
    if table_id is None:
        return RedirectResponse(f"/?missing={code[:16]}")
    return RedirectResponse(f"/table.html?id={table_id}")


@pages.websocket("/ws/tables/{table_id}")
async def play(websocket: WebSocket, table_id: str) -> None:
    await services(websocket).connections.serve(websocket, table_id, address(websocket))

"""The FastAPI application: REST lobby, one WebSocket per client, and the static web client.

``create_app(settings)`` builds a fresh app; its lifespan opens the database (running the
migrations), restores the tables in play and, on the way out, cancels every room task.
The routes are in :mod:`pakka.server.routes`; the OpenAPI description is served at
``/openapi.json`` (and ``/docs`` with ``Settings.api_docs``); the WebSocket protocol is in
``docs/protocol.md``.
"""

from __future__ import annotations

import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import exc as sa_exc

import pakka
from pakka.server import protocol as P
from pakka.server import redact
from pakka.server.limits import Refused
from pakka.server.middleware import MAX_BODY_BYTES, RequestBodies, SecurityHeaders, SocketGate
from pakka.server.review import router as review_router
from pakka.server.room import RoomError
from pakka.server.routes import api, ops, pages, services
from pakka.server.services import Services
from pakka.server.settings import Settings, default_db_path

__all__ = ["MAX_BODY_BYTES", "Settings", "create_app", "default_db_path", "tune_gc"]

log = logging.getLogger("pakka.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

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
    redact.install()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        services = Services.open(settings)
        app.state.services = services
        app.state.registry = services.registry
        try:
            await services.start()
            if settings.tune_gc:
                tune_gc()
            yield
        finally:
            await services.close()

    app = FastAPI(
        title="pakka",
        version=pakka.__version__,
        summary="Play Anarchy, Pentagrammi, Norlanninnakki and Guandan in the browser.",
        description=(
            "REST lobby for creating, joining and watching tables. Play happens on one "
            "WebSocket per client, `/ws/tables/{id}`, described in docs/protocol.md "
            f"(protocol version {P.PROTOCOL_VERSION}). Seat tokens go in "
            "`Authorization: Bearer <token>` and in the socket's first message, never in a URL."
        ),
        lifespan=lifespan,
        docs_url="/docs" if settings.api_docs else None,
        redoc_url=None,
    )

    app.add_middleware(RequestBodies, seconds=settings.limits.body_seconds)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(SocketGate)

    @app.exception_handler(sa_exc.SQLAlchemyError)
    async def _storage_error(request: Request, exc: sa_exc.SQLAlchemyError) -> JSONResponse:
        log.warning("%s %s: database error: %s", request.method, request.url.path, exc)
        services(request).metrics.database_errors.labels("rest").inc()
        return JSONResponse(
            {"detail": "the database is busy or unavailable; nothing changed, try again"},
            status_code=503,
            headers={"Retry-After": "1"},
        )

    @app.exception_handler(Refused)
    async def _refused(request: Request, exc: Refused) -> JSONResponse:
        services(request).refused(request, exc, path=request.url.path)
        return JSONResponse(
            {"detail": str(exc)},
            status_code=429,
            headers={"Retry-After": str(exc.retry_seconds)},
        )

    @app.exception_handler(RoomError)
    async def _room_error(request: Request, exc: RoomError) -> JSONResponse:
        retry = {"Retry-After": "5"} if exc.status == 503 else None
        return JSONResponse({"detail": str(exc)}, status_code=exc.status, headers=retry)

    app.include_router(api)
    app.include_router(review_router)
    app.include_router(ops)
    app.include_router(pages)
    if WEB_DIR.is_dir():
        app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
    return app

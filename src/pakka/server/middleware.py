"""ASGI middleware: what every request body must be before a route sees it, the security
headers every response carries, and the sockets refused before they are routed."""

from __future__ import annotations

import asyncio

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pakka.server import wirejson
from pakka.server.limits import Limits, Refused

MAX_BODY_BYTES = 65_536
"""Largest REST request body; a table's whole setup is far below this."""


class RequestBodies:
    """Refuse request bodies over ``limit`` bytes with 413 before anything reads them,
    bodies that do not arrive within ``seconds`` with 408 (and the connection closes: a
    slow body must not hold it, nor a stopping server), and bodies that are not JSON the
    server takes (:func:`pakka.server.wirejson.loads`: no NaN, Infinity, lone surrogates or
    deep nesting) with 422 before a route parses them."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES, seconds: float = 10.0) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        length = headers.get(b"content-length", b"0")
        chunked = b"chunked" in headers.get(b"transfer-encoding", b"")
        if chunked or not length.isdigit() or int(length) > self.limit:
            response = JSONResponse(
                {"detail": f"request bodies are limited to {self.limit} bytes, with a length"},
                status_code=413,
            )
            await response(scope, receive, send)
            return
        if int(length) == 0:
            await self.app(scope, receive, send)
            return
        try:
            body, rest = await asyncio.wait_for(_read(receive, self.limit), self.seconds)
        except TimeoutError:
            response = JSONResponse(
                {"detail": f"the request body did not arrive within {self.seconds:g} s"},
                status_code=408,
                headers={"Connection": "close"},
            )
            await response(scope, receive, send)
            return
        try:
            wirejson.loads(body)
        except wirejson.JSONRefused as exc:
            response = JSONResponse(
                {"detail": f"the request body is not JSON this server takes: {exc}"},
                status_code=422,
            )
            await response(scope, receive, send)
            return
        await self.app(scope, _replay(body, rest, receive), send)


async def _read(receive: Receive, limit: int) -> tuple[bytes, list[Message]]:
    """The whole body (at most ``limit`` bytes are kept), and any other message met."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks), [message]
        chunk = message.get("body", b"")
        size += len(chunk)
        if size <= limit:
            chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks), []


def _replay(body: bytes, rest: list[Message], receive: Receive) -> Receive:
    """A ``receive`` that gives the body already read, then goes on as ``receive``."""
    pending: list[Message] = [{"type": "http.request", "body": body, "more_body": False}, *rest]

    async def replay() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replay


CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The web client is plain ES modules, styles and images from this server: nothing
inline, nothing from elsewhere, and no page of it inside another site's frame.
(``'unsafe-eval'``: the client never evaluates text, but the browser tests' driver does,
to wait for a page's condition; an injected script still cannot run.)"""
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' https://cdn.jsdelivr.net 'unsafe-inline'; "
    "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https://fastapi.tiangolo.com; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
"""``/docs`` (off unless ``pakka serve --api-docs``): Swagger UI comes from a CDN."""
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class SecurityHeaders:
    """Content-Security-Policy (``frame-ancestors 'none'``), ``X-Content-Type-Options``,
    ``X-Frame-Options`` and ``Referrer-Policy: no-referrer`` on every HTTP response (no
    page's address, which may hold a seat token in its fragment's place, leaves in a
    Referer)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_POLICY if scope["path"].startswith("/docs") else CONTENT_SECURITY_POLICY

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("Content-Security-Policy", policy)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, with_headers)


CLOSE_REFUSED = 4429
"""The close code of a socket refused before its upgrade (real clients see HTTP 403)."""


class SocketGate:
    """Refuse a WebSocket before the router sees it when ``Connections.admit`` says so
    (a page of another site, a draining server, too many sockets from one address).

    The client sees HTTP 403: uvicorn's answer to a close before the accept, the cheapest
    refusal there is.  (A 429 with the reason, the ASGI denial response, makes uvicorn log
    an error for every refusal: a flood of them would flood the log.)  Each refusal is
    counted and written to the audit log.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.waiting = 0
        """Refused sockets waiting out the refusal delay now."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            services = scope["app"].state.services
            client = HTTPConnection(scope)
            refused = services.connections.admit(client)
            if refused is not None:
                services.refused(client, refused, path=scope["path"])
                await receive()  # websocket.connect
                await self._slow_down(services.settings.limits, refused)
                reason = str(refused)[:120]
                await send({"type": "websocket.close", "code": CLOSE_REFUSED, "reason": reason})
                return
        await self.app(scope, receive, send)

    async def _slow_down(self, limits: Limits, refused: Refused) -> None:
        """Hold a refused socket's answer for ``refusal_delay`` (at most its retry time), so
        that a client that reconnects as soon as it is refused (a flood from one address)
        waits instead of costing the server a handshake at once; holding one costs a
        coroutine, and no more than ``slow_refusals`` are held."""
        delay = min(limits.refusal_delay, refused.retry_after)
        if delay <= 0 or self.waiting >= limits.slow_refusals:
            return
        self.waiting += 1
        try:
            await asyncio.sleep(delay)
        finally:
            self.waiting -= 1

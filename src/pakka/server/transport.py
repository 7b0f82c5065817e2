"""What ``pakka serve`` asks of uvicorn, and the HTTP connections it refuses before the app.

uvicorn closes idle connections between requests (``timeout_keep_alive``) and stops within
a deadline (``timeout_graceful_shutdown``), but it has no deadline for a request's headers
and counts its ``limit_concurrency`` only once a request's headers have arrived: 1,100
half-sent requests (issue 31, item 4) all stayed open, the process sat at its 1,024 file
descriptors and every new request failed.  :func:`guarded_protocol` wraps uvicorn's HTTP
protocol so that

* a request's line and headers must arrive within ``Limits.header_seconds`` of the
  connection opening, or of the first byte of a request on a kept-alive connection (else
  ``408`` and the connection closes);
* a connection beyond ``Limits.connections`` (HTTP and WebSocket together), or beyond
  ``Limits.connections_per_address`` HTTP connections from one address, is answered
  ``503`` with the reason and closed as soon as it is accepted, before it costs more than
  its descriptor.  A proxy named by ``--forwarded-allow-ips`` holds everyone's
  connections: it is not limited per address (limit it at the proxy).

The request body's deadline (``Limits.body_seconds``) is kept by
:class:`pakka.server.middleware.RequestBodies`.  :func:`uvicorn_config` puts it all
together, with ``X-Forwarded-For`` believed only from the addresses the operator names
(none by default).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import math
from collections import Counter
from typing import TYPE_CHECKING, Any

from pakka.server.limits import Limits
from pakka.server.protocol import MAX_MESSAGE_BYTES

if TYPE_CHECKING:
    import uvicorn

log = logging.getLogger("pakka.server")

DESCRIPTOR_MARGIN = 256
"""File descriptors kept besides the connections: the database, the search workers' pipes,
logs, the listening socket."""
REFUSAL_LOG_SECONDS = 60.0
"""At most one log line a minute about refused connections."""


def _response(status: str, text: str, retry: int | None = None) -> bytes:
    body = (text + "\n").encode()
    headers = [
        f"HTTP/1.1 {status}",
        "content-type: text/plain; charset=utf-8",
        "connection: close",
        f"content-length: {len(body)}",
    ]
    if retry is not None:
        headers.append(f"retry-after: {retry}")
    return ("\r\n".join(headers) + "\r\n\r\n").encode() + body


class Trusted:
    """The addresses named by ``--forwarded-allow-ips`` (addresses, networks or ``*``)."""

    def __init__(self, spec: str | None) -> None:
        items = [x.strip() for x in (spec or "").split(",") if x.strip()]
        self.everyone = "*" in items
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        self.names: set[str] = set()
        for item in items:
            try:
                self.networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                self.names.add(item)  # a Unix socket's name, say

    def __contains__(self, host: str) -> bool:
        if self.everyone or host in self.names:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in net for net in self.networks)


def guarded_protocol(limits: Limits, trusted: Trusted) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol with a header deadline and caps on connections (see the
    module's docstring)."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    base: Any = AutoHTTPProtocol
    per_address: Counter[str] = Counter()
    refusals = {"count": 0, "logged": -REFUSAL_LOG_SECONDS}

    class GuardedHTTPProtocol(base):  # type: ignore[misc]
        """One HTTP connection (see :func:`guarded_protocol`)."""

        _deadline: asyncio.TimerHandle | None = None
        _counted: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            host = self.client[0] if self.client else ""
            if len(self.connections) > limits.connections:
                self._refuse(
                    f"the server holds {limits.connections} connections, as many as it may; "
                    "try again in a moment"
                )
                return
            if host not in trusted:
                if per_address[host] >= limits.connections_per_address:
                    self._refuse(
                        f"your address holds {per_address[host]} connections here, the most "
                        "it may; close one first"
                    )
                    return
                per_address[host] += 1
                self._counted = host
            self._arm()

        def data_received(self, data: bytes) -> None:
            cycle = self.cycle
            if self._deadline is None and (cycle is None or cycle.response_complete):
                self._arm()  # the first bytes of a request on a kept-alive connection
            super().data_received(data)
            if self.cycle is not cycle or self.transport.get_protocol() is not self:
                self._disarm()  # the headers are in (or it became a WebSocket)
            if self.transport.get_protocol() is not self:
                self._uncount()  # a WebSocket now: the app limits those per address

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(limits.header_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _uncount(self) -> None:
            if self._counted is not None:
                per_address[self._counted] -= 1
                if per_address[self._counted] <= 0:
                    del per_address[self._counted]
                self._counted = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return
            message = f"the request's headers did not arrive within {limits.header_seconds:g} s"
            self.transport.write(_response("408 Request Timeout", message))
            self.transport.close()

        def _refuse(self, why: str) -> None:
            self.transport.write(_response("503 Service Unavailable", why, retry=5))
            self.transport.close()
            refusals["count"] += 1
            moment = self.loop.time()
            if moment - refusals["logged"] >= REFUSAL_LOG_SECONDS:
                log.warning("refused %d connection(s): %s", refusals["count"], why)
                refusals["logged"] = moment
                refusals["count"] = 0

    return GuardedHTTPProtocol


def uvicorn_config(
    app: Any,
    limits: Limits,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    forwarded_allow_ips: str | None = None,
    ws_compression: bool = False,
    log_level: str = "info",
) -> uvicorn.Config:
    """The uvicorn settings ``pakka serve`` runs ``app`` with.

    ``forwarded_allow_ips`` names the proxies whose ``X-Forwarded-For`` says who the client
    is (addresses or networks, comma-separated); by default nobody's is believed, so a
    client cannot choose the address its limits are counted against.
    """
    import uvicorn

    trusted = Trusted(forwarded_allow_ips)
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded_protocol(limits, trusted),
        ws_max_size=4 * MAX_MESSAGE_BYTES,
        ws_per_message_deflate=ws_compression,
        log_level=log_level,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips or "",
        timeout_keep_alive=max(1, math.ceil(limits.keep_alive_seconds)),
        timeout_graceful_shutdown=max(1, math.ceil(limits.shutdown_seconds)),
    )


def raise_descriptor_limit(limits: Limits) -> Limits:
    """Let the process hold ``Limits.connections`` sockets and :data:`DESCRIPTOR_MARGIN`
    more files (raising its soft limit up to the hard one); if the hard limit is lower,
    the limits with fewer connections, so that the cap refuses connections before
    ``accept`` fails for everyone."""
    import dataclasses

    try:
        import resource
    except ImportError:  # not a Unix: nothing to raise
        return limits
    want = limits.connections + DESCRIPTOR_MARGIN
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft != resource.RLIM_INFINITY and soft < ceiling:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
            soft = ceiling
        except (OSError, ValueError):
            pass
    if soft != resource.RLIM_INFINITY and soft < want:
        fewer = max(1, soft - DESCRIPTOR_MARGIN)
        log.warning(
            "the process may open %d files: at most %d connections, not %d",
            soft,
            fewer,
            limits.connections,
        )
        return dataclasses.replace(limits, connections=fewer)
    return limits

"""The audit log: who joined, left, connected or was refused, one JSON object a line.

Every line has ``time`` (UTC), ``event`` and the client's ``address`` and ``agent`` (its
User-Agent, cut to 200 characters); the rest depends on the event (``table``, ``seat``,
``name``, ``reason``).  A seat token is never written: nothing that holds one is passed
here.  With a path (``pakka serve --audit-log``) the lines go to that file, rotated by size
(the standard library's :class:`~logging.handlers.RotatingFileHandler`: at most
``Limits.audit_log_files`` old files of ``Limits.audit_log_bytes`` each are kept beside
it); without one to the ``pakka.audit`` logger (at INFO), for an embedder's own handlers.

Refusals are written once a minute per address and reason at most, the next line saying
how many were ``repeated`` meanwhile: a client hammering a limit must not fill the disk
(every refusal is still counted in the metrics).

Writing a line never fails a request: the change it records has happened already (a
seat taken, a socket open), so a full disk or a broken file is logged (at most once a
minute), counted (``pakka_audit_errors_total``) and otherwise ignored.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.requests import HTTPConnection

from pakka.server.storage import now

AGENT_CHARS = 200
REFUSAL_LINE_SECONDS = 60.0
"""At most one ``refused`` line per address and reason this often."""
REFUSAL_KEYS = 10_000
"""Addresses and reasons whose last refusal line is remembered."""
ERROR_LOG_SECONDS = 60.0
"""At most one warning a minute about audit lines that could not be written."""

log = logging.getLogger("pakka.audit")
server_log = logging.getLogger("pakka.server")


class _Rotating(logging.handlers.RotatingFileHandler):
    """A rotating file whose failures go to its :class:`Audit` instead of ``stderr``."""

    def __init__(self, path: Path, max_bytes: int, backups: int, failed: Callable[[], None]):
        super().__init__(path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8")
        self.failed = failed
        self.setFormatter(logging.Formatter("%(message)s"))

    def handleError(self, record: logging.LogRecord) -> None:
        self.failed()


class Audit:
    """Writes audit lines (from the event loop's thread); never raises while serving."""

    def __init__(
        self,
        path: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        *,
        max_bytes: int = 10 * 2**20,
        backups: int = 5,
        on_error: Callable[[], None] | None = None,
    ) -> None:
        self.path = path
        self.clock = clock
        self.on_error = on_error
        self.errors = 0
        """Lines that could not be written (each also counted by ``on_error``)."""
        self._warned = -ERROR_LOG_SECONDS
        self._unwarned = 0
        self._refusals: OrderedDict[tuple[str | None, str], tuple[float, int]] = OrderedDict()
        """(address, reason): when its last line was written, refusals since."""
        self._handler: _Rotating | None = None
        if path is not None:  # at startup: a path that cannot be written stops the server
            path.parent.mkdir(parents=True, exist_ok=True)
            self._handler = _Rotating(path, max_bytes, backups, self._failed)

    def record(self, event: str, client: HTTPConnection | None = None, **fields: Any) -> None:
        """One line: ``event``, the client's address and agent, and ``fields``."""
        try:
            line: dict[str, Any] = {"time": now(), "event": event}
            if client is not None:
                line["address"] = client.client.host if client.client is not None else None
                line["agent"] = client.headers.get("user-agent", "")[:AGENT_CHARS]
            line.update(fields)
            text = json.dumps(line, ensure_ascii=False, default=str)
            if self._handler is not None:
                self._handler.handle(
                    logging.makeLogRecord({"msg": text, "levelno": logging.INFO, "args": None})
                )
            else:
                log.info(text)
        except Exception:
            self._failed()

    def _failed(self) -> None:
        """A line was lost: count it, and say so in the server's log now and then."""
        self.errors += 1
        if self.on_error is not None:
            self.on_error()
        self._unwarned += 1
        moment = self.clock()
        if moment - self._warned >= ERROR_LOG_SECONDS:
            server_log.warning(
                "could not write %d audit line(s) to %s (a full disk?); requests go on",
                self._unwarned,
                self.path or "the pakka.audit logger",
                exc_info=True,
            )
            self._warned = moment
            self._unwarned = 0

    def refused(self, client: HTTPConnection | None, reason: str, **fields: Any) -> None:
        """A refusal: a ``refused`` line, unless one for this address and reason was
        written less than :data:`REFUSAL_LINE_SECONDS` ago (then it is only counted)."""
        address = client.client.host if client is not None and client.client else None
        key = (address, reason)
        now_s = self.clock()
        last, since = self._refusals.pop(key, (-REFUSAL_LINE_SECONDS, 0))
        if now_s - last < REFUSAL_LINE_SECONDS:
            self._refusals[key] = (last, since + 1)
            return
        self._refusals[key] = (now_s, 0)
        while len(self._refusals) > REFUSAL_KEYS:
            self._refusals.popitem(last=False)
        self.record("refused", client, reason=reason, repeated=since, **fields)

    def close(self) -> None:
        handler, self._handler = self._handler, None
        if handler is not None:
            try:
                handler.close()
            except Exception:  # its last lines could not be flushed: say so, and go on
                self._failed()

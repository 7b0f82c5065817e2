"""The audit log: who joined, left, connected or was refused, one JSON object a line.

Every line has ``time`` (UTC), ``event`` and the client's ``address`` and ``agent`` (its
User-Agent, cut to 200 characters); the rest depends on the event (``table``, ``seat``,
``name``, ``reason``).  A seat token is never written: nothing that holds one is passed
here.  With a path (``pakka serve --audit-log``) the lines go to that file; without one
to the ``pakka.audit`` logger (at INFO), for an embedder's own handlers.

Refusals are written once a minute per address and reason at most, the next line saying
how many were ``repeated`` meanwhile: a client hammering a limit must not fill the disk
(every refusal is still counted in the metrics).
"""

from __future__ import annotations

import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from starlette.requests import HTTPConnection

from pakka.server.storage import now

AGENT_CHARS = 200
REFUSAL_LINE_SECONDS = 60.0
"""At most one ``refused`` line per address and reason this often."""
REFUSAL_KEYS = 10_000
"""Addresses and reasons whose last refusal line is remembered."""

log = logging.getLogger("pakka.audit")


class Audit:
    """Writes audit lines (from the event loop's thread)."""

    def __init__(
        self, path: Path | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.path = path
        self.clock = clock
        self._file: IO[str] | None = None
        self._refusals: OrderedDict[tuple[str | None, str], tuple[float, int]] = OrderedDict()
        """(address, reason): when its last line was written, refusals since."""
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._file = open(path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115

    def record(self, event: str, client: HTTPConnection | None = None, **fields: Any) -> None:
        """One line: ``event``, the client's address and agent, and ``fields``."""
        line: dict[str, Any] = {"time": now(), "event": event}
        if client is not None:
            line["address"] = client.client.host if client.client is not None else None
            line["agent"] = client.headers.get("user-agent", "")[:AGENT_CHARS]
        line.update(fields)
        text = json.dumps(line, ensure_ascii=False, default=str)
        if self._file is not None:
            self._file.write(text + "\n")
        else:
            log.info(text)

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
        if self._file is not None:
            self._file.close()
            self._file = None

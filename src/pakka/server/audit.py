"""The audit log: who joined, left, connected or was refused, one JSON object a line.

Every line has ``time`` (UTC), ``event`` and the client's ``address`` and ``agent`` (its
User-Agent, cut to 200 characters); the rest depends on the event (``table``, ``seat``,
``name``, ``reason``).  A seat token is never written: nothing that holds one is passed
here.  With a path (``pakka serve --audit-log``) the lines go to that file; without one
to the ``pakka.audit`` logger (at INFO), for an embedder's own handlers.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import IO, Any

from starlette.requests import HTTPConnection

from pakka.server.storage import now

AGENT_CHARS = 200

log = logging.getLogger("pakka.audit")


class Audit:
    """Writes audit lines (from the event loop's thread)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._file: IO[str] | None = None
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

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

"""Keep seat tokens out of the logs, whatever a client puts in a URL.

Clients speaking protocol 2 send their token in the first WebSocket message and in the
``Authorization`` header, never in a URL.  An older or careless client may still put
``?token=...`` in one, and uvicorn logs every request line and WebSocket handshake with its
query string; at ``--log-level debug`` it also logs every WebSocket frame, the ``auth``
message included.  :class:`RedactTokens` replaces such values with ``[redacted]`` in
those records before any handler writes them.
"""

from __future__ import annotations

import logging
import re

_TOKEN_IN_URL = re.compile(r"((?:^|[?&;])(?:token|access_token|seat_token)=)[^&;\s\"']*", re.I)
_TOKEN_IN_JSON = re.compile(r'("token"\s*:\s*")[^"]*')
LOGGERS = ("uvicorn.access", "uvicorn.error")
"""The loggers that write request lines and WebSocket handshakes."""


def redact(text: str) -> str:
    """``text`` with every token value in a URL or a JSON message replaced.

    >>> redact('127.0.0.1:5 - "WebSocket /ws/tables/abc?token=s3cr3t&x=1" [accepted]')
    '127.0.0.1:5 - "WebSocket /ws/tables/abc?token=[redacted]&x=1" [accepted]'
    >>> redact('< TEXT {"type": "auth", "token": "s3cr...3t"} [40 bytes]')
    '< TEXT {"type": "auth", "token": "[redacted]"} [40 bytes]'
    """
    return _TOKEN_IN_JSON.sub(r"\1[redacted]", _TOKEN_IN_URL.sub(r"\1[redacted]", text))


class RedactTokens(logging.Filter):
    """A filter that redacts tokens in a record's message (it keeps every record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()  # arguments may be objects (a frame) as well as text
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True


def install() -> None:
    """Put a :class:`RedactTokens` on uvicorn's loggers (once, however often called)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())

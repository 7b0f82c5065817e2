"""Limits on what one client, or all of them, may make the server do.

:class:`Limits` holds every limit with its default (``docs/reliability.md`` lists them,
generated from this class: a test checks that the list is current).  A request over a limit
raises :class:`Refused`, which becomes a 429 with ``Retry-After`` (REST) or a
``rate_limited`` frame with ``retry_after`` (WebSocket); nothing has changed.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import dataclasses
import inspect
import math
import os
import sys
import textwrap
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pakka.errors import PakkaError


class Refused(PakkaError):
    """A request over a limit: ``reason`` names the limit (a metric label), ``retry_after``
    is how many seconds until the same request may succeed."""

    def __init__(self, reason: str, message: str, retry_after: float = 1.0) -> None:
        self.reason = reason
        self.retry_after = max(0.0, retry_after)
        super().__init__(message)

    @property
    def retry_seconds(self) -> int:
        """``retry_after`` rounded up to whole seconds, for the ``Retry-After`` header."""
        return max(1, math.ceil(self.retry_after))


@dataclass(frozen=True)
class Limits:
    """Every limit of one server.  Change one with ``pakka serve --limit NAME=VALUE``, the
    environment variable ``PAKKA_LIMIT_<NAME>`` (upper case) or ``Settings(limits=...)``."""

    creates_per_minute: float = 10.0
    """Tables one client address may create a minute, on average (``POST /api/tables``)."""
    create_burst: int = 5
    """Tables one address may create at once."""
    joins_per_minute: float = 30.0
    """Seats one address may take a minute, on average."""
    join_burst: int = 10
    """Seats one address may take at once."""
    invites_per_minute: float = 30.0
    """Invite codes one address may look up a minute (``/api/invites/``, ``/join/``)."""
    invite_burst: int = 10
    """Invite codes one address may look up at once."""
    bot_tables_per_address: int = 2
    """All-bot tables one address may have open or in play at once."""
    bot_tables: int = 20
    """All-bot tables open or in play at once, in all (in this process)."""
    bot_table_min_delay: float = 0.25
    """Seconds an all-bot table's bots wait at least between moves, whatever it asked."""
    search_tables_per_address: int = 3
    """Tables with a person and search bots (``easy``, ``normal``, ``hard``) one address may
    have open or in play at once (all-bot tables have their own limits); a table whose
    people came and have all left stops counting (its bots wait for them)."""
    tables_per_address: int = 20
    """Tables one address may hold in memory at once (created by it, not over); its idle
    ones are dropped first."""
    tables_in_memory: int = 2_000
    """Tables held in memory; idle ones are dropped first (and reloaded when needed)."""
    new_table_headroom: int = 200
    """Places in ``tables_in_memory`` that new tables may not take (at most a tenth of
    them): kept for existing tables coming back (a person reconnecting), so new tables are
    refused first."""
    connects_per_minute: float = 120.0
    """WebSockets one client address may open a minute, on average."""
    connect_burst: int = 30
    """WebSockets one address may open at once."""
    refusal_delay: float = 1.0
    """Seconds a WebSocket refused before its upgrade, or a hint refused on a socket,
    waits for its answer: a client that asks again at once when refused then asks once a
    second, not hundreds of times."""
    slow_refusals: int = 256
    """Refused WebSockets that may wait out ``refusal_delay`` at once; more are refused at
    once."""
    sockets_per_address: int = 64
    """WebSockets one client address may hold open at once (in this process)."""
    sockets_per_seat: int = 4
    """WebSockets one seat may hold open at once (in this process)."""
    messages_per_second: float = 20.0
    """Messages one WebSocket may send a second, on average."""
    message_burst: int = 40
    """Messages one WebSocket may send at once."""
    address_messages_per_second: float = 60.0
    """Messages one client address may send a second on all its WebSockets together, on
    average."""
    address_message_burst: int = 120
    """Messages one address may send at once on all its WebSockets together."""
    message_strikes: int = 10
    """Messages over the rate, without the client slowing down, that close the socket."""
    auth_seconds: float = 10.0
    """A new WebSocket must send its ``auth`` message within this long."""
    send_seconds: float = 10.0
    """A client that has not taken a frame after this long is closed (it does not read)."""
    hints_per_minute: float = 12.0
    """Hints one seat may ask for a minute, on average, beyond the first hint of each
    decision, which is always answered (one at a time, whatever its sockets)."""
    hint_burst: int = 3
    """Hints one seat may ask for at once beyond each decision's first."""
    summary_seconds: float = 60.0
    """At a table with people, how long the break between deals lasts at most: the next
    deal's first decision is not asked and its bots wait until every seated person has
    read the deal summary (sent ``ready``) or this long has passed.  0: no break."""
    hint_queue: int = 8
    """Hints that may wait for a search worker; more are refused."""
    search_workers: int = 0
    """Worker processes for bot moves and hints; 0: one per core but one, 2 to 4."""
    search_nice: int = 10
    """How much lower the search workers' CPU priority is than the server's (0-19)."""
    search_short_seconds: float = 0.05
    """A kind of bot move that takes less than this on average is short: the last free
    search worker is kept for short moves at tables where a person plays."""
    table_open_seconds: float = 86_400.0
    """A table whose match has not started within this long closes: its seats' tokens stop
    working and it leaves the lobby."""
    table_over_seconds: float = 3_600.0
    """After a match ends its seats' tokens work this long (for a rematch), then expire."""
    replay_concurrency: int = 2
    """Replays computed at once; more wait (see ``replay_queue``)."""
    replay_queue: int = 16
    """Replay requests that may wait for one of those; more get 429."""
    replay_checkpoint_every: int = 64
    """A finished match keeps a snapshot every this many steps, so a replay request
    advances at most this many actions past one."""
    replay_matches: int = 16
    """Finished matches whose records and snapshots are kept for replays."""
    new_matches_per_minute: float = 10.0
    """New matches one address may start a minute at tables it sits at, on average
    (``POST /api/tables/{id}/rematch``)."""
    new_match_burst: int = 5
    """New matches one address may start at once."""
    matches_page: int = 50
    """Matches one ``GET /api/tables/{id}/matches`` lists at most (``?after=`` pages on)."""
    retention_days: float = 30.0
    """A table nobody holds any more (its seats' tokens expired) is deleted with its
    matches this many days later; 0 keeps every table for ever."""
    audit_log_bytes: int = 10_485_760
    """The audit log file is rotated when it reaches this size (0: never)."""
    audit_log_files: int = 5
    """Rotated audit log files kept (``audit.jsonl.1`` …): the log takes at most
    ``audit_log_files + 1`` times ``audit_log_bytes`` of disk (60 MiB)."""
    header_seconds: float = 10.0
    """An HTTP request's line and headers must arrive within this long (408 and closed)."""
    body_seconds: float = 10.0
    """An HTTP request's body must arrive within this long (408 and closed)."""
    keep_alive_seconds: float = 5.0
    """An idle HTTP connection between requests is closed after this long."""
    connections: int = 1_000
    """Connections (HTTP and WebSocket) held at once; one more is answered 503 and closed."""
    connections_per_address: int = 128
    """HTTP connections one client address may hold at once (a proxy named by
    ``--forwarded-allow-ips`` excepted); one more is answered 503 and closed."""
    shutdown_seconds: float = 10.0
    """On SIGTERM the server drains and waits for requests under way at most this long,
    then stops."""

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]

    def with_values(self, values: Mapping[str, str]) -> Limits:
        """These limits with some changed from text (``{"replay_queue": "32"}``); an unknown
        name or a value of the wrong type is a :class:`ValueError` that says which."""
        changes: dict[str, Any] = {}
        kinds = {f.name: f.type for f in dataclasses.fields(self)}
        for name, text in values.items():
            key = name.strip().lower().replace("-", "_")
            if key not in kinds:
                raise ValueError(f"unknown limit {name!r}; limits are: {', '.join(kinds)}")
            kind = kinds[key]
            try:
                value = float(text) if kind == "float" else int(text)
            except ValueError:
                whole = "" if kind == "float" else "whole "
                raise ValueError(f"limit {key} takes a {whole}number, not {text!r}") from None
            if value < 0:
                raise ValueError(f"limit {key} cannot be negative ({text})")
            changes[key] = value
        return dataclasses.replace(self, **changes)

    def from_environment(self, environ: Mapping[str, str] = os.environ) -> Limits:
        """These limits with any ``PAKKA_LIMIT_<NAME>`` variable applied."""
        prefix = "PAKKA_LIMIT_"
        found = {k[len(prefix) :]: v for k, v in environ.items() if k.startswith(prefix)}
        return self.with_values(found)


class Gate:
    """At most ``concurrency`` holders at once and ``queue`` waiting; one more is refused."""

    def __init__(self, reason: str, what: str, concurrency: int, queue: int) -> None:
        self.reason = reason
        self.what = what
        self.queue = queue
        self._slots = asyncio.Semaphore(max(1, concurrency))
        self.waiting = 0

    @contextlib.asynccontextmanager
    async def enter(self) -> AsyncIterator[None]:
        if self._slots.locked() and self.waiting >= self.queue:
            raise Refused(
                self.reason, f"the server is busy with {self.what}; try again in a moment"
            )
        self.waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self.waiting -= 1
        try:
            yield
        finally:
            self._slots.release()


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; :meth:`take` is False when empty (one
    WebSocket's messages)."""

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


class RateLimit:
    """A token bucket per key (a client address): ``per_minute`` on average, bursts of
    ``burst``.  Only the ``keys`` most recently seen are remembered."""

    def __init__(
        self,
        reason: str,
        what: str,
        per_minute: float,
        burst: float,
        keys: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
        per_second: bool = False,
    ) -> None:
        self.reason = reason
        self.what = what
        self.per_second = per_second
        """Say the limit as so many a second (else a minute)."""
        self.rate = per_minute / 60
        self.burst = max(1.0, burst)
        self.keys = keys
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str) -> None:
        """Count one request of ``key``, or raise :class:`Refused` (counting nothing)."""
        now = self.clock()
        tokens, stamp = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            wait = (1 - tokens) / self.rate if self.rate > 0 else 3600.0
            rate = f"{self.rate:g} a second" if self.per_second else f"{60 * self.rate:g} a minute"
            raise Refused(
                self.reason,
                f"too many {self.what} from your address: the limit is {rate} "
                f"(bursts of {self.burst:g}); try again in {math.ceil(wait)} s",
                wait,
            )
        self._buckets[key] = (tokens - 1, now)
        while len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)


# --- the table of limits in docs/reliability.md ---------------------------------------

TABLE_START = "<!-- limits: generated by python -m pakka.server.limits; do not edit -->"
TABLE_END = "<!-- end of limits -->"


def described() -> list[tuple[str, Any, str]]:
    """``(name, default, description)`` of every limit, the description being the
    docstring under its field in :class:`Limits` (read from the source)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(Limits)))
    cls = tree.body[0]
    assert isinstance(cls, ast.ClassDef)
    docs: dict[str, str] = {}
    body = cls.body
    for node, after in zip(body, [*body[1:], None], strict=True):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            text = ""
            if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                text = " ".join(str(after.value.value).split())
            docs[node.target.id] = text
    defaults = Limits()
    return [(name, getattr(defaults, name), docs.get(name, "")) for name in Limits.names()]


def markdown_table() -> str:
    """Every limit as a Markdown table, between the markers that delimit it in
    ``docs/reliability.md``."""
    rows = [
        TABLE_START,
        "| limit | default | what it bounds |",
        "| --- | --- | --- |",
    ]
    for name, default, text in described():
        shown = f"{default:,}" if isinstance(default, int) else f"{default:g}"
        text = text.replace("``", "`").replace("|", "/")
        rows.append(f"| `{name}` | {shown} | {text} |")
    rows.append(TABLE_END)
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    """Rewrite the limits table in a Markdown file (``docs/reliability.md``)."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0] if args else "docs/reliability.md")
    text = path.read_text("utf-8")
    start, end = text.index(TABLE_START), text.index(TABLE_END) + len(TABLE_END)
    path.write_text(text[:start] + markdown_table() + text[end:], "utf-8")
    print(path)


if __name__ == "__main__":
    main()

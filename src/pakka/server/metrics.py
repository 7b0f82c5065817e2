"""Prometheus metrics of one server process, served at ``/metrics``.

Counters and the action latency histogram are updated where things happen; the gauges
(tables, sockets, the search queue) are read from the live objects when Prometheus scrapes,
so they cannot drift.  Each app has its own :class:`~prometheus_client.CollectorRegistry`
(tests build many apps in one process).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from pakka.server.connection import Connections
    from pakka.server.registry import RoomRegistry
    from pakka.server.search import SearchPool

ACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: an action is taken, committed, applied and published in a few milliseconds."""


class Metrics:
    """The counters and histograms the server updates as it runs."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.actions = Counter(
            "pakka_actions",
            "Actions applied, by who played them (person or bot).",
            ["by"],
            registry=self.registry,
        )
        self.action_seconds = Histogram(
            "pakka_action_seconds",
            "From an action's arrival (a person's message, a bot's choice) until every "
            "audience has been sent its new state: check, commit, apply, publish.",
            buckets=ACTION_BUCKETS,
            registry=self.registry,
        )
        self.refusals = Counter(
            "pakka_refusals",
            "Requests refused by a limit, by the limit (docs/reliability.md).",
            ["reason"],
            registry=self.registry,
        )
        self.database_errors = Counter(
            "pakka_database_errors",
            "Database operations that failed (locked, unreachable), by where.",
            ["where"],
            registry=self.registry,
        )
        self.audit_errors = Counter(
            "pakka_audit_errors",
            "Audit log lines that could not be written (a full disk?); requests go on.",
            registry=self.registry,
        )
        self.publish_errors = Counter(
            "pakka_publish_errors",
            "Table updates the pub/sub did not take (clients catch up on the next one).",
            registry=self.registry,
        )
        self.bot_failures = Counter(
            "pakka_bot_failures",
            "Bot moves and hints that failed (logged; the seat shows it).",
            ["what"],
            registry=self.registry,
        )

    def watch(self, registry: RoomRegistry, connections: Connections, pool: SearchPool) -> None:
        """Report the live gauges of these parts at every scrape."""
        self.registry.register(_Live(lambda: (registry, connections, pool)))

    def render(self) -> bytes:
        return generate_latest(self.registry)


class _Live(Collector):
    """Gauges read when scraped: tables in memory by status, sockets, the search queue."""

    def __init__(self, parts: Callable[[], tuple[RoomRegistry, Connections, SearchPool]]) -> None:
        self.parts = parts

    def collect(self) -> Iterator[Metric]:
        registry, connections, pool = self.parts()
        tables = GaugeMetricFamily(
            "pakka_tables", "Tables held in memory, by status.", labels=["status"]
        )
        counts = {"open": 0, "playing": 0, "over": 0}
        for room in list(registry.rooms.values()):
            counts[room.rec.status] = counts.get(room.rec.status, 0) + 1
        for status, n in counts.items():
            tables.add_metric([status], n)
        yield tables
        yield GaugeMetricFamily("pakka_sockets", "Open WebSockets.", value=len(connections.open))
        queue = GaugeMetricFamily(
            "pakka_search_queue",
            "Bot moves and hints waiting for a search worker, by priority.",
            labels=["priority"],
        )
        for priority, waiting in pool.queue_depths().items():
            queue.add_metric([priority], waiting)
        yield queue
        yield GaugeMetricFamily(
            "pakka_search_running", "Searches running in the workers.", value=pool.running()
        )

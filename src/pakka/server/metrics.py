"""Prometheus metrics of one server process, served at ``/metrics``.

Counters and the action latency histogram are updated where things happen; the gauges
(tables, sockets, the search queue) are read from the live objects when Prometheus scrapes,
so they cannot drift.  Each app has its own :class:`~prometheus_client.CollectorRegistry`
(tests build many apps in one process).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

ACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: an action is taken, committed, applied and published in a few milliseconds."""


@dataclass(frozen=True)
class Gauges:
    """The live values the gauges report, read from the server's parts at each scrape (by a
    function :mod:`pakka.server.services` gives, so that this module, which the parts import,
    imports none of them)."""

    tables: Mapping[str, int]
    """Tables held in memory, by status."""
    sockets: int
    queue: Mapping[str, int]
    """Searches waiting, by priority."""
    running: int


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

    def watch(self, gauges: Callable[[], Gauges]) -> None:
        """Report the live gauges ``gauges()`` reads at every scrape."""
        self.registry.register(_Live(gauges))

    def render(self) -> bytes:
        return generate_latest(self.registry)


class _Live(Collector):
    """Gauges read when scraped: tables in memory by status, sockets, the search queue."""

    def __init__(self, gauges: Callable[[], Gauges]) -> None:
        self.gauges = gauges

    def collect(self) -> Iterator[Metric]:
        now = self.gauges()
        tables = GaugeMetricFamily(
            "pakka_tables", "Tables held in memory, by status.", labels=["status"]
        )
        for status, n in now.tables.items():
            tables.add_metric([status], n)
        yield tables
        yield GaugeMetricFamily("pakka_sockets", "Open WebSockets.", value=now.sockets)
        queue = GaugeMetricFamily(
            "pakka_search_queue",
            "Bot moves and hints waiting for a search worker, by priority.",
            labels=["priority"],
        )
        for priority, waiting in now.queue.items():
            queue.add_metric([priority], waiting)
        yield queue
        yield GaugeMetricFamily(
            "pakka_search_running", "Searches running in the workers.", value=now.running
        )

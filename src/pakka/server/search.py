"""The search budget: bot moves and hints run in a small pool of worker processes.

Search bots and hints are CPU-bound Python.  Run on the server's own threads they held the
GIL against the event loop: 20 all-bot ``hard`` Guandan tables, or 12 sockets of one seat
asking for hints, slowed every other table's answers a hundredfold.  Here they run in
``workers`` processes of their own, at a lower CPU priority (``nice``), so the event loop
keeps a core and the operating system gives it the CPU first.

Which waiting job runs next is decided fairly, not first come first served:

* **Class.**  A bot's move at a table where a person is playing (:attr:`Priority.PEOPLE`)
  and a hint a person asked for (:attr:`Priority.HINT`) go before everything else
  (:attr:`Priority.BACKGROUND`: all-bot tables, tables whose people are all away).
* **Address.**  Among those, the job of the client address (the table's creator, or the
  person asking for a hint) that has used the workers least lately goes first: each
  address's worker time decays by half every :data:`USAGE_HALF_LIFE` seconds, and a job is
  charged its expected time when it starts.  Sixteen tables from four addresses get four
  addresses' share, not sixteen tables' share, and one person's table gets its turn as soon
  as a worker is free.
* **Table.**  Among one address's jobs, the table served longest ago goes first.

Each kind of job (a game and a bot level, or a game's hints) has a running mean of how long
it takes.  The last free worker is kept for **short** jobs (a mean under
``short_seconds``) at tables where a person plays: hints, background bots and long
searches (``hard`` bots) may hold at most ``workers - 1`` workers, so a table of ``normal``
bots never waits behind a ``hard`` one, whoever asks for how many.  Hints waiting beyond
``hint_queue`` are refused (:class:`~pakka.server.limits.Refused`): the address with the
most hints waiting gives up its newest, so one address cannot keep the others' out.

The workers are forked when the server starts (on Linux), before it serves anything, so
they know every game registered in the server (plug-ins, tests' games) and no lock of a
busy thread is copied into them; elsewhere they are spawned.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import itertools
import logging
import multiprocessing
import os
import signal
import sys
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

import pakka.bots
import pakka.games
from pakka.engine import Action
from pakka.server.limits import Refused

log = logging.getLogger("pakka.server")

USAGE_HALF_LIFE = 10.0
"""Seconds in which an address's past worker time counts for half as much."""
COST_WEIGHT = 0.2
"""Weight of the newest duration in a kind of job's running mean."""
REMEMBERED = 10_000
"""Addresses, tables and kinds of job remembered (the least recent are forgotten)."""


class Priority(IntEnum):
    PEOPLE = 0
    """A bot's move at a table where a seated person is connected and playing."""
    HINT = 1
    """A person asked for a hint."""
    BACKGROUND = 2
    """A bot's move anywhere else: all-bot tables, tables whose people are all away."""
    REVIEW = 3
    """A part of a review of a finished match (issue 30): after everything else."""


def default_workers() -> int:
    """One worker per core but one (the event loop's), at least two (so that one is
    always free for people's tables), at most four."""
    return max(2, min(4, (os.cpu_count() or 2) - 1))


@dataclass
class _Job:
    priority: Priority
    owner: str
    """The client address the job is for (fair shares are per address)."""
    table: str
    kind: str
    """What sort of job: ``"guandan:hard"``, ``"guandan:hint"`` (its duration is learnt)."""
    seq: int
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    reserved: bool = False
    """It may take the last free worker (a short job at a people's table)."""
    started: float = 0.0
    charged: float = 0.0


@dataclass
class _Usage:
    seconds: float = 0.0
    stamp: float = 0.0


class SearchPool:
    """Runs :func:`bot_move` and :func:`hint` in worker processes, fairly (see above)."""

    def __init__(
        self,
        workers: int,
        nice: int = 10,
        hint_queue: int = 8,
        short_seconds: float = 0.05,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.workers = max(1, workers)
        self.nice = nice
        self.hint_queue = hint_queue
        self.short_seconds = short_seconds
        self.clock = clock
        self.long_cap = max(1, self.workers - 1)
        """Workers that hints, background bots and long searches may hold at once."""
        self._executor: ProcessPoolExecutor | None = None
        self._queue: list[_Job] = []
        self._seq = itertools.count()
        self._running: list[_Job] = []
        self._closed = False
        self._usage: OrderedDict[str, _Usage] = OrderedDict()
        self._served: OrderedDict[str, int] = OrderedDict()
        """When a job of each table (and of each ``owner:`` address) last started (a
        count: the one served longest ago goes first)."""
        self._starts = itertools.count()
        self.costs: OrderedDict[str, float] = OrderedDict()
        """Running mean of each kind of job's seconds (a kind not seen yet is long)."""

    def waiting(self, priority: Priority | None = None) -> int:
        """Jobs queued (of one priority, or all)."""
        return sum(1 for j in self._queue if priority is None or j.priority == priority)

    def running(self) -> int:
        return len(self._running)

    def queue_depths(self) -> dict[str, int]:
        """Jobs waiting, by priority name (for the metrics)."""
        return {p.name.lower(): self.waiting(p) for p in Priority}

    def usage(self, owner: str) -> float:
        """``owner``'s worker seconds lately (halved every :data:`USAGE_HALF_LIFE` s)."""
        found = self._usage.get(owner)
        if found is None:
            return 0.0
        decay: float = 0.5 ** ((self.clock() - found.stamp) / USAGE_HALF_LIFE)
        return found.seconds * decay

    def _charge(self, owner: str, seconds: float) -> None:
        spent = self.usage(owner) + seconds
        self._usage.pop(owner, None)
        self._usage[owner] = _Usage(max(0.0, spent), self.clock())
        while len(self._usage) > REMEMBERED:
            self._usage.popitem(last=False)

    def short(self, kind: str) -> bool:
        """Whether jobs of ``kind`` usually take less than ``short_seconds`` (a kind not
        seen yet is not: sixteen new ``hard`` tables would otherwise take every worker,
        the kept one too, before the first of their moves is timed)."""
        if not kind:  # a job that says nothing of itself (as before kinds were learnt)
            return True
        cost = self.costs.get(kind)
        return cost is not None and cost < self.short_seconds

    async def start(self) -> None:
        """Start the workers now (forked before the server serves anything) and wait
        until each has answered once."""
        self._executor = self._new_executor()
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self._executor, _ready) for _ in range(self.workers))
        )

    async def close(self) -> None:
        """Refuse new jobs, fail the waiting ones and stop the workers (a search in
        progress is abandoned: its worker is stopped)."""
        self._closed = True
        for job in self._queue:
            if not job.future.done():
                job.future.set_exception(RuntimeError("the server is shutting down"))
        self._queue.clear()
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(_stop, executor)

    async def run(
        self,
        priority: Priority,
        fn: Callable[..., Any],
        *args: Any,
        owner: str = "",
        table: str = "",
        kind: str = "",
    ) -> Any:
        """``fn(*args)`` in a worker once it is this job's turn; its result or its error.

        ``owner`` is the client address the job is for, ``table`` its table and ``kind``
        what sort of job it is (its duration is learnt: see the module's docstring)."""
        if self._closed:
            raise RuntimeError("the server is shutting down")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        job = _Job(priority, owner, table or owner, kind, next(self._seq), fn, args, future)
        if priority == Priority.HINT:
            self._make_room_for_hint(job)
        self._queue.append(job)
        self._dispatch()
        try:
            return await future
        except asyncio.CancelledError:
            future.cancel()  # a queued job is dropped by _dispatch; a running one runs out
            raise

    def _make_room_for_hint(self, job: _Job) -> None:
        """Refuse a hint when ``hint_queue`` are waiting, unless another address has more
        waiting than this one: then that address's newest waiting hint is refused."""
        hints = [j for j in self._queue if j.priority == Priority.HINT and not j.future.done()]
        if len(hints) < self.hint_queue:
            return
        counts = Counter(j.owner for j in hints)
        busiest, most = max(counts.items(), key=lambda kv: (kv[1], self.usage(kv[0])))
        if busiest != job.owner and most > counts[job.owner] + 1:
            newest = max((j for j in hints if j.owner == busiest), key=lambda j: j.seq)
            self._queue.remove(newest)
            newest.future.set_exception(self._hint_refused())
            return
        raise self._hint_refused()

    def _hint_refused(self) -> Refused:
        return Refused(
            "hint_busy",
            f"{self.hint_queue} hints are waiting already; ask again in a moment",
            retry_after=2.0,
        )

    def _dispatch(self) -> None:
        """Start queued jobs while workers are free."""
        while len(self._running) < self.workers and not self._closed:
            job = self._next()
            if job is None:
                return
            self._submit(job)

    def _next(self) -> _Job | None:
        """The queued job to start now, if one may (dropping jobs nobody waits for)."""
        self._queue = [j for j in self._queue if not j.future.done()]
        capped = sum(1 for j in self._running if not j.reserved)
        best: tuple[Any, ...] | None = None
        chosen: _Job | None = None
        usage: dict[str, float] = {}
        for job in self._queue:
            job.reserved = job.priority == Priority.PEOPLE and self.short(job.kind)
            if not job.reserved and capped >= self.long_cap and self.workers > 1:
                continue  # the last worker is kept for short jobs at people's tables
            if job.owner not in usage:
                usage[job.owner] = self.usage(job.owner)
            key = (
                job.priority >= Priority.BACKGROUND,
                job.priority == Priority.REVIEW,
                usage[job.owner],
                job.priority,
                self._served.get(f"owner:{job.owner}", -1),
                self._served.get(job.table, -1),
                job.seq,
            )
            if best is None or key < best:
                best, chosen = key, job
        if chosen is not None:
            self._queue.remove(chosen)
        return chosen

    def _submit(self, job: _Job) -> None:
        self._running.append(job)
        job.started = self.clock()
        job.charged = self.costs.get(job.kind, 0.0)
        self._charge(job.owner, job.charged)
        for key in (f"owner:{job.owner}", job.table):
            self._served.pop(key, None)
            self._served[key] = next(self._starts)
        while len(self._served) > REMEMBERED:
            self._served.popitem(last=False)
        loop = asyncio.get_running_loop()
        try:
            executor = self._executor or self._new_executor()
            self._executor = executor
            done: Future[Any] = executor.submit(job.fn, *job.args)
        except (BrokenProcessPool, RuntimeError) as exc:
            self._finished(job, None, exc)
            return
        done.add_done_callback(lambda f: loop.call_soon_threadsafe(self._finished, job, f, None))

    def _learn(self, job: _Job) -> None:
        """Charge the job's owner what it really took, and learn its kind's duration."""
        took = max(0.0, self.clock() - job.started)
        self._charge(job.owner, took - job.charged)
        if job.kind:
            mean = self.costs.pop(job.kind, None)
            self.costs[job.kind] = took if mean is None else mean + COST_WEIGHT * (took - mean)
            while len(self.costs) > REMEMBERED:
                self.costs.popitem(last=False)

    def _finished(self, job: _Job, done: Future[Any] | None, error: BaseException | None) -> None:
        self._running.remove(job)
        self._learn(job)
        if done is not None:
            error = (
                RuntimeError("the search was cancelled") if done.cancelled() else done.exception()
            )
        if isinstance(error, BrokenProcessPool):
            log.error("a search worker died; starting the search workers again")
            broken, self._executor = self._executor, None
            if broken is not None:
                broken.shutdown(wait=False, cancel_futures=True)
        if not job.future.done():
            if error is not None:
                job.future.set_exception(error)
            else:
                assert done is not None
                job.future.set_result(done.result())
        self._dispatch()

    def _new_executor(self) -> ProcessPoolExecutor:
        method = "fork" if sys.platform == "linux" else "spawn"
        return ProcessPoolExecutor(
            self.workers,
            mp_context=multiprocessing.get_context(method),
            initializer=_init_worker,
            initargs=(self.nice, os.getpid()),
        )


def _stop(executor: ProcessPoolExecutor) -> None:
    """Stop the workers at once, whatever they are doing."""
    processes = list(getattr(executor, "_processes", {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(timeout=5)


# --- what runs in the workers ---------------------------------------------------------


def _init_worker(nice: int, server: int) -> None:
    """A worker: it dies with the server, at a lower CPU priority, with no signal handlers
    of the server's own (the server stops its workers itself)."""
    _die_with(server)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal the kernel sends this process when its parent dies."""


def _die_with(server: int) -> None:
    """Have the kernel kill this worker when the server process dies, even by ``kill -9``.
    Else it would live on as an orphan, holding what it inherited from the server: the
    database's instance lock among them, so that a restarted server would refuse to start.
    (Linux; elsewhere the workers are spawned and end when their pipe to the server does.)"""
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != server:  # the server died before the line above
        os._exit(1)


def _ready() -> bool:
    return True


def bot_move(
    game: str, level: str, seed: int, observation: dict[str, Any], legal: list[Action]
) -> Action:
    """``pakka.bots.make(game, level, seed).act(observation, legal)`` (in a worker)."""
    return pakka.bots.make(game, level, seed=seed).act(observation, legal)


def hint(
    game: str, observation: dict[str, Any], legal: list[Action], lang: str
) -> list[tuple[Action, str]]:
    """``pakka.bots.hints`` (in a worker): the hint and its alternatives, each with its
    reason in ``lang``, best first."""
    return pakka.bots.hints(game, observation, legal, lang=lang)

"""The search budget: bot moves and hints run in a small pool of worker processes.

Search bots and hints are CPU-bound Python.  Run on the server's own threads they held the
GIL against the event loop: 20 all-bot ``hard`` Guandan tables, or 12 sockets of one seat
asking for hints, slowed every other table's answers a hundredfold.  Here they run in
``workers`` processes of their own, at a lower CPU priority (``nice``), so the event loop
keeps a core and the operating system gives it the CPU first.

Jobs wait in one queue ordered by :class:`Priority`: a bot at a table where a person is
playing first, then hints, then everything else (all-bot tables, tables nobody seated is
connected to).  Long jobs (hints and background bots) may hold at most ``workers - 1``
workers, so with two or more workers one is always free for people's tables.  Hints
waiting beyond ``hint_queue`` are refused (:class:`~pakka.server.limits.Refused`).

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
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

import pakka.bots
import pakka.games
from pakka.engine import Action
from pakka.server.limits import Refused

log = logging.getLogger("pakka.server")


class Priority(IntEnum):
    PEOPLE = 0
    """A bot's move at a table where a seated person is connected."""
    HINT = 1
    """A person asked for a hint."""
    BACKGROUND = 2
    """A bot's move anywhere else: all-bot tables, tables nobody seated is watching."""


def default_workers() -> int:
    """One worker per core but one (the event loop's), at least two (so that one is
    always free for people's tables), at most four."""
    return max(2, min(4, (os.cpu_count() or 2) - 1))


@dataclass(order=True)
class _Job:
    priority: int
    seq: int
    fn: Callable[..., Any] = field(compare=False)
    args: tuple[Any, ...] = field(compare=False)
    future: asyncio.Future[Any] = field(compare=False)


class SearchPool:
    """Runs :func:`bot_move` and :func:`hint` in worker processes, by priority."""

    def __init__(self, workers: int, nice: int = 10, hint_queue: int = 8) -> None:
        self.workers = max(1, workers)
        self.nice = nice
        self.hint_queue = hint_queue
        self.long_cap = max(1, self.workers - 1)
        """Workers that hints and background bots may hold at once."""
        self._executor: ProcessPoolExecutor | None = None
        self._queue: list[_Job] = []
        self._seq = itertools.count()
        self._running = dict.fromkeys(Priority, 0)
        self._closed = False

    def waiting(self, priority: Priority | None = None) -> int:
        """Jobs queued (of one priority, or all)."""
        return sum(1 for j in self._queue if priority is None or j.priority == priority)

    def running(self) -> int:
        return sum(self._running.values())

    def queue_depths(self) -> dict[str, int]:
        """Jobs waiting, by priority name (for the metrics)."""
        return {p.name.lower(): self.waiting(p) for p in Priority}

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

    async def run(self, priority: Priority, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker once it is this job's turn; its result or its error."""
        if self._closed:
            raise RuntimeError("the server is shutting down")
        if priority == Priority.HINT and self.waiting(Priority.HINT) >= self.hint_queue:
            raise Refused(
                "hint_busy",
                f"{self.hint_queue} hints are waiting already; ask again in a moment",
                retry_after=2.0,
            )
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.append(_Job(int(priority), next(self._seq), fn, args, future))
        self._dispatch()
        try:
            return await future
        except asyncio.CancelledError:
            future.cancel()  # a queued job is dropped by _dispatch; a running one runs out
            raise

    def _dispatch(self) -> None:
        """Start queued jobs while workers are free."""
        while self.running() < self.workers and not self._closed:
            job = self._next()
            if job is None:
                return
            self._submit(job)

    def _next(self) -> _Job | None:
        """The first queued job allowed to start now (dropping jobs nobody waits for)."""
        long_busy = self._running[Priority.HINT] + self._running[Priority.BACKGROUND]
        for job in sorted(self._queue):
            if job.future.done():
                self._queue.remove(job)
            elif job.priority == Priority.PEOPLE or long_busy < self.long_cap:
                self._queue.remove(job)
                return job
        return None

    def _submit(self, job: _Job) -> None:
        priority = Priority(job.priority)
        self._running[priority] += 1
        loop = asyncio.get_running_loop()
        try:
            executor = self._executor or self._new_executor()
            self._executor = executor
            done: Future[Any] = executor.submit(job.fn, *job.args)
        except (BrokenProcessPool, RuntimeError) as exc:
            self._finished(priority, job, None, exc)
            return
        done.add_done_callback(
            lambda f: loop.call_soon_threadsafe(self._finished, priority, job, f, None)
        )

    def _finished(
        self, priority: Priority, job: _Job, done: Future[Any] | None, error: BaseException | None
    ) -> None:
        self._running[priority] -= 1
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

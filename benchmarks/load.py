"""Server load on loopback: many bot tables plus simulated people over WebSockets.

Starts ``pakka serve`` in a child process (the command as shipped: uvicorn, SQLite in a
temporary folder, its log and audit log in that folder; every client comes from
127.0.0.1, so the limits per client address are raised, see ``ONE_ADDRESS_LIMITS``), then
for ``--seconds``:

* ``--bot-tables`` tables played by random bots only, each watched by ``--spectators``;
* ``--people-tables`` tables with two person seats (the rest bots): each person joins over
  REST, connects, acts on its turn (a random legal action after ``--think`` seconds) and
  every ``--reconnect-every`` actions drops its socket and connects again.

It reports the tables and clients held, actions per second (all tables), the latency from a
person's action to the ``state`` that acknowledges it on that person's socket (p50/p95/p99),
errors (any ``error`` frame, failed request or lost socket) and the server's RSS.  The
latency is given twice: ``latency_ms`` leaves out the first ``--warmup`` seconds, when all
the sockets open at the same instant (a storm that a real server sees only after a restart),
and ``latency_ms_whole_run`` keeps them; ``latency_p99_ms_by_10_s`` shows the p99 of each
ten seconds, so a tail that comes from a few bad stretches is visible.

So that the load generator is not what is measured, the people run in ``--client-processes``
processes of their own (the spectators in the main one), and it reports the CPU each side
used (per cent of one core), the client processes' event-loop lag (how late a 5 ms sleep
wakes, p50/p99: a latency is only the server's if the client's lag is small beside it) and
the machine's load average and CPU pressure (the share of the run in which some runnable
task waited for a CPU, from ``/proc/pressure/cpu``).  Loopback only, bounded in count and
time; it stops by itself::

    python benchmarks/load.py --bot-tables 100 --people-tables 100 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
SERVE = "import sys; from pakka.cli import app; sys.argv[0] = 'pakka'; app()"
"""``pakka serve`` as the installed command runs it (the same options and settings)."""


ONE_ADDRESS_LIMITS = {
    "creates_per_minute": 100_000,
    "create_burst": 2_000,
    "joins_per_minute": 100_000,
    "join_burst": 4_000,
    "bot_tables_per_address": 1_000,
    "bot_tables": 1_000,
    "sockets_per_address": 5_000,
    "connects_per_minute": 100_000,
    "connect_burst": 5_000,
    "tables_per_address": 5_000,
    "search_tables_per_address": 5_000,
    "address_messages_per_second": 100_000,
    "address_message_burst": 100_000,
    "connections_per_address": 5_000,
}
"""Every simulated client comes from 127.0.0.1: the limits per client address (meant for
one person's browser) are raised for the run; the rest stay as shipped."""


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.clients = 0
        self.peak_clients = 0
        self.person_actions = 0
        self.when: list[float] = []
        """When each latency was measured (``time.monotonic()``)."""

    def connected(self, delta: int) -> None:
        self.clients += delta
        self.peak_clients = max(self.peak_clients, self.clients)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def loop_lag(lags: list[float], until: float) -> None:
    """How late this process's event loop wakes from a 5 ms sleep (the client's queueing)."""
    while time.monotonic() < until:
        start = time.perf_counter()
        await asyncio.sleep(0.005)
        lags.append(time.perf_counter() - start - 0.005)


def cpu_pressure() -> float | None:
    """Seconds so far that some runnable task waited for a CPU (Linux PSI), if known."""
    try:
        some = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except OSError:
        return None
    return int(some.rsplit("total=", 1)[1]) / 1e6


def windows(when: list[float], lat: list[float], start: float, width: float) -> list[Any]:
    """``[start second, count, p99 ms]`` per ``width`` seconds of the run: a tail that comes
    from a few bad windows (the machine busy with other work) shows here."""
    groups: dict[int, list[float]] = {}
    for t, x in zip(when, lat, strict=True):
        groups.setdefault(int((t - start) // width), []).append(x)
    out = []
    for k, xs in sorted(groups.items()):
        xs.sort()
        out.append([int(k * width), len(xs), round(1000 * xs[int(0.99 * (len(xs) - 1))], 1)])
    return out


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def spectate(url: str, stats: Stats, until: float) -> None:
    try:
        async with connect(url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "auth", "token": None}))
            stats.connected(1)
            try:
                while time.monotonic() < until:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=until - time.monotonic())
                    except TimeoutError:
                        break
                    if json.loads(raw)["type"] == "error":
                        stats.errors.append(f"spectator: {raw[:200]!r}")
            finally:
                stats.connected(-1)
    except Exception as exc:
        stats.errors.append(f"spectator socket: {exc!r}")


async def person(
    url: str,
    token: str,
    stats: Stats,
    until: float,
    think: float,
    reconnect_every: int,
    rng: random.Random,
) -> None:
    acted = 0
    while time.monotonic() < until:
        try:
            async with connect(url, max_size=2**22) as ws:
                await ws.send(json.dumps({"type": "auth", "token": token}))  # never in the URL
                stats.connected(1)
                try:
                    acted_here = 0
                    sent: tuple[int, float] | None = None
                    while time.monotonic() < until:
                        try:
                            raw = await asyncio.wait_for(
                                ws.recv(), timeout=max(0.01, until - time.monotonic())
                            )
                        except TimeoutError:
                            return
                        msg = json.loads(raw)
                        if msg["type"] == "error":
                            if msg["code"] == "illegal" and "moved on" in msg["message"]:
                                sent = None  # a bot moved first in a simultaneous step
                                continue
                            stats.errors.append(f"person: {raw[:200]!r}")
                            continue
                        if msg["type"] != "state":
                            continue
                        if sent is not None and msg["version"] > sent[0]:
                            stats.latencies.append(time.perf_counter() - sent[1])
                            stats.when.append(time.monotonic())
                            sent = None
                        if msg["observation"]["result"] is not None:
                            return
                        pause = msg["present"].get("pause") if msg.get("present") else None
                        if pause and pause.get("you_reading"):  # the break between deals
                            await ws.send(json.dumps({"type": "ready"}))
                        if msg["legal_actions"] and sent is None:
                            if acted_here >= reconnect_every:
                                break  # drop the socket and come back
                            await asyncio.sleep(think * rng.random())
                            action = rng.choice(msg["legal_actions"])
                            sent = (msg["version"], time.perf_counter())
                            await ws.send(
                                json.dumps(
                                    {"type": "action", "action": action, "version": msg["version"]}
                                )
                            )
                            acted += 1
                            acted_here += 1
                            stats.person_actions += 1
                finally:
                    stats.connected(-1)
        except Exception as exc:
            stats.errors.append(f"person socket: {exc!r}")
            return


def ready() -> bool:
    """Nothing: makes a client process start (and import) before the clock runs."""
    return True


def people_process(
    specs: list[tuple[str, str, float]], until: float, think: float, reconnect_every: int
) -> dict[str, Any]:
    """A share of the simulated people, in a client process of its own."""
    cpu = time.process_time()
    stats = Stats()
    lags: list[float] = []

    async def main() -> None:
        await asyncio.gather(
            loop_lag(lags, until),
            *(
                person(url, token, stats, until, think, reconnect_every, random.Random(seed))
                for url, token, seed in specs
            ),
        )

    asyncio.run(main())
    return {
        "latencies": stats.latencies,
        "errors": stats.errors,
        "peak_clients": stats.peak_clients,
        "person_actions": stats.person_actions,
        "lags": lags,
        "when": stats.when,
        "cpu": time.process_time() - cpu,
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    tmp = tempfile.mkdtemp(prefix="pakka-load-")
    db = f"sqlite:///{tmp}/load.sqlite3"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    serve = ["serve", "--db", db, "--port", str(port), "--bot-delay", str(args.bot_delay)]
    serve += ["--audit-log", str(Path(tmp) / "audit.jsonl")]
    for name, value in ONE_ADDRESS_LIMITS.items():
        serve += ["--limit", f"{name}={value}"]
    log_file = open(Path(tmp) / "server.log", "w")  # noqa: SIM115 (closed in finally)
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE, *serve], cwd=ROOT, stdout=log_file, stderr=log_file
    )
    stats = Stats()
    rng = random.Random(args.seed)
    workers = max(1, args.client_processes)
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
    loop = asyncio.get_running_loop()
    try:
        await asyncio.gather(*(loop.run_in_executor(pool, ready) for _ in range(workers)))
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for _ in range(200):
                try:
                    await http.get("/api")
                    break
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
            game = args.game
            players = (await http.get(f"/api/games/{game}")).json()["default_players"]
            spectators: list[str] = []
            people: list[tuple[str, str, float]] = []
            table_ids = []
            for _ in range(args.bot_tables):
                r = await http.post(
                    "/api/tables",
                    json={"game": game, "players": players, "seats": [{"kind": "bot"}] * players},
                )
                tid = r.json()["table"]["id"]
                table_ids.append(tid)
                spectators += [f"ws://127.0.0.1:{port}/ws/tables/{tid}"] * args.spectators
            for _ in range(args.people_tables):
                seats = [{"kind": "person"}] * 2 + [{"kind": "bot"}] * (players - 2)
                r = await http.post(
                    "/api/tables", json={"game": game, "players": players, "seats": seats}
                )
                tid = r.json()["table"]["id"]
                table_ids.append(tid)
                for name in ("Ann", "Bea"):
                    token = (
                        await http.post(f"/api/tables/{tid}/join", json={"name": name})
                    ).json()["token"]
                    people.append((f"ws://127.0.0.1:{port}/ws/tables/{tid}", token, rng.random()))
            started = time.monotonic()
            until = started + args.seconds
            rss_peak = 0.0
            cpu_server, cpu_client = cpu_seconds(proc.pid), time.process_time()
            load_before, pressure = os.getloadavg(), cpu_pressure()
            shares = [
                loop.run_in_executor(
                    pool,
                    people_process,
                    people[w::workers],
                    until,
                    args.think,
                    args.reconnect_every,
                )
                for w in range(workers)
            ]

            async def sample() -> None:
                nonlocal rss_peak
                while time.monotonic() < until:
                    rss_peak = max(rss_peak, rss_mib(proc.pid))
                    await asyncio.sleep(1)

            *_, shared = await asyncio.gather(
                sample(),
                *(spectate(url, stats, until) for url in spectators),
                asyncio.gather(*shares),
            )
            results: list[dict[str, Any]] = shared  # type: ignore[assignment]
            elapsed = time.monotonic() - started
            cpu_server = cpu_seconds(proc.pid) - cpu_server
            cpu_client = time.process_time() - cpu_client + sum(share["cpu"] for share in results)
            after = cpu_pressure()
            pressure = None if pressure is None or after is None else after - pressure
            for share in results:
                stats.when += share["when"]
                stats.latencies += share["latencies"]
                stats.errors += share["errors"]
                stats.person_actions += share["person_actions"]
                stats.peak_clients += share["peak_clients"]
            lags = sorted(lag for share in results for lag in share["lags"])
            actions = 0
            for tid in table_ids:
                for m in (await http.get(f"/api/tables/{tid}/matches")).json():
                    actions += m["actions"]
            steady = started + args.warmup

            def summary(lat: list[float]) -> dict[str, float | None]:
                lat = sorted(lat)

                def pct(p: float) -> float:
                    return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 1)

                if not lat:
                    return {"count": 0}
                return {
                    "count": len(lat),
                    "p50": pct(0.50),
                    "p95": pct(0.95),
                    "p99": pct(0.99),
                    "mean": round(1000 * statistics.fmean(lat), 1),
                }

            return {
                "game": game,
                "tables": len(table_ids),
                "clients_peak": stats.peak_clients,
                "seconds": round(elapsed, 1),
                "actions": actions,
                "actions_per_second": round(actions / elapsed, 1),
                "person_actions": stats.person_actions,
                "latency_ms": summary(
                    [x for t, x in zip(stats.when, stats.latencies, strict=True) if t >= steady]
                ),
                "latency_ms_whole_run": summary(stats.latencies),
                "latency_p99_ms_by_10_s": windows(stats.when, stats.latencies, started, 10),
                "errors": len(stats.errors),
                "first_errors": stats.errors[:5],
                "server_rss_mib_peak": round(rss_peak, 1),
                "cpu_percent": {
                    "server": round(100 * cpu_server / elapsed),
                    "client": round(100 * cpu_client / elapsed),
                },
                "machine": {
                    "cpus": os.cpu_count(),
                    "load_average_before": [round(x, 2) for x in load_before],
                    "load_average_after": [round(x, 2) for x in os.getloadavg()],
                    "cpu_pressure_percent": None
                    if pressure is None
                    else round(100 * pressure / elapsed),
                },
                "client_processes": workers,
                "client_loop_lag_ms": {
                    "p50": round(1000 * lags[len(lags) // 2], 1) if lags else None,
                    "p99": round(1000 * lags[int(0.99 * len(lags))], 1) if lags else None,
                },
            }
    finally:
        pool.shutdown(cancel_futures=True)
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log_file.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="norlanninnakki")
    parser.add_argument("--bot-tables", type=int, default=100)
    parser.add_argument("--people-tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--bot-delay", type=float, default=1.0, help="seconds between bot moves")
    parser.add_argument("--think", type=float, default=1.0, help="a person's longest pause")
    parser.add_argument("--reconnect-every", type=int, default=10)
    parser.add_argument("--spectators", type=int, default=2, help="per bot table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--warmup",
        type=float,
        default=10,
        help="seconds at the start (every socket opening at once) left out of latency_ms; "
        "latency_ms_whole_run keeps them",
    )
    parser.add_argument(
        "--client-processes",
        type=int,
        default=2,
        help="processes the simulated people run in (the spectators stay in the main one)",
    )
    args = parser.parse_args()
    if args.bot_tables + args.people_tables > 1000 or args.seconds > 600:
        parser.error("bounded: at most 1000 tables and 600 seconds")
    os.environ.setdefault("PYTHONPATH", str(ROOT / "src"))
    print(json.dumps(asyncio.run(run(args)), indent=2))


if __name__ == "__main__":
    main()

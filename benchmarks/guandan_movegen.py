"""Guandan move generation speed: median and p95 time of ``legal_plays`` for random
27-card hands at random levels, as a lead and as a follow, in full and canonical mode.

Method: one fixed seed; for each sample a random 27-card hand from the 108-card pack and
a random level 2..A; a follow beats a combo drawn from another random hand's leads.
Built plays are cached process-wide (they are immutable); "cold" clears that cache
before every call, "warm" keeps it as a running match or bot does.
Times are per call after a warm-up: wall clock (``time.perf_counter``) and, less
disturbed by other processes on a busy machine, the process's CPU time
(``time.process_time``).

    python benchmarks/guandan_movegen.py [samples]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from pakka.cards import guandan_deck
from pakka.games.guandan import legal_plays, moves


def measure(samples: int, seed: int = 1, cold: bool = False) -> list[str]:
    rng = random.Random(seed)
    pack = guandan_deck()
    cases = []
    for _ in range(samples):
        level = rng.randint(2, 14)
        hand = rng.sample(pack, 27)
        other = legal_plays(rng.sample(pack, 27), level, canonical=True)
        cases.append((hand, level, rng.choice(other).combo))
    for hand, level, _ in cases[:20]:  # warm-up (lazy tables)
        legal_plays(hand, level)
    lines = []
    for mode in ("lead", "follow"):
        for canonical in (False, True):
            times, cpu, counts = [], [], []
            for hand, level, to_beat in cases:
                target = None if mode == "lead" else to_beat
                if cold:
                    moves.clear_caches()
                t, c = time.perf_counter(), time.process_time()
                plays = legal_plays(hand, level, target, canonical=canonical)
                cpu.append(time.process_time() - c)
                times.append(time.perf_counter() - t)
                counts.append(len(plays))
            times.sort()
            cpu.sort()
            name = "canonical" if canonical else "full"
            p95 = int(0.95 * len(times))
            lines.append(
                f"{mode:6} {name:9}  wall median {statistics.median(times) * 1e3:6.2f} ms "
                f"p95 {times[p95] * 1e3:6.2f} ms | cpu median {statistics.median(cpu) * 1e3:6.2f}"
                f" ms p95 {cpu[p95] * 1e3:6.2f} ms | plays median "
                f"{statistics.median(counts):4.0f} max {max(counts)}"
            )
    return lines


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    print(f"Guandan legal_plays, {n} random 27-card hands")
    print("warm (process-wide play cache filled by earlier calls, as in a running match):")
    for line in measure(n):
        print("  " + line)
    print("cold (caches cleared before every call):")
    for line in measure(n, cold=True):
        print("  " + line)

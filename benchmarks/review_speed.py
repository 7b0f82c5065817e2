"""How long a review takes: CPU seconds of one core (``time.process_time``).  (Not a test.)

The issue-30 budgets: a deal of a trick game (Anarchy, Pentagrammi, Norlanninnakki) reviewed
in at most 10 s, a whole Guandan match in at most 60 s.  For each seed, ``normal`` bots play a
match (one deal of the trick games, the whole match of Guandan) and seat 0 is reviewed with
the game's default worlds (its bot kit's ``ReviewScale.worlds``) unless ``--worlds``.

Usage::

    python benchmarks/review_speed.py --seeds 5
    python benchmarks/review_speed.py --game guandan --seeds 3
"""

from __future__ import annotations

import argparse
import statistics
import time

from pakka.review import review
from pakka.review.analysis import review_scale
from pakka.review.sample import sample_match

BUDGET = {"anarchy": 10.0, "pentagrammi": 10.0, "norlanninnakki": 10.0, "guandan": 60.0}
WHOLE_MATCH = {"guandan"}


def measure(game: str, seed: int, worlds: int | None) -> tuple[float, int, int, int]:
    """CPU seconds, deals, decisions reviewed and marked decisions of one review."""
    record = sample_match(game, seed, deals=None if game in WHOLE_MATCH else 1)
    start = time.process_time()
    r = review(record, 0, worlds=worlds)
    cpu = time.process_time() - start
    deals = len({d.deal for d in r.decisions})
    return cpu, deals, len(r.decisions), sum(bool(d.mark) for d in r.decisions)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--game", action="append", choices=sorted(BUDGET))
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--worlds", type=int, default=None)
    args = ap.parse_args()
    print(
        "| game | reviewed | worlds | seeds | deals | decisions | marked | CPU s median | CPU s max | budget s |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for game in args.game or sorted(BUDGET):
        runs = [measure(game, seed, args.worlds) for seed in range(1, args.seeds + 1)]
        cpus = [r[0] for r in runs]
        print(
            f"| {game} | {'match' if game in WHOLE_MATCH else 'deal'} "
            f"| {args.worlds or review_scale(game).worlds} | {len(runs)} "
            f"| {sum(r[1] for r in runs)} | {sum(r[2] for r in runs)} | {sum(r[3] for r in runs)} "
            f"| {statistics.median(cpus):.2f} | {max(cpus):.2f} | {BUDGET[game]:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()

"""Guandan deal-level duplicate comparison of two bot levels.  (Not a test.)

Deal 1 of matches with seeds ``first .. first+count-1`` is played twice: the first level's
pair at seats 0/2 and the second's at 1/3, then the other way round (the same cards, the
same first leader).  Each deal gives the first pair's signed level gain (+3/+2/+1 when its
seat finishes first and the partner 2nd/3rd/4th, the negative of the other pair's gain
otherwise); the result is the mean gain per deal over the seeds (the two seatings of a seed
averaged, so the luck of the cards cancels), with a 95 % interval (1.96 standard errors over
the seeds), the share of deals the first pair won, the deals played and the wall time.
``end_on_double_win`` is on (a deal ends at a 1-2 finish; the gain is the same).

``--budget worlds,candidates[,confidence][,max_worlds=N][,seconds=S]``
(:meth:`Budget.parse`) sets the ``hard`` level's budget (the default is the kit's,
``pakka.games.guandan.bots.BUDGET``).  ``--jobs`` plays seeds in
parallel processes; each seed's line is printed as it finishes (in seed order).

Usage::

    python benchmarks/guandan_deals.py hard normal --first 100 --count 40 --jobs 1
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import time
from typing import Any

import pakka.games
import pakka.games.guandan.bots as GH
from pakka.bots import make
from pakka.bots.search import Budget
from pakka.games.guandan import GuandanOptions, GuandanState

_BUDGET: Budget | None = None


def _init(budget: Budget | None) -> None:
    global _BUDGET
    _BUDGET = budget


def gain(order: list[int], team: int) -> int:
    """Signed level gain of ``team`` for a finishing order."""
    first = order[0]
    g = 4 - order.index((first + 2) % 4)
    return g if first % 2 == team else -g


def play_seed(task: tuple[str, str, int]) -> dict[str, Any]:
    """Both seatings of one seed: the first level's gains, searched/changed decisions."""
    x, y, seed = task
    game = pakka.games.get("guandan")
    gains = []
    searched = changed = 0
    t0 = time.perf_counter()
    for r in (0, 1):  # x at seats 0/2, then at seats 1/3
        st = game.new_match(seed=seed, options=GuandanOptions(end_on_double_win=True))
        bots = [
            make("guandan", x if (s - r) % 2 == 0 else y, seed=seed * 10 + s, budget=_BUDGET)
            for s in range(4)
        ]
        while st.deal_number() == 1 and not st.is_over():
            for s in sorted(st.to_act()):
                legal = st.legal_actions(s)
                obs = st.observation(s)
                action = bots[s].act(obs, legal)
                stats = getattr(bots[s], "last_stats", None)
                if stats and stats.get("worlds"):
                    searched += 1
                    changed += bool(stats.get("changed"))
                    stats.clear()
                st.apply(s, action)
        assert isinstance(st, GuandanState)
        gains.append(gain(st.prev_order, r))
    return {
        "seed": seed,
        "gains": gains,
        "searched": searched,
        "changed": changed,
        "seconds": time.perf_counter() - t0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first_level", nargs="?", default="hard")
    parser.add_argument("second_level", nargs="?", default="normal")
    parser.add_argument("--first", type=int, default=100, help="first seed")
    parser.add_argument("--count", type=int, default=20, help="number of seeds (2 deals each)")
    parser.add_argument("--budget", type=Budget.parse, default=None)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="no line per seed")
    args = parser.parse_args()
    x, y = args.first_level, args.second_level
    budget = args.budget
    _init(budget)
    shown = budget or GH.KIT.budget or Budget()
    print(
        f"{x} vs {y}: seeds {args.first}..{args.first + args.count - 1}, budget "
        f"worlds={shown.worlds} candidates={shown.max_candidates} "
        f"confidence={shown.confidence} seconds={shown.seconds}, jobs={args.jobs}, "
        f"load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    tasks = [(x, y, s) for s in range(args.first, args.first + args.count)]
    start = time.perf_counter()
    results = []
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs, initializer=_init, initargs=(budget,)) as pool:
            for res in pool.imap(play_seed, tasks):
                results.append(res)
                if not args.quiet:
                    report_seed(res, results)
    else:
        for task in tasks:
            res = play_seed(task)
            results.append(res)
            if not args.quiet:
                report_seed(res, results)
    wall = time.perf_counter() - start
    vals = [sum(r["gains"]) / 2 for r in results]
    deals = [g for r in results for g in r["gains"]]
    mean = statistics.fmean(vals)
    ci = 1.96 * statistics.stdev(vals) / math.sqrt(len(vals)) if len(vals) > 1 else math.inf
    won = sum(g > 0 for g in deals) / len(deals)
    searched = sum(r["searched"] for r in results)
    changed = sum(r["changed"] for r in results)
    print(
        f"{x} vs {y}: {len(deals)} deals, mean gain {mean:+.3f} ± {ci:.3f} per deal "
        f"(95 %), deals won {100 * won:.1f} %, searched decisions {searched} "
        f"(changed {changed}), wall {wall:.0f} s, load average {os.getloadavg()[0]:.2f}"
    )


def report_seed(res: dict[str, Any], results: list[dict[str, Any]]) -> None:
    vals = [sum(r["gains"]) / 2 for r in results]
    ci = 1.96 * statistics.stdev(vals) / math.sqrt(len(vals)) if len(vals) > 1 else math.inf
    print(
        f"seed {res['seed']}: gains {res['gains']}, searched {res['searched']} "
        f"changed {res['changed']}, {res['seconds']:.0f} s; running mean "
        f"{statistics.fmean(vals):+.3f} ± {ci:.3f} over {len(vals)} seeds",
        flush=True,
    )


if __name__ == "__main__":
    main()

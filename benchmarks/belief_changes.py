"""How often weighted worlds change ``hard``'s Guandan move.  (Not a test.)

Positions: every decision of seat 0 with a choice in the play phase, once at least
``--min-plays`` plays of the deal are public, in deal 1 of ``normal`` self-play matches of
seeds ``--first ..``.  At each, ``hard`` decides twice with the same seed: with its default
budget, and with ``--budget`` (default: the same plus ``belief=24``).  It prints how many
decisions were searched, how often each left the heuristic's move, how often the two chose
differently, and their CPU time a decision.  A lever that rarely changes a move cannot
change much of the result, whatever its matches say.

Usage::

    python benchmarks/belief_changes.py --first 7000 --positions 120
"""

from __future__ import annotations

import argparse
import statistics
import time

from pakka.bots import make
from pakka.bots.search import Budget
from pakka.games import get
from pakka.games.guandan import GuandanOptions
from pakka.games.guandan.bots import BUDGET


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", type=int, default=7000)
    ap.add_argument("--positions", type=int, default=120)
    ap.add_argument("--min-plays", type=int, default=8)
    ap.add_argument("--budget", default="8,3,2,belief=24")
    args = ap.parse_args()
    other = Budget.parse(args.budget)
    game = get("guandan")
    seen = differ = changed_a = changed_b = 0
    cpu_a: list[float] = []
    cpu_b: list[float] = []
    seed = args.first
    while seen < args.positions:
        st = game.new_match(seed=seed, options=GuandanOptions(end_on_double_win=True))
        normal = [make("guandan", "normal", seed=s) for s in range(4)]
        while st.deal_number() == 1 and not st.is_over() and seen < args.positions:
            for s in sorted(st.to_act()):
                view = st.view(s)
                legal = st.legal_actions(s)
                if s == 0 and len(legal) > 1 and len(view.history) >= args.min_plays:
                    a = make("guandan", "hard", seed=seen)
                    b = make("guandan", "hard", seed=seen, budget=other)
                    t0 = time.thread_time()
                    ma = a.act(view, legal)
                    t1 = time.thread_time()
                    mb = b.act(view, legal)
                    t2 = time.thread_time()
                    if a.last_stats.get("worlds"):  # type: ignore[attr-defined]
                        seen += 1
                        cpu_a.append(t1 - t0)
                        cpu_b.append(t2 - t1)
                        differ += ma != mb
                        changed_a += bool(a.last_stats.get("changed"))  # type: ignore[attr-defined]
                        changed_b += bool(b.last_stats.get("changed"))  # type: ignore[attr-defined]
                st.apply(s, normal[s].act(view, legal))
        seed += 1

    def q(xs: list[float], p: float) -> float:
        return sorted(xs)[min(len(xs) - 1, int(p * len(xs)))] * 1000

    print(
        f"seeds {args.first}..{seed - 1}: {seen} searched decisions; default {BUDGET}: left "
        f"the heuristic's move {changed_a}; {other}: {changed_b}; the two differ in {differ} "
        f"({100 * differ / max(1, seen):.1f} %)"
    )
    for name, xs in (("default", cpu_a), ("other", cpu_b)):
        print(
            f"  {name}: CPU median {statistics.median(xs) * 1000:.0f} ms, p95 {q(xs, 0.95):.0f}"
            f" ms, max {max(xs) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()

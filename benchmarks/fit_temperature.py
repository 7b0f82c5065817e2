"""Fit the temperature of Guandan's player model to the rule bots' play.  (Not a test.)

``pakka.games.guandan.bots.belief`` turns the heuristic's scores into a softmax with
temperature T (plus a floor).  This plays ``normal`` against the rule bots of ``--bots``
(matches of ``benchmarks/rulebots.py``, development seeds, never the evaluation seeds
5000+), records every play-phase decision of a rule bot with two or more legal actions
(its view and its move), and prints the mean log-likelihood a decision of those moves for
each T of ``--grid`` (and for each floor of ``--floors``); the best pair is the fit.

Usage::

    python benchmarks/fit_temperature.py --repo /work/.mirror/AltmanD+guandan_mcc/repo \\
        --bots ai1,ai2,ai4 --seeds 300-305
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.rulebots import harness, loader  # noqa: E402

from pakka.engine import Action  # noqa: E402
from pakka.games.guandan import Play  # noqa: E402
from pakka.games.guandan.bots.belief import _key_of_play, move_probability  # noqa: E402
from pakka.games.guandan.bots.view import _View  # noqa: E402


class Recording(harness.Match):
    """A refereed match that keeps every rule-bot play decision (its view and move)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: list[tuple[_View, Any]] = []

    def rule_act(self, seat: int, legal: list[Action]) -> Action:
        view = self.st.view(seat)
        action = super().rule_act(seat, legal)
        if view.phase == "play" and len(legal) > 1 and isinstance(action, Play):
            self.seen.append((_View(view), _key_of_play(action)))
        return action


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", required=True)
    ap.add_argument("--bots", default="ai1,ai2,ai4")
    ap.add_argument("--seeds", default="300-305")
    ap.add_argument("--deals", type=int, default=3, help="deals a match (0: whole matches)")
    ap.add_argument("--grid", default="0.05,0.1,0.2,0.3,0.5,0.75,1,1.5,2,3")
    ap.add_argument("--floors", default="0.02,0.05,0.1,0.2")
    args = ap.parse_args()
    if os.environ.get("PYTHONHASHSEED") != "0":
        env = dict(os.environ, PYTHONHASHSEED="0")
        os.execve(sys.executable, [sys.executable, __file__, *sys.argv[1:]], env)
    loader.configure(args.repo)
    a, _, b = args.seeds.partition("-")
    seeds = range(int(a), int(b or a) + 1)
    grid = [float(x) for x in args.grid.split(",")]
    floors = [float(x) for x in args.floors.split(",")]
    for rule in args.bots.split(","):
        seen: list[tuple[_View, Any]] = []
        for seed in seeds:
            for team in (0, 1):
                m = Recording(seed, "normal", rule, team, args.deals, 60, None)
                m.run()
                seen += m.seen
        print(f"{rule}: {len(seen)} decisions (seeds {args.seeds}, {args.deals} deals a match)")
        best = None
        for floor in floors:
            cells = []
            for t in grid:
                ll = sum(math.log(move_probability(v, k, t, floor)) for v, k in seen) / len(seen)
                cells.append(f"T={t:g}: {ll:.3f}")
                if best is None or ll > best[0]:
                    best = (ll, t, floor)
            print(f"  floor {floor:g}: " + ", ".join(cells), flush=True)
        assert best is not None
        print(f"  best: T={best[1]:g}, floor {best[2]:g}, {best[0]:.3f} a decision", flush=True)


if __name__ == "__main__":
    main()

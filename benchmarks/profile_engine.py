"""Where the time goes: the functions with the most own time in one engine's random play.

Method: cProfile around :func:`pakka.bench.random_play` (the ``pakka bench`` loop:
``legal_actions`` then a checked ``apply`` of a random legal action), one process; the
game is imported before profiling.  cProfile slows small calls more than big ones, so
read the shares, not the actions/s.

    .venv/bin/python benchmarks/profile_engine.py GAME [--seconds S] [--top N]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

import pakka.games
from pakka.bench import random_play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    pakka.games.get(args.game)
    profile = cProfile.Profile()
    profile.enable()
    t = random_play(args.game, seconds=args.seconds)
    profile.disable()
    stats = pstats.Stats(profile)
    total: float = stats.total_tt  # type: ignore[attr-defined]
    rows = []
    for (path, line, name), (_, calls, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        where = path.split("/src/")[-1].split("/lib/python3.11/")[-1]
        label = name if path == "~" else f"{where}:{line}({name})"
        rows.append((own, calls, label))
    rows.sort(reverse=True)
    print(f"{args.game}: {t.actions_per_s:,.0f} actions/s under cProfile, {total:.2f} s profiled")
    for own, calls, label in rows[: args.top]:
        print(f"  {100 * own / total:5.1f}%  {calls:>8}  {label}")


if __name__ == "__main__":
    main()

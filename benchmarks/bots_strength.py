"""Bot strength: does each level beat the one below it?  (Not part of the test run.)

For each game, one bot of the stronger level plays against the weaker level in every
other seat, in seeded duplicate matches with seat rotation (``pakka.bots.arena``):

* Pentagrammi, 5 seats, ``deals=1`` (single-deal matches; ``--deals 5`` plays the whole
  game of five deals);
* Norlanninnakki, 3 seats (a whole game, until someone reaches 0);
* Anarchy, 4 seats (a whole game of ten deals).

Four figures per pairing, each with a 95 % interval over the duplicate groups (a match
played in every rotation is one group):

* the stronger bot's **win rate** against parity ``1/seats`` (shared wins split);
* its **score margin**: its score minus the mean score of the weaker bots in the same
  matches (Norlanninnakki's sheet counts down, so the margin is taken the other way round);
* its **score gain** and **win gain** against the weaker level *in its place*: the same
  matches are also played with the weaker level in every seat, and the stronger bot's score
  (and win share) is compared with what the weaker bot scored at the same seat with the
  same cards against the same opponents (duplicate bridge's comparison; most of the luck
  cancels, so small differences show with far fewer deals).

The deal count is the number of deals the stronger bot played (every rotation counts).

Usage (the figures in ``docs/bots.md`` came from these commands)::

    python benchmarks/bots_strength.py --pair normal-random --matches 60 --jobs 2
    python benchmarks/bots_strength.py --pair hard-normal --game pentagrammi --matches 20
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import time
from pathlib import Path
from typing import Any

from pakka import plugins
from pakka.bots import kit_for
from pakka.bots.arena import Z95, run_arena
from pakka.bots.search import Budget

SETUPS: dict[str, tuple[int, dict[str, Any], bool]] = {
    # game: (seats, options, higher score is better)
    "pentagrammi": (5, {"deals": 1}, True),
    "norlanninnakki": (3, {}, False),
    "anarchy": (4, {}, True),
}


def ci(values: list[float]) -> float:
    return Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf


def measure(
    game: str, strong: str, weak: str, matches: int, seed: int, jobs: int
) -> dict[str, Any]:
    seats, options, higher = SETUPS[game]
    levels = [strong] + [weak] * (seats - 1)
    started = time.perf_counter()
    result = run_arena(game, levels, matches, seed=seed, jobs=jobs, options=options)
    elapsed = time.perf_counter() - started
    # The same matches with the weak level in the strong bot's place: the duplicate
    # baseline (same cards, same seat, same opponents with the same random streams).
    base = run_arena(
        game, [weak] * seats, matches, seed=seed, jobs=jobs, options=options, every_rotation=True
    )
    base_of = {(o.match, o.rotation): o for o in base.outcomes}
    sign = 1 if higher else -1
    win = [0.0] * matches
    margin = [0.0] * matches
    gain = [0.0] * matches
    win_gain = [0.0] * matches
    for o in result.outcomes:
        b = base_of[(o.match, o.rotation)]
        win[o.match] += o.wins[0] / seats
        margin[o.match] += sign * (o.scores[0] - statistics.fmean(o.scores[1:])) / seats
        gain[o.match] += sign * (o.scores[0] - b.scores[0]) / seats
        win_gain[o.match] += (o.wins[0] - b.wins[0]) / seats
    parity = 1 / seats
    row = {
        "game": game,
        "strong": strong,
        "weak": weak,
        "seats": seats,
        "options": options,
        "matches": matches,
        "games": len(result.outcomes),
        "deals": sum(o.deals for o in result.outcomes),
        "seed": seed,
        "win_rate": statistics.fmean(win),
        "win_ci": ci(win),
        "parity": parity,
        "margin": statistics.fmean(margin),
        "margin_ci": ci(margin),
        "gain": statistics.fmean(gain),
        "gain_ci": ci(gain),
        "win_gain": statistics.fmean(win_gain),
        "win_gain_ci": ci(win_gain),
        "seconds": elapsed,
    }
    row["win_clear"] = row["win_rate"] - row["win_ci"] > parity
    row["margin_clear"] = row["margin"] - row["margin_ci"] > 0
    row["gain_clear"] = row["gain"] - row["gain_ci"] > 0
    row["win_gain_clear"] = row["win_gain"] - row["win_gain_ci"] > 0
    return row


def override_budget(text: str, games: list[str]) -> None:
    """Replace each game's default ``hard`` budget in its kit (worker processes are forked
    after this, so they inherit the replaced kit)."""
    budget = Budget.parse(text)
    for game in games:
        plugins.set_companion("bots", game, dataclasses.replace(kit_for(game), budget=budget))


def show(row: dict[str, Any]) -> str:
    return (
        f"{row['game']:<15} {row['strong']} vs {row['weak']:<7} {row['matches']:>3} x "
        f"{row['seats']} rotations: win {100 * row['win_rate']:5.1f}% ± {100 * row['win_ci']:4.1f} "
        f"(parity {100 * row['parity']:.0f}%{', clear' if row['win_clear'] else ''}); "
        f"margin {row['margin']:+6.2f} ± {row['margin_ci']:.2f}"
        f"{' (clear)' if row['margin_clear'] else ''}; "
        f"against {row['weak']} in its place: score {row['gain']:+.2f} ± {row['gain_ci']:.2f}"
        f"{' (clear)' if row['gain_clear'] else ''}, wins {100 * row['win_gain']:+.1f} ± "
        f"{100 * row['win_gain_ci']:.1f} points{' (clear)' if row['win_gain_clear'] else ''}; "
        f"{row['deals']} deals, {row['seconds']:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pair", default="normal-random", help="strong-weak, e.g. hard-normal")
    parser.add_argument("--game", action="append", choices=sorted(SETUPS), help="default: all")
    parser.add_argument("--matches", type=int, default=50, help="duplicate matches per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="append the rows as JSON lines here")
    parser.add_argument(
        "--deals", type=int, default=1, help="Pentagrammi's deals a match (the game's default: 5)"
    )
    parser.add_argument(
        "--budget",
        help="hard's budget instead of the game's BUDGET: "
        "worlds,candidates[,confidence][,max_worlds=N][,seconds=S]",
    )
    args = parser.parse_args()
    if args.budget:
        override_budget(args.budget, args.game or sorted(SETUPS))
    SETUPS["pentagrammi"][1]["deals"] = args.deals
    strong, weak = args.pair.split("-")
    for game in args.game or sorted(SETUPS):
        row = measure(game, strong, weak, args.matches, args.seed, args.jobs)
        print(show(row), flush=True)
        if args.out:
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()

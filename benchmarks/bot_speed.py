"""Bot decision time per level per game: median and 95th percentile.  (Not a test.)

Seat 0 is the measured bot; the other seats are ``normal`` bots.  Every decision of seat 0
with two or more legal actions is timed (wall clock ``time.perf_counter`` and the thread's CPU
time ``time.thread_time`` around ``bot.act``) until
``--decisions`` have been timed or the matches run out; forced moves (one legal action)
are not counted.  The ``hard`` level uses each game's default budget (``BUDGET`` in its
heuristic module) unless ``--budget`` gives another (:meth:`Budget.parse`).
Single-process; on a loaded machine the wall-clock figures grow with the load, the CPU
figures much less: they are what one idle core would take.

Usage::

    python benchmarks/bot_speed.py --decisions 200 --hard-decisions 30
"""

from __future__ import annotations

import argparse
import statistics
import time

import pakka.games
from pakka.bots import LEVELS, make
from pakka.bots.search import Budget

SETUPS = {
    "pentagrammi": (5, {"deals": 1}),
    "norlanninnakki": (4, {}),
    "anarchy": (4, {}),
    "guandan": (4, {"end_on_double_win": True}),
}


def timings(
    game_name: str, level: str, decisions: int, seed: int, budget: Budget | None = None
) -> list[tuple[float, float]]:
    """``(wall, cpu)`` seconds of seat 0's decisions (``budget``: seat 0's, if ``hard``)."""
    game = pakka.games.get(game_name)
    players, options = SETUPS[game_name]
    out: list[tuple[float, float]] = []
    match = 0
    while len(out) < decisions and match < 50:
        state = game.new_match(players=players, seed=seed + match, options=options)
        bots = [
            make(game_name, level, seed=seed, budget=budget if level == "hard" else None)
            if s == 0
            else make(game_name, "normal", seed=seed + s)
            for s in range(players)
        ]
        while not state.is_over() and len(out) < decisions:
            for seat in sorted(state.to_act()):
                if state.is_over():
                    break
                legal = state.legal_actions(seat)
                obs = state.observation(seat)
                start, cpu = time.perf_counter(), time.thread_time()
                action = bots[seat].act(obs, legal)
                if seat == 0 and len(legal) > 1:
                    out.append((time.perf_counter() - start, time.thread_time() - cpu))
                state.apply(seat, action)
        match += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--hard-decisions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", choices=sorted(SETUPS))
    parser.add_argument("--level", action="append", choices=LEVELS, help="default: all")
    parser.add_argument(
        "--budget",
        type=Budget.parse,
        help="hard's budget: worlds,candidates[,confidence][,max_worlds=N][,seconds=S]",
    )
    args = parser.parse_args()
    print(
        f"{'game':<16}{'level':<8}{'decisions':>10}{'median ms':>12}{'p95 ms':>10}"
        f"{'cpu median':>12}{'cpu p95':>10}{'cpu max':>10}"
    )
    for game in args.game or sorted(SETUPS):
        for level in args.level or LEVELS:
            n = args.hard_decisions if level == "hard" else args.decisions
            pairs = timings(game, level, n, args.seed, args.budget)
            if not pairs:
                continue
            wall = sorted(w for w, _ in pairs)
            cpu = sorted(c for _, c in pairs)
            print(
                f"{game:<16}{level:<8}{len(pairs):>10}{1e3 * statistics.median(wall):>12.2f}"
                f"{1e3 * p95(wall):>10.2f}{1e3 * statistics.median(cpu):>12.2f}"
                f"{1e3 * p95(cpu):>10.2f}{1e3 * cpu[-1]:>10.2f}",
                flush=True,
            )


def p95(values: list[float]) -> float:
    """The 95th percentile of sorted ``values`` (nearest rank)."""
    return values[min(len(values) - 1, int(0.95 * len(values)))]


if __name__ == "__main__":
    main()

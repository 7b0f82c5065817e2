"""pakka's bots against OpenSpiel's search bots, in duplicate.  (Not a test.)

The opponents play pakka's games through ``pakka.env.openspiel``:

* ``ismcts``: OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts``,
  Cowling et al. 2012) with a random-rollout evaluator, UCT constant 2 (the rewards are in
  [-1, 1]), a fresh world sampled for every simulation (``resample``: the hidden cards drawn
  by pakka's ``determinize``, the same inference pakka's ``hard`` uses: every card seen,
  every void shown) and the most visited move played;
* ``mcts``: MCTS over determinizations: OpenSpiel's ``MCTSBot`` (random rollouts, UCT 2)
  searches one sampled world after another, ``--mcts-sims`` simulations each, and the move
  with the most visits summed over the worlds is played.

Both think for the same CPU time a decision: ``--seconds``, by default ``hard``'s mean CPU
time per decision with a choice in that game as measured by ``--calibrate`` (the thread's
CPU time, so a busy machine does not shorten it).  The run prints both, and the
simulations the opponent managed.

One pakka bot (``--level``) plays against the opponent in every other seat, once in every
seat with the same cards (duplicate; Guandan: a pakka pair against an opponent pair, both
seatings).  The setups, as in ``bots_strength.py``: Pentagrammi 5 seats ``deals=1``,
Norlanninnakki 3 seats and Anarchy 4 seats whole matches, Guandan one deal
(``end_on_double_win``, ``max_deals=1``).  For each seed, averaged over its seatings, with a
95 % interval over the seeds:

* the pakka side's **reward**: OpenSpiel's zero-sum match return (pairwise ranks; Guandan:
  +1 for the team whose player goes out first), what the opponent maximises; parity 0;
* its **win rate** (shared first places split) against parity 1/seats (Guandan 1/2);
* its **score margin**: its score minus the opponents' mean (Norlanninnakki's sheet counts
  down, so the sign is flipped; Guandan: the level gain of the deal).

Usage (the figures in ``docs/bots.md`` came from these commands)::

    python benchmarks/vs_openspiel.py --game pentagrammi --calibrate 5
    python benchmarks/vs_openspiel.py --game pentagrammi --level hard --opponent ismcts \\
        --seconds 0.042 --seeds 0-99 --jobs 1 --out bench-results/openspiel/pentagrammi.jsonl
    python benchmarks/vs_openspiel.py --report 'bench-results/openspiel/*.jsonl'
"""

from __future__ import annotations

import argparse
import glob
import json
import math
import multiprocessing
import os
import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]

import pakka.env.openspiel as pos
from pakka.bots import make
from pakka.bots.arena import Z95
from pakka.engine import State
from pakka.env.openspiel.match import final_rewards, stopped

UCT_C = 2.0


@dataclass(frozen=True)
class Setup:
    players: int
    params: dict[str, Any]
    seatings: tuple[tuple[int, ...], ...]
    """The pakka seats of each seating (the opponent has the others)."""


SETUPS = {
    "pentagrammi": Setup(5, {"deals": 1}, tuple((s,) for s in range(5))),
    "norlanninnakki": Setup(3, {"players": 3}, tuple((s,) for s in range(3))),
    "anarchy": Setup(4, {}, tuple((s,) for s in range(4))),
    "guandan": Setup(4, {"max_deals": 1, "end_on_double_win": True}, ((0, 2), (1, 3))),
}


class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS bot searching for ``seconds`` of CPU time instead of a fixed
    number of simulations (at least two: the first only expands the root, and OpenSpiel's
    final policy needs a visited move); its own tree code runs as is."""

    def __init__(self, game: Any, seconds: float, rng: random.Random, seed: int) -> None:
        rs = np.random.RandomState(seed)
        super().__init__(
            game, mcts.RandomRolloutEvaluator(1, rs), UCT_C, max_simulations=1, random_state=rs
        )
        self.seconds = seconds
        self.simulations = 0
        self.set_resampler(lambda state, player: state.resample(player, rng))

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            self.simulations = 0
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.thread_time() + self.seconds
        self.simulations = 0
        while self.simulations < 2 or time.thread_time() < deadline:
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy


class DeterminizedMCTS:
    """MCTS over determinizations: OpenSpiel's MCTSBot on sampled worlds, visits summed."""

    def __init__(self, game: Any, seconds: float, sims: int, rng: random.Random, seed: int) -> None:
        self.rs = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(1, self.rs)
        self.bot = mcts.MCTSBot(game, UCT_C, sims, evaluator, solve=False, random_state=self.rs)
        self.seconds = seconds
        self.rng = rng
        self.simulations = 0

    def step(self, state: Any) -> int:
        legal: list[int] = state.legal_actions()
        self.simulations = 0
        if len(legal) == 1:
            return legal[0]
        visits: dict[int, int] = defaultdict(int)
        deadline = time.thread_time() + self.seconds
        while self.simulations == 0 or time.thread_time() < deadline:
            world = state.resample(state.current_player(), self.rng)
            root = self.bot.mcts_search(world)
            for child in root.children:
                visits[child.action] += child.explore_count
            self.simulations += self.bot.max_simulations
        best = max(visits[a] for a in legal)
        return int(self.rs.choice([a for a in legal if visits[a] == best]))


def opponent(kind: str, game: Any, seconds: float, sims: int, seed: int) -> Any:
    rng = random.Random(seed)
    if kind == "ismcts":
        return TimedISMCTS(game, seconds, rng, seed)
    return DeterminizedMCTS(game, seconds, sims, rng, seed)


_GAMES: dict[tuple[str, str], Any] = {}


def os_game(game: str) -> Any:
    key = (game, json.dumps(SETUPS[game].params, sort_keys=True))
    if key not in _GAMES:
        _GAMES[key] = pyspiel.load_game(pos.short_name(game), SETUPS[game].params)
    return _GAMES[key]


def play(task: dict[str, Any]) -> dict[str, Any]:
    """One match (a seed in one seating); returns its record."""
    game, seed, seating = task["game"], task["seed"], task["seating"]
    g = os_game(game)
    setup = g.setup
    pakka_seats = set(SETUPS[game].seatings[seating]) if task["level"] != "-" else set()
    levels = task.get("levels")  # calibration: every seat a pakka bot
    engine: State = setup.game.new_match(setup.players, setup.options, seed=seed)
    bots: dict[int, Any] = {}
    for seat in range(setup.players):
        if levels is not None:
            bots[seat] = make(game, levels, seed=seed * 10 + seat)
        elif seat in pakka_seats:
            bots[seat] = make(game, task["level"], seed=seed * 10 + seat)
        else:
            sub = seed * 100 + seating * 10 + seat
            bots[seat] = opponent(task["opponent"], g, task["seconds"], task["sims"], sub)
    pakka_cpu: list[float] = []
    os_cpu: list[float] = []
    os_sims: list[int] = []
    t0 = time.perf_counter()
    while not engine.is_over() and not stopped(setup, engine):
        seat = min(engine.to_act())
        bot = bots[seat]
        if levels is not None or seat in pakka_seats:
            legal = engine.legal_actions(seat)
            c0 = time.thread_time()
            action = bot.act(engine.view(seat), legal)
            if len(legal) > 1:
                pakka_cpu.append(time.thread_time() - c0)
            engine.apply(seat, action)
            continue
        state = g.from_pakka(engine)
        moves = state.match.moves
        while state.match.moves == moves:  # every index of the decision
            c0 = time.thread_time()
            index = bot.step(state)
            if bot.simulations:
                os_cpu.append(time.thread_time() - c0)
                os_sims.append(bot.simulations)
            state.apply_action(int(index))
        done_seat, action = state.match.engine.log[-1]
        assert done_seat == seat
        engine.apply(seat, action)
    codec = setup.codec
    scores = [float(x) for x in engine.observation(None)["scores"]]
    return {
        **{k: task[k] for k in ("game", "level", "opponent", "seconds", "sims", "seed")},
        "seating": seating,
        "pakka_seats": sorted(pakka_seats),
        "rewards": final_rewards(setup, engine),
        "scores": scores,
        "score_sign": codec.score_sign,
        "over": engine.is_over(),
        "deals": engine.deal_number() - setup.first_deal + (1 if engine.is_over() else 0),
        "pakka_cpu": [round(x, 5) for x in pakka_cpu],
        "os_cpu": [round(x, 5) for x in os_cpu],
        "os_sims": os_sims,
        "wall": round(time.perf_counter() - t0, 2),
    }


# --- statistics ------------------------------------------------------------------------


def outcome(rec: dict[str, Any]) -> tuple[float, float, float]:
    """The pakka side's reward, win share and score margin in one match."""
    mine = rec["pakka_seats"]
    others = [s for s in range(len(rec["rewards"])) if s not in mine]
    reward = statistics.fmean(rec["rewards"][s] for s in mine)
    best = max(rec["rewards"])
    winners = [s for s, r in enumerate(rec["rewards"]) if r == best]
    teams = len(mine) > 1
    if teams:
        win = 1.0 if reward > 0 else 0.0 if reward < 0 else 0.5
    else:
        win = (1.0 / len(winners)) if mine[0] in winners else 0.0
    sign = rec["score_sign"]
    margin = sign * (
        statistics.fmean(rec["scores"][s] for s in mine)
        - statistics.fmean(rec["scores"][s] for s in others)
    )
    return reward, win, margin


def mean_ci(values: list[float]) -> tuple[float, float]:
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, math.inf
    return m, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def summary(records: list[dict[str, Any]]) -> str:
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        groups[(r["game"], r["level"], r["opponent"], r["seconds"], r["sims"])].append(r)
    rows = [
        "| game | pakka | opponent (CPU s a decision) | seeds (matches, deals) | reward (parity 0) "
        "| win rate (parity) | score margin | pakka CPU ms mean / p95 | opponent CPU ms mean "
        "| opponent simulations a decision: mean (median) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for (game, level, opp, secs, sims), recs in sorted(groups.items()):
        by_seed: dict[int, list[tuple[float, float, float]]] = defaultdict(list)
        for r in recs:
            by_seed[r["seed"]].append(outcome(r))
        per_seed = [
            tuple(statistics.fmean(x) for x in zip(*v, strict=True)) for v in by_seed.values()
        ]
        (rw, rw_ci), (wn, wn_ci), (mg, mg_ci) = (
            mean_ci([p[i] for p in per_seed]) for i in range(3)
        )
        parity = 0.5 if len(recs[0]["pakka_seats"]) > 1 else 1 / len(recs[0]["rewards"])
        pk = [x * 1000 for r in recs for x in r["pakka_cpu"]]
        oc = [x * 1000 for r in recs for x in r["os_cpu"]]
        osims = [x for r in recs for x in r["os_sims"]]
        name = opp if opp != "mcts" else f"mcts ({sims} sims a world)"

        def clear(m: float, ci: float, par: float) -> str:
            return " clear" if m - ci > par else (" clear below" if m + ci < par else "")

        rows.append(
            f"| {game} | {level} | {name} ({secs:g}) | {len(by_seed)} ({len(recs)}, "
            f"{sum(r['deals'] for r in recs)}) | {rw:+.3f} ± {rw_ci:.3f}{clear(rw, rw_ci, 0)} | "
            f"{100 * wn:.1f} % ± {100 * wn_ci:.1f} ({100 * parity:.0f} %){clear(wn, wn_ci, parity)} | "
            f"{mg:+.2f} ± {mg_ci:.2f}{clear(mg, mg_ci, 0)} | "
            f"{statistics.fmean(pk) if pk else 0:.0f} / "
            f"{sorted(pk)[int(0.95 * len(pk))] if pk else 0:.0f} | "
            f"{statistics.fmean(oc) if oc else 0:.0f} | "
            f"{statistics.fmean(osims) if osims else 0:.1f} ({statistics.median(osims) if osims else 0:g}) |"
        )
    return "\n".join(rows)


# --- commands ----------------------------------------------------------------------------


def parse_seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return out


def calibrate(game: str, matches: int, jobs: int) -> float:
    """``hard``'s mean CPU seconds per decision with a choice, every seat ``hard``
    (seeds 1,000,000 onwards, apart from the test seeds)."""
    tasks = [
        {
            "game": game,
            "seed": 1_000_000 + i,
            "seating": 0,
            "level": "-",
            "levels": "hard",
            "opponent": "-",
            "seconds": 0.0,
            "sims": 0,
        }
        for i in range(matches)
    ]
    cpu: list[float] = []
    for rec in run(tasks, jobs):
        cpu += rec["pakka_cpu"]
    ordered = sorted(cpu)
    print(
        f"{game}: hard over {matches} matches, {len(cpu)} decisions with a choice: CPU mean "
        f"{1000 * statistics.fmean(cpu):.1f} ms, median {1000 * statistics.median(cpu):.1f} ms, "
        f"p95 {1000 * ordered[int(0.95 * len(ordered))]:.1f} ms, max {1000 * ordered[-1]:.1f} ms"
    )
    return statistics.fmean(cpu)


def run(tasks: list[dict[str, Any]], jobs: int) -> list[dict[str, Any]]:
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            return list(pool.imap(play, tasks))
    return [play(t) for t in tasks]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(SETUPS))
    parser.add_argument("--level", default="hard", choices=["random", "easy", "normal", "hard"])
    parser.add_argument("--opponent", default="ismcts", choices=["ismcts", "mcts"])
    parser.add_argument("--seconds", type=float, help="opponent CPU seconds a decision")
    parser.add_argument("--mcts-sims", type=int, default=8, help="mcts: simulations a world")
    parser.add_argument("--seeds", default="0-9", help="e.g. 0-99 or 3,5,8")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--out",
        help="append one JSON line per match here (finished "
        "matches of the same configuration are skipped on a rerun)",
    )
    parser.add_argument(
        "--calibrate",
        type=int,
        metavar="MATCHES",
        help="measure hard's mean CPU time a decision in MATCHES all-hard matches",
    )
    parser.add_argument("--report", nargs="+", help="only summarise these JSONL files")
    args = parser.parse_args()
    if args.report:
        records = []
        for pattern in args.report:
            for path in sorted(glob.glob(pattern)):
                with open(path) as f:
                    records += [json.loads(line) for line in f if line.strip()]
        print(summary(records))
        return
    if args.game is None:
        parser.error("--game is needed")
    if args.calibrate:
        calibrate(args.game, args.calibrate, args.jobs)
        return
    if args.seconds is None:
        print("no --seconds: calibrating on 2 all-hard matches")
        args.seconds = round(calibrate(args.game, 2, args.jobs), 4)
    config = {
        "game": args.game,
        "level": args.level,
        "opponent": args.opponent,
        "seconds": args.seconds,
        "sims": args.mcts_sims if args.opponent == "mcts" else 0,
    }
    done = set()
    if args.out and os.path.exists(args.out):
        with open(args.out) as f:
            for line in f:
                r = json.loads(line)
                if all(r[k] == v for k, v in config.items()):
                    done.add((r["seed"], r["seating"]))
    tasks = [
        {**config, "seed": seed, "seating": k}
        for seed in parse_seeds(args.seeds)
        for k in range(len(SETUPS[args.game].seatings))
        if (seed, k) not in done
    ]
    print(
        f"{args.game}: pakka {args.level} vs {args.opponent} at {args.seconds} CPU s a decision"
        f", {len(tasks)} matches to play ({len(done)} done), jobs {args.jobs}, load average "
        f"{os.getloadavg()[0]:.2f}",
        flush=True,
    )
    records = []
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    results = pool.imap(play, tasks) if pool else map(play, tasks)
    for rec in results:
        records.append(rec)
        reward, win, margin = outcome(rec)
        print(
            f"seed {rec['seed']} seating {rec['seating']}: reward {reward:+.2f} win {win:.2f} "
            f"margin {margin:+.1f}, {rec['deals']} deals, {rec['wall']:.0f} s",
            flush=True,
        )
        if args.out:
            os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
            with open(args.out, "a") as f:
                f.write(json.dumps(rec) + "\n")
    if pool:
        pool.close()
    if records:
        print(summary(records))


if __name__ == "__main__":
    main()

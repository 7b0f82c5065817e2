"""Guandan rollout time: the old path (legal list + view) against the fast one.  (Not a test.)

A rollout plays the rest of a deal with the heuristic at all four seats from a
determinized state, as the ``hard`` bot's search does.  The states: for each seed, a match
with ``end_on_double_win`` is played by ``normal`` bots into deal 1 or 2 (a second deal
has a tribute) up to a seeded number of actions, then determinized from the seat to act.

* ``old``: ``play_to_deal_end(state, KIT.policy, rng)`` (the engine's full legal list and
  the seat's view at every step, the heuristic maps its choice back to a legal action);
* ``new``: ``pakka.games.guandan.bots.rollout(state)`` (the heuristic's canonical play
  built and applied with ``apply_unchecked``, no legal list, no view).

Both paths play the same moves (the benchmark checks that the final states are equal).
``--cold`` clears the heuristic's decomposition caches and the move caches before every
rollout (the first rollout in a new world); without it the caches stay warm as in a
search, where the candidates of one world share most hands.  The order of the two paths
alternates from state to state.  Single-process: on a loaded machine the times grow.

``--decisions N`` also times N ``hard`` decisions (``--budget worlds,candidates``, default
the kit's ``BUDGET``) made by :class:`GuandanSearch` with each rollout path; both
sample the same worlds, so they must choose the same actions.

Usage::

    python benchmarks/guandan_rollout.py --states 60 --seed 0
    python benchmarks/guandan_rollout.py --states 0 --decisions 20 --cold
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Sequence

import pakka.games
import pakka.games.guandan.bots as H
from pakka.bots import make
from pakka.bots.base import play_to_deal_end
from pakka.bots.search import Budget, pick
from pakka.engine import Action, State
from pakka.games.guandan import GuandanOptions, GuandanState, GuandanView
from pakka.games.guandan.moves import clear_caches


def start_states(count: int, seed: int) -> list[State]:
    """Determinized play-phase or return-phase states, one per seed."""
    game = pakka.games.get("guandan")
    out: list[State] = []
    s = seed
    while len(out) < count:
        rng = random.Random(s)
        st = game.new_match(seed=s, options=GuandanOptions(end_on_double_win=True))
        bots = [make("guandan", "normal", seed=s * 10 + i) for i in range(4)]
        deal = 1 + s % 2
        stop = rng.randrange(0, 90)
        k = 0
        while not st.is_over() and (st.deal_number() < deal or k < stop):
            for seat in sorted(st.to_act()):
                st.apply(seat, bots[seat].act(st.observation(seat), st.legal_actions(seat)))
                if st.deal_number() == deal:
                    k += 1
        s += 1
        if st.is_over() or st.deal_number() != deal:
            continue
        seat = min(st.to_act())
        out.append(st.determinize(seat, rng))
    return out


class OldPathSearch(H.GuandanSearch):
    """:class:`GuandanSearch` with the old rollouts (``play_to_deal_end`` with the policy)."""

    def decide(self, observation: GuandanView, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = observation.seat
        assert seat is not None
        cands = self.candidates(observation, legal_actions)
        if len(cands) == 1:
            return cands[0]
        values = []
        for _ in range(self.budget.worlds):
            world = self.game.determinize(observation, self.rng)
            row = []
            for action in cands:
                sim = world.clone()
                sim.apply_unchecked(seat, action)
                play_to_deal_end(sim, H.KIT.policy, random.Random(0))
                row.append(self.value(sim, seat))
            values.append(row)
        return cands[pick(values, self.budget.confidence)]


def time_decisions(count: int, seed: int, budget: Budget, clear: bool) -> None:
    """Time ``hard`` decisions with the old and the new rollouts (same worlds, same choice)."""
    game = pakka.games.get("guandan")
    times: dict[str, list[float]] = {"old": [], "new": []}
    for i, st in enumerate(start_states(count, seed + 1000)):
        seat = min(st.to_act())
        obs, legal = st.view(seat), st.legal_actions(seat)
        chosen = {}
        for path in ("old", "new") if i % 2 == 0 else ("new", "old"):
            cls = OldPathSearch if path == "old" else H.GuandanSearch
            bot = cls(game, H.KIT.policy, H.value, seed + i, budget)
            if clear:
                cold()
            t0 = time.perf_counter()
            chosen[path] = bot.act(obs, legal)
            times[path].append(time.perf_counter() - t0)
        assert chosen["old"] == chosen["new"], f"decision {i}: the two paths chose differently"
    print(
        f"{count} hard decisions per path (budget {budget.worlds} worlds, "
        f"{budget.max_candidates} candidates), load average {os.getloadavg()[0]:.2f}"
    )
    report(times)


def report(times: dict[str, list[float]]) -> None:
    print(f"{'path':<6}{'median ms':>11}{'p95 ms':>9}{'mean ms':>9}")
    stats = {}
    for path, ts in times.items():
        ts = sorted(ts)
        p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
        stats[path] = (statistics.median(ts), p95, statistics.fmean(ts))
        med, p, mean = stats[path]
        print(f"{path:<6}{1e3 * med:>11.2f}{1e3 * p:>9.2f}{1e3 * mean:>9.2f}")
    ratio = [o / n for o, n in zip(stats["old"], stats["new"], strict=True)]
    print(f"ratio old/new: median {ratio[0]:.2f}, p95 {ratio[1]:.2f}, mean {ratio[2]:.2f}")


def cold() -> None:
    H._analyse.cache_clear()
    H._decompose.cache_clear()
    clear_caches()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cold", action="store_true", help="clear the caches before each")
    parser.add_argument("--decisions", type=int, default=0, help="also time hard decisions")
    parser.add_argument("--budget", default=None, help="worlds,candidates for --decisions")
    args = parser.parse_args()
    if args.decisions:
        budget = H.BUDGET
        if args.budget:
            w, c = (int(x) for x in args.budget.split(","))
            budget = Budget(worlds=w, max_candidates=c, confidence=budget.confidence)
        time_decisions(args.decisions, args.seed, budget, args.cold)
    if not args.states:
        return
    states = start_states(args.states, args.seed)
    times: dict[str, list[float]] = {"old": [], "new": []}
    for i, st in enumerate(states):
        ends = {}
        for path in ("old", "new") if i % 2 == 0 else ("new", "old"):
            sim = st.clone()
            if args.cold:
                cold()
            t0 = time.perf_counter()
            if path == "old":
                play_to_deal_end(sim, H.KIT.policy, random.Random(i))
            else:
                assert isinstance(sim, GuandanState)
                H.rollout(sim)
            times[path].append(time.perf_counter() - t0)
            ends[path] = sim.full_state()
        assert ends["old"] == ends["new"], f"state {i}: the two paths played differently"
    load = os.getloadavg()[0]
    print(
        f"{len(states)} rollouts per path, caches {'cold' if args.cold else 'warm'}, "
        f"load average {load:.2f}"
    )
    report(times)


if __name__ == "__main__":
    main()

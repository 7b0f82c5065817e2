"""How much could better card inference give Pentagrammi's ``hard``?  (Not a test.)

``hard`` samples worlds from what its seat knows; its play-outs model the other seats
exactly when they are ``normal`` bots (the same heuristic).  This benchmark plays the same
whole games twice, one search bot among four ``normal`` bots:

* ``kit``: the shipped ``hard`` (the kit's search and budget);
* ``chained``: the kit's search with its worlds drawn by the Metropolis chain
  (``Budget.chain``, :data:`CHAIN_STEPS` steps of burn-in; :class:`pakka.bots.belief.WorldChain`);
* ``seeing``: the same search whose every world is the true state (it sees all hands: a
  bot no one may play against, the ceiling of perfect inference for this search).

The gap between them bounds what weighting or resampling the worlds (issue 29's first
lever) can add to this search; what is left above ``seeing`` would need a better plan than
the heuristic's in the play-outs.  Each game is played with the search bot at each of the
five seats (rotations), ties split; the 95 % interval is over the seeds.

``--placement N`` measures the worlds instead of playing: in N positions of ``normal``
bots after 3-8 tricks, the share of the other seats' cards that the search's worlds put in
the hand that really holds them (16 worlds of ``determinize``, 16 of the library's
``WorldChain`` with the kit's ``CHAIN`` and ``--burn`` steps), and the effective number of
worlds (``(sum w)^2 / sum w^2``) among 200 blind ones weighted by the chain's model.

Usage::

    python benchmarks/pentagrammi_ceiling.py --seeds 40 --first 30000 --jobs 2
    python benchmarks/pentagrammi_ceiling.py --placement 30 --first 30000
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pakka import bots
from pakka.bots.belief import WorldChain
from pakka.bots.search import Budget
from pakka.engine import State
from pakka.games import get
from pakka.games.pentagrammi.belief import CHAIN
from pakka.games.pentagrammi.bots import BUDGET, KIT, PentagrammiSearch
from pakka.games.pentagrammi.state import PentagrammiState

GAME = get("pentagrammi")
CHAIN_STEPS = 100
DEALS = 5
Z95 = 1.96


class Seeing(PentagrammiSearch):
    """The kit's search with the true state as its only world (two copies, so that the
    paired test has a standard error of zero and the best mean wins)."""

    truth: PentagrammiState | None = None

    def world(self, observation: Any, budget: Budget) -> State[Any, Any]:
        assert self.truth is not None
        return self.truth.clone()


def play(seed: int, seat: int, variant: str) -> float:
    """The search bot's share of the win (1, a split, or 0) in one whole game."""
    state = GAME.new_match(seed=seed, options={"deals": DEALS})
    assert isinstance(state, PentagrammiState)
    players: list[Any] = [bots.make("pentagrammi", "normal", seed=seed * 10 + s) for s in range(5)]
    if variant == "seeing":
        search: Any = Seeing(GAME, KIT.policy, KIT.value, seed * 10 + seat, Budget(2, 6))
    elif variant == "chained":
        budget = dataclasses.replace(BUDGET, chain=CHAIN_STEPS)
        search = bots.make("pentagrammi", "hard", seed=seed * 10 + seat, budget=budget)
    else:
        search = bots.make("pentagrammi", "hard", seed=seed * 10 + seat)
    players[seat] = search
    while not state.is_over():
        for s in sorted(state.to_act()):
            if s == seat and variant == "seeing":
                search.truth = state
            legal = state.legal_actions(s)
            state.apply(s, players[s].act(state.view(s), legal))
    winners = state.view(None).result.winners  # type: ignore[union-attr]
    return 1 / len(winners) if seat in winners else 0.0


def run(task: tuple[int, str]) -> float:
    seed, variant = task
    return statistics.fmean(play(seed, seat, variant) for seat in range(5))


def placement(positions: int, first: int, burn: int) -> None:
    """The share of hidden cards put in the right hand, blind and chained, and the
    effective size of a blind pool of 200 under the model."""
    shares: dict[str, list[float]] = {"blind": [], "chain": []}
    effective = []
    for k in range(positions):
        seed = first + k
        state = GAME.new_match(seed=seed)
        assert isinstance(state, PentagrammiState)
        normal = [bots.make("pentagrammi", "normal", seed=seed * 10 + s) for s in range(5)]
        tricks = 3 + k % 6
        while state.phase == "pass" or len(state.tricks) < tricks:
            for s in sorted(state.to_act()):
                state.apply(s, normal[s].act(state.view(s), state.legal_actions(s)))
        me = state.turn
        view = state.view(me)
        rng = random.Random(seed)

        def share(world: Any, truth: PentagrammiState = state, me: int = me) -> float:
            hidden = [s for s in range(5) if s != me]
            right = sum(
                sum((Counter(world.hands[s]) & Counter(truth.hands[s])).values()) for s in hidden
            )
            return right / sum(len(truth.hands[s]) for s in hidden)

        blind = [GAME.determinize(view, rng) for _ in range(16)]
        chained = WorldChain(GAME, view, rng, CHAIN, burn).draw(16)
        shares["blind"].append(statistics.fmean(map(share, blind)))
        shares["chain"].append(statistics.fmean(map(share, chained)))
        pool = [CHAIN.evidence(GAME.determinize(view, rng), view) for _ in range(200)]
        top = max(pool)
        w = [math.exp(x - top) for x in pool]
        effective.append(sum(w) ** 2 / sum(x * x for x in w))
    for name, values in shares.items():
        print(
            f"{name:<6} worlds put {100 * statistics.fmean(values):.1f} % of the hidden cards in the right hand"
        )
    print(
        f"a blind pool of 200 under the model: effective size median {statistics.median(effective):.1f}, "
        f"mean {statistics.fmean(effective):.1f} ({positions} positions)"
    )


def spread(values: list[float]) -> float:
    """The 95 % half-interval of the mean (infinite from one value)."""
    if len(values) < 2:
        return math.inf
    return Z95 * statistics.stdev(values) / math.sqrt(len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--first", type=int, default=30000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variants", default="seeing,kit")
    parser.add_argument("--placement", type=int, default=0, help="measure N positions' worlds")
    parser.add_argument("--burn", type=int, default=100, help="with --placement: chain burn-in")
    args = parser.parse_args()
    if args.placement:
        placement(args.placement, args.first, args.burn)
        return
    seeds = range(args.first, args.first + args.seeds)
    by_variant: dict[str, list[float]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for variant in args.variants.split(","):
            started = time.perf_counter()
            by_variant[variant] = list(pool.map(run, [(s, variant) for s in seeds]))
            wins = by_variant[variant]
            ci = spread(wins)
            print(
                f"{variant:<7} {len(wins)} seeds x 5 seats: win {100 * statistics.fmean(wins):.1f} %"
                f" ± {100 * ci:.1f} (parity 20 %), {time.perf_counter() - started:.0f} s",
                flush=True,
            )
    if len(by_variant) == 2:
        (a, wa), (b, wb) = by_variant.items()
        diffs = [x - y for x, y in zip(wa, wb, strict=True)]
        ci = spread(diffs)
        print(
            f"{a} minus {b}, seed by seed: {100 * statistics.fmean(diffs):+.1f} ± {100 * ci:.1f} points"
        )


if __name__ == "__main__":
    main()

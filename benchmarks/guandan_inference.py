"""How well do Guandan ``hard``'s worlds place the hidden cards?  (Not a test.)

Deals of four ``normal`` bots; at every decision with a choice of one seat (the seat
turns with the seed) once four plays are public, until the deal ends, the search's three
ways of drawing worlds are compared on the same position:

* ``blind``: ``determinize`` (the kit's ``hard``);
* ``fresh``: the Metropolis chain over the player model
  (:data:`pakka.games.guandan.bots.belief.CHAIN`), a new chain of ``--burn`` steps a
  decision;
* ``carried``: the same chain started where the last decision's chain stopped
  (``Chain.carry``), as ``hard`` with ``Budget.chain`` does.

For each it prints the share of the other seats' hidden cards that its 8 worlds put in the
hand that really holds them, and the CPU seconds its chains took.  Against ``normal`` bots
the model (the heuristic with a fitted temperature and floor) is close to the players
themselves, so these shares are about what inference from this model can give.

Usage::

    python benchmarks/guandan_inference.py --first 1 --count 6 --burn 30
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from pakka import bots
from pakka.bots.belief import WorldChain
from pakka.games import get
from pakka.games.guandan import GuandanState
from pakka.games.guandan.bots.belief import CHAIN, carry

GAME = get("guandan")
WORLDS = 8


def placed(world: Any, truth: GuandanState, me: int) -> tuple[int, int]:
    """Hidden cards of the other seats put in the right hand, and how many there are."""
    right = total = 0
    for s in range(4):
        if s == me:
            continue
        shown = Counter(map(str, truth.shown[s]))
        true = Counter(map(str, truth.hands[s])) - shown
        drawn = Counter(map(str, world.hands[s])) - shown
        right += sum((true & drawn).values())
        total += sum(true.values())
    return right, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=1, help="first seed")
    parser.add_argument("--count", type=int, default=6, help="deals (one seed each)")
    parser.add_argument("--burn", type=int, default=30, help="chain steps before the worlds")
    args = parser.parse_args()
    right = {"blind": [0, 0], "fresh": [0, 0], "carried": [0, 0]}
    seconds = {"fresh": 0.0, "carried": 0.0}
    decisions = 0
    for seed in range(args.first, args.first + args.count):
        state = GAME.new_match(seed=seed)
        assert isinstance(state, GuandanState)
        normal = [bots.make("guandan", "normal", seed=seed * 10 + s) for s in range(4)]
        me = seed % 4
        rng = random.Random(seed)
        last = None
        while state.deal_no == 1 and not state.is_over():
            for s in sorted(state.to_act()):
                legal = state.legal_actions(s)
                if s == me and state.phase == "play" and len(state.history) >= 4 and len(legal) > 1:
                    decisions += 1
                    view = state.view(me)
                    worlds = {"blind": [GAME.determinize(view, rng) for _ in range(WORLDS)]}
                    for kind in ("fresh", "carried"):
                        t0 = time.process_time()
                        start = carry(last, view, rng) if kind == "carried" and last else None
                        chain = WorldChain(GAME, view, rng, CHAIN, args.burn, start=start)
                        worlds[kind] = chain.draw(WORLDS)
                        seconds[kind] += time.process_time() - t0
                        if kind == "carried":
                            last = chain.world
                    for kind, drawn in worlds.items():
                        for w in drawn:
                            r, t = placed(w, state, me)
                            right[kind][0] += r
                            right[kind][1] += t
                state.apply(s, normal[s].act(state.view(s), legal))
    print(f"{args.count} deals from seed {args.first}, {decisions} decisions, burn-in {args.burn}")
    for kind, (r, t) in right.items():
        cpu = f", CPU {1000 * seconds[kind] / decisions:.0f} ms a chain" if kind in seconds else ""
        print(
            f"{kind:<8} worlds put {100 * r / t:.1f} % of the hidden cards in the right hand{cpu}"
        )


if __name__ == "__main__":
    main()

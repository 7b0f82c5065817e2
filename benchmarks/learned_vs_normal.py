"""A learned network against ``normal``, deal by deal, in the game it was trained for.
(Not a test.)

Deal 1 of seeds ``--first .. --first+--count-1`` from every side (Guandan: the learned pair
at 0/2, then at 1/3, against a ``normal`` pair; a trick game: the network at each seat in
turn against ``normal`` at the others; :func:`pakka.bots.train.evaluate`, at the table size
of the weights' ``meta["players"]``): the mean value a deal (the kit's ``value``: Guandan's
levels, the trick games' point margins) with a 95 % interval over seeds, and the share of
deals above 0.  Ways to play (``--ways``):

* ``greedy``: the ``learned`` level, the best-scored of every distinct legal play (weights
  trained with the heuristic's move as an input keep that move unless a play scores more
  than the weights' ``margin`` above it; ``--margin`` overrides it);
* ``top3`` (Guandan only): the best-scored of the heuristic's three favourite moves (the
  ``hard`` search's candidates, ``ranked_actions``): the network as a one-step critic of
  the heuristic instead of a player of its own (how DanZero+ uses a network to prune);
* ``normal`` and ``random``, no network: the parity line and the floor on the same deals.

With ``normal`` among the ways, every other way is also compared with it seed by seed
(the mean difference with its 95 % interval).

Usage::

    python benchmarks/learned_vs_normal.py --weights src/pakka/games/guandan/learned.npz \\
        --first 91000 --count 100 --ways greedy,top3
    python benchmarks/learned_vs_normal.py --weights benchmarks/train/pentagrammi/weights.npz \
        --first 91000 --count 100 --ways greedy,normal,random
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from pakka.bots import kit_for
from pakka.bots.base import Bot, PolicyBot, View
from pakka.bots.learned import LearnedBot, Network, load
from pakka.bots.random_bot import RandomBot
from pakka.bots.train import evaluate, mean_ci
from pakka.engine import Action
from pakka.i18n import t


class Top3(LearnedBot):
    """The network's favourite among the heuristic's three favourite moves."""

    def decide(self, view: View, legal_actions: Sequence[Action]) -> Action:
        from pakka.games.guandan.bots import ranked_actions

        if len(legal_actions) == 1:
            return legal_actions[0]
        shortlist = ranked_actions(view, legal_actions, 3)
        if len(shortlist) == 1:
            return shortlist[0]
        actions, q = self.scores(view, legal_actions)
        value = {a: float(v) for a, v in zip(actions, q, strict=True)}
        codec_key = {str(a): value[a] for a in actions}

        def score(a: Action) -> float:
            return value.get(a, codec_key.get(str(a), -9.0))

        return max(shortlist, key=score)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--weights", required=True)
    ap.add_argument("--first", type=int, default=91_000)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--ways", default="greedy,top3")
    ap.add_argument("--margin", type=float, default=None, help="override meta['margin']")
    args = ap.parse_args()
    net: Network = load(args.weights)
    if args.margin is not None:
        net.meta["margin"] = args.margin
    print(f"weights {args.weights}: {net.meta}")
    seeds = range(args.first, args.first + args.count)
    game = str(net.meta.get("game", "guandan"))
    players = net.meta.get("players")
    kit = kit_for(game)
    unit = t(kit.review.unit, "en")
    by_way: dict[str, list[float]] = {}
    for way in args.ways.split(","):
        if way == "top3" and game != "guandan":
            raise SystemExit("top3 uses the Guandan heuristic's shortlist: Guandan weights only")
        t0 = time.perf_counter()

        def bot(seed: int, way: str = way) -> Bot:
            if way == "normal":
                return PolicyBot(game, kit.policy, "normal", seed)
            if way == "random":
                return RandomBot(game, seed)
            cls = Top3 if way == "top3" else LearnedBot
            return cls(game, seed, net)

        per_seed = by_way[way] = []
        r = evaluate(
            game,
            bot,
            lambda seed: PolicyBot(game, kit.policy, "normal", seed),
            seeds,
            players,
            per_seed,
        )
        print(
            f"{way}: {r['eval_deals']:.0f} deals, {r['gain']:+.3f} ± {r['gain_ci']:.3f} {unit} a "
            f"deal, {100 * r['win_rate']:.1f} % of deals above 0 ({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    if "normal" in by_way:
        for way, values in by_way.items():
            if way != "normal":
                diff = [a - b for a, b in zip(values, by_way["normal"], strict=True)]
                mean, ci = mean_ci(diff)
                print(f"{way} - normal, seed by seed: {mean:+.3f} ± {ci:.3f} {unit} a deal")


if __name__ == "__main__":
    main()

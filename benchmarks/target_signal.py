"""How much of a training target is signal (``pakka.bots.train``, Guandan).  (Not a test.)

The learned level is trained on targets: a play's advantage over the heuristic's move,
played out by the heuristic (``Config.target``).  A network can only learn the part of a
target that follows from what the seat sees.  This measures that part directly, on the
same plays of the same decisions (positions of ``normal`` self-play, seeds ``--first``
onwards, one decision a deal at a random point of its play phase):

* ``rollout``: the target on the true cards, against the target on a deal the seat cannot
  tell from it (the game's ``determinize`` from the seat's view: the others' hidden cards
  dealt again).  Their correlation is the share of the target that the seat's
  information decides; the rest is the hidden cards, which no network can learn.
* ``worlds N``: two labels from independent draws of ``N`` worlds each (test and retest).
  Their correlation is the reliability of one label.

Only the plays other than the heuristic's move count (its target is always 0).

Usage::

    python benchmarks/target_signal.py --first 95000 --positions 200 --worlds 4,16
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

from pakka import plugins
from pakka.bots import kit_for
from pakka.bots.learned import action_inputs, codec_for
from pakka.bots.train import Config, label_targets
from pakka.engine import State


def position(seed: int) -> tuple[State[Any, Any], int] | None:
    """A decision with three distinct plays or more, at a random point of deal 1's play
    phase of ``normal`` self-play, or None when the deal ends first."""
    game, policy = plugins.get("guandan"), kit_for("guandan").policy
    rng = random.Random(seed)
    st = game.new_match(seed=seed)
    stop = rng.randrange(0, 60)
    played = 0
    while not st.is_over():
        seat = sorted(st.to_act())[0]
        view, legal = st.view(seat), st.legal_actions(seat)
        if st.phase == "play" and played >= stop:
            codec = codec_for(view, "guandan")
            if len(action_inputs(codec, view, legal)[0]) >= 3:
                return st, seat
        if st.phase == "play":
            played += 1
        elif played:
            return None  # deal 1 ended
        st.apply_unchecked(seat, policy.choose(view, legal, rng))
    return None


def label(st: State[Any, Any], seat: int, config: Config, stream: int, worlds_seed: int) -> Any:
    kit = kit_for("guandan")
    searcher = kit.search(
        plugins.get("guandan"), kit.rollout_policy, kit.value, worlds_seed, kit.budget
    )
    codec = codec_for(st.view(seat), "guandan")
    rows, ys = label_targets(st, seat, config, kit, searcher, codec, random.Random(stream))
    return rows, ys[1:]  # the heuristic's move (first, target 0) left out


def corr(a: list[float], b: list[float]) -> float:
    return float(np.corrcoef(np.array(a), np.array(b))[0, 1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", type=int, default=95_000)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--plays", type=int, default=4, help="plays labelled a decision")
    ap.add_argument("--worlds", default="4,16", help="world counts to measure")
    args = ap.parse_args()
    counts = [int(w) for w in args.worlds.split(",") if w]
    pairs: dict[str, tuple[list[float], list[float]]] = {"rollout": ([], [])}
    pairs |= {f"worlds {n}": ([], []) for n in counts}
    spent = dict.fromkeys(pairs, 0.0)
    used = 0
    seed = args.first
    while used < args.positions:
        seed += 1
        found = position(seed)
        if found is None:
            continue
        st, seat = found
        used += 1
        t0 = time.process_time()
        rollout = Config(label_actions=args.plays)
        twin = st.determinize(seat, random.Random(seed))
        rows_a, a = label(st, seat, rollout, seed, seed)
        rows_b, b = label(twin, seat, rollout, seed, seed)
        assert (rows_a == rows_b).all()  # the same plays in both
        pairs["rollout"][0].extend(a.tolist())
        pairs["rollout"][1].extend(b.tolist())
        spent["rollout"] += time.process_time() - t0
        for n in counts:
            t0 = time.process_time()
            config = Config.for_target("worlds", worlds=n, label_actions=args.plays)
            _, c = label(st, seat, config, seed, 2 * seed)
            _, d = label(st, seat, config, seed, 2 * seed + 1)
            pairs[f"worlds {n}"][0].extend(c.tolist())
            pairs[f"worlds {n}"][1].extend(d.tolist())
            spent[f"worlds {n}"] += time.process_time() - t0
    print(f"{used} positions (seeds {args.first + 1}-{seed}), up to {args.plays} plays each")
    print("| target | plays | correlation | sd of a target | CPU ms a label |")
    print("|---|---:|---:|---:|---:|")
    for name, (x, y) in pairs.items():
        sd = float(np.std(np.array(x + y)))
        ms = 1000 * spent[name] / (2 * used)
        print(f"| {name} | {len(x)} | {corr(x, y):.3f} | {sd:.3f} | {ms:.0f} |")


if __name__ == "__main__":
    main()

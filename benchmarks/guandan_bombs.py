"""Should Guandan's heuristic bomb an opponent's trick?  Learned from the truth.  (Not a test.)

Knowing every hand (``harness.Seeing``) gains most in the second half of a deal, about half
of it in whether to bomb an opponent's trick (docs/bots.md, stop 40), and no model of the
other players' moves gave `hard` that gain.  This tries the direct route: learn, from the
seat's view alone, when bombing is worth more than not bombing *on the true cards*.

1. ``--collect OUT``: ``normal`` plays whole matches against rule bots (``--bots``,
   ``--seeds``, both seatings).  At every decision of a pakka seat where
   ``benchmarks/rulebots/bombs.situation`` applies (an opponent's trick, the heuristic
   weighing a bomb and something else), the best bomb and the best other move by the
   heuristic's own scores are played out on the *true* state by the heuristic at every
   seat (the kit's play-out: the judge of ``seeing`` and ``guandan_regret.py``).  Appended
   to a pickle (trusted local data only): the state, the seat, both values, the
   heuristic's choice, the seed and the rule bot.
2. ``--fit FILE ...``: a model of (bomb value - other value) from the view's features
   (``bombs.situation``, computed on loading, so they can change without a new
   collection): ``--model ridge`` (linear) or a small network (``mse``, or ``sign``: the
   sign weighted by the size; needs PyTorch), fitted on all seeds but ``--test-seeds``.
   Prints, on the fitted and the test decisions, the judge's mean value of the
   heuristic's choice, never and always bombing, the judge's own choice (oracle) and the
   model at each ``--margins``, with paired 95 % intervals; ``--out`` writes the model as
   JSON for ``LEVEL+bombs@MARGIN``.
3. In matches: ``benchmarks/rulebots.py --levels normal+bombs@0.25`` plays the model
   (``PAKKA_BOMB_WEIGHTS``, default ``bench-results/bombs/weights.json``) where it is
   sure; ``--levels normal+bombs@oracle`` lets the judge on the true cards choose there:
   what a perfect rule could give, measured in real matches (docs/bots.md, stop 41).

Usage (the figures in docs/bots.md came from these)::

    python benchmarks/guandan_bombs.py --collect bench-results/bombs/ai2.pkl \\
        --repo /work/.mirror/AltmanD+guandan_mcc/repo --bots ai2 --seeds 2000-2011
    python benchmarks/guandan_bombs.py --fit bench-results/bombs/ai1.pkl \\
        bench-results/bombs/ai2.pkl --test-seeds 2006-2011 --model ridge --ridge 10
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.rulebots import harness, loader
from benchmarks.rulebots.bombs import is_bomb, score, situation, truth_value

from pakka.engine import Action
from pakka.games.guandan import GuandanState


class Collecting(harness.Match):
    """A refereed match that keeps (state, seat, situation) at the bomb decisions."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kept: list[tuple[GuandanState, int, list[float], Action, Action, Action]] = []

    def pakka_act(self, seat: int, legal: list[Action]) -> Action:
        st = self.st
        action = super().pakka_act(seat, legal)
        if st.phase == "play" and len(legal) > 1:
            found = situation(st.view(seat), legal)
            if found is not None:
                self.kept.append((st.clone(), seat, *found, action))
        return action


def collect(args: argparse.Namespace) -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":  # the rule bots iterate over sets
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    loader.configure(args.repo)
    first, _, last = args.seeds.partition("-")
    Path(args.collect).parent.mkdir(parents=True, exist_ok=True)
    for seed in range(int(first), int(last or first) + 1):
        for bot in args.bots.split(","):
            for team in (0, 1):
                match = Collecting(seed, args.level, bot, team, 0, args.max_deals)
                match.run()
                rows = [
                    {
                        "seed": seed,
                        "bot": bot,
                        "team": team,
                        "state": st,
                        "seat": seat,
                        "bomb": truth_value(st, seat, bomb),
                        "other": truth_value(st, seat, other),
                        "chose_bomb": is_bomb(chosen),
                    }
                    for st, seat, _, bomb, other, chosen in match.kept
                ]
                with open(args.collect, "ab") as out:
                    pickle.dump(rows, out)
                print(f"seed {seed} {bot} team {team}: {len(rows)} positions", flush=True)


def load(files: Sequence[str]) -> list[dict[str, Any]]:
    """The positions of ``--collect`` files (pickles: trusted local data only), each with
    its features ``f`` computed now (so that they can change without a new collection)."""
    rows: list[dict[str, Any]] = []
    for name in files:
        with open(name, "rb") as f:
            while True:
                try:
                    rows += pickle.load(f)
                except EOFError:
                    break
    for r in rows:
        st, seat = r["state"], r["seat"]
        found = situation(st.view(seat), st.legal_actions(seat))
        assert found is not None
        r["f"] = found[0]
        r["cards"] = sum(len(h) for h in st.hands)
    return rows


def fit_ridge(x: Any, y: Any, lam: float) -> dict[str, Any]:
    """A linear model (features standardised, the bias not shrunk)."""
    import numpy as np

    mean, std = x.mean(0), x.std(0) + 1e-6
    a = np.hstack([np.ones((len(x), 1)), (x - mean) / std])
    reg = lam * np.eye(a.shape[1])
    reg[0, 0] = 0.0
    w = np.linalg.solve(a.T @ a + reg, a.T @ y)
    return {"mean": mean.tolist(), "std": std.tolist(), "layers": [[w[1:, None].tolist(), [w[0]]]]}


def fit_mlp(x: Any, y: Any, loss: str, hidden: int, decay: float, epochs: int) -> dict[str, Any]:
    """A network of two hidden layers (PyTorch, CPU), trained on the value difference
    (``loss`` ``mse``) or on its sign weighted by its size (``sign``: the expected value
    of the choice itself)."""
    import numpy as np
    import torch

    torch.manual_seed(0)
    mean, std = x.mean(0), x.std(0) + 1e-6
    tx = torch.tensor((x - mean) / std, dtype=torch.float32)
    ty = torch.tensor(y, dtype=torch.float32)
    net = torch.nn.Sequential(
        torch.nn.Linear(tx.shape[1], hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(hidden, hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(hidden, 1),
    )
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=decay)
    for _ in range(epochs):
        for idx in torch.randperm(len(tx)).split(256):
            out = net(tx[idx]).squeeze(1)
            if loss == "mse":
                err = torch.nn.functional.huber_loss(out, ty[idx], delta=2.0)
            else:  # sign: logistic on bomb-better, weighted by how much it matters
                target = (ty[idx] > 0).float()
                err = (
                    torch.nn.functional.binary_cross_entropy_with_logits(
                        out, target, reduction="none"
                    )
                    * ty[idx].abs()
                ).mean()
            opt.zero_grad()
            err.backward()
            opt.step()
    layers = [m for m in net if isinstance(m, torch.nn.Linear)]
    return {
        "mean": mean.tolist(),
        "std": std.tolist(),
        "layers": [
            [m.weight.detach().numpy().T.astype(np.float64).tolist(), m.bias.detach().tolist()]
            for m in layers
        ],
        "loss": loss,
    }


def mean_ci(d: Sequence[float]) -> str:
    m = sum(d) / len(d)
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / max(1, len(d) - 1))
    return f"{m:+.3f} ± {1.96 * sd / math.sqrt(len(d)):.3f}"


def fit(args: argparse.Namespace) -> None:
    import numpy as np

    rows = load(args.fit)
    lo, _, hi = args.test_seeds.partition("-")
    test_range = range(int(lo), int(hi or lo) + 1)
    train = [r for r in rows if r["seed"] not in test_range and r["cards"] <= args.cards]
    test = [r for r in rows if r["seed"] in test_range and r["cards"] <= args.cards]
    print(f"{len(rows)} positions: {len(train)} to fit, {len(test)} to test")
    if not train or not test:
        sys.exit("--test-seeds must leave positions on both sides (seeds to fit and to test)")
    x = np.array([r["f"] for r in train])
    y = np.array([r["bomb"] - r["other"] for r in train])
    if args.model == "ridge":
        model = fit_ridge(x, y, args.ridge)
    else:
        model = fit_mlp(x, y, args.model, args.hidden, args.decay, args.epochs)
    for name, group in (("fit", train), ("test", test)):
        if not group:
            continue
        est = score(model, np.array([r["f"] for r in group]))
        print(
            f"\n{name}: {len(group)} positions, heuristic bombs {sum(r['chose_bomb'] for r in group)}"
        )
        print("| policy | bombs | mean value | − heuristic, ± 95 % |")
        print("|---|---:|---:|---|")
        choices: dict[str, list[bool]] = {
            "heuristic": [r["chose_bomb"] for r in group],
            "never bomb": [False] * len(group),
            "always bomb": [True] * len(group),
            "oracle": [r["bomb"] > r["other"] for r in group],
        }
        for m in args.margins:
            choices[f"model, margin {m}"] = [
                bool(e > m or (e >= -m and r["chose_bomb"]))
                for e, r in zip(est, group, strict=True)
            ]
        heur = [r["bomb"] if r["chose_bomb"] else r["other"] for r in group]
        for pname, chosen in choices.items():
            vals = [r["bomb"] if c else r["other"] for c, r in zip(chosen, group, strict=True)]
            print(
                f"| {pname} | {sum(chosen)} | {sum(vals) / len(vals):+.3f} "
                f"| {mean_ci([a - b for a, b in zip(vals, heur, strict=True)])} |"
            )
    if args.out:
        Path(args.out).write_text(json.dumps(model) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--collect", help="append positions to this pickle")
    parser.add_argument("--repo", help="the rule bots' git copy (--collect)")
    parser.add_argument("--bots", default="ai2", help="rule bots, comma list (--collect)")
    parser.add_argument("--level", default="normal", help="pakka's level (--collect)")
    parser.add_argument("--seeds", default="2000-2009", help="A-B (--collect)")
    parser.add_argument("--max-deals", type=int, default=60, help="deals a match at most")
    parser.add_argument("--fit", nargs="+", help="pickles of --collect")
    parser.add_argument("--test-seeds", default="2040-2049", help="A-B held out (--fit)")
    parser.add_argument("--model", default="ridge", help="ridge, mse or sign (--fit)")
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--decay", type=float, default=1e-3)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument(
        "--cards", type=int, default=108, help="positions with at most N cards left"
    )
    parser.add_argument(
        "--margins", type=lambda s: [float(x) for x in s.split(",")], default=[0.0, 0.25, 0.5]
    )
    parser.add_argument("--out", help="write the fitted weights here (--fit)")
    args = parser.parse_args()
    if args.collect:
        if not args.repo:
            parser.error("--collect needs --repo")
        collect(args)
    elif args.fit:
        fit(args)
    else:
        parser.error("give --collect or --fit")


if __name__ == "__main__":
    main()

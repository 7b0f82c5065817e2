"""Fit the temperatures of Pentagrammi's player model to ``hard``'s play.  (Not a test.)

``pakka.games.pentagrammi.belief`` turns the heuristic's play scores and keep values into
softmaxes (plus a floor).  This plays deals of one ``hard`` among four ``normal`` (the
``hard`` seat rotating; development seeds, never the strength runs' 1000+ and 7000+),
records every decision of ``hard`` with a choice (its pass: the dealt hand and the pair;
its plays: the heuristic's view, the legal cards and the card), and prints the mean
log-likelihood a decision for each temperature and floor of the grids.  ``hard`` is the
stand-in for a good player the model has not seen: it plays as the heuristic where the
search agrees and otherwise not; fitted to ``normal`` itself the temperature would go to 0.

Usage::

    python benchmarks/fit_pentagrammi_model.py --first 300 --deals 40
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pakka.bots import make  # noqa: E402
from pakka.cards import Card  # noqa: E402
from pakka.games import get  # noqa: E402
from pakka.games.pentagrammi import PassCards, PentagrammiState, Play  # noqa: E402
from pakka.games.pentagrammi.belief import pass_probability, play_probability  # noqa: E402
from pakka.games.pentagrammi.heuristic import _View  # noqa: E402

PLAYERS = 5


Passes = list[tuple[list[Card], tuple[Card, Card]]]
Plays = list[tuple[_View, list[Card], Card]]


def record(first: int, deals: int) -> tuple[Passes, Plays]:
    """``hard``'s passes and plays with a choice in ``deals`` one-deal matches."""
    game = get("pentagrammi")
    passes: Passes = []
    plays: Plays = []
    for i in range(deals):
        seed = first + i
        hard = i % PLAYERS
        st = game.new_match(seed=seed, options={"deals": 1})
        assert isinstance(st, PentagrammiState)
        bots = [
            make("pentagrammi", "hard" if s == hard else "normal", seed=seed * 7 + s)
            for s in range(PLAYERS)
        ]
        while not st.is_over():
            for s in sorted(st.to_act()):
                legal = st.legal_actions(s)
                action = bots[s].act(st.view(s), legal)
                if s == hard and len(legal) > 1:
                    if isinstance(action, PassCards):
                        passes.append((list(st.hands[s]), (action.left, action.right)))
                    elif isinstance(action, Play):
                        cards = [a.card for a in legal if isinstance(a, Play)]
                        plays.append((_View.of_state(st, s), cards, action.card))
                st.apply(s, action)
        print(f"deal {i + 1}/{deals}: {len(passes)} passes, {len(plays)} plays", flush=True)
    return passes, plays


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", type=int, default=300, help="first seed")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--grid", default="0.01,0.02,0.05,0.1,0.2,0.5")
    ap.add_argument("--pass-grid", default="0.5,1,2,3,5")
    ap.add_argument("--floors", default="0.02,0.05,0.1,0.2,0.3,0.4")
    args = ap.parse_args()
    passes, plays = record(args.first, args.deals)
    floors = [float(x) for x in args.floors.split(",")]

    def play_ll(t: float, f: float) -> float:
        return sum(math.log(play_probability(v, cards, c, t, f)) for v, cards, c in plays)

    def pass_ll(t: float, f: float) -> float:
        return sum(math.log(pass_probability(hand, pair, t, f)) for hand, pair in passes)

    fits: list[tuple[str, str, int, Callable[[float, float], float]]] = [
        ("plays", args.grid, len(plays), play_ll),
        ("passes", args.pass_grid, len(passes), pass_ll),
    ]
    for name, grid, count, loglik in fits:
        print(f"{name}: {count} decisions of hard (seeds {args.first}+)")
        best: tuple[float, float, float] | None = None
        for floor in floors:
            cells = []
            for t in (float(x) for x in grid.split(",")):
                ll = loglik(t, floor) / count
                cells.append(f"T={t:g}: {ll:.3f}")
                if best is None or ll > best[0]:
                    best = (ll, t, floor)
            print(f"  floor {floor:g}: " + ", ".join(cells), flush=True)
        assert best is not None
        print(f"  best: T={best[1]:g}, floor {best[2]:g}, {best[0]:.3f} a decision", flush=True)


if __name__ == "__main__":
    main()

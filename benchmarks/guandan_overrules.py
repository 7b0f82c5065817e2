"""Where the Guandan search overrules the heuristic.  (Not a test.)

The search (``hard``) leaves the heuristic's move only when another candidate is better
beyond the noise, so the moves it overrules point at the heuristic's mistakes.  This plays
the first deal of seeded matches with the heuristic at all four seats, asks a search (a
larger budget than ``hard``'s, ``--worlds``) at every ``--every``-th decision, and counts the
overruled moves by the heuristic's reason and the two moves' types, with the hand sizes
around the table.  In issue 19 it pointed at the follow rule (an opponent holding the
trick with 6-9 cards); the change it suggested gained on development seeds but not on the
evaluation seeds, so it was not kept (``docs/bots.md``).

Usage::

    python benchmarks/guandan_overrules.py --deals 40 --seed 100 --out overrules.json
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path
from typing import Any

import pakka.games
from pakka.bots import Budget
from pakka.engine import Action
from pakka.games.guandan import GuandanOptions, GuandanState, Play, Return
from pakka.games.guandan.bots import KIT, GuandanSearch, decide
from pakka.games.guandan.combos import BOMB_TYPES

GAME = pakka.games.get("guandan")


def kind(action: Action) -> str:
    """``pass``, ``return``, or the play's type (``bomb:`` before a bomb's)."""
    if isinstance(action, Return):
        return "return"
    assert isinstance(action, Play)
    if action.combo is None:
        return "pass"
    t = action.combo.type
    return ("bomb:" if t in BOMB_TYPES else "") + t


def overrules(deals: int, seed: int, every: int, budget: Budget) -> list[dict[str, Any]]:
    """One row per searched decision: the heuristic's reason and move, the search's."""
    search = GuandanSearch(GAME, KIT.rollout_policy, KIT.value, seed, budget)
    rows: list[dict[str, Any]] = []
    for d in range(deals):
        st = GAME.new_match(
            players=4, seed=seed + d, options=GuandanOptions(end_on_double_win=True)
        )
        assert isinstance(st, GuandanState)
        start, n = st.deal_no, 0
        while not st.is_over() and st.deal_no == start:
            seat = min(st.to_act())
            legal = st.legal_actions(seat)
            view = st.view(seat)
            action, why = decide(view, legal) if len(legal) > 1 else (legal[0], "")
            if why and n % every == 0:
                found = search.decide(view, legal)
                if search.last_stats.get("candidates", 1) > 1:
                    cards = [p.cards for p in view.players]
                    opponents = [c for s, c in enumerate(cards) if s % 2 != seat % 2 and c]
                    top = view.table.top
                    rows.append(
                        {
                            "why": why,
                            "heuristic": kind(action),
                            "search": kind(found),
                            "changed": found != action,
                            "mine": cards[seat],
                            "partner": cards[(seat + 2) % 4],
                            "opponent_min": min(opponents, default=0),
                            "holder": None if top is None else (top.seat - seat) % 4,
                        }
                    )
            n += 1
            st.apply(seat, action)
        print(f"deal {d + 1}: {len(rows)} decisions searched", file=sys.stderr, flush=True)
    return rows


def summary(rows: list[dict[str, Any]]) -> str:
    changed = [r for r in rows if r["changed"]]
    lines = [f"{len(changed)} of {len(rows)} searched decisions overruled", ""]
    lines.append("| heuristic's reason | decisions | overruled |")
    lines.append("|---|---:|---:|")
    reasons = collections.Counter(r["why"] for r in rows)
    moved = collections.Counter(r["why"] for r in changed)
    for why, n in reasons.most_common():
        lines.append(f"| {why} | {n} | {moved[why]} |")
    lines += ["", "| heuristic's move → search's | count | opponent's fewest cards (median) |"]
    lines.append("|---|---:|---:|")
    pairs: dict[str, list[int]] = collections.defaultdict(list)
    for r in changed:
        pairs[f"{r['why']}: {r['heuristic']} → {r['search']}"].append(r["opponent_min"])
    for key, opp in sorted(pairs.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"| {key} | {len(opp)} | {sorted(opp)[len(opp) // 2]} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--every", type=int, default=2, help="search every n-th decision")
    ap.add_argument("--worlds", type=int, default=24)
    ap.add_argument("--candidates", type=int, default=4)
    ap.add_argument("--out", type=Path, help="save the rows as JSON here")
    ap.add_argument("--report", type=Path, help="only summarise saved rows")
    args = ap.parse_args()
    if args.report:
        print(summary(json.loads(args.report.read_text())))
        return
    started = time.perf_counter()
    budget = Budget(worlds=args.worlds, max_candidates=args.candidates, confidence=2.0)
    rows = overrules(args.deals, args.seed, args.every, budget)
    if args.out:
        args.out.write_text(json.dumps(rows))
    print(summary(rows))
    print(f"\n{args.deals} deals in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

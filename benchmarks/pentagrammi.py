"""Pentagrammi throughput: random single-deal playouts, and the hot calls a search bot makes.

Method: seeded random play with ``apply_unchecked`` on actions from ``legal_actions``
(one deal = 5 passes + 55 plays), then timing ``clone`` and ``determinize`` on mid-deal
states.  Run: ``python benchmarks/pentagrammi.py [deals]``; prints figures per second.
"""

from __future__ import annotations

import random
import sys
import time

import pakka.games
from pakka.games.pentagrammi import PentagrammiOptions


def main(deals: int = 300) -> None:
    game = pakka.games.get("pentagrammi")
    options = PentagrammiOptions(deals=1)
    rng = random.Random(1)
    steps = 0
    mids = []
    start = time.perf_counter()
    for seed in range(deals):
        state = game.new_match(options=options, seed=seed)
        while not state.is_over():
            seat = rng.choice(sorted(state.to_act()))
            state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
            if steps % 97 == 0:
                mids.append(state.clone())
    elapsed = time.perf_counter() - start
    print(f"random deals: {deals / elapsed:,.0f}/s ({steps / elapsed:,.0f} steps/s)")

    start = time.perf_counter()
    for st in mids:
        for _ in range(20):
            st.clone()
    print(f"clone: {20 * len(mids) / (time.perf_counter() - start):,.0f}/s")

    start = time.perf_counter()
    count = 0
    for st in mids:
        if st.is_over():
            continue
        seat = min(st.to_act())
        st.determinize(seat, rng)
        count += 1
    print(f"determinize: {count / (time.perf_counter() - start):,.0f}/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)

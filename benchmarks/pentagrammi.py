"""Pentagrammi throughput: random single-deal playouts, and the hot calls a search bot makes.

Method: seeded random play with ``apply_unchecked`` on actions from ``legal_actions``
(one deal = 5 passes + 55 plays), then timing ``clone`` and ``determinize`` on mid-deal
states, and the ``hard`` bot's play-out from those states two ways: the generic
``play_to_deal_end`` with the heuristic (an observation and a legal list a step) and the
fast ``heuristic.rollout`` (the seat's view read from the state); both must end in the same
state, and the ratio is printed.  Run: ``python benchmarks/pentagrammi.py [deals]``; prints
figures per second.
"""

from __future__ import annotations

import random
import sys
import time

import pakka.games
from pakka.bots.base import play_to_deal_end
from pakka.games.pentagrammi import PentagrammiOptions
from pakka.games.pentagrammi.heuristic import PentagrammiPolicy, rollout


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

    live = [st for st in mids if not st.is_over()]
    policy = PentagrammiPolicy()
    times = {}
    for name in ("generic", "fast"):
        start = time.perf_counter()
        for st in live:
            sim = st.clone()
            if name == "fast":
                rollout(sim)
            else:
                play_to_deal_end(sim, policy, rng)
        times[name] = (time.perf_counter() - start) / len(live)
    for st in live[:50]:
        fast, generic = st.clone(), st.clone()
        rollout(fast)
        play_to_deal_end(generic, policy, rng)
        assert fast.full_state() == generic.full_state(), "the two play-outs differ"
    print(
        f"heuristic play-out to the deal's end: generic {1000 * times['generic']:.2f} ms, "
        f"fast {1000 * times['fast']:.2f} ms (generic/fast {times['generic'] / times['fast']:.2f})"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)

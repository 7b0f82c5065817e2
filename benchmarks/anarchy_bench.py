"""Anarchy throughput: random full matches with ``apply_unchecked`` (the bots' path).

Method: for each player count, play ``MATCHES`` seeded random matches from a fresh state,
choosing uniformly among ``legal_actions``; report actions per second (CPU time) and the
cost of ``clone`` and ``observation``.  Run: ``python benchmarks/anarchy_bench.py``.
"""

from __future__ import annotations

import random
import time

from pakka.games.anarchy import GAME, AnarchyOptions

MATCHES = 5


def main() -> None:
    for players in (3, 4, 5):
        for options in (AnarchyOptions(), AnarchyOptions(pass_three=True)):
            steps = 0
            clones = observations = 0.0
            start = time.process_time()
            for seed in range(MATCHES):
                rng = random.Random(seed)
                st = GAME.new_match(players, options, seed=seed)
                while not st.is_over():
                    seat = rng.choice(sorted(st.to_act()))
                    st.apply_unchecked(seat, rng.choice(st.legal_actions(seat)))
                    steps += 1
                    if steps % 50 == 0:
                        t = time.process_time()
                        st.clone()
                        clones += time.process_time() - t
                        t = time.process_time()
                        st.observation(seat)
                        observations += time.process_time() - t
            total = time.process_time() - start - clones - observations
            samples = steps // 50 or 1
            print(
                f"{players}p pass_three={options.pass_three}: {steps / total:,.0f} actions/s, "
                f"clone {clones / samples * 1e6:.0f} µs, observation "
                f"{observations / samples * 1e6:.0f} µs"
            )


if __name__ == "__main__":
    main()

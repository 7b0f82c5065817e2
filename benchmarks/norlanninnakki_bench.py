"""Norlanninnakki throughput: random matches, clones and determinizations per second.

Method: seeded random matches at 3, 4 and 5 players with ``apply_unchecked`` on actions from
``legal_actions`` (the bot path), wall clock over the whole run; clones and determinizations
are timed on a position in the middle of the first deal's play.  Run:

    python benchmarks/norlanninnakki_bench.py [matches]
"""

from __future__ import annotations

import random
import sys
import time

from pakka.games.norlanninnakki import GAME


def random_matches(players: int, matches: int) -> tuple[int, float]:
    steps, start = 0, time.perf_counter()
    for seed in range(matches):
        st = GAME.new_match(players, seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            seat = min(st.to_act())
            st.apply_unchecked(seat, rng.choice(st.legal_actions(seat)))
            steps += 1
    return steps, time.perf_counter() - start


def mid_play_position() -> object:
    st = GAME.new_match(4, seed=3)
    rng = random.Random(1)
    while st.phase != "play":
        seat = min(st.to_act())
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    for _ in range(6):
        seat = min(st.to_act())
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for players in (3, 4, 5):
        steps, secs = random_matches(players, matches)
        print(
            f"{players}p: {matches} matches, {steps} steps in {secs:.2f}s = "
            f"{steps / secs:,.0f} steps/s, {matches / secs:,.1f} matches/s"
        )
    st = mid_play_position()
    reps = 5000
    start = time.perf_counter()
    for _ in range(reps):
        st.clone()  # type: ignore[attr-defined]
    print(f"clone: {reps / (time.perf_counter() - start):,.0f}/s")
    obs = st.observation(0)  # type: ignore[attr-defined]
    reps = 1000
    start = time.perf_counter()
    for i in range(reps):
        GAME.determinize(obs, random.Random(i))
    print(f"determinize: {reps / (time.perf_counter() - start):,.0f}/s")


if __name__ == "__main__":
    main()

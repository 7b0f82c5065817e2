"""How big the server's state frames are: the frame a seat to act is sent (its legal
actions, each in JSON, in notation, in words, as a selection key and a confirm line) and
the frame of a seat that waits, over random matches of every game, uncompressed and as
permessage-deflate would send it (zlib, level 6).

Method: random legal play from fixed seeds; at every action the seat to act's frame (in
English) is built by :func:`pakka.server.frames.state` as the server builds it (on its
event loop), timed with its JSON encoding, and sized as its JSON text; the first seat that
is not to act gives the waiting frame.

    python benchmarks/frame_sizes.py [matches] [--game NAME]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import zlib

import pakka.games
from pakka.server import frames


def sizes(game: str, matches: int, most: int = 400) -> dict[str, list[float]]:
    g = pakka.games.get(game)
    out: dict[str, list[float]] = {
        "acting": [],
        "acting_z": [],
        "waiting": [],
        "legal": [],
        "build_ms": [],
    }
    warm = g.new_match(seed=matches)  # (the first frame loads the words and modules)
    frames.state(warm, min(warm.to_act()), 1, 0)
    for seed in range(matches):
        state = g.new_match(seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over() and steps < most:
            seat = min(state.to_act())
            legal = state.legal_actions(seat)
            started = time.perf_counter()  # built and encoded, as the server's loop does
            text = json.dumps(frames.state(state, seat, 1, steps)["en"])
            out["build_ms"].append(1000 * (time.perf_counter() - started))
            out["acting"].append(len(text))
            out["acting_z"].append(len(zlib.compress(text.encode(), 6)))
            out["legal"].append(len(legal))
            other = next((s for s in range(state.players) if s not in state.to_act()), None)
            if other is not None:  # (in a simultaneous step every seat acts)
                waiting = frames.state(state, other, 1, steps)["en"]
                out["waiting"].append(len(json.dumps(waiting)))
            state.apply(seat, rng.choice(legal))
            steps += 1
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def kb(size: float) -> str:
    return f"{size / 1024:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("matches", nargs="?", type=int, default=5)
    parser.add_argument("--game", choices=pakka.games.names())
    args = parser.parse_args()
    print(
        "game | frames | legal actions median / max | acting frame median / p95 / max KB "
        "| deflated median / p95 / max KB | waiting frame median KB "
        "| acting frame built and encoded, median / p95 / max ms"
    )
    print("--- | ---: | --- | --- | --- | --- | ---")
    for game in [args.game] if args.game else pakka.games.names():
        s = sizes(game, args.matches)
        print(
            f"{game} | {len(s['acting'])} | {statistics.median(s['legal']):.0f} / {max(s['legal'])}"
            f" | {kb(statistics.median(s['acting']))} / {kb(pct(s['acting'], 0.95))}"
            f" / {kb(max(s['acting']))}"
            f" | {kb(statistics.median(s['acting_z']))} / {kb(pct(s['acting_z'], 0.95))}"
            f" / {kb(max(s['acting_z']))}"
            f" | {kb(statistics.median(s['waiting'])) if s['waiting'] else '-'}"
            f" | {statistics.median(s['build_ms']):.1f} / {pct(s['build_ms'], 0.95):.1f}"
            f" / {max(s['build_ms']):.1f}"
        )


if __name__ == "__main__":
    main()

"""Speed measurements behind ``pakka bench`` and ``benchmarks/throughput.py``.

Every engine is measured with the same loop through the public protocol: for each seat in
``to_act()``, ``legal_actions(seat)`` then a checked ``apply`` of a uniformly random legal
action, until the match ends; new matches start until the time is up.  One process.

Peers, when installed in the same environment (``pip install rlcard open_spiel``), are
measured with the equivalent loop through their own Python APIs: RLCard's Dou Dizhu
(``env.step`` on a random legal action) and OpenSpiel's Hearts and Dou Dizhu
(``state.legal_actions()`` + ``state.apply_action``, chance outcomes sampled).

The engines take turns in interleaved rounds (:func:`report`), so that the ratios between
them survive a machine whose load changes while it is measured.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pakka.games


@dataclass
class Throughput:
    name: str
    actions_per_s: float
    deals_per_s: float
    matches: int
    seconds: float
    method: str

    def line(self) -> str:
        return (
            f"{self.name:<28}{self.actions_per_s:>12,.0f} actions/s{self.deals_per_s:>10,.1f} deals/s"
            f"   ({self.matches} matches in {self.seconds:.1f} s)"
        )


def random_play(
    game_name: str, players: int | None = None, seconds: float = 3.0, seed: int = 1
) -> Throughput:
    """Random-play throughput of one of our engines (see the module docstring)."""
    game = pakka.games.get(game_name)
    rng = random.Random(seed)
    actions = deals = matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_match(players=players, seed=rng.randrange(2**31))
        while not state.is_over():
            for seat in sorted(state.to_act()):
                legal = state.legal_actions(seat)
                if legal:
                    state.apply(seat, legal[rng.randrange(len(legal))])
                    actions += 1
        deals += state.deal_number() + 1
        matches += 1
    elapsed = time.perf_counter() - start
    label = f"pakka {game_name}" + (f" {players}p" if players else "")
    return Throughput(
        label, actions / elapsed, deals / elapsed, matches, elapsed, "legal_actions + apply"
    )


def per_call(fn: Callable[[], object], repeat: int = 200) -> tuple[float, float]:
    """Median and p95 of one call, in microseconds."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e6)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def clone_and_determinize(
    game_name: str, seed: int = 1, positions: int = 50
) -> dict[str, tuple[float, float]]:
    """Cost of ``clone()`` and ``determinize()`` over positions of random matches."""
    game = pakka.games.get(game_name)
    rng = random.Random(seed)
    clone_t: list[float] = []
    det_t: list[float] = []
    state = game.new_match(seed=seed)
    for _ in range(positions):
        for _ in range(rng.randrange(1, 12)):
            if state.is_over():
                state = game.new_match(seed=rng.randrange(2**31))
            seat = rng.choice(sorted(state.to_act()))
            legal = state.legal_actions(seat)
            state.apply(seat, rng.choice(legal))
        if state.is_over():
            continue
        seat = rng.choice(sorted(state.to_act()))
        view = state.view(seat)
        clone_t.append(per_call(state.clone, 20)[0])
        det_t.append(per_call(lambda v=view: game.determinize(v, rng), 5)[0])  # type: ignore[misc]
    return {
        "clone": (statistics.median(clone_t), sorted(clone_t)[int(0.95 * (len(clone_t) - 1))]),
        "determinize": (statistics.median(det_t), sorted(det_t)[int(0.95 * (len(det_t) - 1))]),
    }


def rlcard_doudizhu(seconds: float = 3.0, seed: int = 1) -> Throughput | None:
    """RLCard's Dou Dizhu with random legal actions, or ``None`` if RLCard is missing."""
    try:
        import rlcard  # type: ignore[import-not-found]
    except ImportError:
        return None
    env = rlcard.make("doudizhu", config={"seed": seed})
    rng = random.Random(seed)
    actions = deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _ = env.step(legal[rng.randrange(len(legal))])
            actions += 1
        deals += 1
    elapsed = time.perf_counter() - start
    return Throughput(
        "RLCard doudizhu", actions / elapsed, deals / elapsed, deals, elapsed, "env.step"
    )


def openspiel(game: str, seconds: float = 3.0, seed: int = 1) -> Throughput | None:
    """OpenSpiel (C++ through pyspiel) random play, or ``None`` if it is missing."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    g = pyspiel.load_game(game)
    rng = random.Random(seed)
    actions = deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        deals += 1
    elapsed = time.perf_counter() - start
    return Throughput(
        f"OpenSpiel {game}",
        actions / elapsed,
        deals / elapsed,
        deals,
        elapsed,
        "legal_actions + apply_action",
    )


def peers(seconds: float) -> list[Throughput]:
    found = [
        rlcard_doudizhu(seconds),
        openspiel("hearts", seconds),
        openspiel("dou_dizhu", seconds),
    ]
    return [p for p in found if p is not None]


Runner = Callable[[float, int], Throughput | None]


def _runners(games: Sequence[str]) -> list[Runner]:
    ours: list[Runner] = [
        lambda s, seed, g=g: random_play(g, seconds=s, seed=seed)  # type: ignore[misc]
        for g in games
    ]
    theirs: list[Runner] = [
        lambda s, seed: rlcard_doudizhu(s, seed),
        lambda s, seed: openspiel("hearts", s, seed),
        lambda s, seed: openspiel("dou_dizhu", s, seed),
    ]
    return ours + theirs


def combine(parts: Sequence[Throughput]) -> Throughput:
    """One figure from several measurements of one engine (time-weighted)."""
    seconds = sum(p.seconds for p in parts)
    return Throughput(
        parts[0].name,
        sum(p.actions_per_s * p.seconds for p in parts) / seconds,
        sum(p.deals_per_s * p.seconds for p in parts) / seconds,
        sum(p.matches for p in parts),
        seconds,
        parts[0].method,
    )


def report(games: Sequence[str], seconds: float = 3.0, rounds: int | None = None) -> str:
    """The full text report of ``pakka bench``.

    The engines take turns: ``rounds`` rounds (default: one per second of ``seconds``)
    in which each engine plays for ``seconds / rounds``, so that a change in the
    machine's load (other processes) falls on every engine alike.  Each figure sums its
    rounds; a ratio also shows the range of the per-round ratios.
    """
    if rounds is None:
        rounds = max(1, round(seconds))
    lines = [
        f"Random-play throughput, one process, {seconds:g} s per engine "
        f"in {rounds} interleaved rounds:"
    ]
    runners = _runners(games)
    per_round: list[list[Throughput]] = [[] for _ in runners]
    present = [True] * len(runners)
    for r in range(rounds):
        for i, run in enumerate(runners):
            if present[i]:
                t = run(seconds / rounds, r + 1)
                if t is None:
                    present[i] = False
                else:
                    per_round[i].append(t)
    measured = [combine(parts) for parts in per_round if parts]
    ours, theirs = measured[: len(games)], measured[len(games) :]
    ours_rounds = per_round[: len(games)]
    theirs_rounds = [parts for parts in per_round[len(games) :] if parts]
    lines += ["  " + t.line() for t in ours + theirs]
    if not theirs:
        lines.append("  (peers not installed: pip install rlcard open_spiel to compare)")
    for t, t_rounds in zip(ours, ours_rounds, strict=True):
        for p, p_rounds in zip(theirs, theirs_rounds, strict=True):
            each = [
                a.actions_per_s / b.actions_per_s for a, b in zip(t_rounds, p_rounds, strict=True)
            ]
            lines.append(
                f"  {t.name} / {p.name}: {t.actions_per_s / p.actions_per_s:.2f}x actions/s"
                f" (rounds {min(each):.2f}-{max(each):.2f})"
            )
    lines.append("clone() and determinize() per call (median / p95, microseconds):")
    for g in games:
        costs = clone_and_determinize(g)
        lines.append(
            f"  {g:<16} clone {costs['clone'][0]:8.1f} / {costs['clone'][1]:8.1f}"
            f"   determinize {costs['determinize'][0]:8.1f} / {costs['determinize'][1]:8.1f}"
        )
    return "\n".join(lines)

"""Anarchy: one level against another from deal K to the end of the game.  (Not a test.)

A whole ten-deal game is too noisy to compare two bots that differ by a few points: one
changed contract sends the rest of the game elsewhere, and a game's score difference has a
standard deviation of about 20 points even in duplicate.  This plays the comparison from a
later deal instead:

* match ``seed`` (4 players) is played by ``normal`` bots up to the start of deal ``K``
  (0-based: ``--from-deal 9`` is the last deal, where every contract is forced, so only the
  cards differ; ``--from-deal 8`` adds a choice between two contracts; 0 is the whole game);
* from there it is played to the end once with ``normal`` at every seat, and once per seat
  ``s`` with the tested level at ``s`` and ``normal`` elsewhere (the same cards: the deals
  come from the match's seed, not from the play; the same seeded bots at the other seats);
* the result per seat is the tested bot's score from deal K to the end minus what ``normal``
  scored at that seat, and per seed the mean over the four seats (seat rotation).

``normal`` tested against itself gives exactly 0 at every seat (the same bots with the same
seeds make the same moves), so any gain is the tested bot's own doing.  The mean gain per
seed is printed with a 95 % interval (1.96 standard errors over the
seeds), and the deals played by the tested bot (seeds × seats × deals from K on).

Usage::

    python benchmarks/anarchy_deals.py hard --from-deal 9 --first 0 --count 200 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable

import pakka.games
from pakka.bots import make
from pakka.bots.base import Bot
from pakka.engine import State

PLAYERS = 4
DEALS = 10

BotFactory = Callable[[int, int], Bot]
"""``factory(seat, seed)``: the tested bot for a seat."""


def _play(
    state: State, bots: dict[int, Bot], until: int = DEALS, then: dict[int, Bot] | None = None
) -> None:
    """Play to the end; from deal ``until`` on, the seats are played by ``then``'s bots."""
    while not state.is_over():
        for seat in sorted(state.to_act()):
            if state.is_over():
                break
            legal = state.legal_actions(seat)
            if legal:
                bot = bots[seat] if then is None or state.deal_number() < until else then[seat]
                state.apply(seat, bot.act(state.observation(seat), legal))


def _normal_bots(seed: int) -> dict[int, Bot]:
    return {s: make("anarchy", "normal", seed=seed * 31 + s) for s in range(PLAYERS)}


def start_of_deal(seed: int, deal: int) -> State:
    """Match ``seed`` played by ``normal`` bots up to the start of deal ``deal``."""
    state = pakka.games.get("anarchy").new_match(players=PLAYERS, seed=seed)
    bots = _normal_bots(seed)
    while state.deal_number() < deal and not state.is_over():
        seat = min(state.to_act())
        legal = state.legal_actions(seat)
        state.apply(seat, bots[seat].act(state.observation(seat), legal))
    return state


def gains(seed: int, deal: int, tested: BotFactory, span: int = DEALS) -> list[float]:
    """Per seat: the tested bot's score from ``deal`` to the end minus ``normal``'s.

    The tested bot plays ``span`` deals from ``deal`` on; ``normal`` plays its seat after
    them (so ``span=1`` measures one deal's decisions with their consequences for the rest
    of the game: the contract spent, the cards won).
    """
    start = start_of_deal(seed, deal)
    before = start.observation(None)["scores"]
    # After the span every seat gets a fresh bot in both runs (the same seeds), so the
    # random streams of the two runs agree again whatever the tested bot did.
    base = start.clone()
    _play(base, _normal_bots(seed + 7919), deal + span, _normal_bots(seed + 7717))
    base_scores = base.observation(None)["scores"]
    out = []
    for seat in range(PLAYERS):
        sim = start.clone()
        bots = _normal_bots(seed + 7919)
        bots[seat] = tested(seat, seed + 7919)
        _play(sim, bots, deal + span, _normal_bots(seed + 7717))
        mine = sim.observation(None)["scores"][seat] - before[seat]
        out.append(float(mine - (base_scores[seat] - before[seat])))
    return out


def level_factory(level: str) -> BotFactory:
    return lambda seat, seed: make("anarchy", level, seed=seed * 31 + seat)


_JOB: tuple[str, int | None, int] = ("hard", 9, DEALS)


def _init(level: str, deal: int | None, span: int) -> None:
    global _JOB
    _JOB = (level, deal, span)


def deal_for(seed: int, deal: int | None) -> int:
    """The start deal of a seed: ``deal``, or with ``None`` each deal in turn (seed mod 10)."""
    return seed % DEALS if deal is None else deal


def _run(seed: int) -> tuple[int, list[float], float]:
    started = time.perf_counter()
    level, deal, span = _JOB
    result = gains(seed, deal_for(seed, deal), level_factory(level), span)
    return seed, result, time.perf_counter() - started


def summary(per_seed: list[float]) -> str:
    mean = statistics.fmean(per_seed)
    ci = (
        1.96 * statistics.stdev(per_seed) / math.sqrt(len(per_seed))
        if len(per_seed) > 1
        else math.inf
    )
    return f"{mean:+.3f} ± {ci:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("level", help="the tested level (against normal)")
    parser.add_argument(
        "--from-deal", default="9", help="0-based deal to start at, or 'each' (seed mod 10)"
    )
    parser.add_argument(
        "--span", type=int, default=DEALS, help="deals the tested bot plays (then normal)"
    )
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    deal = None if args.from_deal == "each" else int(args.from_deal)
    if deal is not None and not 0 <= deal < DEALS:
        parser.error(f"--from-deal must be 0-{DEALS - 1} or 'each'")
    seeds = range(args.first, args.first + args.count)
    print(
        f"anarchy {args.level} vs normal from deal {args.from_deal} for {args.span} deals: "
        f"seeds {args.first}.."
        f"{args.first + args.count - 1}, jobs={args.jobs}, load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    started = time.perf_counter()
    per_seed: list[float] = []
    with multiprocessing.get_context("fork").Pool(
        args.jobs, initializer=_init, initargs=(args.level, deal, args.span)
    ) as pool:
        for seed, seat_gains, secs in pool.imap(_run, seeds):
            per_seed.append(statistics.fmean(seat_gains))
            print(
                f"seed {seed}: gains {[round(g) for g in seat_gains]}, {secs:.0f} s; "
                f"running mean {summary(per_seed)} over {len(per_seed)} seeds",
                flush=True,
            )
    deals = PLAYERS * sum(
        min(args.span, DEALS - deal_for(seed, deal)) for seed in seeds[: len(per_seed)]
    )
    print(
        f"anarchy {args.level} vs normal from deal {args.from_deal}: {deals} deals by the "
        f"tested bot, mean gain "
        f"{summary(per_seed)} points per seat (95 %), wall {time.perf_counter() - started:.0f} s, "
        f"load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )


if __name__ == "__main__":
    main()

"""Would better worlds change Guandan ``hard``'s moves?  Moves valued by the truth.  (Not a test.)

Whole runs against the rule bots measure a change of `hard`'s worlds to about ± 0.5 levels
a deal in 120 deals: too coarse for most changes.  This measures it at recorded positions
instead, with far less noise:

1. ``--collect OUT``: ``hard`` plays the first ``--deals`` deals of ``--seeds`` against a
   rule bot (``benchmarks/rulebots``, needs ``--repo``), both seatings; every decision of
   pakka's seats with a choice, in the play phase, with ``--cards`` or fewer cards left in
   all hands, is saved with its true state (a pickle: trusted local data only).
2. ``--evaluate FILE --variants ...``: at each position every variant chooses its move
   from the seat's view alone, and the move is valued by the kit's play-out on the *true*
   state (the heuristic at every seat to the deal's end; the same value as the search's).
   ``seeing`` (``hard`` with the truth as its only world) picks the best of its candidates by
   that value, so what it gains over ``kit`` is what perfect inference could give; a variant
   is judged by how much of it it gets.  The mean value of each variant, its paired
   difference to ``kit`` with a 95 % interval, the positions where the value differs, and
   CPU p95 a decision, over all positions and by cards left; then where the last variant
   gains over the first (the situation and the kinds of the two moves).

Variants: ``kit`` (the shipped ``hard``), ``kit@S`` (the same with another seed: the noise
of the measure), ``normal`` (the heuristic's move), ``budget=B`` (``hard`` with the budget
``B`` of ``Budget.parse`` with colons for commas, e.g. ``budget=64:3:0.5``: more blind worlds), ``seeing``, ``seeing-bombs`` (blind worlds in which
each seat holds its true jokers, wilds and four-of-a-kind ranks), ``seeing-partner`` (blind
worlds in which the partner holds its true hand), ``chain=N`` (the kit's chain over its heuristic player model,
burn-in ``N``), ``belief=N`` (``N`` blind worlds resampled by that model), and the same two
over a model that reads only passes (``passes-chain=N``, ``passes-belief=N``: a seat that
passes on an opponent's trick while it holds a beater that is not a bomb does so with
probability :data:`P_PASS_BEATER`, otherwise :data:`P_PASS_NONE`, the rates measured for
ai2 in docs/bots.md), and over a sharp model of the partner alone (``partner-chain=N``,
``partner-belief=N``: pakka's partner plays the heuristic's move in nearly every decision).

Usage (the figures in docs/bots.md came from these)::

    python benchmarks/guandan_regret.py --collect bench-results/regret/ai2.pkl \\
        --repo /work/.mirror/AltmanD+guandan_mcc/repo --bot ai2 --seeds 700-714
    python benchmarks/guandan_regret.py --evaluate bench-results/regret/ai2.pkl \\
        --variants kit,seeing,passes-belief=400 --out bench-results/regret/ai2_eval.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pickle
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.rulebots import harness, loader
from benchmarks.rulebots.agreement import move_type

from pakka.bots import Bot, Budget, make
from pakka.bots.base import View
from pakka.bots.belief import Chain
from pakka.bots.search import PimcBot
from pakka.engine import Action, State
from pakka.games.guandan import GuandanState
from pakka.games.guandan.bots.belief import CHAIN, evidence, propose, replay
from pakka.games.guandan.combos import BOMB_TYPES, card_kind, level_rank
from pakka.games.guandan.moves import raw_plays

P_PASS_BEATER = 0.2
"""The chance that a seat passes on an opponent's trick while it holds a beater that is not
a bomb (ai2: 21.9 % of 347 such decisions, ``rulebots.py --agreement``, docs/bots.md)."""
P_PASS_NONE = 0.85
"""The same without such a beater (the rest are bombs; ai2: 84.9 % of 464)."""

Position = tuple[tuple[int, int], GuandanState, int]
"""(seed, pakka's team), the true state, the deciding seat."""


def holds_a_beater(st: GuandanState, seat: int) -> bool:
    """Whether ``seat``'s hand in ``st`` beats the trick with something other than a bomb."""
    assert st.top is not None and st.top.combo is not None
    counts = [0] * 54
    for c in st.hands[seat]:
        counts[card_kind(c)] += 1
    plays = raw_plays(counts, level_rank(st.deal_level), st.top.combo, canonical=True)
    return any(r[0] not in BOMB_TYPES for r in plays)


def passes_evidence(world: State[Any, Any], view: View) -> float:
    """Log-likelihood of the other seats' passes on an opponent's trick in ``world``: the
    only decisions whose chance the model sets (plays and passes on a partner's trick are
    taken as equally likely in every world)."""
    assert isinstance(world, GuandanState)
    me = view.seat
    total = 0.0
    for _, seat, st, move in replay(world):
        if move is not None or seat == me or st.top is None or st.top_seat is None:
            continue
        if st.top_seat % 2 != seat % 2:
            total += math.log(P_PASS_BEATER if holds_a_beater(st, seat) else P_PASS_NONE)
    return total


PARTNER_TEMPERATURE = 0.1
"""The partner model's softmax temperature: pakka's partner seldom leaves the heuristic's
move (``hard``'s search changes the value of 13 of 300 late decisions), so sharp."""
PARTNER_FLOOR = 0.02
"""The share of the partner model's chance spread over moves the heuristic did not pick."""


def partner_evidence(world: State[Any, Any], view: View) -> float:
    """Log-likelihood of the partner's plays and passes of this deal in ``world`` under a
    sharp model of pakka's heuristic (the opponents' decisions are not weighed)."""
    assert view.seat is not None
    partner = (view.seat + 2) % 4
    return evidence(world, view, PARTNER_TEMPERATURE, PARTNER_FLOOR, seats=(partner,))


class Collecting(harness.Match):
    """A refereed match that keeps the true state at pakka's late decisions."""

    def __init__(self, *args: Any, cards: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cards = cards
        self.positions: list[Position] = []

    def pakka_act(self, seat: int, legal: list[Action]) -> Action:
        st = self.st
        if st.phase == "play" and len(legal) > 1 and sum(len(h) for h in st.hands) <= self.cards:
            self.positions.append(((self.seed, self.pakka_team), st.clone(), seat))
        return super().pakka_act(seat, legal)


def collect(args: argparse.Namespace) -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":  # the rule bots iterate over sets
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    loader.configure(args.repo)
    first, _, last = args.seeds.partition("-")
    positions: list[Position] = []
    for seed in range(int(first), int(last or first) + 1):
        for team in (0, 1):
            match = Collecting(seed, "hard", args.bot, team, args.deals, 60, cards=args.cards)
            match.run()
            positions.extend(match.positions)
            print(f"seed {seed} pakka team {team}: {len(positions)} positions", flush=True)
    Path(args.collect).parent.mkdir(parents=True, exist_ok=True)
    with open(args.collect, "wb") as f:
        pickle.dump(positions, f)


def variant(name: str, seed: int) -> Bot:
    """The bot of a variant (see the module's docstring)."""
    kind, _, arg = name.partition("=")
    if kind.startswith("kit@"):
        return make("guandan", "hard", seed=seed + int(kind[4:]))
    if kind == "normal":
        return make("guandan", "normal", seed=seed)
    if kind == "budget":
        return make("guandan", "hard", seed=seed, budget=Budget.parse(arg.replace(":", ",")))
    bot = make("guandan", "hard", seed=seed)
    assert isinstance(bot, PimcBot)
    if kind == "kit":
        return bot
    if kind in harness.SEEING:
        bot.__class__ = harness.SEEING[kind]
        return bot
    model = {"passes-": passes_evidence, "partner-": partner_evidence}.get(
        kind[: kind.find("-") + 1], CHAIN.evidence
    )
    if kind.endswith("chain"):
        bot.chain = Chain(evidence=model, propose=propose, thin=CHAIN.thin, carry=None)
        bot.budget = replace(bot.budget, chain=int(arg))
    elif kind.endswith("belief"):
        bot.evidence = model
        bot.budget = replace(bot.budget, belief=int(arg))
    else:
        raise SystemExit(
            f"unknown variant {name!r}: kit, kit@S, seeing, [passes-]chain=N, [passes-]belief=N"
        )
    return bot


def values(positions: list[Position], names: list[str]) -> Iterator[dict[str, Any]]:
    """For each position, each variant's move valued on the true state, and its CPU ms."""
    judge = make("guandan", "hard", seed=0)
    assert isinstance(judge, PimcBot)
    for i, (_, st, seat) in enumerate(positions):
        view, legal = st.view(seat), st.legal_actions(seat)
        row: dict[str, Any] = {"i": i, "cards": sum(len(h) for h in st.hands)}
        if st.top is None or st.top_seat is None:
            row["situation"] = "lead"
        else:
            row["situation"] = (
                "partner's trick" if st.top_seat % 2 == seat % 2 else "opponent's trick"
            )
        for name in names:
            bot = variant(name, 1000 + i)
            if isinstance(bot, (harness.Seeing, harness.SeeingBombs)):  # seeing-partner too
                bot.truth = st
            cpu = time.thread_time()
            action = bot.act(view, legal)
            row[f"{name} ms"] = round(1000 * (time.thread_time() - cpu), 1)
            row[f"{name} move"] = move_type(action)
            sim = st.clone()
            sim.apply_unchecked(seat, action)
            judge.rollout(sim, random.Random(0))
            row[name] = judge.value(sim, seat)
        yield row


def evaluate(args: argparse.Namespace) -> None:
    with open(args.evaluate, "rb") as f:
        positions: list[Position] = pickle.load(f)
    names = args.variants.split(",")
    if args.out:
        Path(args.out).write_text("")
    rows = []
    for row in values(positions[: args.limit or None], names):
        rows.append(row)
        if args.out:
            with open(args.out, "a") as out:
                print(json.dumps(row), file=out)
    print(table(rows, names))
    print(changes(rows, names[0], names[-1]))


def table(rows: list[dict[str, Any]], names: list[str]) -> str:
    """Each variant's mean truth value, paired difference to the first, and CPU p95."""
    base = names[0]
    lines = [
        f"| cards left | positions | variant | mean value | − {base}, ± 95 % | positions that differ | CPU p95 ms |",
        "|---|---:|---|---:|---|---:|---:|",
    ]
    for low, high in ((0, 108), (28, 54), (0, 27)):
        band = [r for r in rows if low <= r["cards"] <= high]
        if len(band) < 2:
            continue
        for name in names:
            d = [r[name] - r[base] for r in band]
            m = sum(d) / len(d)
            sd = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1))
            ms = sorted(r[f"{name} ms"] for r in band)
            lines.append(
                f"| {low}-{high} | {len(band)} | {name} | {sum(r[name] for r in band) / len(band):+.3f} "
                f"| {m:+.3f} ± {1.96 * sd / math.sqrt(len(d)):.3f} | {sum(1 for x in d if x)} "
                f"| {ms[int(0.95 * (len(ms) - 1))]:.0f} |"
            )
    return "\n".join(lines)


def changes(rows: list[dict[str, Any]], base: str, better: str) -> str:
    """Where ``better``'s move is worth more than ``base``'s: the situation and the two
    moves' kinds, with how often and how much (the largest groups first)."""
    count: Counter[str] = Counter()
    gain: Counter[str] = Counter()
    for r in rows:
        if f"{base} move" in r and r[better] > r[base]:
            key = f"{r['situation']}: {r[f'{base} move']} -> {r[f'{better} move']}"
            count[key] += 1
            gain[key] += r[better] - r[base]
    lines = [f"| where {better} gains over {base} | positions | value gained |", "|---|---:|---:|"]
    lines += [f"| {k} | {n} | {gain[k]:+.1f} |" for k, n in count.most_common(12)]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--collect", help="write positions to this file")
    parser.add_argument("--repo", help="the rule bots' git copy (--collect)")
    parser.add_argument("--bot", default="ai2", help="the rule bot (--collect)")
    parser.add_argument("--seeds", default="700-714", help="A-B (--collect)")
    parser.add_argument("--deals", type=int, default=2, help="deals a match (--collect)")
    parser.add_argument("--cards", type=int, default=54, help="cards left at most (--collect)")
    parser.add_argument("--evaluate", help="positions to evaluate")
    parser.add_argument("--variants", default="kit,seeing", help="comma list, the first the base")
    parser.add_argument("--limit", type=int, default=0, help="the first N positions only")
    parser.add_argument("--out", help="one JSON line a position (--evaluate)")
    args = parser.parse_args()
    if args.collect:
        if not args.repo:
            parser.error("--collect needs --repo")
        collect(args)
    elif args.evaluate:
        evaluate(args)
    else:
        parser.error("give --collect or --evaluate")


if __name__ == "__main__":
    main()

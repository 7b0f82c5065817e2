"""pakka's Guandan bots against the Guandan AI competition's rule bots.  (Not a test.)

The rule bots are the baselines ``rl-frame/wintest/ai1..ai9`` of AltmanD/guandan_mcc, the
opponents DanZero was measured against.  ``benchmarks/rulebots/`` plays them (its
``harness`` module explains the method); their code is loaded at run time from the git copy
given by ``--repo``, so nothing of theirs is ever copied into pakka.  This command:

* exports the bots from ``--repo`` (to a scratch folder named after the copy's commit);
* fixes ``PYTHONHASHSEED=0`` (some rule bots iterate over sets), re-running itself if needed;
* plays every seed in both seatings against each rule bot of ``--bots`` with each pakka
  level of ``--levels``, one JSON line per match to ``--out``, and prints the summary:
  match win rate with its 95 % Wilson interval, deal wins and the level gain a deal with
  95 % intervals clustered by seed;
* times every pakka decision that had a choice (wall and thread CPU, ``pakka_decisions``
  in each record) and prints their medians, 95th percentiles and maxima (the issue's target
  is ``hard`` under 1 s at the 95th percentile);
* ``--levels seeing``, ``seeing/N``, ``seeing-bombs`` and ``seeing-partner`` are
  diagnostics, not bots anyone may meet: ``hard``'s search seeing every hand (from the
  last ``N`` cards on), or knowing where each seat's jokers, wilds and four-of-a-kind ranks
  are, or its partner's hand (``harness.SEEING``): what better inference about the hidden
  hands could add;
* ``--set NAME=VALUE`` changes one of the Guandan heuristic's named constants for the run
  (how the follow rule of issue 19 was tuned, ``docs/bots.md``);
* ``--report FILES`` summarises saved records; ``--compare FIRST SECOND`` gives the paired
  (seed by seed) difference of the level gain a deal between two runs on the same seeds;
  ``--check-format`` checks the wire format against a server message recorded in the bots'
  source;
* ``--agreement`` also counts, at every rule-bot decision, whether pakka's heuristic would
  have made the same move (``rulebots/agreement.py``: what an opponent model must fix);
  ``--style`` measures a style of the heuristic instead, and ``--opponent-style`` plays the
  other team of ``hard``'s play-outs in one.

Usage (the figures in ``docs/bots.md`` came from these commands)::

    python benchmarks/rulebots.py --repo /work/.mirror/AltmanD+guandan_mcc/repo \\
        --bots ai1 --levels normal --seeds 0-3 --out bench-results/rulebots/normal_ai1.jsonl
    python benchmarks/rulebots.py --report bench-results/rulebots/normal_ai1.jsonl
    python benchmarks/rulebots.py --repo /work/.mirror/AltmanD+guandan_mcc/repo --check-format
"""

from __future__ import annotations

import argparse
import ast
import glob
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.rulebots import agreement, check_format, harness, loader  # noqa: E402

import pakka.games.guandan.bots.policy as guandan_policy  # noqa: E402
import pakka.games.guandan.bots.search as guandan_search  # noqa: E402
from pakka.bots import Budget  # noqa: E402
from pakka.games.guandan.bots.policy import Style  # noqa: E402


def parse_budget(text: str | None) -> Budget | None:
    """``hard``'s budget from ``--budget`` (:meth:`Budget.parse`; default: the kit's)."""
    return Budget.parse(text) if text else None


TUNABLE = ("LEAD_SIZE_BONUS", "FOLLOW_GAIN", "GAIN_HOLDER_NEAR", "GAIN_HOLDER_MID", "BOMB_PENALTY")
"""The heuristic's constants ``--set`` may change (``pakka.games.guandan.bots.policy``)."""


def apply_settings(settings: list[str]) -> str:
    """Set the heuristic's constants from ``NAME=VALUE`` (a Python literal) for this run.

    The pool's processes are forked after this, so they play with the same values.
    """
    done = []
    for item in settings:
        name, _, text = item.partition("=")
        if name not in TUNABLE:
            raise SystemExit(f"--set {item!r}: the constants are {', '.join(TUNABLE)}")
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise SystemExit(f"--set {item!r}: the value must be a number or a tuple") from None
        if type(value) is not type(getattr(guandan_policy, name)):
            raise SystemExit(
                f"--set {item!r}: {name} is {getattr(guandan_policy, name)!r}, give the same kind"
            )
        setattr(guandan_policy, name, value)
        done.append(f"{name}={value!r}")
    return ", ".join(done)


def read_records(patterns: list[str]) -> list[dict[str, Any]]:
    records = []
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            with open(path) as f:
                records += [json.loads(line) for line in f if line.strip()]
    return records


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", help="a git copy of AltmanD/guandan_mcc (bare or a work tree)")
    ap.add_argument("--bots", default="ai1", help="comma list of rule bots (ai1..ai9)")
    ap.add_argument(
        "--levels",
        default="random,normal",
        help="comma list of pakka levels; hard/N: normal until N cards are left, then hard; seeing: hard with the true state as its only world; seeing/N: hard until N cards are left, then seeing; seeing-bombs: hard knowing where the bombs are; seeing-partner: hard knowing its partner's hand; LEVEL+bombs@oracle: LEVEL whose choice to bomb an opponent's trick is made on the true cards, LEVEL+bombs@MARGIN: by guandan_bombs.py's model",
    )
    ap.add_argument("--seeds", default="0-9", help="seeds, e.g. 0-19 or 1,2,5")
    ap.add_argument("--deals", type=int, default=0, help="stop each match after K deals (0: all)")
    ap.add_argument(
        "--max-deals", type=int, default=60, help="cap on a whole match (then unfinished)"
    )
    ap.add_argument(
        "--budget", help="hard's budget: worlds,candidates[,confidence][,max_worlds=N][,seconds=S]"
    )
    ap.add_argument(
        "--endgame",
        type=int,
        help="hard's endgame threshold: cards left in all hands (0: no wider endgame search)",
    )
    ap.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"change one of the heuristic's constants for this run ({', '.join(TUNABLE)})",
    )
    ap.add_argument("--jobs", type=int, default=1, help="processes (the machine is shared)")
    ap.add_argument("--out", help="append one JSON line per match here")
    ap.add_argument("--report", nargs="*", help="only summarise these JSON-lines files")
    ap.add_argument(
        "--first-deals", type=int, default=0, help="with --report: count only deals 1..K"
    )
    ap.add_argument(
        "--compare",
        nargs=2,
        metavar=("FIRST", "SECOND"),
        help="paired by seed: the second run's level gain a deal minus the first's",
    )
    ap.add_argument(
        "--agreement",
        action="store_true",
        help="diagnostic: also count how often pakka's heuristic makes the rule bots' moves",
    )
    ap.add_argument(
        "--style",
        default="",
        help="with --agreement: the heuristic's style to compare (Style.parse, e.g. "
        "low_single=1.0,early_bomb=0.5)",
    )
    ap.add_argument(
        "--opponent-style",
        help="hard's model of the other team in its play-outs (Style.parse; default pakka's)",
    )
    ap.add_argument("--check-format", action="store_true", help="check the wire format")
    ap.add_argument(
        "--trace-exceptions",
        action="store_true",
        help="diagnostic: count every exception raised inside the bots, even caught ones",
    )
    args = ap.parse_args(argv)
    if os.environ.get("PYTHONHASHSEED") != "0":
        env = dict(os.environ, PYTHONHASHSEED="0")
        os.execve(sys.executable, [sys.executable, __file__, *sys.argv[1:]], env)

    if args.compare:
        c = harness.paired(read_records([args.compare[0]]), read_records([args.compare[1]]))
        print(
            f"{c['seeds']} seeds: first {c['first']:+.3f}, second {c['second']:+.3f} levels a "
            f"deal; second - first, seed by seed: {c['diff']:+.3f} ± {c['diff_ci']:.3f}"
        )
        return
    if args.report is not None:
        records = read_records(args.report)
        print(harness.table(harness.summarize(records, args.first_deals)))
        print()
        print(harness.timing_table(records))
        if any("agreement" in r for r in records):
            print()
            print(agreement.table(records))
        return
    if not args.repo:
        ap.error("--repo is needed to play (a git copy of AltmanD/guandan_mcc)")
    head = loader.configure(args.repo)
    if args.check_format:
        check_format.main()
        return
    if args.trace_exceptions:
        loader.TRACE = {}
    if args.endgame is not None:
        guandan_search.ENDGAME_CARDS = args.endgame
    settings = apply_settings(args.set)
    seeds = harness.parse_seeds(args.seeds)
    budget = parse_budget(args.budget)
    try:
        style = Style.parse(args.style)
        if args.opponent_style:
            guandan_search.GuandanSearch.opponent_style = Style.parse(args.opponent_style)
    except ValueError as e:
        ap.error(str(e))
    print(
        (f"heuristic set: {settings}; " if settings else "")
        + (f"agreement with the heuristic in style {style}; " if args.agreement else "")
        + (
            f"hard's opponents play {guandan_search.GuandanSearch.opponent_style}; "
            if args.opponent_style
            else ""
        )
        + f"repo {head[:12]}, seeds {seeds[0]}..{seeds[-1]} ({len(seeds)}), bots {args.bots}, "
        f"levels {args.levels}, deals {args.deals or 'whole match'}, max deals "
        f"{args.max_deals}, budget {budget or 'default'}, endgame "
        f"{guandan_search.ENDGAME_CARDS} cards, jobs {args.jobs}, "
        f"load {harness.load_avg():.2f}",
        flush=True,
    )
    all_records = []
    for rule in args.bots.split(","):
        for level in args.levels.split(","):
            tasks: list[harness.Task] = [
                (s, level, rule, team, args.deals, args.max_deals, budget)
                for s in seeds
                for team in (0, 1)
            ]
            t0 = time.perf_counter()
            records = (
                agreement.play(tasks, args.jobs, style)
                if args.agreement
                else harness.play(tasks, args.jobs)
            )
            for rec in records:
                all_records.append(rec)
                print(harness.line(rec), flush=True)
                if args.out:
                    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
                    with open(args.out, "a") as f:
                        f.write(json.dumps(rec) + "\n")
            print(f"# {rule} vs pakka {level}: {time.perf_counter() - t0:.0f} s", flush=True)
    print(harness.table(harness.summarize(all_records)))
    print()
    print(harness.timing_table(all_records))
    if args.agreement:
        print()
        print(agreement.table(all_records))
    if loader.TRACE is not None:
        print("exceptions raised inside the bots (bot, stage, file, line, type, message): count")
        for k, v in sorted(loader.TRACE.items(), key=lambda kv: -kv[1]):
            print(f"  {v:6d}  {k}")


if __name__ == "__main__":
    main()

"""A training run's learning curve against the Guandan competition's rule bots.  (Not a test.)

``pakka train guandan`` evaluates each checkpoint against ``normal`` as it trains
(``curve.csv``) and keeps each checkpoint's weights (``snapshots/weights-NNN.npz``).  This
plays every snapshot (or every ``--every``-th) as the ``learned`` level (``learned@PATH``
in ``benchmarks/rulebots/harness.py``) against each rule bot of ``--bots``, with ``normal``
on the same deals as the reference, and writes the curve beside the run's own:
``curve-rulebots.csv`` (checkpoint, deals, CPU hours, rule bot, level gain a deal with its
95 % interval clustered by seed, deals won; a second run on the same deals measures only
the snapshots not yet in it) and ``curve-rulebots-<bot>.svg`` (the dashed
line is ``normal``'s gain on the same deals).  The rule bots' code is loaded at run time
from ``--repo``, a git copy of AltmanD/guandan_mcc, as ``benchmarks/rulebots.py`` does.

    python benchmarks/learned_curve.py benchmarks/train/guandan-curve \\
        --repo /work/.mirror/AltmanD+guandan_mcc/repo --bots ai2 --seeds 91000-91019
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.rulebots import harness, loader  # noqa: E402
from benchmarks.rulebots.harness import Task  # noqa: E402

from pakka.bots.train import svg_curve  # noqa: E402

FIELDS = (
    *("checkpoint", "deals", "cpu_hours", "rule", "level", "seeds", "eval_deals"),
    *("gain", "gain_ci", "deal_win", "normal_gain", "normal_gain_ci"),
)


def measured(level: str, rule: str, seeds: list[int], deals: int, jobs: int) -> dict[str, Any]:
    """``level``'s summary row against ``rule`` on deals 1..``deals`` of ``seeds``, both
    seatings."""
    tasks: list[Task] = [(s, level, rule, team, deals, 60, None) for s in seeds for team in (0, 1)]
    records = list(harness.play(tasks, jobs))
    (row,) = harness.summarize(records)
    return row


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path, help="a pakka train folder with snapshots/")
    ap.add_argument("--repo", required=True, help="a git copy of AltmanD/guandan_mcc")
    ap.add_argument("--bots", default="ai2", help="comma list of rule bots (ai1..ai9)")
    ap.add_argument("--seeds", default="91000-91019", help="seeds (never used in training)")
    ap.add_argument("--deals", type=int, default=1, help="deals 1..K of each match")
    ap.add_argument("--every", type=int, default=1, help="every K-th snapshot (and the last)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (the machine is shared)")
    args = ap.parse_args(argv)
    if os.environ.get("PYTHONHASHSEED") != "0":  # some rule bots iterate over sets
        env = dict(os.environ, PYTHONHASHSEED="0")
        os.execve(sys.executable, [sys.executable, __file__, *sys.argv[1:]], env)

    snaps = sorted((args.folder / "snapshots").glob("weights-*.npz"))
    if not snaps:
        ap.error(f"{args.folder}/snapshots has no weights-NNN.npz (pakka train writes them)")
    snaps = [p for i, p in enumerate(snaps) if i % args.every == 0 or p == snaps[-1]]
    with open(args.folder / "curve.csv") as f:
        trained = {int(r["checkpoint"]): r for r in csv.DictReader(f)}
    head = loader.configure(args.repo)
    seeds = harness.parse_seeds(args.seeds)
    print(
        f"repo {head[:12]}, {len(snaps)} snapshots, bots {args.bots}, seeds {seeds[0]}.."
        f"{seeds[-1]}, deals 1..{args.deals}, both seatings",
        flush=True,
    )
    # a run resumes: the rows already measured on the same deals are kept, not played again
    out = args.folder / "curve-rulebots.csv"
    deals_key = f"{args.seeds} x{args.deals}"
    rows: list[dict[str, Any]] = []
    if out.exists():
        with open(out) as f:
            rows = [r for r in csv.DictReader(f) if r["seeds"] == deals_key]
    for rule in args.bots.split(","):
        curve = [r for r in rows if r["rule"] == rule]
        done = {int(r["checkpoint"]) for r in curve}
        if curve:
            ref = {"gain": float(curve[0]["normal_gain"]), "gain_ci": curve[0]["normal_gain_ci"]}
        else:
            ref = measured("normal", rule, seeds, args.deals, args.jobs)
        print(f"normal vs {rule}: {ref['gain']:+.3f} ± {float(ref['gain_ci']):.3f}", flush=True)
        for path in snaps:
            t0 = time.perf_counter()
            number = int(path.stem.split("-")[1])
            if number in done:
                continue
            got = measured(f"learned@{path}", rule, seeds, args.deals, args.jobs)
            at = trained.get(number, {})
            row = {
                "checkpoint": number,
                "deals": at.get("deals", ""),
                "cpu_hours": at.get("cpu_hours", ""),
                "rule": rule,
                "level": "learned (greedy)",
                "seeds": deals_key,
                "eval_deals": got["deals"],
                "gain": round(got["gain"], 4),
                "gain_ci": round(got["gain_ci"], 4),
                "deal_win": round(got["deal_win"], 4),
                "normal_gain": round(float(ref["gain"]), 4),
                "normal_gain_ci": round(float(ref["gain_ci"]), 4),
            }
            rows.append(row)
            curve.append(row)
            write_rows(out, rows)  # after each snapshot, so a stopped run keeps its rows
            print(
                f"checkpoint {number} ({row['cpu_hours']} CPU h) vs {rule}: "
                f"{row['gain']:+.3f} ± {row['gain_ci']:.3f} levels a deal, "
                f"{100 * row['deal_win']:.1f} % of deals won "
                f"({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
        plot = sorted(
            (r for r in curve if r["cpu_hours"] != ""), key=lambda r: int(r["checkpoint"])
        )
        (args.folder / f"curve-rulebots-{rule}.svg").write_text(
            svg_curve(
                plot,
                against=rule,
                reference=float(ref["gain"]),
                reference_label=f"normal against {rule}",
            )
        )
    write_rows(out, rows)


def write_rows(path: Path, rows: list[dict[str, Any]]) -> None:
    ordered = sorted(rows, key=lambda r: (r["rule"], int(r["checkpoint"])))
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        w.writerows(ordered)


if __name__ == "__main__":
    main()

"""pakka's Guandan bots against the Guandan AI competition's rule bots.  (Not a test.)

A thin wrapper round the evaluation harness kept outside the project
(``../shared/tools/rulebots/harness.py``, its README explains the method).  The rule bots
are the baselines ``rl-frame/wintest/ai1..ai9`` of AltmanD/guandan_mcc; the harness loads
their code at run time from a git copy of that repository, so nothing of theirs is ever
copied into pakka.  This wrapper only:

* points the harness at the copy given by ``--repo`` (``RULEBOTS_MIRROR``; the exported
  tree goes to a scratch folder named after the copy's commit, so two copies never mix);
* fixes ``PYTHONHASHSEED=0`` (some rule bots iterate over sets), re-running itself if needed;
* times every pakka decision that had a choice (two or more legal actions): the wall clock
  and the thread's CPU time are added to each match record (``pakka_decisions``, pairs of
  seconds), and a table of medians, 95th percentiles and maxima is printed after a run and
  with ``--report`` (the issue's target is ``hard`` under 1 s at the 95th percentile);
* passes every other option to the harness unchanged (``--bots``, ``--levels``,
  ``--seeds``, ``--deals``, ``--max-deals``, ``--jobs``, ``--out``, ``--report``,
  ``--first-deals``, ``--trace-exceptions``).

Usage (the figures in ``docs/bots.md`` came from these commands)::

    python benchmarks/rulebots.py --repo /work/.mirror/AltmanD+guandan_mcc/repo \\
        --bots ai1 --levels normal --seeds 0-3 --out bench-results/rulebots/normal_ai1.jsonl
    python benchmarks/rulebots.py --report bench-results/rulebots/normal_ai1.jsonl
"""

from __future__ import annotations

import argparse
import glob
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_HARNESS = ROOT.parent / "shared" / "tools" / "rulebots" / "harness.py"


class TimedBot:
    """A pakka bot whose decisions with a choice are timed (wall and thread CPU seconds)."""

    def __init__(self, bot: Any, times: list[list[float]]) -> None:
        self.bot = bot
        self.times = times

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        wall, cpu = time.perf_counter(), time.thread_time()
        action = self.bot.act(observation, legal_actions)
        if len(legal_actions) > 1:
            self.times.append(
                [round(time.perf_counter() - wall, 5), round(time.thread_time() - cpu, 5)]
            )
        return action


def git_dir(repo: str) -> str:
    """The git directory of a repository copy (bare, or a work tree with ``.git``)."""
    out = subprocess.run(
        ["git", "-C", repo, "rev-parse", "--absolute-git-dir"],
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip()


def head_commit(git: str) -> str:
    out = subprocess.run(
        ["git", f"--git-dir={git}", "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    )
    return out.stdout.strip()


def load_harness(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("harness", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the harness from {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["harness"] = module
    spec.loader.exec_module(module)
    return module


def instrument(harness: ModuleType, records: list[dict[str, Any]]) -> None:
    """Time the pakka seats of every match and keep every record the harness writes."""
    match_cls = harness.Match
    run: Callable[[Any], dict[str, Any]] = match_cls.run
    line: Callable[[dict[str, Any], str | None], None] = harness._line

    def timed_run(match: Any) -> dict[str, Any]:
        times: list[list[float]] = []
        for seat, bot in list(match.bots.items()):
            if seat not in match.rule_seats:
                match.bots[seat] = TimedBot(bot, times)
        record = run(match)
        record["pakka_decisions"] = times
        return record

    def keep_line(record: dict[str, Any], out: str | None) -> None:
        records.append(record)
        line(record, out)

    match_cls.run = timed_run
    harness._line = keep_line


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timing_table(records: list[dict[str, Any]]) -> str:
    """Per (rule bot, pakka level): the pakka decisions with a choice, in milliseconds."""
    groups: dict[tuple[str, str], list[list[float]]] = defaultdict(list)
    deals: dict[tuple[str, str], int] = defaultdict(int)
    for r in records:
        if "pakka_decisions" in r:
            groups[(r["rule"], r["level"])] += r["pakka_decisions"]
            deals[(r["rule"], r["level"])] += len(r["deals"])
    rows = [
        "| rule bot | pakka level | deals | pakka decisions with a choice | per deal | "
        "wall median / p95 / max ms | CPU median / p95 / max ms |",
        "|---|---|---:|---:|---:|---|---|",
    ]
    for (rule, level), times in sorted(groups.items()):
        if not times:
            continue
        wall = [t[0] * 1000 for t in times]
        cpu = [t[1] * 1000 for t in times]
        n = deals[(rule, level)]
        rows.append(
            f"| {rule} | {level} | {n} | {len(times)} | {len(times) / max(1, n):.1f} | "
            f"{statistics.median(wall):.1f} / {percentile(wall, 0.95):.1f} / {max(wall):.1f} | "
            f"{statistics.median(cpu):.1f} / {percentile(cpu, 0.95):.1f} / {max(cpu):.1f} |"
        )
    return "\n".join(rows)


def read_records(patterns: list[str]) -> list[dict[str, Any]]:
    records = []
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            with open(path) as f:
                records += [json.loads(line) for line in f if line.strip()]
    return records


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Every other option goes to the harness (see its --help and README).",
    )
    parser.add_argument(
        "--repo", help="a git copy of AltmanD/guandan_mcc (bare or a work tree); needed to play"
    )
    parser.add_argument(
        "--harness",
        default=str(DEFAULT_HARNESS),
        help="the harness script (default: ../shared/tools/rulebots/harness.py from the "
        "repository root)",
    )
    args, rest = parser.parse_known_args(argv)
    if os.environ.get("PYTHONHASHSEED") != "0":
        env = dict(os.environ, PYTHONHASHSEED="0")
        os.execve(sys.executable, [sys.executable, __file__, *sys.argv[1:]], env)
    reporting = "--report" in rest
    if not reporting:
        if not args.repo:
            parser.error("--repo is needed to play matches (a git copy of AltmanD/guandan_mcc)")
        git = git_dir(args.repo)
        os.environ["RULEBOTS_MIRROR"] = git
        os.environ["RULEBOTS_SRC"] = os.path.join(
            tempfile.gettempdir(), f"rulebots-src-{head_commit(git)[:12]}"
        )
    harness_path = Path(args.harness).resolve()
    if not harness_path.is_file():
        parser.error(f"no harness at {harness_path} (give --harness PATH)")
    harness = load_harness(harness_path)
    records: list[dict[str, Any]] = []
    instrument(harness, records)
    sys.argv = [str(harness_path), *rest]
    harness.main()
    if reporting:
        start = rest.index("--report") + 1
        patterns = []
        for item in rest[start:]:
            if item.startswith("--"):
                break
            patterns.append(item)
        records = read_records(patterns)
    print()
    print(timing_table(records))


if __name__ == "__main__":
    main()

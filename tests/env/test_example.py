"""The example in examples/ runs end to end on a tiny budget."""

from __future__ import annotations

import json
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "evaluate_random_vs_bots.py"


def test_example_cli_smoke_run() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "--matches", "1", "--train", "1"],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    summary = json.loads(out.stdout)
    assert summary["game"] == "norlanninnakki"
    assert summary["random"]["matches"] == summary["linear"]["matches"] == 1


def test_example_run_pentagrammi_option_and_anarchy_passing() -> None:
    out = subprocess.run(
        [
            sys.executable,
            str(EXAMPLE),
            "--game",
            "pentagrammi",
            "--option",
            "deals=1",
            "--matches",
            "1",
            "--train",
            "0",
            "--bots",
            "normal",
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert json.loads(out.stdout)["players"] == 5
    run = runpy.run_path(str(EXAMPLE))["run"]
    summary = run("anarchy", 3, matches=1, train=1, options={"pass_three": True})
    assert summary["players"] == 3
    assert -1.0 <= summary["linear"]["mean_reward"] <= 1.0

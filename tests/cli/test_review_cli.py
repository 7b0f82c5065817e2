"""``pakka review``: the summary, each decision with its mark, both languages, JSON."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pakka.cli import app
from pakka.review.sample import sample_match

runner = CliRunner()


def _record(tmp_path: Path) -> Path:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(sample_match("pentagrammi", 3)))
    return path


def test_review_prints_each_decision_and_the_summary(tmp_path: Path) -> None:
    path = _record(tmp_path)
    en = runner.invoke(app, ["review", str(path), "--seat", "1", "--worlds", "6"])
    assert en.exit_code == 0, en.output
    data = json.loads(
        runner.invoke(app, ["review", str(path), "--seat", "1", "--worlds", "6", "--json"]).output
    )
    lines = en.output.splitlines()
    assert lines[-1] == data["summary"]["en"]
    assert sum(line[3:].startswith("deal 1") for line in lines) == len(data["decisions"])
    for d in data["decisions"]:
        if d["mark"]:
            assert any(f"({d['mark']})" in line for line in lines)
    assert any("the bot" in line for line in lines)
    fi = runner.invoke(app, ["review", str(path), "--seat", "1", "--worlds", "6", "--lang", "fi"])
    assert fi.exit_code == 0
    assert fi.output.splitlines()[-1] == data["summary"]["fi"]
    assert "jako 1" in fi.output


def test_review_refuses_a_seat_not_at_the_table(tmp_path: Path) -> None:
    result = runner.invoke(app, ["review", str(_record(tmp_path)), "--seat", "9"])
    assert result.exit_code == 2
    assert "seat 9" in result.output

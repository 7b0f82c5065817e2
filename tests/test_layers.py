"""The layers of docs/architecture.md hold, and the contract that checks them has teeth.

The contracts are import-linter's, declared in ``pyproject.toml`` (``[tool.importlinter]``)
and run by ``./run check``.  Here they run on pakka's code, then on a copy of it with one
upward import added, which must break them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def lint(pythonpath: Path, config: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    return subprocess.run(
        [str(LINT), "--config", str(config), "--no-cache"],
        capture_output=True,
        text=True,
        env=env,
        cwd=pythonpath,
        timeout=300,
    )


@pytest.fixture(scope="module")
def config() -> Path:
    if not (REPO / "pyproject.toml").is_file() or not LINT.exists():
        pytest.skip("needs a source checkout with the dev extra (import-linter)")
    return REPO / "pyproject.toml"


def test_pakka_keeps_every_contract(config: Path) -> None:
    done = lint(REPO / "src", config)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


@pytest.mark.parametrize(
    ("module", "upward", "broken"),
    [
        ("cards.py", "import pakka.engine", "Layers depend only downwards"),
        ("engine.py", "import pakka.plugins", "Layers depend only downwards"),
        ("games/pentagrammi/rules.py", "import pakka.present", "A game's rules import nothing"),
        ("games/guandan/bots/policy.py", "import pakka.server", "Games know no server"),
        ("present/base.py", "import pakka.tui", "Layers depend only downwards"),
    ],
)
def test_an_upward_import_breaks_a_contract(
    config: Path, tmp_path: Path, module: str, upward: str, broken: str
) -> None:
    copy = tmp_path / "pakka"
    shutil.copytree(
        REPO / "src" / "pakka",
        copy,
        ignore=shutil.ignore_patterns("__pycache__", "web", "*.json", "*.md", "tests"),
    )
    target = copy / module
    target.write_text(target.read_text("utf-8") + f"\n{upward}  # the bug\n", "utf-8")
    done = lint(tmp_path, config)
    assert done.returncode != 0, done.stdout
    assert f"{broken}" in done.stdout and "BROKEN" in done.stdout, done.stdout

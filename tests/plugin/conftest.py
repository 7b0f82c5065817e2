"""``pakka-toy``: the toy game of the generic suite packaged as a game from another package
(named ``highlow`` there, so that it sits beside the suite's own ``toy``),
with its words (``messages.json``) and rules texts (``rules.md``, ``rules.fi.md``) from
``toy_kit/``, and one ``pakka.games`` entry point; installed by pip into a temporary folder
that the tests put on a fresh process's path."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "generic" / "toy.py"
KIT = Path(__file__).resolve().with_name("toy_kit")

PYPROJECT = """\
[build-system]
requires = ["setuptools>=70.1"]
build-backend = "setuptools.build_meta"

[project]
name = "pakka-toy"
version = "1.0"
description = "High or Low, a game for pakka that lives outside its tree"

[project.entry-points."pakka.games"]
highlow = "pakka_toy:PLUGIN"

[tool.setuptools]
packages = ["pakka_toy"]

[tool.setuptools.package-data]
pakka_toy = ["messages.json", "rules.md", "rules.fi.md"]
"""

PLUGIN = """

from pakka.plugins import Plugin

GAME = TOY
PLUGIN = Plugin(game=GAME)  # its words and rules lie beside this module
"""


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with ``pakka-toy`` installed into it by pip."""
    root = tmp_path_factory.mktemp("outside")
    pkg = root / "pakka-toy"
    (pkg / "pakka_toy").mkdir(parents=True)
    (pkg / "pyproject.toml").write_text(PYPROJECT)
    # its own name: beside the generic suite's toy, as an outside game would be
    source = TOY.read_text().replace('name="toy"', 'name="highlow"')
    assert 'name="highlow"' in source
    (pkg / "pakka_toy" / "__init__.py").write_text(source + PLUGIN)
    for file in ("messages.json", "rules.md", "rules.fi.md"):
        shutil.copy(KIT / file, pkg / "pakka_toy" / file)
    target = root / "site"
    subprocess.run(
        [
            *(sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index"),
            *("--no-build-isolation", "--target", str(target), str(pkg)),
        ],
        check=True,
        capture_output=True,
    )
    assert list(target.glob("pakka_toy-*.dist-info/entry_points.txt"))
    assert (target / "pakka_toy" / "rules.fi.md").is_file()
    return target


def environ(site: Path) -> dict[str, str]:
    """The environment of a process that sees the installed package (and pakka's tests)."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]))


def run(site: Path, code: str, *args: str, timeout: float = 120) -> str:
    """Run Python ``code`` in a fresh process that sees the installed package."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        env=environ(site),
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout

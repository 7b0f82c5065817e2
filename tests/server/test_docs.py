"""The limits documented in docs/reliability.md are the ones the server has."""

from __future__ import annotations

from pathlib import Path

import pytest

from pakka.server.limits import Limits, markdown_table

RELIABILITY = Path(__file__).resolve().parents[2] / "docs" / "reliability.md"


def test_the_documented_limits_are_current() -> None:
    assert markdown_table() in RELIABILITY.read_text("utf-8"), (
        "docs/reliability.md lists other limits than pakka.server.limits.Limits; "
        "run: python -m pakka.server.limits docs/reliability.md"
    )


def test_every_limit_is_described() -> None:
    table = markdown_table()
    for name in Limits.names():
        row = next(line for line in table.splitlines() if line.startswith(f"| `{name}` |"))
        assert row.rstrip(" |").split("|")[-1].strip(), f"limit {name} has no docstring"


def test_limits_are_changed_by_name_from_text() -> None:
    limits = Limits().with_values({"bot_tables": "50", "send-seconds": "2.5"})
    assert limits.bot_tables == 50 and limits.send_seconds == 2.5
    env = Limits().from_environment({"PAKKA_LIMIT_SOCKETS_PER_SEAT": "2", "OTHER": "x"})
    assert env.sockets_per_seat == 2
    with pytest.raises(ValueError, match="unknown limit 'bots'"):
        Limits().with_values({"bots": "1"})
    with pytest.raises(ValueError, match="takes a whole number"):
        Limits().with_values({"bot_tables": "many"})
    with pytest.raises(ValueError, match="cannot be negative"):
        Limits().with_values({"bot_tables": "-1"})


def test_the_documented_constants_exist() -> None:
    """Every ``pakka.server.<module>.<NAME>`` docs/reliability.md names (the fixed sizes
    an operator changes in the code) is there: a renamed or removed one fails here."""
    import importlib
    import re

    named = set(re.findall(r"`(pakka\.server\.[a-z_]+)\.([A-Za-z_]+)`", RELIABILITY.read_text()))
    assert len(named) > 20
    missing = [
        f"{module}.{name}"
        for module, name in sorted(named)
        if not hasattr(importlib.import_module(module), name)
    ]
    assert not missing, f"docs/reliability.md names what the code does not have: {missing}"

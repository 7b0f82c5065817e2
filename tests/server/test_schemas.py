"""The committed JSON schemas match the pydantic models they are generated from."""

from __future__ import annotations

from pathlib import Path

from pakka.server.schemas import render

DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol-schemas"


def test_schemas_are_up_to_date() -> None:
    expected = render()
    stale = [
        name
        for name, text in expected.items()
        if not (DOCS / name).is_file() or (DOCS / name).read_text("utf-8") != text
    ]
    extra = sorted(p.name for p in DOCS.glob("*.json") if p.name not in expected)
    assert not stale and not extra, (
        f"docs/protocol-schemas is out of date (stale: {stale}, extra: {extra}); "
        "run: python -m pakka.server.schemas"
    )


def test_every_message_type_has_a_schema() -> None:
    names = set(render())
    for kind in ("action", "hint", "ping"):
        assert f"in-{kind}.json" in names
    for kind in ("hello", "table", "state", "error", "hint", "pong"):
        assert f"out-{kind}.json" in names

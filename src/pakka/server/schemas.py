"""Write the protocol's JSON schemas to ``docs/protocol-schemas/`` (``python -m pakka.server.schemas``).

The message schemas are generated from the pydantic models in :mod:`pakka.server.protocol`,
and one ``observation-<game>.json`` per game pakka ships from that game's typed view
(:func:`pakka.views.observation_schema`; an installed game of another package has its schema
generated on the fly, never written here); ``tests/server/test_schemas.py`` fails when the
committed files are out of date.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pakka import plugins
from pakka.present.values import Presentation
from pakka.server.protocol import schemas
from pakka.views import observation_schema
from pakka.wire import schema


def presentation_schema() -> dict[str, Any]:
    """The JSON Schema of a state frame's ``present`` (:class:`Presentation`)."""
    defs: dict[str, Any] = {}
    root = schema(Presentation, defs=defs)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "What a person sees, in words (a state frame's present)",
        **root,
        "$defs": dict(sorted(defs.items())),
    }


def render() -> dict[str, str]:
    """File name -> file text, for every schema."""
    every = dict(schemas())
    for name in plugins.shipped():
        every[f"observation-{name}"] = observation_schema(plugins.get(name))
    every["present"] = presentation_schema()
    return {
        f"{name}.json": json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        for name, schema in sorted(every.items())
    }


def write(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in render().items():
        path = out_dir / name
        path.write_text(text, "utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("docs/protocol-schemas")
    for path in write(out):
        print(path)


if __name__ == "__main__":
    main()

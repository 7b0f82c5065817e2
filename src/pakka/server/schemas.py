"""Write the protocol's JSON schemas to ``docs/protocol-schemas/`` (``python -m pakka.server.schemas``).

The schemas are generated from the pydantic models in :mod:`pakka.server.protocol`;
``tests/server/test_schemas.py`` fails when the committed files are out of date.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pakka.server.protocol import schemas


def render() -> dict[str, str]:
    """File name -> file text, for every schema."""
    return {
        f"{name}.json": json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        for name, schema in sorted(schemas().items())
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

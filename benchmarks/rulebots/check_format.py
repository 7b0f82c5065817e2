"""Check :mod:`.convert` against the competition-server messages recorded in the bots' source.

The rule bots' own source keeps an ``act`` message of the competition server in a comment
(``ai6/Myfunc1014.py``, read from the exported tree at run time): for each such lead, the
harness's ``actionList`` for the same hand and level is compared with the server's: the same
entries (type, rank, card order inside the entry), and the same order of (type, rank, size)
blocks.  Within a block the server's order of suit choices is not reproduced.
"""

from __future__ import annotations

import ast
import os
import re
from typing import Any

from pakka.games.guandan import legal_plays

from .convert import Entry, action_list, card_in
from .loader import export_tree


def recorded_messages(root: str) -> list[dict[str, Any]]:
    """The ``act`` messages recorded in ``ai6/Myfunc1014.py``'s comments."""
    with open(os.path.join(root, "ai6", "Myfunc1014.py"), encoding="utf-8") as f:
        text = f.read()
    # the messages sit in comments, one of them over three lines: join the comment lines
    joined = "\n".join(
        line.lstrip("# ").rstrip() for line in text.splitlines() if line.lstrip().startswith("#")
    )
    joined = re.sub(
        r"\{'type': 'act', 'stage': 'play',\s*'handCards':\s*",
        "{'type': 'act', 'stage': 'play', 'handCards': ",
        joined,
    )
    out = []
    for line in joined.splitlines():
        m = re.search(r"(\{'type': 'act'.*\})", line)
        if m:
            out.append(ast.literal_eval(m.group(1)))
    return out


def _key(e: Entry) -> tuple[Any, ...]:
    return (e[0], e[1], tuple(e[2]))


def _runs(entries: list[Entry]) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for e in entries:
        k = (e[0], e[1], len(e[2]))
        if not out or out[-1] != k:
            out.append(k)
    return out


def compare(msg: dict[str, Any]) -> dict[str, Any]:
    """How the harness's actionList for a recorded lead compares with the server's."""
    hand, lv = msg["handCards"], msg["curRank"]
    level = "10" if lv == "T" else lv
    mine, _ = action_list(legal_plays(" ".join(card_in(c) for c in hand), level), level)
    theirs: list[Entry] = msg["actionList"]
    sm = {_key(e) for e in mine}
    st = {_key(e) for e in theirs}
    common = [e for e in mine if _key(e) in st]
    server_common = [e for e in theirs if _key(e) in sm]
    types_m = [e[0] for i, e in enumerate(mine) if i == 0 or mine[i - 1][0] != e[0]]
    types_t = [e[0] for i, e in enumerate(theirs) if i == 0 or theirs[i - 1][0] != e[0]]
    return {
        "hand": len(hand),
        "level": lv,
        "server": len(theirs),
        "harness": len(mine),
        "both": len(sm & st),
        "server_only": sorted(st - sm),
        "harness_only": sorted(sm - st),
        "same_position": sum(a == b for a, b in zip(common, server_common, strict=False)),
        "common": len(common),
        "types_equal": types_m == types_t,
        "blocks_equal": _runs(common) == _runs(theirs),
        "blocks": len(_runs(theirs)),
    }


def main() -> None:
    root = export_tree()
    for msg in recorded_messages(root):
        if not {c for e in msg["actionList"] for c in e[2]} <= set(msg["handCards"]):
            print("skip a recorded message whose actionList names cards not in its handCards")
            continue
        if msg.get("curPos") != -1:
            print("skip a follow message")
            continue
        r = compare(msg)
        print(
            f"hand of {r['hand']} at level {r['level']}: server {r['server']} entries, "
            f"harness {r['harness']}; exact (type, rank, card order) in both: {r['both']}; "
            f"server-only {len(r['server_only'])}; harness-only {len(r['harness_only'])}"
        )
        for e in r["server_only"][:8]:
            print("  server-only", e)
        for e in r["harness_only"][:8]:
            print("  harness-only", e)
        print(
            f"  common entries in the same relative position: {r['same_position']} of {r['common']}"
        )
        print("  type sequence equal:", r["types_equal"])
        print(
            "  sequence of (type, rank, size) blocks equal on the common entries:",
            r["blocks_equal"],
            f"({r['blocks']} blocks; within a block the server's suit order is not reproduced)",
        )

"""The browser client's strings all come from its catalogue, in English and Finnish."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "pakka" / "web"


def catalogue(lang: str) -> set[str]:
    text = (WEB / "i18n.js").read_text("utf-8")
    block = re.search(rf"\n  {lang}: \{{\n(.*?)\n  \}},", text, re.S)
    assert block, f"no {lang} block in i18n.js"
    return set(re.findall(r"^\s+(\w+):", block.group(1), re.M))


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in WEB.glob("*.js"):
        keys |= set(re.findall(r"\bt\(\"(\w+)\"[,)]", path.read_text("utf-8")))
        keys |= {f"level_{lv}" for lv in ("random", "easy", "normal", "hard")}
    for path in WEB.glob("*.html"):
        keys |= set(re.findall(r'data-i18n(?:-placeholder)?="(\w+)"', path.read_text("utf-8")))
    return keys


def test_every_used_string_is_in_both_languages() -> None:
    en, fi = catalogue("en"), catalogue("fi")
    used = used_keys()
    assert len(used) > 40
    assert not used - en, f"missing in English: {sorted(used - en)}"
    assert not used - fi, f"missing in Finnish: {sorted(used - fi)}"
    assert en == fi, f"only in one language: {sorted(en ^ fi)}"

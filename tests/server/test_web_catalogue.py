"""The browser client's strings come from the one catalogue, ``pakka/i18n/messages.json``.

The client keeps no strings of its own: ``i18n.js`` only loads ``/api/i18n`` and formats.
Every key the client's scripts and pages use, literally (``t("web_hint")``,
``data-i18n="web_rules"``) or as a family (``t(`web_rank_${rank}`)``), is in the catalogue
in English and Finnish.
"""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from pakka.i18n import catalogue

WEB = Path(__file__).resolve().parents[2] / "src" / "pakka" / "web"

FAMILIES = {
    # a key built from a value: every value the client can build it from
    "web_card_": ["JK", "RJ", "BJ"],
    "web_rank_": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
    "web_suit_": ["S", "H", "D", "C"],
    "web_level_": ["random", "easy", "normal", "hard", "learned"],
    "web_rules_in_": ["en", "fi"],
    "web_pace_": ["slow", "normal", "fast"],
    "web_error_": [
        "illegal",
        "not_seated",
        "not_started",
        "rate_limited",
        "unavailable",
        "restarting",
    ],
}
"""Families whose members may be missing on purpose (a fallback is used): web_commit_*."""
OPTIONAL_FAMILIES = {"web_commit_"}


def scripts() -> dict[str, str]:
    return {p.name: p.read_text("utf-8") for p in sorted(WEB.glob("*.js"))}


def used_keys() -> set[str]:
    keys: set[str] = set()
    for text in scripts().values():
        keys |= set(re.findall(r"\bt\(\"(\w+)\"[,)]", text))
    for path in WEB.glob("*.html"):
        keys |= set(re.findall(r'data-i18n(?:-placeholder)?="(\w+)"', path.read_text("utf-8")))
    return keys


def built_prefixes() -> set[str]:
    found: set[str] = set()
    for text in scripts().values():
        found |= set(re.findall(r"`(web_[a-z_]*?)\$\{", text))
    return found


def test_every_used_string_is_in_the_catalogue_in_both_languages() -> None:
    cat = catalogue()
    used = used_keys()
    assert len(used) > 60
    missing = sorted(k for k in used if k not in cat)
    assert not missing, f"not in messages.json: {missing}"
    for key in used:
        assert cat[key].get("en") and cat[key].get("fi"), f"{key} lacks a language"


def test_every_key_family_the_client_builds_is_complete() -> None:
    cat = catalogue()
    prefixes = built_prefixes()
    assert prefixes - OPTIONAL_FAMILIES <= set(FAMILIES), (
        f"a key family the test does not know: {sorted(prefixes - set(FAMILIES))}"
    )
    for prefix in prefixes - OPTIONAL_FAMILIES:
        for value in FAMILIES[prefix]:
            key = prefix + value
            assert key in cat and cat[key]["en"] and cat[key]["fi"], key


def test_the_client_keeps_no_catalogue_of_its_own() -> None:
    i18n = (WEB / "i18n.js").read_text("utf-8")
    assert "/api/i18n" in i18n
    # no language blocks, no word tables: only loading and formatting
    assert not re.search(r"^\s*(en|fi)\s*:\s*\{", i18n, re.M)
    assert "WORDS" not in i18n
    for name, text in scripts().items():
        assert not re.search(r'"[A-Z][a-z]+ [a-z]+ [a-z]+', text.replace('"use strict"', "")), (
            f"{name} seems to hold an English sentence: put it in messages.json"
        )


def test_the_client_has_no_game_specific_code() -> None:
    import pakka.games

    for name, text in scripts().items():
        for game in pakka.games.names():
            assert f'"{game}"' not in text and f"'{game}'" not in text, (name, game)
        for banned in ("COUNTER_CLOCKWISE", "RENDERERS", "sortMode"):
            assert banned not in text, (name, banned)


def test_the_server_serves_the_catalogue(client: TestClient) -> None:
    r = client.get("/api/i18n")
    assert r.status_code == 200
    data = r.json()
    assert data["web_hint"] == {"en": "Hint", "fi": "Vihje"}
    assert data == catalogue()


def test_no_word_leaves_its_plural_to_the_reader() -> None:
    """Issue 28: "1 seat(s) free".  A count is said with the key's ``_one`` form for one
    (``Context.count`` in Python, ``tn`` in the client), never with "(s)" or "(t)"."""
    words = catalogue()
    for key, entry in words.items():
        for lang, text in entry.items():
            assert not re.search(r"\w\((s|t|a|ä)\)", text), (key, lang, text)
    for key in ("web_waiting_players", "ev_match_over", "tui_bot_failed"):
        assert f"{key}_one" in words, key
    assert words["web_waiting_players_one"]["en"] == "Waiting for players: 1 seat free"
    assert "tn(" in scripts()["table.js"]

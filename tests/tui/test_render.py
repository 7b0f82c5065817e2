"""The client's words and drawings, on JSON shapes alone (no app)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pakka.tui import render


def names(seat: Any) -> str:
    return "You" if seat == 0 else f"Bot {seat}"


def test_events_in_words() -> None:
    say = render.describe_event
    trick = {
        "type": "trick",
        "cards": ["S8", "H8", "SJ", "H2"],
        "played_by": [0, 1, 2, 3],
        "captured_by": [2, 1, 2, 1],
        "bomb": False,
    }
    lines = say("anarchy", trick, names, "en")
    assert "Bot 2 captures ♠8 with ♠J" in lines
    assert "Bot 1 captures ♥2 with ♥8" in lines
    assert say(
        "guandan",
        {"type": "play", "seat": 0, "cards": ["S7", "H7"], "combo": {"type": "pair", "key": "7"}},
        names,
        "en",
    ) == ["You play ♠7 ♥7 (pair 7)"]
    assert say("pentagrammi", {"type": "play", "seat": 3, "card": "JK"}, names, "fi") == [
        "Bot 3 pelaa ★"
    ]
    assert say("norlanninnakki", {"type": "bid", "seat": 0, "bid": "knock"}, names, "fi") == [
        "You: koputan"
    ]
    assert say("guandan", {"type": "tribute", "from": 1, "to": 0, "card": "RJ"}, names, "en") == [
        "Bot 1 pays ★R as tribute to You"
    ]
    # shapes nobody wrote a sentence for still come out as words, never as a crash
    assert say("x", {"type": "odd_thing", "seat": 1, "n": 3}, names, "en")
    assert say("anarchy", {"type": "trick", "cards": 5}, names, "en")


def test_tables_of_unknown_shape_fall_back_to_plain_text() -> None:
    obs = {"game": "anarchy", "table": {"last_trick": {"cards": 3}, "stock": 4}, "players": []}
    assert render.table_lines(obs, names, "en")
    obs = {"game": "nonesuch", "table": {"pile": ["S2", "H3"], "turn": 1}}
    assert any("♠2" in line for line in render.table_lines(obs, names, "en"))


def test_trick_shapes() -> None:
    obs = {"players_count": 4, "players": [{"active": True}, {"active": False}, {}, {}]}
    pairs = render.trick_pairs({"leader": 3, "cards": ["S2", "S3", "S4"]}, obs)
    assert pairs == [(3, "S2"), (0, "S3"), (2, "S4")]  # seat 1 rests
    assert render.trick_pairs([{"seat": 2, "card": "H5"}], obs) == [(2, "H5")]


def test_score_sheets() -> None:
    rows = render.score_sheet(
        {"table": {"score_sheet": [{"contracts": ["best", "red"], "scores": [12, 4]}]}}, [], "en"
    )
    assert rows == [["best 12", "red 4"]]
    rows = render.score_sheet(
        {"table": {}}, [{"change": [-1, 0]}, {"finish_order": [2, 0, 1, 3]}], "en"
    )
    assert rows == [["-1", "+0"], ["2", "3", "1", "4"]]


def test_hand_shows_held_cards_and_sorts_guandan_by_rank() -> None:
    obs = {
        "game": "norlanninnakki",
        "seat": 1,
        "hand": ["S2"],
        "table": {"turned_held": True, "dealer": 1, "turned": "H9"},
    }
    assert render.shown_hand(obs, []) == ["S2", "H9"]
    obs = {"game": "guandan", "hand": ["S5", "HA", "D3", "RJ"], "table": {"level": "5"}}
    assert render.shown_hand(obs, [Counter()]) == ["D3", "HA", "S5", "RJ"]


def test_layout_breaks_between_entries() -> None:
    content = render.flow(["Bot 1 ♠A   Bot 2 ♣K   Bot 3 ♠8"], 20)
    assert content.plain.splitlines() == ["Bot 1 ♠A  Bot 2 ♣K", "  Bot 3 ♠8"]
    assert render.pretty_notation("left:S7 right:H5", "en") == "to the left ♠7, to the right ♥5"

"""Guandan move-generation counts (``guandan.perft``), checked two ways: the engine must
give the recorded counts, and the recorded counts must be what the independent brute
force in ``brute_guandan.py`` finds (every sub-multiset × every wild assignment)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pakka.games.guandan import PASS, classify, legal_plays
from pakka.games.guandan.combos import level_rank
from pakka.games.guandan.tests.brute import brute_beats, brute_plays, canonical_groups

PERFT = Path(__file__).with_name("guandan.perft")


def cases() -> list[tuple[str, str, str, int, int]]:
    out = []
    for line in PERFT.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        level, hand, to_beat, full, canonical = (x.strip() for x in line.split("|"))
        out.append((level, hand, to_beat, int(full), int(canonical)))
    return out


def target(level: str, to_beat: str):
    if to_beat == "-":
        return None
    cards, reading = (x.strip() for x in to_beat.split("="))
    (combo,) = [c for c in classify(cards, level) if str(c) == reading]
    return combo


def play_keys(plays):
    return {
        (tuple(sorted(str(c) for c in p.cards)), p.combo.type, p.combo.key)
        for p in plays
        if p != PASS
    }


@pytest.mark.parametrize(("level", "hand", "to_beat", "full", "canonical"), cases())
def test_engine_counts(level, hand, to_beat, full, canonical):
    combo = target(level, to_beat)
    plays = legal_plays(hand, level, combo)
    assert len(plays) == full
    assert len(set(plays)) == len(plays)
    assert len(legal_plays(hand, level, combo, canonical=True)) == canonical


_BRUTE: dict[tuple[str, str], set] = {}


@pytest.mark.parametrize(("level", "hand", "to_beat", "full", "canonical"), cases())
def test_counts_match_brute_force(level, hand, to_beat, full, canonical):
    key = (level, hand)
    if key not in _BRUTE:
        _BRUTE[key] = brute_plays(hand, level_rank(level))
    brute = _BRUTE[key]
    lv = level_rank(level)
    extra = 0
    if to_beat != "-":
        reading = tuple(to_beat.split("=")[1].split())
        brute = {p for p in brute if brute_beats((p[1], p[2]), reading, lv)}
        extra = 1  # the pass
    mine = play_keys(legal_plays(hand, level, target(level, to_beat)))
    # a per-play "divide" when the sets differ
    assert sorted(brute - mine) == [], "missing plays"
    assert sorted(mine - brute) == [], "extra plays"
    assert len(brute) + extra == full
    assert canonical_groups(brute, lv) + extra == canonical

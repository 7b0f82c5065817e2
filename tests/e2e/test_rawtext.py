"""The raw-text checker catches what issue 17 found on screen, and passes good text."""

from __future__ import annotations

import pytest

from tests.e2e.rawtext import identifiers, problems

OBSERVATION = {
    "game": "anarchy",
    "phase": "passing",
    "table": {
        "last_trick": {"cards": ["S8", "H8"], "captured_by": [0, 0, 3, 3]},
        "bomb": False,
        "combo": {"type": "full_house"},
        "tiebreak": "lowest_heart",
        "a_fails": [0, 0],
    },
}
NAMES = identifiers(OBSERVATION)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("captured by 0 0 3 3", "en"),
        ("bomb false", "en"),
        ("violation: false", "en"),
        ("a fails 0, 0", "en"),
        ("passes 2, 3", "en"),
        ("Bot 2 plays full_house", "en"),
        ("Tasapelissä lowest heart", "fi"),
        ("Vaihe: passing", "fi"),
        ("Paikka 2 pelaa", "fi"),
        ("winner: None", "en"),
        ("cards: undefined", "en"),
        ("captured_by", "en"),
        ("Vihje: Hint", "fi"),
    ],
)
def test_the_examples_from_the_issue_are_caught(text: str, lang: str) -> None:
    assert problems(text, lang, NAMES, english=["Hint"]), text


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Bot 2 plays ♠2 ♠3 ♠4", "en"),
        ("Deal 1 of 10 · play, trick 5 of 13", "en"),
        ("You\tBot 1\tBot 2\n+12\t+20\t+8\t+0", "en"),
        ("full house with three 7s", "en"),
        ("Return a card 2–10 other than 5s to Player 2", "en"),
        ("Jako 1/10 · pelaa, tikki 5/13", "fi"),
        ("1st you, 2nd Player 3, 3rd Player 4", "en"),
        ("level 2", "en"),
        ("hertta rouva", "fi"),
        ("10\n♠\n10\n♥", "en"),
    ],
)
def test_good_text_passes(text: str, lang: str) -> None:
    assert not problems(text, lang, NAMES, english=["Hint"]), problems(text, lang, NAMES)


def test_names_that_end_in_a_number_are_names() -> None:
    text = "Deal 1 is scored: you 18, Bot 1 12, Bot 2 25"
    assert problems(text, "en", NAMES)
    assert not problems(text, "en", NAMES, people=["Bot 1", "Bot 2"])

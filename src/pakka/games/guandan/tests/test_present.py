"""The Guandan presenter: what a person reads at a Guandan table, in English and Finnish.

Hand-made positions (the conformance helpers ``position``/``play``/``stacked``) pin the
exact words of every phase's prompt, the badges, facts, trick, events, summaries and action
labels; a sweep over seeded random matches of every option variant checks that no engine
word (a field, an enum value, ``True``, a bare seat number) reaches anyone's screen.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from pakka import plugins
from pakka.cards import Card, parse_card, parse_cards
from pakka.events import Committed
from pakka.games.guandan import (
    GAME,
    PASS,
    TYPES,
    AntiTribute,
    CardReturned,
    GuandanDealStarted,
    GuandanPlayer,
    GuandanState,
    GuandanTable,
    Play,
    Return,
    classify,
)
from pakka.games.guandan.present import PRESENTER, combo_words
from pakka.games.guandan.tests.test_conformance import play, position, stacked
from pakka.i18n import shared
from pakka.options import option_specs, option_variants
from pakka.present import Presentation, presenter
from pakka.present.base import Context
from pakka.present.values import Badge, Fact, SummaryRow, Trick, TrickPlay
from pakka.views import Observation

NAMES = ("Anna", "Bo", "Cia", "Dan")
"""Names without digits: a seat number that leaks into a text stands out."""


def names(seat: int) -> str:
    return NAMES[seat]


def shown(
    st: GuandanState, seat: int | None, events: Any = (), lang: str = "en", legal: bool = False
) -> Presentation:
    actions = st.legal_actions(seat) if legal and seat is not None else ()
    return PRESENTER.present(st.view(seat), events, names, lang, legal=actions)


def ctx(lang: str = "en", me: int | None = None) -> Context:
    return Context(lang, names, me, GAME.info)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def return_phase(level: str = "7", hands: tuple[str, ...] = ("BJ", "RJ", "RJ", "BJ")):
    """Deal 2 after a 1-2 finish of seats 0 and 2: seats 1 and 3 have paid the tribute
    (with these hands: Bo's ★R to Anna, Dan's ☆B to Cia); Anna and Cia return."""
    st = position(["S3", "S4", "S5", "S6"])
    st.prev_order, st.deal_level = [0, 2, 1, 3], level
    st.levels, st.owner = [level, "2"], 0
    events = st._start_deal(stacked(*hands))
    return st, events


def pairs_trick() -> GuandanState:
    """Level 2, Anna leads: pair of 7s, Bo's pair of 8s, Cia goes out with a pair of queens,
    Dan and Anna pass (Bo to act)."""
    st = position(["S7 D7 S9", "H7 C8 C8 SK", "SQ DQ", "S4 S5 S6 S8 S10 D2 D2 C2 C2 S3 S3"])
    play(st, 0, "S7 D7")
    play(st, 1, "C8 C8")
    play(st, 2, "SQ DQ")
    play(st, 3, "pass")
    play(st, 0, "pass")
    return st


def test_the_entry_point_gives_this_presenter():
    assert presenter("guandan") is PRESENTER


# --- readings and action labels ---------------------------------------------------------


@pytest.mark.parametrize(
    ("combo", "key", "en", "fi"),
    [
        ("single", "7", "single 7", "yksittäinen seiska"),
        ("single", "A", "single ace", "yksittäinen ässä"),
        ("single", "RJ", "single red joker", "yksittäinen punainen jokeri"),
        ("pair", "7", "pair of 7s", "seiskapari"),
        ("pair", "K", "pair of kings", "kuningaspari"),
        ("pair", "BJ", "pair of black jokers", "kaksi mustaa jokeria"),
        ("triple", "Q", "three queens", "kolme rouvaa"),
        ("full_house", "9", "full house with three 9s", "ysien täyskäsi"),
        ("straight", "3-7", "straight 3 to 7", "suora 3–7"),
        ("straight", "A-5", "straight A to 5", "suora A–5"),
        ("straight_flush", "5-9", "straight flush 5 to 9", "värisuora 5–9"),
        ("tube", "Q-A", "tube Q to A", "putki Q–A"),
        ("plate", "K-A", "plate K to A", "levy K–A"),
        ("bomb", "4x9", "bomb of four 9s", "neljän ysin pommi"),
        ("bomb", "10x7", "bomb of ten 7s", "kymmenen seiskan pommi"),
        ("joker_bomb", "jokers", "joker bomb", "jokeripommi"),
    ],
)
def test_readings_in_words(combo, key, en, fi):
    assert combo_words(combo, key, ctx("en")) == en
    assert combo_words(combo, key, ctx("fi")) == fi


def test_every_reading_has_words():
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    keys: dict[str, list[str]] = {
        "single": [*ranks, "BJ", "RJ"],
        "pair": [*ranks, "BJ", "RJ"],
        "triple": ranks,
        "full_house": ranks,
        "straight": [f"{a}-{b}" for a, b in zip(["A", *ranks[:9]], ranks[3:], strict=True)],
        "straight_flush": ["A-5", "10-A"],
        "tube": ["A-3", "Q-A"],
        "plate": ["A-2", "K-A"],
        "bomb": [f"{n}x{r}" for n in range(4, 11) for r in ranks],
        "joker_bomb": ["jokers"],
    }
    assert set(keys) == set(TYPES)
    for combo, found in keys.items():
        for key in found:
            for lang in ("en", "fi"):
                words = combo_words(combo, key, ctx(lang))
                assert "_" not in words and "{" not in words and "x" not in words.split(), words


def test_action_labels_give_cards_and_reading():
    st = position(["S3", "S4", "S5", "S6"], level="7")
    view = st.view(0)
    label = lambda a, lang="en": PRESENTER.action_label(a, view, ctx(lang, 0))  # noqa: E731
    pair = Play.of(classify("H7 S7", "7")[0])
    assert label(pair) == "♥7 ♠7 · pair of 7s"
    assert label(pair, "fi") == "♥7 ♠7 · seiskapari"
    flush = next(c for c in classify("H5 H6 H7 H8 H9", "2") if c.type == "straight_flush")
    assert label(Play.of(flush)) == "♥5 ♥6 ♥7 ♥8 ♥9 · straight flush 5 to 9"
    assert label(Play.of(flush), "fi") == "♥5 ♥6 ♥7 ♥8 ♥9 · värisuora 5–9"
    assert label(PASS) == "pass" and label(PASS, "fi") == "passaa"
    # the wild (played first) makes four readings of the same cards; each has its label
    assert [label(Play.of(c)) for c in classify("H7 S3 S4 S5 S6", "7")] == [
        "♥7 ♠3 ♠4 ♠5 ♠6 · straight 2 to 6",
        "♥7 ♠3 ♠4 ♠5 ♠6 · straight 3 to 7",
        "♥7 ♠3 ♠4 ♠5 ♠6 · straight flush 2 to 6",
        "♥7 ♠3 ♠4 ♠5 ♠6 · straight flush 3 to 7",
    ]


def test_action_labels_in_the_presentation_follow_the_legal_order():
    st = position(["S7 D7 C7", "S3", "S5", "S6"])
    p = shown(st, 0, legal=True)
    assert p.actions == (
        "♠7 · single 7",
        "♦7 · single 7",
        "♣7 · single 7",
        "♠7 ♦7 · pair of 7s",
        "♠7 ♣7 · pair of 7s",
        "♦7 ♣7 · pair of 7s",
        "♠7 ♦7 ♣7 · three 7s",
    )
    st, _ = return_phase()
    assert shown(st, 0, legal=True).actions[:2] == ("Return ♠2 to Bo", "Return ♠3 to Bo")
    assert shown(st, 0, lang="fi", legal=True).actions[0] == "Palauta ♠2 pelaajalle Bo"


# --- prompts, status and hand -----------------------------------------------------------


def test_prompt_and_status_when_leading_and_following():
    st = position(["S7 D7 S9", "C8 C8 SK", "SQ", "S4"])
    p = shown(st, 0)
    assert (p.status, p.prompt) == ("Deal 1 · level 2 · play", "Free lead: play any combination")
    p = shown(st, 0, lang="fi")
    assert p.status == "Jako 1 · taso 2 · pelaaminen"
    assert p.prompt == "Vapaa aloitus: pelaa mikä tahansa yhdistelmä"
    play(st, 0, "S7 D7")
    assert shown(st, 1).prompt == "Beat Anna's pair of 7s, or pass"
    assert shown(st, 1, lang="fi").prompt == "Lyö pelaajan Anna seiskapari tai passaa"
    assert shown(st, 2).prompt == "Waiting for Bo"
    assert shown(st, None, lang="fi").prompt == "Odotetaan: Bo"


def test_the_standings_are_called_levels_not_scores():
    st = position(["S7 D7 S9", "C8 C8 SK", "SQ", "S4"])
    assert shown(st, 0).standing == "Levels"
    assert shown(st, 0, lang="fi").standing == "Tasot"
    assert [s.score for s in shown(st, 0).seats] == ["level 2"] * 4


def test_prompt_to_return_names_the_payer_and_the_allowed_cards():
    st, _ = return_phase("7")
    p = shown(st, 0)
    assert p.status == "Deal 2 · level 7 · return cards"
    assert p.prompt == "Return a card 2–10 other than 7s to Bo, who paid you the red joker"
    p = shown(st, 0, lang="fi")
    assert p.status == "Jako 2 · taso 7 · palautus"
    assert p.prompt == (
        "Palauta pelaajalle Bo kortti väliltä 2–10, ei kuitenkaan tasoarvoa 7; "
        "hän maksoi sinulle veroksi kortin ★R (punainen jokeri)"
    )
    assert (
        shown(st, 2).prompt
        == "Return a card 2–10 other than 7s to Dan, who paid you the black joker"
    )
    st, _ = return_phase("8")
    assert (
        shown(st, 0).prompt == "Return a card 2–10 other than 8s to Bo, who paid you the red joker"
    )
    st, _ = return_phase("J")  # the level rank is no card 2-10
    assert shown(st, 0).prompt == "Return a card 2–10 to Bo, who paid you the red joker"
    assert shown(st, 0, lang="fi").prompt == (
        "Palauta pelaajalle Bo kortti väliltä 2–10; hän maksoi sinulle veroksi kortin ★R (punainen jokeri)"
    )
    st.hands[0] = list(parse_cards("SJ DQ SK RJ"))  # nothing 2-10: the weakest card goes back
    assert shown(st, 0).prompt == (
        "You have no card 2–10 to return: return one of your weakest cards to Bo, who paid you the red joker"
    )
    assert shown(st, 0, lang="fi").prompt == (
        "Sinulla ei ole palautettavaa korttia väliltä 2–10: palauta pelaajalle Bo jokin "
        "heikoimmista korteistasi; hän maksoi sinulle veroksi kortin ★R (punainen jokeri)"
    )
    assert shown(st, 0, legal=True).actions == ("Return ♦Q to Bo",)  # J is the level rank


def test_prompt_while_the_others_return():
    st, _ = return_phase()
    assert shown(st, 1).prompt == "Waiting for Anna and Cia to return a card each"
    assert shown(st, None, lang="fi").prompt == (
        "Odotetaan, että Anna ja Cia palauttavat kumpikin kortin"
    )
    st.apply(0, st.legal_actions(0)[0])
    assert shown(st, 0).prompt == "Waiting for Cia to return a card to Dan"
    assert shown(st, 0, lang="fi").prompt == "Odotetaan, että Cia palauttaa kortin pelaajalle Dan"
    assert shown(st, 3).prompt == "Waiting for Cia to return a card to you"
    assert shown(st, 3, lang="fi").prompt == "Odotetaan, että Cia palauttaa sinulle kortin"


def test_prompt_once_out_and_at_the_end():
    st = position(["S3", "S4 S6", "S5 S7", "S8 S9"], leader=0)
    play(st, 0, "S3")
    assert shown(st, 0).prompt == "You went out first; waiting for Bo"
    assert shown(st, 0, lang="fi").prompt == "Pääsit ulos ensimmäisenä; odotetaan: Bo"
    st, _ = match_won()
    assert shown(st, 1).prompt == "Anna and Cia won the match!"
    assert shown(st, 2).prompt == "You and Anna won the match!"
    assert shown(st, 2, lang="fi").prompt == "Sinä ja Anna voititte ottelun!"
    assert shown(st, 1, lang="fi").prompt == "Anna ja Cia voittivat ottelun!"
    assert shown(st, 1).status == "Deal 1 · over"


def test_hand_puts_the_level_cards_next_to_the_jokers_and_the_wild_last():
    st = position(["RJ H7 S7 SA S2 BJ D7 C3", "S4", "S5", "S6"], level="7")
    p = shown(st, 0)
    assert p.hand == cards("S2 C3 SA S7 D7 H7 BJ RJ")
    assert p.wild == cards("H7")
    assert shown(st, None).hand == () and shown(st, None).wild == cards("H7")


# --- seats and facts --------------------------------------------------------------------


def test_seats_have_names_levels_and_badges():
    st = pairs_trick()
    p = shown(st, 1)
    assert [(s.name, s.score, s.cards, s.to_act, s.you, s.partner, s.team) for s in p.seats] == [
        ("Anna", "level 2", 1, False, False, False, 0),
        ("You", "level 2", 2, True, True, False, 1),
        ("Cia", "level 2", 0, False, False, False, 0),
        ("Dan", "level 2", 11, False, False, True, 1),
    ]
    assert [s.badges for s in p.seats] == [
        (Badge("cards_left", "last card!", tone="warn"), Badge("passed", "passed", tone="muted")),
        (
            Badge("cards_left", "2 cards left", tone="warn"),
            Badge("play", "pair of 8s", cards("C8 C8")),
        ),
        (
            Badge("place", "1st place", tone="good"),
            Badge("play", "pair of queens", cards("SQ DQ"), "good"),
        ),
        (Badge("partner", "partner"), Badge("passed", "passed", tone="muted")),
    ]
    p = shown(st, 3, lang="fi")
    assert [s.score for s in p.seats] == ["taso 2"] * 4
    assert [[b.text for b in s.badges] for s in p.seats] == [
        ["viimeinen kortti!", "passasi"],
        ["kumppani", "2 korttia jäljellä", "kasipari"],  # "pari" is the pair play
        ["1. sija", "rouvapari"],
        ["passasi"],
    ]


def test_badges_in_the_return_phase():
    st, _ = return_phase()
    p = shown(st, 3)
    assert [s.badges for s in p.seats] == [
        (Badge("to_return", "returns a card"), Badge("known", "holds", cards("RJ"))),
        (Badge("partner", "partner"), Badge("leader", "leads first", tone="muted")),
        (Badge("to_return", "returns a card"), Badge("known", "holds", cards("BJ"))),
        (),
    ]
    st.apply(2, st.legal_actions(2)[0])
    p = shown(st, 3, lang="fi")
    assert [b.text for b in p.seats[2].badges] == ["palautus valittu", "kädessä"]


def test_facts_level_wild_teams_and_tribute():
    st, _ = return_phase()
    p = shown(st, 0)
    assert p.facts == (
        Fact("level", "Level", "7, your team's level"),
        Fact("wild", "Wild cards", "♥7", cards("H7")),
        Fact("team", "You and Cia", "level 7"),
        Fact("team", "Bo and Dan", "level 2"),
        Fact("last_deal", "Last deal", "1st you, 2nd Cia, 3rd Bo, 4th Dan"),
        Fact("tribute", "Tribute", "Bo paid you the red joker", cards("RJ")),
        Fact("tribute", "Tribute", "Dan paid the black joker to Cia", cards("BJ")),
    )
    p = shown(st, 1, lang="fi")
    assert [(f.label, f.text) for f in p.facts] == [
        ("Taso", "7, pelaajien Anna ja Cia taso"),
        ("Villit kortit", "♥7"),
        ("Sinä ja Dan", "taso 2"),
        ("Anna ja Cia", "taso 7"),
        ("Edellinen jako", "1. Anna, 2. Cia, 3. sinä, 4. Dan"),
        ("Vero", "Maksoit kortin ★R (punainen jokeri) pelaajalle Anna"),
        ("Vero", "Dan maksoi kortin ☆B (musta jokeri) pelaajalle Cia"),
    ]
    back = st.legal_actions(0)[0]
    assert isinstance(back, Return)
    st.apply(0, back)
    assert shown(st, 0).facts[-1] == Fact("my_return", "Your return", "♠2 to Bo", cards("S2"))
    assert shown(st, 0, lang="fi").facts[-1].text == "♠2 pelaajalle Bo"
    assert all(f.kind != "my_return" for f in shown(st, 1).facts)  # hidden until both are in
    st.apply(2, st.legal_actions(2)[0])
    assert [f.text for f in shown(st, 1).facts if f.kind == "return"] == [
        "Anna returned ♠2 to you",
        "Cia returned ♦2 to Dan",
    ]
    assert [f.text for f in shown(st, 0, lang="fi").facts if f.kind == "return"] == [
        "Palautit kortin ♠2 pelaajalle Bo",
        "Cia palautti kortin ♦2 pelaajalle Dan",
    ]
    st.apply(1, st.legal_actions(1)[0])  # the first play: the tribute is history
    assert [f.kind for f in shown(st, 1).facts] == ["level", "wild", "team", "team"]


def test_facts_first_deal_finishers_and_failures_at_ace():
    st = position(["S3", "S4 S6", "S5 S7", "S8 S9"], leader=0)
    play(st, 0, "S3")
    p = shown(st, None)
    assert p.facts == (
        Fact("level", "Level", "2, the first deal"),
        Fact("wild", "Wild cards", "♥2", cards("H2")),
        Fact("team", "Anna and Cia", "level 2"),
        Fact("team", "Bo and Dan", "level 2"),
        Fact("out", "Out", "1st Anna"),
    )
    st = position(["S3", "S4", "S5", "S6"], level="A", levels=("A", "5"), owner=0, a_fail_limit=3)
    st.a_fails = [2, 0]
    assert shown(st, 1).facts[0].text == "A, the level of Anna and Cia"
    assert [f.text for f in shown(st, 1).facts if f.kind == "team"] == [
        "level 5",
        "level A (2 of 3 failures at A)",
    ]
    assert shown(st, 0, lang="fi").facts[0].text == "A, teidän tasonne"
    assert shown(st, 0, lang="fi").facts[2].text == "taso A, epäonnistumisia ässätasolla 2/3"


def test_anti_tribute_is_shown_with_the_red_jokers():
    st = position(["S3", "S4", "S5", "S6"])
    st.prev_order, st.deal_level = [0, 1, 2, 3], "7"
    events = st._start_deal(stacked("S3", "S4", "S5", "RJ RJ"))
    assert events[1] == AntiTribute(holders=(3, 3))
    assert shown(st, 3, events).sentences == (
        "Deal 2 begins at level 7: ♥7 is wild",
        "No tribute: you hold both red jokers",
        "Anna leads the first trick",
    )
    assert shown(st, 0, events, "fi").sentences == (
        "Jako 2 alkaa tasolla 7: ♥7 on villi",
        "Ei veroa: pelaajalla Dan on molemmat punaiset jokerit",
        "Aloitat ensimmäisen tikin",
    )
    fact = next(f for f in shown(st, 1).facts if f.kind == "anti_tribute")
    assert fact == Fact(
        "anti_tribute", "No tribute", "Dan holds both red jokers", cards("RJ RJ"), "good"
    )
    assert shown(st, 3, lang="fi").facts[-1].text == "Sinulla on molemmat punaiset jokerit"
    st = position(["S3", "S4", "S5", "S6"])
    st.prev_order, st.deal_level = [0, 2, 1, 3], "7"
    events = st._start_deal(stacked("S3", "RJ", "S5", "RJ"))
    assert shown(st, 1, events).sentences[1] == "No tribute: you and Dan hold a red joker each"
    assert shown(st, 0, events).sentences[1] == "No tribute: Bo and Dan hold a red joker each"
    assert shown(st, 2, events, "fi").sentences[1] == (
        "Ei veroa: pelaajilla Bo ja Dan on kummallakin punainen jokeri"
    )
    assert shown(st, 3, events, "fi").sentences[1] == (
        "Ei veroa: sinulla ja pelaajalla Bo on kummallakin punainen jokeri"
    )


# --- the trick --------------------------------------------------------------------------


def test_trick_shows_each_seats_latest_play_or_pass_and_marks_the_holder():
    st = pairs_trick()
    p = shown(st, 1)
    assert p.trick == Trick(
        finished=False,
        plays=(
            TrickPlay(1, "You", cards("C8 C8"), False, "pair of 8s"),
            TrickPlay(2, "Cia", cards("SQ DQ"), True, "pair of queens"),
            TrickPlay(3, "Dan", (), False, "passed"),
            TrickPlay(0, "Anna", (), False, "passed"),
        ),
        caption="Cia holds the trick: pair of queens",
    )
    assert p.last_trick is None
    p = shown(st, 2, lang="fi")
    assert p.trick is not None and p.trick.caption == "Pidät tikkiä: rouvapari"
    assert [(t.label, t.note, t.winner) for t in p.trick.plays] == [
        ("Bo", "kasipari", False),
        ("Sinä", "rouvapari", True),
        ("Dan", "passasi", False),
        ("Anna", "passasi", False),
    ]


def test_finished_trick_stays_on_the_table_and_is_the_last_trick():
    st = pairs_trick()
    events = play(st, 1, "pass")  # Cia went out with the queens: Anna leads (jiefeng)
    p = shown(st, 0, events)
    assert p.sentences == (
        "Bo passes",
        "All the others passed: Cia takes the trick",
        "You take the lead for your partner who went out",
    )
    whole = (
        TrickPlay(0, "You", cards("S7 D7"), False, "pair of 7s"),
        TrickPlay(1, "Bo", cards("C8 C8"), False, "pair of 8s"),
        TrickPlay(2, "Cia", cards("SQ DQ"), True, "pair of queens"),
    )
    caption = "Cia took the trick: pair of queens · You take the lead for your partner who went out"
    assert p.last_trick == Trick(True, whole, caption)
    assert p.trick == Trick(True, whole, caption)  # kept on show until the next lead
    p = shown(st, 1, events, "fi")
    assert p.sentences == (
        "Passaat",
        "Muut passasivat: Cia vie tikin",
        "Anna saa aloitusvuoron ulos päässeen parinsa puolesta",
    )
    assert p.last_trick is not None and p.last_trick.caption == (
        "Cia vei tikin: rouvapari · Anna saa aloitusvuoron ulos päässeen parinsa puolesta"
    )
    play(st, 0, "S9")
    p = shown(st, 3)
    assert p.trick == Trick(
        False,
        (TrickPlay(0, "Anna", cards("S9"), True, "single 9"),),
        "Anna holds the trick: single 9",
    )
    assert p.last_trick is not None and p.last_trick.caption == (
        "Cia took the trick: pair of queens · Anna takes the lead for the partner who went out"
    )
    assert [t.label for t in p.last_trick.plays] == ["Anna", "Bo", "Cia"]


def test_when_both_of_a_team_are_out_the_next_player_takes_the_lead():
    st = position(["S3", "S4 S6", "S5", "S8 S9 S10"], leader=0)
    play(st, 0, "S3")
    for seat in (1, 2, 3):
        play(st, seat, "pass")
    play(st, 2, "S5")  # Cia goes out second; Dan and Bo pass
    play(st, 3, "pass")
    events = play(st, 1, "pass")
    assert shown(st, 3, events).sentences[-2:] == (
        "All the others passed: Cia takes the trick",
        "You take the lead",
    )
    assert shown(st, 1, events, "fi").sentences[-1] == "Dan saa aloitusvuoron"
    assert shown(st, 0).last_trick == Trick(
        True,
        (TrickPlay(2, "Cia", cards("S5"), True, "single 5"),),
        "Cia took the trick: single 5 · Dan takes the lead",
    )


# --- events -----------------------------------------------------------------------------


def test_deal_start_and_tribute_sentences():
    st, events = return_phase()
    assert shown(st, 0, events).sentences == (
        "Deal 2 begins at level 7: ♥7 is wild",
        "Bo pays you the red joker in tribute",
        "Dan pays the black joker in tribute to Cia",
    )
    assert shown(st, 1, events, "fi").sentences == (
        "Jako 2 alkaa tasolla 7: ♥7 on villi",
        "Maksat veroksi kortin ★R (punainen jokeri) pelaajalle Anna",
        "Dan maksaa veroksi kortin ☆B (musta jokeri) pelaajalle Cia",
    )
    assert shown(st, 2, events, "fi").sentences[2] == (
        "Dan maksaa sinulle veroksi kortin ☆B (musta jokeri)"
    )
    first = GAME.new_match(options={"first_leader": 2}, seed=1)
    begin = [GuandanDealStarted(deal=1, level="2", leader=2)]
    assert shown(first, 2, begin).sentences == (
        "Deal 1 begins at level 2: ♥2 is wild",
        "You lead the first trick",
    )
    assert shown(first, 0, begin, "fi").sentences == (
        "Jako 1 alkaa tasolla 2: ♥2 on villi",
        "Cia aloittaa ensimmäisen tikin",
    )


def test_return_sentences():
    st, _ = return_phase()
    events = st.apply(0, st.legal_actions(0)[0])
    assert events == [Committed(seat=0)]
    assert shown(st, 0, events).sentences == ("You have chosen your return card",)
    assert shown(st, 1, events, "fi").sentences == ("Anna on valinnut palautuskortin",)
    assert shown(st, 0, events, "fi").sentences == ("Olet valinnut palautuskorttisi",)
    events = st.apply(2, st.legal_actions(2)[0])
    assert events[1:] == [
        CardReturned(seat=0, to=1, card=parse_card("S2")),
        CardReturned(seat=2, to=3, card=parse_card("D2")),
    ]
    assert shown(st, 1, events).sentences == (
        "Cia has chosen a return card",
        "Anna returns ♠2 to you",
        "Cia returns ♦2 to Dan",
        "You lead the first trick",
    )
    assert shown(st, 2, events, "fi").sentences == (
        "Olet valinnut palautuskorttisi",
        "Anna palauttaa kortin ♠2 pelaajalle Bo",
        "Palautat kortin ♦2 pelaajalle Dan",
        "Bo aloittaa ensimmäisen tikin",
    )
    assert shown(st, 3, events, "fi").sentences[2] == "Cia palauttaa sinulle kortin ♦2"


def test_play_pass_and_out_sentences():
    st = position(["S7 D7", "C8 C8 SK", "SQ", "S4"])
    events = play(st, 0, "S7 D7") + play(st, 1, "C8 C8") + play(st, 2, "pass")
    assert shown(st, 0, events).sentences == (
        "You play ♠7 ♦7: pair of 7s",
        "You go out first",
        "Bo plays ♣8 ♣8: pair of 8s",
        "Cia passes",
    )
    assert shown(st, 2, events, "fi").sentences == (
        "Anna pelaa ♠7 ♦7: seiskapari",
        "Anna pääsee ulos ensimmäisenä",
        "Bo pelaa ♣8 ♣8: kasipari",
        "Passaat",
    )
    assert shown(st, 1, events, "fi").sentences[2] == "Pelaat ♣8 ♣8: kasipari"


def double_win() -> tuple[GuandanState, list[Any]]:
    """Anna and Cia finish 1-2 (the deal ends at once): 2 -> 5, and a double tribute."""
    st = position(["S3", "S4 S6", "S5", "S8 S9"], leader=0, end_on_double_win=True)
    play(st, 0, "S3")
    for seat in (1, 2, 3):
        play(st, seat, "pass")
    return st, play(st, 2, "S5")


def match_won() -> tuple[GuandanState, list[Any]]:
    """Anna and Cia, at A, finish 1-2 in a deal at A: they win the match."""
    st = position(["S3", "S4 S5", "S6", "S7 S8"], level="A", levels=("A", "5"), owner=0)
    play(st, 0, "S3")
    for seat in (1, 2, 3):
        play(st, seat, "pass")
    for seat, text in ((2, "S6"), (3, "pass"), (1, "pass"), (3, "S7"), (1, "pass")):
        play(st, seat, text)
    return st, play(st, 3, "S8")


def test_deal_scored_sentences():
    st, events = double_win()
    assert shown(st, 1, events).sentences[2] == (
        "Anna and Cia won the deal and go up from level 2 to 5"
    )
    assert shown(st, 0, events, "fi").sentences[2] == (
        "Sinä ja Cia voititte jaon ja nousette tasolta 2 tasolle 5"
    )
    assert shown(st, 3, events, "fi").sentences[2] == (
        "Anna ja Cia voittivat jaon ja nousevat tasolta 2 tasolle 5"
    )
    st, events = match_won()
    assert shown(st, 1, events).sentences[-2:] == (
        "Anna and Cia won the deal at level A",
        "Anna and Cia won the match!",
    )
    assert shown(st, 0, events, "fi").sentences[-2:] == (
        "Sinä ja Cia voititte jaon ässätasolla",
        "Sinä ja Cia voititte ottelun!",
    )


def test_a_team_at_ace_that_stays_or_fails():
    st = position(["S3", "S9", "S4 S5", "S6 S7"], level="A", levels=("A", "5"), owner=0)
    play(st, 0, "S3")
    for seat in (1, 2, 3):
        play(st, seat, "pass")
    for seat, text in ((2, "S4"), (3, "S6"), (1, "S9"), (2, "pass"), (3, "pass")):
        play(st, seat, text)
    events = play(st, 3, "S7")  # 1-4 at A: no win, no move
    assert shown(st, 1, events).sentences[2] == "Anna and Cia won the deal but stay at level A"
    assert shown(st, 2, events, "fi").sentences[2] == (
        "Sinä ja Anna voititte jaon mutta jäätte tasolle A"
    )
    st = position(
        ["S3", "S9", "S4 S5", "S6 S7"], level="A", levels=("A", "5"), owner=0, a_fail_limit=3
    )
    st.a_fails = [2, 0]
    play(st, 0, "S3")
    for seat in (1, 2, 3):
        play(st, seat, "pass")
    for seat, text in ((2, "S4"), (3, "S6"), (1, "S9"), (2, "pass"), (3, "pass")):
        play(st, seat, text)
    events = play(st, 3, "S7")  # the third failure at A
    assert shown(st, 1, events).sentences[2:4] == (
        "Anna and Cia won the deal but go back to level 2",
        "Anna and Cia reached the limit of failures at level A (3) and go back to level 2",
    )
    assert shown(st, 0, events, "fi").sentences[2:4] == (
        "Sinä ja Cia voititte jaon mutta palaatte tasolle 2",
        "Sinä ja Cia saavutitte ässätason epäonnistumisten rajan (3) ja palaatte tasolle 2",
    )
    summary = shown(st, 1, events).deal_summary
    assert summary is not None
    assert summary.rows[2] == SummaryRow("Change", ("±0", "-12"))
    assert summary.lines[2] == (
        "Anna and Cia reached the limit of failures at level A (3) and go back to level 2"
    )


# --- summaries --------------------------------------------------------------------------


def test_deal_summary_finish_order_levels_and_next_tribute():
    st, events = double_win()
    summary = shown(st, 1, events).deal_summary
    assert summary is not None
    assert (summary.kind, summary.title) == ("deal", "Deal 1 is over")
    assert summary.columns == ("You and Dan", "Anna and Cia")
    assert summary.rows == (
        SummaryRow("Places", ("3rd, 4th", "1st, 2nd")),
        SummaryRow("Level before", ("2", "2")),
        SummaryRow("Change", ("±0", "+3")),
        SummaryRow("Level now", ("2", "5")),
    )
    assert summary.lines == (
        "Finish order: 1st Anna, 2nd Cia, 3rd Dan, 4th you",
        "Anna and Cia won the deal and go up from level 2 to 5",
        "The next deal is played at level 5.",
        "In the next deal you and Dan each pay tribute: the stronger card goes to Anna, "
        "the weaker to Cia, unless you hold both red jokers between you.",
    )
    summary = shown(st, 0, events, "fi").deal_summary
    assert summary is not None
    assert summary.title == "Jako 1 päättyi" and summary.columns == ("Sinä ja Cia", "Bo ja Dan")
    assert summary.rows == (
        SummaryRow("Sijat", ("1., 2.", "3., 4.")),
        SummaryRow("Taso ennen", ("2", "2")),
        SummaryRow("Muutos", ("+3", "±0")),
        SummaryRow("Taso nyt", ("5", "2")),
    )
    assert summary.lines == (
        "Järjestys: 1. sinä, 2. Cia, 3. Dan, 4. Bo",
        "Sinä ja Cia voititte jaon ja nousette tasolta 2 tasolle 5",
        "Seuraava jako pelataan tasolla 5.",
        "Seuraavassa jaossa Bo ja Dan maksavat kumpikin veron: vahvempi kortti sinulle, "
        "heikompi pelaajalle Cia, ellei heillä ole yhteensä molempia punaisia jokereita.",
    )


@pytest.mark.parametrize(
    ("order", "me", "lang", "text"),
    [
        (
            (0, 1, 2, 3),
            None,
            "en",
            "In the next deal Dan pays tribute to Anna, unless holding both red jokers.",
        ),
        (
            (0, 1, 2, 3),
            3,
            "en",
            "In the next deal you pay tribute to Anna, unless you hold both red jokers.",
        ),
        (
            (0, 1, 3, 2),  # 1-4: the partner pays
            0,
            "en",
            "In the next deal Cia pays you tribute, unless holding both red jokers.",
        ),
        (
            (0, 1, 2, 3),
            None,
            "fi",
            "Seuraavassa jaossa Dan maksaa veron pelaajalle Anna, "
            "ellei hänellä ole molempia punaisia jokereita.",
        ),
        (
            (0, 1, 2, 3),
            3,
            "fi",
            "Seuraavassa jaossa maksat veron pelaajalle Anna, "
            "ellei sinulla ole molempia punaisia jokereita.",
        ),
        (
            (0, 1, 3, 2),
            0,
            "fi",
            "Seuraavassa jaossa Cia maksaa sinulle veron, "
            "ellei hänellä ole molempia punaisia jokereita.",
        ),
        (
            (1, 3, 0, 2),
            None,
            "en",
            "In the next deal Anna and Cia each pay tribute: the stronger card goes to Bo, "
            "the weaker to Dan, unless they hold both red jokers between them.",
        ),
        (
            (1, 3, 0, 2),
            3,
            "en",
            "In the next deal Anna and Cia each pay tribute: the stronger card goes to Bo, "
            "the weaker to you, unless they hold both red jokers between them.",
        ),
        (
            (1, 3, 0, 2),
            2,
            "fi",
            "Seuraavassa jaossa sinä ja Anna maksatte kumpikin veron: vahvempi kortti "
            "pelaajalle Bo, heikompi pelaajalle Dan, ellei teillä ole yhteensä molempia "
            "punaisia jokereita.",
        ),
        (
            (1, 3, 0, 2),
            None,
            "fi",
            "Seuraavassa jaossa Anna ja Cia maksavat kumpikin veron: vahvempi kortti "
            "pelaajalle Bo, heikompi pelaajalle Dan, ellei heillä ole yhteensä molempia "
            "punaisia jokereita.",
        ),
    ],
)
def test_who_owes_tribute_next_deal(order, me, lang, text):
    assert PRESENTER.tribute_owed(order, ctx(lang, me)) == text


def test_score_sheet_and_match_summary():
    st, _ = double_win()
    sheet = shown(st, 1).sheet
    assert sheet is not None
    assert sheet.columns == ("Level", "Finish order", "You and Dan", "Anna and Cia")
    assert sheet.rows == (
        SummaryRow("Deal 1", ("2", "Anna, Cia, Dan, you", "2", "5")),
        SummaryRow("Levels now", ("", "", "2", "5")),
    )
    assert shown(st, 1).match_summary is None
    assert shown(position(["S3"] * 4), 0).sheet is None  # no deal finished yet
    st, events = match_won()
    p = shown(st, 2, events, "fi")
    deal = p.deal_summary
    assert deal is not None and deal.lines == (
        "Järjestys: 1. Anna, 2. sinä, 3. Dan, 4. Bo",
        "Sinä ja Anna voititte jaon ässätasolla",
        "Sinä ja Anna voititte ottelun!",
    )
    match = p.match_summary
    assert match is not None
    assert (match.kind, match.title) == ("match", "Ottelu päättyi")
    assert match.columns == ("Taso", "Järjestys", "Sinä ja Anna", "Bo ja Dan")
    assert match.rows == (
        SummaryRow("Jako 1", ("A", "Anna, sinä, Dan, Bo", "A", "5")),
        SummaryRow("Lopulliset tasot", ("", "", "A", "5")),
    )
    assert match.lines == ("Sinä ja Anna voititte ottelun!",)
    assert [(s.name, s.seat, s.values) for s in match.chart] == [
        ("Anna", 0, (14.0,)),
        ("Bo", 1, (5.0,)),
        ("Sinä", 2, (14.0,)),
        ("Dan", 3, (5.0,)),
    ]
    assert PRESENTER.sheet(st.view(0)) == [(0, 0, 0, 0)]


def test_a_longer_match_keeps_every_deal_on_the_sheet():
    st = GAME.new_match(seed=11)
    rng = random.Random(11)
    while not st.is_over():
        seat = rng.choice(sorted(st.to_act()))
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    view = st.view(None)
    p = PRESENTER.present(view, (), names, "en")
    match = p.match_summary
    assert match is not None and len(match.rows) == view.deal + 1
    assert [r.label for r in match.rows[:-1]] == [f"Deal {d}" for d in range(1, view.deal + 1)]
    levels = ["", "", view.table.levels[0], view.table.levels[1]]
    assert match.rows[-1] == SummaryRow("Final levels", tuple(levels))
    assert all(len(s.values) == view.deal for s in match.chart)
    assert match.chart[0].values[-1] == view.scores[0]


# --- no engine word on anyone's screen ----------------------------------------------------

_NOT_TEXT = {"kind", "cards", "hand", "wild", "game", "lang"}
"""Fields of a presentation that are no text for a person (ids for styling, card lists)."""


def _identifiers() -> set[str]:
    """Every engine name a Guandan screen could leak: phases, event tags, reading types,
    option names, the view's field names and the action types."""
    fields = {
        f.name
        for cls in (GuandanTable, GuandanPlayer, Observation)
        for f in dataclasses.fields(cls)
    }
    words = {"return", "play", "over", "pass", *GAME.event_types, *TYPES, *fields}
    words |= {s.name for s in option_specs(GAME.Options)}
    return words


ENGINE_WORDS = _identifiers()


def _english_words() -> set[str]:
    """English in a Finnish text: the engine's names split into words, every English word
    of the catalogue, and the old client's leaks; less the words Finnish texts use too
    (``on``, ``A``)."""

    def words(text: str) -> list[str]:
        return re.findall(r"\w+", re.sub(r"\{\w*\}", " ", text).lower())  # not {placeholders}

    own = (shared() | plugins.messages("guandan")).values()  # not another game's words
    finnish = {w for e in own for w in words(e["fi"])}
    english = {w.lower() for name in ENGINE_WORDS for w in name.split("_")}
    english |= {w for e in own for w in words(e["en"]) if w.isascii()}
    english |= {"lowest", "highest", "heart", "true", "false", "none", "null"}
    return {w for w in english if len(w) > 1 and w not in finnish}


FI_FORBIDDEN = _english_words()

RAW = (
    re.compile(r"\b(?:true|false|none|null)\b", re.IGNORECASE),
    re.compile(r"[A-Za-z]+_\w+"),  # an enum value, a field or a missing catalogue key
    re.compile(r"[{}]"),  # a placeholder left unformatted
    re.compile(r"(?<![\w.+±−-])\d+(?:[ ,]+\d+)+(?![\w.])"),  # numbers in a row: "0 0 3 3"
    re.compile(r"(?<![\w+±−-])0(?![\w.])"),  # seat 0: no level, place, deal or count is 0
    re.compile(r"\b(?:by|from|for|seat|player|paikka|pelaaja\w*)\s+\d+\b", re.IGNORECASE),
)


@functools.cache
def raw_words(text: str, lang: str) -> list[str]:
    """What in ``text`` is an engine word rather than words for a person."""
    found = [m.group(0) for pattern in RAW for m in pattern.finditer(text)]
    if lang == "fi":
        found += [w for w in re.findall(r"\w+", text) if w.isascii() and w.lower() in FI_FORBIDDEN]
    return found


def texts(data: Any, field: str = "") -> Iterator[tuple[str, str]]:
    """Every string a person reads in a presentation's JSON, with its field name."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in _NOT_TEXT:
                yield from texts(value, key)
    elif isinstance(data, list):
        for item in data:
            yield from texts(item, field)
    elif isinstance(data, str):
        yield field, data


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("captured by 0 0 3 3", "en"),
        ("bomb false", "en"),
        ("violation: False", "en"),
        ("a fails 0, 0", "en"),
        ("passes 2, 3", "en"),
        ("full_house", "en"),
        ("finish order: 2 1 3 0", "en"),
        ("Waiting for 2", "en"),
        ("gd_prompt_beat", "en"),
        ("Lyö {combo} tai passaa", "fi"),
        ("lowest heart", "fi"),
        ("Anna pelaa ♠7 ♦7: pair 7", "fi"),
        ("Ei veroa: anti tribute", "fi"),
        ("taso A, a_fails 2", "fi"),
    ],
)
def test_the_raw_word_check_catches_the_old_clients_leaks(text, lang):
    assert raw_words(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Deal 3 · level 7 · play", "en"),
        ("♥7 ♠3 ♠4 ♠5 ♠6 · straight 3 to 7", "en"),
        ("♠10 ♦10 ♣10 ♣10 · bomb of four 10s", "en"),
        ("+3", "en"),
        ("±0", "en"),
        ("Finish order: 1st Anna, 2nd you, 3rd Dan, 4th Bo", "en"),
        ("Järjestys: 1. Anna, 2. sinä, 3. Dan, 4. Bo", "fi"),
        ("taso A, epäonnistumisia ässätasolla 2/3", "fi"),
        ("Jako 2 alkaa tasolla 7: ♥7 on villi", "fi"),
        ("Lyö pelaajan Anna neljän ysin pommi tai passaa", "fi"),
    ],
)
def test_the_raw_word_check_passes_plain_words(text, lang):
    assert raw_words(text, lang) == []


def _check(p: Presentation, where: str, round_trip: bool = False) -> None:
    data = json.loads(json.dumps(p.to_json()))
    if round_trip:
        assert Presentation.from_json(data) == p
    for field, text in texts(data):
        bad = raw_words(text, p.lang)
        assert not bad, f"{where}: {field} {text!r} shows {bad}"
    me = {"en": "You", "fi": "Sinä"}[p.lang]
    for line in p.seats:
        assert line.name == (me if line.you else NAMES[line.seat]), where
    for trick in (p.trick, p.last_trick):
        for tp in trick.plays if trick else ():
            assert tp.label in (me, *NAMES), where


@pytest.mark.parametrize(
    "options",
    [
        pytest.param(options, marks=[pytest.mark.slow] if i else [])
        for i, options in enumerate(option_variants(GAME.Options))
    ],
    ids=str,
)
def test_sweep_no_engine_word_reaches_anyone(options):
    """A seeded random match of every variant: after every step every seat's view and the
    spectator's, in both languages, with the acting seats' actions labelled.  A match is
    thousands of steps, so the default run sweeps the default options and CI's slow step
    the other variants."""
    for players in GAME.info.player_counts:
        st = GAME.new_match(players, options, seed=7)
        rng = random.Random(7)
        step = 0
        while not st.is_over():
            seat = rng.choice(sorted(st.to_act()))
            events = st.apply(seat, rng.choice(st.legal_actions(seat)))
            step += 1
            for viewer in (*range(players), None):
                acting = viewer is not None and viewer in st.to_act()
                for lang in ("en", "fi"):
                    p = shown(st, viewer, events, lang, legal=acting)
                    _check(p, f"step {step}, seat {viewer}, {lang}", step % 64 == 0)
        final = shown(st, 0)
        assert final.match_summary is not None and final.prompt


def test_a_sequence_is_drawn_in_the_order_it_reads() -> None:
    """Issue 28: the tube "A to 3" was drawn 2 2 3 3 A A."""
    from pakka.games.guandan.events import GuandanCardsPlayed
    from pakka.games.guandan.present import in_reading_order

    def drawn(text: str, combo: str, key: str) -> str:
        play = GuandanCardsPlayed(seat=0, cards=tuple(cards(text)), combo=combo, key=key)
        return " ".join(str(c) for c in in_reading_order(play))

    assert drawn("S2 D2 C3 H3 SA CA", "tube", "A-3") == "SA CA S2 D2 C3 H3"
    assert drawn("S2 D3 C4 H5 SA", "straight", "A-5") == "SA S2 D3 C4 H5"
    assert drawn("SA S10 SJ SQ SK", "straight_flush", "10-A") == "S10 SJ SQ SK SA"
    # a wild heart (level 2 here: H2) fills the place of the missing card
    assert drawn("H2 S4 D5 C7 H8", "straight", "4-8") == "S4 D5 H2 C7 H8"
    assert drawn("S9 D9", "pair", "9") == "S9 D9"


def test_the_break_between_deals_shows_the_tribute() -> None:
    """Issue 28: the tribute happened unseen behind the deal summary.  In the break the
    server holds, the presenter tells how the next deal began: who pays whom."""
    from pakka.games.guandan.events import TributePaid
    from pakka.present import Interval

    st = GAME.new_match(seed=5)
    rng = random.Random(5)
    while True:
        seat = min(st.to_act())
        events = st.apply(seat, rng.choice(st.legal_actions(seat)))
        paid = [e for e in events if isinstance(e, TributePaid)]
        if paid:
            break
    payer, to, card = paid[0].seat, paid[0].to, paid[0].card
    name = {"RJ": "the red joker", "BJ": "the black joker"}.get(str(card), card.pretty())
    pause = Interval(events, (to,), 60.0, 42.0)
    p = PRESENTER.present(st.view(to), events, names, "en", pause=pause)
    assert p.pause is not None and p.actions == () and p.prompt == p.pause.text
    assert f"{names(payer)} pays you {name} in tribute" in p.pause.coming
    assert p.pause.you_reading and p.pause.summary.kind == "deal"
    fi = PRESENTER.present(st.view(to), events, names, "fi", pause=pause)
    assert fi.pause is not None
    nimi = {"RJ": "★R (punainen jokeri)", "BJ": "☆B (musta jokeri)"}.get(str(card), card.pretty())
    assert f"{names(payer)} maksaa sinulle veroksi kortin {nimi}" in fi.pause.coming
    other = PRESENTER.present(st.view(payer), events, names, "en", pause=pause)
    assert other.pause is not None and not other.pause.you_reading
    assert other.prompt == f"Waiting for {names(to)} to read the deal summary"

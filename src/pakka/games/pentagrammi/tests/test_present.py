"""The Pentagrammi presenter: what a person reads at a Pentagrammi table, in English and
Finnish: the blind pass to both neighbours, the trick going two seats on, the opposites'
points and the deal's summary."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import pakka.present
from pakka.cards import parse_cards
from pakka.events import DealScored, Event
from pakka.games.anarchy.tests.test_present import RawWords, engine_words, texts
from pakka.games.pentagrammi import (
    GAME,
    PassCards,
    PentagrammiOptions,
    PentagrammiState,
    PentagrammiTrickWon,
    Play,
)
from pakka.games.pentagrammi.present import PRESENTER
from pakka.i18n import catalogue
from pakka.options import option_variants
from pakka.present import Presentation

NAMES = ["Anna", "Bertil", "Cecilia", "Daniel", "Eeva"]


def name(seat: int) -> str:
    return NAMES[seat]


# A stacked deal (dealer 0, cards dealt one at a time from seat 1): seat s holds
# LAYOUT's hand s.  Seat 0 leads after the pass (the dealer leads the first trick).
HANDS = [
    "S2 S9 H2 H9 D2 D9 C2 C9 CK JK DA",
    "S3 S10 H3 H10 D3 D10 C3 C10 SA HA CA",
    "S4 SJ H4 HJ D4 DJ C4 CJ SK HK DK",
    "S5 SQ H5 HQ D5 DQ C5 CQ JK S6 H6",
    "S7 S8 H7 H8 D7 D8 C7 C8 JK D6 C6",
]


def deck() -> list[Any]:
    hands = [parse_cards(h) for h in HANDS]
    order = [1, 2, 3, 4, 0]  # dealing starts left of the dealer
    return [hands[order[i % 5]][i // 5] for i in range(55)]


def new(deals: int = 1) -> PentagrammiState:
    return GAME.new_match(seed=1, deck=deck(), options={"deals": deals, "first_dealer": 0})


def show(
    st: PentagrammiState, seat: int | None, lang: str = "en", events: Any = ()
) -> Presentation:
    return PRESENTER.present(
        st.view(seat),
        events,
        name,
        lang,
        GAME.info,
        st.legal_actions(seat) if seat is not None else (),
    )


def pass_all(st: PentagrammiState) -> list[Event]:
    events: list[Event] = []
    for seat in sorted(st.to_act()):
        hand = st.hands[seat]
        events = st.apply(seat, PassCards(hand[0], hand[1]))
    return events


def play(st: PentagrammiState, *cards: str) -> list[Event]:
    events: list[Event] = []
    for c in cards:
        seat = min(st.to_act())
        events = st.apply(seat, Play(parse_cards(c)[0]))
    return events


def badges(p: Presentation, seat: int) -> list[str]:
    return [b.text for b in p.seats[seat].badges]


def test_the_entry_point_finds_this_presenter() -> None:
    assert pakka.present.presenter("pentagrammi") is PRESENTER


def test_the_pass_prompt_names_both_neighbours() -> None:
    st = new()
    p = show(st, 0)
    assert p.prompt == ("Pass one card to Bertil on your left and one to Eeva on your right")
    assert show(st, 0, "fi").prompt == (
        "Anna yksi kortti vasemmalle pelaajalle Bertil ja yksi oikealle pelaajalle Eeva"
    )
    assert badges(p, 1) == ["gets your left card"] and badges(p, 4) == ["gets your right card"]
    assert "scores with you" in badges(p, 2) and "scores with you" in badges(p, 3)
    assert p.status == "Deal 1 of 1 · passing"
    assert p.actions[0] == "♠2 to Bertil, ♠9 to Eeva"
    assert p.facts[0].kind == "trump" and p.facts[0].text == "spades"


def test_nothing_is_told_until_everyone_has_passed_and_the_passed_badge_goes() -> None:
    st = new()
    events = st.apply(1, PassCards(st.hands[1][0], st.hands[1][1]))
    p = show(st, 0, events=events)
    assert p.sentences == ()
    assert "passed" in badges(p, 1) and "passed" not in badges(p, 2)
    events = pass_all(st)
    p = show(st, 0, events=events)
    assert "You pass ♠2 to Bertil" in p.sentences
    assert "Eeva passes you ♠7" in p.sentences
    assert "The play begins: you lead" in p.sentences
    assert not any(b == "passed" for s in range(5) for b in badges(p, s))
    assert [f.label for f in p.facts] == ["Trump", "You passed", "You received"]


def test_the_trick_marks_the_card_holding_it_and_the_finished_trick_stays() -> None:
    st = new()
    pass_all(st)
    play(st, "D2", "DJ")  # seat 0 leads ♦2, seat 2 plays ♦J
    p = show(st, 4)
    assert p.trick is not None and not p.trick.finished
    assert [(x.seat, x.winner) for x in p.trick.plays] == [(0, False), (2, True)]
    assert p.trick.caption == "led suit: diamonds; spades are trumps"
    assert p.prompt == "Play a card: follow suit (diamonds) if you can; a joker is always allowed"
    events = play(st, "D7", "D3", "D5")
    p = show(st, 0, events=events)
    assert p.trick is None and p.won is not None and p.won.finished
    assert [x.seat for x in p.won.plays if x.winner] == [2]
    # Cecilia (seat 2) wins: she and her opposites, seats 4 and 0, score
    assert p.won.caption == "Cecilia takes the trick; Eeva and you score with Cecilia"
    assert p.sentences[-1] == ("Cecilia takes the trick ♦2 ♦J ♦7 ♦3 ♦5; Eeva and you score too")
    assert p.last_trick == p.won


def test_the_deal_summary_shows_the_opposites_shares() -> None:
    st = new()
    pass_all(st)
    rng = random.Random(3)
    events: list[Event] = []
    while not st.is_over():
        seat = min(st.to_act())
        events = st.apply(seat, rng.choice(st.legal_actions(seat)))
    p = show(st, 0, events=events)
    s = p.deal_summary
    assert s is not None and s.columns == ("You", "Bertil", "Cecilia", "Daniel", "Eeva")
    rows = {r.label: r.cells for r in s.rows}
    assert list(rows) == ["Tricks won", "Points from opposites' tricks", "This deal", "Total"]
    for seat in range(5):  # a seat's points are its own tricks and its opposites' shares
        own, shares, points = (int(rows[k][seat]) for k in list(rows)[:3])
        assert own + shares == points
    assert sum(int(x) for x in rows["Tricks won"]) == 11
    assert p.match_summary is not None and p.match_summary.chart
    fi = show(st, 0, "fi", events).deal_summary
    assert fi is not None and fi.rows[0].label == "Voitetut tikit"


@pytest.mark.parametrize("seed", [1, 8])
def test_every_deal_summary_of_a_match_shows_the_engines_figures(seed: int) -> None:
    """Issue 28: every deal but the last showed 0 tricks and 0 shares, because the summary
    counted the view's history, which already held the next deal."""
    st = GAME.new_match(seed=seed, options={"deals": 5})
    rng = random.Random(seed)
    won, points = [0] * 5, [0] * 5
    summaries = 0
    while not st.is_over():
        seat = min(st.to_act())
        events = st.apply(seat, rng.choice(st.legal_actions(seat)))
        for e in events:
            if isinstance(e, PentagrammiTrickWon):
                assert e.winner is not None
                won[e.winner] += 1
                for s in e.scorers:
                    points[s] += 1
        if not any(isinstance(e, DealScored) for e in events):
            continue
        for lang in ("en", "fi"):
            summary = show(st, 0, lang, events).deal_summary
            assert summary is not None
            cells = [[int(x) for x in row.cells] for row in summary.rows]
            assert cells[0] == won, (summaries, lang)
            assert cells[1] == [p - w for p, w in zip(points, won, strict=True)]
            assert cells[2] == points
            assert sum(cells[0]) == 11
        summaries += 1
        won, points = [0] * 5, [0] * 5
    assert summaries == 5


# --- no raw engine word reaches a person ---------------------------------------------------


WORDS = engine_words(GAME, {"pass", "play", "over", "passing"})
CHECK = RawWords(WORDS, "pentagrammi")


def problems(p: Presentation) -> list[str]:
    out = [f"{x!r} in {text!r}" for text in texts(p.to_json()) for x in CHECK.find(text, p.lang)]
    people = {*NAMES, catalogue()["you"][p.lang]}
    tricks = [t for t in (p.trick, p.last_trick, p.won) if t is not None]
    labels = [s.name for s in p.seats] + [x.label for t in tricks for x in t.plays]
    for summary in (p.sheet, p.deal_summary, p.match_summary):
        if summary is not None:
            labels += list(summary.columns) + [s.name for s in summary.chart]
    return out + [f"a seat called {x!r}" for x in labels if x not in people]


def test_the_check_catches_the_old_clients_words() -> None:
    check = RawWords(WORDS | {"lowest_heart"}, "pentagrammi")
    for text in ("lowest heart", "passes 2, 3", "played_cards", "tiebreak_cards", "None"):
        assert check.find(text, "en"), text
    assert check.find("pisteet: lowest heart", "fi")


@pytest.mark.parametrize("options", option_variants(PentagrammiOptions), ids=str)
def test_no_raw_engine_word_in_any_presentation(options: PentagrammiOptions) -> None:
    rng = random.Random(11)
    st = GAME.new_match(seed=11, options=dataclasses.replace(options, deals=min(options.deals, 2)))
    events: list[Event] = []
    step = 0
    while not st.is_over():
        if step % 3 == 0 or any(e.type in ("deal_scored", "match_over") for e in events):
            for seat in [*range(5), None]:
                for lang in ("en", "fi"):
                    found = problems(show(st, seat, lang, events))
                    assert not found, f"step {step}, seat {seat}, {lang}: {found}"
        seat = rng.choice(sorted(st.to_act()))
        events = st.apply(seat, rng.choice(st.legal_actions(seat)))
        step += 1
    for lang in ("en", "fi"):
        assert not problems(show(st, 0, lang, events))


def test_a_tie_on_points_names_the_tie_and_the_tie_break() -> None:
    """Issue 28: "Bot 5 won" on equal points named no tie-break."""
    st = GAME.new_match(seed=23, options={"deals": 1})
    rng = random.Random(23)
    while not st.is_over():
        seat = min(st.to_act())
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    result = st.result()
    assert result.scores[0] == result.scores[4] == max(result.scores) and result.winners == [4]
    en = show(st, 0).match_summary
    fi = show(st, 0, "fi").match_summary
    assert en is not None and fi is not None
    assert en.lines[-1] == (
        "You and Eeva tied on 8 points; the tie-break on the last deal's cards went to "
        "Eeva: fewest spades"
    )
    assert fi.lines[-1].startswith("Tasapeli: Sinä ja Eeva saivat 8 pistettä") and (
        fi.lines[-1].endswith("Eeva: vähiten patoja")
    )

"""How the terminal draws the presentation's values (no app): cards, seats, tricks, tables."""

from __future__ import annotations

from rich.console import Console

from pakka.cards import parse_card, parse_cards
from pakka.present.values import Badge, Fact, SeatLine, Summary, SummaryRow, Trick, TrickPlay
from pakka.tui import render


def plain(markup: str) -> str:
    return render.flow([markup], 0).plain


def test_cards_are_drawn_in_the_people_form() -> None:
    assert plain(render.card_markup(parse_card("H10"))) == "♥10"
    assert plain(render.card_markup("SQ")) == "♠Q"
    assert plain(render.cards_markup(parse_cards("S2 JK"))) == "♠2 ★"
    assert plain(render.card_markup("[bold]")) == "[bold]"  # data is escaped, never markup


def test_a_seat_shows_its_name_cards_and_badges_and_never_a_raw_value() -> None:
    seat = SeatLine(
        seat=2,
        name="Bot 2",
        badges=(Badge("contract", "best"), Badge("last_play", "played", parse_cards("S8"))),
        cards=11,
        score="42",
        to_act=True,
        you=False,
        partner=True,
        team=0,
    )
    text = plain(render.seat_markup(seat, 6, "11c"))
    assert text.startswith("▶ Bot 2   11c  best  played ♠8")


def test_a_trick_marks_its_winner_and_tells_its_caption() -> None:
    trick = Trick(
        finished=True,
        plays=(
            TrickPlay(0, "You", parse_cards("S8"), winner=False),
            TrickPlay(1, "Bot 1", parse_cards("SJ"), winner=True, note="captures ♠8"),
        ),
        caption="Bot 1 takes the trick",
    )
    lines = render.trick_markup(trick)
    assert plain(lines[0]) == "You ♠8   Bot 1 ♠J captures ♠8"
    assert "underline" in lines[0].split("Bot 1")[1]  # the winning card is marked
    assert plain(lines[1]).strip() == "Bot 1 takes the trick"


def test_facts_and_summaries() -> None:
    fact = Fact("trump", "Trump", "hearts", parse_cards("H7"))
    assert plain(render.fact_markup(fact)) == "Trump hearts ♥7"
    summary = Summary(
        "deal",
        "Deal 1 is over",
        ("You", "Bot 1"),
        (SummaryRow("This deal", ("+3", "+1")), SummaryRow("Total", ("3", "1"))),
        ("You won the deal.",),
    )
    console = Console(width=60, record=True)
    console.print(render.summary_table(summary))
    text = console.export_text()
    assert "Deal 1 is over" in text and "This deal" in text and "You won the deal." in text


def test_layout_breaks_between_entries() -> None:
    content = render.flow(["Bot 1 ♠A   Bot 2 ♣K   Bot 3 ♠8"], 20)
    assert content.plain.splitlines() == ["Bot 1 ♠A  Bot 2 ♣K", "  Bot 3 ♠8"]


def test_a_trick_wider_than_the_screen_gives_each_play_its_own_line() -> None:
    """Issue 28: laid out to fit, "Bot 2 — passed" landed on the line of the play before
    it.  A trick that does not fit on one line is one play a line."""
    trick = Trick(
        finished=False,
        plays=(
            TrickPlay(0, "Bot 1", parse_cards("S8 H8"), note="pair of 8s"),
            TrickPlay(1, "Bot 2", (), note="passed"),
            TrickPlay(2, "You", parse_cards("SQ HQ"), winner=True, note="pair of queens"),
        ),
        caption="",
    )
    shown = render.flow(render.trick_markup(trick, 36), 36).plain.splitlines()
    assert shown == ["Bot 1 ♠8 ♥8 pair of 8s", "Bot 2 — passed", "You ♠Q ♥Q pair of queens"]
    assert len(render.trick_markup(trick, 100)) == 1  # it fits: one line, as before

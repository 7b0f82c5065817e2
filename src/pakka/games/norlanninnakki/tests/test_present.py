"""Norlanninnakki's presenter: the words of every phase, the seat badges, the table facts,
the trick with the card holding it marked, the event sentences (with their "you" forms), the
deal and match summaries and the action labels, in English and Finnish; and a sweep of
seeded random matches (every player count and option variant) whose presentations must
hold no raw engine word."""

from __future__ import annotations

import dataclasses
import inspect
import random
import re
from collections.abc import Iterable

import pytest

from pakka.cards import parse_card, parse_cards
from pakka.engine import Action
from pakka.events import Event, MatchOver
from pakka.games.anarchy.tests.test_present import RawWords, engine_words, texts
from pakka.games.norlanninnakki import (
    BIDS,
    GAME,
    Bid,
    Discard,
    LoneKnocker,
    NorlanninnakkiCardsPlayed,
    NorlanninnakkiDealScored,
    NorlanninnakkiOptions,
    NorlanninnakkiState,
    Play,
    RestDealt,
)
from pakka.games.norlanninnakki.present import PRESENTER, NorlanninnakkiPresenter
from pakka.games.norlanninnakki.tests.test_conformance import ONE_SUIT_EACH, buy_nothing, setup
from pakka.i18n import LANGS, catalogue
from pakka.options import option_variants
from pakka.present import Presentation, Trick, presenter

NAMES = ("Anna", "Bertil", "Cecilia", "Daniel", "Eeva")
"""Seat names without digits, so that a seat number in a text cannot hide in a name."""


def name(seat: int) -> str:
    return NAMES[seat]


def show(
    st: NorlanninnakkiState, seat: int | None, events: Iterable[Event] = (), lang: str = "en"
) -> Presentation:
    legal = st.legal_actions(seat) if seat is not None and seat in st.to_act() else []
    return PRESENTER.present(st.view(seat), tuple(events), name, lang, legal=legal)


BID_OF: dict[str, Bid] = {word: Bid(word) for word in BIDS}


def act(st: NorlanninnakkiState, *moves: str) -> list[Event]:
    """Moves in turn order (``knock``, ``discard S2 H3``, ``discard none``, ``H2``); the
    events they told."""
    events: list[Event] = []
    for move in moves:
        action: Action
        if move in BID_OF:
            action = BID_OF[move]
        elif move.startswith("discard"):
            action = Discard(tuple(parse_cards(move.removeprefix("discard").replace("none", ""))))
        else:
            action = Play(parse_card(move))
        events += st.apply(st.to_move, action)
    return events


def badges(p: Presentation, seat: int) -> dict[str, str]:
    return {
        b.kind: b.text + "".join(f" {c.pretty()}" for c in b.cards) for b in p.seats[seat].badges
    }


def facts(p: Presentation) -> dict[str, str]:
    return {
        f.kind: f"{f.label}: {f.text}" + "".join(f" [{c.pretty()}]" for c in f.cards)
        for f in p.facts
    }


def plays(trick: Trick | None) -> list[tuple[str, str, bool, str]]:
    assert trick is not None
    return [(t.label, " ".join(c.pretty() for c in t.cards), t.winner, t.note) for t in trick.plays]


def rows(p: Presentation) -> dict[str, tuple[str, ...]]:
    """The deal summary's rows by label."""
    summary = p.deal_summary
    assert summary is not None
    return {r.label: r.cells for r in summary.rows}


FIRST = {0: "SA S3 H4 D5 C6", 1: "H5 H6 H7 H8 H9", 3: "H2 H3 D2 D3 C2"}
"""Four players, Daniel deals and turns ♠Q, Anna (forehand) holds the trump ace."""


def first_deal() -> NorlanninnakkiState:
    return setup(4, dealer=3, hands=FIRST, turned="SQ", stock="CA CK CQ CJ C10 C9")


def test_the_entry_point_finds_this_presenter() -> None:
    assert presenter("norlanninnakki") is PRESENTER
    assert isinstance(PRESENTER, NorlanninnakkiPresenter)


# --- bidding ------------------------------------------------------------------------------


def test_first_deal_bidding_prompt_labels_badges_and_facts() -> None:
    st = first_deal()
    p = show(st, 0)
    assert p.status == "Deal 1 · bidding"
    assert p.prompt == (
        "Knock or lurk: a knock promises a trick (take none and you go to the forest); in the "
        "first deal everyone plays, and only the knocker must take a trick"
    )
    fi = show(st, 0, lang="fi")
    assert fi.status == "Jako 1 · tarjoaminen"
    assert fi.prompt == (
        "Koputa tai kyttää: koputus lupaa tikin (jos et saa yhtään, menet metsään); "
        "ensimmäisessä jaossa kaikki pelaavat, ja vain koputtajan on saatava tikki"
    )
    assert p.actions == ("knock (promise a trick)", "lurk (play without a promise)")
    assert fi.actions == ("koputa (lupaat tikin)", "kyttää (pelaat ilman lupausta)")
    assert badges(p, 0) == {"forehand": "forehand"}
    assert badges(p, 3) == {"dealer": "dealer", "turned": "turned trump ♠Q"}
    assert badges(fi, 3) == {"dealer": "jakaja", "turned": "käännetty valtti ♠Q"}
    assert [s.score for s in p.seats] == ["10 points left"] * 4
    assert fi.seats[0].score == "10 pistettä jäljellä"
    assert facts(p) == {
        "trump": "Trump: spades; Daniel holds the turned card face up [♠Q]",
        "first_deal": "First deal: everyone plays; only the knocker must take a trick",
        "stock": "Stock: 31 cards",
        "pot": "Pot: 4 chips",
    }
    assert facts(fi)["trump"] == "Valtti: pata; Daniel pitää käännettyä korttia näkyvillä [♠Q]"
    assert p.hand == tuple(parse_cards("S3 SA H4 D5 C6"))
    assert show(st, None).prompt == "Waiting for Anna to knock or lurk"
    assert show(st, None, lang="fi").prompt == "Odotetaan, että Anna koputtaa tai kyttää"
    assert show(st, None).hand == ()


def test_the_dealer_holds_the_turned_trump_in_his_hand() -> None:
    st = first_deal()
    p = show(st, 3)
    assert [c.pretty() for c in p.hand] == ["♠Q", "♥2", "♥3", "♦2", "♦3", "♣2"]
    assert facts(p)["trump"] == "Trump: spades; you hold the turned card face up [♠Q]"
    assert facts(show(st, 3, lang="fi"))["trump"] == (
        "Valtti: pata; pidät käännettyä korttia näkyvillä [♠Q]"
    )


def test_the_last_bidder_is_told_what_a_lurk_means_and_a_throw_in_is_told() -> None:
    st = first_deal()
    events = act(st, "lurk", "lurk", "lurk")
    p = show(st, 3, events)
    assert p.prompt.endswith(
        ". Everyone else has lurked: if you lurk too, the cards are thrown in and you deal again"
    )
    assert show(st, 3, lang="fi").prompt.endswith(
        ". Kaikki muut ovat kyttänneet: jos sinäkin kyttäät, kortit heitetään pois ja jaat "
        "uudelleen"
    )
    assert p.sentences == ("Anna lurks", "Bertil lurks", "Cecilia lurks")
    assert show(st, 0, events).sentences[0] == "You lurk"
    assert show(st, 0, events, "fi").sentences[0] == "Kyttäät"
    assert badges(p, 1) == {"bid": "lurked"}

    events = act(st, "lurk")
    turned = st.turned.pretty()
    assert show(st, 3, events).sentences == (
        "You lurk",
        "Everyone lurked: the cards are thrown in and you deal again",
        "Deal 1: you deal",
        f"Turned for trump: {turned} (diamonds)",
        "Anna is forehand and speaks first",
    )
    assert show(st, 0, events, "fi").sentences == (
        "Daniel kyttää",
        "Kaikki kyttäsivät: kortit heitetään pois ja Daniel jakaa uudelleen",
        "Jako 1: Daniel jakaa",
        f"Valtiksi käännetään {turned} (ruutu)",
        "Olet etumies ja aloitat tarjoamisen",
    )
    p = show(st, 1)
    assert facts(p)["throw_ins"] == "Dealt again: the cards were thrown in once and dealt again"
    assert facts(show(st, 1, lang="fi"))["throw_ins"] == (
        "Uusintajako: kortit heitettiin kerran pois ja jaettiin uudelleen"
    )
    assert badges(p, 1) == {}  # the bids of the thrown-in deal are gone
    assert show(st, 1).status == "Deal 1 · bidding"


def test_a_knock_in_the_first_deal() -> None:
    st = first_deal()
    events = act(st, "lurk", "knock")
    assert show(st, 1, events).sentences == (
        "Anna lurks",
        "You knock and promise to take a trick",
        "First deal: everyone plays, and only the knocker must take a trick",
    )
    assert show(st, 2, events, "fi").sentences == (
        "Anna kyttää",
        "Bertil koputtaa ja lupaa ottaa tikin",
        "Ensimmäinen jako: kaikki pelaavat, ja vain koputtajan on saatava tikki",
    )
    p = show(st, 2)
    assert badges(p, 1) == {"bid": "knocked", "obliged": "must take a trick"}
    assert badges(show(st, 2, lang="fi"), 1) == {"bid": "koputti", "obliged": "tikki on saatava"}
    assert badges(p, 2) == {}  # never asked: plays without a promise


def test_early_bidding_says_what_is_still_to_come() -> None:
    st = setup(4, dealer=3, early_bidding=True)
    p = show(st, 0)
    assert p.prompt.endswith(". The last two cards each are dealt after the bidding")
    assert facts(p)["to_come"] == "Still to deal: two cards each, after the bidding"
    assert facts(show(st, 0, lang="fi"))["to_come"] == (
        "Vielä jakamatta: kaksi korttia kullekin tarjousten jälkeen"
    )
    events = act(st, "knock")
    assert any(isinstance(e, RestDealt) for e in events)
    assert show(st, 1, events).sentences[-1] == (
        "The last two cards each are dealt: everyone holds 5 (the dealer also the turned trump)"
    )
    assert show(st, 1, events, "fi").sentences[-1] == (
        "Kaksi viimeistä korttia jaetaan: kaikilla on nyt 5 korttia (jakajalla lisäksi "
        "käännetty valtti)"
    )
    assert "to_come" not in facts(show(st, 1))


# --- in or rest ----------------------------------------------------------------------------


def test_in_or_rest_after_a_knock_in_a_later_deal() -> None:
    st = setup(4, dealer=0, deal_no=2)
    events = act(st, "lurk", "knock")
    p = show(st, 3, events)
    assert p.status == "Deal 2 · in or rest"
    assert p.prompt == (
        "Cecilia knocked: come in (then you must take a trick or go to the forest) or rest "
        "(sit this deal out; your score stays)"
    )
    fi = show(st, 3, lang="fi")
    assert fi.status == "Jako 2 · mukaan vai lepoon"
    assert fi.prompt == (
        "Cecilia koputti: tule mukaan (silloin sinun on saatava tikki tai menet metsään) tai "
        "lepää (jäät pois tästä jaosta, eivätkä pisteesi muutu)"
    )
    assert p.actions == ("come in (you must take a trick)", "rest (sit this deal out)")
    assert fi.actions == ("tule mukaan (sinun on saatava tikki)", "lepää (jäät pois tästä jaosta)")
    assert p.sentences == ("Bertil lurks", "Cecilia knocks and promises to take a trick")
    assert facts(p)["lone_knocker"] == (
        "If all others rest: Cecilia is credited with 5 tricks without play"
    )
    assert facts(show(st, 2))["lone_knocker"] == (
        "If all others rest: you are credited with 5 tricks without play"
    )
    assert show(st, 0).prompt == "Waiting for Daniel to come in or rest"
    assert show(st, 0, lang="fi").prompt == "Odotetaan, tuleeko Daniel mukaan vai lepääkö"

    events = act(st, "in")
    assert show(st, 3, events).sentences == ("You come in and must take a trick",)
    assert show(st, 0, events, "fi").sentences == (
        "Daniel tulee mukaan, ja hänen on saatava tikki",
    )
    assert badges(show(st, 0), 3) == {"declaration": "in"}
    assert "lone_knocker" not in facts(show(st, 0))  # Cecilia is no longer alone
    events = act(st, "rest")
    assert show(st, 0, events).sentences[0] == "You rest this deal"
    assert show(st, 1, events, "fi").sentences[0] == "Anna lepää tämän jaon"
    p = show(st, 1)
    turned = st.turned.pretty()
    assert badges(p, 0) == {
        "dealer": "dealer",
        "turned": f"turned trump {turned}",
        "declaration": "resting",
    }
    assert badges(p, 1) == {"bid": "lurked"}
    assert show(st, 0).prompt == "You rest this deal. Waiting for Bertil to come in or rest"
    assert show(st, 0, lang="fi").prompt == (
        "Lepäät tämän jaon. Odotetaan, tuleeko Bertil mukaan vai lepääkö"
    )
    act(st, "in")
    assert badges(show(st, 1), 1) == {"declaration": "in", "obliged": "must take a trick"}
    assert show(st, 0).prompt == "You rest this deal. Waiting for Bertil to buy"


@pytest.mark.parametrize(
    ("rule", "en", "fi"),
    [
        (
            "takes_all",
            "Everyone else rests: if you rest too, Bertil is credited with 5 tricks without play",
            "Kaikki muut lepäävät: jos sinäkin lepäät, pelaajalle Bertil merkitään 5 tikkiä "
            "pelaamatta",
        ),
        (
            "takes_one",
            "Everyone else rests: if you rest too, Bertil is credited with 1 trick without play",
            "Kaikki muut lepäävät: jos sinäkin lepäät, pelaajalle Bertil merkitään 1 tikki "
            "pelaamatta",
        ),
        (
            "redeal",
            "Everyone else rests: if you rest too, the cards are thrown in and you deal again",
            "Kaikki muut lepäävät: jos sinäkin lepäät, kortit heitetään pois ja jaat uudelleen",
        ),
    ],
)
def test_the_last_to_declare_is_told_what_a_lone_knocker_gets(rule: str, en: str, fi: str) -> None:
    st = setup(3, dealer=0, deal_no=2, lone_knocker=rule)
    act(st, "knock", "rest")
    assert show(st, 0).prompt.endswith(f". {en}")
    assert show(st, 0, lang="fi").prompt.endswith(f". {fi}")


def test_a_lone_knocker_and_the_deal_it_settles() -> None:
    st = setup(3, dealer=0, deal_no=2, scores=[10, 9, 8])
    events = act(st, "knock", "rest", "rest")
    assert any(isinstance(e, LoneKnocker) for e in events)
    p = show(st, 2, events)
    assert p.sentences[:6] == (
        "Bertil knocks and promises to take a trick",
        "You rest this deal",
        "Anna rests this deal",
        "Everyone else rests: Bertil is credited with 5 tricks without play",
        "Deal 2 is scored: Bertil -5 (4 points left)",
        "Deal 3: Bertil deals",
    )
    assert show(st, 1, events, "fi").sentences[3:6] == (
        "Kaikki muut lepäävät: sinulle merkitään 5 tikkiä pelaamatta",
        "Jako 2 on laskettu: sinä -5 (4 pistettä jäljellä)",
        "Jako 3: sinä jaat",
    )
    assert rows(p) == {
        "Said": ("rested", "knocked", "rested"),
        "Promised": ("—", "a trick", "—"),
        "Tricks": ("—", "5", "—"),
        "To the forest": ("—", "—", "—"),
        "This deal": ("+0", "-5", "+0"),
        "Points left": ("10", "4", "8"),
    }
    summary = p.deal_summary
    assert summary is not None
    assert summary.lines == (
        "Everyone else rests: Bertil is credited with 5 tricks without play",
        "The pot holds 3 chips",
    )
    assert p.sheet is not None and p.sheet.rows[0].cells == ("10 (rested)", "4 (-5)", "8 (rested)")


def test_a_redeal_after_everyone_rests() -> None:
    st = setup(3, dealer=0, deal_no=2, lone_knocker="redeal")
    events = act(st, "knock", "rest", "rest")
    assert show(st, 1, events).sentences[3:5] == (
        "Everyone else rested after the knock: the cards are thrown in and Anna deals again",
        "Deal 2: Anna deals",
    )
    assert show(st, 0, events, "fi").sentences[3:5] == (
        "Kaikki muut lepäsivät koputuksen jälkeen: kortit heitetään pois ja jaat uudelleen",
        "Jako 2: sinä jaat",
    )


# --- buying --------------------------------------------------------------------------------


def test_buying_prompts_labels_sentences_and_the_dealer() -> None:
    st = first_deal()
    act(st, "lurk", "knock")
    p = show(st, 0)
    assert p.status == "Deal 1 · buying"
    assert p.prompt == "Buy: discard 0–5 cards face down and draw as many from the stock"
    assert show(st, 0, lang="fi").prompt == (
        "Osta: laita pois 0–5 korttia kuvapuoli alaspäin ja nosta tilalle yhtä monta umpipakasta"
    )
    assert p.actions[:3] == (
        "keep all (discard nothing)",
        "discard ♠3, draw 1",
        "discard ♠A, draw 1",
    )
    assert p.actions[-1] == "discard ♠3 ♠A ♥4 ♦5 ♣6, draw 5"
    assert show(st, 0, lang="fi").actions[:2] == (
        "pidä kaikki (ei poistoa)",
        "laita pois ♠3, nosta 1",
    )
    assert len(p.actions) == 32

    events = act(st, "discard C6")
    assert show(st, 0, events).sentences == ("You buy: discard 1, draw 1", "You draw ♣A")
    assert show(st, 0, events, "fi").sentences == ("Ostat: pois 1, tilalle 1", "Nostat ♣A")
    assert show(st, 1, events).sentences == ("Anna buys: discards 1, draws 1",)
    assert show(st, None, events, "fi").sentences == ("Anna ostaa: pois 1, tilalle 1",)
    assert facts(show(st, 0))["my_discards"] == "You discarded: ♣6 [♣6]"
    assert badges(show(st, 1), 0) == {"bid": "lurked", "bought": "discarded 1, drew 1"}

    act(st, "discard H5 H6")
    events = act(st, "discard none")
    assert show(st, 2, events).sentences == ("You keep all your cards",)
    assert show(st, 0, events, "fi").sentences == ("Cecilia pitää kaikki korttinsa",)
    assert badges(show(st, 0, lang="fi"), 2) == {"bought": "piti kaikki"}

    p = show(st, 3)
    assert p.prompt == (
        "Buy last: discard 1–6 cards face down and draw one fewer, so that you too play with "
        "five. The turned ♠Q may be one of them"
    )
    assert show(st, 3, lang="fi").prompt == (
        "Osta viimeisenä: laita pois 1–6 korttia kuvapuoli alaspäin ja nosta tilalle yksi "
        "vähemmän, jotta sinullekin jää viisi korttia. Käännetyn kortin ♠Q voit myös laittaa pois"
    )
    assert p.actions[:2] == ("discard ♠Q, draw none", "discard ♥2, draw none")
    assert "discard ♠Q ♥2, draw 1" in p.actions
    assert show(st, 3, lang="fi").actions[0] == "laita pois ♠Q, ei nostoa"

    events = act(st, "discard SQ H2")
    assert show(st, 3, events).sentences == (
        "You buy: discard 2, draw 1",
        "You discard the turned ♠Q",
        "You draw ♣J",
    )
    assert show(st, 0, events, "fi").sentences == (
        "Daniel ostaa: pois 2, tilalle 1",
        "Daniel laittaa pois käännetyn kortin ♠Q",
    )
    p = show(st, 0)
    assert facts(p)["trump"] == "Trump: spades; Daniel discarded the turned ♠Q"
    assert facts(show(st, 3))["trump"] == "Trump: spades; you discarded the turned ♠Q"
    assert "turned" not in badges(p, 3)
    assert "first_deal" not in facts(p)


# --- play ----------------------------------------------------------------------------------


def test_the_trump_ace_lead_and_following() -> None:
    st = first_deal()
    act(st, "lurk", "knock", "discard none", "discard none", "discard none", "discard H2")
    p = show(st, 0)
    assert p.status == "Deal 1 · play, trick 1 of 5"
    assert show(st, 0, lang="fi").status == "Jako 1 · pelaaminen, tikki 1/5"
    assert p.prompt == "Lead the first trick: you hold the trump ace ♠A and must lead it"
    assert show(st, 0, lang="fi").prompt == (
        "Aloita ensimmäinen tikki: sinulla on valttiässä ♠A, joten se on pelattava ensin"
    )
    assert p.actions == ("♠A",)
    assert p.trick is None and p.last_trick is None

    events = act(st, "SA")
    p = show(st, 1, events)
    assert p.prompt == (
        "You have no spades: play any card (there is no duty to trump). "
        "You still need a trick to stay out of the forest"
    )
    assert show(st, 1, lang="fi").prompt == (
        "Sinulla ei ole pataa: pelaa mikä tahansa kortti (valttipakkoa ei ole). "
        "Tarvitset vielä tikin, jotta et joudu metsään"
    )
    assert plays(p.trick) == [("Anna", "♠A", True, "")]
    assert p.trick is not None and p.trick.caption == "Led: spades; Anna holds the trick"
    assert facts(p)["led"] == "Led suit: spades"
    assert p.sentences == ("Anna plays ♠A",)
    assert show(st, 0, events, "fi").sentences == ("Pelaat ♠A",)

    act(st, "H5")
    p = show(st, 2)
    assert p.prompt == "Anna led spades: follow suit"
    fi = show(st, 2, lang="fi")
    assert fi.prompt == "Anna aloitti, ja johdettu maa on pata: tunnusta maata"
    assert plays(p.trick) == [("Anna", "♠A", True, ""), ("Bertil", "♥5", False, "")]
    assert fi.trick is not None
    assert fi.trick.caption == "Johdettu maa: pata; tikki on nyt pelaajan Anna"
    events = act(st, "S2", "SQ")  # Daniel kept the turned ♠Q, and must follow with it
    p = show(st, 0, events)
    assert p.sentences == ("Cecilia plays ♠2", "Daniel plays ♠Q", "You win the trick ♠A ♥5 ♠2 ♠Q")
    assert p.won is not None and p.won == p.last_trick and p.trick is None
    assert plays(p.won) == [
        ("You", "♠A", True, ""),
        ("Bertil", "♥5", False, ""),
        ("Cecilia", "♠2", False, ""),
        ("Daniel", "♠Q", False, ""),
    ]
    assert p.won.caption == "You take the trick with ♠A (1 trick this deal)"
    fi = show(st, 1, events, "fi")
    assert fi.won == fi.last_trick and fi.won is not None
    assert fi.won.caption == "Anna vie tikin kortilla ♠A (tässä jaossa 1 tikki)"
    assert badges(show(st, 2), 0)["tricks"] == "1 trick"
    assert badges(show(st, 2), 1)["tricks"] == "0 tricks"
    assert badges(show(st, 2, lang="fi"), 1)["tricks"] == "0 tikkiä"
    assert show(st, 0).prompt == "Your lead: play any card"
    assert show(st, 0, lang="fi").prompt == "Sinä aloitat: pelaa mikä tahansa kortti"
    assert show(st, 0).status == "Deal 1 · play, trick 2 of 5"


def test_a_follower_who_holds_the_suit_led() -> None:
    st = setup(3, dealer=0, hands=ONE_SUIT_EACH, turned="S2")
    act(st, "knock")
    buy_nothing(st, "S2")
    act(st, "HA")
    p = show(st, 2)
    assert p.prompt == "You have no hearts: play any card (there is no duty to trump)"
    assert show(st, 0, lang="fi").prompt == "Odotetaan, että Cecilia pelaa kortin"
    st2 = setup(3, dealer=0, hands={1: "HA HK S3 S4 S5", 2: "H2 H3 D2 D3 D4"}, turned="S2")
    act(st2, "knock")
    buy_nothing(st2, "S2")
    act(st2, "HA")
    assert show(st2, 2).prompt == "Bertil led hearts: follow suit"
    assert show(st2, 2, lang="fi").prompt == (
        "Bertil aloitti, ja johdettu maa on hertta: tunnusta maata"
    )


FORCED = {1: "S9 S5 H2 H3 D4", 2: "HA DA D2 D3 C2", 0: "CA CK CQ CJ C10"}
"""Three players, Anna deals ♠2 and has 1 point left: forced trump."""


def test_forced_trump_is_told_with_what_it_forces() -> None:
    st = setup(3, dealer=0, hands=FORCED, turned="S2", scores=[1, 6, 8], deal_no=2)
    p = show(st, 1)
    assert facts(p)["forced_trump"] == (
        "Forced trump: in force, so whoever leads a trick must lead a trump if he can "
        "(1 point left: Anna)"
    )
    assert facts(show(st, 0, lang="fi"))["forced_trump"] == (
        "Pakkovaltti: voimassa, joten tikin aloittajan on ajettava valttia, jos hänellä on sitä "
        "(1 piste jäljellä: sinä)"
    )
    assert p.seats[0].score == "1 point left"
    assert show(st, 1, lang="fi").seats[0].score == "1 piste jäljellä"
    act(st, "knock", "in", "in")
    buy_nothing(st, "S2")
    p = show(st, 1)
    assert p.prompt == (
        "Lead a trump (spades): forced trump is in force. "
        "You still need a trick to stay out of the forest"
    )
    assert show(st, 1, lang="fi").prompt == (
        "Aja valttia (pata): pakkovaltti on voimassa. Tarvitset vielä tikin, jotta et joudu metsään"
    )
    assert p.actions == ("♠5", "♠9")

    ruff = setup(
        3,
        dealer=0,
        hands=FORCED,
        turned="S2",
        scores=[1, 6, 8],
        deal_no=2,
        forced_trump="lead_and_ruff",
    )
    text = facts(show(ruff, 2))["forced_trump"]
    assert text == (
        "Forced trump: in force, so whoever leads a trick must lead a trump if he can, and a "
        "player who cannot follow suit must trump if he can (1 point left: Anna)"
    )


def test_the_variants_in_words() -> None:
    st = setup(4, dealer=3, exact_zero=True, chips=False)
    assert facts(show(st, 0))["exact_zero"] == (
        "Exact zero: the winner must reach exactly 0; a score below 0 turns positive after the deal"
    )
    assert facts(show(st, 0, lang="fi"))["exact_zero"] == (
        "Tasan nolla: voittajan on päästävä tasan nollaan; nollan alle mennyt tulos muuttuu "
        "jaon jälkeen positiiviseksi"
    )
    assert facts(show(st, 0, lang="fi"))["pot"] == (
        "Pelikassa: pelataan ilman pelimerkkejä; lopuksi jokainen häviäjä maksaa voittajalle "
        "pisteidensä verran ja viisi jokaisesta metsäänmenostaan"
    )
    assert "exact_zero" not in facts(show(first_deal(), 0))


def test_forced_trump_stays_in_words_once_sticky() -> None:
    st = setup(3, dealer=0, scores=[5, 6, 8], deal_no=3, forced_trump_sticky=True)
    st.forced = st.forced_ever = True  # as if a score of 1 had brought it in a deal before
    assert facts(show(st, 1))["forced_trump"].endswith(
        "must lead a trump if he can (once in force, it stays for the rest of the game)"
    )
    assert facts(show(st, 1, lang="fi"))["forced_trump"].endswith(
        "(kerran voimaan tultuaan se on voimassa pelin loppuun)"
    )


def test_a_void_player_must_ruff_under_lead_and_ruff() -> None:
    hands = {1: "H2 H3 H4 D4 C3", 2: "S9 S8 D2 D3 C2", 0: "CA CK CQ CJ C10"}
    st = setup(
        3,
        dealer=0,
        hands=hands,
        turned="S2",
        scores=[1, 6, 8],
        deal_no=2,
        forced_trump="lead_and_ruff",
    )
    act(st, "knock", "in", "in")
    buy_nothing(st, "S2")
    assert show(st, 1).prompt.startswith("Your lead: play any card.")  # Bertil holds no trump
    act(st, "H2")
    p = show(st, 2)
    assert p.prompt == (
        "You have no hearts: forced trump makes you play a trump (spades). "
        "You still need a trick to stay out of the forest"
    )
    assert show(st, 2, lang="fi").prompt == (
        "Sinulla ei ole herttaa: pakkovaltti velvoittaa lyömään valttia (pata). "
        "Tarvitset vielä tikin, jotta et joudu metsään"
    )
    assert p.actions == ("♠8", "♠9")
    act(st, "S9")
    assert show(st, 0).prompt == (
        "You have no hearts: play any card (there is no duty to trump). "
        "You still need a trick to stay out of the forest"
    )
    permissive = setup(
        3,
        dealer=0,
        hands=hands,
        turned="S2",
        scores=[1, 6, 8],
        deal_no=2,
        forced_trump="lead_and_ruff",
        permissive_mode=True,
    )
    act(permissive, "knock", "in", "in")
    buy_nothing(permissive, "S2")
    act(permissive, "H2")
    p = show(permissive, 2)
    assert p.prompt.startswith(
        "You have no hearts: forced trump makes you play a trump (spades); another card is "
        "allowed, but sends you to the forest."
    )
    assert p.actions[:3] == ("♠8", "♠9", "♦2 (breaks forced trump: you go to the forest)")


def test_permissive_mode_labels_tells_and_scores_a_violation() -> None:
    st = setup(
        3, dealer=0, hands=FORCED, turned="S2", scores=[1, 6, 8], deal_no=2, permissive_mode=True
    )
    assert facts(show(st, 1))["forced_trump"].endswith(
        "; breaking it is allowed, but sends the player to the forest"
    )
    act(st, "knock", "in", "in")
    buy_nothing(st, "S2")
    p = show(st, 1)
    assert p.prompt == (
        "Lead a trump (spades): forced trump is in force; leading another card is allowed, but "
        "sends you to the forest. You still need a trick to stay out of the forest"
    )
    assert p.actions == (
        "♠5",
        "♠9",
        "♥2 (breaks forced trump: you go to the forest)",
        "♥3 (breaks forced trump: you go to the forest)",
        "♦4 (breaks forced trump: you go to the forest)",
    )
    assert show(st, 1, lang="fi").actions[2] == "♥2 (rikkoo pakkovalttia: menet metsään)"
    events = act(st, "H2")
    assert any(isinstance(e, NorlanninnakkiCardsPlayed) and e.violation for e in events)
    assert show(st, 2, events).sentences == (
        "Bertil plays ♥2",
        "Bertil breaks forced trump and goes to the forest at the end of the deal",
    )
    assert show(st, 1, events, "fi").sentences == (
        "Pelaat ♥2",
        "Rikot pakkovalttia ja menet jaon lopussa metsään",
    )
    p = show(st, 2)
    assert plays(p.trick) == [("Bertil", "♥2", True, "against forced trump")]
    assert badges(p, 1)["violation"] == "broke forced trump: forest"
    assert plays(show(st, 2, lang="fi").trick)[0][3] == "pakkovaltin vastaisesti"

    events = act(st, "HA", "CA")  # Cecilia takes the trick: her promise is kept
    p = show(st, 2, events)
    assert p.won is not None
    assert plays(p.won) == [
        ("Bertil", "♥2", False, "against forced trump"),
        ("You", "♥A", True, ""),
        ("Anna", "♣A", False, ""),
    ]
    assert p.won.caption == "You take the trick with ♥A (1 trick this deal); the promise is kept"
    last = show(st, 0, lang="fi").last_trick
    assert last is not None and last.caption == (
        "Cecilia vie tikin kortilla ♥A (tässä jaossa 1 tikki); lupaus on pidetty"
    )
    assert badges(p, 2)["obliged"] == "promise kept"
    assert badges(p, 0)["obliged"] == "must take a trick"
    while st.deal_no == 2:
        events = st.apply(st.to_move, st.legal_actions(st.to_move)[0])
    scored = next(e for e in events if isinstance(e, NorlanninnakkiDealScored))
    assert scored.violated == (1,) and 1 in scored.forest
    p = show(st, 0, events)
    assert "Bertil broke forced trump and goes to the forest" in p.sentences
    assert rows(p)["To the forest"][1] == "broke forced trump"
    assert p.deal_summary is not None
    assert "Bertil broke forced trump and goes to the forest" in p.deal_summary.lines
    assert "Rikoit pakkovalttia ja menet metsään" in show(st, 1, events, "fi").sentences


# --- the deal summary ----------------------------------------------------------------------


def test_the_deal_summary_promised_and_taken_the_forest_and_the_pot() -> None:
    st = setup(3, dealer=0, hands=ONE_SUIT_EACH, turned="S2")
    act(st, "knock")  # Bertil knocks: everyone plays, only Bertil must take a trick
    buy_nothing(st, "S2")
    events: list[Event] = []
    while st.deal_no == 1:
        events = st.apply(st.to_move, st.legal_actions(st.to_move)[0])
    tricks = next(e for e in events if isinstance(e, NorlanninnakkiDealScored)).tricks
    p = show(st, 2, events)
    assert p.deal_summary is not None and p.deal_summary.title == "Deal 1 is over"
    assert p.deal_summary.columns == ("Anna", "Bertil", "You")
    assert rows(p) == {
        "Said": ("—", "knocked", "—"),
        "Promised": ("nothing", "a trick", "nothing"),
        "Tricks": tuple(str(t) for t in tricks),
        "To the forest": ("—", "—", "—"),
        "This deal": tuple(f"{-t:+d}" for t in tricks),
        "Points left": tuple(str(10 - t) for t in tricks),
    }
    assert p.deal_summary.lines == (
        "First deal: everyone played, and only the knocker had to take a trick",
        "The pot holds 3 chips",
    )
    fi = show(st, 2, events, "fi")
    assert rows(fi)["Sanoi"] == ("—", "koputti", "—")
    assert rows(fi)["Lupasi"] == ("ei mitään", "tikin", "ei mitään")
    assert fi.deal_summary is not None and fi.deal_summary.title == "Jako 1 päättyi"


def test_a_knocker_without_a_trick_goes_to_the_forest() -> None:
    hands = {1: "H2 H3 H4 H5 H6", 2: "HA HK HQ HJ H10", 0: "CA CK CQ CJ C10"}
    st = setup(
        3, dealer=0, hands=hands, turned="S2", scores=[4, 7, 9], deal_no=2, forests=[0, 1, 0]
    )
    act(st, "knock", "in", "rest")
    buy_nothing(st, "S2")
    events: list[Event] = []
    while st.deal_no == 2:
        events = st.apply(st.to_move, st.legal_actions(st.to_move)[0])
    p = show(st, 1, events)
    assert p.sentences[:5] == (
        "You play ♥6",
        "Cecilia wins the trick ♥A ♥6",
        "Deal 2 is scored: you +3 (10 points left), Cecilia -5 (4 points left)",
        "You promised a trick, took none and go to the forest",
        "The pot now holds 5 chips",
    )
    assert show(st, 0, events, "fi").sentences[2:5] == (
        "Jako 2 on laskettu: Bertil +3 (10 pistettä jäljellä), Cecilia -5 (4 pistettä jäljellä)",
        "Bertil lupasi tikin, ei saanut yhtään ja menee metsään",
        "Pelikassassa on nyt 5 pelimerkkiä",
    )
    assert rows(p) == {
        "Said": ("rested", "knocked", "came in"),
        "Promised": ("—", "a trick", "a trick"),
        "Tricks": ("—", "0", "5"),
        "To the forest": ("—", "no trick", "—"),
        "This deal": ("+0", "+3", "-5"),
        "Points left": ("4", "10", "4"),
    }
    assert p.deal_summary is not None and p.deal_summary.lines == (
        "You promised a trick, took none and go to the forest",
        "To the forest: +5 points (never above 10), a chip to the pot and a stroke on the sheet",
        "The pot holds 5 chips",
    )
    assert badges(show(st, 0), 1)["forests"] == "2 forest visits"
    assert badges(show(st, 0, lang="fi"), 1)["forests"] == "metsässä 2 kertaa"
    assert p.sheet is not None
    assert p.sheet.rows[0].cells == ("4 (rested)", "10 (+3, forest)", "4 (-5)")
    fi_sheet = show(st, 1, lang="fi").sheet
    assert fi_sheet is not None
    assert fi_sheet.rows[0].cells == ("4 (lepäsi)", "10 (+3, metsä)", "4 (-5)")
    nochips = setup(3, dealer=0, hands=hands, turned="S2", scores=[4, 7, 9], deal_no=2, chips=False)
    act(nochips, "knock", "in", "rest")
    buy_nothing(nochips, "S2")
    while nochips.deal_no == 2:
        events = nochips.apply(nochips.to_move, nochips.legal_actions(nochips.to_move)[0])
    p = show(nochips, 1, events)
    assert not any("pot" in s for s in p.sentences)
    assert p.deal_summary is not None and p.deal_summary.lines[-1] == (
        "To the forest: +5 points (never above 10) and a stroke on the sheet"
    )
    assert facts(show(nochips, 1))["pot"] == (
        "Pot: played without chips; at the end each loser pays the winner his score plus 5 per "
        "forest visit"
    )


# --- the match -----------------------------------------------------------------------------


def play_out(st: NorlanninnakkiState, seed: int) -> list[Event]:
    rng = random.Random(seed)
    events: list[Event] = []
    while not st.is_over():
        seat = min(st.to_act())
        events = st.apply(seat, rng.choice(st.legal_actions(seat)))
    return events


@pytest.mark.parametrize("chips", [True, False])
def test_the_match_summary_sheet_chart_and_settlement(chips: bool) -> None:
    st = GAME.new_match(4, NorlanninnakkiOptions(chips=chips), seed=3)
    assert isinstance(st, NorlanninnakkiState)
    events = play_out(st, 3)
    assert isinstance(events[-1], MatchOver)
    result = st.result()
    sheet = st.view(None).table.sheet
    p = show(st, 0, events)
    summary = p.match_summary
    assert summary is not None and summary.kind == "match"
    assert summary.columns == ("You", "Bertil", "Cecilia", "Daniel")
    labels = [r.label for r in summary.rows]
    assert labels == [*(f"Deal {e.deal}" for e in sheet), "Total", "Forest visits", "Chips (net)"]
    for row, deal in zip(summary.rows, sheet, strict=False):
        for seat, cell in enumerate(row.cells):
            assert cell.startswith(f"{deal.totals[seat]} (")
            assert cell.endswith("forest)") == (seat in deal.forest)
    totals = {r.label: r.cells for r in summary.rows}
    assert totals["Total"] == tuple(f"{s:g}" for s in result.scores)
    assert totals["Forest visits"] == tuple(str(p.forests) for p in st.view(None).players)
    assert totals["Chips (net)"] == tuple(f"{v:+g}" for v in result.details["chips"])
    first = [float(x) for x in sheet[0].totals]
    assert [s.values[0] for s in summary.chart] == first  # after deal 1, not the start
    assert [s.values[-1] for s in summary.chart] == list(result.scores)
    assert all(len(s.values) == len(sheet) for s in summary.chart)  # one point per deal
    winner = result.winners[0]
    assert summary.lines[0] == p.prompt
    if chips:
        pot = st.view(None).table.pot
        taker = "You take" if winner == 0 else f"{name(winner)} takes"
        assert summary.lines[1:] == (f"{taker} {pot} chips from the pot",)
        take = "You take the pot" if winner == 0 else f"{name(winner)} takes the pot"
        assert p.sentences[-1] == f"{take}: {pot} chips"
    else:
        losers = [s for s in range(4) if s not in result.winners]
        assert len(summary.lines) == 1 + len(losers)
        assert all(" pays " in line or line.startswith("You pay ") for line in summary.lines[1:])
    for seat in range(4):
        assert badges(p, seat)["place"] == f"place {result.ranks[seat]}"
    assert [f.kind for f in p.facts] == ["pot"]
    assert p.status == f"Deal {st.deal_no} · over"
    fi = show(st, 0, events, "fi").match_summary
    assert fi is not None and fi.rows[-2].label == "Metsäänmenot"
    assert fi.rows[-1].label == "Pelimerkit (netto)"


def test_settlement_without_chips_names_who_pays_whom() -> None:
    st = GAME.new_match(3, NorlanninnakkiOptions(chips=False), seed=4)
    assert isinstance(st, NorlanninnakkiState)
    play_out(st, 4)
    payments = st.result().details["payments"]
    assert payments
    first = payments[0]
    for viewer, lang in ((None, "en"), (first["from"], "en"), (first["to"], "fi")):
        summary = show(st, viewer, lang=lang).match_summary
        assert summary is not None
        line = summary.lines[1]
        chips = f"{first['chips']:g}"
        if viewer == first["from"]:
            assert line == f"You pay {name(first['to'])} {chips} chips"
        elif viewer == first["to"]:
            assert line == f"{name(first['from'])} maksaa sinulle {chips} pelimerkkiä"
        else:
            assert line == f"{name(first['from'])} pays {name(first['to'])} {chips} chips"


# --- no raw engine word reaches a person ---------------------------------------------------


class NkRawWords(RawWords):
    """The Anarchy sweep's checks, with the verbs seats do in this game as well."""

    SUIT_LETTER = re.compile(r"(?<![\w♠♥♦♣])[SHDC](?!\w)")
    """A suit as the engine writes it (``Trump: S``)."""
    SEAT_VERB = re.compile(
        r"(?<![\S])(?<!Deal )(?<!Jako )(?<!trick )(?<!tikki )\d+\s+(?:knocks|lurks|rests|"
        r"comes|buys|discards|draws|keeps|plays|wins|takes|deals|is|pays|breaks|broke|"
        r"promised|koputtaa|kyttää|lepää|tulee|ostaa|laittaa|pitää|pelaa|voittaa|vie|jakaa|"
        r"on|maksaa|rikkoo|rikkoi|lupasi|saa)\b"
    )

    def find(self, text: str, lang: str) -> list[str]:
        return super().find(text, lang) + self.SUIT_LETTER.findall(text)


WORDS = engine_words(GAME, {"bid", "declare", "buy", "play", "over"})
CHECK = NkRawWords(WORDS, "norlanninnakki")


def problems(p: Presentation, players: int) -> list[str]:
    out = []
    for text in texts(p.to_json()):
        out += [f"{found!r} in {text!r}" for found in CHECK.find(text, p.lang)]
    people = {*NAMES[:players], catalogue()["you"][p.lang]}
    tricks = [t for t in (p.trick, p.last_trick, p.won) if t is not None]
    labels = [s.name for s in p.seats] + [play.label for t in tricks for play in t.plays]
    for summary in (p.sheet, p.deal_summary, p.match_summary):
        if summary is not None:
            labels += list(summary.columns) + [s.name for s in summary.chart]
    out += [f"a seat called {x!r}" for x in labels if x not in people]
    return out


def test_the_check_catches_what_the_old_client_said() -> None:
    check = NkRawWords(WORDS | {"lowest_heart", "full_house", "bomb"}, "norlanninnakki")
    for text in (
        "captured by 0 0 3 3",
        "bomb false",
        "violation: false",
        "full_house",
        "lowest heart",
        "lead_and_ruff",
        "everyone_lurked",
        "passes 2, 3",
        "a fails 0, 0",
        "finish order: 2 1 3 0",
        "takes_all",
        "2 knocks",
        "Deal 3: 1 deals",
        "None",
    ):
        assert check.find(text, "en"), text
    assert CHECK.find("Valtti: S", "fi") == ["S"]
    assert CHECK.find("Trump: H; led: D", "en") == ["H", "D"]
    assert CHECK.find("Sinä: knock", "fi") == ["knock"]
    assert CHECK.find("phase: lurk", "fi") == ["phase", "lurk"]
    for fine in (
        "Deal 3 · play, trick 4 of 5",
        "Buy: discard 0–5 cards face down and draw as many from the stock",
        "discard ♠3 ♠A, draw 2",
        "10 (+3, forest)",
        "Deal 2 is scored: you +3 (10 points left), Cecilia -5 (4 points left)",
        "Jako 2 on laskettu: Bertil +3 (10 pistettä jäljellä)",
        "Ostat: pois 1, tilalle 1",
    ):
        assert CHECK.find(fine, "en" if fine[0] in "DBd1" else "fi") == [], fine


def sweep(players: int, options: NorlanninnakkiOptions, seed: int) -> int:
    """Present every seat's view and the spectator's, in both languages, after every step
    of a random match; return the number of presentations."""
    st = GAME.new_match(players, options, seed=seed)
    assert isinstance(st, NorlanninnakkiState)
    rng = random.Random(seed)
    shown = 0
    failures: list[str] = []
    steps = 0
    while not st.is_over() and steps < 400:
        seat = min(st.to_act())
        events = st.apply(seat, rng.choice(st.legal_actions(seat)))
        steps += 1
        for viewer in [*range(players), None]:
            for lang in LANGS:
                p = show(st, viewer, events, lang)
                assert p.prompt, f"no prompt for {viewer} at {st.phase}"
                failures += problems(p, players)
                shown += 1
        assert not failures, failures[:10]
    return shown


VARIANTS = option_variants(NorlanninnakkiOptions)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_no_raw_engine_word_in_any_presentation(players: int, variant: int) -> None:
    options = VARIANTS[variant]
    if options.first_dealer is not None and options.first_dealer >= players:
        options = dataclasses.replace(options, first_dealer=players - 1)
    assert sweep(players, options, 100 * players + variant) > 0


def test_every_key_the_presenter_uses_is_in_both_languages() -> None:
    words = catalogue()
    source = inspect.getsource(NorlanninnakkiPresenter)
    keys = set(re.findall(r'"((?:nk|ev|badge|fact|summary|act)_[a-z_]+)"', source))
    keys |= {f"nk_no_suit_{s}" for s in "SHDC"}
    keys |= {f"nk_forced_{f}" for f in ("lead", "lead_and_ruff")}
    keys |= {f"nk_ev_{w}" for w in ("knock", "lurk", "in", "rest")}
    keys |= {f"nk_act_{w}" for w in ("knock", "lurk", "in", "rest")}
    keys |= {f"nk_said_{w}" for w in ("knock", "lurk", "in", "rest")}
    keys |= {f"nk_ev_thrown_{r}" for r in ("everyone_lurked", "everyone_rested")}
    keys |= {f"nk_sum_forest_{w}" for w in ("no_trick", "violation")}
    keys |= {f"nk_wait_{p}" for p in ("bid", "declare", "buy", "play")}
    keys |= {f"{k}_one" for k in ("nk_score_left", "nk_n_tricks", "nk_n_chips", "nk_n_cards")}
    missing = [(k, lang) for k in sorted(keys) for lang in LANGS if not words.get(k, {}).get(lang)]
    assert not missing

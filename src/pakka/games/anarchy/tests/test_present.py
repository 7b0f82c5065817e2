"""Anarchy's presenter: the words of every phase, the seat badges, the table facts, the
tricks with their captures marked, the event sentences, the summaries and the action
labels, in English and Finnish; and a sweep of seeded random matches (every player count
and option variant) whose presentations must hold no raw engine word."""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
import re
import typing
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import pytest

from pakka import plugins
from pakka.cards import Card, parse_card, parse_cards
from pakka.engine import Observation
from pakka.events import DealStarted, Event, MatchOver
from pakka.games.anarchy import (
    CONTRACTS,
    GAME,
    AnarchyDealScored,
    AnarchyOptions,
    AnarchyState,
    AnarchyTrickWon,
    ChooseContract,
    Contract,
    ContractChosen,
    PassCards,
    Play,
    deal_score,
)
from pakka.games.anarchy.present import PRESENTER, AnarchyPresenter
from pakka.i18n import LANGS, catalogue, shared
from pakka.options import option_variants
from pakka.present import Presentation, presenter

NAMES = ("Anna", "Bertil", "Cecilia", "Daniel", "Eeva")
"""Seat names without digits, so that a seat number in a text cannot hide in a name."""


def name(seat: int) -> str:
    return NAMES[seat]


# --- positions ----------------------------------------------------------------------------


def stacked(n: int, hands: Sequence[str], spare: str = "", dummy: str = "") -> list[Card]:
    """A deck in dealing order that gives forehand (packet 0) the first of ``hands``, the
    next seat the second…, each filled up to 13 from the rest of the pack; ``dummy`` (3
    players) lists the dummy's cards in the order they are turned; ``spare`` is the card
    left over (3 and 4 players)."""
    pack = Counter(GAME.deck(n, AnarchyOptions()))
    wanted = [parse_cards(h) for h in hands] + [[] for _ in range(n - len(hands))]
    turned = parse_cards(dummy)
    for card in [*(c for h in wanted for c in h), *turned, *parse_cards(spare)]:
        pack[card] -= 1
        assert pack[card] >= 0, f"{card} twice"
    rest = sorted(pack.elements(), key=Card.sort_key)
    packets = [list(h) for h in wanted]
    for packet in packets:
        while len(packet) < 13:
            packet.append(rest.pop())
    if n == 3:
        packets.append([rest.pop() for _ in range(13 - len(turned))] + turned[::-1])
    deck = [packets[p][i] for i in range(13) for p in range(len(packets))]
    return deck + (parse_cards(spare) if spare else rest)


def new(
    n: int, hands: Sequence[str], spare: str = "", dummy: str = "", **opts: Any
) -> AnarchyState:
    """A match whose first dealer is the last seat, so seat 0 is forehand."""
    options = AnarchyOptions(first_dealer=n - 1, **opts)
    st = GAME.new_match(n, options, seed=1, deck=stacked(n, hands, spare, dummy))
    assert isinstance(st, AnarchyState)
    return st


def show(
    st: AnarchyState, seat: int | None, events: Iterable[Event] = (), lang: str = "en"
) -> Presentation:
    legal = st.legal_actions(seat) if seat is not None and seat in st.to_act() else []
    return PRESENTER.present(st.view(seat), tuple(events), name, lang, legal=legal)


def play(st: AnarchyState, *cards: str) -> list[Event]:
    """Every seat plays its card (in seat order); the events of the trick."""
    events: list[Event] = []
    for seat, card in enumerate(cards):
        events += st.apply(seat, Play(parse_card(card)))
    return events


def choose(st: AnarchyState, *contracts: Contract) -> list[Event]:
    """The seats choose in turn from forehand (seat 0)."""
    events: list[Event] = []
    for seat, contract in enumerate(contracts):
        events += st.apply(seat, ChooseContract(contract))
    return events


def badges(p: Presentation, seat: int) -> dict[str, str]:
    return {
        b.kind: b.text + "".join(f" {c.pretty()}" for c in b.cards) for b in p.seats[seat].badges
    }


def facts(p: Presentation) -> dict[str, str]:
    return {f.kind: f"{f.label}: {f.text}" for f in p.facts}


TRICK_4P = ["JK S8 S9", "H8 H7 DA", "SJ C3 H5", "H2 C2 HK"]
"""Seat 0 holds the bomb; trick 1 is the seed's ♠8 ♥8 ♠J ♥2, trick 2 ♠9 ♥7 ♣3 ♣2, trick 3
the bomb against ♦A ♥5 ♥K (the spare is ♦2)."""


def test_the_entry_point_finds_this_presenter() -> None:
    assert presenter("anarchy") is PRESENTER
    assert isinstance(PRESENTER, AnarchyPresenter)


# --- prompts ------------------------------------------------------------------------------


def test_pass_phase_prompt_badges_facts_and_sentences() -> None:
    st = new(4, ["S2 S3 S4"], pass_three=True)
    p = show(st, 0)
    assert p.status == "Deal 1 of 10 · passing"
    assert p.prompt == (
        "Pass three cards face down to Bertil; you get three from Daniel when everyone has passed"
    )
    assert show(st, 0, lang="fi").prompt == (
        "Anna kolme korttia kuvapuoli alaspäin pelaajalle Bertil; saat kolme korttia "
        "pelaajalta Daniel, kun kaikki ovat antaneet omansa"
    )
    assert badges(p, 1) == {"neighbour": "gets your three cards"}
    assert badges(p, 3) == {"dealer": "dealer", "neighbour": "passes three cards to you"}
    assert badges(show(st, 0, lang="fi"), 3)["neighbour"] == "antaa sinulle kolme korttia"
    assert "♠2 ♠3 ♠4 to Bertil" in p.actions
    assert "♠2 ♠3 ♠4 pelaajalle Bertil" in show(st, 0, lang="fi").actions

    st.apply(0, PassCards(tuple(parse_cards("S2 S3 S4"))))
    p = show(st, 0)
    assert p.prompt == "You pass ♠2 ♠3 ♠4 to Bertil; waiting for Bertil, Cecilia and Daniel"
    assert show(st, 0, lang="fi").prompt == (
        "Annat kortit ♠2 ♠3 ♠4 pelaajalle Bertil; odotetaan: Bertil, Cecilia ja Daniel"
    )
    assert badges(p, 0)["committed"] == "passed"
    assert facts(p)["my_pass"] == "You pass: ♠2 ♠3 ♠4 to Bertil"
    assert show(st, None).prompt == "Waiting for Bertil, Cecilia and Daniel to pass three cards"
    assert show(st, None, lang="fi").prompt == (
        "Odotetaan korttien antoa: Bertil, Cecilia ja Daniel"
    )

    events: list[Event] = []
    for seat in (1, 2, 3):
        events += st.apply(seat, st.legal_actions(seat)[0])
    got = st.view(0).table.received
    assert got is not None
    given = " ".join(c.pretty() for c in got.cards)
    p = show(st, 0, events)
    assert p.sentences[:3] == (
        "You pass ♠2 ♠3 ♠4 to Bertil",
        f"Daniel passes you {given}",
        "Everyone has passed; the cards are picked up",
    )
    assert show(st, 0, events, "fi").sentences[:3] == (
        "Annat ♠2 ♠3 ♠4 pelaajalle Bertil",
        f"Daniel antaa sinulle {given}",
        "Kaikki ovat antaneet korttinsa; saadut kortit otetaan käteen",
    )
    # a seat is told only the passes it took part in; a spectator only that all have passed
    assert show(st, None, events).sentences == ("Everyone has passed; the cards are picked up",)
    assert facts(p)["passed"] == "You passed: ♠2 ♠3 ♠4 to Bertil"
    assert facts(p)["received"] == f"You received: {given} from Daniel"
    assert facts(show(st, 0, lang="fi"))["received"] == f"Sait: {given} pelaajalta Daniel"


def test_contract_phase_prompts_labels_and_sentences() -> None:
    st = new(4, [])
    p = show(st, 0)
    assert p.status == "Deal 1 of 10 · choosing contracts"
    assert p.prompt == "Choose your contract for this deal (10 left)"
    assert show(st, 0, lang="fi").prompt == "Valitse pelisi tähän jakoon (10 jäljellä)"
    assert p.actions == (
        "cards: 1 point per card",
        "black: 2 points per black card",
        "red: 2 points per red card",
        "best: 3 points per card of the suit you take most of",
        "spades: 4 points per spade",
        "hearts: 4 points per heart",
        "clubs: 4 points per club",
        "diamonds: 4 points per diamond",
        "over: 5 points per card above 13",
        "under: 5 points per card short of 13",
    )
    assert show(st, 0, lang="fi").actions == (
        "kortit: 1 piste jokaisesta kortista",
        "musta: 2 pistettä jokaisesta mustasta kortista",
        "punainen: 2 pistettä jokaisesta punaisesta kortista",
        "paras: 3 pistettä jokaisesta kortista siinä maassa, jota keräät eniten",
        "pata: 4 pistettä jokaisesta padasta",
        "hertta: 4 pistettä jokaisesta hertasta",
        "risti: 4 pistettä jokaisesta rististä",
        "ruutu: 4 pistettä jokaisesta ruudusta",
        "yli: 5 pistettä jokaisesta kortista 13. kortin jälkeen",
        "ali: 5 pistettä jokaisesta kortista, joka puuttuu 13 kortista",
    )
    assert badges(p, 0) == {"forehand": "forehand"}
    assert badges(p, 3) == {"dealer": "dealer"}
    assert facts(p) == {
        "remaining": "Your contracts left: cards, black, red, best, spades, hearts, clubs, "
        "diamonds, over, under",
        "spare": "Spare: face down; the bomb brings it into play in the joker's place",
    }

    events = choose(st, "hearts", "over")
    p = show(st, 2, events)
    assert (
        p.prompt
        == "Choose your contract for this deal (10 left). Anna chose hearts and Bertil chose over"
    )
    assert show(st, 2, lang="fi").prompt == (
        "Valitse pelisi tähän jakoon (10 jäljellä). Anna valitsi pelin hertta ja Bertil "
        "valitsi pelin yli"
    )
    assert p.sentences == ("Anna chooses hearts", "Bertil chooses over")
    assert show(st, 0, events).sentences == ("You choose hearts", "Bertil chooses over")
    assert show(st, 0, events, "fi").sentences == (
        "Valitset pelin hertta",
        "Bertil valitsee pelin yli",
    )
    assert badges(p, 0) == {
        "forehand": "forehand",
        "contract": "contract: hearts",
        "remaining": "9 contracts left: cards, black, red, best, spades, clubs, diamonds, over, under",
    }
    assert badges(show(st, 2, lang="fi"), 1)["contract"] == "peli: yli"
    assert show(st, 0).prompt == "Cecilia is choosing a contract"
    assert show(st, 0, lang="fi").prompt == "Cecilia valitsee peliään"
    assert facts(show(st, 0))["contract"] == "Your contract: hearts (4 points per heart)"
    assert (
        facts(show(st, 0, lang="fi"))["contract"]
        == "Pelisi: hertta (4 pistettä jokaisesta hertasta)"
    )


def test_a_last_contract_is_told_as_given() -> None:
    event = ContractChosen(seat=1, contract="under", auto=True)
    st = new(4, [])
    assert show(st, 0, [event]).sentences == ("Bertil gets the last contract: under",)
    assert show(st, 1, [event]).sentences == ("You get the last contract: under",)
    assert show(st, 1, [event], "fi").sentences == ("Saat viimeisen pelin: ali",)


def test_play_prompts_for_each_table() -> None:
    st = new(4, TRICK_4P, spare="D2")
    choose(st, "hearts", "over", "spades", "cards")
    p = show(st, 0)
    assert p.status == "Deal 1 of 10 · play, trick 1 of 13"
    assert show(st, 0, lang="fi").status == "Jako 1/10 · pelaaminen, tikki 1/13"
    assert p.prompt == (
        "Everyone plays a card at once; the cards are shown when all have played. "
        "Your contract: hearts (4 points per heart). "
        "You hold the bomb ★: played, it reverses the ranks of its trick and the spare takes its place"
    )
    assert show(st, 0, lang="fi").prompt == (
        "Kaikki pelaavat kortin yhtä aikaa; kortit näytetään, kun kaikki ovat pelanneet. "
        "Pelisi: hertta (4 pistettä jokaisesta hertasta). "
        "Sinulla on pommi ★: kun pelaat sen, tikin arvojärjestys kääntyy ja ylijäävä kortti "
        "tulee sen tilalle"
    )
    assert show(st, 1).prompt == (
        "Everyone plays a card at once; the cards are shown when all have played. "
        "Your contract: over (5 points per card above 13)"
    )
    assert "★ the bomb: reverses the ranks of this trick" in p.actions
    assert "★ pommi: kääntää tämän tikin arvojärjestyksen" in show(st, 0, lang="fi").actions
    assert "♠8" in p.actions
    assert show(st, None).prompt == "Waiting for Anna, Bertil, Cecilia and Daniel to choose a card"
    assert show(st, None, lang="fi").prompt == (
        "Odotetaan kortin valintaa: Anna, Bertil, Cecilia ja Daniel"
    )

    three = new(3, [], dummy="D3")
    choose(three, "cards", "cards", "cards")
    assert show(three, 1).prompt == (
        "Everyone plays a card at once; when all have played, the cards are shown and the "
        "dummy's top card is turned. Your contract: cards (1 point per card)"
    )
    assert show(three, 1, lang="fi").prompt == (
        "Kaikki pelaavat kortin yhtä aikaa; kun kaikki ovat pelanneet, kortit näytetään ja "
        "lepäävän käden päällimmäinen kortti käännetään. Pelisi: kortit (1 piste jokaisesta "
        "kortista)"
    )
    before = new(3, [], dummy="D3", dummy_reveal="before")
    choose(before, "cards", "cards", "under")
    assert show(before, 2).prompt == (
        "Everyone plays a card at once against the dummy's ♦3; the cards are shown when all "
        "have played. Your contract: under (5 points per card short of 13)"
    )
    assert show(before, 2, lang="fi").prompt == (
        "Kaikki pelaavat kortin yhtä aikaa, ja lepäävän käden kortti on ♦3; kortit näytetään, "
        "kun kaikki ovat pelanneet. Pelisi: ali (5 pistettä jokaisesta kortista, joka puuttuu "
        "13 kortista)"
    )
    assert facts(show(before, 2))["dummy"] == (
        "Dummy: 13 cards; its card in this trick is ♦3, and what it captures goes to the dead pile"
    )
    assert facts(show(three, 2, lang="fi"))["dummy"] == (
        "Lepäävä käsi: 13 korttia kuvapuoli alaspäin; päällimmäinen kortti käännetään "
        "pelaajien korttien jälkeen, ja sen voittamat kortit menevät kuolleeseen pinoon"
    )

    five = new(5, ["H2", "JK"])
    choose(five, "best", "best", "best", "best", "best")
    assert show(five, 1).prompt.endswith(
        "You hold the bomb ★: played, it reverses the ranks of its trick and keeps itself"
    )
    assert show(five, 1, lang="fi").prompt.endswith(
        "Sinulla on pommi ★: kun pelaat sen, tikin arvojärjestys kääntyy ja jokeri voittaa itsensä"
    )
    assert "spare" not in facts(show(five, 1)) and "dummy" not in facts(show(five, 1))


# --- tricks -------------------------------------------------------------------------------


def test_a_trick_marks_each_capturing_card_and_says_what_it_took() -> None:
    st = new(4, TRICK_4P, spare="D2")
    choose(st, "hearts", "over", "spades", "cards")
    events = play(st, "S8", "H8", "SJ", "H2")
    p = show(st, 0, events)
    assert p.trick is not None and p.trick == p.last_trick and p.trick.finished
    assert [
        (t.label, " ".join(c.pretty() for c in t.cards), t.winner, t.note) for t in p.trick.plays
    ] == [
        ("You", "♠8", False, "to Cecilia"),
        ("Bertil", "♥8", True, "takes ♥2"),
        ("Cecilia", "♠J", True, "takes ♠8"),
        ("Daniel", "♥2", False, "to Bertil"),
    ]
    assert p.trick.caption == "Bertil captures ♥2 with ♥8. Cecilia captures ♠8 with ♠J"
    assert p.sentences == (
        "The cards are turned: you ♠8, Bertil ♥8, Cecilia ♠J, Daniel ♥2",
        "Bertil captures ♥2 with ♥8",
        "Cecilia captures ♠8 with ♠J",
    )
    fi = show(st, 0, events, "fi")
    assert fi.sentences == (
        "Kortit käännetään: sinä ♠8, Bertil ♥8, Cecilia ♠J, Daniel ♥2",
        "Bertil kaappaa ♥2 kortilla ♥8",
        "Cecilia kaappaa ♠8 kortilla ♠J",
    )
    assert fi.trick is not None and [t.note for t in fi.trick.plays] == [
        "pelaajalle Cecilia",
        "vie ♥2",
        "vie ♠8",
        "pelaajalle Bertil",
    ]
    seen_by_bertil = show(st, 1, events)
    assert seen_by_bertil.sentences[1] == "You capture ♥2 with ♥8"
    assert seen_by_bertil.trick is not None and seen_by_bertil.trick.plays[3].note == "to you"
    assert show(st, 1, events, "fi").sentences[1] == "Kaappaat ♥2 kortilla ♥8"
    assert p.status == "Deal 1 of 10 · play, trick 2 of 13"
    assert badges(p, 1) == {
        "contract": "contract: over",
        "last_play": "last played ♥8",
        "captured": "captured 2: ♥2 ♥8",
        "deal_score": "this deal 30 pts",
    }
    assert badges(show(st, 0, lang="fi"), 2) == {
        "contract": "peli: pata",
        "last_play": "viimeksi ♠J",
        "captured": "voitetut 2: ♠8 ♠J",
        "deal_score": "jaosta 38 p",
    }

    # once the viewer has chosen, the table shows its face-down card and who is still choosing
    st.apply(2, Play(parse_card("C3")))
    st.apply(0, Play(parse_card("S9")))
    p = show(st, 0)
    assert p.prompt == "Your card ♠9 is face down; waiting for Bertil and Daniel"
    assert show(st, 0, lang="fi").prompt == "Korttisi ♠9 on valittu; odotetaan: Bertil ja Daniel"
    assert p.trick is not None and not p.trick.finished
    assert [(t.label, t.cards, t.note) for t in p.trick.plays] == [
        ("You", (parse_card("S9"),), ""),
        ("Bertil", (), "choosing"),
        ("Cecilia", (), "chosen"),
        ("Daniel", (), "choosing"),
    ]
    assert p.trick.caption == "The cards are turned when everyone has chosen"
    assert p.last_trick is not None and p.last_trick.finished
    assert badges(p, 2)["committed"] == "card chosen"
    assert badges(show(st, 0, lang="fi"), 2)["committed"] == "kortti valittu"
    # a spectator sees no face-down card: the last trick stays on show
    assert show(st, None).trick == show(st, None).last_trick

    events = [*st.apply(1, Play(parse_card("H7"))), *st.apply(3, Play(parse_card("C2")))]
    assert show(st, 0, events).sentences[1:] == (
        "You capture ♥7 with ♠9",
        "Cecilia captures ♣2 with ♣3",
    )


def test_the_bomb_in_words() -> None:
    st = new(4, TRICK_4P, spare="D2")
    choose(st, "hearts", "over", "spades", "cards")
    assert facts(show(st, 1))["bomb"] == (
        "Bomb: not thrown yet; the joker reverses the ranks of its trick (2 high, ace low)"
    )
    play(st, "S8", "H8", "SJ", "H2")
    play(st, "S9", "H7", "C3", "C2")
    events = play(st, "JK", "DA", "H5", "HK")
    p = show(st, 1, events)
    assert p.sentences == (
        "The cards are turned: Anna ★, you ♦A, Cecilia ♥5, Daniel ♥K",
        "Anna throws the bomb: the spare ♦2 takes its place and the ranks are reversed (2 high, ace low)",
        "Anna captures ♦A with ♦2",
        "Cecilia captures ♥K with ♥5",
    )
    assert show(st, 0, events).sentences[1] == (
        "You throw the bomb: the spare ♦2 takes its place and the ranks are reversed (2 high, ace low)"
    )
    assert show(st, 0, events, "fi").sentences[1] == (
        "Heität pommin: ylijäävä kortti ♦2 tulee sen tilalle, ja arvojärjestys kääntyy "
        "(2 korkein, ässä matalin)"
    )
    assert show(st, 1, events, "fi").sentences[1] == (
        "Anna heittää pommin: ylijäävä kortti ♦2 tulee sen tilalle, ja arvojärjestys kääntyy "
        "(2 korkein, ässä matalin)"
    )
    assert (
        p.trick is not None and p.trick.plays[0].note == "the bomb, played as the spare; takes ♦A"
    )
    assert p.trick.plays[0].cards == (parse_card("D2"),) and p.trick.plays[0].winner
    assert facts(p)["spare"] == "Spare: ♦2, turned up by the bomb"
    assert facts(p)["bomb"] == "Bomb: Anna threw it in trick 3; the joker is out of this deal"
    assert (
        facts(show(st, 0))["bomb"] == "Bomb: you threw it in trick 3; the joker is out of this deal"
    )
    assert facts(show(st, 0, lang="fi"))["bomb"] == (
        "Pommi: heitit sen tikissä 3; jokeri on poissa tästä jaosta"
    )
    assert badges(p, 0)["last_play"] == "last played the bomb ★"
    assert "False" not in json.dumps(p.to_json()) and "bomb false" not in json.dumps(p.to_json())


def trick_event(
    cards: str,
    played_by: Sequence[int | None],
    captured_by: Sequence[int | None],
    joker: int | None = None,
) -> AnarchyTrickWon:
    return AnarchyTrickWon(
        winner=None,
        cards=tuple(parse_cards(cards)),
        played_by=tuple(played_by),
        captured_by=tuple(captured_by),
        bomb=joker is not None,
        joker=joker,
    )


def test_the_dummy_captures_for_the_dead_pile() -> None:
    st = new(3, [])
    event = trick_event("S8 H8 D4 SJ", (0, 1, 2, None), (None, 1, 1, None))
    p = show(st, 0, [event])
    assert p.sentences == (
        "The cards are turned: you ♠8, Bertil ♥8, Cecilia ♦4, the dummy ♠J",
        "Bertil captures ♦4 with ♥8",
        "The dummy takes ♠8 ♠J to the dead pile",
    )
    assert show(st, 0, [event], "fi").sentences == (
        "Kortit käännetään: sinä ♠8, Bertil ♥8, Cecilia ♦4, lepäävä käsi ♠J",
        "Bertil kaappaa ♦4 kortilla ♥8",
        "Lepäävä käsi vie ♠8 ♠J kuolleeseen pinoon",
    )
    trick = PRESENTER.finished_trick(event, st.view(0), _ctx(st, 0))
    assert [(t.seat, t.label, t.winner, t.note) for t in trick.plays] == [
        (0, "You", False, "to the dead pile"),
        (1, "Bertil", True, "takes ♦4"),
        (2, "Cecilia", False, "to Bertil"),
        (None, "Dummy", True, "takes ♠8 to the dead pile"),
    ]
    bomb = trick_event("S8 H8 D4 D2", (0, 1, 2, None), (0, 1, None, None), joker=3)
    assert show(st, 2, [bomb]).sentences[:2] == (
        "The cards are turned: Anna ♠8, Bertil ♥8, you ♦4, the dummy ★",
        "The dummy turns up the bomb: the spare ♦2 takes its place and the ranks are reversed (2 high, ace low)",
    )
    assert show(st, 2, [bomb], "fi").sentences[1] == (
        "Lepäävästä kädestä kääntyy pommi: ylijäävä kortti ♦2 tulee sen tilalle, ja "
        "arvojärjestys kääntyy (2 korkein, ässä matalin)"
    )


def _ctx(st: AnarchyState, seat: int | None, lang: str = "en") -> Any:
    from pakka.present.base import Context

    return Context(lang, name, seat, GAME.info)


def test_ties_all_different_suits_and_the_five_player_bomb() -> None:
    st = new(5, [], dup_tie="tied_keep_rest_dead")
    tie = trick_event("S7 S7 S3 H9 D2", (0, 1, 2, 3, 4), (0, 1, None, 3, 3))
    assert show(st, 1, [tie]).sentences[1:] == (
        "Anna keeps ♠7",
        "You keep ♠7",
        "Daniel captures ♦2 with ♥9",
        "♠3 goes to the dead pile",
    )
    assert show(st, 1, [tie], "fi").sentences[1:] == (
        "Anna pitää kortin ♠7",
        "Pidät kortin ♠7",
        "Daniel kaappaa ♦2 kortilla ♥9",
        "♠3 menee kuolleeseen pinoon",
    )
    assert facts(show(st, 0))["rule"] == (
        "Rule: identical top cards of a suit keep themselves, and the rest of that suit goes "
        "to the dead pile"
    )
    apart = trick_event("S8 H9 D7 C2 C2", (0, 1, 2, 3, 4), (0, 1, 2, 3, 4))
    assert show(st, 0, [apart]).sentences[1:] == ("Every card wins itself",)
    assert show(st, 0, [apart], "fi").sentences[1:] == ("Jokainen kortti voittaa itsensä",)
    bomb = trick_event("JK S7 SA H9 D2", (0, 1, 2, 3, 4), (0, 1, 1, 4, 4), joker=0)
    assert show(st, 3, [bomb]).sentences == (
        "The cards are turned: Anna ★, Bertil ♠7, Cecilia ♠A, you ♥9, Eeva ♦2",
        "Anna throws the bomb: it keeps itself and the ranks are reversed (2 high, ace low)",
        "Anna keeps ★",
        "Bertil captures ♠A with ♠7",
        "Eeva captures ♥9 with ♦2",
    )
    assert show(st, 0, [bomb], "fi").sentences[1] == (
        "Heität pommin: jokeri voittaa itsensä, ja arvojärjestys kääntyy (2 korkein, ässä matalin)"
    )


# --- deals and the match -------------------------------------------------------------------


def test_a_new_deal_names_dealer_and_forehand() -> None:
    st = new(4, [])
    started = DealStarted(deal=2, dealer=3)
    assert show(st, 1, [started]).sentences == (
        "Deal 2: Daniel deals",
        "Anna is forehand and chooses a contract first",
    )
    assert show(st, 0, [started]).sentences[1] == "You are forehand and choose your contract first"
    assert show(st, 3, [started], "fi").sentences == (
        "Jako 2: sinä jaat",
        "Anna on etukäsi ja valitsee pelinsä ensimmäisenä",
    )
    assert (
        show(st, 0, [started], "fi").sentences[1] == "Olet etukäsi ja valitset pelisi ensimmäisenä"
    )


DEAL_WON = (
    # cards: 14 cards, no void, four 2s, 3s and 7s
    "S7 H7 D7 C7 S2 S3 H2 H3 D2 D3 C2 C3 C4 C5",
    # over: 16 cards, no ♦
    "SA SK SQ SJ S10 S9 HA HK HQ HJ H10 H9 CA CK CQ CJ",
    # hearts: 2 hearts, no ♠ ♣
    "H4 H5 D4 D5 D6 D8 D9 D10 DJ DQ DK DA",
    # under: 10 cards
    "S4 S5 S6 S8 H6 H8 C6 C8 C9 C10",
)


def test_the_deal_summary_counts_each_contract_its_own_way() -> None:
    st = new(4, [])
    contracts: tuple[Contract, ...] = ("cards", "over", "hearts", "under")
    won = tuple(tuple(parse_cards(w)) for w in DEAL_WON)
    scores = tuple(deal_score(c, w) for c, w in zip(contracts, won, strict=True))
    assert scores == (74, 25, 28, 25)
    event = AnarchyDealScored(
        deal=1,
        scores=scores,
        totals=scores,
        contracts=contracts,
        won=won,
    )
    p = show(st, 0, [event])
    assert p.sentences == (
        "Deal 1 is scored: you 74 (cards), Bertil 25 (over), Cecilia 28 (hearts), Daniel 25 (under)",
    )
    assert show(st, 0, [event], "fi").sentences == (
        "Jako 1 on laskettu: sinä 74 (kortit), Bertil 25 (yli), Cecilia 28 (hertta), Daniel 25 (ali)",
    )
    summary = p.deal_summary
    assert summary is not None and summary.kind == "deal"
    assert summary.title == "Deal 1 is over"
    assert summary.columns == ("You", "Bertil", "Cecilia", "Daniel")
    assert [(r.label, r.cells) for r in summary.rows] == [
        ("Contract", ("cards", "over", "hearts", "under")),
        ("Cards captured", ("14", "16", "12", "10")),
        ("Counted", ("14 cards", "16 cards: 3 over 13", "2 ♥", "10 cards: 3 under 13")),
        ("Contract points", ("14", "15", "8", "15")),
        ("Void suits (+10 each)", ("—", "♦ +10", "♠ ♣ +20", "♦ +10")),
        ("Fours of a kind (+20 each)", ("4×2 4×3 4×7 +60", "—", "—", "—")),
        ("This deal", ("+74", "+25", "+28", "+25")),
        ("Total", ("74", "25", "28", "25")),
    ]
    # the cells add up to the engine's score (no joker here)
    for i, (contract, cards) in enumerate(zip(contracts, won, strict=True)):
        _, points, voids, quads = PRESENTER.breakdown(contract, cards, st.view(0), _ctx(st, 0))
        bonus = sum(int(x) for x in re.findall(r"\+(\d+)", voids + quads))
        assert int(points) + bonus == scores[i]
    assert summary.lines == (
        "On every contract: +10 for each suit you took no card of (+40 for nothing at all) "
        "and +20 for each four of a kind",
    )
    fi = show(st, 0, [event], "fi").deal_summary
    assert fi is not None
    assert [(r.label, r.cells) for r in fi.rows][:3] == [
        ("Peli", ("kortit", "yli", "hertta", "ali")),
        ("Voitetut kortit", ("14", "16", "12", "10")),
        (
            "Laskettavat",
            ("14 korttia", "16 korttia: 3 yli 13 kortin", "2 ♥", "10 korttia: 3 alle 13 kortin"),
        ),
    ]
    assert fi.title == "Jako 1 päättyi"


def test_the_deal_summary_names_black_red_best_the_joker_and_the_dead_pile() -> None:
    st = new(5, [])
    contracts: tuple[Contract, ...] = ("black", "red", "best", "spades", "cards")
    won = [
        "S2 C2 H2",
        "H3",
        "S4 S5 H4 JK",
        "",
        "S6 S6 S7 S7 S8 S8 H6 H6",
    ]
    event = AnarchyDealScored(
        deal=4,
        scores=(0,) * 5,
        totals=(0,) * 5,
        contracts=contracts,
        won=tuple(tuple(parse_cards(w)) for w in won),
    )
    summary = show(st, 2, [event]).deal_summary
    assert summary is not None
    rows = {r.label: r.cells for r in summary.rows}
    assert rows["Counted"] == ("2 black", "1 red", "2 ♠", "0 ♠", "8 cards")
    assert rows["Contract points"] == ("4", "2", "6", "0", "8")
    assert rows["Void suits (+10 each)"] == (
        "♦ +10",
        "♠ ♦ ♣ +30",
        "♦ ♣ +20",
        "♠ ♥ ♦ ♣ +40",
        "♦ ♣ +20",
    )
    assert rows["Fours of a kind (+20 each)"][4] == "4×6 +20"
    assert summary.lines[1:] == (
        "You took the joker ★: it counts as one card, and as whichever suit (or none) scores best",
        "The dead pile holds 49 cards",
    )
    fi = show(st, 0, [event], "fi").deal_summary
    assert fi is not None
    assert {r.label: r.cells for r in fi.rows}["Laskettavat"] == (
        "2 mustaa",
        "1 punainen",
        "2 ♠",
        "0 ♠",
        "8 korttia",
    )
    assert fi.lines[1:] == (
        "Cecilia voitti jokerin ★: se on yksi kortti ja lasketaan siksi maaksi (tai ei "
        "miksikään), joka antaa eniten pisteitä",
        "Kuolleessa pinossa on 49 korttia",
    )
    four_suits = new(5, [], quad_requires_four_suits=True)
    summary = show(four_suits, 0, [event]).deal_summary
    assert summary is not None
    assert {r.label: r.cells for r in summary.rows}["Fours of a kind (+20 each)"][4] == "—"


def play_out(st: AnarchyState, seed: int, until_deal: int | None = None) -> list[Event]:
    """Random legal moves to the end of the match (or until ``until_deal`` begins); the
    events of the last step."""
    rng = random.Random(seed)
    events: list[Event] = []
    while not st.is_over() and (until_deal is None or st.deal_no < until_deal):
        seat = rng.choice(sorted(st.to_act()))
        events = st.apply(seat, rng.choice(st.legal_actions(seat)))
    return events


def test_the_score_sheet_and_the_match_summary() -> None:
    st = GAME.new_match(4, seed=11)
    assert isinstance(st, AnarchyState)
    play_out(st, 11, until_deal=3)
    sheet = show(st, 0).sheet
    assert sheet is not None and [r.label for r in sheet.rows] == ["Deal 1", "Deal 2", "Total"]
    rows = st.view(0).table.score_sheet
    assert sheet.rows[0].cells == tuple(
        f"{c} {s}" for c, s in zip(rows[0].contracts, rows[0].scores, strict=True)
    )
    fi_sheet = show(st, 0, lang="fi").sheet
    assert fi_sheet is not None and fi_sheet.rows[0].label == "Jako 1"

    events = play_out(st, 11)
    assert isinstance(events[-1], MatchOver)
    p = show(st, 0, events)
    result = st.result()
    summary = p.match_summary
    assert summary is not None and summary.kind == "match"
    assert summary.columns == ("You", "Bertil", "Cecilia", "Daniel")
    assert [r.label for r in summary.rows] == [*(f"Deal {d}" for d in range(1, 11)), "Total"]
    words = {c: c for c in CONTRACTS}
    for row, deal in zip(summary.rows, st.view(0).table.score_sheet, strict=False):
        assert row.cells == tuple(
            f"{words[c]} {s}" for c, s in zip(deal.contracts, deal.scores, strict=True)
        )
    # every seat plays every contract once
    for seat in range(4):
        assert sorted(r.cells[seat].split()[0] for r in summary.rows[:10]) == sorted(CONTRACTS)
    assert summary.rows[-1].cells == tuple(str(int(s)) for s in result.scores)
    assert [s.values[-1] for s in summary.chart] == list(result.scores)
    assert [s.name for s in summary.chart] == ["You", "Bertil", "Cecilia", "Daniel"]
    winners = " and ".join(name(w) for w in result.winners if w)
    assert p.prompt == ("You won the match!" if 0 in result.winners else f"{winners} won the match")
    assert summary.lines == (p.prompt,)
    for seat in range(4):
        assert badges(p, seat) == {"place": f"place {result.ranks[seat]}"}
    assert badges(show(st, None, lang="fi"), 2) == {"place": f"sija {result.ranks[2]}"}
    assert p.facts == () and p.trick == p.last_trick
    assert p.deal_summary is not None and p.deal_summary.title == "Deal 10 is over"
    fi = show(st, 0, events, "fi").match_summary
    assert fi is not None and fi.rows[0].label == "Jako 1" and fi.rows[-1].label == "Yhteensä"
    assert p.status == "Deal 10 of 10 · over"


# --- no raw engine word reaches a person ---------------------------------------------------


def _hints(tp: Any) -> Iterator[Any]:
    """``tp`` and every type inside it (dataclass fields, unions, tuples)."""
    seen: set[int] = set()
    todo = [tp]
    while todo:
        t = todo.pop()
        if id(t) in seen:
            continue
        seen.add(id(t))
        yield t
        todo += typing.get_args(t)
        if dataclasses.is_dataclass(t) and isinstance(t, type):
            todo += list(typing.get_type_hints(t).values())


def engine_words(game: Any, extra: set[str]) -> set[str]:
    """What ``game``'s engine names: the views' and events' field names, the event tags,
    the actions' tags, the options and every literal value (contracts, bids, option
    choices), and the ``extra`` words (its phases)."""
    words = set(extra) | {f.name for f in dataclasses.fields(Observation)}
    roots: list[Any] = [
        game.view_types.table,
        game.view_types.player,
        game.Options,
        *game.action_types,
    ]
    for tag, event in game.event_types.items():
        words.add(tag)
        roots.append(event)
    words |= {action.type for action in game.action_types}
    for root in roots:
        for t in _hints(root):
            if dataclasses.is_dataclass(t) and isinstance(t, type):
                words |= {f.name for f in dataclasses.fields(t)}
            if typing.get_origin(t) is typing.Literal:
                words |= {a for a in typing.get_args(t) if isinstance(a, str)}
    return {w for w in words if isinstance(w, str) and len(w) > 1}


WORDS = engine_words(GAME, {"pass", "contract", "play", "over"})
NOT_TEXT = {"kind", "game", "lang", "tone", "cards", "hand", "wild"}
"""Presentation fields that are identifiers or cards, not text for people."""


def _catalogue_text(lang: str, game: str) -> str:
    """Everything ``game``'s words and the shared ones say in ``lang``, without their
    ``{placeholders}`` (another installed game's words do not make an engine phrase this
    game's: an outside game's catalogue says "each wins itself")."""
    own = shared() | plugins.messages(game)
    said = "\n".join(entry.get(lang, "") for entry in own.values())
    return re.sub(r"\{[^}]*\}", " ", said).lower()


class RawWords:
    """Finds the engine in a text: snake_case identifiers (``full_house``) and the same
    spelled with spaces (``lowest heart``) unless the catalogue says that phrase itself,
    ``True``/``False``/``None``, numbers standing where seats belong (``captured by 0 0 3
    3``, ``passes 2, 3``), and in Finnish any engine word at all (``bomb``, ``hearts``)."""

    def __init__(self, words: Iterable[str], game: str) -> None:
        self.words = set(words)
        spaced = {w.replace("_", " ") for w in self.words if "_" in w}
        self.spaced: dict[str, re.Pattern[str]] = {}
        self.seen: dict[tuple[str, str], list[str]] = {}
        for lang in LANGS:
            said = _catalogue_text(lang, game)
            phrases = sorted(s for s in spaced if not re.search(rf"\b{re.escape(s)}\b", said))
            self.spaced[lang] = re.compile(
                r"\b(?:" + "|".join(map(re.escape, phrases)) + r")\b", re.IGNORECASE
            )
        fi = _catalogue_text("fi", game)
        plain = sorted(
            w for w in self.words if "_" not in w and not re.search(rf"\b{re.escape(w)}\b", fi)
        )
        self.finnish = re.compile(
            r"\b(?:" + "|".join(map(re.escape, plain)) + r")\b", re.IGNORECASE
        )

    SNAKE = re.compile(r"\b[a-zA-Z]+(?:_[a-zA-Z0-9]+)+\b")
    BOOLS = re.compile(r"\b(?:True|False|None|true|false|null|nan)\b")
    NUMBERS = re.compile(r"(?:^|(?<=[\s(:]))\d+(?:,?\s+\d+)+(?=$|[\s).,;:])")
    SEAT_NUMBER = re.compile(
        r"\b(?:by|to|from|seat|player|pelaajalle|pelaajalta|pelaaja|paikka)\s+\d+(?![\d×/])",
        re.IGNORECASE,
    )

    SEAT_CARD = re.compile(r"(?<!\S)\d+\s+(?:[♠♥♦♣](?:10|[2-9AKQJ])|★)")
    """A number where a seat's name goes before its card (``0 ♠8``; ``2 ♥`` counts hearts)."""
    SEAT_VERB = re.compile(
        r"(?<![\S])(?<!Deal )(?<!Jako )(?<!trick )(?<!tikissä )\d+\s+(?:chooses|chose|captures|keeps|throws|threw|is|passes|gets|takes|"
        r"deals|plays|won|valitsee|valitsi|kaappaa|pitää|heittää|heitti|antaa|saa|vie|on|"
        r"jakaa|pelaa|voitti)\b"
    )
    """A number doing what a seat does (``2 chose hearts``; ``Deal 9 is over`` is fine)."""

    def find(self, text: str, lang: str) -> list[str]:
        known = self.seen.get((text, lang))
        if known is not None:
            return known
        found = [m.group() for m in self.SNAKE.finditer(text)]
        found += [m.group() for m in self.BOOLS.finditer(text)]
        found += [m.group() for m in self.NUMBERS.finditer(text)]
        found += [m.group() for m in self.SEAT_NUMBER.finditer(text)]
        found += [m.group() for m in self.SEAT_CARD.finditer(text)]
        found += [m.group() for m in self.SEAT_VERB.finditer(text)]
        found += [m.group() for m in self.spaced[lang].finditer(text)]
        if lang == "fi":
            found += [m.group() for m in self.finnish.finditer(text)]
        self.seen[text, lang] = found
        return found


CHECK = RawWords(WORDS, "anarchy")


def texts(data: Any) -> list[str]:
    """Every text of a presentation's JSON."""
    out: list[str] = []
    todo = [data]
    while todo:
        x = todo.pop()
        if type(x) is str:
            out.append(x)
        elif type(x) is dict:
            todo += [v for k, v in x.items() if k not in NOT_TEXT]
        elif type(x) is list:
            todo += x
    return out


def problems(p: Presentation, players: int) -> list[str]:
    out = []
    data = p.to_json()
    for text in texts(data):
        out += [f"{found!r} in {text!r}" for found in CHECK.find(text, p.lang)]
    you = catalogue()["you"][p.lang]
    people = {*NAMES[:players], you, catalogue()["an_dummy"][p.lang]}
    tricks = [t for t in (p.trick, p.last_trick) if t is not None]
    labels = [s.name for s in p.seats] + [play.label for t in tricks for play in t.plays]
    for summary in (p.sheet, p.deal_summary, p.match_summary):
        if summary is not None:
            labels += list(summary.columns) + [s.name for s in summary.chart]
    out += [f"a seat called {x!r}" for x in labels if x not in people]
    return out


def test_the_check_catches_what_the_old_client_said() -> None:
    check = RawWords(WORDS | {"lowest_heart", "full_house"}, "anarchy")
    for text in (
        "captured by 0 0 3 3",
        "bomb false",
        "full_house",
        "lowest heart",
        "passes 2, 3",
        "a fails 0, 0",
        "finish order: 2 1 3 0",
    ):
        assert check.find(text, "en"), text
    assert CHECK.find("The cards are turned: 0 ♠8, 1 ★", "en") == ["0 ♠8", "1 ★"]
    assert CHECK.find("2 chose hearts and 3 chose over", "en") == ["2 chose", "3 chose"]
    assert CHECK.find("Pommi: bomb", "fi") == ["bomb"]
    assert CHECK.find("Sinä: hearts", "fi") == ["hearts"]
    assert CHECK.find("dummy top ♠8", "en") == ["dummy top"]
    assert CHECK.find("each wins itself", "en") == ["each wins itself"]
    for fine in (
        "Deal 3 of 10 · play, trick 4 of 13",
        "16 cards: 3 over 13",
        "4×7 4×7 +40",
        "Jako 3/10",
        "Score sheet",
    ):
        assert CHECK.find(fine, "en") == [], fine


def sweep(players: int, options: AnarchyOptions, seed: int, deals: set[int] | None) -> int:
    """Present every seat's view and the spectator's, in both languages, after every step
    of a random match (only in ``deals`` if given, the rest is played unseen); return the
    number of presentations."""
    st = GAME.new_match(players, options, seed=seed)
    assert isinstance(st, AnarchyState)
    rng = random.Random(seed)
    shown = 0
    failures: list[str] = []
    while not st.is_over():
        seat = rng.choice(sorted(st.to_act()))
        events = st.apply(seat, rng.choice(st.legal_actions(seat)))
        if deals is not None and st.deal_no not in deals and not st.is_over():
            continue
        for viewer in [*range(players), None]:
            for lang in LANGS:
                p = show(st, viewer, events, lang)
                assert p.prompt, f"no prompt for {viewer} at {st.view(None).phase}"
                failures += problems(p, players)
                shown += 1
        assert not failures, failures[:10]
    return shown


VARIANTS = option_variants(AnarchyOptions)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_no_raw_engine_word_in_any_presentation(players: int, variant: int) -> None:
    options = VARIANTS[variant]
    if options.first_dealer is not None and options.first_dealer >= players:
        options = dataclasses.replace(options, first_dealer=players - 1)
    # the first deal (passing, choosing, play) and the last (the contracts left are taken
    # for the seats, the match summary); test_whole_matches_have_no_raw_words sees them all
    assert sweep(players, options, 100 * players + variant, deals={1, 10}) > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_whole_matches_have_no_raw_words(players: int, seed: int) -> None:
    for options in VARIANTS:
        if options.first_dealer is not None and options.first_dealer >= players:
            continue
        sweep(players, options, seed, deals=None)


def test_every_key_the_presenter_uses_is_in_both_languages() -> None:
    words = catalogue()
    source = inspect.getsource(AnarchyPresenter)
    keys = set(re.findall(r'"((?:an|ev|badge|fact|summary|opt)_[a-z_]+)"', source))
    keys |= {f"an_rule_{c}" for c in CONTRACTS} | {f"word_contract_{c}" for c in CONTRACTS}
    keys |= {f"{k}_one" for k in ("an_n_cards", "an_n_black", "an_n_red", "an_cap_dead")}
    keys |= {"an_n_black", "an_n_red", "an_count_over", "an_count_under"}
    missing = [(k, lang) for k in sorted(keys) for lang in LANGS if not words.get(k, {}).get(lang)]
    assert not missing

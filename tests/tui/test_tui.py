"""The terminal client, driven through Textual's pilot with key presses against bots.

Screenshots of each game's screen are written to ``test-output/tui/`` (SVG).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Iterator
from importlib import resources
from typing import Any

import pytest
from tests.generic.toy import TOY
from tests.tui.driver import close_summaries, play_by_keys, quick, screen_text, settle, shot, take

import pakka.games
from pakka import plugins
from pakka.tui.app import ChooseScreen, PakkaApp, RulesScreen, SheetScreen
from pakka.tui.session import LocalSession

REAL_GAMES = pakka.games.names()


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    with plugins.registered(TOY):
        yield


def run(
    game: str,
    body: Callable[[Any, PakkaApp], Awaitable[None]],
    seed: int = 4,
    lang: str = "en",
    size: tuple[int, int] = (80, 24),
    levels: list[str] | None = None,
    players: int | None = None,
) -> PakkaApp:
    state = pakka.games.get(game).new_match(players=players, seed=seed)
    app = PakkaApp(LocalSession(state, levels or ["normal"], lang), lang)

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await body(pilot, app)

    asyncio.run(main())
    return app


def test_toy_whole_match_by_keys() -> None:
    async def body(pilot: Any, app: PakkaApp) -> None:
        text = screen_text(app)
        assert "Your turn" in text and "Hand" in text
        assert "1\u00a0high" in text or "1 high" in text  # the bid is a numbered choice
        turns = await play_by_keys(pilot, random.Random(2))
        assert turns >= 8
        assert app.is_over()
        text = screen_text(app)
        assert "won the match" in text and "The match is over" in text
        assert "Played:" in text or "wins the trick" in text  # each round's reveal is told
        assert app.summaries_seen >= 2  # a deal summary, then the match summary
        shot(app, "toy-over")
        await close_summaries(pilot)
        await pilot.press("n")  # another match with the same seats
        await settle(pilot)
        assert not app.is_over() and app.hand

    run("toy", body)


@pytest.mark.parametrize("game", REAL_GAMES)
def test_a_whole_deal_of_each_game_by_keys(game: str) -> None:
    async def body(pilot: Any, app: PakkaApp) -> None:
        view = app.session.view
        assert view is not None
        assert app.query_one("#hand").render()  # the hand is drawn
        shot(app, f"{game}-start")
        text = screen_text(app)
        assert (app._game_title() in text and "Your turn" in text) or "Waiting" in text
        await play_by_keys(
            pilot,
            random.Random(3),
            policy=quick if game == "guandan" else None,
            until=lambda a: a.summaries_seen > 0,
        )
        assert app.summaries_seen, "the end of the deal was seen"
        if isinstance(app.screen, SheetScreen):  # the deal's summary, still open
            shot(app, f"{game}-deal-summary")
        await close_summaries(pilot)
        shot(app, f"{game}-after-deal")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        shot(app, f"{game}-sheet")
        await pilot.press("escape")

    run(game, body)


def test_illegal_input_is_explained_and_changes_nothing() -> None:
    async def body(pilot: Any, app: PakkaApp) -> None:
        await pilot.press("1")  # bid high
        await settle(pilot)
        assert app.card_actions
        log_before = len(app.session.state.log)  # type: ignore[attr-defined]
        await pilot.press("a", "b", "enter")  # two cards where one is played
        await settle(pilot)
        assert app.message.startswith("Choose 1 card."), app.message
        await pilot.press("escape", "z")  # a key with no card
        assert "no card" in app.message
        await pilot.press("7")  # no such numbered choice now
        assert "no choice" in app.message.lower()
        assert len(app.session.state.log) == log_before  # type: ignore[attr-defined]
        await pilot.press("enter")  # nothing selected: the card under the cursor
        await settle(pilot)
        assert len(app.session.state.log) > log_before  # type: ignore[attr-defined]

    run("toy", body)


def test_a_card_the_rules_forbid_is_refused_with_the_games_reason() -> None:
    game = "norlanninnakki" if "norlanninnakki" in REAL_GAMES else None
    if game is None:
        pytest.skip("norlanninnakki not registered")

    async def body(pilot: Any, app: PakkaApp) -> None:
        def stuck(a: PakkaApp) -> bool:
            view = a.session.view
            return bool(
                a.card_actions
                and view is not None
                and view.phase == "play"
                and any(c not in a._playable() for c in a.hand)
            )

        await play_by_keys(pilot, random.Random(5), until=stuck)
        if not stuck(app):
            pytest.skip("no forced follow in this deal")
        bad = next(i for i, c in enumerate(app.hand) if c not in app._playable())
        await pilot.press("escape")
        app.action_card(bad)
        await pilot.press("enter")
        await settle(pilot)
        assert app.message.startswith("Not allowed:"), app.message
        shot(app, "illegal-card")

    run(game, body, seed=11)


def test_undo_takes_back_the_persons_move_and_the_bots_replies() -> None:
    async def body(pilot: Any, app: PakkaApp) -> None:
        session = app.session
        assert isinstance(session, LocalSession)
        before = session.state.to_json()
        await pilot.press("1")
        await settle(pilot)
        waiting = len(session.state.log or [])  # the bots have committed their cards
        await pilot.press("enter")
        await settle(pilot)
        assert len(session.state.log or []) > waiting
        await pilot.press("u")
        await settle(pilot)
        assert "taken back" in app.message
        assert len(session.state.log or []) == waiting and 0 in session.state.to_act()
        assert before["actions"] == session.state.to_json()["actions"][: len(before["actions"])]
        await pilot.press("q")  # asks first while the match runs
        assert "q again" in app.message and app.is_running
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running

    run("toy", body, seed=7)


def test_ctrl_r_deals_the_same_cards_again() -> None:
    async def body(pilot: Any, app: PakkaApp) -> None:
        session = app.session
        assert isinstance(session, LocalSession)
        dealt = session.state.observation(0)["hand"]
        start = len(session.state.log or [])  # (the bots' moves before the person's first)
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert len(session.state.log or []) > start
        assert "deal again" in screen_text(app)  # the key is shown where undo is
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert "starts over" in app.message, app.message
        assert len(session.state.log or []) == start
        assert session.state.observation(0)["hand"] == dealt
        assert 0 in session.state.to_act()

    run("toy", body, seed=7)


def test_ctrl_r_before_the_deal_has_begun_says_so() -> None:
    async def body(pilot: Any, app: PakkaApp) -> None:
        session = app.session
        assert isinstance(session, LocalSession)
        before = session.state.to_json()
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert "Nothing to deal again" in app.message, app.message
        assert session.state.to_json() == before

    run("toy", body, seed=7)


def test_hint_rules_sheet_and_mouse() -> None:
    async def body(pilot: Any, app: PakkaApp) -> None:
        await pilot.press("h")
        await settle(pilot)
        assert app.message.startswith("Hint:"), app.message
        assert app.hint_action is not None
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("escape")
        await pilot.press("1")
        await settle(pilot)
        # a click on the third card selects it, a second click unselects it
        # (the hand has a border line, then its title, then the card faces and their keys)
        await pilot.click("#hand", offset=(1 + 2 * 5 + 1, 2))
        assert 2 in app.selected
        await pilot.click("#hand", offset=(1 + 2 * 5 + 1, 3))
        assert 2 not in app.selected

    run("toy", body)


def test_finnish_and_resizing() -> None:
    async def body(pilot: Any, app: PakkaApp) -> None:
        text = screen_text(app)
        assert "Sinun vuorosi" in text and "Pisteet" in text
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        shot(app, "toy-fi-120x40")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        shot(app, "toy-fi-60x20")
        await play_by_keys(pilot, random.Random(1), max_turns=3)
        assert "Sinä" in screen_text(app)

    run("toy", body, lang="fi")


def test_reading_choice_when_several_actions_have_the_same_cards() -> None:
    if "pentagrammi" not in REAL_GAMES:
        pytest.skip("pentagrammi not registered")

    async def body(pilot: Any, app: PakkaApp) -> None:
        assert app.session.view is not None and app.session.view.phase == "pass"
        first, second = app.hand[0], app.hand[1]
        await pilot.press("a", "b", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        shot(app, "pentagrammi-reading")
        await pilot.press("2")
        await settle(pilot)
        view = app.session.view
        assert view is not None
        given = view.table.passing.given
        assert {str(given.to_left), str(given.to_right)} == {first, second}

    run("pentagrammi", body)


def test_rules_of_a_real_game_in_finnish() -> None:
    game = next((g for g in ("anarchy", "pentagrammi", "norlanninnakki") if g in REAL_GAMES), None)
    if game is None:
        pytest.skip("no game with rules registered")

    async def body(pilot: Any, app: PakkaApp) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        # the Finnish text shipped with the package, not the "no rules yet" stand-in
        assert app.screen.text == (
            resources.files(f"pakka.games.{game}") / "rules.fi.md"
        ).read_text("utf-8")
        shot(app, f"{game}-rules-fi")
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)

    run(game, body, lang="fi")


def _advance(game: str, want: Callable[[Any], bool], options: Any = None) -> Any:
    """A match played at random (every seat) until seat 0 faces the decision ``want``."""
    g = pakka.games.get(game)
    rng = random.Random(0)
    for seed in range(40):
        state = g.new_match(seed=seed, options=options)
        for _ in range(3000):
            if state.is_over():
                break
            if 0 in state.to_act() and want(state.view(0)):
                return state
            seat = min(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    pytest.skip(f"no {game} deal reached the decision")


DECISIONS = {
    "anarchy-pass": ("anarchy", {"pass_three": True}, lambda v: v.phase == "pass", 3),
    "norlanninnakki-buy": ("norlanninnakki", None, lambda v: v.phase == "buy", 2),
    "guandan-return": ("guandan", None, lambda v: v.phase == "return", 1),
    "guandan-play-pair": ("guandan", None, lambda v: v.phase == "play", 2),
}


@pytest.mark.parametrize("name", sorted(DECISIONS))
def test_each_kind_of_card_decision_by_keys(name: str) -> None:
    game, options, want, size = DECISIONS[name]
    if game not in REAL_GAMES:
        pytest.skip(f"{game} not registered")
    state = _advance(game, want, options)
    app = PakkaApp(LocalSession(state, ["normal"], "en"), "en")

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            sized = [a for a, c in app.card_actions if sum(c.values()) == size]
            assert sized, f"no {size}-card action in {name}"
            heading = str(app.query_one("#scores").render()).splitlines()[0]
            assert heading.strip() == ("Levels" if game == "guandan" else "Scores")
            before = len(state.log or [])
            shot(app, f"decision-{name}")
            await take(pilot, sized[0])
            assert len(app.session.state.log or []) > before, app.message  # type: ignore[attr-defined]

    asyncio.run(main())


def test_a_card_chosen_when_only_pass_is_legal_says_so() -> None:
    """Not "choose 0 cards": the card cannot be played now, and the prompt says what can."""
    game = pakka.games.get("guandan")
    rng = random.Random(8)
    state = game.new_match(seed=8)
    while not (state.to_act() == {0} and [str(a) for a in state.legal_actions(0)] == ["pass"]):
        seat = rng.choice(sorted(state.to_act()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    app = PakkaApp(LocalSession(state, ["normal"], "en"), "en")

    async def main() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await pilot.press("a", "enter")
            await settle(pilot)
            assert "cannot be played now" in app.message, app.message
            assert "0 card" not in app.message
            assert app.session.state is state and state.to_act() == {0}

    asyncio.run(main())


def test_a_trick_too_wide_for_the_screen_gives_each_play_its_own_line() -> None:
    """Issue 28: "Bot 2 — passed" wrapped onto the line of Bot 1's play."""
    if "guandan" not in REAL_GAMES:
        pytest.skip("guandan not registered")

    def busy(view: Any) -> bool:  # three plays on the table, one of them a pass
        plays = view.table.trick if hasattr(view.table, "trick") else ()
        return view.phase == "play" and len(plays) >= 3

    state = _advance("guandan", busy)
    app = PakkaApp(LocalSession(state, ["normal"], "en"), "en")

    async def main() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await settle(pilot)
            await pilot.resize_terminal(80, 40)  # drawn again at a width it knows
            await pilot.pause()
            shown = app.session.presentation
            assert shown is not None and shown.trick is not None
            labels = [p.label for p in shown.trick.plays]
            table = str(app.query_one("#table").render())
            rows = [x for x in table.splitlines() if x.strip()]
            start = next(i for i, x in enumerate(rows) if x.startswith("Trick"))
            plays = rows[start + 1 : start + 1 + len(labels)]
            # one line a play, each starting with its own name and naming no other seat
            for label, line in zip(labels, plays, strict=True):
                assert line.strip().startswith(label), table
                assert sum(n in line for n in labels) == 1, table

    asyncio.run(main())

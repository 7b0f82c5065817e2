"""``pakka play`` practice (issue 30): the coach holds a move the bot rates a mistake until
the person confirms it; takeback and the coach at a server's practice table."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from tests.generic.toy import TOY
from tests.tui.driver import settle, wait_turn
from tests.tui.test_remote import _table, server  # noqa: F401  (fixture)

import pakka.games
from pakka import plugins
from pakka.tui.app import ChooseScreen, PakkaApp
from pakka.tui.remote import RemoteSession
from pakka.tui.session import LocalSession


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    if "toy" in pakka.games.names():
        yield
        return
    with plugins.registered(TOY):
        yield


def _app(held: list[Any]) -> PakkaApp:
    state = pakka.games.get("toy").new_match(seed=7)
    session = LocalSession(state, ["normal"], "en")

    async def coach(action: Any) -> tuple[str, str]:
        held.append(action)
        return "mistake", "The bot rates this a mistake."

    session.coach = coach  # type: ignore[method-assign]
    return PakkaApp(session, "en")


def test_the_coach_holds_a_mistake_until_confirmed() -> None:
    held: list[Any] = []
    app = _app(held)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            session = app.session
            assert isinstance(session, LocalSession)
            await pilot.press("exclamation_mark")
            await settle(pilot)
            assert app.coach_on and "Coach on" in app.message
            before = len(session.state.log or [])
            await pilot.press("1")  # a bid: held by the coach
            await settle(pilot)
            assert held and isinstance(app.screen, ChooseScreen)
            assert len(session.state.log or []) == before
            await pilot.press("down", "enter")  # choose again
            await settle(pilot)
            assert len(session.state.log or []) == before
            await pilot.press("1")
            await settle(pilot)
            await pilot.press("enter")  # play it anyway
            await settle(pilot)
            assert len(session.state.log or []) > before

    asyncio.run(main())


def test_the_local_coach_rates_a_legal_move() -> None:
    state = pakka.games.get("pentagrammi").new_match(seed=3)
    session = LocalSession(state, ["normal"], "fi")

    async def main() -> tuple[str, str]:
        await session.start()
        return await session.coach(session.legal[0])

    mark, text = asyncio.run(main())
    assert mark in ("", "inaccuracy", "mistake")
    assert bool(text) == bool(mark)


def test_takeback_and_coach_at_a_servers_practice_table(server: str) -> None:  # noqa: F811
    table = _table(server)

    async def main() -> None:
        session = RemoteSession(f"{server}/join/{table['code']}", "en", name="Tester")
        app = PakkaApp(session, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_turn(pilot)
            assert session.can_undo  # one person and a bot: a practice table
            mark, _ = await session.coach(session.legal[0])
            assert mark in ("", "inaccuracy", "mistake")
            first = session.version
            await pilot.press("1")  # bid
            await wait_turn(pilot)
            assert session.version > first
            await pilot.press("u")
            for _ in range(200):
                if session.version <= first and session.legal:
                    break
                await pilot.pause(0.05)
            assert session.version <= first and session.legal
            assert "taken back" in app.message
            # the same cards again: the deal in play from its start
            await pilot.press("1")
            await wait_turn(pilot)
            assert session.version > first
            await pilot.press("ctrl+r")
            for _ in range(200):
                if "starts over" in app.message and session.legal:
                    break
                await pilot.pause(0.05)
            assert "starts over" in app.message, app.message
            assert session.version <= first and session.legal

    asyncio.run(main())

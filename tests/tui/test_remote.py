"""``pakka play --connect``: the terminal client at a real server's table (uvicorn in a thread)."""

from __future__ import annotations

import asyncio
import random
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

import httpx
import uvicorn
from tests.generic.toy import TOY
from tests.tui.driver import close_summaries, play_by_keys, screen_text, shot, wait_turn

from pakka import plugins
from pakka.server.app import Settings, create_app
from pakka.tui.app import PakkaApp
from pakka.tui.remote import RemoteSession, parse_url


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    plugins.register(TOY)
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_delay=0))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert srv.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)
    plugins.unregister("toy")


def _table(base: str) -> dict[str, Any]:
    r = httpx.post(
        f"{base}/api/tables",
        json={
            "game": "toy",
            "players": 2,
            "options": {"deals": 1},
            "seats": [{"kind": "person"}, {"kind": "bot"}],
        },
    )
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()["table"]
    return table


def test_a_whole_match_at_a_server_table_by_keys(server: str) -> None:
    """Joined by an invite link; a bad selection is refused in place; played to the end."""
    table = _table(server)
    url = f"{server}/join/{table['code']}"

    async def main() -> None:
        session = RemoteSession(url, "en", name="Tester")
        assert session.seat == 0 and session.token
        app = PakkaApp(session, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_turn(pilot)
            assert "Your turn" in screen_text(app)
            shot(app, "remote-toy-start")
            await pilot.press("1")  # bid
            await wait_turn(pilot)
            await pilot.press("a", "b", "enter")  # two cards: the toy plays one
            await pilot.pause(0.2)
            assert app.message.startswith("Choose 1 card."), app.message
            # the server's refusal comes back in the rule's words, and nothing changes
            version = session.version
            hand = [str(c) for c in session.view.hand or ()] if session.view else []
            other = next(f"{s}{r}" for s in "SHDC" for r in range(2, 7) if f"{s}{r}" not in hand)
            reason = await session.act(TOY.action_from_json({"type": "play", "cards": [other]}))
            assert reason and "hand" in reason and session.version == version
            await pilot.press("escape")
            await play_by_keys(pilot, random.Random(4))
            await wait_turn(pilot)
            assert app.is_over()
            assert "The match is over" in screen_text(app)
            shot(app, "remote-toy-over")
            await close_summaries(pilot)
            await pilot.press("n")  # a rematch at the same table
            for _ in range(200):  # the old, finished view stays until the new one lands
                if not app.is_over() and session.legal:
                    break
                await pilot.pause(0.05)
            assert not app.is_over() and session.legal

    asyncio.run(main())

    # running the command again returns to the same seat with the saved token
    again = RemoteSession(url, "en", name="Tester")
    assert again.token is not None and again.seat == 0


def test_urls() -> None:
    assert parse_url("localhost:8000/join/XYZ").code == "XYZ"
    assert parse_url("http://h/api/tables/abc").table == "abc"
    with pytest.raises(Exception, match="names no table"):
        parse_url("http://h/")


def test_reconnect_and_watching(
    server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _table(server)
    url = f"{server}/join/{table['code']}"

    async def main() -> None:
        session = RemoteSession(url, "en", name="Tester")
        app = PakkaApp(session, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_turn(pilot)
            first = session._ws
            assert first is not None
            await first.close()  # the line drops: the client comes back by itself
            for _ in range(100):
                await pilot.pause(0.05)
                if session._ws is not None and session._ws is not first:
                    break
            assert session._ws is not None and session._ws is not first
            await wait_turn(pilot)
            assert session.legal and "Your turn" in screen_text(app)

        # every seat is taken now: someone else (no saved seat) watches
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "other"))
        watcher = RemoteSession(url, "en", name="Other")
        assert watcher.seat is None and watcher.token is None
        app2 = PakkaApp(watcher, "en")
        async with app2.run_test(size=(80, 24)) as pilot:
            for _ in range(100):  # the view lands, then the screen is drawn from it
                await pilot.pause(0.05)
                if watcher.view is not None and "watching" in screen_text(app2):
                    break
            assert watcher.view is not None and watcher.view.hand is None
            assert "watching" in screen_text(app2)

    asyncio.run(main())


def test_a_seat_has_one_name_in_the_lobby_the_state_frame_and_the_terminal(
    server: str,
) -> None:
    """Issue 28: the table said Bot 2-4 while the lobby, the invite list and the terminal
    called the same seats Bot 1-3.  Every one of them now takes the name from
    :func:`pakka.present.seat_name` (seats counted from 1)."""
    r = httpx.post(
        f"{server}/api/tables",
        json={
            "game": "toy",
            "players": 3,
            "options": {"deals": 1},
            "seats": [{"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}],
        },
    )
    assert r.status_code == 201, r.text
    table = r.json()["table"]
    lobby = httpx.get(f"{server}/api/tables/{table['id']}").json()["seats"]
    listed = httpx.get(f"{server}/api/tables?status=open").json()
    invite = httpx.get(f"{server}/api/invites/{table['code']}").json()["seats"]
    assert [s["display"]["en"] for s in lobby[1:]] == ["Bot 2", "Bot 3"]
    assert [s["display"]["fi"] for s in lobby[1:]] == ["Botti 2", "Botti 3"]
    assert next(x for x in listed if x["id"] == table["id"])["seats"] == lobby == invite

    async def main() -> None:
        session = RemoteSession(f"{server}/join/{table['code']}", "en", name="Tester")
        app = PakkaApp(session, "en")
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_turn(pilot)
            shown = session.presentation
            assert shown is not None
            frame = [s.name for s in shown.seats]  # the server's state frame, as sent
            assert frame[1:] == ["Bot 2", "Bot 3"]
            assert [session.name(s) for s in (1, 2)] == frame[1:]
            screen = screen_text(app)
            assert "Bot 2" in screen and "Bot 3" in screen and "Bot 1" not in screen

    asyncio.run(main())

    # the terminal against bots in this process names them the same way
    from pakka.tui.session import LocalSession

    local = LocalSession(TOY.new_match(players=3, seed=1), lang="fi")
    assert [local.name(s) for s in (1, 2)] == [s["display"]["fi"] for s in lobby[1:]]


def test_the_terminal_reads_the_summary_and_the_next_deal_starts(server: str) -> None:
    """Issue 28: between deals the server waits until its people have read the summary.
    Closing the summary in the terminal says so (``ready``): the next deal starts at once,
    not after the break's minute."""
    r = httpx.post(
        f"{server}/api/tables",
        json={
            "game": "toy",
            "players": 2,
            "options": {"deals": 2},
            "seats": [{"kind": "person"}, {"kind": "bot", "level": "random"}],
        },
    )
    table = r.json()["table"]

    async def main() -> None:
        session = RemoteSession(f"{server}/join/{table['code']}", "en", name="Tester")
        app = PakkaApp(session, "en")
        async with app.run_test(size=(80, 24)) as pilot:
            started = time.monotonic()
            await play_by_keys(pilot, random.Random(2))
            await wait_turn(pilot)
            assert app.is_over() and app.summaries_seen >= 2
            assert time.monotonic() - started < 30  # no break ran its 60 s

    asyncio.run(main())

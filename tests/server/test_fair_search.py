"""Search CPU shared fairly (issue 31, items 1 and 10).

A Guandan table of one person and three ``hard`` bots at ``bot_delay`` 0 was not an
all-bot table: sixteen of them from four addresses ran at people's priority in one
first-come queue, raising another table's bot move from p95 7 ms to 698 ms, and they
played on after their people had gone.  Twelve seats asking for hints did the same to
another person's hints.  Now the search pool serves addresses, then tables, in turn, keeps
its last worker for short moves at people's tables, and makes room in a full hint queue
for an address that has none waiting; a table with people plays its bots only while one of
them is connected, at the all-bot pace (and counted as one) while they are all away; and
tables with search bots are limited per address.  How much the attack still costs another
table is measured in ``benchmarks/attack.py``, not here.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pakka.server.app import Settings, create_app
from pakka.server.limits import Limits, Refused
from pakka.server.search import Priority, SearchPool
from tests.server.conftest import join, ws_connect
from tests.server.test_ws import state, until


def _named(name: str) -> str:
    return name


def _slow(name: str) -> str:
    time.sleep(0.3)
    return name


def _order(pool: SearchPool, jobs: list[tuple[Priority, Any, str, str, str, str]]) -> list[Any]:
    """Queue ``jobs`` (priority, function, name, owner, table, kind) in this order and
    give their results (or refusals) in the order they finish."""

    async def scenario() -> list[Any]:
        await pool.start()
        done: list[Any] = []

        async def one(priority: Priority, fn: Any, name: str, owner: str, table: str, kind: str):
            try:
                done.append(await pool.run(priority, fn, name, owner=owner, table=table, kind=kind))
            except Refused:
                done.append(f"refused {name}")

        try:
            tasks = []
            for job in jobs:
                tasks.append(asyncio.create_task(one(*job)))
                await asyncio.sleep(0)  # queued in this order
            await asyncio.gather(*tasks)
            return done
        finally:
            await pool.close()

    return asyncio.run(scenario())


def test_addresses_and_tables_take_turns_not_first_come_first_served() -> None:
    """One worker; address A queues five moves at three tables before address B queues
    one.  First come, first served ran all of A's first; now B's goes after the one
    already running, and A's tables take turns."""
    P = Priority.PEOPLE
    order = _order(
        SearchPool(workers=1, nice=0),
        [
            (P, _slow, "a1", "A", "a1", "g:normal"),  # runs at once, A has used the worker
            (P, _named, "a1-again", "A", "a1", "g:normal"),
            (P, _named, "a1-third", "A", "a1", "g:normal"),
            (P, _named, "a2", "A", "a2", "g:normal"),
            (P, _named, "a3", "A", "a3", "g:normal"),
            (P, _named, "b1", "B", "b1", "g:normal"),
        ],
    )
    assert order[:2] == ["a1", "b1"], order
    # then A's tables in turn: a2 and a3 (never served) before a1's waiting moves
    assert order[2:4] == ["a2", "a3"], order


def test_the_last_worker_is_kept_for_short_moves_at_peoples_tables() -> None:
    """Two workers.  Address A's hard bots (long moves) may hold one of them, however many
    tables A has: B's normal bot (a short move) finds the other free at once."""
    pool = SearchPool(workers=2, nice=0, short_seconds=0.05)
    pool.costs["guandan:hard"] = 0.4  # learnt from earlier moves
    pool.costs["norlanninnakki:normal"] = 0.001
    P = Priority.PEOPLE
    order = _order(
        pool,
        [
            (P, _slow, "a1", "A", "a1", "guandan:hard"),
            (P, _slow, "a2", "A", "a2", "guandan:hard"),
            (P, _slow, "a3", "A", "a3", "guandan:hard"),
            (P, _named, "b1", "B", "b1", "norlanninnakki:normal"),
        ],
    )
    assert order[0] == "b1", order  # before: a1 and a2 held both workers, b1 waited
    assert pool.costs["norlanninnakki:normal"] < 0.05 <= pool.costs["guandan:hard"]
    assert not pool.short("anarchy:hard")  # not seen yet: long until timed


def test_a_full_hint_queue_makes_room_for_another_address() -> None:
    """Eight hints of one address filled the queue and everybody else's hint was refused
    (and waited behind them).  Now the busiest address gives up its newest waiting hint,
    and the other address's hint is answered before that address's next ones."""
    H = Priority.HINT
    order = _order(
        SearchPool(workers=1, nice=0, hint_queue=3),
        [
            (Priority.PEOPLE, _slow, "busy", "X", "x", "g:normal"),  # holds the one worker
            (H, _named, "a-hint-1", "A", "a", "g:hint"),
            (H, _named, "a-hint-2", "A", "a", "g:hint"),
            (H, _named, "a-hint-3", "A", "a", "g:hint"),
            (H, _named, "b-hint", "B", "b", "g:hint"),
        ],
    )
    assert order[0] == "refused a-hint-3", order  # before: B's hint was the one refused
    assert order.index("b-hint") < order.index("a-hint-2"), order


# --- tables with people and bots -----------------------------------------------------------


def _away(client: TestClient, tid: str, seat: int) -> None:
    deadline = time.monotonic() + 20
    while not client.get(f"/api/tables/{tid}").json()["seats"][seat]["away"]:
        assert time.monotonic() < deadline, "the turn timer did not mark the seat away"
        time.sleep(0.02)


def _person_and_bot(client: TestClient, app: FastAPI, level: str = "random", deals: int = 1) -> Any:
    """A table of one person (seat 0) and one bot, with a 0.3 s turn timer (the API takes
    5 s and more; the lobby itself any), its person seated and the match started."""
    room = client.portal.call(  # type: ignore[union-attr]
        app.state.services.lobby.create,
        "toy",
        2,
        {"deals": deals},
        [("person", "random"), ("bot", level)],
        True,
        0.3,
        0.0,
        "testclient",
    )
    token = join(client, room.id, "Ann")["token"]
    assert room.rec.status == "playing"
    return room, token


def test_a_table_whose_people_have_left_stops_its_bots(client: TestClient, app: FastAPI) -> None:
    """Nobody connected: the turn timer marks the person away, and before, a random bot
    played for her and the table's bots went on for ever.  Now nothing plays until she is
    back."""
    room, token = _person_and_bot(client, app)
    if 0 in room.state.to_act():  # her turn first: the timer marks her away
        _away(client, room.id, 0)
    # the bot's turn (first, or for her): before, it played at once
    assert room.version == 0 and room.driver is None
    with ws_connect(client, room.id, token) as ws:  # she is back: the match goes on
        msg = state(ws)
        while not msg["legal_actions"]:
            msg = state(ws, msg["version"] + 1)
        assert 0 in room.state.to_act()


def test_a_table_whose_people_are_all_away_counts_as_an_all_bot_table(
    db_url: str, toy: Any
) -> None:
    """Connected but away (a socket left open, nobody acting): its bots play at the
    all-bot pace (the tables' own bot delays, not the tests' 0 for all) and it counts
    against the all-bot tables' limits."""
    limits = Limits(bot_tables=1, bot_tables_per_address=5)
    app = create_app(Settings(db_url=db_url, limits=limits))
    with TestClient(app) as client:
        room, token = _person_and_bot(client, app, deals=3)
        with ws_connect(client, room.id, token) as ws:
            until(ws, lambda m: m["type"] == "table")
            _away(client, room.id, 0)
            assert room.unattended()
            assert app.state.services.driver._delay(room) >= 0.75 * limits.bot_table_min_delay
            bots = {"game": "toy", "players": 2, "seats": [{"kind": "bot", "level": "random"}] * 2}
            r = client.post("/api/tables", json=bots)
            assert r.status_code == 429, r.text  # before: 201, the away table was not counted
            assert "playing 1 all-bot tables" in r.json()["detail"]


@pytest.mark.limits(search_tables_per_address=2)
def test_tables_with_people_and_search_bots_are_limited_per_address(client: TestClient) -> None:
    def table(level: str) -> Any:
        seats = [{"kind": "person"}, {"kind": "bot", "level": level}]
        return client.post("/api/tables", json={"game": "toy", "players": 2, "seats": seats})

    assert [table("normal").status_code for _ in range(2)] == [201, 201]
    third = table("hard")
    assert third.status_code == 429, third.text  # before: any number
    assert "2 tables with search bots" in third.json()["detail"]
    assert table("random").status_code == 201  # random bots do not search

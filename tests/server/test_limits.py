"""Limits: what anonymous clients can make the server do, and the search budget.

The CPU attacks of issue 18 (items 1 and 2) are refused or bounded here; how much they
still cost an unrelated table is measured in ``benchmarks/attack.py``, not by a test.
"""

from __future__ import annotations

import asyncio
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pakka.server.limits import Limits, RateLimit, Refused
from pakka.server.search import Priority, SearchPool
from tests.server.conftest import create, join, ws_connect
from tests.server.test_ws import until

ATTACK = {  # one of the 20 requests of issue 18, item 1
    "game": "guandan",
    "players": 4,
    "public": False,
    "bot_delay": 0,
    "seats": [{"kind": "bot", "level": "hard"}] * 4,
}


def test_anonymous_all_bot_tables_are_limited_per_address(client: TestClient) -> None:
    """20 anonymous requests for private all-bot hard Guandan tables were all played, at
    106 % CPU (issue 18, item 1).  One address may now have two in play."""
    answers = [client.post("/api/tables", json=ATTACK) for _ in range(20)]
    assert [r.status_code for r in answers[:2]] == [201, 201]
    refused = answers[2:]
    assert {r.status_code for r in refused} == {429}
    assert all(int(r.headers["Retry-After"]) >= 1 for r in refused)
    assert "2 all-bot tables playing" in refused[0].json()["detail"]


@pytest.mark.limits(create_burst=20)
def test_requests_at_once_cannot_pass_the_bot_table_limit_together(client: TestClient) -> None:
    with ThreadPoolExecutor(10) as pool:
        answers = list(pool.map(lambda _: client.post("/api/tables", json=ATTACK), range(10)))
    assert sorted(r.status_code for r in answers) == [201, 201] + [429] * 8


@pytest.mark.limits(bot_tables=1, bot_tables_per_address=5)
def test_all_bot_tables_are_limited_in_all(client: TestClient) -> None:
    assert client.post("/api/tables", json=ATTACK).status_code == 201
    r = client.post("/api/tables", json=ATTACK)
    assert r.status_code == 429 and "playing 1 all-bot tables" in r.json()["detail"]
    # tables with people are not all-bot tables
    people = {**ATTACK, "seats": [{"kind": "person"}] + [{"kind": "bot"}] * 3}
    assert client.post("/api/tables", json=people).status_code == 201


@pytest.mark.limits(creates_per_minute=60, create_burst=3, joins_per_minute=60, join_burst=2)
def test_creating_and_joining_are_rate_limited_per_address(client: TestClient) -> None:
    made = [client.post("/api/tables", json={"game": "toy", "players": 4}) for _ in range(4)]
    assert [r.status_code for r in made] == [201, 201, 201, 429]
    assert "too many new tables" in made[3].json()["detail"]
    tid = made[0].json()["table"]["id"]
    joins = [client.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"}) for i in range(3)]
    assert [r.status_code for r in joins] == [200, 200, 429]
    assert client.get(f"/api/tables/{tid}").json()["seats"][2]["taken"] is False


@pytest.mark.limits(invites_per_minute=60, invite_burst=3)
def test_invite_codes_are_long_and_their_lookups_limited(client: TestClient) -> None:
    code = create(client, players=2, public=False)["table"]["code"]
    assert len(code) >= 12  # 32 letters: 5 bits each, 60 bits and more
    looked = [client.get(f"/api/invites/GUESS{i:08d}") for i in range(3)]
    assert [r.status_code for r in looked] == [404, 404, 404]
    r = client.get(f"/api/invites/{code}")
    assert r.status_code == 429 and r.headers["Retry-After"]
    assert client.get(f"/join/{code}", follow_redirects=False).status_code == 429


def test_a_hint_flood_from_one_seat_is_refused(client: TestClient) -> None:
    """A seat could open any number of sockets and each could ask for a 1-second hint
    search 20 times a second: 12 sockets of one seat took the server to 95 % CPU (issue
    18, item 2).  A seat may now hold 4 sockets, ask for one hint at a time and a few a
    minute; the rest are refused with when to retry."""
    made = create(client, players=2, name="Ann", options={"deals": 1})
    tid = made["table"]["id"]
    other = join(client, tid, "Bea")
    room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
    seat = min(room.state.to_act())
    token = made["token"] if seat == 0 else other["token"]
    limits = Limits()
    sockets = [ws_connect(client, tid, token) for _ in range(limits.sockets_per_seat + 1)]
    opened = [s.__enter__() for s in sockets]
    try:
        for ws in opened[:-1]:
            assert ws.receive_json()["type"] == "hello"
        refused = opened[-1].receive_json()
        assert refused["code"] == "rate_limited" and "most it may" in refused["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            opened[-1].receive_json()
        assert closed.value.code == 4429
        answers: list[dict[str, Any]] = []
        for _ in range(3):
            for ws in opened[:-1]:
                ws.send_json({"type": "hint"})
            for ws in opened[:-1]:
                answers.append(until(ws, lambda m: m["type"] in ("hint", "error")))
        hints = [a for a in answers if a["type"] == "hint"]
        errors = [a for a in answers if a["type"] == "error"]
        # the decision's own hint, then the burst
        assert 1 <= len(hints) <= 1 + limits.hint_burst, answers
        assert errors and all(e["code"] == "rate_limited" for e in errors)
        assert all(e["retry_after"] > 0 for e in errors)
        assert all(h["engine"] for h in hints)
    finally:
        for s in sockets:
            s.__exit__(None, None, None)


@pytest.mark.limits(sockets_per_address=3, connects_per_minute=60, connect_burst=5, refusal_delay=0)
def test_sockets_per_address_and_new_sockets_are_limited(client: TestClient) -> None:
    """Refused before the upgrade (a real client sees HTTP 403)."""
    tid = create(client, players=2)["table"]["id"]
    sockets = [ws_connect(client, tid) for _ in range(3)]
    opened = [s.__enter__() for s in sockets]
    try:
        for ws in opened:
            assert ws.receive_json()["type"] == "hello"
        with pytest.raises(WebSocketDisconnect) as denied, ws_connect(client, tid):
            pass
        assert denied.value.code == 4429 and "holds 3 sockets" in denied.value.reason
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
    with ws_connect(client, tid) as ws:  # one closed: room for one more
        assert ws.receive_json()["type"] == "hello"
    with pytest.raises(WebSocketDisconnect) as denied, ws_connect(client, tid):
        pass  # the sixth socket in a minute is over the burst of five
    assert "too many new sockets" in denied.value.reason


@pytest.mark.limits(hint_burst=1, refusal_delay=0.6)
def test_a_refused_hint_is_answered_late(client: TestClient) -> None:
    """A client that asks again as soon as its hint is refused asked ~65 times a second in
    the flood of benchmarks/attack.py; the refusal now comes after ``refusal_delay``."""
    made = create(client, players=2, name="Ann", options={"deals": 1})
    tid = made["table"]["id"]
    other = join(client, tid, "Bea")
    room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
    seat = min(room.state.to_act())
    token = made["token"] if seat == 0 else other["token"]
    with ws_connect(client, tid, token) as ws:
        assert ws.receive_json()["type"] == "hello"
        for _ in range(2):  # the decision's own hint, then the burst of one
            ws.send_json({"type": "hint"})
            assert until(ws, lambda m: m["type"] in ("hint", "error"))["type"] == "hint"
        started = time.monotonic()
        ws.send_json({"type": "hint"})
        refused = until(ws, lambda m: m["type"] in ("hint", "error"))
        assert refused["code"] == "rate_limited"
        assert time.monotonic() - started >= 0.55


def _refusal_seconds(client: TestClient, tid: str) -> float:
    started = time.monotonic()
    with pytest.raises(WebSocketDisconnect) as denied, ws_connect(client, tid):
        pass
    assert denied.value.code == 4429
    return time.monotonic() - started


@pytest.mark.limits(sockets_per_address=1, refusal_delay=0.6)
def test_a_refused_socket_waits_for_its_answer(client: TestClient) -> None:
    """A flood that reconnects as soon as it is refused cost ~200 handshakes a second
    (benchmarks/attack.py); each refusal now answers after ``refusal_delay``."""
    tid = create(client, players=2)["table"]["id"]
    with ws_connect(client, tid) as ws:
        assert ws.receive_json()["type"] == "hello"
        assert _refusal_seconds(client, tid) >= 0.55


@pytest.mark.limits(sockets_per_address=1, refusal_delay=0.6, slow_refusals=0)
def test_refusals_are_answered_at_once_when_too_many_wait(client: TestClient) -> None:
    tid = create(client, players=2)["table"]["id"]
    with ws_connect(client, tid) as ws:
        assert ws.receive_json()["type"] == "hello"
        assert _refusal_seconds(client, tid) < 0.5


def test_a_rate_limit_refuses_then_forgives() -> None:
    now = [0.0]
    limit = RateLimit("create_rate", "new tables", per_minute=6, burst=2, clock=lambda: now[0])
    limit.take("a")
    limit.take("a")
    with pytest.raises(Refused) as refused:
        limit.take("a")
    assert refused.value.retry_seconds == 10 and "6 a minute" in str(refused.value)
    limit.take("b")  # another address has its own
    now[0] = 10.0
    limit.take("a")


# --- the search pool ----------------------------------------------------------------------


def _pid_and_nice() -> tuple[int, int]:
    return os.getpid(), os.nice(0)


def test_searches_run_in_worker_processes_at_a_lower_priority() -> None:
    async def scenario() -> tuple[int, int]:
        pool = SearchPool(workers=1, nice=5)
        await pool.start()
        try:
            result: tuple[int, int] = await pool.run(Priority.BACKGROUND, _pid_and_nice)
            return result
        finally:
            await pool.close()

    pid, nice = asyncio.run(scenario())
    assert pid != os.getpid()
    assert nice >= os.nice(0) + 5 or nice == 19


def _slow(x: str) -> str:
    import time

    time.sleep(0.2)
    return x


def test_peoples_tables_come_first_and_long_jobs_leave_them_a_worker() -> None:
    """Jobs start in priority order, and hints and background bots may hold only
    ``workers - 1`` workers: a bot at a people's table never waits behind them."""

    async def scenario() -> list[str]:
        pool = SearchPool(workers=2, nice=0, hint_queue=1)
        await pool.start()
        started: list[str] = []
        try:
            jobs = [
                asyncio.create_task(pool.run(priority, _slow, name))
                for priority, name in [
                    (Priority.BACKGROUND, "bots-1"),
                    (Priority.BACKGROUND, "bots-2"),
                    (Priority.HINT, "hint"),
                    (Priority.PEOPLE, "people"),
                ]
            ]
            await asyncio.sleep(0)
            with pytest.raises(Refused):  # one hint is waiting already
                await pool.run(Priority.HINT, _slow, "hint-2")
            for job in asyncio.as_completed(jobs):
                started.append(await job)
            return started
        finally:
            await pool.close()

    order = asyncio.run(scenario())
    # bots-1 took the one long-job worker at once, people the other; then hint, then bots-2
    assert order[:2] in (["bots-1", "people"], ["people", "bots-1"])
    assert order[2:] == ["hint", "bots-2"]


@pytest.mark.limits(tables_in_memory=3)
def test_idle_tables_leave_memory_and_come_back_on_demand(client: TestClient) -> None:
    rooms = client.app.state.registry.rooms  # type: ignore[attr-defined]
    watched = create(client, players=2)["table"]["id"]
    with ws_connect(client, watched) as ws:
        assert ws.receive_json()["type"] == "hello"
        others = [create(client, players=2)["table"]["id"] for _ in range(4)]
        assert len(rooms) <= 3 and watched in rooms  # a watched table stays
        for tid in others:  # the others come back when asked for
            assert client.get(f"/api/tables/{tid}").json()["id"] == tid
            assert len(rooms) <= 3
        assert watched in rooms


class _Stuck:
    """A WebSocket whose client never reads: every send waits for ever."""

    def __init__(self) -> None:
        self.closed = asyncio.Event()
        self.application_state = None

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()

    async def receive(self) -> dict[str, Any]:
        await self.closed.wait()
        return {"type": "websocket.disconnect"}

    async def close(self, code: int = 1000) -> None:
        self.closed.set()


def test_a_client_that_does_not_read_is_dropped_after_the_send_timeout() -> None:
    from pakka.server.connection import Connection
    from pakka.server.pubsub import Subscription, Update

    async def scenario() -> bool:
        ws, sub = _Stuck(), Subscription()
        room: Any = type("R", (), {"id": "t", "state": None})()
        hub: Any = type("H", (), {"play": None, "limits": Limits(send_seconds=0.05)})()
        conn = Connection(ws, hub, room, None, sub)  # type: ignore[arg-type]
        sub.queue.put_nowait(Update(all=[{"type": "table"}]))
        await asyncio.wait_for(conn.run(), timeout=30)  # ends: the send timed out
        return True

    assert asyncio.run(scenario())


class _FirstLegal:
    """A search pool whose hint is the first legal action, at once (the engine's own
    search is not what this test is about, and a whole match of them takes minutes)."""

    async def run(self, priority: Any, fn: Any, *args: Any, **kw: Any) -> Any:
        legal = args[2]  # (game, observation, legal, lang)
        return [(legal[0], "the first legal move")]


@pytest.mark.limits(
    messages_per_second=1000,
    message_burst=1000,
    address_messages_per_second=1000,
    address_message_burst=1000,
)
def test_one_hint_every_turn_of_a_whole_guandan_match_is_never_refused(
    client: TestClient,
) -> None:
    """Issue 28: one hint press per turn drew "Too many clicks at once" 3 times in 44
    Guandan turns (12 hints a minute, bursts of 3, whatever the pace of play).  The first
    hint of every decision is now always answered; the hint limits are the defaults.  (This
    client plays hundreds of times faster than a person, so its messages a second are let
    through: a time-based hint limit would refuse it sooner than one at a person's pace.)"""
    made = create(
        client,
        game="guandan",
        players=4,
        name="Ann",
        seats=[{"kind": "person"}] + [{"kind": "bot", "level": "random"}] * 3,
        bot_delay=0,
    )
    tid, token = made["table"]["id"], made["token"]
    services = client.app.state.services  # type: ignore[attr-defined]
    services.play.pool = _FirstLegal()
    hints = refusals = deals = 0
    with ws_connect(client, tid, token) as ws:
        msg = until(ws, lambda m: m["type"] == "state")
        while msg["observation"]["result"] is None:
            pause = msg["present"].get("pause")
            if pause is not None and pause["you_reading"]:
                deals += 1
                ws.send_json({"type": "ready"})
            elif msg["legal_actions"]:
                ws.send_json({"type": "hint", "lang": "fi"})
                answer = until(ws, lambda m: m["type"] in ("hint", "error"))
                if answer["type"] == "error":
                    refusals += 1
                    assert answer["code"] == "rate_limited" and answer["retry_after"] > 0
                else:
                    hints += 1
                    assert answer["engine"] and answer["action"] in msg["legal_actions"]
                ws.send_json({"type": "action", "action": msg["legal_actions"][0]})
            msg = until(ws, lambda m: m["type"] in ("state", "error"))
            assert msg["type"] == "state", msg
    assert refusals == 0 and hints > 100 and deals > 1, (hints, deals)

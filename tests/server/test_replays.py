"""Replays of finished matches: each step is exactly that step, however many ask at once."""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from pakka import engine
from pakka.server.frames import jsonable
from pakka.server.limits import Gate, Refused
from pakka.server.replays import Replays
from tests.server.conftest import create


def finished_match(client: TestClient, deals: int = 3) -> tuple[str, list[dict[str, Any]]]:
    made = create(
        client, players=3, options={"deals": deals}, seats=[{"kind": "bot"}] * 3, public=False
    )
    tid = made["table"]["id"]
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.02)
    store = client.app.state.registry.storage  # type: ignore[attr-defined]
    match = store.match(tid, 1)
    return tid, [{"seed": match.seed, "actions": match.actions}]


def expected(toy: engine.Game, record: dict[str, Any], step: int, seat: int | None) -> Any:
    state = toy.from_json(
        {
            "game": "toy",
            "players": 3,
            "options": {"deals": 3},
            "seed": record["seed"],
            "actions": record["actions"][:step],
        }
    )
    return jsonable(state.observation(seat))


def test_concurrent_replay_requests_each_get_their_own_step(
    client: TestClient, app: FastAPI, toy: engine.Game
) -> None:
    """400 requests at once for steps of one finished match: 166 used to get the frame of
    another step, because the cache handed out a state another request was still
    advancing (issue 18, item 6)."""
    tid, (record,) = finished_match(client)
    steps = len(record["actions"])
    assert steps > 20
    rng = random.Random(5)
    asks = [(rng.randrange(steps + 1), rng.choice([None, 0, 1, 2])) for _ in range(400)]
    truth = {ask: expected(toy, record, *ask) for ask in set(asks)}

    def fetch(ask: tuple[int, int | None]) -> tuple[tuple[int, int | None], int, Any]:
        step, seat = ask
        params: dict[str, int] = {"step": step} | ({} if seat is None else {"seat": seat})
        r = client.get(f"/api/tables/{tid}/matches/1/replay", params=params)
        return ask, r.status_code, r.json()

    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(fetch, asks))
    wrong = [
        (ask, body.get("step"))
        for ask, status, body in answers
        if status != 200 or body["step"] != ask[0] or body["observation"] != truth[ask]
    ]
    assert not wrong, f"{len(wrong)} of {len(asks)} wrong: {wrong[:5]}"


def test_a_replay_request_advances_at_most_one_snapshot_interval(
    client: TestClient, toy: engine.Game, monkeypatch: Any
) -> None:
    """Every cache miss used to replay the match from its first action; now a request
    replays at most ``every - 1`` actions past the nearest snapshot (after the first one)."""
    _tid, (record,) = finished_match(client)
    record |= {"game": "toy", "players": 3, "options": {"deals": 3}}
    steps = len(record["actions"])
    replays = Replays(matches=4, every=8)
    applied = 0
    real = toy.action_from_json

    def counting(data: Any) -> Any:
        nonlocal applied
        applied += 1
        return real(data)

    monkeypatch.setattr(toy, "action_from_json", counting)
    replays.observation(("t", 1), lambda: record, steps, None)  # the first time: all of it
    assert applied == steps
    for step in random.Random(3).sample(range(steps + 1), 20):
        applied = 0
        got = replays.observation(("t", 1), lambda: record, step, 1)
        assert applied < 8
        monkeypatch.setattr(toy, "action_from_json", real)
        assert got == expected(toy, record, step, 1)
        monkeypatch.setattr(toy, "action_from_json", counting)


def test_replays_beyond_the_queue_are_refused_with_a_retry() -> None:
    async def scenario() -> list[str]:
        gate = Gate("replay_busy", "replays", concurrency=1, queue=1)
        release = asyncio.Event()
        outcomes: list[str] = []

        async def one(name: str) -> None:
            try:
                async with gate.enter():
                    outcomes.append(f"{name} ran")
                    await release.wait()
            except Refused as exc:
                assert exc.reason == "replay_busy" and "busy with replays" in str(exc)
                outcomes.append(f"{name} refused")

        first = asyncio.create_task(one("a"))
        await asyncio.sleep(0)
        second = asyncio.create_task(one("b"))  # waits for a
        await asyncio.sleep(0)
        await one("c")  # the queue is full
        release.set()
        await asyncio.gather(first, second)
        return outcomes

    assert asyncio.run(scenario()) == ["a ran", "c refused", "b ran"]

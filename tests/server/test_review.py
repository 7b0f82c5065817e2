"""Reviews of stored matches (issue 30): the endpoints, the cache and every limit."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pakka.server.limits import Limits, Refused
from pakka.server.review import Reviews
from pakka.server.search import Priority
from tests.server.test_replays import finished_match


def _until_done(client: TestClient, url: str, seat: int) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        body: dict[str, Any] = client.get(url, params={"seat": seat}).json()
        if body["status"] != "running":
            return body
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.05)


def test_a_review_is_computed_in_the_pool_and_kept(client: TestClient) -> None:
    tid, (record,) = finished_match(client, deals=1)
    url = f"/api/tables/{tid}/matches/1/review"
    assert client.get(url, params={"seat": 0}).status_code == 404
    started = client.post(url, params={"seat": 0})
    assert started.status_code in (200, 202), started.text
    assert started.json()["status"] in ("running", "done")
    body = _until_done(client, url, 0)
    assert body["status"] == "done", body
    mine = [i for i, a in enumerate(record["actions"]) if a["seat"] == 0]
    assert [d["step"] for d in body["decisions"]] == mine
    assert body["total"] == len(mine) and body["done"] == len(mine)
    assert set(body["summary"]) == {"en", "fi"}
    for d in body["decisions"]:
        assert d["played"] in [a["action"] for a in d["alternatives"]]
        assert d["words"]["fi"]["verdict"]
    # asked again: the cached review, at once and free of the limits
    again = client.post(url, params={"seat": 0})
    assert again.status_code == 200 and again.json()["decisions"] == body["decisions"]
    only_fi = client.get(url, params={"seat": 0, "lang": "fi"}).json()
    assert set(only_fi["summary"]) == {"fi"}


def test_the_review_page_gets_every_hand(client: TestClient) -> None:
    tid, (record,) = finished_match(client, deals=1)
    frame = client.get(
        f"/api/tables/{tid}/matches/1/review/step", params={"seat": 1, "step": 0, "lang": "fi"}
    ).json()
    assert len(frame["hands"]) == 3 and all(frame["hands"])
    assert frame["next"] == record["actions"][0]
    assert frame["present"]["title"]


def test_one_deal_is_reviewed_up_to_its_end(client: TestClient) -> None:
    tid, (record,) = finished_match(client, deals=3)
    url = f"/api/tables/{tid}/matches/1/review"
    started = client.post(url, params={"seat": 2, "deal": 1}).json()
    first, last = started["first_step"], started["last_step"]
    assert 0 < first < last < len(record["actions"])
    deadline = time.monotonic() + 60
    while (body := client.get(url, params={"seat": 2, "deal": 1}).json())["status"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    mine = [i for i, a in enumerate(record["actions"]) if a["seat"] == 2 and first <= i < last]
    assert [d["step"] for d in body["decisions"]] == mine
    assert all(d["deal"] == 1 for d in body["decisions"])
    frame = client.get(f"{url}/step", params={"seat": 2, "deal": 1, "step": 0}).json()
    assert frame["step"] == first  # held inside the deal
    assert client.post(url, params={"seat": 2, "deal": 9}).status_code == 409


def test_refusals(client: TestClient) -> None:
    tid, _ = finished_match(client, deals=1)
    url = f"/api/tables/{tid}/matches/1/review"
    assert client.post(url, params={"seat": 5}).status_code == 422
    assert client.post(f"/api/tables/{tid}/matches/9/review").status_code == 404


@pytest.mark.limits(reviews_per_hour=0.001, review_burst=1, reviews_per_address=9)
def test_reviews_an_address_may_start_are_limited(client: TestClient) -> None:
    tid, _ = finished_match(client, deals=1)
    url = f"/api/tables/{tid}/matches/1/review"
    assert client.post(url, params={"seat": 0}).status_code in (200, 202)
    refused = client.post(url, params={"seat": 1})
    assert refused.status_code == 429
    assert "too many reviews from your address" in refused.json()["detail"]
    assert int(refused.headers["Retry-After"]) >= 1
    # the one already started is still free to ask for
    assert client.post(url, params={"seat": 0}).status_code in (200, 202)


class _StuckPool:
    """A pool whose jobs wait until released (to hold reviews running)."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.priorities: list[Priority] = []

    async def run(self, priority: Priority, fn: Any, *args: Any, **kw: Any) -> Any:
        self.priorities.append(priority)
        await self.release.wait()
        return fn(*args)


def _record() -> dict[str, Any]:
    from pakka.review.sample import sample_match

    return sample_match("norlanninnakki", 1, stop_after=6)


def test_running_reviews_are_limited_per_address_and_in_all() -> None:
    async def main() -> None:
        pool = _StuckPool()
        reviews = Reviews(pool, Limits(reviews_per_address=1, reviews_running=2))  # type: ignore[arg-type]
        record = _record()
        reviews.start(("t", 1, 0, None), record, "a")
        await asyncio.sleep(0)
        assert pool.priorities == [Priority.REVIEW]
        with pytest.raises(Refused, match="your address has 1 review") as one:
            reviews.start(("t", 1, 1, None), record, "a")
        assert one.value.reason == "review_concurrent"
        reviews.start(("t", 1, 1, None), record, "b")
        with pytest.raises(Refused, match="computing 2 reviews already") as busy:
            reviews.start(("t", 1, 2, None), record, "c")
        assert busy.value.reason == "review_busy"
        assert reviews.start(("t", 1, 0, None), record, "z").owner == "a"  # running: shared, free
        pool.release.set()
        for _ in range(200):
            await asyncio.sleep(0.01)
            if not reviews.running():
                break
        assert reviews.get(("t", 1, 0, None)).status == "done"  # type: ignore[union-attr]
        reviews.start(("t", 1, 2, None), record, "c")

    asyncio.run(main())


def test_the_cache_forgets_the_least_recently_asked() -> None:
    async def main() -> None:
        pool = _StuckPool()
        pool.release.set()
        reviews = Reviews(pool, Limits(reviews_cached=2, reviews_per_address=9))  # type: ignore[arg-type]
        record = _record()
        for seat in range(3):
            job = reviews.start(("t", 1, seat, None), record, "a")
            assert job.task is not None
            await job.task
        assert reviews.get(("t", 1, 0, None)) is None
        assert reviews.get(("t", 1, 2, None)) is not None

    asyncio.run(main())


def _slow(x: str) -> str:
    time.sleep(0.2)
    return x


def test_review_jobs_wait_for_every_job_of_live_play() -> None:
    """A review's job queued first still starts after background bots of an address that
    has used the workers more (live play always goes first)."""
    from pakka.server.search import SearchPool

    async def scenario() -> list[str]:
        pool = SearchPool(workers=1, nice=0)
        await pool.start()
        try:
            first = asyncio.create_task(pool.run(Priority.BACKGROUND, _slow, "running", owner="x"))
            await asyncio.sleep(0.05)
            pool._charge("busy", 100.0)  # the bots' address used the workers a lot lately
            jobs = [
                asyncio.create_task(pool.run(priority, _slow, name, owner=owner))
                for priority, name, owner in [
                    (Priority.REVIEW, "review", "idle"),
                    (Priority.BACKGROUND, "bots", "busy"),
                    (Priority.PEOPLE, "people", "busy"),
                ]
            ]
            order = [await first]
            for job in asyncio.as_completed(jobs):
                order.append(await job)
            return order
        finally:
            await pool.close()

    assert asyncio.run(scenario()) == ["running", "people", "bots", "review"]


def test_a_scored_deal_of_a_match_in_play_shows_nothing_of_the_next(client: TestClient) -> None:
    """While the match goes on, the review of its scored deal stops before the action that
    scored it (the position after it may hold the next deal's cards)."""
    from tests.server.conftest import create
    from tests.server.test_ws import connect, state

    made = create(
        client,
        players=3,
        name="Ann",
        options={"deals": 3},
        seats=[{"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}],
    )
    tid, token = made["table"]["id"], made["token"]
    with connect(client, tid, token) as ws:
        msg = state(ws)
        first_deal = msg["observation"]["deal"]
        while msg["observation"]["deal"] == first_deal:
            if msg["legal_actions"] and 0 in msg["observation"]["to_act"]:
                ws.send_json({"type": "action", "action": msg["legal_actions"][0]})
            msg = state(ws)
    url = f"/api/tables/{tid}/matches/1/review"
    started = client.post(url, params={"seat": 1, "deal": -1})
    assert started.status_code in (200, 202), started.text
    body = started.json()
    assert body["deal"] == first_deal
    stored = client.app.state.registry.storage.match(tid, 1)  # type: ignore[attr-defined]
    assert stored.result is None  # still in play
    last = body["last_step"]
    frame = client.get(
        f"{url}/step", params={"seat": 2, "deal": first_deal, "step": last + 5}
    ).json()
    assert frame["step"] == last
    assert frame["present"]["status"]
    # the frame is a position of the reviewed deal
    game = client.app.state.registry.rooms[tid].game  # type: ignore[attr-defined]
    record = {
        "game": "toy",
        "players": 3,
        "options": {"deals": 3},
        "seed": stored.seed,
        "actions": stored.actions[:last],
    }
    assert game.from_json(record).view(None).deal == first_deal


def test_the_first_decisions_show_before_the_review_is_done() -> None:
    class _OneAtATime:
        def __init__(self) -> None:
            self.go = asyncio.Semaphore(0)

        async def run(self, priority: Priority, fn: Any, *args: Any, **kw: Any) -> Any:
            await self.go.acquire()
            return fn(*args)

    async def main() -> None:
        pool = _OneAtATime()
        reviews = Reviews(pool, Limits())  # type: ignore[arg-type]
        from pakka.review.sample import sample_match

        job = reviews.start(("t", 1, 0, None), sample_match("pentagrammi", 2), "a")
        pool.go.release()  # the plan
        pool.go.release()  # the first chunk only
        for _ in range(100):
            await asyncio.sleep(0.01)
            if job.decisions:
                break
        shown = job.to_json("en")
        assert shown["status"] == "running"
        assert 0 < shown["done"] < shown["total"]
        assert shown["decisions"][0]["words"]["en"]["verdict"]
        assert shown["summary"]["en"]  # a summary of what is there so far
        for _ in range(shown["total"]):
            pool.go.release()
        assert job.task is not None
        await job.task
        assert job.to_json()["status"] == "done"

    asyncio.run(main())


def test_a_deal_review_leaves_the_whole_match_in_the_replays_cache(client: TestClient) -> None:
    tid, (record,) = finished_match(client, deals=3)
    url = f"/api/tables/{tid}/matches/1/review/step"
    frame = client.get(url, params={"seat": 0, "deal": 1, "step": 3}).json()
    assert frame["last_step"] < len(record["actions"])
    replay = client.get(f"/api/tables/{tid}/matches/1/replay", params={"step": 10**6}).json()
    assert replay["steps"] == len(record["actions"])
    assert replay["step"] == len(record["actions"])

"""Reviews of stored matches (issue 30): started by a request, computed in the search pool.

``POST /api/tables/{id}/matches/{n}/review?seat=N`` starts the review of a finished match
for one seat (or finds it in the cache); ``GET`` on the same path says how far it is and
gives every decision reviewed so far, so that the page shows the first ones while the rest
are computed; ``GET …/review/step?seat=N&step=k`` is the position before step ``k`` with every
hand shown (the review page's table).

The work is split into jobs of :data:`CHUNK` decisions in the search-worker pool at
:attr:`~pakka.server.search.Priority.REVIEW`, below every bot move and hint: a review takes
the workers only while live play leaves them free, and between two of its jobs anything of
live play goes first.  Per client address, ``Limits.reviews_per_hour`` (with bursts of
``review_burst``) new reviews may be started and ``reviews_per_address`` may run at once;
``reviews_running`` run at once in all.  A finished review is kept in memory per
(table, match, seat) for ``reviews_cached`` reviews (a review is a pure function of the
record and the seat, so it never goes stale); asking for a cached or running review is free.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as PathParam

import pakka.games
from pakka.review import iter_review, summary
from pakka.review.analysis import Decision, worlds_for
from pakka.review.text import LANGS as LANGS_SUMMARY
from pakka.server.limits import Limits, RateLimit, Refused
from pakka.server.replays import replay_record
from pakka.server.room import RoomError
from pakka.server.search import Priority, SearchPool

log = logging.getLogger("pakka.server")

CHUNK = 4
"""Decisions a worker reviews in one job (a Guandan decision takes about 0.1 s)."""

Key = tuple[str, int, int, int | None]
"""Table id, match number, seat and deal (None: the whole match)."""


# --- what runs in the workers ---------------------------------------------------------


def review_plan(record: dict[str, Any], seat: int, deal: int | None) -> tuple[int, int, int]:
    """The indices of the seat's decisions to review (``start``, ``stop``: those of deal
    ``deal``, or all when it is None) and the worlds each gets (in a worker)."""
    from pakka.review.analysis import positions, review_scale

    if deal is None:
        return 0, sum(1 for _ in positions(record, seat)), worlds_for(record, seat)
    mine = [i for i, p in enumerate(positions(record, seat)) if p.deal == deal]
    worlds = review_scale(pakka.games.get(record["game"]).name).worlds
    return (mine[0], mine[-1] + 1, worlds) if mine else (0, 0, worlds)


def review_chunk(
    record: dict[str, Any], seat: int, worlds: int, start: int, stop: int
) -> list[dict[str, Any]]:
    """The seat's decisions ``start`` to ``stop`` reviewed, as JSON (in a worker)."""
    return [d.to_json() for d in iter_review(record, seat, worlds, None, start, stop)]


# --- the jobs -------------------------------------------------------------------------


@dataclass
class Job:
    key: Key
    game: str
    owner: str
    steps: tuple[int, int] = (0, 0)
    """The steps the review covers (a deal's, or the whole match's): the page's slider."""
    practice: bool = False
    """The match was played in practice (a takeback, all hands or the coach was used)."""
    total: int | None = None
    worlds: int | None = None
    decisions: list[dict[str, Any]] = field(default_factory=list)
    status: Literal["running", "done", "failed"] = "running"
    error: str = ""
    task: asyncio.Task[None] | None = None

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        marks = [d["mark"] for d in self.decisions]
        out: dict[str, Any] = {
            "table": self.key[0],
            "match": self.key[1],
            "seat": self.key[2],
            "deal": self.key[3],
            "practice": self.practice,
            "first_step": self.steps[0],
            "last_step": self.steps[1],
            "game": self.game,
            "status": self.status,
            "done": len(self.decisions),
            "total": self.total,
            "worlds": self.worlds,
            "mistakes": marks.count("mistake"),
            "inaccuracies": marks.count("inaccuracy"),
            "summary": {
                lg: summary(self.game, [_decision(self.game, d) for d in self.decisions], lg)
                for lg in LANGS_SUMMARY
                if lang is None or lg == lang
            },
            "decisions": self.decisions,
        }
        if self.error:
            out["error"] = self.error
        return out


def _decision(game: str, d: dict[str, Any]) -> Decision:
    """Enough of a decision back from JSON for :func:`summary` (marks, loss and words)."""
    g = pakka.games.get(game)
    from pakka.review.analysis import Alternative

    played = g.action_from_json(d["played"])
    alts = tuple(
        Alternative(
            g.action_from_json(a["action"]),
            0.0,
            0.0,
            a["loss"] if a["loss"] is not None else 0.0,
            a["loss_error"] or 0.0,
        )
        for a in d["alternatives"]
    )
    return Decision(
        d["step"],
        d["deal"],
        d["trick"],
        d["phase"],
        played,
        alts,
        d["worlds"],
        d["legal"],
        d["mark"],
        d["words"],
    )


class Reviews:
    """The reviews of one server process: jobs, the cache and the limits."""

    def __init__(self, pool: SearchPool, limits: Limits) -> None:
        self.pool = pool
        self.limits = limits
        self.jobs: OrderedDict[Key, Job] = OrderedDict()
        self.starts = RateLimit(
            "review_rate", "reviews", limits.reviews_per_hour / 60, limits.review_burst
        )
        self.bounds: OrderedDict[tuple[str, int, int], tuple[int, int]] = OrderedDict()
        """Each reviewed deal's steps in a finished match (the page asks for every step)."""

    def keep_bounds(self, key: tuple[str, int, int], bounds: tuple[int, int]) -> None:
        self.bounds.pop(key, None)
        self.bounds[key] = bounds
        while len(self.bounds) > max(1, self.limits.reviews_cached):
            self.bounds.popitem(last=False)

    def running(self, owner: str | None = None) -> int:
        return sum(
            1
            for j in self.jobs.values()
            if j.status == "running" and (owner is None or j.owner == owner)
        )

    def get(self, key: Key) -> Job | None:
        job = self.jobs.get(key)
        if job is not None:
            self.jobs.move_to_end(key)
        return job

    def start(
        self, key: Key, record: dict[str, Any], owner: str, steps: tuple[int, int] | None = None
    ) -> Job:
        """The review of ``key``: the cached or running one, or a new one within the limits."""
        found = self.get(key)
        if found is not None and found.status != "failed":
            return found
        if self.running(owner) >= self.limits.reviews_per_address:
            raise Refused(
                "review_concurrent",
                f"your address has {self.limits.reviews_per_address} review(s) running; "
                "wait until one is done",
                5.0,
            )
        if self.running() >= self.limits.reviews_running:
            raise Refused(
                "review_busy",
                f"the server is computing {self.limits.reviews_running} reviews already; "
                "try again in a moment",
                10.0,
            )
        self.starts.take(owner)
        job = Job(key, pakka.games.get(record["game"]).name, owner)
        job.steps = steps or (0, len(record.get("actions", [])))
        job.practice = bool((record.get("result") or {}).get("practice"))
        self.jobs[key] = job
        self._trim()
        job.task = asyncio.get_running_loop().create_task(self._run(job, record))
        return job

    def _trim(self) -> None:
        """Forget the least recently asked finished reviews beyond ``reviews_cached``."""
        keep = max(1, self.limits.reviews_cached)
        for key in list(self.jobs):
            if len(self.jobs) <= keep:
                break
            if self.jobs[key].status != "running":
                del self.jobs[key]

    async def _run(self, job: Job, record: dict[str, Any]) -> None:
        table = f"review:{job.key[0]}:{job.key[1]}"
        kind = f"{job.game}:review"
        seat, deal = job.key[2], job.key[3]
        try:
            first, stop, worlds = await self.pool.run(
                Priority.REVIEW,
                review_plan,
                record,
                seat,
                deal,
                owner=job.owner,
                table=table,
                kind=kind,
            )
            job.total, job.worlds = stop - first, worlds
            for start in range(first, stop, CHUNK):
                chunk = await self.pool.run(
                    Priority.REVIEW,
                    review_chunk,
                    record,
                    seat,
                    worlds,
                    start,
                    min(stop, start + CHUNK),
                    owner=job.owner,
                    table=table,
                    kind=kind,
                )
                job.decisions.extend(chunk)
            job.status = "done"
        except asyncio.CancelledError:
            job.status, job.error = "failed", "the server is shutting down"
            raise
        except Exception as exc:  # a failed review is told, not kept
            log.exception("review %s failed", job.key)
            job.status, job.error = "failed", f"the review failed: {exc}"

    async def close(self) -> None:
        for job in self.jobs.values():
            if job.task is not None and not job.task.done():
                job.task.cancel()


# --- the routes -----------------------------------------------------------------------

router = APIRouter(prefix="/api", tags=["review"])


def reviews(request: Request) -> Reviews:
    """This app's reviews (made on first use, with its search pool and limits)."""
    state = request.app.state
    found: Reviews | None = getattr(state, "reviews", None)
    if found is None:
        s = state.services
        found = Reviews(s.pool, s.settings.limits)
        state.reviews = found
    return found


@dataclass
class Reviewed:
    """What a review reads of a stored match: the record (cut after the deal for a deal's
    review) and the steps it covers."""

    record: dict[str, Any]
    steps: tuple[int, int]
    over: bool
    names: Any
    deal: int | None = None
    """The deal reviewed (``-1`` resolved to the last one scored), or ``None``: the match."""
    full: dict[str, Any] | None = None
    """The whole stored record (what the replays' cache may keep for a finished match)."""


async def _record(
    request: Request, table_id: str, number: int, seat: int, deal: int | None
) -> Reviewed:
    """The match to review.  A whole match must be over; a deal may be reviewed as soon as
    it is scored (its hands are then no secret), and only up to its end."""
    from pakka.review.analysis import cut, deal_bounds, last_scored_deal

    s = request.app.state.services
    room = await s.registry.get(table_id)
    if seat >= room.rec.players:
        raise RoomError(422, f"there is no seat {seat}")
    rec = room.rec

    def stored() -> dict[str, Any]:
        m = s.storage.match(table_id, number)
        if m is None:
            raise RoomError(404, f"table {table_id} has no match {number}")
        return {
            **replay_record(rec.game, rec.players, rec.options, m),
            "over": m.result is not None,
        }

    def load() -> dict[str, Any]:
        record = stored()
        if not record.pop("over"):
            raise RoomError(409, "a match can be reviewed once it is over (or one of its deals)")
        return record

    async with s.guards.replays.enter():
        if deal is None:
            record: dict[str, Any] = await asyncio.to_thread(
                s.replays.record, (table_id, number), load
            )
            return Reviewed(record, (0, len(record["actions"])), True, room.names, None, record)
        whole = await asyncio.to_thread(stored)
        over = bool(whole.pop("over"))
        if deal == -1:
            deal = await asyncio.to_thread(last_scored_deal, whole)
            if deal is None:
                raise RoomError(409, "no deal of this match is over yet")
        found = reviews(request).bounds.get((table_id, number, deal)) if over else None
        bounds = found or await asyncio.to_thread(deal_bounds, whole, deal)
        if over and bounds is not None:  # a finished match's deals never move: kept
            reviews(request).keep_bounds((table_id, number, deal), bounds)
    if bounds is None:
        raise RoomError(409, f"deal {deal} of this match is not over (or there is none)")
    short = {**cut(whole, bounds[1]), "result": whole.get("result")}
    # while the match goes on, the page stops before the action that scored the deal: the
    # position after it may already hold the next deal's hands, which nobody may see yet
    steps = bounds if over else (bounds[0], max(bounds[0], bounds[1] - 1))
    return Reviewed(short, steps, over, room.names, deal, whole)


Number = Annotated[int, PathParam(ge=1, le=2**31 - 1)]
Seat = Annotated[int, Query(ge=0, le=9)]
Deal = Annotated[
    int | None,
    Query(ge=-1, le=10_000, description="review only this deal (-1: the last one scored)"),
]


@router.post(
    "/tables/{table_id}/matches/{number}/review",
    status_code=202,
    summary="Start reviewing a finished match for a seat (or find the review already made)",
)
async def start_review(
    request: Request,
    response: Response,
    table_id: str,
    number: Number,
    seat: Seat = 0,
    deal: Deal = None,
) -> dict[str, Any]:
    from pakka.server.routes import address

    if deal != -1:
        found = reviews(request).get((table_id, number, seat, deal))
        if found is not None and found.status != "failed":
            response.status_code = 200 if found.status == "done" else 202
            return found.to_json()
    got = await _record(request, table_id, number, seat, deal)
    job = reviews(request).start(
        (table_id, number, seat, got.deal), got.record, address(request), got.steps
    )
    if job.status == "done":
        response.status_code = 200
    return job.to_json()


@router.get(
    "/tables/{table_id}/matches/{number}/review",
    summary="A review's progress and the decisions reviewed so far (404 before it is started)",
)
async def get_review(
    request: Request,
    table_id: str,
    number: Number,
    seat: Seat = 0,
    deal: Deal = None,
    lang: str | None = None,
) -> dict[str, Any]:
    job = reviews(request).get((table_id, number, seat, deal))
    if job is None:
        raise RoomError(404, "no review of this match for this seat; start one with POST")
    return job.to_json(lang if lang in LANGS_SUMMARY else None)


@router.get(
    "/tables/{table_id}/matches/{number}/review/step",
    summary="The position before a step with every hand shown (the review page's table)",
)
async def review_step(
    request: Request,
    table_id: str,
    number: Number,
    seat: Seat = 0,
    step: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
    deal: Deal = None,
    lang: Literal["en", "fi"] = "en",
) -> dict[str, Any]:
    from pakka.present import presenter
    from pakka.review.analysis import cut

    s = request.app.state.services
    got = await _record(request, table_id, number, seat, deal)
    record, (first, last) = got.record, got.steps
    actions = record["actions"]
    step = max(first, min(step, last))

    def shown() -> tuple[Any, list[Any]]:
        if got.over:
            # the cache keeps what this loads: the whole match, never the cut record
            whole = got.full or record
            found: tuple[Any, list[Any]] = s.replays.shown((table_id, number), lambda: whole, step)
            return found
        game = pakka.games.get(record["game"])
        state = game.from_json(cut(record, max(0, step - 1)))
        if step == 0:
            return state, []
        last_action = actions[step - 1]
        return state, list(
            state.apply(last_action["seat"], game.action_from_json(last_action["action"]))
        )

    async with s.guards.replays.enter():
        state, events = await asyncio.to_thread(shown)
    view = state.view(seat)
    shown_now = presenter(state.game).present(
        view, events, got.names(lang), lang, state.game.info, ()
    )
    # every hand, but never one of a deal after the reviewed one (a match still in play)
    deal = got.deal
    same_deal = deal is None or state.view(None).deal == deal
    hands = [
        [str(c) for c in (state.view(p).hand or ())] if same_deal else []
        for p in range(state.players)
    ]
    following = actions[step] if step < last else None
    return {
        "table": table_id,
        "match": number,
        "seat": seat,
        "deal": deal,
        "step": step,
        "first_step": first,
        "last_step": last,
        "steps": len(actions),
        "next": following,
        "hands": hands,
        "present": shown_now.to_json(),
    }

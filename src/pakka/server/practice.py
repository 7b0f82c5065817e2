"""Practice at a table of one person and bots only (issue 30): take back, all hands, coach.

``{"type": "practice", "op": ...}`` from the person's socket:

* ``takeback``: the person's last action of the match and every action after it (the bots'
  replies) are deleted from the database and the match is replayed without them, under the
  room's lock; the table's revision moves on, so a bot move searched for the old position is
  thrown away (the driver compares positions) and every client's next state frame is the
  earlier position.  The sender first gets ``{"type": "practice", "op": "takeback",
  "version": k, "undone": n}`` (so that its client accepts a lower version), then the state.
* ``redeal``: "deal these cards again": every action of the deal in play is taken back
  the same way, so the same cards are dealt to the same seats and the deal can be played
  with another plan (``{"type": "practice", "op": "redeal", "version": k, "undone": n,
  "seat": s}``).  With ``"seat": s`` (another seat of the table) the person moves there for
  the deal and the rest of the match: the two seats' records are swapped in the same
  transaction (the person's token now holds seat ``s``, the bot of seat ``s`` plays the
  person's old seat), and the sockets of the old seat are closed with ``CLOSE_RESEATED``
  so that the client connects again as seat ``s``.  The match's record (seed and actions)
  is untouched: the same deal, seen and played from seat ``s``.
* ``hands``: ``{"type": "practice", "op": "hands", "version": k, "hands": [[cards of seat
  0], ...]}``: every hand now, to the person only.
* ``coach``: ``{"type": "practice", "op": "coach", "version": k, "action": ..., "mark":
  ""|"inaccuracy"|"mistake", "loss": x, "preferred": action, "text": "..."}``: how the
  review rates ``action`` here (:func:`pakka.review.analysis.evaluate` from the person's
  view, in the search pool at hint priority, counted against the seat's hints).

Any of them sets ``Room.practice`` and the match's ``practice`` column (so that a restart in
the middle of the match keeps it): the match's stored result then says ``"practice": true``,
which the replay and the review show.  Anywhere else (a table with two people, a spectator,
a bot's seat) they are refused with ``not_practice``.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pakka.games
from pakka.errors import IllegalAction, PakkaError
from pakka.server import protocol as P
from pakka.server.search import Priority
from pakka.server.storage import SeatRecord, Storage, _bump, _seat_values, actions, matches, seats

if TYPE_CHECKING:
    from pakka.server.room import Room

Connection = Any
"""The sender's :class:`~pakka.server.connection.Connection` (which imports this module)."""

log = logging.getLogger("pakka.server")


def practice_table(room: Room, seat: int | None) -> str:
    """Why practice is refused at ``room`` for ``seat`` (``""``: it is allowed)."""
    people = [s.rec.seat for s in room.seats if not s.is_bot]
    if seat is None or people != [seat]:
        return "practice is for a table of one person and bots only, at your own seat"
    if room.state is None or room.rec.status != "playing":
        return "practice works while a match is in play"
    return ""


def _truncate(
    storage: Storage,
    table_id: str,
    match: int,
    keep: int,
    moved: Sequence[SeatRecord] = (),
) -> int:
    """Delete the match's actions from index ``keep`` on, mark the match as practised, store
    the ``moved`` seats' records (a redeal from another seat) and move the table's revision
    on, in one transaction: the new revision."""
    with storage.engine.begin() as conn:
        for rec in moved:
            conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == rec.seat)
                .values(**_seat_values(rec))
            )
        conn.execute(
            actions.delete().where(
                actions.c.table_id == table_id, actions.c.match == match, actions.c.idx >= keep
            )
        )
        conn.execute(
            matches.update()
            .where(matches.c.table_id == table_id, matches.c.number == match)
            .values(practice=True)
        )
        return _bump(conn, table_id)


async def mark(conn: Connection, room: Room) -> None:
    """Mark the match in play as practised, in memory and in the database (so that a
    restart before its end keeps the mark)."""
    if not room.practice:
        reg = conn.hub.reg
        await reg.db(reg.storage.mark_practice, room.id, room.rec.match)
        room.practice = True


async def handle(conn: Connection, msg: P.PracticeMsg) -> None:
    """One practice message from ``conn``'s socket (see the module's docstring)."""
    room, seat = conn.room, conn.seat
    why = practice_table(room, seat)
    if why:
        await conn.send(_error("not_practice", why))
        return
    assert seat is not None
    if msg.seat is not None and msg.op != "redeal":
        await conn.send(_error("bad_seat", "a seat goes only with redeal (deal from that seat)"))
        return
    if msg.op in ("takeback", "redeal"):
        await takeback(conn, room, seat, redeal=msg.op == "redeal", to=msg.seat)
    elif msg.op == "hands":
        state = room.state
        assert state is not None
        await mark(conn, room)
        hands = [[str(c) for c in (state.view(p).hand or ())] for p in range(state.players)]
        await conn.send(
            {"type": "practice", "op": "hands", "version": room.version, "hands": hands}
        )
    else:
        await coach(conn, room, seat, msg)


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "practice", "op": "error", "code": code, "message": message}


def _deal_start(room: Room) -> int:
    """The first step of the deal in play (the number of actions before it)."""
    state = room.state
    assert state is not None
    return room.game.deal_start(state.to_json())


async def takeback(
    conn: Connection, room: Room, seat: int, redeal: bool = False, to: int | None = None
) -> None:
    """Take back the person's last action and the bots' replies; ``redeal``: every action
    of the deal in play (the same cards dealt again, to be played with another plan), from
    seat ``to`` if it is given (the person moves there)."""
    reg = conn.hub.reg
    op = "redeal" if redeal else "takeback"
    players = room.rec.players
    if to is not None and not 0 <= to < players:
        await conn.send(
            _error(
                "bad_seat",
                f"there is no seat {to} at this table: choose a seat from 0 to {players - 1} "
                f"(yours is {seat})",
            )
        )
        return
    async with room.lock:
        await reg.catch_up(room)
        state = room.state
        if state is None or state.log is None or room.rec.status != "playing":
            await conn.send(_error("not_practice", "practice works while a match is in play"))
            return
        if practice_table(room, seat):  # (changed while this waited for the lock)
            await conn.send(_error("not_practice", practice_table(room, seat)))
            return
        moving = to is not None and to != seat
        if redeal:
            keep = _deal_start(room)
            if keep >= len(state.log) and not moving:
                await conn.send(_error("nothing_to_take_back", "this deal has not begun yet"))
                return
        else:
            mine = [i for i, (s, _) in enumerate(state.log) if s == seat]
            if not mine:
                await conn.send(_error("nothing_to_take_back", "you have not acted in this match"))
                return
            keep = mine[-1]
        record = state.to_json()
        moved: list[SeatRecord] = []
        if moving:
            assert to is not None
            person, bot = room.seats[seat].rec, room.seats[to].rec
            moved = [dataclasses.replace(person, seat=to), dataclasses.replace(bot, seat=seat)]
        revision = await reg.db(_truncate, reg.storage, room.id, room.rec.match, keep, moved)
        room.state = room.game.from_json({**record, "actions": record["actions"][:keep]})
        room.rec.revision = revision
        room.practice = True
        for rec in moved:
            s = room.seats[rec.seat]
            s.rec = rec
            s.away, s.trouble, s.hinted = False, None, None
        room.rec.seats = [s.rec for s in room.seats]
        # a deal end taken back is no longer a past summary, nor a break to wait in
        room.scored = None
        if room.pause is not None:
            if room.pause.task is not None:
                room.pause.task.cancel()
            room.pause = None
        undone = len(record["actions"]) - keep
        reply: dict[str, Any] = {"type": "practice", "op": op, "version": keep, "undone": undone}
        if redeal:
            reply["seat"] = seat if to is None else to
        await conn.send(reply)
        if moving:  # the old seat's sockets go first: its state is a bot's from now on
            await reg.announce(room, reseated=[seat])
        await reg.publish(room, table=moving)
        reg.kick(room)


async def coach(conn: Connection, room: Room, seat: int, msg: P.PracticeMsg) -> None:
    state = room.state
    assert state is not None
    try:
        action = room.game.action_from_json(msg.action)
        state.check(seat, action)
    except (IllegalAction, PakkaError) as exc:
        await conn.send(_error("illegal", str(exc)))
        return
    conn.play.hints.take(f"{room.id}:{seat}")  # the coach counts as a hint
    await mark(conn, room)
    version = room.version
    observation = state.observation(seat)
    legal = state.legal_actions(seat)
    try:
        found = await conn.play.pool.run(
            Priority.HINT,
            coach_move,
            room.rec.game,
            observation,
            legal,
            action,
            msg.lang,
            owner=conn.address or room.owner,
            table=room.id,
            kind=f"{room.rec.game}:coach",
        )
    except Exception:
        log.exception("the coach failed at table %s", room.id)
        await conn.send(_error("unavailable", "the coach could not rate this move"))
        return
    await conn.send({"type": "practice", "op": "coach", "version": version, **found})


def coach_move(
    game_name: str, observation: dict[str, Any], legal: list[Any], action: Any, lang: str
) -> dict[str, Any]:
    """How the review rates ``action`` from this view (in a worker)."""
    from pakka.review.coach import coach

    view = pakka.games.get(game_name).view_from_json(observation)
    return coach(game_name, view, legal, action, lang).to_json()

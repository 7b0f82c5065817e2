"""Lobby operations: create a table, take and leave seats, start a match, rematch."""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError

import pakka.games
from pakka.engine import options_from_mapping
from pakka.errors import PakkaError
from pakka.server import names
from pakka.server.limits import Limits, Refused
from pakka.server.registry import RoomRegistry
from pakka.server.room import Room, RoomError
from pakka.server.storage import SeatRecord, TableRecord, hash_token, later, now

log = logging.getLogger("pakka.server")
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 13
"""Invite code letters: 32 ** 13 = 2 ** 65 codes, so guessing one of many private tables
takes centuries even without the per-address limit on look-ups (6 letters, 30 bits, fell
in minutes)."""
JOIN_ATTEMPTS = 3
"""Tries of a join whose seat another process gave away first (it catches up each time)."""
CREATE_ATTEMPTS = 3
"""Draws of an invite code when the last one was taken (any other database error is the
client's 503 at once: a locked database is not retried here)."""


@dataclass(frozen=True)
class _Creating:
    """A table being created: it counts against the limits before it is in memory."""

    address: str
    all_bots: bool
    search: bool


class Lobby:
    """The seat-changing requests of the REST lobby.

    A request that fails changes nothing; once its change is stored (a seat taken, a
    table created and started) what follows cannot fail it: a start that fails after the
    last seat was taken is tried again when a socket connects, an update that cannot be
    published is caught up later, and a table whose creation fails before anyone holds
    it is deleted again.
    """

    def __init__(self, reg: RoomRegistry, limits: Limits) -> None:
        self.reg = reg
        self.limits = limits
        self._creating: dict[str, _Creating] = {}
        """Tables being created now, by id."""
        reg.start_full = self.start_full

    async def create(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seat_kinds: Sequence[tuple[str, str]] | None,
        public: bool,
        turn_seconds: float | None,
        bot_delay: float,
        address: str = "",
        trick_seconds: float = 1.5,
    ) -> Room:
        """A new table (its match starts at once when every seat is a bot's).

        All-bot tables are limited, per client ``address`` and in all
        (``Limits.bot_tables_per_address``, ``Limits.bot_tables``): their bots search for
        nobody in particular, and each one costs CPU for as long as it plays.
        """
        self._open_for_business()
        try:
            game = pakka.games.get(game_name)
        except PakkaError as exc:
            raise RoomError(404, str(exc)) from None
        info = game.info
        n = info.default_players if players is None else players
        if not info.min_players <= n <= info.max_players:
            raise RoomError(
                422,
                f"{info.title} is played by {info.min_players}-{info.max_players} players, not {n}",
            )
        try:
            opts = options_from_mapping(game.Options, options)
            opts.check_table(n)  # an option that names a seat names one of these n
        except PakkaError as exc:
            raise RoomError(422, str(exc)) from None
        _try_a_deal(game, n, opts)
        kinds = seat_kinds or [("person", "random")] * n
        if len(kinds) != n:
            raise RoomError(422, f"give one seat for each of the {n} players, not {len(kinds)}")
        seat_recs = [
            SeatRecord(seat=i, kind=k, level=lvl if k == "bot" else None, name=None)
            for i, (k, lvl) in enumerate(kinds)
        ]
        rec = TableRecord(
            id=secrets.token_urlsafe(9),
            code=_invite_code(),
            game=game.name,
            players=n,
            options=dataclasses.asdict(opts),
            public=public,
            turn_seconds=turn_seconds,
            bot_delay=bot_delay,
            trick_seconds=trick_seconds,
            status="open",
            match=0,
            created=now(),
            seats=seat_recs,
            expires=later(self.limits.table_open_seconds),
        )
        all_bots = all(k == "bot" for k, _ in kinds)
        search = not all_bots and any(k == "bot" and lvl != "random" for k, lvl in kinds)
        creating = _Creating(address, all_bots, search)
        self._allow(creating)
        self.reg.make_room(new=True)
        self._creating[rec.id] = creating  # counted from now on: requests at once
        try:
            await self._store(rec)
            try:
                room = await self.reg.get(rec.id, new=True)
            except BaseException:
                await self.discard(rec.id)
                raise
            self.reg.own(room, address)
            return room
        finally:
            del self._creating[rec.id]

    async def discard(self, table_id: str) -> None:
        """Undo a table's creation that could not be completed: out of memory and out
        of the database, as long as nobody holds a seat and no match started there."""
        room = self.reg.rooms.get(table_id)
        if room is not None and (room.rec.match > 0 or any(s.rec.token_hash for s in room.seats)):
            return
        if room is not None:
            for task in (room.driver, room.timer):
                if task is not None:
                    task.cancel()
            self.reg.rooms.pop(table_id, None)
        try:
            await self.reg.db(self.reg.storage.delete_unstarted, table_id)
        except Exception:  # the database is down: an unstarted table, it expires alone
            log.warning("table %s could not be deleted after a failed creation", table_id)

    async def _store(self, rec: TableRecord) -> None:
        """Store a new table, with another invite code if its code is taken already."""
        for attempt in range(CREATE_ATTEMPTS):
            try:
                await self.reg.db(self.reg.storage.create_table, rec)
                return
            except IntegrityError:
                if attempt == CREATE_ATTEMPTS - 1:
                    raise
                rec.code = _invite_code()

    def _open_for_business(self) -> None:
        if self.reg.draining:
            raise RoomError(503, "the server is restarting; try again in a moment")

    def _allow(self, new: _Creating) -> None:
        """:class:`Refused` when a table like ``new`` would take its address, or everyone,
        past a limit: tables in memory per address, tables with people and search bots per
        address, all-bot tables per address and in all.  A table whose connected people
        are all away counts as an all-bot table; idle tables of the address are dropped
        from memory before it is refused for having too many."""
        limits = self.limits
        live = [r for r in self.reg.rooms.values() if r.rec.status != "over"]
        creating = list(self._creating.values())
        mine = [r for r in live if r.owner == new.address]
        mine_creating = [c for c in creating if c.address == new.address]

        def over(rooms: list[Room], pending: int, most: int) -> int:
            """How many there are, if that is ``most`` or more even when the idle ones
            have left memory; else 0."""
            count = len(rooms) + pending
            if count >= most:
                count -= self.reg.drop_idle(rooms)
            return count if count >= most else 0

        if n := over(mine, len(mine_creating), limits.tables_per_address):
            raise Refused(
                "tables_per_address",
                f"your address has {n} tables here, the most it may; "
                "try again when one has finished",
                retry_after=60.0,
            )
        if new.search:
            # tables whose people are here, or have not come yet; not those whose people
            # came and left (their bots wait for them, at no cost)
            searching = [
                r
                for r in mine
                if not r.all_bots and r.search_bots() and (r.people_present() or not r.visited)
            ]
            n = len(searching) + sum(1 for c in mine_creating if c.search)
            if n >= limits.search_tables_per_address:
                raise Refused(
                    "search_tables_per_address",
                    f"your address has {n} tables with search bots here, the most it may; "
                    "finish one, or play against random bots",
                    retry_after=60.0,
                )
        if not new.all_bots:
            return
        bots = [r for r in live if r.all_bots or r.unattended()]
        n_mine = sum(1 for r in bots if r.owner == new.address)
        n_mine += sum(1 for c in mine_creating if c.all_bots)
        if n_mine >= limits.bot_tables_per_address:
            raise Refused(
                "bot_tables_per_address",
                f"your address has {n_mine} all-bot tables playing, the most it may; "
                "try again when one has finished",
                retry_after=60.0,
            )
        n_all = len(bots) + sum(1 for c in creating if c.all_bots)
        if n_all >= limits.bot_tables:
            raise Refused(
                "bot_tables",
                f"the server is playing {n_all} all-bot tables, the most it may; try again later",
                retry_after=60.0,
            )

    async def join(self, room: Room, name: str, seat: int | None) -> tuple[int, str]:
        """Seat ``name`` at ``seat`` (the first free one if ``None``): the seat and its token.

        The database gives a seat away only if it is still free there, so two processes
        cannot both give away the same seat: the loser catches up and tries the next free
        seat (or says the asked one is taken).
        """
        self._open_for_business()
        name = names.clean(name)
        for _ in range(JOIN_ATTEMPTS):
            async with room.lock:
                await self.reg.catch_up(room)
                if room.rec.expired():
                    raise RoomError(410, "this table has closed; create a new one")
                chosen = _free_seat(room, seat)
                names.check_unique(name, room, chosen)
                token = secrets.token_urlsafe(24)
                digest = hash_token(token)
                storage = self.reg.storage
                revision = await self.reg.db(storage.take_seat, room.id, chosen, name, digest)
                if revision is None:  # another process gave it away first
                    room.stale = True
                    continue
                # the seat is stored: the join completes now, whatever fails below (the
                # token is the seat: losing it would lose the seat)
                s = room.seats[chosen]
                s.rec = dataclasses.replace(s.rec, name=name, token_hash=digest)
                room.rec.revision = revision
                await self.reg.announce(room)
                await self.start_full(room)
                return chosen, token
        raise RoomError(409, "the seats changed while you joined; try again")

    async def start_full(self, room: Room) -> None:
        """Start the match of an open table whose seats are all taken (the caller holds
        the lock).  Never raises: a start that fails is logged, the table stays open and
        full, and it is tried again when a socket connects (or ``POST …/start``)."""
        if room.rec.status != "open" or not all(x.taken for x in room.seats):
            return
        try:
            await self._start(room)
        except RoomError as exc:  # another process started it first: fine
            log.info("table %s not started here: %s", room.id, exc)
        except Exception:
            log.exception("table %s is full but could not start; it is tried again", room.id)

    async def start(self, room: Room) -> None:
        async with room.lock:
            if room.rec.status != "open":
                raise RoomError(409, f"the table is already {room.rec.status}")
            free = [s.rec.seat for s in room.seats if not s.taken]
            if free:
                raise RoomError(
                    409, f"seats {', '.join(map(str, free))} are still free; a match needs them all"
                )
            await self._start(room)

    async def start_if_full(self, room: Room) -> None:
        async with room.lock:
            if room.rec.status == "open" and all(x.taken for x in room.seats):
                await self._start(room)

    async def new_match(self, room: Room, seat: int | None, ask: bool = True) -> None:
        """``seat`` asks for a new match (``ask`` False: takes the request back).  It starts
        when every seated person has asked: after a match, or during one, which it gives up
        (a Guandan match restarts both teams at level 2, so everyone must agree)."""
        if seat is None:
            raise RoomError(403, "only a seated player can ask for a new match")
        async with room.lock:
            await self.reg.catch_up(room)
            if room.rec.status == "open":
                raise RoomError(409, "no match has started at this table yet")
            if room.seats[seat].is_bot:
                raise RoomError(403, "this seat is played by a bot now")
            asked = set(room.rec.new_match) - {seat}
            if ask:
                asked.add(seat)
            people = {s.rec.seat for s in room.seats if not s.is_bot and s.taken}
            if ask and people <= asked:
                await self._start(room, restart=room.rec.status == "playing")
                return
            revision = await self.reg.db(
                self.reg.storage.set_new_match, room.id, room.rec.match, sorted(asked)
            )
            if revision is None:  # another process started a match meanwhile
                room.stale = True
                await self.reg.catch_up(room)
                raise RoomError(409, "the table has moved on to another match")
            room.rec.new_match = sorted(asked)
            room.rec.revision = revision
            await self.reg.announce(room)

    async def leave(self, room: Room, seat: int | None) -> None:
        if seat is None:
            raise RoomError(403, "only a seated player can leave a seat")
        async with room.lock:
            await self.reg.catch_up(room)
            s = room.seats[seat]
            held = s.rec.token_hash
            if held is None:
                raise RoomError(403, "this token does not hold a seat at this table")
            if room.rec.status == "open":
                new = dataclasses.replace(s.rec, name=None, token_hash=None)
            else:  # a bot takes the seat for the rest of the match
                new = SeatRecord(
                    seat=seat, kind="bot", level="random", name=s.rec.name, token_hash=None
                )
            revision = await self.reg.db(self.reg.storage.give_up_seat, room.id, held, new)
            if revision is None:  # changed by another process meanwhile
                room.stale = True
                await self.reg.catch_up(room)
                raise RoomError(403, "this token does not hold a seat at this table any more")
            if new.kind == "bot":
                s.away = False
            s.rec = new
            room.rec.revision = revision
            await self.reg.announce(room, revoked=[seat])
            self.reg.kick(room)

    async def _start(self, room: Room, restart: bool = False) -> None:
        """Start match ``match + 1`` (the caller holds the lock; ``restart``: giving up the
        one in play); :class:`RoomError` if another process has started a match here first."""
        number = room.rec.match + 1
        seed = secrets.randbelow(2**62)
        try:
            state = room.game.new_match(players=room.rec.players, options=room.options, seed=seed)
        except PakkaError as exc:  # options stored before they were checked at creation
            raise RoomError(409, f"this table's options do not work: {exc}") from None
        revision = await self.reg.db(self.reg.storage.start_match, room.id, number, seed, restart)
        if revision is None:
            room.stale = True
            await self.reg.catch_up(room)
            raise RoomError(409, f"the table is already {room.rec.status}")
        room.rec.match = number
        room.rec.status = "playing"
        room.rec.revision = revision
        room.rec.expires = None
        room.rec.new_match = []
        room.state = state
        room.practice = False
        for s in room.seats:
            s.away = False
            s.trouble = None
        await self.reg.publish(room, table=True)
        self.reg.kick(room)


def _try_a_deal(game: Any, players: int, options: Any) -> None:
    """Deal once with these options at this many players (before anything is stored), so
    that options that only fail when a match starts are refused now, with a 422, instead
    of a full table that cannot start."""
    try:
        game.new_match(players=players, options=options, seed=0)
    except Exception as exc:
        log.info("options refused at %d players: %s", players, exc)
        raise RoomError(422, f"these options do not work at a table of {players}: {exc}") from None


def _invite_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _free_seat(room: Room, seat: int | None) -> int:
    """``seat`` if it is free, or the first free seat when ``seat`` is ``None``."""
    free = [s.rec.seat for s in room.seats if not s.taken]
    if seat is None:
        if not free:
            raise RoomError(409, "every seat at this table is taken; you can watch")
        return free[0]
    if not 0 <= seat < room.rec.players:
        raise RoomError(422, f"there is no seat {seat}; seats are 0-{room.rec.players - 1}")
    if seat not in free:
        raise RoomError(
            409, f"seat {seat} is taken; free seats: {', '.join(map(str, free)) or 'none'}"
        )
    return seat

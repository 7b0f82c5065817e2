"""Rooms: the live tables of one server process, and the only place that calls ``apply``.

A :class:`Room` holds one table's match state, rebuilt from storage by replay when it is
first needed (so a restart, even ``kill -9``, loses nothing that was ever acknowledged).
Every change runs under the room's lock in the same order:

1. read the action (``game.action_from_json``) and check it (``state.check``) — an
   :class:`IllegalAction` goes back to the sender only, and nothing has changed;
2. commit it to the database;
3. apply it to the state;
4. publish each audience's own projection (``observation(seat)``, the legal actions and
   the events that seat may see; spectators get ``observation(None)``).

Bots (seats created as bots, and people who are away past the turn timer) are played by
one driver task per room after each change.  :class:`RoomRegistry` owns the rooms and their
tasks and cancels them all in :meth:`RoomRegistry.close`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import importlib
import json
import logging
import random
import secrets
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

import pakka.games
from pakka.engine import Action, Event, Game, State, options_from_mapping
from pakka.errors import IllegalAction, PakkaError
from pakka.options import option_specs
from pakka.server.protocol import (
    GameMeta,
    HelloMsg,
    HintReply,
    OptionInfo,
    SeatView,
    TableMsg,
    TableView,
)
from pakka.server.pubsub import PubSubBackend, Subscription, Update
from pakka.server.storage import SeatRecord, Storage, TableRecord, hash_token, now
from pakka.server.writer import GroupCommit

log = logging.getLogger("pakka.server")

SPECTATOR = "spectator"
STORAGE_RETRY_SECONDS = 0.5
"""A bot whose move could not be stored (database locked or down) tries again this late."""
BOT_DELAY_SPREAD = 0.25
"""A bot waits its table's ``bot_delay`` times a random factor in ``1 ± BOT_DELAY_SPREAD``
(the same pace on average): tables started together, as after a restart, do not then move
in lockstep, all their bots at the same instant every second."""
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


class RoomError(PakkaError):
    """A lobby request that cannot be done; ``status`` is the HTTP status to answer."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)


class Bot(Protocol):
    def act(self, observation: dict[str, Any], legal_actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """The built-in stand-in while ``pakka.bots`` does not exist: a random legal action."""

    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal_actions))


def make_bot(game: str, level: str, seed: int | None) -> Bot:
    """``pakka.bots.make(game, level, seed=seed)`` if it exists, else :class:`RandomBot`."""
    try:
        bots = importlib.import_module("pakka.bots")
    except ModuleNotFoundError:
        return RandomBot(seed)
    maker = getattr(bots, "make", None)
    if maker is None:
        return RandomBot(seed)
    try:
        bot: Bot = maker(game, level, seed=seed)
    except Exception:
        log.exception("pakka.bots.make(%r, %r) failed; using a random bot", game, level)
        return RandomBot(seed)
    return bot


def suggest(
    game: str, observation: dict[str, Any], legal: list[Action], lang: str = "en"
) -> tuple[Action, str | None]:
    """A hint and its reason: ``pakka.bots.suggest`` if it exists, else a random action.

    ``pakka.bots.suggest(game, observation, legal, lang)`` returns the action and a
    one-line reason (an older form returning just the action is accepted too).  A random
    fallback has the reason ``None``.
    """
    try:
        bots = importlib.import_module("pakka.bots")
        hinter = getattr(bots, "suggest", None)
    except ModuleNotFoundError:
        hinter = None
    if hinter is not None:
        try:
            answer = hinter(game, observation, legal, lang=lang)
            action, reason = answer if isinstance(answer, tuple) else (answer, "")
            if action in legal:
                return action, str(reason or "")
        except Exception:
            log.exception("pakka.bots.suggest failed; giving a random hint")
    return random.choice(legal), None


def jsonable(value: Any) -> Any:
    """Event data as plain JSON (cards and other values become their notation)."""
    return json.loads(json.dumps(value, default=str))


def game_meta(game: Game[Any, Any], rule_langs: list[str]) -> GameMeta:
    """The lobby's description of a game, read from its ``GameInfo`` and option specs."""
    info = game.info
    options = [
        OptionInfo(
            name=spec.name,
            type=spec.kind,
            default=spec.default,
            choices=None if spec.choices is None else list(spec.choices),
            range=None if spec.range is None or spec.kind == "seat" else list(spec.range),
            nullable=spec.nullable,
            help=spec.help,
        )
        for spec in option_specs(game.Options)
    ]
    return GameMeta(
        name=info.name,
        title=info.title,
        description=info.description,
        min_players=info.min_players,
        max_players=info.max_players,
        default_players=info.default_players,
        simultaneous=info.simultaneous,
        hidden_information=info.hidden_information,
        seat_direction=info.seat_direction,
        teams=[list(team) for team in info.teams],
        pass_offsets=list(info.pass_offsets),
        hand_sort=info.hand_sort,
        lower_is_better=info.lower_is_better,
        options=options,
        rules=rule_langs,
    )


@dataclasses.dataclass
class Seat:
    rec: SeatRecord
    away: bool = False
    connections: int = 0
    bot: Bot | None = None

    @property
    def is_bot(self) -> bool:
        return self.rec.kind == "bot"

    @property
    def taken(self) -> bool:
        return self.is_bot or self.rec.token_hash is not None


class Room:
    """One table: its seats, its match state and its lock."""

    def __init__(self, rec: TableRecord, game: Game) -> None:
        self.rec = rec
        self.game = game
        self.options: Any = options_from_mapping(game.Options, rec.options)
        self.seats = [Seat(s) for s in rec.seats]
        self.state: State | None = None
        self.lock = asyncio.Lock()
        self.driver: asyncio.Task[None] | None = None
        self.timer: asyncio.Task[None] | None = None
        self.spectators = 0
        self.stale = False
        """Another process changed this table: reload it from storage before using it."""
        """Spectator connections in this process (seats count their own)."""

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def channel(self) -> str:
        return f"table:{self.rec.id}"

    @property
    def version(self) -> int:
        if self.state is None or self.state.log is None:
            return 0
        return len(self.state.log)

    def view(self) -> TableView:
        r = self.rec
        return TableView(
            id=r.id,
            code=r.code,
            game=r.game,
            title=self.game.info.title,
            players=r.players,
            options=dataclasses.asdict(self.options),
            seats=[
                SeatView(
                    seat=s.rec.seat,
                    kind=s.rec.kind,  # type: ignore[arg-type]
                    level=s.rec.level,  # type: ignore[arg-type]
                    name=s.rec.name,
                    taken=s.taken,
                    connected=s.connections > 0,
                    away=s.away,
                )
                for s in self.seats
            ],
            status=r.status,  # type: ignore[arg-type]
            match=r.match,
            public=r.public,
            turn_seconds=r.turn_seconds,
            bot_delay=r.bot_delay,
            created=r.created,
        )

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to; ``None`` for no token; :class:`RoomError` if wrong."""
        if not token:
            return None
        digest = hash_token(token)
        for s in self.seats:
            if s.rec.token_hash is not None and hmac.compare_digest(s.rec.token_hash, digest):
                return s.rec.seat
        raise RoomError(403, "this token does not hold a seat at this table")

    def state_msg(self, seat: int | None, events: Sequence[Event] = ()) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) is sent: its projection, never the state."""
        told = [(e, jsonable(e.to_json())) for e in events]
        return self._state_frame(seat, told)

    def _state_frame(
        self, seat: int | None, told: Sequence[tuple[Event, dict[str, Any]]]
    ) -> dict[str, Any]:
        """A :class:`StateMsg` as plain JSON, built directly (this runs for every audience
        after every action, so it skips pydantic; ``test_schemas`` checks the shape)."""
        assert self.state is not None
        legal = self.state.legal_actions(seat) if seat is not None else []
        return {
            "type": "state",
            "version": self.version,
            "match": self.rec.match,
            "observation": self.state.observation(seat),
            "legal_actions": [a.to_json() for a in legal],
            "legal_text": [str(a) for a in legal],
            "events": [data for e, data in told if e.visible_to(seat)],
        }

    def update(
        self, events: Sequence[Event] = (), table: bool = False, everyone: bool = False
    ) -> Update:
        payloads: dict[str, list[dict[str, Any]]] = {}
        if self.state is not None:
            told = [(e, jsonable(e.to_json())) for e in events]  # once, then per audience
            # only the audiences someone listens to here (a bot's seat usually has nobody)
            for seat in range(self.rec.players):
                if everyone or self.seats[seat].connections > 0:
                    payloads[str(seat)] = [self._state_frame(seat, told)]
            if everyone or self.spectators > 0:
                payloads[SPECTATOR] = [self._state_frame(None, told)]
        every = [TableMsg(table=self.view()).model_dump(mode="json")] if table else []
        return Update(payloads=payloads, all=every, position=(self.rec.match, self.version))

    def movers(self) -> list[int]:
        """Seats in ``to_act`` that a bot plays now (bot seats and people who are away)."""
        if self.state is None or self.rec.status != "playing":
            return []
        return [
            s for s in sorted(self.state.to_act()) if self.seats[s].is_bot or self.seats[s].away
        ]


class RoomRegistry:
    """The live rooms of this process, loaded from storage on demand."""

    def __init__(self, storage: Storage, pubsub: PubSubBackend, bot_delay: float | None = None):
        self.storage = storage
        self.pubsub = pubsub
        self.bot_delay = bot_delay
        """Overrides every table's ``bot_delay`` when set (tests use 0)."""
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self._closed = False
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="pakka-db")
        self.commits = GroupCommit(storage, self.writer)
        pubsub.on_foreign = self._foreign

    # --- lifecycle ---------------------------------------------------------------------

    async def resume(self) -> None:
        """Load every table in play, so bots carry on after a restart."""
        for table_id in self.storage.playing_table_ids():
            try:
                await self.get(table_id)
            except Exception:
                log.exception("table %s could not be restored", table_id)

    async def close(self) -> None:
        self._closed = True
        tasks = []
        for room in self.rooms.values():
            for task in (room.driver, room.timer):
                if task is not None and not task.done():
                    task.cancel()
                    tasks.append(task)
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.rooms.clear()
        await self.commits.close()
        self.writer.shutdown(wait=True)

    async def get(self, table_id: str) -> Room:
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(table_id)
            if room is not None:
                return room
            rec = self.storage.load_table(table_id) if len(table_id) <= 32 else None
            if rec is None:
                raise RoomError(404, f"there is no table {table_id!r}")
            try:
                room = self._restore(rec)
            except PakkaError as exc:
                if isinstance(exc, RoomError):
                    raise
                raise RoomError(409, f"table {rec.id} cannot be restored here: {exc}") from None
            self.rooms[table_id] = room
        async with room.lock:
            self._kick(room)
        return room

    def _restore(self, rec: TableRecord) -> Room:
        """A room from its stored record: seats, bots, and the match replayed from its log."""
        room = Room(rec, pakka.games.get(rec.game))
        for s in room.seats:
            if s.is_bot:
                s.bot = make_bot(rec.game, s.rec.level or "random", None)
        if rec.match > 0:
            match = self.storage.match(rec.id, rec.match)
            if match is None:
                raise RoomError(500, f"table {rec.id} lost match {rec.match}")
            room.state = room.game.from_json(
                {
                    "game": rec.game,
                    "players": rec.players,
                    "options": rec.options,
                    "seed": match.seed,
                    "actions": match.actions,
                }
            )
        return room

    def _foreign(self, channel: str, position: tuple[int, int]) -> None:
        room = self.rooms.get(channel.removeprefix("table:"))
        if room is not None and position != (room.rec.match, room.version):
            room.stale = True

    def _catch_up(self, room: Room) -> None:
        """Reload a table another process has changed (the caller holds the lock)."""
        if not room.stale:
            return
        rec = self.storage.load_table(room.id)
        if rec is None:
            return
        fresh = self._restore(rec)
        room.rec = fresh.rec
        room.state = fresh.state
        for mine, new in zip(room.seats, fresh.seats, strict=True):
            if mine.rec.kind != new.rec.kind:
                mine.bot = new.bot
            mine.rec = new.rec
        room.stale = False

    def forget(self, room: Room) -> None:
        """Drop an idle room from memory (it is reloaded from storage when needed)."""
        busy = (
            room.driver is not None or room.spectators > 0 or any(s.connections for s in room.seats)
        )
        if not busy and room.rec.status != "playing" and self.rooms.get(room.id) is room:
            if room.timer is not None:
                room.timer.cancel()
            del self.rooms[room.id]

    # --- lobby -------------------------------------------------------------------------

    async def create(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seat_kinds: Sequence[tuple[str, str]] | None,
        public: bool,
        turn_seconds: float | None,
        bot_delay: float,
    ) -> Room:
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
        except PakkaError as exc:
            raise RoomError(422, str(exc)) from None
        kinds = seat_kinds or [("person", "random")] * n
        if len(kinds) != n:
            raise RoomError(422, f"give one seat for each of the {n} players, not {len(kinds)}")
        seat_recs = [
            SeatRecord(seat=i, kind=k, level=lvl if k == "bot" else None, name=None)
            for i, (k, lvl) in enumerate(kinds)
        ]
        for attempt in range(10):
            rec = TableRecord(
                id=secrets.token_urlsafe(9),
                code="".join(secrets.choice(CODE_ALPHABET) for _ in range(6)),
                game=game.name,
                players=n,
                options=dataclasses.asdict(opts),
                public=public,
                turn_seconds=turn_seconds,
                bot_delay=bot_delay,
                status="open",
                match=0,
                created=now(),
                seats=seat_recs,
            )
            try:
                self.storage.create_table(rec)
                break
            except Exception:
                if attempt == 9:
                    raise
        return await self.get(rec.id)

    async def join(self, room: Room, name: str, seat: int | None) -> tuple[int, str]:
        name = " ".join(name.split())
        if not name:
            raise RoomError(422, "a display name cannot be blank")
        async with room.lock:
            free = [s.rec.seat for s in room.seats if not s.taken]
            if seat is None:
                if not free:
                    raise RoomError(409, "every seat at this table is taken; you can watch")
                seat = free[0]
            elif not 0 <= seat < room.rec.players:
                raise RoomError(422, f"there is no seat {seat}; seats are 0-{room.rec.players - 1}")
            elif seat not in free:
                raise RoomError(
                    409, f"seat {seat} is taken; free seats: {', '.join(map(str, free)) or 'none'}"
                )
            token = secrets.token_urlsafe(24)
            s = room.seats[seat]
            new = dataclasses.replace(s.rec, name=name, token_hash=hash_token(token))
            self.storage.update_seat(room.id, new)
            s.rec = new
            await self._publish(room, table=True)
            if room.rec.status == "open" and all(x.taken for x in room.seats):
                await self._start(room)
        return seat, token

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

    async def rematch(self, room: Room, seat: int | None) -> None:
        if seat is None:
            raise RoomError(403, "only a seated player can ask for a rematch")
        async with room.lock:
            if room.rec.status != "over":
                raise RoomError(409, "a rematch can start only when the match is over")
            await self._start(room)

    async def leave(self, room: Room, seat: int | None) -> None:
        if seat is None:
            raise RoomError(403, "only a seated player can leave a seat")
        async with room.lock:
            s = room.seats[seat]
            if room.rec.status == "open":
                new = dataclasses.replace(s.rec, name=None, token_hash=None)
            else:  # a bot takes the seat for the rest of the match
                new = SeatRecord(
                    seat=seat, kind="bot", level="random", name=s.rec.name, token_hash=None
                )
                s.bot = make_bot(room.rec.game, "random", None)
                s.away = False
            self.storage.update_seat(room.id, new)
            s.rec = new
            await self._publish(room, table=True)
            self._kick(room)

    async def _start(self, room: Room) -> None:
        """Start match ``match + 1`` (the caller holds the lock)."""
        number = room.rec.match + 1
        seed = secrets.randbelow(2**62)
        state = room.game.new_match(players=room.rec.players, options=room.options, seed=seed)
        self.storage.start_match(room.id, number, seed)
        room.rec.match = number
        room.rec.status = "playing"
        room.state = state
        for s in room.seats:
            s.away = False
            if s.is_bot:
                s.bot = make_bot(room.rec.game, s.rec.level or "random", seed + s.rec.seat)
        await self._publish(room, table=True)
        self._kick(room)

    # --- play --------------------------------------------------------------------------

    async def act(self, room: Room, seat: int | None, data: Any) -> None:
        """A person's action: checked, committed, applied, published.

        Raises :class:`IllegalAction` (the state is untouched) or :class:`RoomError`.
        """
        if seat is None:
            raise RoomError(403, "spectators cannot act; join a free seat to play")
        async with room.lock:
            self._catch_up(room)
            state = room.state
            if state is None or room.rec.status == "open":
                raise RoomError(409, "the match has not started yet")
            if room.seats[seat].is_bot:
                raise RoomError(403, f"seat {seat} is played by a bot")
            action = room.game.action_from_json(data)
            returned = room.seats[seat].away
            room.seats[seat].away = False
            try:
                state.check(seat, action)
            except IllegalAction:
                if returned:
                    await self._publish(room, table=True)
                raise
            await self._commit(room, seat, action, table=returned)

    async def hint(self, room: Room, seat: int | None, lang: str = "en") -> HintReply:
        if seat is None or room.state is None:
            return HintReply(
                action=None, text="only a seated player can ask for a hint", engine=False
            )
        async with room.lock:
            legal = room.state.legal_actions(seat)
            observation = room.state.observation(seat)
        if not legal:
            return HintReply(action=None, text="it is not your turn", engine=False)
        # the hint engine may search for a while: off the event loop, outside the lock
        action, reason = await asyncio.to_thread(suggest, room.rec.game, observation, legal, lang)
        if reason is None:
            text = f"{action} (no hint engine yet: a random legal action)"
        else:
            text = f"{action}: {reason}" if reason else str(action)
        return HintReply(action=action.to_json(), text=text, engine=reason is not None)

    async def _commit(self, room: Room, seat: int, action: Action, table: bool = False) -> None:
        """Persist, apply, publish (the caller holds the lock and has checked the action)."""
        state = room.state
        assert state is not None
        # committed together with the other tables' actions waiting at the same moment
        # (GroupCommit): SQLite's quick append on the event loop when the database is free,
        # else on the one writer thread, so a locked or slow database never stalls the loop
        try:
            await self.commits.append(
                (room.id, room.rec.match, room.version, seat, action.to_json())
            )
        except IntegrityError:  # another process stored a move at this index first
            room.stale = True
            self._catch_up(room)
            legal = room.state.legal_actions(seat) if room.state is not None else []
            raise IllegalAction(
                seat, action, "the table moved on (another server took a move first)", legal
            ) from None
        events = state.apply_unchecked(seat, action)
        if state.is_over():
            await asyncio.get_running_loop().run_in_executor(
                self.writer,
                self.storage.finish_match,
                room.id,
                room.rec.match,
                jsonable(state.result().to_json()),
            )
            room.rec.status = "over"
            table = True
        await self._publish(room, events, table=table)
        self._kick(room)

    async def _publish(self, room: Room, events: Sequence[Event] = (), table: bool = False) -> None:
        update = room.update(events, table=table, everyone=self.pubsub.shared)
        await self.pubsub.publish(room.channel, update)

    def _kick(self, room: Room) -> None:
        """Start the bot driver and (re)start the turn timer (the caller holds the lock)."""
        if self._closed:
            return
        if room.movers() and room.driver is None:
            room.driver = asyncio.create_task(self._drive(room))
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        if room.rec.turn_seconds and room.state is not None and room.rec.status == "playing":
            waiting = [
                s
                for s in room.state.to_act()
                if not room.seats[s].is_bot and not room.seats[s].away
            ]
            if waiting:
                room.timer = asyncio.create_task(
                    self._turn_timer(room, room.rec.match, room.version, room.rec.turn_seconds)
                )

    def _delay(self, room: Room) -> float:
        delay = room.rec.bot_delay if self.bot_delay is None else self.bot_delay
        if delay <= 0:
            return 0.0
        return delay * random.uniform(1 - BOT_DELAY_SPREAD, 1 + BOT_DELAY_SPREAD)

    async def _drive(self, room: Room) -> None:
        """Play the bots' moves until a person is to act (one task per room at a time).

        A bot thinks outside the room's lock (a search bot may take seconds, and people in
        a simultaneous step must not wait for it); its move is taken only if the table has
        not changed meanwhile, else it thinks again.
        """
        try:
            while True:
                await asyncio.sleep(self._delay(room))
                async with room.lock:
                    self._catch_up(room)
                    movers = room.movers()
                    if not movers or room.state is None:
                        room.driver = None
                        return
                    seat = movers[0]
                    s = room.seats[seat]
                    legal = room.state.legal_actions(seat)
                    obs = room.state.observation(seat)
                    seen = (room.rec.match, room.version)
                    bot = s.bot or make_bot(room.rec.game, "random", None)
                    s.bot = bot
                action = await self._think(room, bot, seat, obs, legal)
                async with room.lock:
                    if room.state is None or (room.rec.match, room.version) != seen:
                        continue  # the table moved on while the bot thought
                    if seat not in room.movers():
                        continue
                    try:
                        await self._commit(room, seat, action)
                    except IllegalAction:  # another process moved first: think again
                        continue
                    except SQLAlchemyError as exc:  # locked or down: nothing applied, retry
                        log.warning("bot move at %s not stored (%s); retrying", room.id, exc)
                        await asyncio.sleep(STORAGE_RETRY_SECONDS)
        except BaseException:
            room.driver = None
            raise

    async def _think(
        self, room: Room, bot: Bot, seat: int, obs: dict[str, Any], legal: list[Action]
    ) -> Action:
        """The bot's choice, or a random legal action if it fails or chooses wrongly."""
        try:
            if isinstance(bot, RandomBot) or getattr(bot, "level", None) == "random":
                # a random choice takes microseconds: a thread hop would cost more than it
                action = bot.act(obs, legal)
            else:
                action = await asyncio.to_thread(bot.act, obs, legal)
            if action not in legal:
                raise IllegalAction(seat, action, "bot chose an illegal action", legal)
        except Exception:
            log.exception("bot at seat %d of %s failed; playing randomly", seat, room.id)
            action = random.choice(legal)
        return action

    async def _turn_timer(self, room: Room, match: int, version: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with room.lock:
            if room.state is None or room.rec.match != match or room.version != version:
                return
            late = [s for s in room.state.to_act() if not room.seats[s].is_bot]
            for s in late:
                room.seats[s].away = True
            room.timer = None
            await self._publish(room, table=True)
            if room.driver is None and room.movers():
                room.driver = asyncio.create_task(self._drive(room))

    # --- connections ---------------------------------------------------------------------

    async def attach(
        self, room: Room, seat: int | None
    ) -> tuple[Subscription, list[dict[str, Any]]]:
        """Subscribe a new connection and give it its snapshot (atomically, under the lock).

        A reconnect is just this: the current projection for the seat, rebuilt from the
        replayed state, then every later update.
        """
        await self.pubsub.ready(room.channel)
        async with room.lock:
            self._catch_up(room)
            sub = self.pubsub.subscribe(room.channel)
            frames: list[dict[str, Any]] = [
                HelloMsg(
                    table=room.id,
                    seat=seat,
                    name=None if seat is None else room.seats[seat].rec.name,
                ).model_dump(mode="json")
            ]
            if seat is None:
                room.spectators += 1
            else:
                s = room.seats[seat]
                s.connections += 1
                if s.away:
                    s.away = False
                    self._kick(room)
                await self._publish(room, table=True)
            frames.append(TableMsg(table=room.view()).model_dump(mode="json"))
            if room.state is not None:
                frames.append(room.state_msg(seat))
            return sub, frames

    async def detach(self, room: Room, seat: int | None, sub: Subscription) -> None:
        self.pubsub.unsubscribe(room.channel, sub)
        if seat is None:
            room.spectators -= 1
        else:
            async with room.lock:
                room.seats[seat].connections -= 1
                await self._publish(room, table=True)
        self.forget(room)

"""One live table: its seats, its match state, its lock, and what each audience is shown.

A :class:`Room` is rebuilt from storage by replay when it is first needed (so a restart,
even ``kill -9``, loses nothing that was ever acknowledged).  Its projections are the only
way out of the state: each seat gets ``observation(seat)`` and its legal actions, the
spectators ``observation(None)`` (the frames are built in :mod:`pakka.server.frames`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pakka.engine import Event, Game, State, options_from_mapping
from pakka.errors import PakkaError
from pakka.events import DealScored
from pakka.i18n import LANGS
from pakka.present import Names, seat_name
from pakka.server import frames
from pakka.server.protocol import SeatInfo, TableInfo
from pakka.server.pubsub import Update
from pakka.server.storage import SeatRecord, TableRecord, hash_token

SPECTATOR = "spectator"


def channel_of(table_id: str) -> str:
    """The pub/sub channel of a table's updates."""
    return f"table:{table_id}"


def audience_key(audience: str, lang: str) -> str:
    """The key of one audience's state frames in one language (``"2:fi"``)."""
    return f"{audience}:{lang}"


class RoomError(PakkaError):
    """A lobby request that cannot be done; ``status`` is the HTTP status to answer."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)


@dataclasses.dataclass
class Seat:
    rec: SeatRecord
    away: bool = False
    connections: int = 0
    trouble: str | None = None
    """Why the bot playing this seat failed its last move (shown to everyone)."""
    hinting: bool = False
    """A hint for this seat is being worked out (one at a time, whatever its sockets)."""
    hinted: tuple[int, int] | None = None
    """The ``(match, version)`` of the decision this seat last had its free hint for: the
    first hint of every decision is always answered, only more are rate-limited."""

    @property
    def is_bot(self) -> bool:
        return self.rec.kind == "bot"

    @property
    def taken(self) -> bool:
        return self.is_bot or self.rec.token_hash is not None

    @property
    def level(self) -> str:
        """The level of the bot that plays this seat now (a random bot for someone away)."""
        return (self.rec.level or "random") if self.is_bot else "random"


@dataclasses.dataclass
class Break:
    """The break between two deals at a table with people (issue 28).

    The deal's last action has been applied, so the state already holds the next deal,
    but its first decision is not asked (no seat is sent legal actions) and no bot moves
    until every seated person has said ``ready`` or ``seconds`` have passed: the summary
    is read before anything of the next deal can be clicked.  Kept in this process's
    memory only (a table's sockets all reach one process): a restart, or a table that
    leaves memory, ends it."""

    match: int
    version: int
    """The position it began at; any other position means it is over."""
    events: tuple[Event, ...]
    """The change that ended the deal (its summary and how the next deal began)."""
    people: tuple[int, ...]
    """The seats of people when it began: the ones it waits for."""
    seconds: float
    ends: float
    """When it ends whoever is still reading (``time.monotonic()``)."""
    ready: set[int] = dataclasses.field(default_factory=set)
    task: asyncio.Task[None] | None = None
    """Ends it at ``ends``."""

    def left(self) -> float:
        return max(0.0, self.ends - time.monotonic())


class Room:
    """One table: its seats, its match state and its lock."""

    def __init__(self, rec: TableRecord, game: Game[Any, Any], owner: str = "") -> None:
        self.rec = rec
        self.owner = owner or f"table:{rec.id}"
        """The client address that created the table (its search work is charged there,
        and it counts against that address's limits); a table loaded from storage is its
        own owner."""
        self.game = game
        self.options: Any = options_from_mapping(game.Options, rec.options)
        self.seats = [Seat(s) for s in rec.seats]
        self.state: State[Any, Any] | None = None
        self.lock = asyncio.Lock()
        self.driver: asyncio.Task[None] | None = None
        self.timer: asyncio.Task[None] | None = None
        self.spectators = 0
        """Spectator connections in this process (seats count their own)."""
        self.langs: Counter[tuple[str, str]] = Counter()
        """Connections in this process by (audience, language): the languages each
        audience's state frames are presented in here."""
        self.stale = False
        """Another process changed this table: reload it from storage before using it."""
        self._snapshots: dict[
            tuple[int | None, str], tuple[tuple[int, int, int], dict[str, Any]]
        ] = {}
        self.used = 0.0
        """When it was last asked for (``time.monotonic()``): idle rooms go first."""
        self.visited = False
        """A person seated here has connected (in this process) since it was loaded."""
        self.pause: Break | None = None
        """The break between two deals, while it lasts (see :meth:`paused`)."""
        self.scored: tuple[int, list[tuple[Event, ...]]] | None = None
        """``(match, changes)``: each change of the match that ended a deal, in order, for
        reopening past deal summaries (replayed from the log when first asked)."""
        self.practice = False
        """Takeback, all hands or the coach was used in this match (issue 30): its result
        is stored marked as practice."""

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def channel(self) -> str:
        return channel_of(self.rec.id)

    @property
    def version(self) -> int:
        if self.state is None or self.state.log is None:
            return 0
        return len(self.state.log)

    @property
    def position(self) -> tuple[int, int, int]:
        """``(revision, match, version)``: where the table is; any change moves it."""
        return (self.rec.revision, self.rec.match, self.version)

    def info(self) -> TableInfo:
        r = self.rec
        return TableInfo(
            id=r.id,
            code=r.code,
            game=r.game,
            title=self.game.info.title,
            players=r.players,
            options=dataclasses.asdict(self.options),
            seats=[
                SeatInfo(
                    seat=s.rec.seat,
                    kind=s.rec.kind,  # type: ignore[arg-type]
                    level=s.rec.level,  # type: ignore[arg-type]
                    name=s.rec.name,
                    taken=s.taken,
                    connected=s.connections > 0,
                    away=s.away,
                    trouble=s.trouble,
                    display={
                        lang: seat_name(s.rec.seat, lang, bot=s.rec.kind == "bot", name=s.rec.name)
                        for lang in LANGS
                    },
                )
                for s in self.seats
            ],
            status=r.status,  # type: ignore[arg-type]
            match=r.match,
            public=r.public,
            turn_seconds=r.turn_seconds,
            bot_delay=r.bot_delay,
            trick_seconds=r.trick_seconds,
            new_match=list(r.new_match),
            created=r.created,
        )

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to; ``None`` for no token; :class:`RoomError` if wrong."""
        if not token:
            return None
        if self.rec.expired():
            raise RoomError(
                403, f"the seats of this table expired at {self.rec.expires}; you can watch"
            )
        digest = hash_token(token)
        for s in self.seats:
            if s.rec.token_hash is not None and hmac.compare_digest(s.rec.token_hash, digest):
                return s.rec.seat
        raise RoomError(403, "this token does not hold a seat at this table")

    def names(self, lang: str) -> Names:
        """How the seats are called in ``lang``: a person's own name, bots "Bot 2"."""

        def name(seat: int) -> str:
            rec = self.seats[seat].rec
            return seat_name(seat, lang, bot=rec.kind == "bot", name=rec.name)

        return name

    def paused(self) -> Break | None:
        """The break between deals, if the table is in one now."""
        b = self.pause
        if b is None:
            return None
        if (b.match, b.version) != (self.rec.match, self.version) or self.rec.status != "playing":
            return None
        return b

    def pause_task(self) -> asyncio.Task[None] | None:
        """The task that ends the break at its time, if there is one."""
        return None if self.pause is None else self.pause.task

    def reading(self) -> list[int]:
        """The seats of people the break still waits for (a seat given to a bot is not)."""
        b = self.paused()
        if b is None:
            return []
        return [s for s in b.people if s not in b.ready and not self.seats[s].is_bot]

    def deal_ends(self) -> list[tuple[Event, ...]]:
        """Each change of the current match that ended a deal (its events), in order:
        what past deal summaries are presented from.  Replayed from the action log once
        per match; :meth:`scored_now` adds each new one."""
        if self.state is None or self.state.log is None:
            return []
        if self.scored is None or self.scored[0] != self.rec.match:
            self.scored = (self.rec.match, frames.deal_ends(self.state))
        return self.scored[1]

    def scored_now(self, events: Sequence[Event]) -> None:
        """Remember a change that ended a deal (if the match's list is kept already)."""
        kept = self.scored
        if (
            kept is not None
            and kept[0] == self.rec.match
            and any(isinstance(e, DealScored) for e in events)
        ):
            kept[1].append(tuple(events))

    def listen(self, audience: str, lang: str, change: int) -> None:
        """Count a connection of ``audience`` in ``lang`` in (``change`` 1) or out (-1)."""
        self.langs[(audience, lang)] += change
        if self.langs[(audience, lang)] <= 0:
            del self.langs[(audience, lang)]

    def snapshot(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) is shown on connecting, in ``lang``: its
        projection and presentation now, never the state.  Made once per audience,
        language and position, however many sockets (reconnects, tabs) ask for it."""
        assert self.state is not None
        pause = self.pause_frame()
        kept = self._snapshots.get((seat, lang))
        if pause is None and kept is not None and kept[0] == self.position:
            return kept[1]
        built = frames.state(
            self.state, seat, self.rec.match, self.version, (), (lang,), self.names, pause
        )
        if pause is None:  # a break's frame says how long it has left: made fresh
            self._snapshots[(seat, lang)] = (self.position, built[lang])
        return built[lang]

    def pause_frame(self) -> frames.PauseNow | None:
        """The break as the frames tell it now, if the table is in one."""
        b = self.paused()
        if b is None:
            return None
        return frames.PauseNow(b.events, tuple(self.reading()), b.seconds, b.left())

    def update(
        self, events: Sequence[Event] = (), table: bool = False, everyone: bool = False
    ) -> Update:
        """A change of the match as each audience sees it (``everyone``: every seat, even
        one nobody here listens to, for the other processes)."""
        payloads: dict[str, list[dict[str, Any]]] = {}
        if self.state is not None:
            told = frames.told(events)  # once, then per audience
            pause = self.pause_frame()
            # only the audiences (and languages) someone listens to here (a bot's seat
            # usually has nobody); every one of them for the other processes
            audiences: list[tuple[int | None, str]] = [
                (seat, str(seat)) for seat in range(self.rec.players)
            ]
            audiences.append((None, SPECTATOR))
            for seat, audience in audiences:
                langs = LANGS if everyone else [lg for a, lg in self.langs if a == audience]
                if not langs:
                    continue
                built = frames.state(
                    self.state, seat, self.rec.match, self.version, told, langs, self.names, pause
                )
                for lang, frame in built.items():
                    payloads[audience_key(audience, lang)] = [frame]
        every = [frames.table(self.info())] if table else []
        return Update(payloads=payloads, all=every, position=self.position)

    def announcement(self, revoked: Sequence[int] = (), reseated: Sequence[int] = ()) -> Update:
        """The table's seats or status changed, not the match: its view alone (no
        audience's projection needs making again)."""
        return Update(
            all=[frames.table(self.info())],
            position=self.position,
            revoked=list(revoked),
            reseated=list(reseated),
        )

    def idle(self) -> bool:
        """Nobody connected, no bot playing, no change under way: it may leave memory."""
        return (
            self.driver is None
            and self.spectators == 0
            and not any(s.connections for s in self.seats)
            and not self.lock.locked()
        )

    @property
    def all_bots(self) -> bool:
        return all(s.is_bot for s in self.seats)

    def search_bots(self) -> bool:
        """Whether a seat was created for a bot that searches (any level but random)."""
        return any(s.is_bot and s.rec.level not in (None, "random") for s in self.seats)

    def people_present(self) -> bool:
        """Whether a person seated here is connected (to this process)."""
        return any(not s.is_bot and s.connections > 0 for s in self.seats)

    def people_playing(self) -> bool:
        """Whether a person seated here is connected and playing (not away)."""
        return any(not s.is_bot and s.connections > 0 and not s.away for s in self.seats)

    def unattended(self) -> bool:
        """A table with people, in play, whose connected people are all away: its bots
        play at the all-bot pace and priority, and it counts as an all-bot table.  (One
        whose people are all gone plays nothing until one comes back.)"""
        return (
            not self.all_bots
            and self.rec.status == "playing"
            and self.people_present()
            and not self.people_playing()
        )

    def bots_may_play(self) -> bool:
        """An all-bot table's bots play on; a table with people's only while one of them
        is connected here: a table whose people have all left waits for them."""
        return self.all_bots or self.people_present()

    def unfinished(self) -> bool:
        """The match's last action is stored and applied but its end is not stored yet."""
        return self.rec.status == "playing" and self.state is not None and self.state.is_over()

    def decision_seed(self, seat: int) -> int:
        """The seed of a bot's decision at ``seat`` now: a function of the match's seed,
        the seat and the version, so a bot's play can be replayed."""
        assert self.state is not None
        return (self.state.seed * 1_000_003 + self.version * 16 + seat) % 2**63

    def movers(self) -> list[int]:
        """Seats in ``to_act`` that a bot plays now (bot seats and people who are away)."""
        if self.state is None or self.rec.status != "playing" or self.paused() is not None:
            return []  # between deals nobody is asked anything
        return [
            s for s in sorted(self.state.to_act()) if self.seats[s].is_bot or self.seats[s].away
        ]

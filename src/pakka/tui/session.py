"""Where the terminal client's match lives: a local state with bots, or a server table.

The app only talks to a :class:`Session`: it reads ``presentation`` (everything to show, in
words, from :mod:`pakka.present`), ``view`` and ``legal`` for its seat, calls
:meth:`Session.act`, :meth:`Session.hint` and :meth:`Session.undo`, and is told of what
happened through ``on_update`` (a presentation carrying the new events' sentences and, at the
end of a deal or match, its summary).  A local session applies actions to a real state and
lets the bots reply; a remote one (:mod:`pakka.tui.remote`) sends them over the server's
WebSocket and shows the presentation the server sends.
"""

from __future__ import annotations

import asyncio
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

import pakka.bots
from pakka.bots.base import Bot
from pakka.engine import Action, Event, Game, Observation, State
from pakka.errors import IllegalAction, PakkaError
from pakka.i18n import t
from pakka.present import Presentation, presenter, seat_name

JSON = dict[str, Any]
View = Observation[Any, Any, Any]
Update = Callable[[Presentation | None], None]
"""Told after every change: the presentation with the new events (``None``: only the
session's own status line changed)."""


class Session(ABC):
    """One seat's view of a match and the means to act in it."""

    game: Game[Any, Any]
    seat: int | None
    lang: str
    on_update: Update | None = None
    status: str = ""
    """A line the app shows when the session has something to say (waiting, reconnecting)."""

    @property
    @abstractmethod
    def view(self) -> View | None:
        """The latest view of ``seat`` (``None`` before the match has started)."""

    @property
    @abstractmethod
    def presentation(self) -> Presentation | None:
        """The table now, in words (``None`` before the match has started)."""

    @property
    @abstractmethod
    def legal(self) -> list[Action]:
        """The seat's legal actions now (empty when it is not to act)."""

    @abstractmethod
    def name(self, seat: int) -> str:
        """How a seat is called on screen ("You", "Bot 2", a person's name)."""

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def busy(self) -> bool:
        """True while the other seats are still replying to the person's last action."""
        return False

    @abstractmethod
    async def start(self) -> None:
        """Begin: bots that act before the person do so; a remote session connects."""

    @abstractmethod
    async def act(self, action: Action) -> str | None:
        """Take ``action`` for the seat; the reason it was refused, or ``None``."""

    @abstractmethod
    async def hint(self) -> tuple[Action | None, str]:
        """A suggested action with a reason people can read."""

    async def undo(self) -> bool:
        return False

    async def redeal(self) -> bool:
        """Deal these cards again: the deal in play from its start, the same cards (where
        undo is allowed); False if the deal has not begun or it is not possible."""
        return False

    async def coach(self, action: Action) -> tuple[str, str]:
        """How the bot rates ``action`` before it is played (issue 30): its mark (``""``,
        ``"inaccuracy"``, ``"mistake"``) and, for a marked move, why."""
        return "", ""

    async def ready(self) -> None:  # noqa: B027  (a hook; local play has no break)
        """The person has read the deal summary: a server's break between deals may end
        (local play has no break)."""

    async def new_match(self) -> bool:
        """Start another match with the same settings (local play); False if not possible."""
        return False

    async def close(self) -> None:
        return None

    def record(self) -> JSON | None:
        """The match record (local play), for ``--save``."""
        return None

    def _notify(self, shown: Presentation | None) -> None:
        if self.on_update is not None:
            self.on_update(shown)


class LocalSession(Session):
    """A person at ``seat`` against bots, on a state held in this process.

    ``bot_delay`` seconds pass after each bot move taken in turn (so the person can follow
    the play); simultaneous commits are not delayed.  Bots think in a worker thread.
    """

    def __init__(
        self,
        state: State[Any, Any],
        levels: Sequence[str] | None = None,
        lang: str = "en",
        seat: int = 0,
        bot_delay: float = 0.0,
        bot_seed: int | None = None,
    ) -> None:
        self.state = state
        self.game = state.game
        self.seat = seat
        self.lang = lang
        self.bot_delay = bot_delay
        n = state.players
        others = [s for s in range(n) if s != seat]
        wanted = list(levels or [])
        self.levels: dict[int, str] = {}
        for i, s in enumerate(others):
            self.levels[s] = wanted[i] if i < len(wanted) else (wanted[-1] if wanted else "normal")
        base = state.seed if bot_seed is None else bot_seed
        self.bots: dict[int, Bot] = {
            s: pakka.bots.make(self.game.name, level, seed=(base * 31 + s) % 2**63)
            for s, level in self.levels.items()
        }
        self._running = False
        self.bot_failures = 0
        self.presenter = presenter(self.game.name)
        self._shown: tuple[tuple[int, int, bool], Presentation] | None = None
        self._legal_cache: tuple[tuple[int, int], list[Action]] | None = None

    def _key(self) -> tuple[int, int]:
        return (id(self.state), len(self.state.log or []))

    @property
    def view(self) -> View:
        view: View = self.state.view(self.seat)
        return view

    @property
    def presentation(self) -> Presentation:
        key = (*self._key(), self._running)  # the labels of ``legal`` change when bots stop
        if self._shown is None or self._shown[0] != key:
            self._shown = (key, self._present(()))
        return self._shown[1]

    def _present(self, events: Sequence[Event]) -> Presentation:
        return self.presenter.present(
            self.state.view(self.seat), events, self.name, self.lang, self.game.info, self.legal
        )

    @property
    def legal(self) -> list[Action]:
        if self._running or self.seat is None:
            return []
        key = self._key()
        if self._legal_cache is None or self._legal_cache[0] != key:
            self._legal_cache = (key, self.state.legal_actions(self.seat))
        return self._legal_cache[1]

    @property
    def busy(self) -> bool:
        return self._running

    @property
    def can_undo(self) -> bool:
        return bool(self.state.log) and any(s == self.seat for s, _ in self.state.log or [])

    def name(self, seat: int) -> str:
        if seat == self.seat:
            return t("you", self.lang)
        return seat_name(seat, self.lang, bot=True)

    async def start(self) -> None:
        await self._run_bots()

    async def act(self, action: Action) -> str | None:
        if self._running:
            return t("tui_wait_bots", self.lang)
        try:
            events = self.state.apply(self.seat if self.seat is not None else -1, action)
        except IllegalAction as exc:
            return exc.reason
        except PakkaError as exc:
            return str(exc)
        self._notify(self._present(events))
        await self._run_bots()
        return None

    async def _run_bots(self) -> None:
        self._running = True
        try:
            while not self.state.is_over():
                waiting = sorted(self.state.to_act() - {self.seat})
                if not waiting:
                    break
                bot_seat = waiting[0]
                obs = self.state.view(bot_seat)
                legal = self.state.legal_actions(bot_seat)
                bot = self.bots[bot_seat]
                if self.bot_delay > 0:
                    action = await asyncio.to_thread(self._bot_act, bot, obs, legal)
                else:
                    action = self._bot_act(bot, obs, legal)
                sequential = len(self.state.to_act()) == 1
                events = self.state.apply(bot_seat, action)
                self._notify(self._present(events))
                if self.bot_delay > 0 and sequential:
                    await asyncio.sleep(self.bot_delay)
        finally:
            self._running = False
        self._notify(None)

    def _bot_act(self, bot: Bot, obs: View, legal: list[Action]) -> Action:
        """The bot's choice; a bot that fails is counted and plays a random legal move,
        so the person's match goes on (the count is shown in the status line)."""
        try:
            action = bot.act(obs, legal)
        except Exception:
            action = None
        if action not in legal:
            self.bot_failures += 1
            n = self.bot_failures
            self.status = t("tui_bot_failed_one" if n == 1 else "tui_bot_failed", self.lang, n=n)
            return random.Random(len(self.state.log or [])).choice(legal)
        return action

    async def hint(self) -> tuple[Action | None, str]:
        legal = self.legal
        if not legal:
            return None, t("tui_no_hint", self.lang)
        obs = self.view
        try:
            return await asyncio.to_thread(
                pakka.bots.suggest, self.game.name, obs, legal, self.lang
            )
        except Exception as exc:  # the hint engine failing must not end the match
            return None, t("tui_hint_failed", self.lang, reason=str(exc) or type(exc).__name__)

    async def coach(self, action: Action) -> tuple[str, str]:
        legal = self.legal
        if self.seat is None or action not in legal:
            return "", ""
        from pakka.review.coach import coach

        found = await asyncio.to_thread(coach, self.game.name, self.view, legal, action, self.lang)
        return found.mark, found.text

    async def undo(self) -> bool:
        """Take back the person's last action and the bots' replies to it."""
        if self._running or not self.can_undo:
            return False
        log = self.state.log or []
        last = max(i for i, (s, _) in enumerate(log) if s == self.seat)
        record = self.state.to_json()
        record["actions"] = record["actions"][:last]
        self.state = self.game.from_json(record)
        await self._run_bots()
        return True

    async def redeal(self) -> bool:
        if self._running or not self.can_undo or self.state.is_over():
            return False
        record = self.state.to_json()
        keep = self.game.deal_start(record)
        if keep >= len(record["actions"]):
            return False
        self.state = self.game.from_json({**record, "actions": record["actions"][:keep]})
        await self._run_bots()
        return True

    async def new_match(self) -> bool:
        if self._running:
            return False
        old = self.state
        self.state = self.game.new_match(players=old.players, options=old.options)
        await self._run_bots()
        return True

    def record(self) -> JSON:
        return self.state.to_json()

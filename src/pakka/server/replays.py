"""Replays of finished matches, step by step, with bounded work per request.

A finished match never changes, so its record is read once and kept (for the
``matches`` most recently replayed), with a snapshot of the replayed state every
``every`` steps.  A request clones the nearest snapshot at or before its step and advances
its own copy at most ``every - 1`` actions (a match replayed for the first time is played
up to the asked step once, leaving snapshots on the way): no state is ever shared between
requests, so each gets exactly its own step.  :class:`Replays` runs on worker threads; the
route limits how many run at once (``Limits.replay_concurrency``).
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pakka.games
from pakka.engine import Event, State
from pakka.server.storage import MatchRecord

Key = tuple[str, int]
"""A table id and a match number."""


@dataclass
class _Match:
    record: dict[str, Any]
    lock: threading.Lock = field(default_factory=threading.Lock)
    steps: list[int] = field(default_factory=list)
    """Steps that have a snapshot, ascending (parallel to ``states``)."""
    states: list[State[Any, Any]] = field(default_factory=list)


class Replays:
    """Observations of finished matches at any step."""

    def __init__(self, matches: int = 16, every: int = 64) -> None:
        self.matches = matches
        self.every = every
        self._cache: OrderedDict[Key, _Match] = OrderedDict()
        self._lock = threading.Lock()

    def record(self, key: Key, load: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The match's replay record (``game``, ``players``, ``options``, ``seed``,
        ``actions``, ``result``), read with ``load`` only when not kept already."""
        return self._match(key, load).record

    def observation(
        self, key: Key, load: Callable[[], dict[str, Any]], step: int, seat: int | None
    ) -> dict[str, Any]:
        """``observation(seat)`` after ``step`` actions of the match (``step`` within it)."""
        return self.state(key, load, step).observation(seat)

    def shown(
        self, key: Key, load: Callable[[], dict[str, Any]], step: int
    ) -> tuple[State[Any, Any], list[Event]]:
        """The state after ``step`` actions and the events of the last of them (for the
        replay's presentation: the trick it finished, the deal it scored)."""
        if step == 0:
            return self.state(key, load, 0), []
        entry = self._match(key, load)
        state = self.state(key, load, step - 1)
        last = entry.record["actions"][step - 1]
        game = pakka.games.get(entry.record["game"])
        events = state.apply(last["seat"], game.action_from_json(last["action"]))
        return state, list(events)

    def state(self, key: Key, load: Callable[[], dict[str, Any]], step: int) -> State[Any, Any]:
        """A copy of the state after ``step`` actions of the match, its own to change."""
        entry = self._match(key, load)
        game = pakka.games.get(entry.record["game"])
        actions = entry.record["actions"]
        with entry.lock:  # the snapshots list only; the replay below is on our own copy
            i = bisect.bisect_right(entry.steps, step) - 1
            if i >= 0:
                done, state = entry.steps[i], entry.states[i].clone()
            else:
                done, state = 0, None
        if state is None:
            r = entry.record
            state = game.new_match(players=r["players"], options=r["options"], seed=r["seed"])
        snapshots: list[tuple[int, State[Any, Any]]] = []
        for item in actions[done:step]:
            state.apply(item["seat"], game.action_from_json(item["action"]))
            done += 1
            if done % self.every == 0:
                snapshots.append((done, state.clone()))
        if snapshots:
            with entry.lock:
                for at, snap in snapshots:
                    j = bisect.bisect_left(entry.steps, at)
                    if j == len(entry.steps) or entry.steps[j] != at:
                        entry.steps.insert(j, at)
                        entry.states.insert(j, snap)
        return state

    def _match(self, key: Key, load: Callable[[], dict[str, Any]]) -> _Match:
        with self._lock:
            entry = self._cache.get(key)
            if entry is not None:
                self._cache.move_to_end(key)
                return entry
        entry = _Match(load())
        with self._lock:
            entry = self._cache.setdefault(key, entry)
            self._cache.move_to_end(key)
            while len(self._cache) > self.matches:
                self._cache.popitem(last=False)
        return entry


def replay_record(
    game: str, players: int, options: dict[str, Any], match: MatchRecord
) -> dict[str, Any]:
    """What a replay needs of a stored match."""
    return {
        "game": game,
        "players": players,
        "options": options,
        "seed": match.seed,
        "actions": match.actions,
        "result": match.result,
    }

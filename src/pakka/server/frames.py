"""Every WebSocket frame the server sends is built here, as plain JSON.

One place for the outbound shapes (``docs/protocol.md``; the pydantic models in
:mod:`pakka.server.protocol` describe them and ``tests/server/test_schemas.py`` and
``test_ws.py`` check that these builders match them), so that what is added to a frame
later (presentation values: prompts, sentences) is added once.  ``state`` frames are built
directly, not through pydantic: they are made for every audience after every action.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from pakka import wire
from pakka.cards import parse_card
from pakka.engine import Event, State
from pakka.events import DealScored
from pakka.present import Context, Interval, Names, presenter, selection_words
from pakka.selection import select
from pakka.server import protocol as P

Frame = dict[str, Any]
Told = Sequence[tuple[Event, Frame]]
"""A change's events, each with its JSON made once for every audience."""


def jsonable(value: Any) -> Any:
    """Event data as plain JSON (cards and other values become their notation)."""
    return json.loads(json.dumps(value, default=str))


def told(events: Sequence[Event]) -> list[tuple[Event, Frame]]:
    return [(e, jsonable(e.to_json())) for e in events]


class PauseNow(NamedTuple):
    """The break between deals as a frame tells it (:class:`pakka.server.room.Break`)."""

    events: Sequence[Event]
    """The change that ended the deal."""
    waiting: tuple[int, ...]
    """The people still reading."""
    seconds: float
    left: float


def deal_ends(state: State[Any, Any]) -> list[tuple[Event, ...]]:
    """Each change of ``state``'s match so far that ended a deal, replayed from its log
    (the summaries of past deals are presented from these)."""
    record = state.to_json()
    game = state.game
    replay = game.new_match(
        players=record["players"],
        options=state.options,
        seed=record["seed"],
        deck=record.get("deck"),
    )
    out = []
    for step in record.get("actions", []):
        events = replay.apply(step["seat"], game.action_from_json(step["action"]))
        if any(isinstance(e, DealScored) for e in events):
            out.append(tuple(events))
    return out


def state(
    state: State[Any, Any],
    seat: int | None,
    match: int,
    version: int,
    events: Told = (),
    langs: Sequence[str] = ("en",),
    names: Callable[[str], Names] | None = None,
    pause: PauseNow | None = None,
) -> dict[str, Frame]:
    """A :class:`~pakka.server.protocol.StateMsg` per language: what ``seat`` (``None``: a
    spectator) may see, never the state itself, with its presentation in that language
    (``names(lang)`` names the seats).  During a ``pause`` between deals no seat is sent
    legal actions: the next deal's first decision is not asked yet."""
    legal = state.legal_actions(seat) if seat is not None and pause is None else []
    view = state.view(seat)
    base: Frame = {
        "type": "state",
        "version": version,
        "match": match,
        "observation": view.to_json(),
        "legal_actions": [a.to_json() for a in legal],
        "legal_text": [str(a) for a in legal],
        "events": [data for e, data in events if e.visible_to(seat)],
    }
    shows = presenter(state.game)
    told = [e for e, _ in events]
    out = {}
    for lang in langs:
        shown = shows.present(
            view,
            told,
            None if names is None else names(lang),
            lang,
            state.game.info,
            legal,
            pause=None
            if pause is None
            else Interval(pause.events, pause.waiting, pause.seconds, pause.left),
        )
        out[lang] = {**base, "present": shown.to_json()}
    return out


def summaries(
    state: State[Any, Any],
    seat: int | None,
    match: int,
    ends: Sequence[Sequence[Event]],
    lang: str,
    names: Names,
) -> Frame:
    """The ``summaries`` frame: every deal summary of the match so far, as ``seat`` sees
    them in ``lang`` (reopened from the score sheet)."""
    view = state.view(seat)
    shows = presenter(state.game)
    deals = [shows.past_deal(view, events, names, lang, state.game.info) for events in ends]
    return P.SummariesReply(
        match=match, deals=[wire.to_json(d) for d in deals if d is not None]
    ).model_dump()


def table(view: P.TableInfo) -> Frame:
    return P.TableMsg(table=view).model_dump(mode="json")


def hello(table_id: str, seat: int | None, name: str | None) -> Frame:
    return P.HelloMsg(table=table_id, seat=seat, name=name).model_dump(mode="json")


def error(
    code: P.ErrorCode,
    message: str,
    legal: list[dict[str, Any]] | None = None,
    retry_after: float | None = None,
    position: tuple[int, int] | None = None,
) -> Frame:
    """An error frame; ``position`` is the ``(match, version)`` whose legal actions apply."""
    return P.ErrorMsg(
        code=code,
        message=message,
        legal_actions=legal or [],
        retry_after=None if retry_after is None else round(retry_after, 3),
        match=None if position is None else position[0],
        version=None if position is None else position[1],
    ).model_dump()


def hint(reply: P.HintReply) -> Frame:
    return reply.model_dump()


def selection(
    state: State[Any, Any], seat: int, version: int, msg: P.SelectMsg, lang: str, names: Names
) -> Frame:
    """What ``msg``'s chosen cards and choice mean at ``seat`` (a ``selection`` frame);
    raises :class:`~pakka.errors.NotationError` for a card code that is no card."""
    legal = state.legal_actions(seat)
    cards = [parse_card(code) for code in msg.cards]
    choice = legal[msg.choice] if msg.choice is not None and msg.choice < len(legal) else None
    chosen = select(legal, cards, choice)
    view = state.view(seat)
    prompt = presenter(state.game).prompt(view, Context(lang, names, seat, state.game.info))
    return P.SelectionReply(
        version=version,
        actions=[legal.index(a) for a in chosen.actions],
        text=selection_words(chosen, prompt, lang),
    ).model_dump()


def pong() -> Frame:
    return P.PongMsg().model_dump()

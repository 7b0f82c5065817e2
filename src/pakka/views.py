"""What a seat sees: the typed observation every game returns from ``state.view(seat)``.

One generic envelope, :class:`Observation`, holds the parts every game shares (the seat,
the phase, who is to act, the seat's hand, the scores, the deal's history of events) around
the game's own frozen dataclasses: a *table view* (what lies on the table) and one *player
view* per seat (what everyone knows about that seat).  Bots, ``determinize``, the env codecs
and the presentation layer read these typed values; ``state.observation(seat)`` is the
same value as JSON for the wire (:meth:`Observation.to_json`), and
:meth:`Observation.from_json` reads it back with the game's types.

A view holds only what its seat may know: the generic suite checks every card it names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from pakka.cards import Card
from pakka.events import Event
from pakka.results import MatchResult
from pakka.wire import JSON, WireError, decoder, encoder, schema

__all__ = [
    "GameShape",
    "Observation",
    "PlayerView",
    "TableView",
    "ViewTypes",
    "observation_schema",
]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What everyone knows about one seat; games subclass it with their own fields."""

    seat: int


@dataclass(frozen=True, slots=True)
class TableView:
    """What lies on the table (public, or private to the viewing seat where a field says
    so); games subclass it with their own fields."""


@dataclass(frozen=True)
class ViewTypes:
    """The classes of a game's typed view: its table view and its player view."""

    table: type[TableView]
    player: type[PlayerView]


class _Titled(Protocol):
    @property
    def title(self) -> str: ...


class GameShape(Protocol):
    """What reading and describing a game's views needs of the game (a
    :class:`pakka.engine.Game` is one): its name, title, types of view, events and options."""

    @property
    def name(self) -> str: ...
    @property
    def info(self) -> _Titled: ...
    @property
    def view_types(self) -> ViewTypes: ...
    @property
    def event_types(self) -> Mapping[str, type[Event]]: ...
    @property
    def Options(self) -> type[Any]: ...


T = TypeVar("T", bound=TableView, covariant=True)
P = TypeVar("P", bound=PlayerView, covariant=True)
OptT = TypeVar("OptT", covariant=True)


@dataclass(frozen=True, slots=True)
class Observation(Generic[T, P, OptT]):
    """The envelope of every game's view of one seat (``seat=None``: a spectator)."""

    game: str
    seat: int | None
    players_count: int
    deal: int
    phase: str
    to_act: tuple[int, ...]
    hand: tuple[Card, ...] | None
    """The seat's own cards in display order; ``None`` for a spectator."""
    players: tuple[P, ...]
    table: T
    scores: tuple[float, ...]
    history: tuple[Event, ...]
    """The events of the current deal that make up its public record (each game says which)."""
    options: OptT
    result: MatchResult | None
    """The final result once the match is over."""

    def to_json(self) -> JSON:
        """The JSON form sent to clients: card notation, lists, the events' ``type`` tags."""
        players = self.players
        player_enc = encoder(type(players[0])) if players else None
        result = self.result
        return {
            "game": self.game,
            "seat": self.seat,
            "players_count": self.players_count,
            "deal": self.deal,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "hand": None if self.hand is None else [c.__str__() for c in self.hand],
            "players": [player_enc(p) for p in players] if player_enc else [],
            "table": encoder(type(self.table))(self.table),
            "scores": list(self.scores),
            "history": [e.to_json() for e in self.history],
            "options": encoder(type(self.options))(self.options),
            "result": None if result is None else result.to_json(),
        }

    @staticmethod
    def from_json(data: Any, game: GameShape) -> Observation[Any, Any, Any]:
        """Read an observation of ``game`` from its JSON; :class:`WireError` on a bad shape."""
        if not isinstance(data, dict):
            raise WireError(f"an observation is a JSON object, not {type(data).__name__}")
        if data.get("game") != game.name:
            raise WireError(f"observation is of {data.get('game')!r}, not {game.name!r}")
        events = tuple(sorted(game.event_types.items()))
        shape = game.view_types
        try:
            result = data.get("result")
            return Observation(
                game=game.name,
                seat=decoder(int | None)(data["seat"]),
                players_count=decoder(int)(data["players_count"]),
                deal=decoder(int)(data["deal"]),
                phase=decoder(str)(data["phase"]),
                to_act=decoder(tuple[int, ...])(data["to_act"]),
                hand=decoder(tuple[Card, ...] | None)(data["hand"]),
                players=decoder(_tuple_of(shape.player), events)(data["players"]),
                table=decoder(shape.table, events)(data["table"]),
                scores=decoder(tuple[float, ...])(data["scores"]),
                history=decoder(tuple[Event, ...], events)(data["history"]),
                options=decoder(game.Options)(data["options"]),
                result=None if result is None else MatchResult.from_json(result),
            )
        except KeyError as exc:
            raise WireError(f"observation lacks {exc.args[0]!r}") from None


def _tuple_of(cls: type) -> Any:
    """``tuple[cls, ...]`` for a class known only at run time."""
    return tuple.__class_getitem__((cls, ...))


def observation_schema(game: GameShape) -> JSON:
    """The JSON Schema of ``game``'s observations, generated from its view types."""
    defs: dict[str, Any] = {}
    events = game.event_types
    shape = game.view_types
    nullable_int = {"anyOf": [{"type": "integer"}, {"type": "null"}]}
    props: JSON = {
        "game": {"const": game.name},
        "seat": nullable_int,
        "players_count": {"type": "integer"},
        "deal": {"type": "integer"},
        "phase": {"type": "string"},
        "to_act": {"type": "array", "items": {"type": "integer"}},
        "hand": schema(tuple[Card, ...] | None, defs=defs),
        "players": {"type": "array", "items": schema(shape.player, events, defs)},
        "table": schema(shape.table, events, defs),
        "scores": {"type": "array", "items": {"type": "number"}},
        "history": {"type": "array", "items": schema(Event, events, defs)},
        "options": schema(game.Options, events, defs),
        "result": {"anyOf": [MatchResult.json_schema(), {"type": "null"}]},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{game.info.title} observation",
        "type": "object",
        "properties": props,
        "required": list(props),
        "additionalProperties": False,
        "$defs": dict(sorted(defs.items())),
    }

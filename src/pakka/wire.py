"""JSON for typed values: encoders, decoders and JSON Schemas compiled from type hints.

Views, events and options are frozen dataclasses.  On the wire each is a JSON object whose
keys are its field names; a :class:`~pakka.cards.Card` is its notation (``"S8"``), a tuple a
list, ``None`` ``null``, a nested dataclass an object and an :class:`Event` an object with
its ``type`` tag.  One converter per type is compiled from the hints on first use and
cached, so the hot paths (an observation a step in a bot's play-out) pay no reflection.

Decoding checks shapes and raises :class:`WireError` naming the path of the bad value
(``table.trick[2].card: bad card 'X9'``).  Polymorphic event lists are decoded with the
game's own event classes (``events={"trick_won": TrickWon, ...}``).

>>> from dataclasses import dataclass
>>> from pakka.cards import Card
>>> @dataclass(frozen=True)
... class Seen:
...     seat: int
...     cards: tuple[Card, ...]
...     led: str | None = None
>>> to_json(Seen(2, (Card("S", 8), Card("H", 10))))
{'seat': 2, 'cards': ['S8', 'H10'], 'led': None}
>>> from_json(Seen, {"seat": 2, "cards": ["S8"], "led": "H"})
Seen(seat=2, cards=(Card('S8'),), led='H')
>>> from_json(Seen, {"seat": "two", "cards": [], "led": None})
Traceback (most recent call last):
...
pakka.wire.WireError: seat: expected a whole number, not 'two'
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeAlias, TypeVar

from pakka.cards import Card, parse_card
from pakka.errors import NotationError, PakkaError

__all__ = [
    "JSON",
    "Decoder",
    "Encoder",
    "Tagged",
    "WireError",
    "decoder",
    "encoder",
    "fields_encoder",
    "from_json",
    "schema",
    "to_json",
]

JSON: TypeAlias = dict[str, Any]
"""A JSON object as Python reads it (the edges only: files, sockets, tests)."""
Encoder: TypeAlias = Callable[[Any], Any]
Decoder: TypeAlias = Callable[[Any], Any]
EventTable: TypeAlias = Mapping[str, type]
"""``type`` tag -> event class, for decoding a game's events."""

_PLAIN = (int, float, str, bool, type(None))
R = TypeVar("R")


def memo(fn: Callable[..., R]) -> Callable[..., R]:
    """``functools.cache`` for functions keyed by types (which typeshed does not call
    hashable)."""
    return typing.cast(Callable[..., R], functools.cache(fn))


class WireError(PakkaError, ValueError):
    """A JSON value that does not have the shape its type needs."""


def _identity(value: Any) -> Any:
    return value


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _fields(cls: type) -> list[tuple[str, Any]]:
    hints = _hints(cls)
    return [(f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init]


class Tagged:
    """A value written with its ``type`` tag and read back by that tag: a field typed as a
    ``Tagged`` class (an :class:`~pakka.events.Event`) is encoded by the value's own
    ``to_json`` and decoded with the class the decoder's ``events`` table gives the tag."""

    __slots__ = ()
    type: ClassVar[str]


def _is_event_base(tp: Any) -> bool:
    """Whether ``tp`` is a class read polymorphically (by its ``type`` tag)."""
    return isinstance(tp, type) and issubclass(tp, Tagged)


# --- encoding ---------------------------------------------------------------------------


def to_json(value: Any) -> Any:
    """The JSON form of any typed value (dataclasses, cards, tuples, plain values)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return encoder(type(value))(value)
    return _encode_any(value)


def _encode_any(value: Any) -> Any:
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_encode_any(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _encode_any(v) for k, v in value.items()}
    to_json_method = getattr(value, "to_json", None)
    if to_json_method is not None:
        return to_json_method()
    if dataclasses.is_dataclass(value):
        return encoder(type(value))(value)
    raise TypeError(f"cannot write {value!r} as JSON")


@memo
def encoder(tp: Any) -> Encoder:
    """A function that writes a value of type ``tp`` as JSON."""
    if tp in _PLAIN or tp is Any or typing.get_origin(tp) is typing.Literal:
        return _identity
    if tp is Card:
        return str
    if _is_event_base(tp):
        return _encode_event
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (types.UnionType, typing.Union):
        parts = [encoder(a) for a in args]
        if all(p is _identity for p in parts):
            return _identity
        if len(args) == 2 and type(None) in args:
            inner = parts[0] if args[1] is type(None) else parts[1]
            return lambda v: None if v is None else inner(v)
        return _encode_any
    if origin is tuple or origin is list:
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            items = [encoder(a) for a in args]
            return lambda v: [e(x) for e, x in zip(items, v, strict=True)]
        item = encoder(args[0]) if args else _encode_any
        if item is _identity:
            return list
        if item is str:
            return lambda v: [x.__str__() for x in v]
        return lambda v: [item(x) for x in v]
    if origin in (dict, Mapping) or tp in (dict, Mapping):
        value_enc = encoder(args[1]) if args else _encode_any
        return lambda v: {k: value_enc(x) for k, x in v.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_encoder(tp)
    if isinstance(tp, type) and hasattr(tp, "to_json"):
        return lambda v: v.to_json()
    return _encode_any


def _encode_event(event: Any) -> Any:
    return event.to_json()


@memo
def fields_encoder(cls: type) -> Encoder:
    """The encoder of a dataclass's own fields (an event's, without its ``type`` tag)."""
    return _dataclass_encoder(cls)


def _dataclass_encoder(cls: type) -> Encoder:
    """One function per dataclass, generated so that a plain field costs one attribute read
    (observations are encoded for every frame the server sends)."""
    plan = _encoders(cls)
    env: dict[str, Any] = {}
    items = []
    for i, (name, enc) in enumerate(plan):
        if enc is _identity:
            items.append(f"{name!r}: v.{name}")
        else:
            env[f"e{i}"] = enc
            items.append(f"{name!r}: e{i}(v.{name})")
    source = "def encode(v):\n    return {" + ", ".join(items) + "}\n"
    exec(compile(source, f"<pakka.wire encoder of {cls.__qualname__}>", "exec"), env)
    encode: Encoder = env["encode"]
    return encode


def _encoders(cls: type) -> list[tuple[str, Encoder]]:
    return [(name, encoder(hint)) for name, hint in _fields(cls)]


# --- decoding ---------------------------------------------------------------------------


def from_json(tp: Any, data: Any, events: EventTable | None = None) -> Any:
    """Read ``data`` as a value of type ``tp``; raises :class:`WireError` on a bad shape."""
    return decoder(tp, _freeze(events))(data)


def _freeze(events: EventTable | None) -> tuple[tuple[str, type], ...]:
    return tuple(sorted((events or {}).items()))


@memo
def decoder(tp: Any, events: tuple[tuple[str, type], ...] = ()) -> Decoder:
    """A function that reads JSON as a value of type ``tp`` (``events``: tag -> class)."""
    dec = _decoder(tp, events)

    def run(data: Any) -> Any:
        try:
            return dec(data)
        except _PathError as exc:
            raise WireError(exc.text()) from None

    return run


class _PathError(Exception):
    def __init__(self, message: str, path: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.path = path

    def under(self, step: str) -> _PathError:
        return _PathError(self.message, (step, *self.path))

    def text(self) -> str:
        where = "".join(p if p.startswith("[") else f".{p}" for p in self.path).lstrip(".")
        return f"{where}: {self.message}" if where else self.message


def _fail(message: str) -> _PathError:
    return _PathError(message)


def _dec_int(v: Any) -> int:
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    raise _fail(f"expected a whole number, not {v!r}")


def _dec_float(v: Any) -> float:
    if isinstance(v, int | float) and not isinstance(v, bool):
        return v
    raise _fail(f"expected a number, not {v!r}")


def _dec_str(v: Any) -> str:
    if isinstance(v, str):
        return v
    raise _fail(f"expected a string, not {v!r}")


def _dec_bool(v: Any) -> bool:
    if isinstance(v, bool):
        return v
    raise _fail(f"expected true or false, not {v!r}")


def _dec_none(v: Any) -> None:
    if v is None:
        return
    raise _fail(f"expected null, not {v!r}")


def _dec_card(v: Any) -> Card:
    if not isinstance(v, str):
        raise _fail(f"expected a card such as 'S8', not {v!r}")
    try:
        return parse_card(v)
    except NotationError as exc:
        raise _fail(str(exc)) from None


_SIMPLE: dict[Any, Decoder] = {
    int: _dec_int,
    float: _dec_float,
    str: _dec_str,
    bool: _dec_bool,
    type(None): _dec_none,
    Card: _dec_card,
    Any: _identity,
}


def _decoder(tp: Any, events: tuple[tuple[str, type], ...]) -> Decoder:
    simple = _SIMPLE.get(tp)
    if simple is not None:
        return simple
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Literal:
        allowed = args
        kinds = {type(a) for a in allowed}

        def literal(v: Any) -> Any:
            if v in allowed and type(v) in kinds:
                return v
            raise _fail(f"expected one of {', '.join(map(repr, allowed))}, not {v!r}")

        return literal
    if _is_event_base(tp):
        return _event_decoder(tp, events)
    if origin in (types.UnionType, typing.Union):
        return _union_decoder(args, events)
    if origin is tuple or origin is list:
        return _sequence_decoder(origin, args, events)
    if origin in (dict, Mapping) or tp in (dict, Mapping):
        value_dec = _decoder(args[1], events) if args else _identity

        def mapping(v: Any) -> Any:
            if not isinstance(v, dict):
                raise _fail(f"expected an object, not {type(v).__name__}")
            out = {}
            for k, x in v.items():
                if not isinstance(k, str):
                    raise _fail(f"expected string keys, not {k!r}")
                try:
                    out[k] = value_dec(x)
                except _PathError as exc:
                    raise exc.under(k) from None
            return out

        return mapping
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp, events)
    if isinstance(tp, type) and hasattr(tp, "from_json"):
        reader = tp.from_json

        def custom(v: Any) -> Any:
            try:
                return reader(v)
            except (PakkaError, ValueError, TypeError, KeyError) as exc:
                raise _fail(str(exc)) from None

        return custom
    raise TypeError(f"no JSON decoder for {tp!r}")


def _union_decoder(args: tuple[Any, ...], events: tuple[tuple[str, type], ...]) -> Decoder:
    parts = [_decoder(a, events) for a in args]
    nullable = type(None) in args
    others = [p for a, p in zip(args, parts, strict=True) if a is not type(None)]

    def union(v: Any) -> Any:
        if v is None and nullable:
            return None
        errors = []
        for p in others:
            try:
                return p(v)
            except _PathError as exc:
                errors.append(exc)
        if len(errors) == 1:
            raise errors[0]
        raise _fail(f"{v!r} fits none of {' | '.join(_name(a) for a in args)}")

    return union


def _sequence_decoder(
    origin: Any, args: tuple[Any, ...], events: tuple[tuple[str, type], ...]
) -> Decoder:
    build = tuple if origin is tuple else list
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        items = [_decoder(a, events) for a in args]

        def fixed(v: Any) -> Any:
            if not isinstance(v, list) or len(v) != len(items):
                raise _fail(f"expected a list of {len(items)}, not {v!r}")
            out = []
            for i, (d, x) in enumerate(zip(items, v, strict=True)):
                try:
                    out.append(d(x))
                except _PathError as exc:
                    raise exc.under(f"[{i}]") from None
            return tuple(out)

        return fixed
    item = _decoder(args[0], events) if args else _identity

    def sequence(v: Any) -> Any:
        if not isinstance(v, list):
            raise _fail(f"expected a list, not {type(v).__name__}")
        out = []
        for i, x in enumerate(v):
            try:
                out.append(item(x))
            except _PathError as exc:
                raise exc.under(f"[{i}]") from None
        return build(out)

    return sequence


def _dataclass_decoder(cls: type, events: tuple[tuple[str, type], ...]) -> Decoder:
    plan = [(name, _decoder(hint, events)) for name, hint in _fields(cls)]
    required = {
        f.name
        for f in dataclasses.fields(cls)
        if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    known = {name for name, _ in plan}

    def read(v: Any) -> Any:
        if not isinstance(v, dict):
            raise _fail(f"expected an object for {cls.__name__}, not {type(v).__name__}")
        missing = required - v.keys()
        if missing:
            raise _fail(f"{cls.__name__} lacks {', '.join(sorted(missing))}")
        extra = v.keys() - known - {"type"}
        if extra:
            raise _fail(f"{cls.__name__} has no field {', '.join(sorted(extra))}")
        values = {}
        for name, dec in plan:
            if name in v:
                try:
                    values[name] = dec(v[name])
                except _PathError as exc:
                    raise exc.under(name) from None
        try:
            return cls(**values)
        except (PakkaError, ValueError, TypeError) as exc:
            raise _fail(str(exc)) from None

    return read


def _event_decoder(base: type, events: tuple[tuple[str, type], ...]) -> Decoder:
    table = {tag: cls for tag, cls in events if issubclass(cls, base)}
    own_tag = getattr(base, "type", None)
    if not table and isinstance(own_tag, str) and own_tag != "event":
        table = {own_tag: base}
    readers = {tag: _dataclass_decoder(cls, events) for tag, cls in table.items()}

    def read(v: Any) -> Any:
        if not isinstance(v, dict):
            raise _fail(f"expected an event object, not {type(v).__name__}")
        tag = v.get("type")
        reader = readers.get(tag) if isinstance(tag, str) else None
        if reader is None:
            raise _fail(f"unknown event type {tag!r}; known: {', '.join(sorted(readers))}")
        return reader(v)

    return read


# --- schemas ----------------------------------------------------------------------------


CARD_PATTERN = r"^(?:[SHDC](?:[2-9]|10|[JQKA])|JK|RJ|BJ)$"


def schema(tp: Any, events: EventTable | None = None, defs: dict[str, Any] | None = None) -> JSON:
    """A JSON Schema (2020-12) of the JSON form of ``tp``; dataclasses go into ``defs``."""
    defs = {} if defs is None else defs
    return _schema(tp, dict(events or {}), defs)


def _schema(tp: Any, events: dict[str, type], defs: dict[str, Any]) -> JSON:
    if tp is int:
        return {"type": "integer"}
    if tp is float:
        return {"type": "number"}
    if tp is str:
        return {"type": "string"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is type(None):
        return {"type": "null"}
    if tp is Any:
        return {}
    if tp is Card:
        defs.setdefault("Card", {"type": "string", "pattern": CARD_PATTERN})
        return {"$ref": "#/$defs/Card"}
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Literal:
        return {"enum": list(args)}
    if _is_event_base(tp):
        table = {tag: cls for tag, cls in events.items() if issubclass(cls, tp)}
        return {"oneOf": [_dataclass_schema(cls, events, defs) for _, cls in sorted(table.items())]}
    if origin in (types.UnionType, typing.Union):
        return {"anyOf": [_schema(a, events, defs) for a in args]}
    if origin is tuple or origin is list:
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            return {
                "type": "array",
                "prefixItems": [_schema(a, events, defs) for a in args],
                "minItems": len(args),
                "maxItems": len(args),
            }
        return {"type": "array", "items": _schema(args[0], events, defs) if args else {}}
    if origin in (dict, Mapping) or tp in (dict, Mapping):
        return {
            "type": "object",
            "additionalProperties": _schema(args[1], events, defs) if args else {},
        }
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_schema(tp, events, defs)
    schema_method = getattr(tp, "json_schema", None)
    if schema_method is not None:
        result: JSON = schema_method()
        return result
    raise TypeError(f"no JSON schema for {tp!r}")


def _dataclass_schema(cls: type, events: dict[str, type], defs: dict[str, Any]) -> JSON:
    name = cls.__name__
    if name not in defs:
        defs[name] = {}  # a placeholder against recursion
        props: dict[str, Any] = {}
        tag = getattr(cls, "type", None) if _is_event_base(cls) else None
        if isinstance(tag, str):
            props["type"] = {"const": tag}
        for field_name, hint in _fields(cls):
            props[field_name] = _schema(hint, events, defs)
        doc = inspect.cleandoc(cls.__doc__ or "").split("\n\n")[0].replace("\n", " ")
        entry: JSON = {
            "type": "object",
            "properties": props,
            "required": list(props),
            "additionalProperties": False,
        }
        if doc and not doc.startswith(f"{name}("):
            entry["description"] = doc
        defs[name] = entry
    return {"$ref": f"#/$defs/{name}"}


def _name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp)

"""Options declared once: a game's variant flags and what each may be.

A game's options are one frozen dataclass subclassing :class:`Options`; each field is
declared with :func:`option`, which says everything about it in one place: the default,
a line of help, the allowed values (``choices``, a ``range``, or a seat of the table) and
``samples`` for the generic test suite.  The type comes from the annotation (``bool``,
``int``, a ``Literal`` of names, ``int | None``...).  From that one declaration:

* :meth:`Options.__post_init__` checks every value (there is no hand-written check);
* :func:`options_from_mapping` reads JSON or ``k=v`` text (the CLI, the server);
* :func:`option_specs` describes them for the lobby form and ``pakka games``;
* :func:`option_variants` gives the generic suite the default and one variant per value.

>>> from dataclasses import dataclass
>>> from typing import Literal
>>> @dataclass(frozen=True)
... class Demo(Options):
...     deals: int = option(5, help="deals in a match", range=(1, 20))
...     mode: Literal["fast", "slow"] = option("fast", help="how it goes")
...     first: int | None = option(None, help="seat of the first dealer", seat=True)
>>> Demo(deals=0)
Traceback (most recent call last):
...
pakka.options.OptionError: option deals must be 1-20, not 0
>>> options_from_mapping(Demo, {"deals": "3", "first": "none"}, from_text=True)
Demo(deals=3, mode='fast', first=None)
>>> [(s.name, s.kind, s.choices) for s in option_specs(Demo)]
[('deals', 'int', None), ('mode', 'choice', ('fast', 'slow')), ('first', 'seat', None)]
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from pakka.errors import PakkaError
from pakka.wire import memo

__all__ = [
    "OptionError",
    "OptionSpec",
    "Options",
    "option",
    "option_specs",
    "option_variants",
    "options_from_mapping",
    "options_json",
]

OptionsT = TypeVar("OptionsT", bound="Options")
OptionKind = Literal["bool", "int", "choice", "seat", "text"]


class OptionError(PakkaError, ValueError):
    """An option value that its declaration does not allow."""


@dataclass(frozen=True)
class OptionSpec:
    """Everything about one option: for checks, the CLI, the lobby and the test suite."""

    name: str
    kind: OptionKind
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    """The allowed values of a ``choice`` (from a ``Literal`` annotation or ``choices=``)."""
    range: tuple[int, int] | None = None
    """Inclusive bounds of an ``int``."""
    nullable: bool = False
    """``None`` is allowed (and means what the help says, e.g. "drawn from the seed")."""
    samples: tuple[Any, ...] = ()
    """Values the generic suite tries besides the default (bools and choices: all)."""

    def check(self, value: Any) -> None:
        """Raise :class:`PakkaError` naming the option and what it may be."""
        if value is None:
            if self.nullable:
                return
            raise OptionError(f"option {self.name} needs a value ({self.allowed()})")
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name} is on or off (true/false), not {value!r}")
            return
        if self.kind in ("int", "seat"):
            if not isinstance(value, int) or isinstance(value, bool):
                raise OptionError(f"option {self.name} must be a whole number, not {value!r}")
            if self.range is not None and not self.range[0] <= value <= self.range[1]:
                raise OptionError(f"option {self.name} must be {self.allowed()}, not {value!r}")
            return
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"option {self.name} must be {self.allowed()}, not {value!r}")

    def allowed(self) -> str:
        """The allowed values in a few words (for messages and ``pakka games``)."""
        if self.kind == "bool":
            text = "true or false"
        elif self.choices is not None:
            text = "one of " + ", ".join(map(str, self.choices))
        elif self.kind == "seat" and self.range is not None and self.range[1] < _ANY_SEAT:
            text = f"a seat {self.range[0]}-{self.range[1]}"
        elif self.kind == "seat":
            text = "a seat number"
        elif self.range is not None:
            text = f"{self.range[0]}-{self.range[1]}"
        else:
            text = "a whole number" if self.kind == "int" else "text"
        return text + (" or none" if self.nullable else "")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "help": self.help,
            "choices": None if self.choices is None else list(self.choices),
            "range": None if self.range is None else list(self.range),
            "nullable": self.nullable,
        }


def option(
    default: Any,
    *,
    help: str,
    choices: Sequence[Any] | None = None,
    range: tuple[int, int] | None = None,
    seat: bool = False,
    samples: Sequence[Any] = (),
) -> Any:
    """Declare one option field (see the module docstring); ``seat=True``: a seat number,
    checked against the table size when a match starts (``range`` bounds it at once when
    the game has one table size)."""
    meta = {
        "help": help,
        "choices": None if choices is None else tuple(choices),
        "range": range,
        "seat": seat,
        "samples": tuple(samples),
    }
    return field(default=default, metadata={"pakka": meta})


@dataclass(frozen=True)
class Options:
    """Base of every game's options: the values are checked against their declarations."""

    def __post_init__(self) -> None:
        for spec in option_specs(type(self)):
            spec.check(getattr(self, spec.name))

    def check_table(self, players: int) -> None:
        """Checks that need the table size (a seat option must name one of its seats)."""
        for spec in option_specs(type(self)):
            value = getattr(self, spec.name)
            if spec.kind == "seat" and value is not None and not 0 <= value < players:
                raise OptionError(
                    f"option {spec.name} must be a seat 0-{players - 1} at a table of "
                    f"{players}, not {value}"
                )


@memo
def option_specs(cls: type[Options]) -> tuple[OptionSpec, ...]:
    """The spec of every option of ``cls``, in declaration order."""
    hints = typing.get_type_hints(cls)
    specs = []
    for f in dataclasses.fields(cls):
        meta = f.metadata.get("pakka")
        if meta is None:
            raise TypeError(f"{cls.__name__}.{f.name} must be declared with option(...)")
        specs.append(_spec(f.name, hints[f.name], f.default, meta))
    return tuple(specs)


def _spec(name: str, hint: Any, default: Any, meta: Mapping[str, Any]) -> OptionSpec:
    nullable = False
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        nullable = len(args) < len(typing.get_args(hint))
        if len(args) != 1:
            raise TypeError(f"option {name}: one type (or it or None), not {hint!r}")
        hint = args[0]
    choices = meta["choices"]
    kind: OptionKind
    if hint is bool:
        kind = "bool"
    elif typing.get_origin(hint) is Literal:
        kind, choices = "choice", typing.get_args(hint)
    elif hint is int:
        kind = "seat" if meta["seat"] else "int"
    elif hint is str:
        kind = "choice" if choices is not None else "text"
    else:
        raise TypeError(f"option {name}: unsupported type {hint!r}")
    rng = meta["range"]
    if kind == "seat" and rng is None:
        rng = (0, _ANY_SEAT)
    return OptionSpec(
        name=name,
        kind=kind,
        default=default,
        help=meta["help"],
        choices=choices,
        range=rng,
        nullable=nullable,
        samples=meta["samples"],
    )


_ANY_SEAT = 1_000
"""The bound of a seat option whose table size varies (checked again when a match starts)."""
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
_NONE = {"none", "null", ""}


def options_from_mapping(
    cls: type[OptionsT], data: Mapping[str, Any], from_text: bool = False
) -> OptionsT:
    """Build options from JSON values (or ``k=v`` text with ``from_text``).

    Unknown names and bad values raise :class:`PakkaError` naming what is allowed.
    """
    specs = {s.name: s for s in option_specs(cls)}
    values: dict[str, Any] = {}
    for key, raw in data.items():
        spec = specs.get(key)
        if spec is None:
            raise PakkaError(f"unknown option {key!r}; options are: {', '.join(specs) or 'none'}")
        values[key] = _from_text(spec, raw) if from_text else raw
    return cls(**values)


def _from_text(spec: OptionSpec, raw: Any) -> Any:
    if not isinstance(raw, str):
        return raw
    text = raw.strip()
    if spec.nullable and text.lower() in _NONE:
        return None
    if spec.kind == "bool" and text.lower() in _TRUE | _FALSE:
        return text.lower() in _TRUE
    if spec.kind in ("int", "seat") or (spec.choices and isinstance(spec.choices[0], int)):
        try:
            return int(text)
        except ValueError:
            pass
    return text


def option_variants(cls: type[OptionsT]) -> list[OptionsT]:
    """The default options plus one variant per other value worth trying.

    Bools are flipped, every other choice is tried, other options take their ``samples``.
    """
    default = cls()
    variants = [default]
    for spec in option_specs(cls):
        if spec.kind == "bool":
            values: tuple[Any, ...] = (not spec.default,)
        elif spec.choices is not None:
            values = spec.choices
        else:
            values = spec.samples
        variants += [
            dataclasses.replace(default, **{spec.name: v}) for v in values if v != spec.default
        ]
    return variants


def options_json(options: Options) -> dict[str, Any]:
    """Options as a JSON object (a fresh dict; computed once per options value)."""
    return dict(_options_json(options))


@functools.lru_cache(maxsize=256)
def _options_json(options: Any) -> dict[str, Any]:
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}

"""The Game / State protocol every game implements, the registry, and replay.

A game module subclasses :class:`Game` and :class:`State` and registers one ``Game``
instance.  The base classes own the invariants (who may act, legality, the action log,
the observation envelope, JSON replay) and call the game's hooks:

========================  ============================================================
hook                      what the game writes
========================  ============================================================
``_to_act()``             seats that may act now (the base returns ``frozenset()`` once over)
``_legal_actions(seat)``  sorted legal actions for a seat in ``to_act()``
``_apply(seat, action)``  mutate the state for a legal action; return events
``_observation(seat)``    the game part of the envelope (``seat=None``: spectator)
``_is_over()``            the match has ended
``_result()``             the final :class:`MatchResult`
``_clone_into(new)``      copy mutable containers into a shallow copy
``full_state()``          every fact of the state, hidden ones included (tests, equality)
``card_locations()``      every card of the pack by location (conservation, privacy tests)
``visible_locations(s)``  which of those locations seat ``s`` may see
========================  ============================================================

Chance is a pure function of the seed: :meth:`State.chance` gives the RNG for the k-th
random event (a shuffle), so ``options + seed + deck + actions`` replays a match exactly
and a clone needs no RNG copy.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import random
import types
import typing
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, TypeAlias

from pakka.cards import Card, parse_cards
from pakka.errors import (
    AmbiguousAction,
    IllegalAction,
    NotationError,
    PakkaError,
    UnknownGame,
)

__all__ = [
    "Action",
    "AmbiguousAction",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "MatchResult",
    "PlayCard",
    "Seat",
    "State",
    "get",
    "names",
    "option_variants",
    "options_from_mapping",
    "ranks_from_scores",
    "register",
    "shuffle",
]

Seat: TypeAlias = int
JSON: TypeAlias = dict[str, Any]

FORMAT_VERSION = 1
"""Version of the match record written by :meth:`State.to_json`."""


class Action:
    """Base of every action: a frozen, slotted dataclass in the game module.

    Subclasses set ``type`` (the JSON tag), implement ``__str__`` in the DESIGN notation
    and ``to_json()``.  Card-carrying actions expose ``cards`` so that generic code (the
    line client's parser, privacy tests) can read them.
    """

    __slots__ = ()
    type: ClassVar[str] = "action"

    def to_json(self) -> JSON:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play one card: the card action of the one-card trick games.

    ``PlayCard("S8")`` reads the notation, for tests and people.
    """

    type = "play"
    card: Card

    def __post_init__(self) -> None:
        if isinstance(self.card, str):
            object.__setattr__(self, "card", parse_cards(self.card)[0])

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def __str__(self) -> str:
        return str(self.card)

    def to_json(self) -> JSON:
        return {"type": "play", "cards": [str(self.card)]}


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the clients' logs and animations.

    ``seats`` limits who may see it (``None`` = everyone): a passed card is told only to
    its giver and receiver.
    """

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    seats: frozenset[int] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> JSON:
        return {"type": self.type, **self.data}


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Final scores and the ranking (1 = first; equal places share a rank)."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> list[Seat]:
        return [s for s, r in enumerate(self.ranks) if r == 1]

    def to_json(self) -> JSON:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": self.winners,
            **dict(self.details),
        }


def ranks_from_scores(scores: Sequence[float], higher_is_better: bool = True) -> tuple[int, ...]:
    """Competition ranking: equal scores share a place, the next place is skipped.

    >>> ranks_from_scores([10, 30, 30, 5])
    (3, 1, 1, 4)
    >>> ranks_from_scores([3, 1, 1], higher_is_better=False)
    (3, 1, 1)
    """
    sign = -1 if higher_is_better else 1
    ordered = sorted(sign * s for s in scores)
    return tuple(ordered.index(sign * s) + 1 for s in scores)


@dataclass(frozen=True)
class GameInfo:
    """Declarative facts about a game that the generic tests check.

    ``option_samples`` gives values to try for options that are neither ``bool`` nor a
    ``Literal`` (the generic suite flips those by itself).  ``score_bounds`` bounds every
    final score.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    simultaneous: bool
    hidden_information: bool
    has_chance: bool = True
    score_bounds: tuple[float, float] | None = None
    option_samples: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    option_help: Mapping[str, str] = field(default_factory=dict)
    """One line per option for ``pakka games`` and the clients' table setup."""
    description: str = ""
    """One or two sentences for people choosing a game."""

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


class Game(ABC):
    """One card game: its facts, its options and how to start, restore and read actions."""

    info: ClassVar[GameInfo]
    Options: ClassVar[type[Any]]
    """A frozen dataclass of variant flags with documented defaults."""

    @property
    def name(self) -> str:
        return self.info.name

    @abstractmethod
    def _new_state(self, players: int, options: Any, seed: int, deck: list[Card] | None) -> State:
        """Create the state of a new match (the first deal done)."""

    @abstractmethod
    def action_from_json(self, data: Any) -> Action:
        """Read an action; anything unknown or malformed raises :class:`IllegalAction`."""

    @abstractmethod
    def determinize(self, observation: JSON, rng: random.Random) -> State:
        """A full state consistent with one seat's observation (hidden cards resampled)."""

    @abstractmethod
    def deck(self, players: int, options: Any) -> list[Card]:
        """The whole pack a match of this size uses (for conservation checks)."""

    def new_match(
        self,
        players: int | None = None,
        options: Any = None,
        seed: int | None = None,
        deck: Iterable[Card | str] | str | None = None,
    ) -> State:
        """Start a match.  ``deck`` stacks the first deal: the cards in dealing order."""
        players = self.info.default_players if players is None else players
        if not isinstance(players, int) or not (
            self.info.min_players <= players <= self.info.max_players
        ):
            raise PakkaError(
                f"{self.info.title} is played by {self.info.min_players}-"
                f"{self.info.max_players} players, not {players}"
            )
        if options is None:
            options = self.Options()
        elif isinstance(options, Mapping):
            options = options_from_mapping(self.Options, options)
        elif not isinstance(options, self.Options):
            raise PakkaError(f"options must be {self.Options.__name__}, not {options!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        stacked: list[Card] | None = None
        if deck is not None:
            stacked = parse_cards(deck)
            expected = Counter(self.deck(players, options))
            if Counter(stacked) != expected or len(stacked) != sum(expected.values()):
                missing = expected - Counter(stacked)
                extra = Counter(stacked) - expected
                raise PakkaError(
                    f"a stacked deck must hold exactly the {sum(expected.values())} cards of "
                    f"the pack; missing: {_fmt_counter(missing)}; extra: {_fmt_counter(extra)}"
                )
            stacked = _assign_copies(stacked)
        state = self._new_state(players, options, seed, stacked)
        return state

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a match from :meth:`State.to_json` by replaying its action log."""
        if data.get("game") != self.name:
            raise PakkaError(f"record is for game {data.get('game')!r}, not {self.name!r}")
        state = self.new_match(
            players=data["players"],
            options=options_from_mapping(self.Options, data.get("options", {})),
            seed=data["seed"],
            deck=data.get("deck"),
        )
        for step in data.get("actions", []):
            state.apply(step["seat"], self.action_from_json(step["action"]))
        return state

    def parse_action(self, state: State, seat: Seat, text: str) -> Action:
        """Read what a person typed: the action's notation, or its cards in any order.

        Raises :class:`AmbiguousAction` when several legal actions match (the caller asks
        which one) and :class:`IllegalAction` when none does.
        """
        legal = state.legal_actions(seat)
        wanted = text.strip().lower()
        exact = [a for a in legal if str(a).lower() == wanted]
        if len(exact) == 1:
            return exact[0]
        try:
            cards = Counter(parse_cards(text))
        except NotationError:
            cards = None
        if cards:
            by_cards = [a for a in legal if Counter(getattr(a, "cards", ())) == cards]
            if len(by_cards) == 1:
                return by_cards[0]
            if by_cards:
                raise AmbiguousAction(text, by_cards)
        words = [a for a in legal if str(a).lower().startswith(wanted)] if wanted else []
        if len(words) == 1:
            return words[0]
        if len(words) > 1:
            raise AmbiguousAction(text, words)
        raise IllegalAction(seat, text, "no legal action matches", legal)

    def options_from_strings(self, pairs: Mapping[str, str]) -> Any:
        """Options from ``k=v`` text (the CLI's ``--option``)."""
        return options_from_mapping(self.Options, pairs, from_text=True)


class State(ABC):
    """A match in progress.  ``apply`` mutates; ``clone`` copies cheaply."""

    game: Game
    players: int
    options: Any
    seed: int
    stacked_deck: list[Card] | None
    log: list[tuple[Seat, Action]] | None
    """The action log; ``None`` for a determinized state, which cannot be replayed."""
    _version: int = 0
    """Bumped by every apply; keys the memo of the last ``legal_actions`` answer, so that a
    checked ``apply`` of an action just chosen from that list costs no second generation.
    Code that changes a state other than through ``apply`` must call :meth:`touch`."""
    _legal_memo: tuple[int, Seat, tuple[Action, ...]] | None = None

    def __init__(self, game: Game, players: int, options: Any, seed: int, deck: list[Card] | None):
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self.stacked_deck = deck
        self.log = []

    # --- hooks ---------------------------------------------------------------------------

    @abstractmethod
    def _to_act(self) -> frozenset[Seat]: ...

    @abstractmethod
    def _legal_actions(self, seat: Seat) -> list[Action]: ...

    @abstractmethod
    def _apply(self, seat: Seat, action: Action) -> list[Event]: ...

    @abstractmethod
    def _observation(self, seat: Seat | None) -> JSON: ...

    @abstractmethod
    def _is_over(self) -> bool: ...

    @abstractmethod
    def _result(self) -> MatchResult: ...

    @abstractmethod
    def _clone_into(self, new: State) -> None:
        """Replace every mutable container of ``new`` (a shallow copy) with a copy."""

    @abstractmethod
    def full_state(self) -> JSON:
        """All facts, hidden ones included; two states are equal iff these are equal."""

    @abstractmethod
    def card_locations(self) -> dict[str, list[Card]]:
        """Every card of the pack, by location name (``hand:0``, ``stock``, ``won:2``…)."""

    @abstractmethod
    def visible_locations(self, seat: Seat | None) -> set[str]:
        """Locations from :meth:`card_locations` whose cards ``seat`` may know."""

    def _illegal_reason(self, seat: Seat, action: Action) -> str:
        """Why ``action`` is not legal; games override this with the rule's words."""
        return "not a legal action now"

    def touch(self) -> None:
        """Forget the legal-actions memo after changing the state by hand (tests, setups)."""
        self._version += 1

    def deal_number(self) -> int:
        """The current deal's number (0-based); games override it with a cheap attribute."""
        deal = self._observation(None).get("deal", 0)
        return int(deal) if isinstance(deal, int) else 0

    def is_legal(self, seat: Seat, action: Action) -> bool:
        """Membership test; games may answer without building the whole list."""
        return action in self._legal_actions(seat)

    # --- the protocol ------------------------------------------------------------------

    def to_act(self) -> frozenset[Seat]:
        """Seats that may act now (several in a simultaneous step); empty once over."""
        if self._is_over():
            return frozenset()
        return self._to_act()

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Legal actions for ``seat`` in a deterministic order; ``[]`` if it may not act."""
        if self._is_over() or seat not in self._to_act():
            return []
        legal = self._legal_actions(seat)
        self._legal_memo = (self._version, seat, tuple(legal))
        return legal

    def apply(self, seat: Seat, action: Action) -> list[Event]:
        """Validate and apply; raises :class:`IllegalAction` and changes nothing."""
        self.check(seat, action)
        return self.apply_unchecked(seat, action)

    def check(self, seat: Seat, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may take ``action`` now."""
        memo = self._legal_memo
        if (
            memo is not None
            and memo[0] == self._version
            and memo[1] == seat
            and type(seat) is int
            and id(action) in map(id, memo[2])
        ):
            # One of the very objects legal_actions(seat) returned in this version: the
            # match was running and the seat was to act then, and nothing has changed.
            return
        if self._is_over():
            raise IllegalAction(seat, action, "the match is over")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(
                seat, action, f"there is no seat {seat!r}; seats are 0-{self.players - 1}"
            )
        to_act = self._to_act()
        if seat not in to_act:
            waiting = ", ".join(str(s) for s in sorted(to_act))
            raise IllegalAction(seat, action, f"it is not your turn; waiting for seat {waiting}")
        if memo is not None and memo[0] == self._version and memo[1] == seat:
            legal = action in memo[2]  # an equal action built elsewhere
        else:
            legal = isinstance(action, Action) and self.is_legal(seat, action)
        if not legal:
            raise IllegalAction(
                seat, action, self._illegal_reason(seat, action), self._legal_actions(seat)
            )

    def apply_unchecked(self, seat: Seat, action: Action) -> list[Event]:
        """Apply an action taken from ``legal_actions`` without testing membership."""
        events = self._apply(seat, action)
        self._version += 1
        if self.log is not None:
            self.log.append((seat, action))
        return events

    def observation(self, seat: Seat | None) -> JSON:
        """What ``seat`` may know, JSON-ready; ``None`` is a spectator."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise PakkaError(f"there is no seat {seat!r}; seats are 0-{self.players - 1}")
        body = self._observation(seat)
        obs: JSON = {
            "game": self.game.name,
            "seat": seat,
            "players_count": self.players,
            "deal": body.pop("deal", 0),
            "phase": body.pop("phase", ""),
            "to_act": sorted(self.to_act()),
            "hand": body.pop("hand", None),
            "players": body.pop("players", []),
            "table": body.pop("table", {}),
            "scores": body.pop("scores", []),
            "history": body.pop("history", []),
            "options": options_json(self.options),
            "result": self.result().to_json() if self._is_over() else None,
        }
        obs.update(body)
        return obs

    def is_over(self) -> bool:
        return self._is_over()

    def result(self) -> MatchResult:
        if not self._is_over():
            raise PakkaError("the match is not over yet")
        return self._result()

    def clone(self) -> State:
        """An independent copy: shallow copy of fields, games copy their containers."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        if self.log is not None:
            new.log = list(self.log)
        self._clone_into(new)
        return new

    def determinize(self, seat: Seat, rng: random.Random) -> State:
        """``game.determinize(self.observation(seat), rng)``; the real state is untouched."""
        return self.game.determinize(self.observation(seat), rng)

    def chance(self, k: int) -> random.Random:
        """The RNG of the ``k``-th chance event of this match (a pure function of the seed)."""
        return random.Random(f"pakka:{self.seed}:{k}")

    def to_json(self) -> JSON:
        """The whole match record: options, seed, stacked deck and action log."""
        if self.log is None:
            raise PakkaError("a determinized state has no record to save")
        return {
            "format": FORMAT_VERSION,
            "game": self.game.name,
            "players": self.players,
            "options": options_json(self.options),
            "seed": self.seed,
            "deck": None if self.stacked_deck is None else [str(c) for c in self.stacked_deck],
            "actions": [{"seat": s, "action": a.to_json()} for s, a in self.log],
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.full_state() == other.full_state()

    __hash__ = None  # type: ignore[assignment]  # mutable


# --- options ----------------------------------------------------------------------------

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def options_from_mapping(cls: type[Any], data: Mapping[str, Any], from_text: bool = False) -> Any:
    """Build an Options dataclass, checking names, types and allowed values.

    Unknown names and bad values raise :class:`PakkaError` naming what is allowed.
    """
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    values: dict[str, Any] = {}
    for key, raw in data.items():
        if key not in fields:
            raise PakkaError(f"unknown option {key!r}; options are: {', '.join(fields) or 'none'}")
        values[key] = _coerce_option(key, hints[key], raw, from_text)
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise PakkaError(str(exc)) from exc


def _coerce_option(key: str, hint: Any, raw: Any, from_text: bool) -> Any:
    origin = typing.get_origin(hint)
    if origin is Literal:
        allowed = typing.get_args(hint)
        if raw in allowed:
            return raw
        if from_text:
            for a in allowed:
                if str(a) == str(raw):
                    return a
        raise PakkaError(f"option {key} must be one of {', '.join(map(str, allowed))}, not {raw!r}")
    if hint is bool:
        if isinstance(raw, bool):
            return raw
        if from_text and str(raw).lower() in _TRUE | _FALSE:
            return str(raw).lower() in _TRUE
        raise PakkaError(f"option {key} is on or off (true/false), not {raw!r}")
    if hint is int:
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        if from_text:
            try:
                return int(str(raw))
            except ValueError:
                pass
        raise PakkaError(f"option {key} must be a whole number, not {raw!r}")
    if origin in (types.UnionType, typing.Union):
        for arg in typing.get_args(hint):
            if arg is type(None) and raw in (None, "none", "None"):
                return None
            try:
                return _coerce_option(key, arg, raw, from_text)
            except PakkaError:
                continue
        raise PakkaError(f"option {key} cannot take {raw!r}")
    return raw


def option_variants(game: Game) -> list[Any]:
    """Default options plus one variant per non-default flag value (for the generic suite).

    ``bool`` fields are flipped, every other ``Literal`` value is tried, and other fields
    take the values in ``info.option_samples``.
    """
    cls = game.Options
    hints = typing.get_type_hints(cls)
    default = cls()
    variants = [default]
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        current = getattr(default, f.name)
        if hint is bool:
            values: tuple[Any, ...] = (not current,)
        elif typing.get_origin(hint) is Literal:
            values = tuple(v for v in typing.get_args(hint) if v != current)
        else:
            values = tuple(v for v in game.info.option_samples.get(f.name, ()) if v != current)
        variants += [dataclasses.replace(default, **{f.name: v}) for v in values]
    return variants


# --- registry ---------------------------------------------------------------------------

_REGISTRY: dict[str, Game] = {}
_GAME_MODULES = (
    "pakka.games.anarchy",
    "pakka.games.pentagrammi",
    "pakka.games.norlanninnakki",
    "pakka.games.guandan",
)
_loaded = False


def register(game: Game) -> Game:
    """Add a game to the registry under ``game.info.name``."""
    _REGISTRY[game.info.name] = game
    return game


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in _GAME_MODULES:
        importlib.import_module(module)


def get(name: str) -> Game:
    """The registered game called ``name``."""
    _load()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownGame(
            f"unknown game {name!r}; games are: {', '.join(names()) or 'none'}"
        ) from None


def names() -> list[str]:
    """Names of all registered games, sorted."""
    _load()
    return sorted(_REGISTRY)


# --- helpers ----------------------------------------------------------------------------


def options_json(options: Any) -> JSON:
    """Options as a JSON object; computed once per (frozen, hashable) Options value.

    ``dataclasses.asdict`` deep-copies on every call, which showed up in bots' play-outs;
    options hold only flat values, so a shallow copy of the cached dict is enough.
    """
    return dict(_options_json(options))


@functools.lru_cache(maxsize=256)
def _options_json(options: Any) -> JSON:
    return dataclasses.asdict(options)


def shuffle(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same permutation from the same draws, faster.

    CPython's ``Random.shuffle`` with its ``_randbelow`` written inline (one Python call
    less per item).  It is checked against the library at import and the library's is
    used whenever the two could differ (another Python, a subclass of ``Random``).
    """
    if not _INLINE_SHUFFLE or type(rng) is not random.Random:
        rng.shuffle(items)
        return
    _shuffle_inline(items, rng)


def _shuffle_inline(items: list[Any], rng: random.Random) -> None:
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _inline_shuffle_is_exact() -> bool:
    for seed in ("pakka:0:1", 7, 2**70 + 3):
        mine, theirs = list(range(120)), list(range(120))
        _shuffle_inline(mine, random.Random(seed))
        random.Random(seed).shuffle(theirs)
        if mine != theirs:
            return False
    return True


_INLINE_SHUFFLE = _inline_shuffle_is_exact()


def _fmt_counter(c: Counter[Card]) -> str:
    return " ".join(str(card) for card in sorted(c.elements(), key=Card.sort_key)) or "none"


def _assign_copies(cards: list[Card]) -> list[Card]:
    """Give repeated cards in a stacked deck distinct copy ids, in order of appearance."""
    seen: Counter[Card] = Counter()
    out = []
    for c in cards:
        out.append(c.with_copy(seen[c]))
        seen[c] += 1
    return out


def hand_json(cards: Iterable[Card]) -> list[str]:
    """Cards as notation strings, in the display order."""
    return [str(c) for c in sorted(cards, key=Card.sort_key)]

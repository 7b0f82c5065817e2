"""The Game / State protocol every game implements, and replay.

A game module subclasses :class:`Game` and :class:`State` and registers one ``Game``
instance.  The base classes own the invariants (who may act, legality, the action log,
the observation envelope, JSON replay) and call the game's hooks:

========================  ============================================================
hook                      what the game writes
========================  ============================================================
``_to_act()``             seats that may act now (the base returns ``frozenset()`` once over)
``_legal_actions(seat)``  sorted legal actions for a seat in ``to_act()``
``_apply(seat, action)``  mutate the state for a legal action; return events
``_view(seat)``           the typed view of a seat (``seat=None``: spectator), built with
                          :meth:`State.envelope` around the game's table and player views
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

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeAlias, TypeVar

from pakka.cards import Card, parse_card, parse_cards
from pakka.errors import AmbiguousAction, IllegalAction, NotationError, PakkaError
from pakka.events import DealScored, Event
from pakka.options import Options, option_variants, options_from_mapping, options_json
from pakka.results import MatchResult, ranks_from_scores
from pakka.selection import select
from pakka.views import Observation, PlayerView, TableView, ViewTypes
from pakka.wire import JSON

if TYPE_CHECKING:
    from typing import Self

__all__ = [
    "JSON",
    "Action",
    "AmbiguousAction",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "MatchResult",
    "Observation",
    "Options",
    "PlayCard",
    "PlayerView",
    "Replayed",
    "Seat",
    "State",
    "TableView",
    "ViewTypes",
    "option_variants",
    "options_from_mapping",
    "ranks_from_scores",
    "read_cards",
    "shuffle",
]

Seat: TypeAlias = int
OptionsT = TypeVar("OptionsT", bound=Options)
StateT = TypeVar("StateT", bound="State[Any, Any]")
ViewT = TypeVar("ViewT", bound=Observation[Any, Any, Any])
ActionT = TypeVar("ActionT", bound="Action")

FORMAT_VERSION = 1
"""Version of the match record written by :meth:`State.to_json`."""


class Action:
    """Base of every action: a frozen, slotted dataclass in the game module.

    Subclasses set ``type`` (the JSON tag), implement ``__str__`` in the DESIGN notation,
    ``to_json()`` and the classmethod ``from_json()`` (which raises :class:`IllegalAction`
    naming what is wrong).  Card-carrying actions expose ``cards`` so that generic code
    (the line client's parser, privacy tests) can read them.  ``tags`` lists every JSON
    ``type`` the class reads (Guandan's pass is a :class:`Play` written ``{"type": "pass"}``).
    """

    __slots__ = ()
    type: ClassVar[str] = "action"
    tags: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> JSON:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: JSON) -> Action:
        raise NotImplementedError


def read_cards(data: JSON, count: int | None = None, key: str = "cards") -> list[Card]:
    """The cards of an action's JSON (``data[key]``, a list of notation strings).

    Raises :class:`IllegalAction` saying what was expected: the field, the count, the card.
    """
    raw = data.get(key)
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise IllegalAction(None, data, f"{key!r} must be a list of card strings such as 'S8'")
    if count is not None and len(raw) != count:
        one = "one card" if count == 1 else f"{count} cards"
        raise IllegalAction(None, data, f"{data.get('type')} takes exactly {one} in {key!r}")
    try:
        return [parse_card(t) for t in raw]
    except NotationError as exc:
        raise IllegalAction(None, data, str(exc)) from None


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

    @classmethod
    def from_json(cls, data: JSON) -> PlayCard:
        return cls(read_cards(data, 1)[0])


@dataclass(frozen=True, slots=True)
class Replayed:
    """One action of a record, as :meth:`Game.replay` applied it."""

    step: int
    """Its index in the record's actions."""
    deal: int
    """The deal it belongs to, as the views number it (before the action was applied)."""
    events: list[Event]
    """What it did."""

    @property
    def scored_deal(self) -> bool:
        """Whether it ended a deal (a :class:`DealScored` among its events)."""
        return any(isinstance(e, DealScored) for e in self.events)


@dataclass(frozen=True)
class GameInfo:
    """Declarative facts about a game: the generic tests check them, the clients draw by them.

    Nothing about a game's options is here: they are declared once, on its ``Options``.
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
    """Bounds of every final score (checked at the end of every generic-suite match)."""
    lower_is_better: bool = False
    """Scores count down (Norlanninnakki's sheet): the best total is the lowest."""
    seat_direction: Literal["clockwise", "counterclockwise"] = "clockwise"
    """Which way play passes from seat ``s`` to ``s + 1`` as people see the table."""
    teams: tuple[tuple[int, ...], ...] = ()
    """Fixed partnerships by seat (Guandan: seats 0 and 2 against 1 and 3); ``()``: none."""
    pass_offsets: tuple[int, ...] = ()
    """Where passed cards go, as seat offsets: ``(1,)`` to the next seat, ``(1, -1)`` one
    card each to the two neighbours; ``()`` if the game passes no cards."""
    hand_sort: Literal["suit", "rank"] = "suit"
    """How a hand is best shown: grouped by suit, or by rank (the game's rank order)."""
    max_match_length: int | None = None
    """The most actions a match can take (any options), or ``None`` if a match has no bound."""
    description: str = ""
    """One or two sentences for people choosing a game."""

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def partner(self, seat: int) -> int | None:
        """The seat's partner in a partnership game, else ``None``."""
        for team in self.teams:
            if seat in team:
                return next((s for s in team if s != seat), None)
        return None


class Game(ABC, Generic[OptionsT, StateT]):
    """One card game: its facts, its options and how to start, restore and read actions.

    A game declares its parts as class attributes: ``info``, ``Options`` (its options
    dataclass), ``action_types`` (the action classes, which read their own JSON),
    ``event_types`` (tag -> event class, :func:`pakka.events.event_table`) and
    ``view_types`` (its table and player view classes).
    """

    info: ClassVar[GameInfo]
    Options: type[OptionsT]
    action_types: ClassVar[tuple[type[Action], ...]]
    event_types: ClassVar[Mapping[str, type[Event]]]
    view_types: ClassVar[ViewTypes]

    @property
    def name(self) -> str:
        return self.info.name

    @abstractmethod
    def _new_state(
        self, players: int, options: OptionsT, seed: int, deck: list[Card] | None
    ) -> StateT:
        """Create the state of a new match (the first deal done)."""

    @abstractmethod
    def _determinize(self, view: Observation[Any, Any, OptionsT], rng: random.Random) -> StateT:
        """A full state consistent with one seat's view (hidden cards resampled)."""

    @abstractmethod
    def deck(self, players: int, options: OptionsT) -> list[Card]:
        """The whole pack a match of this size uses (for conservation checks)."""

    def determinize(
        self, view: Observation[Any, Any, OptionsT] | JSON, rng: random.Random
    ) -> StateT:
        """A full state consistent with one seat's view (its JSON is read first)."""
        if isinstance(view, dict):
            view = self.view_from_json(view)
        return self._determinize(view, rng)

    def view_from_json(self, data: JSON) -> Observation[Any, Any, OptionsT]:
        """An observation's JSON read back into this game's typed view."""
        return Observation.from_json(data, self)

    def action_from_json(self, data: Any) -> Action:
        """Read an action by its ``type`` tag; anything unknown or malformed raises
        :class:`IllegalAction` saying what is allowed."""
        readers = _action_readers(type(self))
        if not isinstance(data, dict):
            raise IllegalAction(
                None, data, f"an action is a JSON object with a 'type': {', '.join(readers)}"
            )
        reader = readers.get(data.get("type"))  # type: ignore[arg-type]
        if reader is None:
            raise IllegalAction(
                None,
                data,
                f"unknown action type {data.get('type')!r}; actions: {', '.join(readers)}",
            )
        try:
            action = reader(data)
        except IllegalAction:
            raise
        except (PakkaError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise IllegalAction(None, data, f"malformed {data['type']} action: {exc}") from None
        pack = self._pack_values()
        for card in getattr(action, "cards", ()):
            if (card.suit, card.rank) not in pack:
                raise IllegalAction(None, data, f"{card} is not in the {self.info.title} pack")
        return action

    def _pack_values(self) -> frozenset[tuple[str, int]]:
        """Every card value of the game's largest pack (cached on the instance)."""
        pack: frozenset[tuple[str, int]] | None = self.__dict__.get("_pack")
        if pack is None:
            cards = self.deck(self.info.max_players, self.Options())
            pack = frozenset((c.suit, c.rank) for c in cards)
            self.__dict__["_pack"] = pack
        return pack

    def new_match(
        self,
        players: int | None = None,
        options: OptionsT | Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: Iterable[Card | str] | str | None = None,
    ) -> StateT:
        """Start a match.  ``deck`` stacks the first deal: the cards in dealing order."""
        players = self.info.default_players if players is None else players
        if not isinstance(players, int) or not (
            self.info.min_players <= players <= self.info.max_players
        ):
            raise PakkaError(
                f"{self.info.title} is played by {self.info.min_players}-"
                f"{self.info.max_players} players, not {players}"
            )
        chosen: OptionsT
        if options is None:
            chosen = self.Options()
        elif isinstance(options, self.Options):
            chosen = options
        elif isinstance(options, Mapping):
            chosen = options_from_mapping(self.Options, options)
        else:
            raise PakkaError(f"options must be {self.Options.__name__}, not {options!r}")
        chosen.check_table(players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        stacked: list[Card] | None = None
        if deck is not None:
            stacked = parse_cards(deck)
            expected = Counter(self.deck(players, chosen))
            if Counter(stacked) != expected or len(stacked) != sum(expected.values()):
                missing = expected - Counter(stacked)
                extra = Counter(stacked) - expected
                raise PakkaError(
                    f"a stacked deck must hold exactly the {sum(expected.values())} cards of "
                    f"the pack; missing: {_fmt_counter(missing)}; extra: {_fmt_counter(extra)}"
                )
            stacked = _assign_copies(stacked)
        return self._new_state(players, chosen, seed, stacked)

    def from_json(self, data: Mapping[str, Any]) -> StateT:
        """Rebuild a match from :meth:`State.to_json` by replaying its action log."""
        state = self._record_start(data)
        for step in data.get("actions", []):
            state.apply(step["seat"], self.action_from_json(step["action"]))
        return state

    def replay(self, data: Mapping[str, Any]) -> Iterator[tuple[StateT, Replayed]]:
        """Walk a record of :meth:`State.to_json` action by action: the match after each
        action (the same object, changed in place) with what that action was and did, for
        readers that need a deal's bounds or what happened where (reviews, takebacks)."""
        state = self._record_start(data)
        for step, entry in enumerate(data.get("actions", [])):
            deal = state.view(None).deal
            events = state.apply(entry["seat"], self.action_from_json(entry["action"]))
            yield state, Replayed(step, deal, events)

    def deal_start(self, data: Mapping[str, Any]) -> int:
        """How many actions of a record come before its deal in play (where "deal these
        cards again" goes back to); the record's length if that deal has not begun."""
        before: list[int] = []  # the deal in play before each action
        state: StateT | None = None
        for now, done in self.replay(data):
            before.append(done.deal)
            state = now  # (the same object each time: the match after the last action)
        deal = (state if state is not None else self._record_start(data)).view(None).deal
        return next((step for step, d in enumerate(before) if d == deal), len(before))

    def _record_start(self, data: Mapping[str, Any]) -> StateT:
        """A record's match before its first action."""
        if data.get("game") != self.name:
            raise PakkaError(f"record is for game {data.get('game')!r}, not {self.name!r}")
        return self.new_match(
            players=data["players"],
            options=options_from_mapping(self.Options, data.get("options", {})),
            seed=data["seed"],
            deck=data.get("deck"),
        )

    def parse_action(self, state: State[Any, Any], seat: Seat, text: str) -> Action:
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
            cards = parse_cards(text)
        except NotationError:
            cards = []
        if cards:
            meant = select(legal, cards).actions
            if len(meant) == 1:
                return meant[0]
            if meant:
                raise AmbiguousAction(text, list(meant))
        words = [a for a in legal if str(a).lower().startswith(wanted)] if wanted else []
        if len(words) == 1:
            return words[0]
        if len(words) > 1:
            raise AmbiguousAction(text, words)
        raise IllegalAction(seat, text, "no legal action matches", legal)

    def options_from_strings(self, pairs: Mapping[str, str]) -> OptionsT:
        """Options from ``k=v`` text (the CLI's ``--option``)."""
        return options_from_mapping(self.Options, pairs, from_text=True)


_READERS: dict[type, dict[str, Callable[[JSON], Action]]] = {}


def _action_readers(cls: type[Game[Any, Any]]) -> dict[str, Callable[[JSON], Action]]:
    """JSON ``type`` tag -> the action class's reader, for one game class (built once)."""
    readers = _READERS.get(cls)
    if readers is None:
        readers = {}
        for action_cls in cls.action_types:
            for tag in action_cls.tags or (action_cls.type,):
                if tag in readers:
                    raise TypeError(f"{cls.__name__}: two action classes read {tag!r}")
                readers[tag] = action_cls.from_json
        _READERS[cls] = readers
    return readers


class State(ABC, Generic[OptionsT, ViewT]):
    """A match in progress.  ``apply`` mutates; ``clone`` copies cheaply.

    Generic in the game's options and its view type (``Observation[Table, Player, Options]``).
    """

    game: Game[OptionsT, Any]
    players: int
    options: OptionsT
    seed: int
    stacked_deck: list[Card] | None
    log: list[tuple[Seat, Action]] | None
    """The action log; ``None`` for a determinized state, which cannot be replayed."""
    _version: int = 0
    """Bumped by every apply; keys the memo of the last ``legal_actions`` answer, so that a
    checked ``apply`` of an action just chosen from that list costs no second generation.
    Code that changes a state other than through ``apply`` must call :meth:`touch`."""
    _legal_memo: tuple[int, Seat, tuple[Action, ...]] | None = None

    def __init__(
        self,
        game: Game[OptionsT, Any],
        players: int,
        options: OptionsT,
        seed: int,
        deck: list[Card] | None,
    ) -> None:
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
    def _view(self, seat: Seat | None) -> ViewT:
        """The seat's typed view, built with :meth:`envelope`."""

    @abstractmethod
    def _is_over(self) -> bool: ...

    @abstractmethod
    def _result(self) -> MatchResult: ...

    @abstractmethod
    def _clone_into(self, new: Self) -> None:
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
        """A number that changes when a deal ends (rollouts play to it); games override it
        with a cheap attribute."""
        return self._view(None).deal

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

    def view(self, seat: Seat | None) -> ViewT:
        """What ``seat`` may know, typed; ``None`` is a spectator."""
        if seat is not None and not (type(seat) is int and 0 <= seat < self.players):
            raise PakkaError(f"there is no seat {seat!r}; seats are 0-{self.players - 1}")
        return self._view(seat)

    def observation(self, seat: Seat | None) -> JSON:
        """:meth:`view` as JSON, for the wire."""
        return self.view(seat).to_json()

    def envelope(
        self,
        seat: Seat | None,
        *,
        deal: int,
        phase: str,
        hand: tuple[Card, ...] | None,
        players: tuple[PlayerView, ...],
        table: TableView,
        scores: tuple[float, ...],
        history: tuple[Event, ...] = (),
    ) -> Any:
        """The :class:`Observation` of ``seat`` around the game's own parts (for ``_view``)."""
        over = self._is_over()
        return Observation(
            game=self.game.info.name,
            seat=seat,
            players_count=self.players,
            deal=deal,
            phase=phase,
            to_act=() if over else tuple(sorted(self._to_act())),
            hand=hand,
            players=players,
            table=table,
            scores=scores,
            history=history,
            options=self.options,
            result=self._result() if over else None,
        )

    def is_over(self) -> bool:
        return self._is_over()

    def result(self) -> MatchResult:
        if not self._is_over():
            raise PakkaError("the match is not over yet")
        return self._result()

    def clone(self) -> Self:
        """An independent copy: shallow copy of fields, games copy their containers."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        if self.log is not None:
            new.log = list(self.log)
        self._clone_into(new)
        return new

    def determinize(self, seat: Seat, rng: random.Random) -> Self:
        """``game.determinize(self.view(seat), rng)``; the real state is untouched."""
        det: Self = self.game.determinize(self.view(seat), rng)
        return det

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


# --- helpers ----------------------------------------------------------------------------


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

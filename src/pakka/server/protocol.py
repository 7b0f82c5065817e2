"""The wire protocol: typed, validated messages between the server and its clients.

Every WebSocket frame is one JSON object with a ``type``.  Inbound frames are parsed into
the models below (unknown types, unknown fields and wrong types are a ``ProtocolError``
told to the sender only); outbound frames are built from them, so the JSON schemas in
``docs/protocol-schemas/`` are generated from this module (``pakka dev schemas`` or
``python -m pakka.server.schemas``) and a test checks they are current.

``PROTOCOL_VERSION`` is bumped on any incompatible change; the server says it in its
``hello`` and a client may put it in every message (``"protocol": 2``) to be refused
cleanly by a newer server.  Version 2: the seat token travels in the first message
(``auth``), never in the URL.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from pakka.errors import ProtocolError
from pakka.server import wirejson

PROTOCOL_VERSION = 2
MAX_MESSAGE_BYTES = 16_384
"""Largest inbound WebSocket frame; the biggest legal action is far below this."""
MAX_NAME_LENGTH = 32

BotLevel: TypeAlias = Literal["random", "easy", "normal", "hard", "learned"]
TableStatus: TypeAlias = Literal["open", "playing", "over"]
SeatKind: TypeAlias = Literal["person", "bot"]
ErrorCode: TypeAlias = Literal[
    "bad_json",
    "too_large",
    "bad_message",
    "protocol",
    "illegal",
    "not_seated",
    "not_started",
    "paused",
    "rate_limited",
    "unavailable",
    "restarting",
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- REST ---------------------------------------------------------------------------------


class OptionInfo(_Model):
    """One variant option of a game, for the table setup form (its declaration,
    :class:`pakka.options.OptionSpec`); people read its label and help from the catalogue
    keys ``opt_<game>_<name>`` and ``opt_<game>_<name>_help``, each choice from
    ``opt_<game>_<name>_<value>``."""

    name: str
    type: Literal["bool", "int", "choice", "seat", "text"]
    default: Any
    choices: list[Any] | None = None
    range: list[int] | None = Field(default=None, description="inclusive bounds of a number")
    nullable: bool = Field(default=False, description="null is allowed (see the help)")
    help: str = Field(default="", description="one line in English for developers")


class GameMeta(_Model):
    """A registered game as the lobby shows it (from its ``GameInfo`` and ``Options``)."""

    name: str
    title: str
    description: str
    min_players: int
    max_players: int
    default_players: int
    simultaneous: bool
    hidden_information: bool
    seat_direction: Literal["clockwise", "counterclockwise"] = Field(
        description="which way play passes from seat s to s+1 as people see the table"
    )
    teams: list[list[int]] = Field(description="fixed partnerships by seat (empty: none)")
    pass_offsets: list[int] = Field(description="where passed cards go, as seat offsets")
    hand_sort: Literal["suit", "rank"] = Field(description="how a hand is best shown")
    lower_is_better: bool = Field(description="scores count down: the lowest total wins")
    options: list[OptionInfo]
    rules: list[str] = Field(description="languages the rules are available in")


class SeatSpec(_Model):
    """How a seat is filled when the table is created."""

    kind: SeatKind = "person"
    level: BotLevel = "normal"


class CreateTable(_Model):
    """``POST /api/tables``.  ``name`` (optional) seats the creator at the first free seat."""

    game: str = Field(max_length=40)
    players: int | None = Field(default=None, ge=1, le=10)
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)
    seats: list[SeatSpec] | None = Field(
        default=None, max_length=10, description="one per seat; default: all open for people"
    )
    name: str | None = Field(default=None, min_length=1, max_length=MAX_NAME_LENGTH)
    public: bool = True
    turn_seconds: float | None = Field(
        default=None, ge=5, le=3600, description="after this a bot plays for an absent person"
    )
    bot_delay: float = Field(default=0.0, ge=0, le=10, description="seconds between bot moves")
    trick_seconds: float = Field(
        default=1.5, ge=0, le=10, description="seconds a finished trick stays on the table"
    )


class JoinTable(_Model):
    """``POST /api/tables/{id}/join``: take a free seat (the first one if ``seat`` is unset)."""

    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    seat: int | None = Field(default=None, ge=0, le=9)


class SeatInfo(_Model):
    seat: int
    kind: SeatKind
    level: BotLevel | None = None
    name: str | None = None
    taken: bool = Field(description="a bot, or a person has joined")
    connected: bool = False
    away: bool = Field(default=False, description="a bot plays for this person until they return")
    trouble: str | None = Field(
        default=None, description="why the bot playing this seat failed its last move"
    )
    display: dict[str, str] = Field(
        default_factory=dict,
        description="the seat's name as people read it, by language (pakka.present."
        "seat_name): the same name the table's state frames and the terminal use",
    )


class TableInfo(_Model):
    """A table as anyone may see it (no secrets)."""

    id: str
    code: str = Field(description="short invite code: /join/{code}")
    game: str
    title: str
    players: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    status: TableStatus
    match: int = Field(description="1 for the first match, +1 per rematch; 0 before the start")
    public: bool
    turn_seconds: float | None
    bot_delay: float
    trick_seconds: float = Field(description="how long a finished trick stays on the table")
    new_match: list[int] = Field(
        description="the seated people who asked for a new match: it starts when all have"
    )
    created: str


class Joined(_Model):
    """The answer to create-with-name and join: keep ``token`` secret, it is your seat."""

    table: TableInfo
    seat: int | None = None
    token: str | None = None


class MatchSummary(_Model):
    number: int
    actions: int
    over: bool
    result: dict[str, Any] | None = None


class ReplayStep(_Model):
    """One frame of the replay viewer: the observation after ``step`` actions."""

    table: str
    match: int
    step: int
    steps: int
    seat: int | None
    action: dict[str, Any] | None = Field(description="the action that led here (None at 0)")
    actor: int | None = None
    observation: dict[str, Any]
    present: dict[str, Any] | None = Field(
        default=None,
        description="the step in words in the asked language (pakka.present.Presentation)",
    )


# --- WebSocket: client -> server ----------------------------------------------------------


class AuthMsg(_Model):
    """The first message on every connection: who you are.  ``token`` is your seat's
    token (from ``Joined``), or null to watch.  Tokens never go in the URL: URLs are logged."""

    type: Literal["auth"]
    token: str | None = Field(default=None, max_length=128)
    protocol: int | None = None
    lang: Literal["en", "fi"] = Field(
        default="en", description="the language of the presentation in every state frame"
    )


class ActionMsg(_Model):
    """Take an action for your own seat; ``version`` (optional) is the state you saw."""

    type: Literal["action"]
    action: dict[str, Any]
    version: int | None = None
    protocol: int | None = None


class HintMsg(_Model):
    """Ask for a suggested action (its reason in ``lang``)."""

    type: Literal["hint"]
    lang: Literal["en", "fi"] = "en"
    protocol: int | None = None


class SelectMsg(_Model):
    """Which legal actions these chosen cards (in the order chosen) and this choice (an index
    into the last state's ``legal_actions``) mean, and if none or several, what to tell the
    person (:func:`pakka.selection.select`, the rule every client follows)."""

    type: Literal["select"]
    cards: list[str] = Field(default_factory=list, max_length=60)
    choice: int | None = Field(default=None, ge=0, le=10_000)
    version: int | None = None
    protocol: int | None = None


class PingMsg(_Model):
    type: Literal["ping"]
    protocol: int | None = None


class ReadyMsg(_Model):
    """You have read the deal summary: during the break between deals (a state frame's
    ``present.pause``) the next deal's first decision is asked once every seated person
    has sent this, or the break's time is up.  Outside a break it changes nothing."""

    type: Literal["ready"]
    protocol: int | None = None


class SummariesMsg(_Model):
    """Ask for every deal summary of the match so far (answered by ``summaries``)."""

    type: Literal["summaries"]
    protocol: int | None = None


class PracticeMsg(_Model):
    """Practice at a table of one person and bots only (issue 30; :mod:`pakka.server.practice`):
    ``takeback`` your last action and the bots' replies since, ``redeal`` (the deal in play
    from its start: the same cards again; with ``seat``, from that seat: you move there and
    a bot takes yours), ``hands`` (every seat's hand
    now), ``coach`` (how the bot rates ``action`` before you play it, in ``lang``).  Any of
    them marks the match as practice in its replay."""

    type: Literal["practice"]
    op: Literal["takeback", "redeal", "hands", "coach"]
    action: dict[str, Any] | None = None
    lang: Literal["en", "fi"] = "en"
    seat: int | None = Field(
        default=None,
        description="redeal only: the seat to play the deal from (default: your own)",
    )
    protocol: int | None = None


InboundMsg: TypeAlias = (
    AuthMsg | ActionMsg | HintMsg | SelectMsg | PingMsg | ReadyMsg | SummariesMsg | PracticeMsg
)
Inbound = Annotated[InboundMsg, Field(discriminator="type")]
_INBOUND: TypeAdapter[InboundMsg] = TypeAdapter(Inbound)
INBOUND_TYPES = ("auth", "action", "hint", "select", "ping", "ready", "summaries", "practice")


# --- WebSocket: server -> client ----------------------------------------------------------


class HelloMsg(_Model):
    """First frame on every connection: who you are at this table."""

    type: Literal["hello"] = "hello"
    protocol: int = PROTOCOL_VERSION
    table: str
    seat: int | None = Field(description="your seat, None for a spectator")
    name: str | None = None


class TableMsg(_Model):
    """The table's seats and status changed (someone joined, connected, left, rematch)."""

    type: Literal["table"] = "table"
    table: TableInfo


class StateMsg(_Model):
    """The match as your seat sees it, after ``version`` actions of match ``match``."""

    type: Literal["state"] = "state"
    version: int
    match: int
    observation: dict[str, Any]
    legal_actions: list[dict[str, Any]]
    legal_text: list[str] = Field(description="the legal actions in card notation")
    events: list[dict[str, Any]] = Field(description="what happened since the last state")
    present: dict[str, Any] = Field(
        description="everything to show, in words, in the connection's language: prompt, "
        "seats and their badges, facts, the trick, the hand in display order, the legal "
        "actions' labels, the events as sentences, deal and match summaries, and "
        "during the break between deals `pause` (then legal_actions is empty) "
        "(pakka.present.Presentation; schema present.json)"
    )


class ErrorMsg(_Model):
    """Only to the sender: what was wrong, and what is allowed now.

    Errors a client causes are short: ``match`` and ``version`` name the state whose
    ``legal_actions`` apply, which the client has already been sent (or is about to be:
    a state frame is on its way when the table has moved on); ``legal_actions`` is empty
    then, and lists the legal actions only with ``unavailable`` (the server failed)."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str
    legal_actions: list[dict[str, Any]] = Field(default_factory=list)
    match: int | None = Field(default=None, description="the match of the state meant")
    version: int | None = Field(
        default=None,
        description="the state (of match) whose legal_actions apply now: the client's "
        "last state frame, or the one on its way",
    )
    retry_after: float | None = Field(
        default=None, description="rate_limited: seconds until the same message may succeed"
    )


class HintOption(_Model):
    action: dict[str, Any]
    text: str = Field(description="why, in the asked language")


class HintReply(_Model):
    """A suggested action and why (in the asked language), and the other moves the search
    compared, best first: a hint button pressed again offers the next."""

    type: Literal["hint"] = "hint"
    action: dict[str, Any] | None
    text: str
    engine: bool = Field(description="False: no hint (the text says why)")
    alternatives: list[HintOption] = Field(
        default_factory=list, description="the hint and the other moves, best first"
    )


class SelectionReply(_Model):
    """Only to the sender: the legal actions the selection means (indices into the state's
    ``legal_actions`` at ``version``, most exact first) and, unless it means exactly one,
    what to tell the person, in the connection's language."""

    type: Literal["selection"] = "selection"
    version: int
    actions: list[int]
    text: str = Field(description="'' when the selection means exactly one action")


class PongMsg(_Model):
    type: Literal["pong"] = "pong"


class SummariesReply(_Model):
    """Only to the sender: every deal summary of match ``match`` so far, in order, as the
    sender's seat sees them in the connection's language (``pakka.present.Summary``)."""

    type: Literal["summaries"] = "summaries"
    match: int
    deals: list[dict[str, Any]]


Outbound = Annotated[
    HelloMsg
    | TableMsg
    | StateMsg
    | ErrorMsg
    | HintReply
    | SelectionReply
    | PongMsg
    | SummariesReply,
    Field(discriminator="type"),
]


def parse_inbound(raw: str | bytes) -> InboundMsg:
    """Read one client frame; raises :class:`ProtocolError` with a code and a reason."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise WireError(
            "too_large", f"message is {len(raw)} bytes; the limit is {MAX_MESSAGE_BYTES}"
        )
    try:
        data = wirejson.loads(raw)
    except wirejson.JSONRefused as exc:
        raise WireError("bad_json", str(exc)) from None
    if not isinstance(data, dict):
        raise WireError("bad_message", "a message is a JSON object with a 'type'")
    kind = data.get("type")
    if kind not in INBOUND_TYPES:
        raise WireError(
            "bad_message",
            f"unknown message type {kind!r}; types are: {', '.join(INBOUND_TYPES)}",
        )
    try:
        msg = _INBOUND.validate_python(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'][1:]) or 'message'}: {e['msg']}"
            for e in exc.errors()
        )
        raise WireError("bad_message", f"bad {kind} message: {problems}") from None
    if msg.protocol is not None and msg.protocol != PROTOCOL_VERSION:
        raise WireError(
            "protocol",
            f"protocol {msg.protocol} is not spoken here; this server speaks {PROTOCOL_VERSION}",
        )
    return msg


class WireError(ProtocolError):
    """A bad inbound frame; ``code`` is the ``error`` message's code."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        self.code: ErrorCode = code
        super().__init__(message)


SCHEMA_MODELS: dict[str, type[BaseModel]] = {
    "in-auth": AuthMsg,
    "in-action": ActionMsg,
    "in-hint": HintMsg,
    "in-select": SelectMsg,
    "in-ping": PingMsg,
    "in-ready": ReadyMsg,
    "in-summaries": SummariesMsg,
    "out-hello": HelloMsg,
    "out-table": TableMsg,
    "out-state": StateMsg,
    "out-error": ErrorMsg,
    "out-hint": HintReply,
    "out-selection": SelectionReply,
    "out-pong": PongMsg,
    "out-summaries": SummariesReply,
    "rest-create-table": CreateTable,
    "rest-join-table": JoinTable,
    "rest-joined": Joined,
    "rest-table": TableInfo,
    "rest-game": GameMeta,
    "rest-replay-step": ReplayStep,
}


def schemas() -> dict[str, dict[str, Any]]:
    """JSON schema of every message, by file stem (``docs/protocol-schemas/<stem>.json``)."""
    out = {name: model.model_json_schema() for name, model in SCHEMA_MODELS.items()}
    out["in"] = TypeAdapter(Inbound).json_schema()
    out["out"] = TypeAdapter(Outbound).json_schema()
    return out

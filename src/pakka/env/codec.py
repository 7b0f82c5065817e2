"""The codec protocol: fixed-size action indices and numeric observations for one game.

A :class:`Codec` turns an engine state into what a learning agent sees (a float vector
laid out by an :class:`ObsLayout`, and a 0/1 mask over a fixed list of action indices)
and turns a chosen index back into the engine's action.  It never changes the engine.

Multi-card decisions that would not fit a small fixed action space may be split into
*sub-steps*: the codec keeps the indices chosen so far (``pending``) and returns an engine
action only when the decision is complete.  :meth:`Codec.encode` gives the index sequence
of an engine action and :meth:`Codec.decode` its inverse; the tests check that the legal
engine actions and the mask-reachable index sequences correspond one to one.

The encoders read only the seat's typed view (``state.view(seat)``), the one way
information leaves a state; masks come from ``state.legal_actions(seat)``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from pakka.cards import JOKER_SUIT, SUITS, Card, parse_card
from pakka.engine import Action, MatchResult, Observation, State

__all__ = [
    "Codec",
    "ObsLayout",
    "Segment",
    "View",
    "card53",
    "pairwise_rewards",
]

ONE_HOT_ACTIONS = 256
"""Up to this many action indices, :meth:`Codec.action_features` is one-hot by default."""

View = Observation[Any, Any, Any]
"""Any game's typed view (each codec reads its own game's)."""
Mask = NDArray[np.int8]
Vector = NDArray[np.float32]


@dataclass(frozen=True)
class Segment:
    """A named slice of the observation vector: ``rows`` x ``cols`` values in [low, high]."""

    name: str
    rows: int
    cols: int
    low: float
    high: float
    doc: str

    @property
    def size(self) -> int:
        return self.rows * self.cols


@dataclass
class ObsLayout:
    """An ordered list of segments; :meth:`vector` fills one observation."""

    segments: list[Segment] = field(default_factory=list)
    _offsets: dict[str, int] = field(default_factory=dict)

    def add(
        self, name: str, cols: int, doc: str, rows: int = 1, low: float = 0.0, high: float = 1.0
    ) -> ObsLayout:
        self._offsets[name] = self.size
        self.segments.append(Segment(name, rows, cols, low, high, doc))
        return self

    @property
    def size(self) -> int:
        return sum(s.size for s in self.segments)

    def offset(self, name: str) -> int:
        return self._offsets[name]

    def bounds(self) -> tuple[Vector, Vector]:
        low = np.concatenate([np.full(s.size, s.low, np.float32) for s in self.segments])
        high = np.concatenate([np.full(s.size, s.high, np.float32) for s in self.segments])
        return low, high

    def writer(self) -> ObsWriter:
        return ObsWriter(self)


class ObsWriter:
    """Fills a zeroed vector segment by segment (``w.set("hand", i, v)``)."""

    def __init__(self, layout: ObsLayout) -> None:
        self.layout = layout
        self.vec: Vector = np.zeros(layout.size, np.float32)
        self._seg = {s.name: s for s in layout.segments}

    def set(self, name: str, col: int, value: float = 1.0, row: int = 0) -> None:
        seg = self._seg[name]
        if not (0 <= row < seg.rows and 0 <= col < seg.cols):
            raise IndexError(f"{name}[{row}, {col}] outside {seg.rows}x{seg.cols}")
        self.vec[self.layout.offset(name) + row * seg.cols + col] = value

    def add(self, name: str, col: int, value: float = 1.0, row: int = 0) -> None:
        seg = self._seg[name]
        if not (0 <= row < seg.rows and 0 <= col < seg.cols):
            raise IndexError(f"{name}[{row}, {col}] outside {seg.rows}x{seg.cols}")
        self.vec[self.layout.offset(name) + row * seg.cols + col] += value

    def cards(
        self, name: str, cards: Iterable[str | Card], index: Any, row: int = 0, scale: float = 1.0
    ) -> None:
        """Add ``scale`` for each card (notation or :class:`Card`) at ``index(card)``."""
        seg = self._seg[name]
        if not 0 <= row < seg.rows:
            raise IndexError(f"{name} row {row} outside {seg.rows}")
        base = self.layout.offset(name) + row * seg.cols
        vec = self.vec
        for c in cards:
            i = index(parse_card(c) if isinstance(c, str) else c)
            if not 0 <= i < seg.cols:
                raise IndexError(f"{name}[{row}, {i}] outside {seg.rows}x{seg.cols}")
            vec[base + i] += scale


def card53(card: Card) -> int:
    """Index of a card value among 52 naturals (suits S H D C, ranks 2..A) and ``JK`` (52)."""
    if card.suit == JOKER_SUIT:
        return 52
    return SUITS.index(card.suit) * 13 + card.rank - 2


CARD53: tuple[Card, ...] = tuple(
    [Card(s, r) for s in SUITS for r in range(2, 15)] + [parse_card("JK")]
)
"""The card value at each :func:`card53` index."""


def pairwise_rewards(result: MatchResult) -> list[float]:
    """Zero-sum final reward: for each other seat, +1 if ranked better, -1 if worse, 0 if
    tied, averaged over the other seats (so in [-1, 1] and summing to 0)."""
    ranks = result.ranks
    n = len(ranks)
    out = []
    for s in range(n):
        total = sum((ranks[o] > ranks[s]) - (ranks[o] < ranks[s]) for o in range(n) if o != s)
        out.append(total / (n - 1))
    return out


class Codec(ABC):
    """Action indices, masks and observation vectors for one game at one table size."""

    game_name: ClassVar[str]
    version: ClassVar[str]
    reward_doc: ClassVar[str] = (
        "Zero at every step but the last.  When the match ends every seat gets the "
        "pairwise-rank reward: for each other seat +1 if it finished ahead, -1 if behind, "
        "0 if tied (by `result().ranks`), averaged over the other seats.  The rewards are "
        "in [-1, 1] and sum to zero."
    )
    encoding_doc: ClassVar[str] = ""
    score_scale: ClassVar[float] = 1.0
    """``reward="score"``: the standing of a seat is its match score divided by this
    (negated when lower scores are better, ``score_sign = -1``)."""
    score_sign: ClassVar[float] = 1.0
    parallel: ClassVar[bool] = False
    """The game is mostly simultaneous steps and its Parallel environment is documented."""

    def __init__(self, players: int, options: Any) -> None:
        self.players = players
        self.options = options
        self.layout = self.build_layout()

    # --- what subclasses write --------------------------------------------------------------

    @property
    @abstractmethod
    def num_actions(self) -> int: ...

    @abstractmethod
    def build_layout(self) -> ObsLayout: ...

    @abstractmethod
    def fill(self, w: ObsWriter, obs: Any, pending: Sequence[int]) -> None:
        """Write the view ``obs`` (of seat ``obs.seat``) into ``w``."""

    @abstractmethod
    def encode(self, obs: Any, action: Action) -> tuple[int, ...]:
        """The index sequence (usually one index) that selects ``action``."""

    @abstractmethod
    def action_table(self) -> list[tuple[int, int, str]]:
        """``(first, last, meaning)`` rows covering ``range(num_actions)`` for the docs."""

    @abstractmethod
    def describe(self, index: int) -> str:
        """A short text for one index."""

    # --- provided -----------------------------------------------------------------------------

    def legal_sequences(self, obs: Any, legal: Sequence[Action]) -> dict[tuple[int, ...], Action]:
        """Every legal action keyed by its index sequence."""
        out: dict[tuple[int, ...], Action] = {}
        for a in legal:
            seq = self.encode(obs, a)
            if seq in out and out[seq] != a:
                raise AssertionError(f"{a} and {out[seq]} share the indices {seq}")
            out.setdefault(seq, a)
        return out

    def state_sequences(
        self, state: State[Any, Any], seat: int, obs: Any
    ) -> Mapping[tuple[int, ...], Action]:
        """The legal index sequences of ``seat`` in ``state`` (``obs`` its view);
        empty when the seat may not act."""
        legal = state.legal_actions(seat)
        return self.legal_sequences(obs, legal) if legal else {}

    def mask(self, seqs: Mapping[tuple[int, ...], Action], pending: Sequence[int]) -> Mask:
        """Indices that may be chosen next, given the legal sequences and the indices
        already chosen (``pending``)."""
        m: Mask = np.zeros(self.num_actions, np.int8)
        k = len(pending)
        pre = tuple(pending)
        for seq in seqs:
            if len(seq) > k and seq[:k] == pre:
                m[seq[k]] = 1
        return m

    def choose(
        self, seqs: Mapping[tuple[int, ...], Action], pending: Sequence[int], index: int
    ) -> tuple[Action | None, tuple[int, ...]]:
        """Take ``index``: ``(action, ())`` when the decision is complete, else
        ``(None, new_pending)``.  Raises ``ValueError`` for an index the mask forbids."""
        new = (*pending, int(index))
        if new in seqs:
            return seqs[new], ()
        if any(len(s) > len(new) and s[: len(new)] == new for s in seqs):
            return None, new
        allowed = [i for i, v in enumerate(self.mask(seqs, pending)) if v]
        raise ValueError(
            f"action {index} ({self.describe(int(index))}) is not legal now; legal indices: "
            f"{allowed[:20]}{' ...' if len(allowed) > 20 else ''}"
        )

    def decode(self, obs: Any, legal: Sequence[Action], seq: Sequence[int]) -> Action:
        """The engine action a complete index sequence selects (``ValueError`` if none)."""
        seqs = self.legal_sequences(obs, legal)
        try:
            return seqs[tuple(int(i) for i in seq)]
        except KeyError:
            raise ValueError(f"indices {tuple(seq)} select no legal action") from None

    def action_features(self) -> NDArray[np.float32]:
        """One row of numbers per action index, for networks that score actions (the
        ``learned`` level, :mod:`pakka.bots.learned`, adds the cards an action spends).

        This default: the identity (each index its own column) when there are at most
        :data:`ONE_HOT_ACTIONS` indices; otherwise which row of :meth:`action_table` the
        index lies in (one-hot) and its place within that row's range (0..1).  A codec
        whose indices carry more structure than that (Guandan's play classes) overrides it.
        """
        n = self.num_actions
        if n <= ONE_HOT_ACTIONS:
            return np.eye(n, dtype=np.float32)
        blocks = self.action_table()
        out = np.zeros((n, len(blocks) + 1), np.float32)
        for b, (first, last, _) in enumerate(blocks):
            out[first : last + 1, b] = 1.0
            span = max(1, last - first)
            out[first : last + 1, -1] = (np.arange(first, last + 1) - first) / span
        return out

    def observe(self, obs: Any, pending: Sequence[int] = ()) -> Vector:
        w = self.layout.writer()
        self.fill(w, obs, pending)
        return w.vec

    def spec_appendix(self) -> str:
        """Extra Markdown for the generated spec page (e.g. a full index listing)."""
        return ""

    def standing(self, scores: Sequence[float]) -> list[float]:
        """How well each seat stands (higher is better), from the view's scores."""
        return [self.score_sign * float(x) / self.score_scale for x in scores]

    def rewards(self, result: MatchResult) -> list[float]:
        return pairwise_rewards(result)

    def rel(self, obs: View, seat: int | None) -> int:
        """Seat number relative to the observer (0 = the observer, 1 = the next seat...)."""
        assert seat is not None and obs.seat is not None
        return (seat - obs.seat) % self.players

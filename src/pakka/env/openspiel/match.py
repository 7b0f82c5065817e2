"""One match as OpenSpiel sees it: the engine state, sequentialised, in codec indices.

OpenSpiel's sequential-game algorithms (ISMCTS, MCTS, CFR) need one player to act at a
time, one integer at a time.  :class:`Match` turns pakka's protocol into that, the way the
AEC environment (``pakka.env.aec``) does:

* **chance** draws the match's seed, a byte at a time in :data:`SEED_BYTES` chance nodes
  (big-endian, uniform over pakka's seed range ``0 .. 2**63 - 1``); every deal of the match
  is a pure function of the seed, so OpenSpiel's history (the seed bytes, then the
  decisions) is pakka's whole record: options + seed + actions;
* **the acting player** is a seat in the middle of a multi-index decision (Anarchy's
  three-card pass is three consecutive decisions of the same seat), else the lowest seat in
  ``to_act()``.  A simultaneous engine step thus becomes consecutive decisions in seat
  order; the engine shows no seat's commitment until all have committed, so a later seat's
  information state does not reveal an earlier seat's choice;
* **legal actions** are the codec's indices the mask allows after the indices already
  chosen (``pending``); a decision is complete when the chosen indices select an engine
  action, which is then applied;
* **rewards** are the environment's (``reward="match"``: the codec's final reward at the
  end, ``"score"``: each step's change in the centred standing), and a match stopped by
  ``max_deals`` or the decision cap ends with its standing (``pakka.env.openspiel.setup``).

Every view fed to the codec comes from :func:`_view`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from pakka.engine import Action, MatchResult, State, ranks_from_scores
from pakka.env.codec import Vector, View
from pakka.env.openspiel.setup import Setup, make_setup

__all__ = ["CHANCE", "SEED_BYTES", "Match", "final_rewards", "seed_bytes", "stopped"]

Seqs = Mapping[tuple[int, ...], Action]
CHANCE = -1
"""OpenSpiel's id of the chance player."""
SEED_BYTES = 8


def seed_bytes(seed: int) -> list[int]:
    """The chance outcomes that draw ``seed`` (``0 <= seed < 2**63``)."""
    if not 0 <= seed < 2**63:
        raise ValueError(f"a match seed is 0 .. 2**63 - 1, not {seed}")
    return list(seed.to_bytes(SEED_BYTES, "big"))


def stopped(setup: Setup, engine: State[Any, Any], decisions: int = 0) -> bool:
    """Whether a match that is not over stops here: ``max_deals`` deals played, or
    ``decisions`` (taken in OpenSpiel) at the setup's cap."""
    deals = engine.deal_number() - setup.first_deal
    return deals >= setup.max_deals or decisions >= setup.max_length


def final_rewards(setup: Setup, engine: State[Any, Any]) -> list[float]:
    """The ``match`` reward of every seat for an engine state that is over or stopped: the
    codec's final reward, or for a stopped match that of the ranks by score, centred."""
    codec = setup.codec
    if engine.is_over():
        return [float(r) for r in codec.rewards(engine.result())]
    scores = tuple(float(x) for x in engine.view(None).scores)
    ranks = ranks_from_scores(scores, higher_is_better=codec.score_sign > 0)
    return _centred([float(r) for r in codec.rewards(MatchResult(scores, ranks))])


def _view(state: State[Any, Any], seat: int) -> View:
    """The typed view of ``seat`` that the codec reads."""
    view: View = state.view(seat)
    return view


def _text(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _centred(values: list[float]) -> list[float]:
    mean = sum(values) / len(values)
    return [v - mean for v in values]


class Match:
    """The mutable part of one OpenSpiel state (copied by ``clone``, pickled by
    ``serialize``); the :class:`Setup` is shared."""

    def __init__(self, setup: Setup, engine: State[Any, Any] | None = None) -> None:
        self.setup = setup
        self._engine = engine
        self.seed_bytes: list[int] = []
        """The seed's bytes drawn so far (before the engine state exists)."""
        n = setup.players
        self.pending: list[tuple[int, ...]] = [()] * n
        self.rewards = [0.0] * n
        self.returns = [0.0] * n
        self.standing: list[float] = []
        self.decisions = 0
        self.moves = 0
        """Engine actions applied through this match (the key of the caches below)."""
        self.truncated = False
        self._cache: dict[int, tuple[int, View, Seqs | None]] = {}
        self._texts: dict[int | None, tuple[int, str]] = {}
        if engine is not None:
            self._started()

    # --- chance: the seed ------------------------------------------------------------

    @property
    def dealt(self) -> bool:
        """Whether the seed is drawn and the engine state exists."""
        return self._engine is not None

    @property
    def engine(self) -> State[Any, Any]:
        if self._engine is None:
            raise ValueError("no deal yet: chance is still drawing the match's seed")
        return self._engine

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next byte of the seed, uniform (the first below 128: seeds are < 2**63)."""
        count = 128 if not self.seed_bytes else 256
        return [(b, 1.0 / count) for b in range(count)]

    def _draw(self, byte: int) -> None:
        if not 0 <= byte < len(self.chance_outcomes()):
            raise ValueError(f"chance outcome {byte} is not a seed byte now")
        self.seed_bytes.append(byte)
        if len(self.seed_bytes) == SEED_BYTES:
            s = self.setup
            seed = int.from_bytes(bytes(self.seed_bytes), "big")
            self._engine = s.game.new_match(s.players, s.options, seed=seed)
            self._started()

    def _started(self) -> None:
        if self.setup.reward == "score":
            self.standing = self._standing()

    def _standing(self) -> list[float]:
        scores = self.engine.view(None).scores
        return _centred(self.setup.codec.standing(scores))

    # --- what a seat sees ------------------------------------------------------------

    def _entry(self, seat: int) -> tuple[int, View, Seqs | None]:
        hit = self._cache.get(seat)
        if hit is None or hit[0] != self.moves:
            hit = (self.moves, _view(self.engine, seat), None)
            self._cache[seat] = hit
        return hit

    def view(self, seat: int) -> View:
        return self._entry(seat)[1]

    def seqs(self, seat: int) -> Seqs:
        """The legal index sequences of ``seat`` (empty when it may not act)."""
        moves, view, seqs = self._entry(seat)
        if seqs is None:
            seqs = self.setup.codec.state_sequences(self.engine, seat, view)
            self._cache[seat] = (moves, view, seqs)
        return seqs

    def text(self, seat: int | None) -> str:
        """What ``seat`` knows, as text: its JSON observation and its pending indices
        (``None``: the spectator's observation, what every seat knows); before the deal,
        only the number of seed bytes drawn (their values are hidden)."""
        if not self.dealt:
            return f"drawing the seed: {len(self.seed_bytes)} of {SEED_BYTES} bytes"
        hit = self._texts.get(seat)
        if hit is None or hit[0] != self.moves:
            hit = (self.moves, _text(self.engine.observation(seat)))
            self._texts[seat] = hit
        pending = () if seat is None else self.pending[seat]
        return hit[1] + (f" pending {list(pending)}" if pending else "")

    def vector(self, seat: int) -> Vector:
        """The codec's observation vector of ``seat`` (zeros before the deal)."""
        if not self.dealt:
            return np.zeros(self.setup.codec.layout.size, np.float32)
        return self.setup.codec.observe(self.view(seat), self.pending[seat])

    # --- the game --------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.dealt and (self.truncated or self.engine.is_over())

    def current_player(self) -> int | None:
        """The seat to decide now, :data:`CHANCE` before the deal, ``None`` once the match
        is over."""
        if not self.dealt:
            return CHANCE
        if self.is_over():
            return None
        for seat, pending in enumerate(self.pending):
            if pending:  # finish a multi-index decision first
                return seat
        return min(self.engine.to_act())

    def legal(self, seat: int) -> list[int]:
        mask = self.setup.codec.mask(self.seqs(seat), self.pending[seat])
        return [int(i) for i in np.flatnonzero(mask)]

    def decide(self, index: int) -> None:
        """The current player (or chance) chooses ``index`` (``ValueError`` if not legal)."""
        seat = self.current_player()
        if seat == CHANCE:
            self._draw(index)
            return
        if seat is None:
            raise ValueError("the match is over")
        action, pending = self.setup.codec.choose(self.seqs(seat), self.pending[seat], index)
        self.pending[seat] = pending
        self.decisions += 1
        rewards = [0.0] * self.setup.players
        if action is not None:
            # taken from legal_actions(seat) of this very position (the cache's key)
            self.engine.apply_unchecked(seat, action)
            self.moves += 1
            if self.setup.reward == "score":
                now = self._standing()
                rewards = [a - b for a, b in zip(now, self.standing, strict=True)]
                self.standing = now
        if not self.engine.is_over() and stopped(self.setup, self.engine, self.decisions):
            self.truncated = True
            self.pending = [()] * self.setup.players
        if self.setup.reward == "match" and self.is_over():
            rewards = final_rewards(self.setup, self.engine)
        self.rewards = rewards
        self.returns = [r + x for r, x in zip(self.returns, rewards, strict=True)]

    # --- copies ----------------------------------------------------------------------

    def copy(self, engine: State[Any, Any] | None = None) -> Match:
        """An independent copy (with ``engine`` in place of a clone of this one's)."""
        new = object.__new__(Match)
        new.__dict__.update(self.__dict__)
        same = engine is None  # the same position: what was computed for it still holds
        if same and self._engine is not None:
            engine = self._engine.clone()
        new._engine = engine
        new.seed_bytes = list(self.seed_bytes)
        new.pending = list(self.pending)
        new.rewards = list(self.rewards)
        new.returns = list(self.returns)
        new.standing = list(self.standing)
        new._cache = dict(self._cache) if same else {}
        new._texts = dict(self._texts) if same else {}
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        return self.copy()

    def resample(self, seat: int, rng: random.Random) -> Match:
        """A match ``seat`` cannot tell from this one: the engine's ``determinize`` (hidden
        cards resampled, the seed of later deals fresh) and, for another seat in the middle
        of a multi-index decision, a random legal start of that decision (its indices so
        far are hidden from ``seat``)."""
        new = self.copy(self.engine.determinize(seat, rng))
        for other, pending in enumerate(self.pending):
            if other != seat and pending:
                new.pending[other] = ()
                prefix: tuple[int, ...] = ()
                seqs = new.seqs(other)
                for _ in pending:
                    allowed = np.flatnonzero(self.setup.codec.mask(seqs, prefix))
                    prefix = (*prefix, int(allowed[rng.randrange(len(allowed))]))
                new.pending[other] = prefix
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the setup's parameters and the engine's record, replayed on load (a
        resampled match has no record and cannot be pickled)."""
        s = self.setup
        data = {
            "seed_bytes": self.seed_bytes,
            "record": self.engine.to_json() if self.dealt else None,
            "pending": self.pending,
            "rewards": self.rewards,
            "returns": self.returns,
            "standing": self.standing,
            "decisions": self.decisions,
            "truncated": self.truncated,
        }
        return (_restore, (s.game.name, s.params, data))

    def describe(self) -> str:
        """Every fact of the match, hidden ones included (``str`` of an OpenSpiel state)."""
        if not self.dealt:
            return f"{self.setup.game.name}: seed bytes {self.seed_bytes}"
        head = (
            f"{self.setup.game.name} seed {self.engine.seed}: decisions {self.decisions}, "
            f"pending {self.pending}, returns {self.returns}"
            + (", stopped" if self.truncated else "")
        )
        return head + "\n" + _text(self.engine.full_state())


def _restore(name: str, params: tuple[tuple[str, Any], ...], data: dict[str, Any]) -> Match:
    setup = make_setup(name, dict(params))
    record = data["record"]
    match = Match(setup, None if record is None else setup.game.from_json(record))
    match.seed_bytes = list(data["seed_bytes"])
    if record is None:
        return match
    match.pending = [tuple(p) for p in data["pending"]]
    match.rewards = list(data["rewards"])
    match.returns = list(data["returns"])
    match.standing = list(data["standing"])
    match.decisions = data["decisions"]
    match.moves = len(record["actions"])
    match.truncated = data["truncated"]
    return match

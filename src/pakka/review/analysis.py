"""Review a finished match for one seat: every decision of that seat, its legal
alternatives ranked by the search bot from the seat's own information.

For each decision the reviewer takes the seat's typed view at that moment (nothing else:
never the real state's hidden cards), samples ``worlds`` worlds consistent with it
(``game.determinize``) and plays every candidate out to the end of the deal in every world
with the kit's rollout policy and value, exactly as the ``hard`` bot does
(:class:`~pakka.bots.search.PimcBot`): the same worlds and the same random stream for every
candidate, so that two candidates differ by their own consequences only.  The candidates are
the search's own (its heuristic's favourites), topped up to :data:`MIN_CANDIDATES` and always
including the move that was played.

Reproducible and blind to the hidden cards: the random numbers of a decision are seeded from
the game, the seat and the seat's observation at that decision (:func:`decision_seed`), which
hold what the seat knew and nothing more.  Dealing the unseen cards differently (in any way
consistent with what the seat saw) gives the same review, and a test proves it.

Marks (in the value's unit: points of margin over the others, levels in Guandan): a decision
whose move is worse than the preferred one by at least the game's
``inaccuracy`` (``mistake``), from its bot kit's :class:`~pakka.bots.kit.ReviewScale`, is an inaccuracy (a mistake), but only when the
loss is also more than :data:`SIGNIFICANCE` standard errors of the paired difference: a loss
within the rollouts' noise is not held against anyone.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pakka.games
from pakka.bots import kit_for
from pakka.bots.kit import ReviewScale
from pakka.bots.search import Budget
from pakka.engine import Action, State
from pakka.events import DealStarted, TrickWon

VERSION = "review-1"
"""Part of every decision's seed: a change that makes reviews differ bumps it (and so
invalidates cached reviews)."""


SIGNIFICANCE = 1.5
"""A loss counts only when it exceeds this many standard errors of the paired difference."""

MIN_CANDIDATES = 3
"""Candidates compared at a decision with that many legal moves (the search's, then others)."""

MIN_WORLDS = 3
"""Worlds a decision keeps however long the match (``ReviewScale.worlds_total``)."""


def review_scale(game: str) -> ReviewScale:
    """The game's review scale (its losses for an inaccuracy and a mistake, its unit and
    worlds), from its bot kit: a game is one folder, and its scale lives there too."""
    return kit_for(game).review


def _round(x: float) -> float | None:
    """JSON has no NaN nor infinity: ``None`` for a value not computed (a forced move) or
    an error from one world."""
    return round(x, 3) if math.isfinite(x) else None


@dataclass(frozen=True)
class Alternative:
    """One candidate of a decision: its mean value over the worlds and how sure that is."""

    action: Action
    value: float
    error: float
    """Standard error of ``value`` over the worlds."""
    loss: float
    """The preferred move's value minus this one's (0 for the preferred move)."""
    loss_error: float
    """Standard error of the paired difference (world by world) behind ``loss``."""

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "value": _round(self.value),
            "error": _round(self.error),
            "loss": _round(self.loss),
            "loss_error": _round(self.loss_error),
        }


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat."""

    step: int
    """Index of the seat's action in the match's action log (the state before it is shown)."""
    deal: int
    trick: int | None
    """1-based trick of the deal when the decision was a play in a trick game, else None."""
    phase: str
    played: Action
    alternatives: tuple[Alternative, ...]
    """Best first; the played move is always among them."""
    worlds: int
    legal: int
    """How many legal moves there were (1: a forced move, not analysed)."""
    mark: str
    """``""``, ``"inaccuracy"`` or ``"mistake"``."""
    words: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Per language: ``labels`` (one per alternative), ``played``, ``reason``, ``where``."""

    @property
    def preferred(self) -> Action:
        return self.alternatives[0].action if self.alternatives else self.played

    @property
    def loss(self) -> float:
        for alt in self.alternatives:
            if alt.action == self.played:
                return alt.loss
        return 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "deal": self.deal,
            "trick": self.trick,
            "phase": self.phase,
            "played": self.played.to_json(),
            "preferred": self.preferred.to_json(),
            "loss": round(self.loss, 3),
            "mark": self.mark,
            "worlds": self.worlds,
            "legal": self.legal,
            "alternatives": [a.to_json() for a in self.alternatives],
            "words": {lang: dict(w) for lang, w in self.words.items()},
        }


def decision_seed(game: str, seat: int, observation: Mapping[str, Any]) -> int:
    """The seed of one decision: from what the seat knew then (its observation), never from
    the cards it could not see, nor from the match's seed (which dealt them)."""
    text = json.dumps(observation, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"{VERSION}|{game}|{seat}|{text}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _mean_error(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    return mean, math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


def evaluate(
    game_name: str,
    view: Any,
    legal: list[Action],
    played: Action,
    seed: int,
    worlds: int,
) -> tuple[list[Alternative], int]:
    """The candidates of one decision, best first, from ``view`` alone (and the worlds used)."""
    game = pakka.games.get(game_name)
    kit = kit_for(game.name)
    seat = view.seat
    base = kit.budget or Budget()
    bot = kit.search(
        game,
        kit.rollout_policy,
        kit.value,
        seed,
        replace(base, worlds=worlds, max_candidates=max(base.max_candidates, MIN_CANDIDATES)),
    )
    cands: list[Action] = []
    for a in bot.candidates(view, legal):
        if a not in cands:
            cands.append(a)
    want = min(len(legal), MIN_CANDIDATES)
    if len(cands) < want:
        rest = [a for a in legal if a not in cands]
        cands.extend(bot.rng.sample(rest, min(len(rest), want - len(cands))))
    if played not in cands:
        cands.append(played)
    rows: list[list[float]] = []
    for _ in range(worlds):
        world = game.determinize(view, bot.rng)
        stream = bot.rng.getrandbits(64) if bot.streams else 0
        row = []
        for action in cands:
            sim = world.clone()
            sim.apply_unchecked(seat, action)
            bot.rollout(sim, random.Random(stream))
            row.append(kit.value(sim, seat))
        rows.append(row)
    means = [sum(r[i] for r in rows) / len(rows) for i in range(len(cands))]
    # the best mean; a tie goes to the move played, then to the search's order
    best = max(range(len(cands)), key=lambda i: (means[i], cands[i] == played, -i))
    alts = []
    for i, action in enumerate(cands):
        mean, error = _mean_error([r[i] for r in rows])
        loss, loss_error = _mean_error([r[best] - r[i] for r in rows])
        if i == best:
            loss, loss_error = 0.0, 0.0
        alts.append(Alternative(action, mean, error, loss, loss_error))
    alts.sort(key=lambda a: (a.loss, cands.index(a.action)))
    return alts, len(rows)


def mark_for(game: str, loss: float, loss_error: float) -> str:
    """``"mistake"``, ``"inaccuracy"`` or ``""`` for a loss and its standard error.

    >>> mark_for("guandan", 1.0, 0.2), mark_for("guandan", 0.5, 0.1), mark_for("guandan", 1.0, 0.9)
    ('mistake', 'inaccuracy', '')
    """
    th = review_scale(game)
    if loss <= SIGNIFICANCE * loss_error:
        return ""
    if loss >= th.mistake:
        return "mistake"
    if loss >= th.inaccuracy:
        return "inaccuracy"
    return ""


@dataclass(frozen=True)
class Position:
    """The state before one of the seat's decisions (the reviewer sees only ``view``)."""

    step: int
    deal: int
    trick: int | None
    view: Any
    observation: dict[str, Any]
    legal: list[Action]
    played: Action


def positions(record: Mapping[str, Any], seat: int) -> Iterator[Position]:
    """Every decision of ``seat`` in the match ``record`` (a replay's JSON), in order."""
    game = pakka.games.get(record["game"])
    state: State[Any, Any] = game.new_match(
        players=record["players"],
        options=record.get("options", {}),
        seed=record["seed"],
        deck=record.get("deck"),
    )
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} is not at this table (seats 0-{state.players - 1})")
    deal, tricks = state.view(None).deal, 0
    for step, entry in enumerate(record.get("actions", [])):
        who = entry["seat"]
        action = game.action_from_json(entry["action"])
        if who == seat:
            view = state.view(seat)
            if view.deal != deal:
                deal, tricks = view.deal, 0
            legal = state.legal_actions(seat)
            in_trick = any(isinstance(e, TrickWon) for e in view.history) or view.phase in (
                "play",
                "tricks",
            )
            yield Position(
                step,
                view.deal,
                tricks + 1 if in_trick else None,
                view,
                state.observation(seat) or {},
                legal,
                action,
            )
        for event in state.apply(who, action):
            if isinstance(event, DealStarted):
                deal, tricks = event.deal, 0
            elif isinstance(event, TrickWon):
                tricks += 1


def deal_bounds(record: Mapping[str, Any], deal: int) -> tuple[int, int] | None:
    """``(start, end)``: the first step of deal ``deal`` (as the views number it) and the
    step after the action that scored it, or ``None`` while it is not over in ``record``
    (a match still in play)."""
    start = None
    for _, done in pakka.games.get(record["game"]).replay(record):
        if done.deal == deal and start is None:
            start = done.step
        if start is not None and done.scored_deal:
            return start, done.step + 1
    return None


def last_scored_deal(record: Mapping[str, Any]) -> int | None:
    """The last deal scored in ``record`` (as the views number it), or ``None``."""
    found = None
    for _, done in pakka.games.get(record["game"]).replay(record):
        if done.scored_deal:
            found = done.deal
    return found


def cut(record: Mapping[str, Any], end: int) -> dict[str, Any]:
    """``record`` with its first ``end`` actions only (a deal's review needs no more)."""
    return {**record, "actions": list(record.get("actions", []))[:end], "result": None}


def worlds_for(record: Mapping[str, Any], seat: int) -> int:
    """The game's worlds per decision, fewer in a match too long for its total."""
    scale = review_scale(pakka.games.get(record["game"]).name)
    n, total = scale.worlds, scale.worlds_total
    if total is None:
        return n
    count = sum(len(p.legal) > 1 for p in positions(record, seat))
    return max(MIN_WORLDS, min(n, total // max(count, 1)))


Words = Callable[[Position, list[Alternative]], Mapping[str, Mapping[str, Any]]]


def review_decisions(
    record: Mapping[str, Any],
    seat: int,
    worlds: int | None = None,
    deal: int | None = None,
    words: Words | None = None,
    start: int = 0,
    stop: int | None = None,
) -> Iterator[Decision]:
    """Each decision of ``seat`` reviewed, one at a time (a caller can show the first ones
    while the rest are computed); ``deal`` limits the review to one deal, ``start`` and
    ``stop`` to the seat's decisions of those indices (a server's chunks of work)."""
    name = pakka.games.get(record["game"]).name
    n = worlds if worlds is not None else worlds_for(record, seat)
    for index, pos in enumerate(positions(record, seat)):
        if index < start:
            continue
        if stop is not None and index >= stop:
            return
        if deal is not None and pos.deal != deal:
            if pos.deal > deal:
                return
            continue
        if len(pos.legal) == 1:
            alts = [Alternative(pos.played, math.nan, math.nan, 0.0, 0.0)]
            used, mark = 0, ""
        else:
            seed = decision_seed(name, seat, pos.observation)
            alts, used = evaluate(name, pos.view, pos.legal, pos.played, seed, n)
            played = next(a for a in alts if a.action == pos.played)
            mark = mark_for(name, played.loss, played.loss_error)
        yield Decision(
            pos.step,
            pos.deal,
            pos.trick,
            pos.view.phase,
            pos.played,
            tuple(alts),
            used,
            len(pos.legal),
            mark,
            words(pos, alts) if words else {},
        )

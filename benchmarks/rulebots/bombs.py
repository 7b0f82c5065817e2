"""Whether to bomb an opponent's trick in Guandan (``benchmarks/guandan_bombs.py``): the
decisions and the features of the seat's view there, a bot that lets a model of them
choose (``LEVEL+bombs@MARGIN``) and one that lets the true cards choose
(``LEVEL+bombs@oracle``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from pakka.cards import BLACK_JOKER, RED_JOKER
from pakka.engine import Action
from pakka.games.guandan import GuandanState, GuandanView
from pakka.games.guandan.bots import policy
from pakka.games.guandan.bots.hand import Raw, hand_cost
from pakka.games.guandan.bots.search import rollout, value
from pakka.games.guandan.bots.view import _View
from pakka.games.guandan.combos import BOMB_TYPES

TOP_TYPES = ("single", "pair", "triple", "full_house", "straight", "tube", "plate")
"""The trick's kinds with a feature of their own (a bomb on the trick is one more)."""


def _bins(x: int, edges: Sequence[int]) -> list[float]:
    """One-hot of the bin ``x`` falls in: ``x <= edges[0]``, ..., above the last edge."""
    out = [0.0] * (len(edges) + 1)
    for i, e in enumerate(edges):
        if x <= e:
            out[i] = 1.0
            return out
    out[-1] = 1.0
    return out


def situation(
    obs: GuandanView, legal: Sequence[Action]
) -> tuple[list[float], Action, Action] | None:
    """At a follow of an opponent's trick where the heuristic weighs a bomb and something
    else: the view's features, the best bomb and the best other move (by the heuristic's
    scores).  ``None`` elsewhere."""
    if obs.table.top is None or obs.seat is None:
        return None
    policy._clear_caches()
    view = _View(obs)
    holder = view.top_seat
    if holder is None or holder % 2 == view.seat % 2:
        return None
    scores: list[tuple[float, Raw | None]] = []
    policy._follow(view, legal, scores=scores)
    if not scores:  # a rule decided (going out, nothing beats, beating high)
        return None
    bombs = [(s, r) for s, r in scores if r is not None and r[0] in BOMB_TYPES]
    others = [(s, r) for s, r in scores if r is None or r[0] not in BOMB_TYPES]
    if not bombs or not others:
        return None
    s_bomb, r_bomb = max(bombs, key=lambda e: e[0])
    s_other, r_other = max(others, key=lambda e: e[0])
    level = view.level
    bomb = policy._to_action(r_bomb, legal, level)
    if r_other is None:
        other = next((a for a in legal if getattr(a, "combo", 1) is None), None)
    else:
        other = policy._to_action(r_other, legal, level)
    if bomb is None or other is None:
        return None
    s_pass = next(s for s, r in scores if r is None)
    top = view.top
    assert top is not None
    holder_cards = view.cards[holder]
    if holder_cards == 0:
        mate = (holder + 2) % 4
        holder_cards = 27 if view.out[mate] else view.cards[mate]
    other_opp = (holder + 2) % 4
    other_cards = 0 if view.out[other_opp] else view.cards[other_opp]
    partner_cards = 0 if view.out[view.partner] else view.cards[view.partner]
    n_hand = sum(view.counts)
    played = 108 - sum(view.cards)
    bomb_count = len(bombs)
    # what is still out: per rank the cards neither in this hand nor played (8 of each)
    unseen = [8 - sum(view.counts[4 * (r - 2) : 4 * (r - 1)]) for r in range(2, 15)]
    unseen += [2 - view.counts[52], 2 - view.counts[53]]
    bombs_by = [0, 0]  # bombs played this deal: by this seat's team, by the other
    for e in view.history:
        for c in e.cards:
            unseen[13 + (c.rank == RED_JOKER) if c.rank >= BLACK_JOKER else c.rank - 2] -= 1
        if e.combo in BOMB_TYPES:
            bombs_by[(e.seat - view.seat) % 2] += 1
    live_opps = [s for s in view.opponents if not view.out[s]]
    f = [
        1.0,
        *_bins(holder_cards, (2, 5, 9, 15)),
        *_bins(other_cards, (0, 5, 12)),
        *_bins(partner_cards, (0, 3, 9)),
        *_bins(n_hand, (5, 10, 15, 20)),
        hand_cost(view.counts, level) / 5,
        1.0 if r_other is not None else 0.0,  # a plain beat exists
        s_other - s_pass,
        s_bomb - s_pass,
        len(r_bomb[2]) / 4,
        bomb_count / 3,
        *[1.0 if top.type == t else 0.0 for t in TOP_TYPES],
        1.0 if top.type in BOMB_TYPES else 0.0,
        0.0 if top.type in BOMB_TYPES else min(top.value, 15) / 15,
        1.0 if not view.out[view.partner] and (view.seat + 1) % 4 != holder else 0.0,
        played / 108,
        *[u / 8 for u in unseen[:13]],
        unseen[13] / 2,
        unseen[14] / 2,
        sum(1 for u in unseen[:13] if u >= 4) / 13,  # ranks an outside bomb could be of
        unseen[level - 2] / 8,
        bombs_by[0] / 3,
        bombs_by[1] / 3,
        len(live_opps) / 2,
        *[c / 8 for c in _rank_counts(view.counts)],
    ]
    return f, bomb, other


def _rank_counts(counts: Sequence[int]) -> list[int]:
    """This hand's cards of each rank 2..A, then the black and red jokers."""
    return [sum(counts[4 * (r - 2) : 4 * (r - 1)]) for r in range(2, 15)] + [
        counts[52],
        counts[53],
    ]


def truth_value(st: GuandanState, seat: int, action: Action) -> float:
    """The judge: ``action`` played out on the true state ``st`` by the heuristic at every
    seat to the deal's end, valued for ``seat``'s team (the kit's play-out and value)."""
    sim = st.clone()
    sim.apply_unchecked(seat, action)
    rollout(sim)
    return value(sim, seat)


def is_bomb(action: Action) -> bool:
    combo = getattr(action, "combo", None)
    return combo is not None and combo.type in BOMB_TYPES


def score(model: dict[str, Any], f: Any) -> Any:
    """The model's estimate of (the bomb's value - the other move's) for the rows of ``f``
    (a network of ReLU layers over standardised features; one layer is linear)."""
    x = (np.asarray(f, dtype=np.float64) - np.array(model["mean"])) / np.array(model["std"])
    layers = model["layers"]
    for k, (w, b) in enumerate(layers):
        x = x @ np.array(w) + np.array(b)
        if k < len(layers) - 1:
            x = np.maximum(x, 0.0)
    return x[..., 0]


class BombModel:
    """A pakka bot whose choice between the heuristic's best bomb and its best other move,
    where :func:`situation` applies, is the model's when it is sure by more than ``margin``
    levels; everywhere else (and when unsure) ``inner`` decides."""

    def __init__(self, inner: Any, model: dict[str, Any], margin: float) -> None:
        self.inner, self.model, self.margin = inner, model, margin
        self.overrules = 0
        self.decisions = 0

    @classmethod
    def load(cls, inner: Any, path: str, margin: float) -> BombModel:
        return cls(inner, json.loads(Path(path).read_text()), margin)

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        found = situation(view, legal) if len(legal) > 1 else None
        if found is not None:
            self.decisions += 1
            f, bomb, other = found
            estimate = float(score(self.model, f))
            if estimate > self.margin:
                self.overrules += 1
                return bomb
            if estimate < -self.margin:
                self.overrules += 1
                return other
        return self.inner.act(view, legal)


class BombOracle(BombModel):
    """``LEVEL+bombs@oracle``: the same choice made by the truth: the inner bot's move, the
    best bomb and the best other move are each played out on the true state by the
    heuristic at every seat (as ``seeing`` values them), and the inner bot's move stays
    unless another is worth strictly more.  What a perfect bomb rule could give on top of
    ``inner``, if that play-out judged bombs well.  A bot no one may play against."""

    truth: GuandanState | None = None

    def __init__(self, inner: Any) -> None:
        super().__init__(inner, {}, 0.0)

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        found = situation(view, legal) if len(legal) > 1 else None
        if found is None:
            return self.inner.act(view, legal)
        assert self.truth is not None, "the match sets the true state before each decision"
        self.decisions += 1
        _, bomb, other = found
        choice = self.inner.act(view, legal)
        best, top = choice, self._value(choice, view.seat)
        for alternative in (bomb, other):  # ties keep the inner bot's move
            if alternative != choice and (v := self._value(alternative, view.seat)) > top:
                best, top = alternative, v
        self.overrules += best is not choice
        return best

    def _value(self, action: Action, seat: int) -> float:
        assert self.truth is not None
        return truth_value(self.truth, seat, action)

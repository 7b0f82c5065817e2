"""Guandan's player model for weighted worlds (:mod:`pakka.bots.belief`).

In a world (a full state :func:`~pakka.games.guandan.determinize` drew for the seat), the
deal so far is replayed from the first lead: every other seat's hand at each of its
decisions is its hand in the world plus the cards it played later, and the engine rebuilds
the passes between the public plays.  At each decision of another seat the heuristic
scores its options (the pieces it would lead, the beats it weighs and the pass); the model
plays them with the softmax of score / :data:`TEMPERATURE`, mixed with a floor
:data:`FLOOR` spread over :data:`SPREAD` moves (so a move the heuristic did not weigh, or
a rule bot's odd move, is unlikely, never impossible).  Where a rule people expect decides
(going out, passing on the partner's trick, nothing beats), the heuristic's move gets the
rest of the probability.  The world's weight is the product over those decisions.

The temperature was fitted to the rule bots' decisions (``benchmarks/fit_temperature.py``,
docs/bots.md).
"""

from __future__ import annotations

import math
from typing import Any, Final

from pakka.bots.base import View
from pakka.engine import State
from pakka.games.guandan import PASS, GuandanState, Play
from pakka.games.guandan.bots.hand import Raw, _clear_caches
from pakka.games.guandan.bots.policy import _follow, _lead
from pakka.games.guandan.bots.view import _CARD_KINDS, _View
from pakka.games.guandan.rules import PLAYERS
from pakka.games.guandan.state import play_of_event

__all__ = ["FLOOR", "SPREAD", "TEMPERATURE", "evidence", "move_probability"]

TEMPERATURE: Final = 0.5
"""Softmax temperature over the heuristic's scores (in its units: turns of the hand)."""
FLOOR: Final = 0.2
"""Probability mass spread over moves the heuristic did not pick or weigh."""
SPREAD: Final = 20
"""The floor is ``FLOOR / SPREAD`` a move (about the number of distinct moves)."""

Key = tuple[str, tuple[int, ...]] | None
"""A move as the model compares it: ``None`` for a pass, else (type, sorted card kinds)."""


def _key_of_raw(raw: Raw | None) -> Key:
    return None if raw is None else (raw[0], tuple(sorted(raw[2])))


def _key_of_play(play: Play) -> Key:
    if play.combo is None:
        return None
    return (play.combo.type, tuple(sorted(_CARD_KINDS[c.suit, c.rank] for c in play.cards)))


def move_probability(
    view: _View, move: Key, temperature: float = TEMPERATURE, floor: float = FLOOR
) -> float:
    """The model's probability that the seat of ``view`` makes ``move`` (always > 0)."""
    scores: list[tuple[float, Raw | None]] = []
    if view.top is None:
        chosen, _ = _lead(view, None, scores=scores)
    else:
        chosen, _ = _follow(view, None, scores=scores)
    rest = 1.0 - floor
    if not scores:
        assert isinstance(chosen, Play)
        return rest + floor / SPREAD if _key_of_play(chosen) == move else floor / SPREAD
    top = max(s for s, _ in scores)
    total = 0.0
    mine = 0.0
    seen: set[Key] = set()
    for s, raw in scores:
        key = _key_of_raw(raw)
        if key in seen:
            continue
        seen.add(key)
        e = math.exp((s - top) / temperature)
        total += e
        if key == move:
            mine = e
    return rest * mine / total + floor / SPREAD


def _beats(play: Play, top: Play) -> bool:
    assert play.combo is not None and top.combo is not None
    return play.combo.beats(top.combo)


def evidence(
    world: State[Any, Any],
    view: View,
    temperature: float = TEMPERATURE,
    floor: float = FLOOR,
) -> float:
    """Log-likelihood of the other seats' plays and passes of this deal in ``world``."""
    assert isinstance(world, GuandanState)
    me = view.seat
    if world.phase != "play" or not world.history:
        return 0.0
    st = world.clone()
    level = world.deal_level
    phys = list(world.played)
    plays: list[tuple[int, Any]] = []
    k = 0
    for e in world.history:
        n = len(e.cards)
        st.hands[e.seat].extend(phys[k : k + n])
        plays.append((e.seat, e))
        k += n
    st.played = []
    st.history = []
    st.finished = []
    st.top = None
    st.top_seat = None
    st.passes = []
    st.trick = []
    st.last_trick = []
    st.turn = world.leader
    st._cache = None
    _clear_caches()
    total = 0.0

    def decision(seat: int, move: Key) -> None:
        nonlocal total
        if seat != me:
            p = move_probability(_View.of_state(st, seat), move, temperature, floor)
            total += math.log(p)

    for seat, event in plays:
        play = play_of_event(event, level)
        assert play.combo is not None
        guard = 0
        # the seats in turn before ``seat`` passed (and ``seat`` too, if its play does not
        # beat the trick: the trick went round and it leads)
        while (
            st.turn != seat or (st.top is not None and not _beats(play, st.top))
        ) and guard < 2 * PLAYERS:
            if st.top is None:
                return total  # the replay went off the public record: stop counting
            decision(st.turn, None)
            st.apply_unchecked(st.turn, PASS)
            guard += 1
        if st.turn != seat:
            return total
        decision(seat, _key_of_play(play))
        st.apply_unchecked(seat, play)
        if st.deal_no != world.deal_no:
            return total
    guard = 0
    while st.turn != world.turn and st.top is not None and guard < PLAYERS:
        decision(st.turn, None)
        st.apply_unchecked(st.turn, PASS)
        guard += 1
    return total

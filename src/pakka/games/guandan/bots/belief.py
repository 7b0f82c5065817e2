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

For :class:`pakka.bots.belief.WorldChain` (:data:`CHAIN`), :func:`propose` swaps a hidden
card between two other seats.  A world's weight is a sum over the seats of terms that
read only that seat's hand, so :func:`evidence` remembers each decision's term by the
hand it was made with (for the same view): a step of the chain pays only for the two hands
it changed.
"""

from __future__ import annotations

import math
import random
import threading
from collections import Counter
from collections.abc import Collection, Iterator
from typing import Any, Final

from pakka.bots.base import View
from pakka.bots.belief import Chain
from pakka.cards import Card
from pakka.engine import State
from pakka.games.guandan import PASS, GuandanState, Play
from pakka.games.guandan.bots.hand import Raw, _clear_caches
from pakka.games.guandan.bots.policy import _follow, _lead
from pakka.games.guandan.bots.view import _CARD_KINDS, _View
from pakka.games.guandan.combos import level_rank
from pakka.games.guandan.rules import PLAYERS, card_power, is_wild
from pakka.games.guandan.state import play_of_event

__all__ = [
    "CHAIN",
    "CHAIN_THIN",
    "FLOOR",
    "SPREAD",
    "TEMPERATURE",
    "carry",
    "evidence",
    "move_probability",
    "propose",
    "replay",
]

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


class _Memo(threading.local):
    """The log-probability of each decision replayed for one view, by decision number and
    the deciding seat's hand (its only world-dependent input): the third seat's terms are
    free in a chain step.  One memo a thread, cleared when the view or the model changes."""

    LIMIT: Final = 200_000

    def __init__(self) -> None:
        self.owner: tuple[View, float, float] | None = None
        self.terms: dict[tuple[int, tuple[int, ...]], float] = {}

    def for_view(
        self, view: View, temperature: float, floor: float
    ) -> dict[tuple[int, tuple[int, ...]], float]:
        owner = self.owner
        if (
            owner is None
            or owner[0] is not view
            or owner[1:] != (temperature, floor)
            or len(self.terms) > self.LIMIT
        ):
            self.owner = (view, temperature, floor)
            self.terms = {}
        return self.terms


_MEMO: Final = _Memo()


def _beats(play: Play, top: Play) -> bool:
    assert play.combo is not None and top.combo is not None
    return play.combo.beats(top.combo)


def replay(world: GuandanState) -> Iterator[tuple[int, int, GuandanState, Key]]:
    """The decisions of ``world``'s deal so far, replayed from the first lead: for each,
    its number (passes count), the seat, the state just before it (every seat's hand is
    its hand in the world plus the cards it played later; do not change it) and the move
    (``None`` for a pass).  The engine rebuilds the passes between the public plays; the
    replay stops where the world's public record cannot be followed."""
    if world.phase != "play" or not world.history:
        return
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
    number = 0
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
                return  # the replay went off the public record: stop counting
            number += 1
            yield number, st.turn, st, None
            st.apply_unchecked(st.turn, PASS)
            guard += 1
        if st.turn != seat:
            return
        number += 1
        yield number, seat, st, _key_of_play(play)
        st.apply_unchecked(seat, play)
        if st.deal_no != world.deal_no:
            return
    guard = 0
    while st.turn != world.turn and st.top is not None and guard < PLAYERS:
        number += 1
        yield number, st.turn, st, None
        st.apply_unchecked(st.turn, PASS)
        guard += 1


def evidence(
    world: State[Any, Any],
    view: View,
    temperature: float = TEMPERATURE,
    floor: float = FLOOR,
    seats: Collection[int] | None = None,
) -> float:
    """Log-likelihood of the other seats' plays and passes of this deal in ``world`` (only
    those of ``seats``, if given: a model of some players alone)."""
    assert isinstance(world, GuandanState)
    me = view.seat
    total = 0.0
    # a term depends only on the decision and the hand that made it, so the memo serves
    # any choice of seats
    terms = _MEMO.for_view(view, temperature, floor)
    for number, seat, st, move in replay(world):
        if seat == me or (seats is not None and seat not in seats):
            continue
        key = (number, tuple(sorted([_CARD_KINDS[c.suit, c.rank] for c in st.hands[seat]])))
        term = terms.get(key)
        if term is None:
            p = move_probability(_View.of_state(st, seat), move, temperature, floor)
            term = terms[key] = math.log(p)
        total += term
    return total


def propose(world: State[Any, Any], view: View, rng: random.Random) -> GuandanState | None:
    """``world`` with a hidden card of another seat ``a`` and one of a third seat ``b``
    exchanged, or ``None`` when the draw picks two cards of the same value (nothing would
    change) or gives a tribute payer a card stronger than the tribute it paid (it paid its
    strongest, so it cannot hold one: :mod:`~pakka.games.guandan.determinize`).

    Cards everyone knows a seat holds (tribute and return cards, red jokers an
    anti-tribute showed) and a committed return never move.  Both cards are drawn
    uniformly from the two hands' hidden cards, which a swap does not change in number, so
    the way back is as likely as the way there: the proposal is symmetric.
    """
    assert isinstance(world, GuandanState)
    me = view.seat
    a, b = rng.sample([s for s in range(PLAYERS) if s != me], 2)
    free_a = _hidden(world, a)
    free_b = _hidden(world, b)
    if not free_a or not free_b:
        return None
    i = free_a[rng.randrange(len(free_a))]
    j = free_b[rng.randrange(len(free_b))]
    x, y = world.hands[a][i], world.hands[b][j]
    if x.suit == y.suit and x.rank == y.rank:
        return None
    level = level_rank(world.deal_level)
    for payer, _, card in world.tribute:
        if payer == me or payer not in (a, b):
            continue
        incoming = y if payer == a else x
        if card_power(incoming, level) > card_power(card, level) and not is_wild(incoming, level):
            return None
    new = world.clone()
    new.hands[a][i], new.hands[b][j] = y, x
    new._cache = None  # the legal actions it may hold were listed from the old hands
    return new


def carry(old: State[Any, Any], view: View, rng: random.Random) -> GuandanState | None:
    """A world for ``view`` in which every other seat keeps the cards ``old`` (a world of an
    earlier decision of this deal) gave it that are still hidden, as far as its hand size
    allows; the rest of the hidden cards are dealt at random (a tribute payer only cards it
    could hold).  ``None`` outside the play phase, or when ``old``'s plays are not the first
    plays of this view's deal (another deal or another match).

    Carried from the true state of an earlier moment, it gives the true hands now: what
    the seat has seen since only removes cards.
    """
    if not isinstance(old, GuandanState) or old.deal_no != view.deal or view.phase != "play":
        return None
    world = old.game.determinize(view, rng)
    assert isinstance(world, GuandanState)
    plays = world.history
    if len(old.history) > len(plays) or any(
        e.seat != p.seat or e.cards != p.cards for e, p in zip(old.history, plays, strict=False)
    ):
        return None
    me = view.seat
    others = [s for s in range(PLAYERS) if s != me]
    pool: dict[tuple[str, int], list[Card]] = {}
    size = {}
    for s in others:
        hidden = [world.hands[s][i] for i in _hidden(world, s)]
        size[s] = len(hidden)
        for c in hidden:
            pool.setdefault((c.suit, c.rank), []).append(c)
    # what each seat still holds of its cards in ``old``: less what it has played since
    since = Counter(
        (e.seat, c.suit, c.rank) for e in world.history[len(old.history) :] for c in e.cards
    )
    dealt: dict[int, list[Card]] = {s: [] for s in others}
    for s in others:
        wanted = []
        for i in _hidden(old, s):
            c = old.hands[s][i]
            if since[s, c.suit, c.rank]:
                since[s, c.suit, c.rank] -= 1
            else:
                wanted.append(c)
        rng.shuffle(wanted)
        for c in wanted:
            copies = pool.get((c.suit, c.rank))
            if copies and len(dealt[s]) < size[s]:
                dealt[s].append(copies.pop())
    rest = [c for copies in pool.values() for c in copies]
    rng.shuffle(rest)
    level = level_rank(world.deal_level)
    caps = {p: card_power(card, level) for p, _, card in world.tribute if p != me}
    for s in sorted(others, key=lambda s: (s not in caps, caps.get(s, 0))):
        cap = caps.get(s)
        for c in list(rest):
            if len(dealt[s]) == size[s]:
                break
            if cap is None or card_power(c, level) <= cap or is_wild(c, level):
                dealt[s].append(c)
                rest.remove(c)
        if len(dealt[s]) < size[s]:
            return world  # the carried cards leave a payer too little: the fresh world
    for s in others:
        world.hands[s] = [*world.shown[s], *dealt[s]]
    world._cache = None
    return world


def _hidden(world: GuandanState, seat: int) -> list[int]:
    """Indices of the cards in ``seat``'s hand that only it knows."""
    shown = world.shown[seat]
    return [i for i, c in enumerate(world.hands[seat]) if not any(c is k for k in shown)]


CHAIN_THIN: Final = 2
"""Steps between two worlds the search plays out: a step costs a replay of two seats'
decisions (some 5 ms), so fewer than the library's :data:`~pakka.bots.belief.THIN`."""

CHAIN: Final = Chain(evidence=evidence, propose=propose, thin=CHAIN_THIN, carry=carry)
"""Guandan's model for :class:`pakka.bots.belief.WorldChain` (``Budget.chain``; off in the
kit's budget: ``--budget 8,3,2,chain=30`` did not gain against ai2, docs/bots.md)."""

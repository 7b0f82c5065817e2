"""Pentagrammi's player model for weighted worlds (:mod:`pakka.bots.belief`).

In a world (a full state :func:`~pakka.games.pentagrammi.determinize` drew for the seat),
the deal so far is replayed from its first lead: every seat's hand then is its hand in the
world plus the cards it has played since.  At each play of another seat with a choice,
the heuristic scores every legal card (``score_play``, the score the ``normal`` bot
maximises) and the model plays them with the softmax of score /
:data:`TEMPERATURE`, mixed with a floor :data:`FLOOR` spread evenly over the legal cards,
so that no card anyone could play is impossible.  The two neighbours' passes count too:
each passed the pair the heuristic would give away (the lowest keep values) with the
softmax of minus the pair's keep value / :data:`PASS_TEMPERATURE`, with a floor
:data:`PASS_FLOOR` over the hand's pairs.  The world's weight is the product over those decisions.

The temperatures were fitted to ``hard``'s decisions (``benchmarks/fit_pentagrammi_model.py``,
docs/bots.md): a player who mostly plays as the heuristic and
sometimes, where the search finds better, does not.
"""

from __future__ import annotations

import math
import random
from typing import Any, Final

from pakka.bots.base import View
from pakka.bots.belief import Chain
from pakka.cards import Card
from pakka.engine import State
from pakka.games.pentagrammi.actions import _PLAY_OF, _sort_key
from pakka.games.pentagrammi.heuristic import _keep_value, _View, score_play
from pakka.games.pentagrammi.rules import PLAYERS
from pakka.games.pentagrammi.state import PentagrammiState

__all__ = [
    "CHAIN",
    "CHAIN_FLOOR",
    "FLOOR",
    "PASS_FLOOR",
    "PASS_TEMPERATURE",
    "TEMPERATURE",
    "evidence",
    "pass_probability",
    "play_probability",
    "propose",
]

TEMPERATURE: Final = 0.02
"""Softmax temperature over the heuristic's play scores (a trick is worth about 1): the
fit is nearly the heuristic's own choice, with :data:`FLOOR` for everything else."""
FLOOR: Final = 0.25
"""Probability spread evenly over every legal card, whatever the heuristic thinks of it."""
PASS_TEMPERATURE: Final = 1.0
"""Softmax temperature over a passed pair's keep value (in card ranks)."""
PASS_FLOOR: Final = 0.02
"""Probability spread evenly over every pair of the dealt hand."""


def play_probability(
    view: _View,
    legal: list[Card],
    card: Card,
    temperature: float = TEMPERATURE,
    floor: float = FLOOR,
) -> float:
    """The model's probability that the seat of ``view`` plays ``card`` of ``legal``
    (distinct cards; always above 0 for a card in ``legal``)."""
    values = [score_play(view, c)[0] for c in legal]
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    mine = sum(w for c, w in zip(legal, weights, strict=True) if c == card)
    share = 1 / len(legal) if card in legal else 0.0
    return (1 - floor) * mine / sum(weights) + floor * share


def pass_probability(
    hand: list[Card],
    pair: tuple[Card, Card],
    temperature: float = PASS_TEMPERATURE,
    floor: float = PASS_FLOOR,
) -> float:
    """The model's probability that a seat dealt ``hand`` passes the two cards of ``pair``
    (in either direction: the model weighs which cards go, not where)."""
    keep = [_keep_value(c, hand) for c in hand]
    low = min(keep)
    e = [math.exp(-(k - low) / temperature) for k in keep]
    total = (sum(e) ** 2 - sum(x * x for x in e)) / 2  # every unordered pair of positions
    first = hand.index(pair[0])
    second = next(i for i, c in enumerate(hand) if c == pair[1] and i != first)
    pairs = len(hand) * (len(hand) - 1) / 2
    return (1 - floor) * e[first] * e[second] / total + floor / pairs


def evidence(
    world: State[Any, Any],
    view: View,
    temperature: float = TEMPERATURE,
    floor: float = FLOOR,
    pass_temperature: float = PASS_TEMPERATURE,
    pass_floor: float = PASS_FLOOR,
) -> float:
    """Log-likelihood, in ``world``, of the neighbours' passes to the seat of ``view`` and
    of every other seat's plays so far this deal."""
    assert isinstance(world, PentagrammiState)
    me = view.seat
    if world.phase != "play" or me is None:
        return 0.0
    total = 0.0
    for giver in ((me + 1) % PLAYERS, (me - 1) % PLAYERS):
        given = world.given[giver]
        if given is not None:
            p = pass_probability(world.dealt_hand(giver), given, pass_temperature, pass_floor)
            total += math.log(p)
    plays: list[tuple[int, Card]] = []
    for leader, cards, _ in world.tricks:
        plays += [((leader + 2 * i) % PLAYERS, c) for i, c in enumerate(cards)]
    plays += [((world.leader + 2 * i) % PLAYERS, c) for i, c in enumerate(world.trick)]
    if not plays:
        return total
    st = world.clone()
    for seat in range(PLAYERS):
        st.hands[seat] = [*world.hands[seat], *(c for s, c in plays if s == seat)]
        st.hands[seat].sort(key=_sort_key)
    st.played = [[] for _ in range(PLAYERS)]
    st.trick = []
    st.tricks = []
    st.history = []
    st.led = None
    st.voids = [""] * PLAYERS
    st.scores = [s - p for s, p in zip(world.scores, world.points, strict=True)]
    st.points = [0] * PLAYERS
    st.leader = st.turn = plays[0][0]  # the first trick's leader
    for seat, card in plays:
        if seat != me:
            legal = [a.card for a in st.legal_actions(seat)]  # type: ignore[attr-defined]
            if len(legal) > 1:
                view_then = _View.of_state(st, seat)
                total += math.log(play_probability(view_then, legal, card, temperature, floor))
        st.apply_unchecked(seat, _PLAY_OF[card.suit][card.rank])
    return total


CHAIN_FLOOR: Final = 0.05
"""The chain's floor (:data:`CHAIN`): lower than :data:`FLOOR`, so that a world in which a
seat played against the heuristic's choice is about 20 to 50 times less likely than one
where it did not (the chain, unlike a pool, can find those worlds)."""


def chain_evidence(world: State[Any, Any], view: View) -> float:
    """:func:`evidence` with :data:`CHAIN_FLOOR`."""
    return evidence(world, view, floor=CHAIN_FLOOR)


def propose(world: State[Any, Any], view: View, rng: random.Random) -> PentagrammiState | None:
    """``world`` with one card of another seat ``a`` and one of a third seat ``b``
    exchanged, or ``None`` when the draw moves a card the seat passed (it knows where
    those are) or puts a card of a suit into a hand that has shown a void in it.

    The passes the seat did not see follow the cards: a card recorded as passed to ``a``
    that ``a`` no longer holds becomes the card ``a`` got in its place.  Every pair of
    cards is drawn with the same chance both ways, so the proposal is symmetric.
    """
    assert isinstance(world, PentagrammiState)
    me = view.seat
    a, b = rng.sample([s for s in range(PLAYERS) if s != me], 2)
    hand_a, hand_b = world.hands[a], world.hands[b]
    if not hand_a or not hand_b:
        return None
    i, j = rng.randrange(len(hand_a)), rng.randrange(len(hand_b))
    x, y = hand_a[i], hand_b[j]
    pinned = world.given[me] if me is not None else None
    if x == y or (pinned is not None and (x in pinned or y in pinned)):
        return None
    if x.suit in world.voids[b] or y.suit in world.voids[a]:
        return None
    new = world.clone()
    new.hands[a][i], new.hands[b][j] = y, x
    new.hands[a].sort(key=_sort_key)
    new.hands[b].sort(key=_sort_key)
    given = list(new.given)
    for giver, pair in enumerate(given):
        if giver == me or pair is None:
            continue
        sides = [pair[0], pair[1]]
        for side, to in ((0, (giver + 1) % PLAYERS), (1, (giver - 1) % PLAYERS)):
            for holder, out, into in ((a, x, y), (b, y, x)):
                if to == holder and sides[side] == out and out not in _holdings(new, holder):
                    sides[side] = into
        given[giver] = (sides[0], sides[1])
    new.given = given
    return new


def _holdings(world: PentagrammiState, seat: int) -> list[Card]:
    """The cards ``seat`` holds or has played this deal."""
    return [*world.hands[seat], *world.played[seat], *world.trick_cards(seat)]


CHAIN: Final = Chain(evidence=chain_evidence, propose=propose)
"""Pentagrammi's model for :class:`pakka.bots.belief.WorldChain` (``Budget.chain``)."""

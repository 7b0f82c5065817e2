"""Pentagrammi's determinization: a full state consistent with one seat's view.

The unseen cards are dealt again: plain rejection sampling (exactly uniform) while it finds
a deal that respects the voids within 20 tries, then a constrained deal that places the most
restricted cards first.  Passes the viewer did not see are drawn from the receiver's cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any

from pakka.cards import JOKER_SUIT, SUITS, Card
from pakka.engine import Game, State
from pakka.errors import PakkaError
from pakka.games.pentagrammi.rules import PLAYERS
from pakka.games.pentagrammi.state import PentagrammiState
from pakka.games.pentagrammi.views import (
    PassGiven,
    PassReceived,
    PentagrammiTrickWon,
    PentagrammiView,
)

__all__ = ["determinize"]


def determinize(
    game: Game[Any, Any], view: PentagrammiView, rng: random.Random
) -> PentagrammiState:
    """A state consistent with ``view``: the unseen cards dealt again at random.

    Respected: hand sizes, every card played, revealed voids (a natural card off the led
    suit; a joker reveals nothing), the cards the seat passed (in the receiver's hand unless
    played) and received.  Passes the seat never saw are drawn from the receiver's cards.
    """
    seat = view.seat
    options = view.options
    state = object.__new__(PentagrammiState)
    State.__init__(state, game, PLAYERS, options, rng.randrange(2**63), None)
    state.log = None
    table = view.table
    players = view.players
    state.phase = view.phase
    state.deal_no = view.deal - 1 if state.phase != "over" else options.deals
    state.dealer = table.dealer
    state.leader = table.leader
    state.turn = table.turn if table.turn is not None else table.leader
    state.led = table.led
    state.scores = [int(x) for x in view.scores]
    state.deal_points = [list(p) for p in table.deal_points]
    state.points = [p.points for p in players]
    state.voids = ["".join(p.voids) for p in players]

    pool: dict[Card, list[Card]] = {}
    for card in game.deck(PLAYERS, options):
        pool.setdefault(card, []).append(card)

    def take(card: Card) -> Card:
        try:
            return pool[card].pop()
        except (KeyError, IndexError):
            raise PakkaError(f"observation is inconsistent: too many {card}") from None

    state.played = [[take(c) for c in p.played] for p in players]
    state.trick = [take(t.card) for t in table.trick]
    state.history = [e for e in view.history if isinstance(e, PentagrammiTrickWon)]
    state.tricks = [(e.played_by[0], e.cards, e.winner) for e in state.history]  # type: ignore[misc]

    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    state.passing = [[] for _ in range(PLAYERS)]
    state.given = [None] * PLAYERS
    passing = table.passing
    need = [p.cards for p in players]
    pass_need = [0] * PLAYERS
    if state.phase == "pass":
        pass_need = [2 if p.passed else 0 for p in players]
    if seat is not None:
        hands[seat] = [take(c) for c in view.hand or ()]
        need[seat] = 0
        pass_need[seat] = 0
        mine = passing.given
        if state.phase == "pass" and mine is not None:
            state.passing[seat] = [take(mine.to_left), take(mine.to_right)]
        elif mine is not None:
            _pin_passes(state, seat, hands, need, mine, take)

    unknown = [c for copies in pool.values() for c in copies]
    rng.shuffle(unknown)
    for s in range(PLAYERS):
        if pass_need[s]:
            state.passing[s] = [unknown.pop(), unknown.pop()]
    others = [s for s in range(PLAYERS) if need[s]]
    dealt = _deal_with_voids(unknown, {s: need[s] for s in others}, state.voids, rng)
    for s in others:
        hands[s] += dealt[s]
    for hand in hands:
        hand.sort(key=Card.sort_key)
    state.hands = hands
    if state.phase != "pass":
        _sample_passes(state, seat, passing.received, rng)
    return state


def _pin_passes(
    state: PentagrammiState,
    seat: int,
    hands: list[list[Card]],
    need: list[int],
    mine: PassGiven,
    take: Callable[[Card], Card],
) -> None:
    """Record ``seat``'s own passes; the cards stay with the receivers unless played.

    A passed card the receiver has not shown (played) is in its hand.  For a joker that
    means: the receiver has played no joker yet (jokers are interchangeable).
    """
    left, right = mine.to_left, mine.to_right
    state.given[seat] = (left, right)
    for card, to in ((left, (seat + 1) % PLAYERS), (right, (seat - 1) % PLAYERS)):
        if card not in state.played[to] and card not in state.trick_cards(to):
            hands[to].append(take(card))
            need[to] -= 1


def _sample_passes(
    state: PentagrammiState, seat: int | None, got: PassReceived | None, rng: random.Random
) -> None:
    """Fill in every pass: the ones ``seat`` saw as they were, the others drawn from the
    cards each receiver holds or has played (whatever it received is among them)."""
    sides: list[list[Card | None]] = [[None, None] for _ in range(PLAYERS)]
    if seat is not None and got is not None:
        mine = state.given[seat]
        assert mine is not None
        sides[seat] = [mine[0], mine[1]]
        sides[(seat + 1) % PLAYERS][1] = got.from_left
        sides[(seat - 1) % PLAYERS][0] = got.from_right
    for to in range(PLAYERS):
        if to == seat:
            continue
        givers = (((to - 1) % PLAYERS, 0), ((to + 1) % PLAYERS, 1))
        known = [c for g, side in givers if (c := sides[g][side]) is not None]
        holdings = Counter([*state.hands[to], *state.played[to], *state.trick_cards(to)])
        candidates = list((holdings - Counter(known)).elements())
        rng.shuffle(candidates)
        for g, side in givers:
            if sides[g][side] is None:
                sides[g][side] = candidates.pop()
    given: list[tuple[Card, Card] | None] = []
    for left, right in sides:
        assert left is not None and right is not None
        given.append((left, right))
    state.given = given


def _deal_with_voids(
    cards: list[Card], need: dict[int, int], voids: Sequence[str], rng: random.Random
) -> dict[int, list[Card]]:
    """Deal ``cards`` (already shuffled) so seat ``s`` gets ``need[s]``, none of its voids.

    Tries plain dealing first (exactly uniform when it succeeds), then assigns the most
    constrained cards first, checking at each step that the rest can still be placed.
    """
    seats = sorted(need)
    for _ in range(20):
        out: dict[int, list[Card]] = {}
        i = 0
        for s in seats:
            out[s] = cards[i : i + need[s]]
            i += need[s]
        if all(c.suit not in voids[s] for s in seats for c in out[s]):
            return out
        rng.shuffle(cards)
    left = dict(need)
    remaining = Counter(c.suit for c in cards)
    if not _feasible(remaining, left, voids):
        raise PakkaError("observation is inconsistent: the unseen cards cannot be placed")
    order = sorted(cards, key=lambda c: sum(c.suit not in voids[s] for s in seats))
    out = {s: [] for s in seats}
    for card in order:
        remaining[card.suit] -= 1
        options = [s for s in seats if left[s] and card.suit not in voids[s]]
        rng.shuffle(options)
        options.sort(key=lambda s: -left[s] * rng.random())
        for s in options:
            left[s] -= 1
            if _feasible(remaining, left, voids):
                out[s].append(card)
                break
            left[s] += 1
    return out


def _feasible(remaining: Counter[str], left: Mapping[int, int], voids: Sequence[str]) -> bool:
    """Hall's condition: every set of suits fits in the seats that may hold one of them."""
    suits = [s for s in (*SUITS, JOKER_SUIT) if remaining[s] > 0]
    for size in range(1, len(suits) + 1):
        for group in combinations(suits, size):
            room = sum(n for s, n in left.items() if any(g not in voids[s] for g in group))
            if sum(remaining[g] for g in group) > room:
                return False
    return True

"""Guandan's determinization: a full state consistent with one seat's view.

Every card the seat has not seen is dealt again at random: each other hand keeps the cards
everyone knows it holds (tribute and return cards received, red jokers an anti-tribute
showed) and is filled up to its size from the unseen cards.  A receiver that has chosen
its return but not yet shown it gets one more card, and one of its legal returns is drawn
as the committed card.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from pakka.cards import Card, guandan_deck
from pakka.engine import State
from pakka.games.guandan.events import GuandanCardsPlayed
from pakka.games.guandan.rules import PLAYERS, return_options
from pakka.games.guandan.state import GuandanState, play_of_event
from pakka.games.guandan.views import GuandanView

if TYPE_CHECKING:
    from pakka.games.guandan.game import GuandanGame

__all__ = ["determinize"]


def determinize(game: GuandanGame, view: GuandanView, rng: random.Random) -> GuandanState:
    """A state consistent with ``view``: the unseen cards dealt again at random."""
    seat = view.seat
    table = view.table
    state = object.__new__(GuandanState)
    State.__init__(state, game, PLAYERS, view.options, rng.randrange(2**63), None)
    state.log = None
    state.levels = list(table.levels)
    state.a_fails = list(table.a_fails)
    state.owner = table.owner
    state.deal_no = view.deal
    state.deal_level = table.level
    state.winner = table.winner
    state.prev_order = list(table.prev_finish_order)
    state.shuffles = view.deal
    state.phase = view.phase
    state.leader = table.leader
    state.turn = table.turn
    state.finished = list(table.finish_order)
    state.passes = list(table.passes)
    state.anti = table.anti_tribute
    state.red_joker_holders = list(table.red_joker_holders)
    state._cache = None
    state.history = [e for e in view.history if isinstance(e, GuandanCardsPlayed)]
    played = [c for e in state.history for c in e.cards]
    pool = Counter(guandan_deck())
    pool -= Counter(played)
    top = table.top
    state.top = None if top is None else play_of_event(top, state.deal_level)
    state.top_seat = None if top is None else top.seat
    state.tribute = [(t.seat, t.to, t.card) for t in table.tribute]
    state.returns = [(t.seat, t.to, t.card) for t in table.returns]
    shown = [list(p.known) for p in view.players]
    for cards in shown:
        pool -= Counter(cards)
    own = list(view.hand or ()) if seat is not None else []
    committed: dict[int, Card] = {}
    if seat is not None:
        if table.my_return is not None:
            committed[seat] = table.my_return
        pool -= Counter(own) - Counter(shown[seat])
        pool -= Counter(committed.values())
    unknown = list(pool.elements())
    rng.shuffle(unknown)
    hands: list[list[Card]] = []
    for s, p in enumerate(view.players):
        if s == seat:
            hands.append(own)
            continue
        extra = 1 if p.committed else 0
        free = p.cards - len(shown[s]) + extra
        hand = shown[s] + [unknown.pop() for _ in range(free)]
        if extra:
            options = return_options(hand, state.deal_level)
            choice = options[rng.randrange(len(options))]
            hand.remove(choice)
            committed[s] = choice
        hands.append(hand)
    state.pending = {}
    if view.phase == "return":
        for payer, receiver, _ in state.tribute:
            state.pending[receiver] = payer
    _make_physical(state, hands, shown, committed, played)
    return state


def _make_physical(
    state: GuandanState,
    hands: list[list[Card]],
    shown: list[list[Card]],
    committed: dict[int, Card],
    played: list[Card],
) -> None:
    """Give every card of the state its own copy id, in a fixed order: the hands (the
    known cards are those very objects), the committed returns, the played cards."""
    state.hands = [[] for _ in range(PLAYERS)]
    state.shown = [[] for _ in range(PLAYERS)]
    copies: Counter[Card] = Counter()
    for s in range(PLAYERS):
        known = Counter(shown[s])
        for c in hands[s]:
            phys = c.with_copy(copies[c])
            copies[c] += 1
            state.hands[s].append(phys)
            if known[c] > 0:
                known[c] -= 1
                state.shown[s].append(phys)
    state.committed = {}
    for s, c in committed.items():
        state.committed[s] = c.with_copy(copies[c])
        copies[c] += 1
    state.played = []
    for c in played:
        state.played.append(c.with_copy(copies[c]))
        copies[c] += 1

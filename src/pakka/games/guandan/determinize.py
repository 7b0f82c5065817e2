"""Guandan's determinization: a full state consistent with one seat's view.

Every card the seat has not seen is dealt again at random: each other hand keeps the cards
everyone knows it holds (tribute and return cards received, red jokers an anti-tribute
showed) and is filled up to its size from the unseen cards.  A receiver that has chosen
its return but not yet shown it gets one more card, and one of its legal returns is drawn
as the committed card.

One inference is certain and used: a tribute payer paid the strongest card it held (wild
cards apart), so its hidden cards are drawn only from the unseen cards no stronger than
that tribute card, or the level's hearts (:func:`_tribute_caps`).  A lone payer's hand is
then a uniform draw among the hands the tribute allows (of two payers, the one that paid
the lower card is dealt first).
"""

from __future__ import annotations

import random
from typing import Any, Final

from pakka.cards import Card, guandan_deck
from pakka.engine import Game, State, shuffle
from pakka.errors import PakkaError
from pakka.games.guandan.combos import level_rank
from pakka.games.guandan.events import GuandanCardsPlayed, TributePaid
from pakka.games.guandan.rules import PLAYERS, card_power, is_wild, return_options
from pakka.games.guandan.state import GuandanState, play_of_event
from pakka.games.guandan.views import GuandanView

__all__ = ["determinize"]


_PACK: Final = guandan_deck()
_VALUES: Final = _PACK[: len(_PACK) // 2]
"""Each card value once, in pack order (the order the unseen cards are listed in)."""
_VALUE: Final = {(c.suit, c.rank): i for i, c in enumerate(_VALUES)}
_PHYSICAL: Final = tuple((c.with_copy(0), c.with_copy(1)) for c in _VALUES)
"""The two physical copies of each value (immutable, so every determinization shares them)."""


def determinize(game: Game[Any, Any], view: GuandanView, rng: random.Random) -> GuandanState:
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
    state.trick = list(table.trick)
    state.last_trick = list(table.last_trick)
    state.sheet = list(table.sheet)
    state.anti = table.anti_tribute
    state.red_joker_holders = list(table.red_joker_holders)
    state._cache = None
    state.history = [e for e in view.history if isinstance(e, GuandanCardsPlayed)]
    played = [c for e in state.history for c in e.cards]
    top = table.top
    state.top = None if top is None else play_of_event(top, state.deal_level)
    state.top_seat = None if top is None else top.seat
    state.tribute = [(t.seat, t.to, t.card) for t in table.tribute]
    state.returns = [(t.seat, t.to, t.card) for t in table.returns]
    shown = [list(p.known) for p in view.players]
    own = list(view.hand or ()) if seat is not None else []
    committed: dict[int, Card] = {}
    if seat is not None and table.my_return is not None:
        committed[seat] = table.my_return
    unknown = _unseen(played, shown, seat, own, committed)
    shuffle(unknown, rng)
    level = level_rank(state.deal_level)
    caps = _tribute_caps(table.tribute, seat, level)
    hands: list[list[Card]] = [own] * PLAYERS
    # the payers first (the strictest cap first), then the others from what is left
    for s in sorted(range(PLAYERS), key=lambda s: (s not in caps, caps.get(s, 0), s)):
        if s == seat:
            continue
        p = view.players[s]
        extra = 1 if p.committed else 0
        free = p.cards - len(shown[s]) + extra
        cap = caps.get(s)
        if cap is None:
            drawn = [unknown.pop() for _ in range(free)]
        else:
            drawn = _draw_capped(unknown, free, cap, level)
        hand = shown[s] + drawn
        if extra:
            options = return_options(hand, state.deal_level)
            choice = options[rng.randrange(len(options))]
            hand.remove(choice)
            committed[s] = choice
        hands[s] = hand
    state.pending = {}
    if view.phase == "return":
        for payer, receiver, _ in state.tribute:
            state.pending[receiver] = payer
    _make_physical(state, hands, shown, committed, played)
    return state


def _tribute_caps(tribute: tuple[TributePaid, ...], seat: int | None, level: int) -> dict[int, int]:
    """Each other payer's cap: the power of the tribute it paid (its strongest card)."""
    return {t.seat: card_power(t.card, level) for t in tribute if t.seat != seat}


def _draw_capped(unknown: list[Card], free: int, cap: int, level: int) -> list[Card]:
    """Take ``free`` cards of power at most ``cap`` (or wild) from the end of the shuffled
    ``unknown``: a uniform draw among the allowed cards.  Should a view allow too few (it
    cannot, for a real deal), the rest are drawn without the cap."""
    drawn: list[Card] = []
    keep: list[Card] = []
    while unknown and len(drawn) < free:
        c = unknown.pop()
        if card_power(c, level) <= cap or is_wild(c, level):
            drawn.append(c)
        else:
            keep.append(c)
    unknown.extend(reversed(keep))
    while len(drawn) < free:
        drawn.append(unknown.pop())
    return drawn


def _unseen(
    played: list[Card],
    shown: list[list[Card]],
    seat: int | None,
    own: list[Card],
    committed: dict[int, Card],
) -> list[Card]:
    """The cards ``seat`` has not seen, in pack order (each value as often as it is unseen)."""
    pool = [2] * len(_VALUES)

    def remove(cards: list[Card]) -> None:
        for c in cards:
            pool[_VALUE[c.suit, c.rank]] -= 1

    remove(played)
    for cards in shown:
        remove(cards)
    if seat is not None:
        remove(own)
        for c in shown[seat]:  # the seat's known cards are in its hand: removed once only
            pool[_VALUE[c.suit, c.rank]] += 1
        remove(list(committed.values()))
    if min(pool) < 0:
        raise PakkaError(
            "observation is inconsistent: it shows a card more often than the pack has it"
        )
    return [c for c, n in zip(_VALUES, pool, strict=True) for _ in range(n)]


def _make_physical(
    state: GuandanState,
    hands: list[list[Card]],
    shown: list[list[Card]],
    committed: dict[int, Card],
    played: list[Card],
) -> None:
    """Give every card of the state its own copy id, in a fixed order: the hands (the
    known cards are those very objects), the committed returns, the played cards."""
    copies = [0] * len(_VALUES)

    def physical(card: Card) -> Card:
        v = _VALUE[card.suit, card.rank]
        k = copies[v]
        copies[v] = k + 1
        return _PHYSICAL[v][k]

    state.hands = [[] for _ in range(PLAYERS)]
    state.shown = [[] for _ in range(PLAYERS)]
    for s in range(PLAYERS):
        known = [0] * len(_VALUES)
        for c in shown[s]:
            known[_VALUE[c.suit, c.rank]] += 1
        for c in hands[s]:
            phys = physical(c)
            state.hands[s].append(phys)
            v = _VALUE[c.suit, c.rank]
            if known[v] > 0:
                known[v] -= 1
                state.shown[s].append(phys)
    state.committed = {s: physical(c) for s, c in committed.items()}
    state.played = [physical(c) for c in played]

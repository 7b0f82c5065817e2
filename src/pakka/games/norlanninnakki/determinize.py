"""Norlanninnakki's determinization: a full state consistent with one seat's view.

Hidden: the other hands, the other discard piles and the stock.  The sample respects what
the play revealed: a player who did not follow suit is void in it; under forced trump, a
leader who led a non-trump (without a marked violation) holds no trump, and with
``lead_and_ruff`` so does a player who neither followed nor trumped; the leader of trick 1
who did not lead the trump ace does not hold it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from pakka.cards import ACE, SUITS, Card
from pakka.engine import Game, State
from pakka.games.norlanninnakki.actions import _DECK
from pakka.games.norlanninnakki.rules import next_seats
from pakka.games.norlanninnakki.state import NorlanninnakkiState
from pakka.games.norlanninnakki.views import NorlanninnakkiTrickWon, NorlanninnakkiView

__all__ = ["determinize"]

_BY_SUIT = {suit: frozenset(c for c in _DECK if c.suit == suit) for suit in SUITS}


def determinize(
    game: Game[Any, Any], view: NorlanninnakkiView, rng: random.Random
) -> NorlanninnakkiState:
    """A state consistent with ``view``: the hidden cards dealt again at random (see the
    module docstring for what the sample respects)."""
    n = view.players_count
    seat = view.seat
    table, pl = view.table, view.players
    st = object.__new__(NorlanninnakkiState)
    State.__init__(st, game, n, view.options, rng.randrange(2**63), None)
    st.log = None
    st.dealer = dealer = table.dealer
    st.scores = [int(x) for x in view.scores]
    st.forests = [p.forests for p in pl]
    st.deal_no = view.deal
    st.throw_ins = table.throw_ins
    st.shuffles = 1
    st.forced = table.forced_trump
    st.forced_ever = table.forced_trump_triggered
    st.over = view.phase == "over"
    st.last_deal = table.last_deal
    st.sheet = list(table.sheet)
    st.phase = view.phase
    st.to_move = view.to_act[0] if view.to_act else table.leader
    st.turned = turned = table.turned
    st.turned_held = table.turned_held
    st.dealt_all = table.dealt_all
    st.bids = [p.bid for p in pl]
    st.declarations = [p.declaration for p in pl]
    st.knocker = table.knocker
    st.active = [p.active for p in pl]
    st.obliged = [p.obliged for p in pl]
    st.bought = [p.bought for p in pl]
    st.tricks = [p.tricks for p in pl]
    st.violated = [p.violated for p in pl]
    st.leader = table.leader
    st.trick = [(p.seat, p.card, p.violation) for p in table.trick]
    st.history = [e for e in view.history if isinstance(e, NorlanninnakkiTrickWon)]
    st.won = [[] for _ in range(n)]
    for trick in st.history:
        assert trick.winner is not None, "every Norlanninnakki trick has a winner"
        st.won[trick.winner] += trick.cards
    st.after = next_seats(st.active) if st.phase in ("buy", "play") else ()
    fh = (dealer + 1) % n
    st.buy_queue = (
        [s for s in ((fh + i) % n for i in range(n)) if st.active[s] and st.bought[s] is None]
        if st.phase == "buy"
        else []
    )

    known: Counter[Card] = Counter(c for w in st.won for c in w)
    known.update(c for _, c, _ in st.trick)
    own_hand = list(view.hand or ())
    own_discards = list(table.my_discards or ())
    known.update(own_hand)
    known.update(own_discards)
    discards: list[list[Card]] = [[] for _ in range(n)]
    discard_need = [p.discarded for p in pl]
    if st.turned_held:
        known[turned] += 1
    elif table.turned_discarded and seat != dealer:
        known[turned] += 1
        discards[dealer].append(turned)
        discard_need[dealer] -= 1
    pool = [c for c in _DECK if not known[c]]
    hand_need = {
        s: p.cards - (1 if s == dealer and st.turned_held else 0)
        for s, p in enumerate(pl)
        if s != seat
    }
    forbidden = _revealed_voids(st)
    hands = _sample_hands(pool, hand_need, forbidden, rng)
    st.hands = [own_hand if s == seat else hands[s] for s in range(n)]
    dealt = {c for h in hands.values() for c in h}
    rest = [c for c in pool if c not in dealt]
    rng.shuffle(rest)
    for s in range(n):
        if s == seat:
            discards[s] = own_discards
        else:
            take = discard_need[s]
            discards[s] += rest[:take]
            del rest[:take]
    st.discards = discards
    st.stock = rest
    return st


def _revealed_voids(st: NorlanninnakkiState) -> dict[int, set[Card]]:
    """Cards each player is known not to hold, from the tricks of this deal."""
    trump = st.turned.suit
    lead_forced = st.forced
    ruff_forced = st.forced and st.options.forced_trump == "lead_and_ruff"
    void_suits: dict[int, set[str]] = {s: set() for s in range(st.players)}
    not_held: dict[int, set[Card]] = {s: set() for s in range(st.players)}
    tricks: list[list[tuple[int | None, Card, bool]]] = [
        list(zip(e.played_by, e.cards, e.violations, strict=True)) for e in st.history
    ]
    if st.trick:
        tricks.append([*st.trick])
    for k, trick in enumerate(tricks):
        lead_seat, lead_card, lead_violation = trick[0]
        assert lead_seat is not None
        if k == 0 and lead_card != Card(trump, ACE):
            not_held[lead_seat].add(Card(trump, ACE))
        if lead_forced and lead_card.suit != trump and not lead_violation:
            void_suits[lead_seat].add(trump)
        for s, card, violation in trick[1:]:
            assert s is not None
            if card.suit != lead_card.suit:
                void_suits[s].add(lead_card.suit)
                if ruff_forced and card.suit != trump and not violation:
                    void_suits[s].add(trump)
    return {s: not_held[s].union(*(_BY_SUIT[x] for x in void_suits[s])) for s in not_held}


def _sample_hands(
    pool: list[Card],
    need: dict[int, int],
    forbidden: dict[int, set[Card]],
    rng: random.Random,
) -> dict[int, list[Card]]:
    """Deal ``need[s]`` cards of ``pool`` to each seat avoiding its forbidden cards.

    Rejection sampling (uniform) first; if that keeps failing, a greedy deal that serves
    the most constrained seat first.
    """
    cards = list(pool)
    for _ in range(100):
        rng.shuffle(cards)
        out, i, ok = {}, 0, True
        for s, k in need.items():
            hand = cards[i : i + k]
            i += k
            if forbidden[s].intersection(hand):
                ok = False
                break
            out[s] = hand
        if ok:
            return out
    for _ in range(100):
        rng.shuffle(cards)
        left = list(cards)
        out = {}
        order = sorted(need, key=lambda s: sum(c not in forbidden[s] for c in left) - need[s])
        for s in order:
            allowed = [c for c in left if c not in forbidden[s]]
            if len(allowed) < need[s]:
                break
            out[s] = allowed[: need[s]]
            for c in out[s]:
                left.remove(c)
        else:
            return out
    i, out = 0, {}
    for s, k in need.items():
        out[s] = cards[i : i + k]
        i += k
    return out

"""Anarchy's determinization: a full state consistent with one seat's view.

Everything public is kept (contracts, won piles, the dead pile, the joker out, the dummy's
shown card, the score sheet, the deal's record) and so are the seat's own cards, its
committed card or pass and what it passed and received.  The unseen cards are shuffled
and dealt again: the cards the seat passed go back to the receiver (unless they have shown
up since), then every other seat gets its hand and, if it has committed, its card or its
three passed cards, then the dummy and the spare.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from pakka.cards import Card
from pakka.engine import Game, State
from pakka.errors import PakkaError
from pakka.games.anarchy.rules import PASS_COUNT
from pakka.games.anarchy.state import AnarchyState
from pakka.games.anarchy.views import AnarchyView

__all__ = ["determinize"]


def determinize(game: Game[Any, Any], view: AnarchyView, rng: random.Random) -> AnarchyState:
    """A state consistent with ``view``: the cards it does not show dealt again at random."""
    n = view.players_count
    seat = view.seat
    table = view.table
    players = view.players
    options = view.options
    st = object.__new__(AnarchyState)
    State.__init__(st, game, n, options, rng.randrange(2**63), None)
    st.log = None
    st.deal_no = view.deal
    st.phase = view.phase
    st.shuffles = st.deal_no
    st.dealer = table.dealer
    st.scores = [int(s) for s in view.scores]
    st.sheet = list(table.score_sheet)
    st.contracts = list(table.contracts)
    st.last_trick = table.last_trick
    st.history = list(view.history)
    st.remaining = [list(p.remaining) for p in players]
    st.won = [list(p.won) for p in players]
    st.dead = list(table.dead)
    st.out = list(table.out)
    st.spare_revealed = table.spare_revealed
    hand = list(view.hand or ()) if seat is not None else []
    my_commit = table.my_commit
    my_pass = table.my_pass
    top = [] if table.dummy_top is None else [table.dummy_top]
    st.passed = [[] for _ in range(n)]
    st.received = [[] for _ in range(n)]
    if seat is not None and table.passed is not None and table.received is not None:
        st.passed[seat] = list(table.passed.cards)
        st.received[seat] = list(table.received.cards)
    known: Counter[Card] = Counter(hand) + Counter(st.dead) + Counter(st.out) + Counter(top)
    for w in st.won:
        known.update(w)
    known.update([my_commit] if my_commit else [])
    known.update(my_pass or ())
    hidden = Counter(game.deck(n, options)) - known
    forced: dict[int, list[Card]] = {}
    if seat is not None and st.passed[seat]:
        still = Counter(st.passed[seat]) & hidden
        forced[(seat + 1) % n] = list(still.elements())
        hidden -= still
    pool = list(hidden.elements())
    rng.shuffle(pool)
    st.hands, st.committed, st.passing = [], [], []
    for s, p in enumerate(players):
        if s == seat:
            st.hands.append(hand)
            st.committed.append(my_commit)
            st.passing.append(my_pass)
            continue
        playing = st.phase == "play" and p.committed
        passing = st.phase == "pass" and p.committed
        need = p.cards + (1 if playing else 0) + (PASS_COUNT if passing else 0)
        take = forced.get(s, [])
        take = take + [pool.pop() for _ in range(need - len(take))]
        rng.shuffle(take)
        st.committed.append(take.pop() if playing else None)
        st.passing.append(tuple(take.pop() for _ in range(PASS_COUNT)) if passing else None)
        st.hands.append(take)
    st.dummy = [pool.pop() for _ in range((table.dummy or 0) - len(top))] + top
    st.spare = [pool.pop() for _ in range(table.spare)]
    if pool:
        raise PakkaError(f"observation is inconsistent: {len(pool)} cards left over")
    _renumber_copies(st)
    return st


def _renumber_copies(st: AnarchyState) -> None:
    """Give duplicate cards distinct copy ids (cards read from a view may all have 0)."""
    seen: Counter[Card] = Counter()

    def fix(cards: Iterable[Card]) -> list[Card]:
        out = []
        for c in cards:
            out.append(c.with_copy(seen[c]))
            seen[c] += 1
        return out

    st.hands = [fix(h) for h in st.hands]
    st.won = [fix(w) for w in st.won]
    st.committed = [None if c is None else fix([c])[0] for c in st.committed]
    st.passing = [None if p is None else tuple(fix(p)) for p in st.passing]
    st.dummy = fix(st.dummy)
    st.spare = fix(st.spare)
    st.dead = fix(st.dead)
    st.out = fix(st.out)

"""What the heuristic reads from a seat's view (or, in its rollouts, from a full state).

:class:`_View` holds the seat's hand as kind counts, the hand sizes, who is out, the play
to beat and the deal's public plays; :func:`_passed_on` rebuilds from those plays which
types each player passed on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

from pakka.cards import Card
from pakka.games.guandan import GuandanCardsPlayed, GuandanState, GuandanView
from pakka.games.guandan.combos import (
    BOMB_TYPES,
    KIND_CARDS,
    Combo,
    card_kind,
    level_rank,
    reading_key,
    reading_value,
    readings,
    sort_kinds,
)
from pakka.games.guandan.rules import PLAYERS

_CARD_KINDS: Final = {(c.suit, c.rank): card_kind(c) for c in KIND_CARDS}


def _counts(hand: Iterable[Card]) -> list[int]:
    """Count of each card kind in a hand."""
    counts = [0] * 54
    for c in hand:
        counts[_CARD_KINDS[c.suit, c.rank]] += 1
    return counts


@cache
def _reading(kinds: tuple[int, ...], ctype: str, key: str, level: int) -> Combo | None:
    """The combo ``ctype key`` of cards given by their kinds, read at ``level``."""
    kinds = sort_kinds(kinds, level)
    for t2, r in readings(list(kinds), level):
        if t2 == ctype and reading_key(t2, r, len(kinds)) == key:
            cs = tuple(KIND_CARDS[k] for k in kinds)
            return Combo(t2, key, cs, reading_value(t2, r, len(kinds), level))
    return None


_TOLD: dict[int, tuple[GuandanCardsPlayed, int, Combo | None]] = {}
"""The combo of each play event already read, by the event's identity (the event is kept
with it, so its id cannot be reused): a rollout reads the same events at every lead."""
_TOLD_MAX: Final = 50_000


def _combo_of(event: GuandanCardsPlayed, level: int) -> Combo | None:
    """The combo a play event tells, read at ``level`` (``None`` if it does not read so)."""
    hit = _TOLD.get(id(event))
    if hit is not None and hit[0] is event and hit[1] == level:
        return hit[2]
    kinds = tuple([_CARD_KINDS[c.suit, c.rank] for c in event.cards])
    combo = _reading(kinds, event.combo, event.key, level)
    if len(_TOLD) > _TOLD_MAX:
        _TOLD.clear()
    _TOLD[id(event)] = (event, level, combo)
    return combo


class _View:
    """What one seat's decision reads, worked out once."""

    seat: int
    level: int
    hand: list[Card]
    counts: list[int]
    cards: list[int]
    out: list[bool]
    top_seat: int | None
    top: Combo | None
    partner: int
    opponents: tuple[int, int]
    history: Sequence[GuandanCardsPlayed]

    def __init__(self, obs: GuandanView) -> None:
        assert obs.seat is not None, "a spectator does not play"
        self.seat = obs.seat
        table = obs.table
        self.level = level_rank(table.level)
        self.hand = list(obs.hand or ())
        self.counts = _counts(self.hand)
        self.cards = [p.cards for p in obs.players]
        self.out = [p.place is not None for p in obs.players]
        top = table.top
        self.top_seat = None if top is None else top.seat
        self.top = None if top is None else _combo_of(top, self.level)
        self.partner = (self.seat + 2) % PLAYERS
        self.opponents = ((self.seat + 1) % PLAYERS, (self.seat + 3) % PLAYERS)
        self.history = [e for e in obs.history if isinstance(e, GuandanCardsPlayed)]

    @classmethod
    def of_state(cls, state: GuandanState, seat: int) -> _View:
        """The same view built from a full state (the rollouts' fast path, no view).

        Only what ``seat``'s view shows is read: its own hand, the hand sizes, who is out,
        the trick to beat and the public plays.
        """
        view = object.__new__(cls)
        view.seat = seat
        view.level = level_rank(state.deal_level)
        view.hand = []
        counts = [0] * 54
        for c in state.hands[seat]:
            counts[_CARD_KINDS[c.suit, c.rank]] += 1
        view.counts = counts
        view.cards = [len(h) for h in state.hands]
        finished = state.finished
        view.out = [s in finished for s in range(PLAYERS)]
        top = state.top
        view.top_seat = None if top is None else state.top_seat
        view.top = None if top is None else top.combo
        view.partner = (seat + 2) % PLAYERS
        view.opponents = ((seat + 1) % PLAYERS, (seat + 3) % PLAYERS)
        view.history = state.history
        return view

    def opp_min(self) -> int:
        live = [self.cards[s] for s in self.opponents if not self.out[s]]
        return min(live) if live else 99

    def partner_cards(self) -> int:
        return 99 if self.out[self.partner] else self.cards[self.partner]


def _passed_on(history: Sequence[GuandanCardsPlayed], level: int) -> list[dict[str, int]]:
    """Per seat and plain type, the lowest play of an opponent of his that he passed on.

    Tricks are rebuilt from the public plays: a play starts a new trick when its seat
    held the last one or it does not beat it; the seats between two plays of a trick
    passed.  A player who passes an opponent's low pair probably has no higher pair.
    """
    res: list[dict[str, int]] = [{} for _ in range(PLAYERS)]
    top: Combo | None = None
    holder = -1

    def note(seat: int) -> None:
        assert top is not None
        if (seat - holder) % 2 and top.type not in BOMB_TYPES:
            known = res[seat].get(top.type)
            if known is None or top.value < known:
                res[seat][top.type] = top.value

    told = _TOLD.get
    for e in history:
        hit = told(id(e))  # _combo_of's memo read inline: this loop runs at every lead
        combo = hit[2] if hit is not None and hit[0] is e and hit[1] == level else None
        if combo is None:
            combo = _combo_of(e, level)
        seat = e.seat
        if combo is None:
            continue
        if top is not None and seat != holder and combo.beats(top):
            x = (holder + 1) % PLAYERS
            while x != seat:
                note(x)
                x = (x + 1) % PLAYERS
        elif top is not None:
            for x in range(PLAYERS):
                if x != holder:
                    note(x)
        top, holder = combo, seat
    return res

"""Pentagrammi heuristic: play for your side of the pentagram.

When seat ``W`` takes a trick, ``W``, ``W+2`` and ``W-2`` score.  Seen from seat ``s``:
the two seats two places away (``s+2``, ``s+3``, the "opposites") score with you whenever
you or they win a trick, and the seat neighbours ``s±1`` are the rivals: a trick won by a
neighbour scores for him, for the *other* neighbour's opposite... and never for you.  So
a good player

* passes the neighbours (who are rivals) the weakest cards: low cards of side suits,
  singletons first so that he can trump that suit later, never a high spade or an ace;
* follows low (or with a joker) when an opposite is already winning and no rival who
  plays later can overtake; takes the trick when a neighbour is winning, as cheaply as
  possible, trumping with a low spade when void;
* leads a card that is the highest still out in its suit (counting every played card),
  otherwise a low card for the opposites to win, keeping spades and jokers for later;
* throws the least useful card when the trick is lost anyway, shortening short suits.

The bot kit (``bots.py``) and the player model (``belief.py``) are built on it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pakka.cards import JOKER_SUIT, SPADES, SUITS, Card, deck_with_jokers
from pakka.engine import Action
from pakka.games.pentagrammi import PassCards, PentagrammiView, Play
from pakka.games.pentagrammi.rules import PLAYERS
from pakka.games.pentagrammi.state import PentagrammiState
from pakka.games.pentagrammi.views import NO_PASSING, Passing

_NATURAL_RANKS = {
    s: tuple(sorted(c.rank for c in deck_with_jokers(3) if c.suit == s)) for s in SUITS
}
"""Each suit's ranks in the pack, ascending (jokers are never winners)."""


def on_my_side(winner: int, seat: int) -> bool:
    """Does ``seat`` score when ``winner`` takes a trick (the winner and its two opposites)?

    >>> [w for w in range(5) if on_my_side(w, 0)]
    [0, 2, 3]
    """
    return (winner - seat) % PLAYERS in (0, 2, 3)


def _beats(card: Card, best: Card, led: str) -> bool:
    """Does ``card`` beat ``best``, the card winning a trick whose led suit is ``led``?"""
    if card.suit == JOKER_SUIT:
        return False
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == SPADES and led != SPADES


def _winning(trick: Sequence[tuple[int, Card]], led: str | None) -> tuple[int, Card] | None:
    """(seat, card) winning the trick so far; ``None`` before a natural card is played."""
    if led is None:
        return None
    best: tuple[int, Card] | None = None
    for seat, card in trick:
        if card.suit == JOKER_SUIT:
            continue
        if best is None:
            best = (seat, card)  # the first natural card fixes the led suit
            continue
        if _beats(card, best[1], led):
            best = (seat, card)
    return best


class _View:
    """What the heuristic reads from a view, worked out once."""

    def __init__(self, obs: PentagrammiView) -> None:
        assert obs.seat is not None, "a spectator does not play"
        self.seat: int = obs.seat
        self.hand = list(obs.hand or ())
        table = obs.table
        self.leader: int = table.leader
        self.led: str | None = table.led
        self.trick = [(p.seat, p.card) for p in table.trick]
        players = obs.players
        self.voids = [set(p.voids) for p in players]
        seen: list[Card] = list(self.hand)
        for p in players:
            seen += p.played
        seen += [c for _, c in self.trick]
        self._finish(seen)
        self.passing: Passing = table.passing

    @classmethod
    def of_state(cls, state: PentagrammiState, seat: int) -> _View:
        """The heuristic's view of ``seat`` straight from a full state, without building
        the observation (the player model reads thousands of them a decision)."""
        view = cls.__new__(cls)
        view.seat = seat
        view.hand = list(state.hands[seat])
        view.leader = state.leader
        view.led = state.led
        view.trick = [((state.leader + 2 * i) % PLAYERS, c) for i, c in enumerate(state.trick)]
        view.voids = [set(v) for v in state.voids]
        seen: list[Card] = list(view.hand)
        for cards in state.played:
            seen += cards
        seen += state.trick
        view._finish(seen)
        view.passing = NO_PASSING
        return view

    def _finish(self, seen: Sequence[Card]) -> None:
        """The unseen natural cards by suit, and the seats still to play to the trick."""
        # unseen natural cards by suit, as ranks (jokers are never winners)
        held: dict[str, set[int]] = {s: set() for s in SUITS}
        for c in seen:
            ranks = held.get(c.suit)
            if ranks is not None:
                ranks.add(c.rank)
        self.unseen: dict[str, list[int]] = {
            s: [r for r in _NATURAL_RANKS[s] if r not in held[s]] for s in SUITS
        }
        order = [(self.leader + 2 * i) % PLAYERS for i in range(PLAYERS)]
        self.after = order[len(self.trick) + 1 :]

    def rivals_after(self) -> list[int]:
        return [s for s in self.after if not on_my_side(s, self.seat)]

    def can_be_beaten(self, card: Card, led: str, by: Sequence[int]) -> bool:
        """Could a seat in ``by`` still beat ``card`` (the card winning a ``led`` trick)?"""
        if not by:
            return False
        higher = any(r > card.rank for r in self.unseen[card.suit])
        if card.suit == SPADES:
            return higher
        if led == card.suit:
            if higher and any(card.suit not in self.voids[s] for s in by):
                return True
            # a seat void in the led suit may trump
            spades_out = bool(self.unseen[SPADES])
            if spades_out:
                short = len(self.unseen[card.suit]) <= 2
                return any(card.suit in self.voids[s] for s in by) or short
            return False
        return higher


def _cost(card: Card, hand: Sequence[Card]) -> float:
    """How much it hurts to give up ``card`` (a rough trick-taking worth)."""
    if card.suit == JOKER_SUIT:
        return 0.28
    worth = (card.rank - 2) / 12 * 0.3
    if card.suit == SPADES:
        worth += 0.25
    elif sum(1 for c in hand if c.suit == card.suit) == 1 and any(c.suit == SPADES for c in hand):
        worth -= 0.05  # the last of a side suit: playing it makes a void to trump in
    return worth


# --- decisions --------------------------------------------------------------------------


def _keep_value(card: Card, hand: Sequence[Card]) -> float:
    """How much ``seat`` wants to keep a dealt card (passing gives the lowest away)."""
    if card.suit == JOKER_SUIT:
        return 9.0
    value = float(card.rank)
    if card.suit == SPADES:
        return value + 4.0
    same = sum(1 for c in hand if c.suit == card.suit)
    spades = sum(1 for c in hand if c.suit == SPADES)
    if same <= 2 and spades >= 2 and card.rank < 12:
        value -= 3.0 / same  # passing it away makes (nearly) a void to trump in
    if (
        card.suit == "H"
        and card.rank <= 3
        and card == min((c for c in hand if c.suit == "H"), key=lambda c: c.rank)
    ):
        value += 3.0  # a low heart wins the tie-break
    return value


def choose_pass(view: _View, legal: Sequence[Action]) -> Action:
    hand = view.hand
    ranked = sorted(hand, key=lambda c: (_keep_value(c, hand), c.sort_key()))
    low, nxt = ranked[0], ranked[1]
    for action in legal:
        if isinstance(action, PassCards) and action.left == low and action.right == nxt:
            return action
    return legal[0]


def _score_follow(view: _View, card: Card) -> tuple[float, str]:
    """Value of playing ``card`` to a trick with a led suit (or after jokers only)."""
    seat = view.seat
    led = view.led if view.led is not None else (None if card.suit == JOKER_SUIT else card.suit)
    trick = [*view.trick, (seat, card)]
    best = _winning(trick, led)
    cost = _cost(card, view.hand)
    rivals_after = view.rivals_after()
    if best is None or led is None:
        return 0.3 - cost, "lead_low"
    winner, top = best
    if on_my_side(winner, seat):
        mine = winner == seat
        beaten = view.can_be_beaten(top, led, rivals_after)
        p = (0.55 if beaten else 1.0) if rivals_after else 1.0
        worth = 1.0 if mine else 0.85
        kind = ("trump" if card.suit == SPADES and led != SPADES else "win") if mine else "duck"
        return p * worth - cost, kind
    friends_after = [s for s in view.after if on_my_side(s, seat)]
    p = 0.3 if friends_after else 0.0
    return p * 0.85 - cost, "discard"


def _score_lead(view: _View, card: Card) -> tuple[float, str]:
    cost = _cost(card, view.hand)
    if card.suit == JOKER_SUIT:
        return 0.2 - cost, "lead_low"
    rivals = [s for s in view.after if not on_my_side(s, view.seat)]
    top = not any(r > card.rank for r in view.unseen[card.suit])
    if top:
        if card.suit == SPADES:
            return 0.95 - cost * 0.5, "lead_top"
        out = len(view.unseen[card.suit])
        ruff = bool(view.unseen[SPADES]) and (
            any(card.suit in view.voids[s] for s in rivals) or out <= 3
        )
        return (0.5 if ruff else 0.9) - cost * 0.5, "lead_top"
    return 0.35 - cost, "lead_low"


def score_play(view: _View, card: Card) -> tuple[float, str]:
    """The heuristic's score of playing ``card`` and the kind of play: a lead's score before
    the trick's first card, a follow's after it."""
    if view.trick or view.led is not None:
        return _score_follow(view, card)
    return _score_lead(view, card)


def ranked_actions(obs: PentagrammiView, legal: Sequence[Action]) -> list[Action]:
    """The legal actions, the heuristic's favourite first (the search tries the first few)."""
    view = _View(obs)
    if obs.phase == "pass":
        hand = view.hand
        keep = {c: _keep_value(c, hand) for c in hand}
        first = choose_pass(view, legal)
        rest = sorted(
            (a for a in legal if a != first),
            key=lambda a: keep[a.cards[0]] + keep[a.cards[1]] if isinstance(a, PassCards) else 0,
        )
        return [first, *rest]
    scored = []
    for i, action in enumerate(legal):
        assert isinstance(action, Play)
        scored.append((-score_play(view, action.card)[0], i, action))
    return [a for _, _, a in sorted(scored, key=lambda x: (x[0], x[1]))]


def choose_play(view: _View, legal: Sequence[Action]) -> tuple[Action, str]:
    """The best-scored play (the first of equals) and the kind of play it is."""
    best: tuple[float, Action, str] | None = None
    for action in legal:
        assert isinstance(action, Play)
        value, kind = score_play(view, action.card)
        if best is None or value > best[0]:
            best = (value, action, kind)
    assert best is not None
    return best[1], best[2]


def rollout(state: PentagrammiState) -> None:
    """Play ``state`` to the end of its deal with the heuristic at every seat.

    The very moves :func:`~pakka.bots.base.play_to_deal_end` makes with
    :class:`PentagrammiPolicy`, about twice as fast: each seat's view is read straight from
    the state (:meth:`_View.of_state`, nothing hidden) instead of building its observation.
    """
    start = state.deal_no
    while state.phase == "pass":  # a candidate pass: the others still pass
        for seat in sorted(state.to_act()):
            legal = state.legal_actions(seat)
            action = (
                legal[0] if len(legal) == 1 else choose_pass(_View.of_state(state, seat), legal)
            )
            state.apply_unchecked(seat, action)
    while state.phase == "play" and state.deal_no == start:
        seat = state.turn
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            state.apply_unchecked(seat, choose_play(_View.of_state(state, seat), legal)[0])
        else:
            state.apply_unchecked(seat, legal[0])


class PentagrammiPolicy:
    """The ``normal`` bot and the search bots' rollout policy."""

    def choose(self, obs: PentagrammiView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        view = _View(obs)
        if obs.phase == "pass":
            return choose_pass(view, legal)
        return choose_play(view, legal)[0]

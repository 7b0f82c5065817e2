"""Norlanninnakki heuristic: count your sure tricks, buy for trumps and aces, stay out of the forest.

Every trick is a point off your score, and a committed player without a trick goes to the
forest (+5, capped at 10, and a chip).  So a good player

* rates a hand by its likely tricks: trumps by how many higher trumps are still out,
  side aces, kings guarded by their ace; knocks (or comes in) when the expected tricks
  outweigh the chance of none times what the forest would cost *at his score* (at 10
  points the forest costs only a chip, near zero it costs five points);
* comes in to stop a lone knocker taking all five tricks, and to fight a player who is
  about to go out;
* buys by keeping trumps, aces and guarded kings and throwing low side cards (never the
  trump ace; the dealer's forced discard is his worst card);
* plays each card for its chance to win the trick now (counting every card seen and the
  voids shown) against what it is worth later, spending high cards only when they are
  likely to hold, and all-out when he still needs his first trick.

``value`` scores the end of a deal for the search bot: lower sheet scores are better,
forest strokes cost a chip, and winning (or losing) the match counts most.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import Any

from pakka.bots.kit import BotKit, ReviewScale
from pakka.bots.search import Budget, PimcBot
from pakka.cards import ACE, KING, Card, deck_52
from pakka.engine import Action, State
from pakka.games.norlanninnakki import (
    FOREST_POINTS,
    START_SCORE,
    TRICKS,
    Bid,
    Discard,
    NorlanninnakkiTrickWon,
    NorlanninnakkiView,
    Play,
)
from pakka.i18n import t

_DECK = tuple(deck_52())
KEEP_THRESHOLD = 0.2
"""A card worth less than this (in expected tricks) is thrown when buying: a fresh card
from the stock is worth about that much on average."""


class _View:
    """What the heuristic reads from a view, worked out once."""

    def __init__(self, obs: NorlanninnakkiView) -> None:
        assert obs.seat is not None, "a spectator does not play"
        self.obs = obs
        self.seat: int = obs.seat
        table = obs.table
        self.table = table
        self.trump: str = table.trump
        self.turned = table.turned
        self.dealer: int = table.dealer
        hand = list(obs.hand or ())
        if self.seat == self.dealer and table.turned_held:
            hand.append(self.turned)
        self.hand = hand
        self.players = obs.players
        self.n: int = obs.players_count
        self.scores = obs.scores
        self.trick: list[tuple[int | None, Card]] = [(p.seat, p.card) for p in table.trick]
        self.history = [
            list(zip(e.played_by, e.cards, strict=True))
            for e in obs.history
            if isinstance(e, NorlanninnakkiTrickWon)
        ]
        # cards by (suit, rank): equal cards are equal keys, without Card.__hash__ calls
        known = {(c.suit, c.rank) for c in hand}
        known.update((c.suit, c.rank) for c in table.my_discards or ())
        for plays in self.history:
            known.update((c.suit, c.rank) for _, c in plays)
        known.update((c.suit, c.rank) for _, c in self.trick)
        if table.turned_held or table.turned_discarded:
            known.add((self.turned.suit, self.turned.rank))
        self.unseen = [c for c in _DECK if (c.suit, c.rank) not in known]
        self.voids: list[set[str]] = [set() for _ in range(self.n)]
        for plays in [*self.history, self.trick]:
            if not plays:
                continue
            led = plays[0][1].suit
            for s, c in plays[1:]:
                if c.suit != led and s is not None:
                    self.voids[s].add(led)
        # how many hidden cards each other seat holds (a share of the unseen cards)
        self.hidden = [
            0 if s == self.seat else p.cards - (1 if s == self.dealer and table.turned_held else 0)
            for s, p in enumerate(self.players)
        ]
        if self.seat != self.dealer and table.turned_held:
            # the dealer's face-up trump is known to be his
            self.dealer_turned: Card | None = self.turned
        else:
            self.dealer_turned = None

    def active(self) -> list[int]:
        act = [s for s, p in enumerate(self.players) if p.active]
        return act or list(range(self.n))

    def later(self) -> list[int]:
        """Active seats still to play to the current trick after this seat."""
        act = self.active()
        played = {s for s, _ in self.trick} | {self.seat}
        return [s for s in act if s not in played]

    def holds_prob(self, seat: int) -> float:
        """Chance that a given unseen card is in ``seat``'s hand."""
        return self.hidden[seat] / max(1, len(self.unseen))


# --- rating cards ---------------------------------------------------------------------------


def card_worth(
    card: Card, hand: Sequence[Card], trump: str, gone: Iterable[Card], players: int
) -> float:
    """Expected tricks a card of ``hand`` takes, before any play (``gone``: cards out of play)."""
    suit = card.suit
    accounted = {c.rank for c in hand if c.suit == suit}
    accounted.update(c.rank for c in gone if c.suit == suit)
    # the higher cards of the suit that may still be out against it
    higher = sum(1 for r in range(card.rank + 1, ACE + 1) if r not in accounted)
    if suit == trump:
        trumps = sum(1 for c in hand if c.suit == trump)
        base = 0.95 - 0.28 * higher + (0.12 * (trumps - 2) if trumps >= 3 else 0.0)
        return max(0.1, min(0.97, base))
    crowd = 0.06 * (players - 3)
    if not higher:
        return 0.75 - crowd
    if higher == 1 and card.rank >= KING - 1:
        guarded = sum(1 for c in hand if c.suit == card.suit) >= 2
        return (0.4 if guarded else 0.3) - crowd
    return 0.03


def hand_worth(view: _View, cards: Sequence[Card]) -> tuple[float, float]:
    """(expected tricks, chance of none) for ``cards``, after a sensible buy."""
    gone: set[Card] = set()
    worths = [card_worth(c, cards, view.trump, gone, view.n) for c in cards]
    # cards we would throw are replaced by stock cards worth ~KEEP_THRESHOLD on average
    worths = [max(w, KEEP_THRESHOLD * 0.8) for w in worths]
    expected = sum(worths)
    none = 1.0
    for w in worths:
        none *= 1.0 - min(w, 0.97)
    return expected, none


def forest_cost(view: _View) -> float:
    """What going to the forest would cost this seat now (points plus a chip)."""
    score = view.scores[view.seat]
    points = min(FOREST_POINTS, START_SCORE - score)
    return max(0, points) + 1.0


def _in_value(view: _View) -> float:
    expected, none = hand_worth(view, view.hand)
    gain = expected * (1 + 1 / max(1, view.n - 1))
    return gain - none * (forest_cost(view) + 0.5)


def choose_bid(view: _View, legal: Sequence[Action]) -> tuple[Action, str]:
    bids = {a.bid: a for a in legal if isinstance(a, Bid)}
    ev = _in_value(view)
    if "knock" in bids:
        first = view.table.first_deal
        threshold = 0.3 if first else 0.6
        return (bids["knock"], "knock") if ev > threshold else (bids["lurk"], "lurk")
    # in / rest after someone's knock
    knocker = view.table.knocker
    bonus = 0.0
    if knocker is not None:
        seat = view.seat
        n = view.n
        after = [(seat + i) % n for i in range(1, n)]
        undecided = []
        for s in after:
            if s == knocker:
                break
            undecided.append(s)
        others_in = any(p.active for s, p in enumerate(view.players) if s not in (knocker, seat))
        lone = view.obs.options.lone_knocker
        if not undecided and not others_in and lone != "redeal":
            steal = TRICKS if lone == "takes_all" else 1
            bonus += 0.5 * steal * (2.0 if view.scores[knocker] <= steal else 1.0)
        if view.scores[knocker] <= 3:
            bonus += 0.8
    if ev + bonus > 0:
        return bids["in"], "in"
    return bids["rest"], "rest"


def choose_discard(view: _View, legal: Sequence[Action]) -> tuple[Action, str]:
    hand = view.hand
    worth = {c: card_worth(c, hand, view.trump, set(), view.n) for c in hand}
    trump_ace = Card(view.trump, ACE)
    throw = [c for c in hand if worth[c] < KEEP_THRESHOLD and c != trump_ace]
    if view.seat == view.dealer and not throw:
        spare = [c for c in hand if c != trump_ace] or list(hand)
        throw = [min(spare, key=lambda c: (worth[c], c.rank))]
    wanted = tuple(sorted(throw, key=Card.sort_key))
    for action in legal:
        if isinstance(action, Discard) and action.cards == wanted:
            return action, "discard"
    return legal[0], "discard"


def _beats(card: Card, best: Card, trump: str) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump


def _win_chance(view: _View, card: Card) -> float:
    """Chance that ``card`` wins the current trick (played now, by this seat)."""
    trump = view.trump
    if view.trick:
        led = view.trick[0][1].suit
        best = view.trick[0][1]
        for _, c in view.trick[1:]:
            if _beats(c, best, trump):
                best = c
        if not _beats(card, best, trump):
            return 0.0
    else:
        led = card.suit
    if card.suit != led and card.suit != trump:
        return 0.0
    chance = 1.0
    unseen = view.unseen
    suit_out = sum(1 for c in unseen if c.suit == led)
    for s in view.later():
        q = view.holds_prob(s)
        higher = sum(1 for c in unseen if c.suit == card.suit and c.rank > card.rank)
        if view.dealer_turned is not None and s == view.dealer:
            dt = view.dealer_turned
            if (
                dt.suit == card.suit
                and dt.rank > card.rank
                and (card.suit == led or card.suit == trump)
            ):
                chance *= 0.05
        if card.suit == led and led in view.voids[s]:
            higher = 0
        p_keep = (1 - q) ** higher
        if card.suit == led and led != trump:
            # may be void in the led suit and trump
            void = 1.0 if led in view.voids[s] else (1 - q) ** suit_out
            trumps_out = sum(1 for c in unseen if c.suit == trump)
            if trump in view.voids[s]:
                trumps_out = 0
            has_trump = 1 - (1 - q) ** trumps_out
            p_keep *= 1 - void * has_trump
        chance *= p_keep
    return chance


def _play_kind(p: float, urgent: bool) -> str:
    """Why a card is played: to escape the forest, to win the trick, or as a low card."""
    if urgent and p > 0.2:
        return "forest"
    return "win" if p >= 0.5 else "low"


def choose_play(view: _View, legal: Sequence[Action]) -> tuple[Action, str]:
    me = view.players[view.seat]
    tricks_left = TRICKS - len(view.history)
    urgent = me.obliged and me.tricks == 0
    weight = 1.0
    if urgent:
        weight = 1.0 + 2.5 / tricks_left
    if view.obs.options.exact_zero and view.scores[view.seat] - me.tricks <= 0:
        weight = -1.0
    hand = view.hand
    accounted = {(c.suit, c.rank) for c in view.unseen}
    accounted.update((c.suit, c.rank) for c in hand)
    gone = [c for c in _DECK if (c.suit, c.rank) not in accounted]
    best: tuple[float, int, Action, str] | None = None
    for i, action in enumerate(legal):
        assert isinstance(action, Play)
        card = action.card
        p = _win_chance(view, card)
        later = card_worth(card, hand, view.trump, gone, len(view.active()))
        value = weight * p - 0.6 * later - 0.001 * card.rank
        kind = _play_kind(p, urgent)
        if best is None or value > best[0]:
            best = (value, i, action, kind)
    assert best is not None
    return best[2], best[3]


class NorlanninnakkiPolicy:
    """The ``normal`` bot and the search bots' rollout policy."""

    def choose(
        self, obs: NorlanninnakkiView, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        return decide(obs, legal)[0]


def decide(obs: NorlanninnakkiView, legal: Sequence[Action]) -> tuple[Action, str]:
    """The heuristic's action and a reason key."""
    view = _View(obs)
    phase = obs.phase
    if phase in ("bid", "declare"):
        return choose_bid(view, legal)
    if phase == "buy":
        return choose_discard(view, legal)
    return choose_play(view, legal)


BUDGET = Budget(worlds=12, max_candidates=5)
"""A rollout plays out a five-trick deal (about 2 ms).  Twelve worlds over the heuristic's
five favourite actions keep a ``hard`` decision (the dealer's buy, whose rollouts play the
whole deal, is the slowest) well under half a second on one core."""


def ranked_actions(obs: NorlanninnakkiView, legal: Sequence[Action]) -> list[Action]:
    """The legal actions, the heuristic's choice first, then the nearest alternatives.

    A buy has up to 63 choices: the alternatives are ranked by how far they stray from the
    heuristic's discard (the worth of each card thrown or kept differently, measured from
    the keep threshold), so the search weighs "also throw this card" or "keep that one"
    rather than random discards.
    """
    first, _ = decide(obs, legal)
    rest = [a for a in legal if a != first]
    if obs.phase == "buy" and isinstance(first, Discard):
        view = _View(obs)
        hand = view.hand
        worth = {c: card_worth(c, hand, view.trump, set(), view.n) for c in hand}
        wanted = set(first.cards)

        def stray(action: Action) -> float:
            thrown = set(action.cards) if isinstance(action, Discard) else set()
            # fsum: the same total in any order (set order follows the hash seed)
            return math.fsum(abs(worth[c] - KEEP_THRESHOLD) for c in thrown ^ wanted)

        rest.sort(key=stray)
    return [first, *rest]


class NorlanninnakkiSearch(PimcBot):
    """PIMC over the heuristic's favourite actions only (the kit's search class)."""

    def candidates(self, obs: NorlanninnakkiView, legal: Sequence[Action]) -> list[Action]:
        return ranked_actions(obs, legal)[: self.budget.max_candidates]


def value(state: State[Any, Any], seat: int) -> float:
    """Deal-end value for ``seat``: the others' mean score minus its own (lower is better),
    a chip per forest stroke, and the match result when it has ended."""
    obs: NorlanninnakkiView = state.view(None)
    scores = obs.scores
    n = len(scores)
    others = [s for i, s in enumerate(scores) if i != seat]
    v = sum(others) / (n - 1) - scores[seat]
    v -= 1.0 * obs.players[seat].forests
    result = obs.result
    if result is not None:
        v += 10.0 if seat in result.winners else -3.0
    return float(v)


def explain(obs: NorlanninnakkiView, action: Action, lang: str = "en") -> str:
    """One line on why ``action`` is a good move here."""
    view = _View(obs)
    if isinstance(action, Bid):
        expected, _ = hand_worth(view, view.hand)
        return t(f"nk_hint_{action.bid}", lang, tricks=f"{expected:.1f}")
    if isinstance(action, Discard):
        if not action.cards:
            return t("nk_hint_keep", lang)
        return t("nk_hint_discard", lang, cards=" ".join(c.pretty() for c in action.cards))
    if isinstance(action, Play):
        me = view.players[view.seat]
        urgent = me.obliged and me.tricks == 0
        kind = _play_kind(_win_chance(view, action.card), urgent)
        return t(f"nk_hint_{kind}", lang, card=action.card.pretty())
    return t("hint_generic", lang)


KIT = BotKit(
    policy=NorlanninnakkiPolicy(),
    value=value,
    explain=explain,
    budget=BUDGET,
    search=NorlanninnakkiSearch,
    # a point a trick (lower is better; the value is turned round)
    review=ReviewScale(inaccuracy=0.4, mistake=1.0, worlds=48),
)

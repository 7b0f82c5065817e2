"""Pentagrammi: a five-player trick game played "in the shape of a pentagram".

Sources: the Finnish rule text ``shared/seeds/001_36bf4d68ffe3189c.txt`` (Kalle Marjola,
Tommi Nirha and Daniel Davis, 2004) and the specification with our rulings,
``shared/rules/pentagrammi.md`` (rules P1-P12, rulings P-1..P-13).  The players' version is
``docs/rules/pentagrammi.md`` (English) and ``docs/rules/pentagrammi.fi.md`` (Finnish).

The game in one paragraph: 55 cards (52 + 3 jokers), 11 each.  Everyone passes one card to
each seat neighbour, blind and at the same time.  Play goes two seats on (``s -> s+2``), so a
trick led by ``L`` is played ``L, L+2, L+4, L+1, L+3``.  Follow suit (a joker always counts as
the led suit, so it is always legal); spades are always trumps; jokers never win.  The
trick's winner ``W`` and the seats two places away (``W+2``, ``W-2``) each score a point.

Rulings (from the rules file unless marked *ours*):

* P-1 a match is ``deals`` deals (default 5, everyone deals once); points accumulate; a tied
  total is broken by P11 on the cards of the **last** deal.
* P-4/P-7 the led suit is the suit of the first natural card; whoever plays before it is
  fixed may play anything.  P-5 a joker is always a legal follow; P-6 a joker is never a
  trump and never a spade for the tie-break.
* P-8 the tie-break compares the 11 cards each player played (``tiebreak_cards=
  "played_cards"``); ``"dealt_hand"`` compares the 11 cards dealt (before passing).
* P-9/P-10 a player with a card of the compared suit beats one without; every criterion
  is applied to the whole tied set.  The full ranking orders every seat by total, then by
  the P11 criteria (equivalent to comparing ``(spades, lowest heart, lowest diamond,
  lowest club)`` with a missing suit counting as higher than an ace).
* *Ours*: the first dealer is drawn from the match's chance stream (``chance(0)``), unless
  the option ``first_dealer`` names a seat.  Cards are dealt one at a time starting left of
  the dealer: card ``i`` of a stacked deck goes to seat ``dealer + 1 + i``.
* *Ours*: played cards are public (everyone saw them played; the seed's face-down piles are
  a scoring aid), so the observation lists every trick of the deal and each seat's cards.
* *Ours*: passing two jokers (when you hold two) is two different cards and allowed.
* *Ours*: ``deals`` is limited to 1-20 (so final scores are bounded: 0-220).

Encoding: ``Play(card)`` (``"S8"``, ``{"type": "play", "cards": ["S8"]}``) and
``PassCards(left, right)`` (``"left:S8 right:HK"``, ``{"type": "pass_cards", "cards":
["S8", "HK"]}`` = [to the left neighbour ``seat+1``, to the right neighbour ``seat-1``]).
Legal passes are every ordered pair of two physical cards, one action per pair of values
(so 110 for 11 different cards, 91 with two jokers); they are sorted by (left, right) in
:meth:`Card.sort_key` order, plays by the card.  A typed line ``"S8 HK"`` means left S8,
right HK.

Card locations: ``hand:s``; ``passing:s`` (the two cards a seat has passed, until everyone
has); ``trick`` (the current trick); ``played:s`` (cards ``s`` played to finished tricks of
this deal, public).

Observation: ``phase`` is ``pass``, ``play`` or ``over``; ``deal`` counts from 1; ``scores``
are match totals (this deal included).  ``players[s]``: ``cards`` (count), ``passed``,
``points`` (this deal), ``tricks`` (won this deal), ``played`` (in order), ``voids`` (suits
``s`` has shown out of).  ``table``: ``dealer``, ``leader``, ``turn``, ``led`` (suit letter
or null), ``trick`` (``[{"seat", "card"}]`` in play order), ``passing`` (``given``:
``{"to_left", "to_right"}`` and, after the exchange, ``received``: ``{"from_left",
"from_right"}``, both the viewer's own only), ``deals``, ``deal_points`` (per finished deal).
``history``: this deal's finished tricks, ``{"leader", "cards" (play order), "winner"}``.

Determinization redeals the unseen cards: plain rejection sampling (exactly uniform) while
it finds a deal that respects the voids within 20 tries, then a constrained deal that
places the most restricted cards first.  Passes the viewer did not see are drawn from the
receiver's cards.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from operator import itemgetter
from typing import Any, Literal

from pakka.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER,
    JOKER_SUIT,
    SPADES,
    SUIT_NAMES,
    SUITS,
    Card,
    deck_with_jokers,
    index_of,
    parse_card,
    parse_cards,
)
from pakka.engine import (
    JSON,
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    MatchResult,
    PlayCard,
    State,
    hand_json,
    register,
    shuffle,
)
from pakka.errors import NotationError, PakkaError

__all__ = [
    "PassCards",
    "PentagrammiGame",
    "PentagrammiOptions",
    "PentagrammiState",
    "Play",
    "led_suit",
    "legal_cards",
    "next_seat",
    "play_order",
    "rank_seats",
    "scoring_seats",
    "tiebreak_key",
    "tiebreak_winners",
    "trick_winner",
]

PLAYERS = 5
HAND = 11
TRICKS = 11
JOKERS = 3
MAX_DEALS = 20
_MISSING = 15
"""Tie-break value of a missing suit: worse than any rank (an ace is 14)."""

CardsLike = Iterable[Card | str] | str


# --- the rules as pure functions -----------------------------------------------------------


def next_seat(seat: int) -> int:
    """The seat that plays after ``seat``: two places on (P4).

    >>> next_seat(0), next_seat(3), next_seat(4)
    (2, 0, 1)
    """
    return (seat + 2) % PLAYERS


def play_order(leader: int) -> list[int]:
    """The seats in the order they play to a trick led by ``leader`` (P4.2).

    >>> play_order(0)
    [0, 2, 4, 1, 3]
    >>> play_order(3)
    [3, 0, 2, 4, 1]
    """
    return [(leader + 2 * i) % PLAYERS for i in range(PLAYERS)]


def scoring_seats(winner: int) -> tuple[int, int, int]:
    """The seats that score a point when ``winner`` takes a trick: W, W+2, W-2 (P9).

    >>> scoring_seats(0)
    (0, 2, 3)
    >>> scoring_seats(4)
    (4, 1, 2)
    """
    return (winner, (winner + 2) % PLAYERS, (winner + 3) % PLAYERS)


def led_suit(trick: CardsLike) -> str | None:
    """The led suit: the suit of the first natural card played (P6); ``None`` before it.

    >>> led_suit("JK JK H5 CK")
    'H'
    >>> led_suit("JK") is None
    True
    """
    for card in parse_cards(trick):
        if not card.is_joker:
            return card.suit
    return None


def legal_cards(hand: CardsLike, trick: CardsLike) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already played).

    Before the led suit is fixed (leading, or after only jokers) anything goes (P6.2,
    P-7).  Once it is fixed, a player holding a natural card of it must play that suit or a
    joker; otherwise any card (P7).  No obligation to trump, to play a joker or to head
    the trick.  The result holds each card value once, in :meth:`Card.sort_key` order.

    >>> legal_cards("D4 JK SA C2", "D9")
    [Card('D4'), Card('JK')]
    >>> legal_cards("JK SA C2", "D9")
    [Card('SA'), Card('C2'), Card('JK')]
    >>> legal_cards("D4 SA JK JK", "JK")
    [Card('SA'), Card('D4'), Card('JK')]
    """
    return _legal(sorted(parse_cards(hand), key=Card.sort_key), led_suit(trick))


def _legal(hand: Sequence[Card], led: str | None) -> list[Card]:
    """:func:`legal_cards` for a sorted hand and a known led suit (the engine's hot path)."""
    candidates: Sequence[Card] = hand
    if led is not None:
        follow = [c for c in hand if c.suit == led]
        if follow:
            candidates = [c for c in hand if c.suit == led or c.suit == JOKER_SUIT]
    out: list[Card] = []
    for card in candidates:
        if not out or out[-1] != card:
            out.append(card)
    return out


def trick_winner(cards: CardsLike) -> int:
    """The index (in playing order) of the card that wins a trick (P8).

    A spade wins a trick led in another suit (the highest spade); otherwise the highest
    card of the led suit.  A joker never wins.  Also works for a trick in progress
    (the card winning so far), provided a natural card has been played.

    >>> trick_winner("JK H5 HK S2 CA")
    3
    >>> trick_winner("S5 SK JK HA S2")
    1
    >>> trick_winner("JK JK JK H5 CK")
    3
    """
    played = parse_cards(cards)
    led = led_suit(played)
    if led is None:
        raise ValueError("a trick is won by a natural card; no natural card has been played")
    return _winner(played, led)


def _winner(cards: Sequence[Card], led: str) -> int:
    best = -1
    best_rank = -1
    trumped = False
    for i, card in enumerate(cards):
        if card.suit == SPADES and led != SPADES:
            if not trumped or card.rank > best_rank:
                best, best_rank, trumped = i, card.rank, True
        elif card.suit == led and not trumped and card.rank > best_rank:
            best, best_rank = i, card.rank
    return best


def tiebreak_key(cards: CardsLike) -> tuple[int, int, int, int]:
    """What P11 compares, lower is better: (spades, lowest heart, lowest diamond, lowest club).

    A missing suit counts as 15, worse than any card of it; jokers are nobody's suit.

    >>> tiebreak_key("S2 S3 H9 H4 C10 JK")
    (2, 4, 15, 10)
    """
    spades = 0
    lowest = {HEARTS: _MISSING, DIAMONDS: _MISSING, CLUBS: _MISSING}
    for card in parse_cards(cards):
        if card.suit == SPADES:
            spades += 1
        elif card.suit in lowest and card.rank < lowest[card.suit]:
            lowest[card.suit] = card.rank
    return (spades, lowest[HEARTS], lowest[DIAMONDS], lowest[CLUBS])


def tiebreak_winners(cards_by_seat: Mapping[int, CardsLike]) -> list[int]:
    """The P11 tie-break among tied seats: who is left after every criterion (sorted).

    Each step keeps only the seats best on it: fewest spades, then lowest heart (a seat
    with a heart beats one without; if nobody has one the step changes nothing), lowest
    diamond, lowest club.  Several seats left = a shared win.

    >>> tiebreak_winners({0: "S2 S3 H9", 2: "S4 HA", 3: "SA DK"})
    [2]
    >>> tiebreak_winners({1: "S2 CK", 4: "S3 C5 JK"})
    [4]
    >>> tiebreak_winners({0: "SA JK", 1: "S2 JK"})
    [0, 1]
    """
    keys = {seat: tiebreak_key(cards) for seat, cards in cards_by_seat.items()}
    left = sorted(keys)
    for step in range(4):
        best = min(keys[s][step] for s in left)
        left = [s for s in left if keys[s][step] == best]
    return left


def rank_seats(scores: Sequence[float], cards_by_seat: Sequence[CardsLike]) -> tuple[int, ...]:
    """Final places (1 = winner): by total, ties broken by P11 on each seat's cards.

    Seats still equal after every criterion share a place (competition ranking).

    >>> rank_seats([11, 0, 11, 11, 0], ["S2 S3", "H2", "S4 H3", "S5 H4", "H5"])
    (3, 4, 1, 2, 5)
    """
    keys = [tiebreak_key(cards) for cards in cards_by_seat]
    order = [(-scores[s], keys[s]) for s in range(len(scores))]
    return tuple(1 + sum(other < mine for other in order) for mine in order)


# --- actions ---------------------------------------------------------------------------------


Play = PlayCard
"""A one-card play (the engine's shared action)."""


@dataclass(frozen=True, slots=True)
class PassCards(Action):
    """Pass ``left`` to the left neighbour (seat+1) and ``right`` to the right one (seat-1)."""

    type = "pass_cards"
    left: Card
    right: Card

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.left, self.right)

    def __str__(self) -> str:
        return f"left:{self.left} right:{self.right}"

    def to_json(self) -> JSON:
        return {"type": "pass_cards", "cards": [str(self.left), str(self.right)]}


_DECK = tuple(deck_with_jokers(JOKERS))
"""The pack in :meth:`Card.sort_key` order, built once: every deal deals these objects."""
_PLAY: dict[Card, Play] = {c: Play(c) for c in _DECK[: -JOKERS + 1]}
_ORDERED = sorted(_PLAY, key=Card.sort_key)
_VALUES = len(_ORDERED)
_ID = {c: i for i, c in enumerate(_ORDERED)}
"""Each card value's place in :meth:`Card.sort_key` order (the joker last)."""
_PASS = [PassCards(a, b) for a in _ORDERED for b in _ORDERED]
"""Every pass action by ``id(left) * _VALUES + id(right)``, built once."""
_PASS_ROWS = [_PASS[a * _VALUES : (a + 1) * _VALUES] for a in range(_VALUES)]
"""The pass actions by ``[id(left)][id(right)]``."""
_TO_ACT = [frozenset((s,)) for s in range(PLAYERS)]

# Tables by ``[card.suit][card.rank]``: the hot paths read a card's action, place and
# notation without hashing or comparing ``Card`` dataclasses (Python-level calls).
_PLAY_OF: dict[str, list[Play]] = {}
_ID_OF: dict[str, list[int]] = {}
_NAME: dict[str, list[str]] = {}
for _card, _i in _ID.items():
    _PLAY_OF.setdefault(_card.suit, [_PLAY[_card]] * 15)[_card.rank] = _PLAY[_card]
    _ID_OF.setdefault(_card.suit, [0] * 15)[_card.rank] = _i
    _NAME.setdefault(_card.suit, [""] * 15)[_card.rank] = str(_card)


_SUIT_BASE = {SPADES: 0, HEARTS: 16, DIAMONDS: 32, CLUBS: 48, JOKER_SUIT: 64}


def _sort_key(card: Card) -> int:
    """:meth:`Card.sort_key` as one int (same order, cheaper)."""
    return _SUIT_BASE[card.suit] + card.rank


_PLAY_BY_ID = {id(c): _PLAY_OF[c.suit][c.rank] for c in _DECK}
"""The play of each dealt card object by identity (they live as long as the module)."""


# --- options ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PentagrammiOptions:
    """Variant flags (``shared/rules/pentagrammi.md``)."""

    deals: int = 5
    """Deals in a match (P12); 5 lets everyone deal once, 1 is the single-deal game."""
    tiebreak_cards: Literal["played_cards", "dealt_hand"] = "played_cards"
    """Which 11 cards the P11 tie-break compares (P-8)."""
    first_dealer: int | None = None
    """Seat of the first dealer; ``None`` draws it at random from the match seed."""

    def __post_init__(self) -> None:
        if isinstance(self.deals, bool) or not isinstance(self.deals, int):
            raise TypeError(f"deals must be a whole number, not {self.deals!r}")
        if not 1 <= self.deals <= MAX_DEALS:
            raise ValueError(f"deals must be 1-{MAX_DEALS}, not {self.deals}")
        if self.tiebreak_cards not in ("played_cards", "dealt_hand"):
            raise ValueError(
                f"tiebreak_cards must be played_cards or dealt_hand, not {self.tiebreak_cards!r}"
            )
        fd = self.first_dealer
        if fd is not None and (
            isinstance(fd, bool) or not isinstance(fd, int) or not 0 <= fd < PLAYERS
        ):
            raise ValueError(f"first_dealer must be a seat 0-{PLAYERS - 1} or None, not {fd!r}")


# --- the state -------------------------------------------------------------------------------


class PentagrammiState(State):
    """A Pentagrammi match.  Phases: ``pass`` (simultaneous), ``play``, ``over``."""

    dealer: int
    deal_no: int
    scores: list[int]
    deal_points: list[list[int]]
    phase: str
    hands: list[list[Card]]
    passing: list[list[Card]]
    given: list[tuple[Card, Card] | None]
    leader: int
    turn: int
    trick: list[Card]
    led: str | None
    played: list[list[Card]]
    tricks: list[tuple[int, tuple[Card, ...], int]]
    voids: list[str]
    points: list[int]

    def __init__(
        self, game: Game, players: int, options: Any, seed: int, deck: list[Card] | None
    ) -> None:
        super().__init__(game, players, options, seed, deck)
        fd = options.first_dealer
        self.dealer = self.chance(0).randrange(PLAYERS) if fd is None else fd
        self.deal_no = 0
        self.scores = [0] * PLAYERS
        self.deal_points = []
        self._start_deal(deck)

    def _start_deal(self, deck: list[Card] | None) -> None:
        first = self.dealer + 1
        hands: list[list[Card]] = [[]] * PLAYERS
        if deck is None:
            # Shuffling positions draws exactly what shuffling the pack (which is in
            # ``_DECK`` order) would, and a hand sorts as plain ints.
            order = list(range(len(_DECK)))
            shuffle(order, self.chance(self.deal_no + 1))
            for j in range(PLAYERS):
                hands[(first + j) % PLAYERS] = [_DECK[i] for i in sorted(order[j::PLAYERS])]
        else:
            for j in range(PLAYERS):
                hands[(first + j) % PLAYERS] = sorted(deck[j::PLAYERS], key=Card.sort_key)
        self.hands = hands
        self.phase = "pass"
        self.passing = [[] for _ in range(PLAYERS)]
        self.given = [None] * PLAYERS
        self.leader = self.turn = self.dealer
        self.trick = []
        self.led = None
        self.played = [[] for _ in range(PLAYERS)]
        self.tricks = []
        self.voids = [""] * PLAYERS
        self.points = [0] * PLAYERS

    # --- whose turn, what is legal -------------------------------------------------------------

    def _to_act(self) -> frozenset[int]:
        if self.phase == "play":
            return _TO_ACT[self.turn]
        return frozenset(s for s in range(PLAYERS) if not self.passing[s])

    def _legal_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if self.phase == "play":
            led = self.led
            if led is not None:
                follow = [c for c in hand if c.suit == led or c.suit == JOKER_SUIT]
                if follow and follow[0].suit == led:  # the hand is sorted: jokers last
                    hand = follow
            try:
                out: list[Action] = list(map(_PLAY_BY_ID.__getitem__, map(id, hand)))
            except KeyError:  # cards from elsewhere (a stacked deck, a determinization)
                out = [_PLAY_OF[c.suit][c.rank] for c in hand]
            while len(out) > 1 and out[-1] is out[-2]:  # a second joker (jokers sort last)
                out.pop()
            return out
        ids = sorted({_ID_OF[c.suit][c.rank] for c in hand})
        # every ordered pair of two values, in (left, right) order; two of the same value
        # only for the joker held twice (the last id, so its pair comes last)
        double = len(ids) < len(hand)
        if len(ids) < 2:
            return [_PASS[ids[0] * _VALUES + ids[0]]] if double else []
        pick = itemgetter(*ids)
        last = len(ids) - 1
        out = []
        for i, a in enumerate(ids):
            row = pick(_PASS_ROWS[a])  # (a, b) for every b in ids
            if double and i == last:
                out += row
            else:
                out += row[:i]
                out += row[i + 1 :]
        return out

    def is_legal(self, seat: int, action: Action) -> bool:
        if isinstance(action, Play):
            return self.phase == "play" and action.card in _legal(self.hands[seat], self.led)
        if isinstance(action, PassCards):
            if self.phase != "pass" or self.passing[seat]:
                return False
            hand = self.hands[seat]
            if action.left == action.right:
                return hand.count(action.left) > 1
            return action.left in hand and action.right in hand
        return False

    def _illegal_reason(self, seat: int, action: Action) -> str:
        hand = self.hands[seat]
        if self.phase == "pass":
            if not isinstance(action, PassCards):
                return (
                    "first everyone passes: give one card to your left neighbour "
                    f"(seat {(seat + 1) % PLAYERS}) and one to your right neighbour "
                    f"(seat {(seat - 1) % PLAYERS}), e.g. left:{hand[0]} right:{hand[-1]}"
                )
            missing = [c for c in (action.left, action.right) if c not in hand]
            if missing:
                return f"you do not hold {missing[0]}"
            return f"you hold only one {action.left}; pass two different cards"
        if not isinstance(action, Play):
            return "it is the play phase: play one card to the trick"
        if action.card not in hand:
            return f"you do not hold {action.card}"
        assert self.led is not None
        return f"must follow {SUIT_NAMES[self.led]} (or play a joker)"

    # --- applying ------------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Play):
            return self._apply_play(seat, action.card)
        assert isinstance(action, PassCards)
        return self._apply_pass(seat, action)

    def _apply_pass(self, seat: int, action: PassCards) -> list[Event]:
        hand = self.hands[seat]
        left = hand.pop(index_of(hand, action.left))
        right = hand.pop(index_of(hand, action.right))
        self.passing[seat] = [left, right]
        events = [
            Event("passed", {"seat": seat}),
            Event(
                "pass_cards",
                {
                    "seat": seat,
                    "left": _NAME[left.suit][left.rank],
                    "right": _NAME[right.suit][right.rank],
                },
                _TO_ACT[seat],
            ),
        ]
        if all(self.passing):
            events += self._exchange()
        return events

    def _exchange(self) -> list[Event]:
        """Everyone has passed: the cards change hands (P3.3)."""
        events = []
        for giver in range(PLAYERS):
            left, right = self.passing[giver]
            self.given[giver] = (left, right)
            for card, to in ((left, (giver + 1) % PLAYERS), (right, (giver - 1) % PLAYERS)):
                self.hands[to].append(card)
                events.append(
                    Event(
                        "card_passed",
                        {"from": giver, "to": to, "card": _NAME[card.suit][card.rank]},
                        frozenset((giver, to)),
                    )
                )
        for hand in self.hands:
            hand.sort(key=_sort_key)
        self.passing = [[] for _ in range(PLAYERS)]
        self.phase = "play"
        events.append(Event("play_started", {"leader": self.leader}))
        return events

    def _apply_play(self, seat: int, wanted: Card) -> list[Event]:
        hand = self.hands[seat]
        card = hand.pop(index_of(hand, wanted))
        trick = self.trick
        trick.append(card)
        suit = card.suit
        if suit != JOKER_SUIT:
            led = self.led
            if led is None:
                self.led = suit
            elif suit != led and led not in self.voids[seat]:
                self.voids[seat] += led
        event = Event("play", {"seat": seat, "card": _NAME[suit][card.rank]})
        if len(trick) < PLAYERS:
            self.turn = (seat + 2) % PLAYERS
            return [event]
        return [event, *self._finish_trick()]

    def _finish_trick(self) -> list[Event]:
        assert self.led is not None
        leader = self.leader
        winner = (leader + 2 * _winner(self.trick, self.led)) % PLAYERS
        scorers = scoring_seats(winner)
        for s in scorers:
            self.points[s] += 1
            self.scores[s] += 1
        for i, card in enumerate(self.trick):
            self.played[(leader + 2 * i) % PLAYERS].append(card)
        self.tricks.append((leader, tuple(self.trick), winner))
        events = [
            Event(
                "trick_won",
                {
                    "winner": winner,
                    "cards": [_NAME[c.suit][c.rank] for c in self.trick],
                    "scorers": list(scorers),
                },
            )
        ]
        self.trick = []
        self.led = None
        self.leader = self.turn = winner
        if len(self.tricks) == TRICKS:
            events += self._finish_deal()
        return events

    def _finish_deal(self) -> list[Event]:
        self.deal_points.append(list(self.points))
        self.deal_no += 1
        events = [Event("deal_scored", {"points": list(self.points), "scores": list(self.scores)})]
        if self.deal_no >= self.options.deals:
            self.phase = "over"
            events.append(Event("match_over", self._result().to_json()))
        else:
            self.dealer = (self.dealer + 1) % PLAYERS
            self._start_deal(None)
            events.append(Event("deal_started", {"deal": self.deal_no + 1, "dealer": self.dealer}))
        return events

    # --- reading the state ---------------------------------------------------------------------

    def received(self, seat: int) -> tuple[Card, Card] | None:
        """The cards ``seat`` received: (from the left neighbour, from the right neighbour)."""
        from_left = self.given[(seat + 1) % PLAYERS]
        from_right = self.given[(seat - 1) % PLAYERS]
        if from_left is None or from_right is None:
            return None
        return (from_left[1], from_right[0])

    def dealt_hand(self, seat: int) -> list[Card]:
        """The 11 cards ``seat`` was dealt this deal (once the exchange is done)."""
        given, got = self.given[seat], self.received(seat)
        if given is None or got is None:
            return sorted([*self.hands[seat], *self.passing[seat]], key=Card.sort_key)
        cards = Counter([*self.hands[seat], *self.played[seat], *self.trick_cards(seat)])
        cards -= Counter(got)
        cards += Counter(given)
        return sorted(cards.elements(), key=Card.sort_key)

    def deal_number(self) -> int:
        """The current deal, 0-based (the last one once the match is over)."""
        deals: int = self.options.deals
        return min(self.deal_no, deals - 1)

    def trick_cards(self, seat: int) -> list[Card]:
        """``seat``'s card in the current trick, if it has played one."""
        return [c for i, c in enumerate(self.trick) if (self.leader + 2 * i) % PLAYERS == seat]

    def tiebreak_cards(self, seat: int) -> list[Card]:
        """The cards P11 compares for ``seat`` (per the ``tiebreak_cards`` option)."""
        if self.options.tiebreak_cards == "dealt_hand":
            return self.dealt_hand(seat)
        return list(self.played[seat])

    def _observation(self, seat: int | None) -> JSON:
        leader = self.leader
        passed = [self.phase != "pass" or bool(p) for p in self.passing]
        passing: JSON = {"given": None, "received": None}
        if seat is not None:
            mine = self.passing[seat] or self.given[seat]
            if mine:
                passing["given"] = {"to_left": str(mine[0]), "to_right": str(mine[1])}
            got = self.received(seat)
            if got is not None:
                passing["received"] = {"from_left": str(got[0]), "from_right": str(got[1])}
        return {
            "deal": min(self.deal_no + 1, self.options.deals),
            "phase": self.phase,
            "hand": None if seat is None else [str(c) for c in self.hands[seat]],
            "players": [
                {
                    "seat": s,
                    "cards": len(self.hands[s]),
                    "passed": passed[s],
                    "points": self.points[s],
                    "tricks": sum(1 for t in self.tricks if t[2] == s),
                    "played": [str(c) for c in self.played[s]],
                    "voids": list(self.voids[s]),
                }
                for s in range(PLAYERS)
            ],
            "table": {
                "dealer": self.dealer,
                "leader": leader,
                "turn": self.turn if self.phase == "play" else None,
                "led": self.led,
                "trick": [
                    {"seat": (leader + 2 * i) % PLAYERS, "card": str(c)}
                    for i, c in enumerate(self.trick)
                ],
                "passing": passing,
                "deals": self.options.deals,
                "deal_points": [list(p) for p in self.deal_points],
            },
            "scores": list(self.scores),
            "history": [
                {"leader": lead, "cards": [str(c) for c in cards], "winner": won}
                for lead, cards, won in self.tricks
            ],
        }

    def _is_over(self) -> bool:
        return self.phase == "over"

    def _result(self) -> MatchResult:
        cards = [self.tiebreak_cards(s) for s in range(PLAYERS)]
        details: JSON = {
            "deal_points": [list(p) for p in self.deal_points],
            "tiebreak_cards": self.options.tiebreak_cards,
            "tiebreak": [_describe_key(tiebreak_key(c)) for c in cards],
        }
        return MatchResult(tuple(self.scores), rank_seats(self.scores, cards), details)

    def _clone_into(self, new: State) -> None:
        assert isinstance(new, PentagrammiState)
        new.scores = list(self.scores)
        new.deal_points = list(self.deal_points)
        new.hands = [list(h) for h in self.hands]
        new.passing = [list(p) for p in self.passing]
        new.given = list(self.given)
        new.trick = list(self.trick)
        new.played = [list(p) for p in self.played]
        new.tricks = list(self.tricks)
        new.voids = list(self.voids)
        new.points = list(self.points)

    def full_state(self) -> JSON:
        return {
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "scores": list(self.scores),
            "deal_points": [list(p) for p in self.deal_points],
            "hands": [hand_json(h) for h in self.hands],
            "passing": [[str(c) for c in p] for p in self.passing],
            "given": [None if g is None else [str(g[0]), str(g[1])] for g in self.given],
            "leader": self.leader,
            "turn": self.turn,
            "trick": [str(c) for c in self.trick],
            "led": self.led,
            "played": [[str(c) for c in p] for p in self.played],
            "tricks": [[lead, [str(c) for c in cards], won] for lead, cards, won in self.tricks],
            "voids": list(self.voids),
            "points": list(self.points),
        }

    def card_locations(self) -> dict[str, list[Card]]:
        locs = {f"hand:{s}": list(h) for s, h in enumerate(self.hands)}
        locs |= {f"passing:{s}": list(p) for s, p in enumerate(self.passing) if p}
        locs |= {f"played:{s}": list(p) for s, p in enumerate(self.played)}
        locs["trick"] = list(self.trick)
        return locs

    def visible_locations(self, seat: int | None) -> set[str]:
        public = {"trick"} | {f"played:{s}" for s in range(PLAYERS)}
        if seat is None:
            return public
        return public | {f"hand:{seat}", f"passing:{seat}"}


def _describe_key(key: tuple[int, int, int, int]) -> JSON:
    def lowest(suit: str, rank: int) -> str | None:
        return None if rank == _MISSING else str(Card(suit, rank))

    return {
        "spades": key[0],
        "lowest_heart": lowest(HEARTS, key[1]),
        "lowest_diamond": lowest(DIAMONDS, key[2]),
        "lowest_club": lowest(CLUBS, key[3]),
    }


# --- the game --------------------------------------------------------------------------------

_PASS_TEXT = re.compile(r"(?:(left|right|l|r|vasen|oikea|v|o)\s*[:=]\s*)?(\S+)", re.IGNORECASE)
_LEFT_WORDS = {"left", "l", "vasen", "v"}


def _read_pass(text: str) -> tuple[Card, Card] | None:
    """``"S8 HK"`` (left, right) or ``"right:HK left:S8"``; ``None`` if it is not that."""
    parts = _PASS_TEXT.findall(text.replace(",", " "))
    if len(parts) != 2:
        return None
    try:
        cards = [parse_card(token) for _, token in parts]
    except NotationError:
        return None
    sides = [label.lower() in _LEFT_WORDS if label else None for label, _ in parts]
    if sides[0] is False or sides[1] is True:
        if sides[0] is True or sides[1] is False:
            return None
        return (cards[1], cards[0])
    return (cards[0], cards[1])


class PentagrammiGame(Game):
    info = GameInfo(
        name="pentagrammi",
        title="Pentagrammi",
        min_players=PLAYERS,
        max_players=PLAYERS,
        default_players=PLAYERS,
        simultaneous=True,
        hidden_information=True,
        has_chance=True,
        score_bounds=(0, TRICKS * MAX_DEALS),
        option_samples={"deals": (1, 2), "first_dealer": (3,)},
        option_help={
            "deals": "deals in a match (1-20, default 5 so everyone deals once); points add up",
            "tiebreak_cards": "played_cards: tied totals compare the 11 cards each played in "
            "the last deal; dealt_hand: the 11 cards each was dealt",
            "first_dealer": "seat of the first dealer (0-4); none draws one at random",
        },
        description="Five players, 52 cards and 3 jokers; play jumps two seats on, so every "
        "trick also scores for the winner's two 'opposites'. Spades are always trumps.",
    )
    Options = PentagrammiOptions

    def _new_state(self, players: int, options: Any, seed: int, deck: list[Card] | None) -> State:
        return PentagrammiState(self, players, options, seed, deck)

    def deck(self, players: int, options: Any) -> list[Card]:
        return list(_DECK)

    def action_from_json(self, data: Any) -> Action:
        if not isinstance(data, dict):
            raise IllegalAction(
                None, data, "an action is a JSON object with a 'type': play or pass_cards"
            )
        kind = data.get("type")
        if kind not in ("play", "pass_cards"):
            raise IllegalAction(None, data, "actions are play (one card) or pass_cards (two)")
        want = 1 if kind == "play" else 2
        tokens = data.get("cards")
        if (
            not isinstance(tokens, list)
            or len(tokens) != want
            or not all(isinstance(t, str) for t in tokens)
        ):
            shape = '["S8"]' if want == 1 else '["S8", "HK"] (to left, to right)'
            raise IllegalAction(None, data, f"{kind} takes 'cards': {shape}")
        try:
            cards = [parse_card(t) for t in tokens]
        except NotationError as exc:
            raise IllegalAction(None, data, str(exc)) from None
        for card in cards:
            if card.is_joker and card.rank != JOKER:
                raise IllegalAction(None, data, f"{card} is not in this pack; the joker is JK")
        if kind == "play":
            return _PLAY[cards[0]]
        return PassCards(cards[0], cards[1])

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        """As the base, plus passes typed as two cards (``"S8 HK"`` = left S8, right HK)
        and the rule's words when a typed card may not be played."""
        if isinstance(state, PentagrammiState) and seat in state.to_act():
            action: Action | None = None
            if state.phase == "pass" and (picked := _read_pass(text)) is not None:
                action = PassCards(*picked)
            elif state.phase == "play":
                try:
                    typed = parse_cards(text)
                except NotationError:
                    typed = []
                if len(typed) == 1:
                    action = Play(typed[0])
            if action is not None:
                if state.is_legal(seat, action):
                    return action
                raise IllegalAction(
                    seat, action, state._illegal_reason(seat, action), state.legal_actions(seat)
                )
        return super().parse_action(state, seat, text)

    def determinize(self, observation: JSON, rng: random.Random) -> State:
        return _determinize(self, observation, rng)


# --- determinization -------------------------------------------------------------------------


def _determinize(game: PentagrammiGame, obs: JSON, rng: random.Random) -> PentagrammiState:
    """A state consistent with ``obs``: the unseen cards dealt again at random.

    Respected: hand sizes, every card played, revealed voids (a natural card off the led
    suit; a joker reveals nothing), the cards the seat passed (in the receiver's hand unless
    played) and received.  Passes the seat never saw are drawn from the receiver's cards.
    """
    seat: int | None = obs["seat"]
    options = PentagrammiOptions(**obs["options"])
    state = object.__new__(PentagrammiState)
    State.__init__(state, game, PLAYERS, options, rng.randrange(2**63), None)
    state.log = None
    table = obs["table"]
    players = obs["players"]
    state.phase = obs["phase"]
    state.deal_no = obs["deal"] - 1 if state.phase != "over" else options.deals
    state.dealer = table["dealer"]
    state.leader = table["leader"]
    state.turn = table["turn"] if table["turn"] is not None else table["leader"]
    state.led = table["led"]
    state.scores = list(obs["scores"])
    state.deal_points = [list(p) for p in table["deal_points"]]
    state.points = [p["points"] for p in players]
    state.voids = ["".join(p["voids"]) for p in players]

    pool: dict[Card, list[Card]] = {}
    for card in game.deck(PLAYERS, options):
        pool.setdefault(card, []).append(card)

    def take(token: str | Card) -> Card:
        card = parse_card(token) if isinstance(token, str) else token
        try:
            return pool[card].pop()
        except (KeyError, IndexError):
            raise PakkaError(f"observation is inconsistent: too many {card}") from None

    state.played = [[take(c) for c in p["played"]] for p in players]
    state.trick = [take(t["card"]) for t in table["trick"]]
    state.tricks = []
    for entry in obs["history"]:
        cards = tuple(parse_cards(entry["cards"]))
        state.tricks.append((entry["leader"], cards, entry["winner"]))

    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    state.passing = [[] for _ in range(PLAYERS)]
    state.given = [None] * PLAYERS
    passing = table["passing"]
    need = [p["cards"] for p in players]
    pass_need = [0] * PLAYERS
    if state.phase == "pass":
        pass_need = [2 if p["passed"] else 0 for p in players]
    if seat is not None:
        hands[seat] = [take(c) for c in obs["hand"]]
        need[seat] = 0
        pass_need[seat] = 0
        mine = passing["given"]
        if state.phase == "pass" and mine is not None:
            state.passing[seat] = [take(mine["to_left"]), take(mine["to_right"])]
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
        _sample_passes(state, seat, passing["received"], rng)
    return state


def _pin_passes(
    state: PentagrammiState,
    seat: int,
    hands: list[list[Card]],
    need: list[int],
    mine: JSON,
    take: Callable[[str | Card], Card],
) -> None:
    """Record ``seat``'s own passes; the cards stay with the receivers unless played.

    A passed card the receiver has not shown (played) is in its hand.  For a joker that
    means: the receiver has played no joker yet (jokers are interchangeable).
    """
    left, right = parse_card(mine["to_left"]), parse_card(mine["to_right"])
    state.given[seat] = (left, right)
    for card, to in ((left, (seat + 1) % PLAYERS), (right, (seat - 1) % PLAYERS)):
        if card not in state.played[to] and card not in state.trick_cards(to):
            hands[to].append(take(card))
            need[to] -= 1


def _sample_passes(
    state: PentagrammiState, seat: int | None, got: JSON | None, rng: random.Random
) -> None:
    """Fill in every pass: the ones ``seat`` saw as they were, the others drawn from the
    cards each receiver holds or has played (whatever it received is among them)."""
    sides: list[list[Card | None]] = [[None, None] for _ in range(PLAYERS)]
    if seat is not None and got is not None:
        mine = state.given[seat]
        assert mine is not None
        sides[seat] = [mine[0], mine[1]]
        sides[(seat + 1) % PLAYERS][1] = parse_card(got["from_left"])
        sides[(seat - 1) % PLAYERS][0] = parse_card(got["from_right"])
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


GAME = register(PentagrammiGame())

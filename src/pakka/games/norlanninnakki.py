"""Norlanninnakki (Norrland knack): a Swedish trick game of knocking, buying and five tricks.

Rules source: ``shared/seeds/004_865bb30875c84ff3.txt`` (the Finnish seed) and
``shared/rules/norlanninnakki.md`` (the specification, rulings N-1 … N-18); the players'
version is ``docs/rules/norlanninnakki.md`` (Finnish: ``norlanninnakki.fi.md``).

Everyone starts at 10 points; every trick taken is one point off, and the first to reach 0
(or below) after a deal wins the game and the pot.  A deal: 3 cards each, a trump turned up
for the dealer, 2 more each; knock/lurk bidding (later deals: in/rest after the knock);
buying; five tricks (follow suit, no duty to trump or to head); a committed player without a
trick goes *to the forest* (+5 capped at 10, a chip to the pot, a stroke on the sheet).

Rulings beyond the specification (also in the players' docs under "Rulings"):

* Dealing is one card at a time, clockwise from forehand: three rounds, the trump card,
  then two rounds; the rest is the stock, whose top is the next card.  A stacked deck
  (``new_match(deck=...)``) is read in exactly this order.  With ``early_bidding`` the last
  two rounds are dealt after the bidding to every player, resting ones included, so a
  stacked deal does not depend on the bids.
* The first dealer is drawn from chance event 0 of the seed (also with a stacked deck) unless
  the option ``first_dealer`` names a seat; shuffles are chance events 1, 2, …
* A deal settled by ``lone_knocker = takes_all | takes_one`` counts as played: it is scored
  and the deal passes on.  ``redeal`` is a throw-in (same dealer, nothing scored).
* ``permissive_mode`` relaxes only the forced-trump rule (N9); following suit and the
  trump-ace lead stay strict.  A violator scores his tricks as usual and then goes to the
  forest (once per deal, however many violations).  With ``exact_zero`` the absolute value
  is taken after the forest.
* ``chips = false`` with a shared win: each loser's payment is split equally between the
  winners; with chips the pot is split equally (shares may be fractional).
* Forced trump looks at every player's score at the start of the deal, resting players'
  included.  After the last deal ``deal`` stays at that deal's number.

Encoding: the turned trump card lies face up while the dealer holds it; it is the card
location ``turned`` (public), so the dealer's ``hand`` in the observation lists only his
concealed cards and ``table.turned`` / ``table.turned_held`` complete it (``players[d].cards``
counts both).  Once discarded it is hidden in the dealer's discard pile
(``table.turned_discarded``).  Actions: ``Bid`` (``knock lurk in rest``), ``Discard`` (the
buy: any subset, legal actions ordered by size then card order) and ``Play``.

Observation (beyond the envelope): ``players[s]`` has ``cards bid declaration active obliged
discarded bought tricks forests violated``; ``table`` has ``dealer forehand first_deal
throw_ins trump turned turned_held turned_discarded dealt_all forced_trump
forced_trump_triggered knocker stock pot leader trick last_deal``; ``history`` lists this
deal's tricks (``plays`` with seat, card and violation mark, ``winner``); ``discards`` is the
seat's own face-down discards.  Final scores are the sheet (lower is better); the result's
details give ``pot``, ``chips_paid``, ``payments`` (who pays whom) and net ``chips``.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, combinations, repeat
from typing import Any, Literal

from pakka.cards import ACE, SUIT_NAMES, SUITS, Card, deck_52, index_of, parse_card, parse_cards
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
    ranks_from_scores,
    register,
    shuffle,
)
from pakka.errors import NotationError, PakkaError

__all__ = [
    "Bid",
    "Discard",
    "NorlanninnakkiGame",
    "NorlanninnakkiOptions",
    "NorlanninnakkiState",
    "Play",
    "legal_cards",
    "trick_winner",
]

START_SCORE = 10
"""Every player's score at the start of the game (N2.1)."""
FOREST_POINTS = 5
"""Points added for a visit to the forest, capped at :data:`START_SCORE` (N10.2)."""
TRICKS = 5
HAND = 5

ForcedTrump = Literal["lead", "lead_and_ruff"]


# --- pure rule functions ---------------------------------------------------------------


def trick_winner(cards: Sequence[Card | str], trump: str) -> int:
    """Index of the card that wins a trick; ``cards`` in playing order, ``trump`` a suit.

    The highest trump wins; without a trump, the highest card of the suit led (N8.4).

    >>> trick_winner(parse_cards("H10 HA H2"), "S")
    1
    >>> trick_winner(parse_cards("H10 HA S2"), "S")
    2
    >>> trick_winner(parse_cards("H10 DA C2"), "S")
    0
    """
    return _winner(parse_cards(cards), trump)


def _winner(played: Sequence[Card], trump: str) -> int:
    """:func:`trick_winner` on cards (the engine's hot path)."""
    best = 0
    top = played[0]
    for i in range(1, len(played)):
        card = played[i]
        if card.suit == top.suit:
            if card.rank > top.rank:
                best, top = i, card
        elif card.suit == trump:
            best, top = i, card
    return best


def legal_cards(
    hand: Iterable[Card | str],
    trick: Sequence[Card | str],
    trump: str,
    forced_trump: bool | ForcedTrump | None = None,
    *,
    must_lead_trump_ace: bool = False,
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (empty when leading), sorted.

    ``forced_trump`` says whether *pakkovaltti* (N9) is in force and how: ``None`` or
    ``False`` = not in force; ``True`` or ``"lead"`` = a leader holding a trump must lead
    one; ``"lead_and_ruff"`` = that, and a player who cannot follow suit must trump if able.
    ``must_lead_trump_ace`` is the trick-1 rule (N8.2): a leader holding the trump ace must
    lead it.  Otherwise: follow suit if able, else any card (no duty to trump or to head).

    >>> legal_cards("H2 HK S5 D9", ["H10"], "S")
    [Card('H2'), Card('HK')]
    >>> legal_cards("C2 S5 D9", ["H10"], "S")
    [Card('S5'), Card('D9'), Card('C2')]
    >>> legal_cards("C2 S5 D9", ["H10"], "S", "lead_and_ruff")
    [Card('S5')]
    >>> legal_cards("C2 S5 SA", [], "S", must_lead_trump_ace=True)
    [Card('SA')]
    >>> legal_cards("C2 S5 D9", [], "S", "lead")
    [Card('S5')]
    >>> legal_cards("C2 D9", [], "S", True)
    [Card('D9'), Card('C2')]
    """
    held = sorted(set(parse_cards(hand)), key=Card.sort_key)
    led = parse_cards(trick[:1])[0].suit if trick else None
    return _legal(held, led, trump, forced_trump, must_lead_trump_ace)


def _legal(
    held: list[Card],
    led: str | None,
    trump: str,
    forced_trump: bool | ForcedTrump | None,
    must_lead_trump_ace: bool,
) -> list[Card]:
    """:func:`legal_cards` on distinct cards and the led suit (``None`` when leading); the
    result keeps the order of ``held`` (the engine's hot path)."""
    if led is None:
        if must_lead_trump_ace:
            ace = [c for c in held if c.suit == trump and c.rank == ACE]
            if ace:
                return ace
        if forced_trump:
            trumps = [c for c in held if c.suit == trump]
            if trumps:
                return trumps
        return held
    follow = [c for c in held if c.suit == led]
    if follow:
        return follow
    if forced_trump == "lead_and_ruff":
        trumps = [c for c in held if c.suit == trump]
        if trumps:
            return trumps
    return held


# --- actions ---------------------------------------------------------------------------

BIDS = ("knock", "lurk", "in", "rest")


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """``knock`` / ``lurk`` in the bidding; ``in`` / ``rest`` after a knock in later deals."""

    type = "bid"
    bid: str

    def __str__(self) -> str:
        return self.bid

    def to_json(self) -> JSON:
        return {"type": "bid", "bid": self.bid}


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """The buy: put these cards away face down and draw replacements (the dealer one fewer)."""

    type = "discard"
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        # any order and notation in (``Discard("H2 S8")``), one canonical tuple out
        object.__setattr__(self, "cards", tuple(sorted(parse_cards(self.cards), key=Card.sort_key)))

    def __str__(self) -> str:
        return "discard " + (" ".join(map(str, self.cards)) if self.cards else "none")

    def to_json(self) -> JSON:
        return {"type": "discard", "cards": [str(c) for c in self.cards]}


Play = PlayCard
"""A one-card play (the engine's shared action)."""


_set_cards = Discard.__dict__["cards"].__set__  # the slot, past the frozen __setattr__


def _discard(cards: tuple[Card, ...]) -> Discard:
    """A ``Discard`` of cards already in canonical order, skipping the normalisation."""
    action = object.__new__(Discard)
    _set_cards(action, cards)
    return action


_BID = {b: Bid(b) for b in BIDS}
_KNOCK_LURK: list[Action] = [_BID["knock"], _BID["lurk"]]
_IN_REST: list[Action] = [_BID["in"], _BID["rest"]]
_DECK = tuple(deck_52())
"""The pack, built once: every deal deals these (immutable) objects."""
_PLAY = {c: Play(c) for c in _DECK}
_SUIT_BASE = {"S": 0, "H": 16, "D": 32, "C": 48}
_PLAY_BY_KEY: list[Play | None] = [None] * 64
"""The play of each card by ``_SUIT_BASE[suit] + rank``, an int in sort_key order."""
_NAME: dict[str, list[str]] = {s: [""] * 15 for s in SUITS}
for _card in _DECK:
    _PLAY_BY_KEY[_SUIT_BASE[_card.suit] + _card.rank] = _PLAY[_card]
    _NAME[_card.suit][_card.rank] = str(_card)
_SEAT: list[frozenset[int]] = [frozenset((s,)) for s in range(5)]
_KEY_OF_ID = {id(c): _SUIT_BASE[c.suit] + c.rank for c in _DECK}
"""Sort keys of the dealt card objects by identity (they live as long as the module)."""


_CARD_BY_KEY: dict[int, Card] = {_SUIT_BASE[c.suit] + c.rank: c for c in _DECK}
_SMALL_DISCARDS: dict[tuple[int, ...], Discard] = {
    keys: _discard(tuple(_CARD_BY_KEY[k] for k in keys))
    for size in range(3)
    for keys in combinations(sorted(_CARD_BY_KEY), size)
}
"""Every discard of at most two cards (1,379) by the ``_SUIT_BASE[suit] + rank`` keys."""


def _sort_key(card: Card) -> int:
    """:meth:`Card.sort_key` as one int (same order, cheaper)."""
    return _SUIT_BASE[card.suit] + card.rank


_BY_SUIT = {suit: frozenset(c for c in _DECK if c.suit == suit) for suit in SUITS}


# --- options ---------------------------------------------------------------------------


@dataclass(frozen=True)
class NorlanninnakkiOptions:
    """Variant flags (names as in the rules file's variant table); defaults = the seed."""

    forced_trump: ForcedTrump = "lead"
    """``lead``: under forced trump a leader must lead a trump if he holds one;
    ``lead_and_ruff``: also a player void in the led suit must trump if able."""
    forced_trump_sticky: bool = False
    """Once forced trump has been in force, keep it for the rest of the game."""
    lone_knocker: Literal["takes_all", "takes_one", "redeal"] = "takes_all"
    """When everyone else rests: the knocker is credited 5 tricks, 1 trick, or a redeal."""
    permissive_mode: bool = False
    """Forced-trump violations are allowed but send the violator to the forest."""
    early_bidding: bool = False
    """Bid after 3 cards and the trump; the last 2 cards each are dealt after the bidding."""
    exact_zero: bool = False
    """A negative score becomes positive after a deal; only exactly 0 wins."""
    chips: bool = True
    """``True``: 1-chip ante and 1 chip per forest, winner takes the pot; ``False``: losers
    pay the winner score + 5 × forests at the end."""
    first_dealer: int | None = None
    """Seat of the first dealer; ``None`` draws it from the seed."""

    def __post_init__(self) -> None:
        if self.forced_trump not in ("lead", "lead_and_ruff"):
            raise ValueError(
                f"forced_trump must be lead or lead_and_ruff, not {self.forced_trump!r}"
            )
        if self.lone_knocker not in ("takes_all", "takes_one", "redeal"):
            raise ValueError(
                f"lone_knocker must be takes_all, takes_one or redeal, not {self.lone_knocker!r}"
            )
        for name in (
            "forced_trump_sticky",
            "permissive_mode",
            "early_bidding",
            "exact_zero",
            "chips",
        ):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} is on or off (true/false), not {getattr(self, name)!r}")
        fd = self.first_dealer
        if fd is not None and (not isinstance(fd, int) or isinstance(fd, bool) or fd < 0):
            raise ValueError(f"first_dealer must be a seat number (0-4) or None, not {fd!r}")


# --- state -----------------------------------------------------------------------------

PlayRecord = tuple[int, Card, bool]
"""One card played to a trick: (seat, card, was it a forced-trump violation)."""


class NorlanninnakkiState(State):
    """A match: the score sheet, the pot and the deal in progress."""

    options: NorlanninnakkiOptions

    def __init__(
        self,
        game: Game,
        players: int,
        options: NorlanninnakkiOptions,
        seed: int,
        deck: list[Card] | None,
    ) -> None:
        super().__init__(game, players, options, seed, deck)
        n = players
        fd = options.first_dealer
        if fd is not None and fd >= n:
            raise PakkaError(f"first_dealer must be a seat 0-{n - 1}, not {fd}")
        self.dealer = self.chance(0).randrange(n) if fd is None else fd
        self.scores = [START_SCORE] * n
        self.forests = [0] * n
        self.deal_no = 1
        self.throw_ins = 0
        self.shuffles = 1
        self.forced_ever = False
        self.over = False
        self.last_deal: JSON | None = None
        self._start_deal(deck)

    # --- dealing -------------------------------------------------------------------------

    @property
    def pot(self) -> int:
        """Chips in the pot: the ante and one per forest visit (none with ``chips=false``)."""
        return sum(self._chips_paid(s) for s in range(self.players))

    def _chips_paid(self, seat: int) -> int:
        return 1 + self.forests[seat] if self.options.chips else 0

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % self.players

    @property
    def first_deal(self) -> bool:
        """No deal has been played yet (throw-ins keep this status, N5.1)."""
        return self.deal_no == 1

    def _start_deal(self, deck: list[Card] | None) -> None:
        n = self.players
        if deck is None:
            deck = list(_DECK)
            shuffle(deck, self.chance(self.shuffles))
        else:
            deck = list(deck)
        self.shuffles += 1
        self.forced = 1 in self.scores or (self.options.forced_trump_sticky and self.forced_ever)
        self.forced_ever = self.forced_ever or self.forced
        fh = self.forehand
        self.hands: list[list[Card]] = [[]] * n
        for j in range(n):  # three rounds: card i goes to seat fh + i
            self.hands[(fh + j) % n] = deck[j : 3 * n : n]
        self.turned: Card = deck[3 * n]
        self.turned_held = True
        self.stock: list[Card] = deck[3 * n + 1 :]
        self.dealt_all = False
        if not self.options.early_bidding:
            self._deal_rest()
        self.discards: list[list[Card]] = [[] for _ in range(n)]
        self.bids: list[str | None] = [None] * n
        self.declarations: list[str | None] = [None] * n
        self.knocker: int | None = None
        self.active = [False] * n
        self.obliged = [False] * n
        self.bought: list[int | None] = [None] * n
        self.buy_queue: list[int] = []
        self.trick: list[PlayRecord] = []
        self.leader = fh
        self.tricks = [0] * n
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.history: list[tuple[tuple[PlayRecord, ...], int]] = []
        self.violated = [False] * n
        self.phase = "bid"
        self.to_move = fh

    def _deal_rest(self) -> None:
        """The last two rounds of the deal, clockwise from forehand (N4.3)."""
        n, fh = self.players, self.forehand
        stock, hands = self.stock, self.hands
        for j in range(n):  # the card i of the rounds goes to seat fh + i
            hands[(fh + j) % n] += stock[j : 2 * n : n]
        del stock[: 2 * n]
        self.dealt_all = True

    def _holding(self, seat: int) -> list[Card]:
        """Every card ``seat`` holds, the face-up trump included for the dealer."""
        if seat == self.dealer and self.turned_held:
            return [*self.hands[seat], self.turned]
        return self.hands[seat]

    def _take(self, seat: int, card: Card) -> Card:
        """Remove ``card`` from what ``seat`` holds and return the physical card."""
        turned = self.turned
        if (
            seat == self.dealer
            and self.turned_held
            and card.rank == turned.rank
            and card.suit == turned.suit
        ):
            self.turned_held = False
            return turned
        hand = self.hands[seat]
        return hand.pop(index_of(hand, card))

    def _next_active(self, seat: int) -> int:
        n = self.players
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self.active[s]:
                return s
        raise AssertionError("no active player")

    # --- protocol hooks ------------------------------------------------------------------

    def _to_act(self) -> frozenset[int]:
        return _SEAT[self.to_move]

    def deal_number(self) -> int:
        """The current deal, 0-based (throw-ins keep the number, as in the observation)."""
        deal: int = self.deal_no
        return deal - 1

    def _is_over(self) -> bool:
        return self.over

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "play":
            cards = self._legal_play(seat, strict=False)
            try:
                keys = list(map(_KEY_OF_ID.__getitem__, map(id, cards)))
            except KeyError:  # cards from elsewhere (a stacked deck, a determinization)
                keys = [_SUIT_BASE[c.suit] + c.rank for c in cards]
            keys.sort()
            return list(map(_PLAY_BY_KEY.__getitem__, keys))  # type: ignore[arg-type]
        if phase == "bid":
            return list(_KNOCK_LURK)
        if phase == "declare":
            return list(_IN_REST)
        hand = sorted(self._holding(seat), key=_sort_key)
        lo, hi = (1, len(hand)) if seat == self.dealer else (0, len(hand))
        keys = [_SUIT_BASE[c.suit] + c.rank for c in hand]
        out: list[Action] = []
        for k in range(lo, min(hi, 2) + 1):  # the small discards, built once per process
            out += map(_SMALL_DISCARDS.__getitem__, combinations(keys, k))
        # the others: objects made and filled by C-level maps (no Python call per discard)
        big = list(chain.from_iterable(map(combinations, repeat(hand), range(max(lo, 3), hi + 1))))
        made = list(map(object.__new__, repeat(Discard, len(big))))
        deque(map(_set_cards, made, big), maxlen=0)
        out += made
        return out

    def _legal_play(self, seat: int, strict: bool) -> list[Card]:
        """Legal cards; ``strict=False`` drops the forced-trump rule in permissive mode."""
        forced: ForcedTrump | None = None
        if self.forced and (strict or not self.options.permissive_mode):
            forced = self.options.forced_trump
        trick = self.trick
        return _legal(
            self._holding(seat),
            trick[0][1].suit if trick else None,
            self.turned.suit,
            forced,
            not trick and not self.history,
        )

    def is_legal(self, seat: int, action: Action) -> bool:
        phase = self.phase
        if phase == "play":
            return isinstance(action, Play) and action.card in self._legal_play(seat, False)
        if phase in ("bid", "declare"):
            allowed = ("knock", "lurk") if phase == "bid" else ("in", "rest")
            return isinstance(action, Bid) and action.bid in allowed
        if not isinstance(action, Discard):
            return False
        cards = action.cards
        held = self._holding(seat)
        lo, hi = (1, len(held)) if seat == self.dealer else (0, len(held))
        return (
            lo <= len(cards) <= hi
            and len(set(cards)) == len(cards)
            and all(c in held for c in cards)
        )

    def _illegal_reason(self, seat: int, action: Action) -> str:
        phase = self.phase
        if phase == "bid":
            return "it is the bidding: knock or lurk"
        if phase == "declare":
            return "after the knock you declare in or rest"
        if phase == "buy":
            if not isinstance(action, Discard):
                return "it is the buying: discard the cards you want to replace"
            held = self._holding(seat)
            missing = [str(c) for c in action.cards if c not in held]
            if missing:
                return f"you do not hold {' '.join(missing)}"
            if len(set(action.cards)) != len(action.cards):
                return "a card can be discarded only once"
            if seat == self.dealer:
                return "the dealer must discard 1 to 6 cards and draws one fewer"
            return f"you may discard 0 to {len(held)} cards"
        if not isinstance(action, Play):
            return "it is the play: play a card"
        card = action.card
        held = self._holding(seat)
        if card not in held:
            return f"you do not hold {card}"
        trump = self.turned.suit
        if self.trick:
            led = self.trick[0][1].suit
            if any(c.suit == led for c in held):
                return f"must follow {SUIT_NAMES[led]}"
            return f"forced trump: a player void in {SUIT_NAMES[led]} must trump"
        if not self.history and Card(trump, ACE) in held:
            return f"the leader of the first trick must lead the trump ace {Card(trump, ACE)}"
        return f"forced trump: you must lead a trump ({SUIT_NAMES[trump]})"

    # --- applying ------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Play):
            return self._apply_play(seat, action.card)
        if isinstance(action, Discard):
            return self._apply_discard(seat, action.cards)
        assert isinstance(action, Bid)
        if self.phase == "bid":
            return self._apply_bid(seat, action.bid)
        return self._apply_declare(seat, action.bid)

    def _apply_bid(self, seat: int, bid: str) -> list[Event]:
        self.bids[seat] = bid
        events = [Event("bid", {"seat": seat, "bid": bid})]
        if bid == "lurk":
            nxt = (seat + 1) % self.players
            if nxt == self.forehand:
                return events + self._throw_in("everyone lurked")
            self.to_move = nxt
            return events
        self.knocker = seat
        self.active[seat] = True
        self.obliged[seat] = True
        if self.first_deal:
            self.active = [True] * self.players
            return events + self._begin_buy()
        self.phase = "declare"
        self.to_move = (seat + 1) % self.players
        return events

    def _apply_declare(self, seat: int, bid: str) -> list[Event]:
        self.declarations[seat] = bid
        if bid == "in":
            self.active[seat] = True
            self.obliged[seat] = True
        events = [Event("declare", {"seat": seat, "declare": bid})]
        nxt = (seat + 1) % self.players
        if nxt != self.knocker:
            self.to_move = nxt
            return events
        if sum(self.active) > 1:
            return events + self._begin_buy()
        return events + self._lone_knocker()

    def _lone_knocker(self) -> list[Event]:
        """Everyone else rests (N6.5): credit the knocker, or throw in."""
        knocker = self.knocker
        assert knocker is not None
        rule = self.options.lone_knocker
        if rule == "redeal":
            return self._throw_in("everyone rested")
        self.tricks[knocker] = TRICKS if rule == "takes_all" else 1
        event = Event("lone_knocker", {"seat": knocker, "tricks": self.tricks[knocker]})
        return [event, *self._score_deal(lone=True)]

    def _throw_in(self, why: str) -> list[Event]:
        """The cards are thrown in and the same dealer deals again (N5.3, N6.1)."""
        self.throw_ins += 1
        events = [Event("throw_in", {"dealer": self.dealer, "reason": why})]
        self._start_deal(None)
        return [*events, self._deal_event()]

    def _deal_event(self) -> Event:
        return Event(
            "deal",
            {
                "deal": self.deal_no,
                "dealer": self.dealer,
                "turned": str(self.turned),
                "forced_trump": self.forced,
            },
        )

    def _begin_buy(self) -> list[Event]:
        events = []
        if not self.dealt_all:
            self._deal_rest()
            events.append(Event("dealt", {"cards": HAND}))
        n, fh = self.players, self.forehand
        self.buy_queue = [s for s in ((fh + i) % n for i in range(n)) if self.active[s]]
        # N7.4: each buyer draws at most 5 (the dealer: 6 out, 5 in); 5n <= 52 - 5n - 1
        assert HAND * len(self.buy_queue) <= len(self.stock), "the stock would run out"
        self.phase = "buy"
        self.to_move = self.buy_queue[0]
        return events

    def _apply_discard(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        put = [self._take(seat, c) for c in cards]
        self.discards[seat] += put
        draw = len(put) - (1 if seat == self.dealer else 0)
        assert draw <= len(self.stock), "the stock cannot run out with at most five players"
        got = self.stock[:draw]
        del self.stock[:draw]
        self.hands[seat] += got
        self.bought[seat] = draw
        events = [
            Event("bought", {"seat": seat, "discarded": len(put), "bought": draw}),
            Event(
                "drew",
                {
                    "seat": seat,
                    "cards": [_NAME[c.suit][c.rank] for c in sorted(got, key=_sort_key)],
                },
                _SEAT[seat],
            ),
        ]
        self.buy_queue.pop(0)
        if self.buy_queue:
            self.to_move = self.buy_queue[0]
            return events
        self.phase = "play"
        self.leader = self._next_active(self.dealer)  # forehand or the first active after
        self.to_move = self.leader
        return events

    def _apply_play(self, seat: int, card: Card) -> list[Event]:
        violation = False
        if self.forced and self.options.permissive_mode:
            violation = card not in self._legal_play(seat, strict=True)
            self.violated[seat] = self.violated[seat] or violation
        played = self._take(seat, card)
        trick = self.trick
        trick.append((seat, played, violation))
        name = _NAME[played.suit][played.rank]
        events = [Event("play", {"seat": seat, "card": name, "violation": violation})]
        if len(trick) < sum(self.active):
            self.to_move = self._next_active(seat)
            return events
        cards = [c for _, c, _ in trick]
        winner = trick[_winner(cards, self.turned.suit)][0]
        self.won[winner] += cards
        self.tricks[winner] += 1
        self.history.append((tuple(trick), winner))
        self.trick = []
        names = [_NAME[c.suit][c.rank] for c in cards]
        events.append(Event("trick", {"winner": winner, "cards": names}))
        if len(self.history) < TRICKS:
            self.leader = self.to_move = winner
            return events
        return events + self._score_deal(lone=False)

    def _score_deal(self, lone: bool) -> list[Event]:
        """N10, then N11: the end of the game or the next deal."""
        before = list(self.scores)
        forest = []
        for s in range(self.players):
            if not self.active[s]:
                continue
            self.scores[s] -= self.tricks[s]
            if (self.obliged[s] and self.tricks[s] == 0) or self.violated[s]:
                forest.append(s)
                self.scores[s] = min(self.scores[s] + FOREST_POINTS, START_SCORE)
                self.forests[s] += 1
            if self.options.exact_zero:
                self.scores[s] = abs(self.scores[s])
        self.last_deal = {
            "deal": self.deal_no,
            "tricks": list(self.tricks),
            "forest": forest,
            "lone_knocker": lone,
            "change": [a - b for a, b in zip(self.scores, before, strict=True)],
        }
        events = [Event("deal_scored", {**self.last_deal, "scores": list(self.scores)})]
        if self.options.exact_zero:
            self.over = 0 in self.scores
        else:
            self.over = min(self.scores) <= 0
        if self.over:
            self.phase = "over"
            return [*events, Event("game_over", self._result().to_json())]
        self.deal_no += 1
        self.throw_ins = 0
        self.dealer = self.forehand
        self._start_deal(None)
        return [*events, self._deal_event()]

    # --- reading -------------------------------------------------------------------------

    def _result(self) -> MatchResult:
        scores = self.scores
        ranks = ranks_from_scores(scores, higher_is_better=False)
        winners = [s for s, r in enumerate(ranks) if r == 1]
        losers = [s for s in range(self.players) if s not in winners]
        payments: list[JSON] = []
        net = [0.0] * self.players
        if self.options.chips:
            share = self.pot / len(winners)
            for w in winners:
                payments.append({"from": "pot", "to": w, "chips": _num(share)})
                net[w] += share
            for s in range(self.players):
                net[s] -= self._chips_paid(s)
        else:
            for loser in losers:
                owed = scores[loser] + FOREST_POINTS * self.forests[loser]
                for w in winners:
                    part = owed / len(winners)
                    payments.append({"from": loser, "to": w, "chips": _num(part)})
                    net[w] += part
                    net[loser] -= part
        return MatchResult(
            tuple(scores),
            ranks,
            {
                "lower_is_better": True,
                "forests": list(self.forests),
                "pot": self.pot,
                "chips_paid": [self._chips_paid(s) for s in range(self.players)],
                "payments": payments,
                "chips": [_num(x) for x in net],
            },
        )

    def _plays_json(self, plays: Iterable[PlayRecord]) -> list[JSON]:
        """The cards of a trick in playing order, each marked if it broke forced trump."""
        return [{"seat": s, "card": str(c), "violation": v} for s, c, v in plays]

    def _observation(self, seat: int | None) -> JSON:
        n, dealer = self.players, self.dealer
        players = [
            {
                "seat": s,
                "cards": len(self.hands[s]) + (1 if s == dealer and self.turned_held else 0),
                "bid": self.bids[s],
                "declaration": self.declarations[s],
                "active": self.active[s],
                "obliged": self.obliged[s],
                "discarded": len(self.discards[s]),
                "bought": self.bought[s],
                "tricks": self.tricks[s],
                "forests": self.forests[s],
                "violated": self.violated[s],
            }
            for s in range(n)
        ]
        table = {
            "dealer": dealer,
            "forehand": self.forehand,
            "first_deal": self.first_deal,
            "throw_ins": self.throw_ins,
            "trump": self.turned.suit,
            "turned": str(self.turned),
            "turned_held": self.turned_held,
            "turned_discarded": self.turned in self.discards[dealer],
            "dealt_all": self.dealt_all,
            "forced_trump": self.forced,
            "forced_trump_triggered": self.forced_ever,
            "knocker": self.knocker,
            "stock": len(self.stock),
            "pot": self.pot,
            "leader": self.leader,
            "trick": self._plays_json(self.trick),
            "last_deal": self.last_deal,
        }
        return {
            "deal": self.deal_no,
            "phase": self.phase,
            "hand": None if seat is None else hand_json(self.hands[seat]),
            "players": players,
            "table": table,
            "scores": list(self.scores),
            "history": [
                {"plays": self._plays_json(plays), "winner": w} for plays, w in self.history
            ],
            "discards": None if seat is None else hand_json(self.discards[seat]),
        }

    def _clone_into(self, new: State) -> None:
        assert isinstance(new, NorlanninnakkiState)
        new.scores = list(self.scores)
        new.forests = list(self.forests)
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.discards = [list(d) for d in self.discards]
        new.bids = list(self.bids)
        new.declarations = list(self.declarations)
        new.active = list(self.active)
        new.obliged = list(self.obliged)
        new.bought = list(self.bought)
        new.buy_queue = list(self.buy_queue)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.won = [list(w) for w in self.won]
        new.history = list(self.history)
        new.violated = list(self.violated)

    def full_state(self) -> JSON:
        def cards(cs: Iterable[Card]) -> list[str]:
            return [str(c) for c in cs]

        return {
            "dealer": self.dealer,
            "scores": list(self.scores),
            "forests": list(self.forests),
            "deal_no": self.deal_no,
            "throw_ins": self.throw_ins,
            "shuffles": self.shuffles,
            "forced": self.forced,
            "forced_ever": self.forced_ever,
            "over": self.over,
            "last_deal": self.last_deal,
            "phase": self.phase,
            "to_move": self.to_move,
            "hands": [cards(h) for h in self.hands],
            "turned": str(self.turned),
            "turned_held": self.turned_held,
            "stock": cards(self.stock),
            "dealt_all": self.dealt_all,
            "discards": [cards(d) for d in self.discards],
            "bids": list(self.bids),
            "declarations": list(self.declarations),
            "knocker": self.knocker,
            "active": list(self.active),
            "obliged": list(self.obliged),
            "bought": list(self.bought),
            "buy_queue": list(self.buy_queue),
            "trick": self._plays_json(self.trick),
            "leader": self.leader,
            "tricks": list(self.tricks),
            "won": [cards(w) for w in self.won],
            "history": [[self._plays_json(p), w] for p, w in self.history],
            "violated": list(self.violated),
        }

    def card_locations(self) -> dict[str, list[Card]]:
        n = self.players
        locs = {f"hand:{s}": list(self.hands[s]) for s in range(n)}
        locs |= {f"discard:{s}": list(self.discards[s]) for s in range(n)}
        locs |= {f"won:{s}": list(self.won[s]) for s in range(n)}
        locs["turned"] = [self.turned] if self.turned_held else []
        locs["stock"] = list(self.stock)
        locs["trick"] = [c for _, c, _ in self.trick]
        return locs

    def visible_locations(self, seat: int | None) -> set[str]:
        public = {f"won:{s}" for s in range(self.players)} | {"turned", "trick"}
        if seat is None:
            return public
        return public | {f"hand:{seat}", f"discard:{seat}"}


def _num(x: float) -> int | float:
    """A chip amount for JSON: whole numbers as ``int``."""
    return int(x) if float(x).is_integer() else round(x, 6)


# --- the game --------------------------------------------------------------------------


class NorlanninnakkiGame(Game):
    info = GameInfo(
        name="norlanninnakki",
        title="Norlanninnakki",
        min_players=3,
        max_players=5,
        default_players=4,
        simultaneous=False,
        hidden_information=True,
        has_chance=True,
        score_bounds=(1 - TRICKS, START_SCORE),  # a deal starts at >= 1 and takes <= 5
        option_samples={"first_dealer": (0, 2)},
        option_help={
            "forced_trump": "lead: under forced trump a leader must lead a trump if he can; "
            "lead_and_ruff: also trump when void in the suit led",
            "forced_trump_sticky": "on: once forced trump has applied it stays for the rest "
            "of the game; off: checked at the start of every deal",
            "lone_knocker": "when everyone rests after a knock: takes_all credits the knocker "
            "5 tricks, takes_one 1 trick, redeal throws the cards in",
            "permissive_mode": "on: a forced-trump violation is allowed but sends the violator "
            "to the forest; off: it is refused",
            "early_bidding": "on: bid after 3 cards and the trump, before the last 2 cards",
            "exact_zero": "on: negative scores turn positive; only exactly 0 wins",
            "chips": "on: 1-chip ante, 1 chip per forest, winner takes the pot; off: losers pay "
            "the winner their score plus 5 per forest at the end",
            "first_dealer": "seat of the first dealer; none: drawn at random",
        },
        description="Swedish knocking game for 3-5: knock, buy and take tricks to count "
        "down from 10 to 0, but a promised trick missed sends you to the forest.",
    )
    Options = NorlanninnakkiOptions

    def _new_state(self, players: int, options: Any, seed: int, deck: list[Card] | None) -> State:
        return NorlanninnakkiState(self, players, options, seed, deck)

    def deck(self, players: int, options: Any) -> list[Card]:
        return list(_DECK)

    def action_from_json(self, data: Any) -> Action:
        if not isinstance(data, dict):
            raise IllegalAction(None, data, "an action is a JSON object with a 'type'")
        kind = data.get("type")
        try:
            if kind == "bid":
                bid = data["bid"]
                if bid in _BID:
                    return _BID[bid]
                raise IllegalAction(None, data, f"a bid is one of {', '.join(BIDS)}")
            if kind in ("play", "discard"):
                tokens = data["cards"]
                if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
                    raise IllegalAction(None, data, "'cards' must be a list of card strings")
                cards = [parse_card(t) for t in tokens]
                if kind == "discard":
                    return Discard(tuple(cards))
                if len(cards) != 1:
                    raise IllegalAction(None, data, "play exactly one card")
                return _PLAY[cards[0]]
        except (KeyError, TypeError, NotationError) as exc:
            raise IllegalAction(None, data, f"malformed action: {exc}") from None
        raise IllegalAction(
            None, data, "actions are bid (knock/lurk/in/rest), discard (cards) or play (a card)"
        )

    def determinize(self, observation: JSON, rng: random.Random) -> State:
        return _determinize(self, observation, rng)


def _determinize(game: NorlanninnakkiGame, obs: JSON, rng: random.Random) -> State:
    """Rebuild a full state from one seat's observation, resampling the hidden cards.

    Hidden: the other hands, the other discard piles and the stock.  The sample respects
    what the play revealed: a player who did not follow suit is void in it; under forced
    trump, a leader who led a non-trump (without a marked violation) holds no trump, and
    with ``lead_and_ruff`` so does a player who neither followed nor trumped; the leader of
    trick 1 who did not lead the trump ace does not hold it.
    """
    n: int = obs["players_count"]
    seat: int | None = obs["seat"]
    options = NorlanninnakkiOptions(**obs["options"])
    table, pl = obs["table"], obs["players"]
    st = object.__new__(NorlanninnakkiState)
    State.__init__(st, game, n, options, rng.randrange(2**63), None)
    st.log = None
    st.dealer = dealer = table["dealer"]
    st.scores = list(obs["scores"])
    st.forests = [p["forests"] for p in pl]
    st.deal_no = obs["deal"]
    st.throw_ins = table["throw_ins"]
    st.shuffles = 1
    st.forced = table["forced_trump"]
    st.forced_ever = table["forced_trump_triggered"]
    st.over = obs["phase"] == "over"
    st.last_deal = table["last_deal"]
    st.phase = obs["phase"]
    st.to_move = obs["to_act"][0] if obs["to_act"] else table["leader"]
    st.turned = turned = parse_card(table["turned"])
    st.turned_held = table["turned_held"]
    st.dealt_all = table["dealt_all"]
    st.bids = [p["bid"] for p in pl]
    st.declarations = [p["declaration"] for p in pl]
    st.knocker = table["knocker"]
    st.active = [p["active"] for p in pl]
    st.obliged = [p["obliged"] for p in pl]
    st.bought = [p["bought"] for p in pl]
    st.tricks = [p["tricks"] for p in pl]
    st.violated = [p["violated"] for p in pl]
    st.leader = table["leader"]

    def plays(data: list[JSON]) -> tuple[PlayRecord, ...]:
        return tuple((p["seat"], parse_card(p["card"]), p["violation"]) for p in data)

    st.trick = list(plays(table["trick"]))
    st.history = [(plays(t["plays"]), t["winner"]) for t in obs["history"]]
    st.won = [[] for _ in range(n)]
    for trick_plays, winner in st.history:
        st.won[winner] += [c for _, c, _ in trick_plays]
    fh = (dealer + 1) % n
    st.buy_queue = (
        [s for s in ((fh + i) % n for i in range(n)) if st.active[s] and st.bought[s] is None]
        if st.phase == "buy"
        else []
    )

    known: Counter[Card] = Counter(c for w in st.won for c in w)
    known.update(c for _, c, _ in st.trick)
    own_hand = parse_cards(obs["hand"]) if seat is not None else []
    own_discards = parse_cards(obs["discards"]) if seat is not None else []
    known.update(own_hand)
    known.update(own_discards)
    discards: list[list[Card]] = [[] for _ in range(n)]
    discard_need = [p["discarded"] for p in pl]
    if st.turned_held:
        known[turned] += 1
    elif table["turned_discarded"] and seat != dealer:
        known[turned] += 1
        discards[dealer].append(turned)
        discard_need[dealer] -= 1
    pool = [c for c in _DECK if not known[c]]
    hand_need = {
        s: p["cards"] - (1 if s == dealer and st.turned_held else 0)
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
    tricks = [p for p, _ in st.history] + ([tuple(st.trick)] if st.trick else [])
    for k, trick in enumerate(tricks):
        lead_seat, lead_card, lead_violation = trick[0]
        if k == 0 and lead_card != Card(trump, ACE):
            not_held[lead_seat].add(Card(trump, ACE))
        if lead_forced and lead_card.suit != trump and not lead_violation:
            void_suits[lead_seat].add(trump)
        for s, card, violation in trick[1:]:
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


GAME = register(NorlanninnakkiGame())

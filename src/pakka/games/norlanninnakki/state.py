"""The Norlanninnakki match: the deal, knock or lurk, buying, five tricks, the score sheet.

Card locations: ``hand:s`` (the concealed hand), ``turned`` (the turned trump while the
dealer holds it face up, public), ``discard:s`` (face down, the seat's own), ``stock``,
``trick`` (the current trick) and ``won:s`` (the tricks ``s`` took this deal, public).
``deal`` counts from 1 (throw-ins keep the number); ``scores`` are the sheet (lower is
better).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from itertools import chain, combinations, repeat
from typing import Any, Literal

from pakka.cards import ACE, SUIT_NAMES, Card, index_of
from pakka.engine import JSON, Action, Game, MatchResult, State, ranks_from_scores, shuffle
from pakka.events import Event, MatchOver
from pakka.games.norlanninnakki.actions import (
    _DECK,
    _IN_REST,
    _KEY_OF_ID,
    _KNOCK_LURK,
    _PLAY_BY_KEY,
    _SMALL_DISCARDS,
    _SUIT_BASE,
    Bid,
    BidWord,
    DeclarationWord,
    Discard,
    Play,
    _set_cards,
    _sort_key,
)
from pakka.games.norlanninnakki.options import NorlanninnakkiOptions
from pakka.games.norlanninnakki.rules import (
    FOREST_POINTS,
    HAND,
    START_SCORE,
    TRICKS,
    ForcedTrump,
    _legal,
    _winner,
    chips_paid,
    next_seats,
    settle,
)
from pakka.games.norlanninnakki.views import (
    BidMade,
    Bought,
    CardsDrawn,
    Declared,
    LastDeal,
    LoneKnocker,
    NorlanninnakkiCardsPlayed,
    NorlanninnakkiDealScored,
    NorlanninnakkiDealStarted,
    NorlanninnakkiPlayer,
    NorlanninnakkiTable,
    NorlanninnakkiTrickWon,
    NorlanninnakkiView,
    RestDealt,
    ThrownIn,
    TrickPlay,
)
from pakka.wire import to_json

__all__ = ["NorlanninnakkiState", "PlayRecord"]

PlayRecord = tuple[int, Card, bool]
"""One card played to a trick: (seat, card, was it a forced-trump violation)."""
_SEAT: list[frozenset[int]] = [frozenset((s,)) for s in range(5)]


class NorlanninnakkiState(State[NorlanninnakkiOptions, NorlanninnakkiView]):
    """A match: the score sheet, the pot and the deal in progress.

    Phases: ``bid`` (knock or lurk), ``declare`` (in or rest after a knock, later deals),
    ``buy``, ``play``, ``over``.
    """

    dealer: int
    scores: list[int]
    forests: list[int]
    deal_no: int
    throw_ins: int
    shuffles: int
    forced: bool
    forced_ever: bool
    over: bool
    last_deal: LastDeal | None
    sheet: list[NorlanninnakkiDealScored]
    """Every scored deal's event (the view's score sheet)."""
    phase: str
    to_move: int
    hands: list[list[Card]]
    """The concealed hands (the dealer's face-up trump is ``turned`` while he holds it)."""
    turned: Card
    turned_held: bool
    stock: list[Card]
    dealt_all: bool
    discards: list[list[Card]]
    bids: list[BidWord | None]
    declarations: list[DeclarationWord | None]
    knocker: int | None
    active: list[bool]
    obliged: list[bool]
    bought: list[int | None]
    buy_queue: list[int]
    after: tuple[int, ...]
    """The next active seat after each seat (:func:`next_seats`), set when the buying
    begins; ``()`` before."""
    trick: list[PlayRecord]
    leader: int
    tricks: list[int]
    won: list[list[Card]]
    history: list[NorlanninnakkiTrickWon]
    """This deal's finished tricks as the events that told them (the view's history)."""
    violated: list[bool]

    def __init__(
        self,
        game: Game[NorlanninnakkiOptions, Any],
        players: int,
        options: NorlanninnakkiOptions,
        seed: int,
        deck: list[Card] | None,
    ) -> None:
        super().__init__(game, players, options, seed, deck)
        n = players
        fd = options.first_dealer
        self.dealer = self.chance(0).randrange(n) if fd is None else fd
        self.scores = [START_SCORE] * n
        self.forests = [0] * n
        self.deal_no = 1
        self.throw_ins = 0
        self.shuffles = 1
        self.forced_ever = False
        self.over = False
        self.last_deal = None
        self.sheet = []
        self._start_deal(deck)

    # --- dealing -------------------------------------------------------------------------

    @property
    def pot(self) -> int:
        """Chips in the pot: the ante and one per forest visit (none with ``chips=false``)."""
        return sum(self._chips_paid(s) for s in range(self.players))

    def _chips_paid(self, seat: int) -> int:
        return chips_paid(self.forests[seat], self.options.chips)

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
        self.hands = [[]] * n
        for j in range(n):  # three rounds: card i goes to seat fh + i
            self.hands[(fh + j) % n] = deck[j : 3 * n : n]
        self.turned = deck[3 * n]
        self.turned_held = True
        self.stock = deck[3 * n + 1 :]
        self.dealt_all = False
        if not self.options.early_bidding:
            self._deal_rest()
        self.discards = [[] for _ in range(n)]
        self.bids = [None] * n
        self.declarations = [None] * n
        self.knocker = None
        self.active = [False] * n
        self.obliged = [False] * n
        self.bought = [None] * n
        self.buy_queue = []
        self.after = ()
        self.trick = []
        self.leader = fh
        self.tricks = [0] * n
        self.won = [[] for _ in range(n)]
        self.history = []
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

    # --- protocol hooks ------------------------------------------------------------------

    def _to_act(self) -> frozenset[int]:
        return _SEAT[self.to_move]

    def deal_number(self) -> int:
        """The current deal, 0-based (throw-ins keep the number, as in the view)."""
        return self.deal_no - 1

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
            return self._apply_bid(seat, "knock" if action.bid == "knock" else "lurk")
        return self._apply_declare(seat, "in" if action.bid == "in" else "rest")

    def _apply_bid(self, seat: int, bid: BidWord) -> list[Event]:
        self.bids[seat] = bid
        events: list[Event] = [BidMade(seat=seat, bid=bid)]
        if bid == "lurk":
            nxt = (seat + 1) % self.players
            if nxt == self.forehand:
                return events + self._throw_in("everyone_lurked")
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

    def _apply_declare(self, seat: int, declaration: DeclarationWord) -> list[Event]:
        self.declarations[seat] = declaration
        if declaration == "in":
            self.active[seat] = True
            self.obliged[seat] = True
        events: list[Event] = [Declared(seat=seat, declaration=declaration)]
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
            return self._throw_in("everyone_rested")
        self.tricks[knocker] = TRICKS if rule == "takes_all" else 1
        event = LoneKnocker(seat=knocker, tricks=self.tricks[knocker])
        return [event, *self._score_deal(lone=True)]

    def _throw_in(self, reason: Literal["everyone_lurked", "everyone_rested"]) -> list[Event]:
        """The cards are thrown in and the same dealer deals again (N5.3, N6.1)."""
        self.throw_ins += 1
        thrown = ThrownIn(dealer=self.dealer, reason=reason)
        self._start_deal(None)
        return [thrown, self._deal_event()]

    def _deal_event(self) -> Event:
        return NorlanninnakkiDealStarted(
            deal=self.deal_no, dealer=self.dealer, turned=self.turned, forced_trump=self.forced
        )

    def _begin_buy(self) -> list[Event]:
        events: list[Event] = []
        if not self.dealt_all:
            self._deal_rest()
            events.append(RestDealt(cards=HAND))
        n, fh = self.players, self.forehand
        self.buy_queue = [s for s in ((fh + i) % n for i in range(n)) if self.active[s]]
        self.after = next_seats(self.active)
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
        events: list[Event] = [
            Bought(seat=seat, discarded=len(put), bought=draw),
            CardsDrawn(seat=seat, cards=tuple(sorted(got, key=_sort_key))),
        ]
        self.buy_queue.pop(0)
        if self.buy_queue:
            self.to_move = self.buy_queue[0]
            return events
        self.phase = "play"
        self.leader = self.after[self.dealer]  # forehand or the first active after
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
        events: list[Event] = [
            NorlanninnakkiCardsPlayed(seat=seat, cards=(played,), violation=violation)
        ]
        nxt = self.after[seat]
        if nxt != trick[0][0]:  # the trick is complete when it comes back to its leader
            self.to_move = nxt
            return events
        cards = tuple([c for _, c, _ in trick])
        winner = trick[_winner(cards, self.turned.suit)][0]
        self.won[winner] += cards
        self.tricks[winner] += 1
        won = NorlanninnakkiTrickWon(
            winner=winner,
            cards=cards,
            played_by=tuple([s for s, _, _ in trick]),
            violations=tuple([v for _, _, v in trick]),
        )
        self.history.append(won)
        self.trick = []
        events.append(won)
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
        change = tuple([a - b for a, b in zip(self.scores, before, strict=True)])
        tricks, sent = tuple(self.tricks), tuple(forest)
        self.last_deal = LastDeal(
            deal=self.deal_no, tricks=tricks, forest=sent, lone_knocker=lone, change=change
        )
        scored = NorlanninnakkiDealScored(
            deal=self.deal_no,
            scores=change,
            totals=tuple(self.scores),
            tricks=tricks,
            forest=sent,
            lone_knocker=lone,
            bids=tuple(self.bids),
            declarations=tuple(self.declarations),
            violated=tuple([s for s in range(self.players) if self.violated[s]]),
        )
        self.sheet.append(scored)
        events: list[Event] = [scored]
        if self.options.exact_zero:
            self.over = 0 in self.scores
        else:
            self.over = min(self.scores) <= 0
        if self.over:
            self.phase = "over"
            result = self._result()
            winners = tuple(result.winners)
            return [*events, MatchOver(scores=result.scores, ranks=result.ranks, winners=winners)]
        self.deal_no += 1
        self.throw_ins = 0
        self.dealer = self.forehand
        self._start_deal(None)
        return [*events, self._deal_event()]

    # --- reading -------------------------------------------------------------------------

    def _result(self) -> MatchResult:
        ranks = ranks_from_scores(self.scores, higher_is_better=False)
        winners = [s for s, r in enumerate(ranks) if r == 1]
        payments, net = settle(self.scores, self.forests, winners, self.options.chips)
        return MatchResult(
            tuple(self.scores),
            ranks,
            {
                "lower_is_better": True,
                "forests": list(self.forests),
                "pot": self.pot,
                "chips_paid": [self._chips_paid(s) for s in range(self.players)],
                "payments": payments,
                "chips": net,
            },
        )

    def _view(self, seat: int | None) -> NorlanninnakkiView:
        n, dealer = self.players, self.dealer
        held = self.turned_held
        hands = self.hands
        players = tuple(
            NorlanninnakkiPlayer(
                seat=s,
                cards=len(hands[s]) + (1 if s == dealer and held else 0),
                bid=self.bids[s],
                declaration=self.declarations[s],
                active=self.active[s],
                obliged=self.obliged[s],
                discarded=len(self.discards[s]),
                bought=self.bought[s],
                tricks=self.tricks[s],
                forests=self.forests[s],
                violated=self.violated[s],
            )
            for s in range(n)
        )
        turned = self.turned
        table = NorlanninnakkiTable(
            dealer=dealer,
            forehand=self.forehand,
            first_deal=self.first_deal,
            throw_ins=self.throw_ins,
            trump=turned.suit,
            turned=turned,
            turned_held=held,
            turned_discarded=turned in self.discards[dealer],
            dealt_all=self.dealt_all,
            forced_trump=self.forced,
            forced_trump_triggered=self.forced_ever,
            knocker=self.knocker,
            stock=len(self.stock),
            pot=self.pot,
            leader=self.leader,
            trick=tuple([TrickPlay(seat=s, card=c, violation=v) for s, c, v in self.trick]),
            last_deal=self.last_deal,
            my_discards=None if seat is None else tuple(sorted(self.discards[seat], key=_sort_key)),
            sheet=tuple(self.sheet),
        )
        view: NorlanninnakkiView = self.envelope(
            seat,
            deal=self.deal_no,
            phase=self.phase,
            hand=None if seat is None else tuple(sorted(hands[seat], key=_sort_key)),
            players=players,
            table=table,
            scores=tuple(self.scores),
            history=tuple(self.history),
        )
        return view

    def _clone_into(self, new: NorlanninnakkiState) -> None:
        new.scores = list(self.scores)
        new.forests = list(self.forests)
        new.sheet = list(self.sheet)
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

        last = self.last_deal
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
            "last_deal": None if last is None else to_json(last),
            "sheet": [e.to_json() for e in self.sheet],
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
            "trick": [[s, str(c), v] for s, c, v in self.trick],
            "leader": self.leader,
            "tricks": list(self.tricks),
            "won": [cards(w) for w in self.won],
            "history": [e.to_json() for e in self.history],
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

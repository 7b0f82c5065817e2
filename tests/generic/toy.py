"""A tiny game that exercises every part of the protocol, to prove the generic suite.

*High or Low*, 2-4 players, 20 cards (four suits, ranks 2-6).  Each deal: everyone gets 4
cards (the rest is a hidden stock); in turn from forehand each seat bids ``high`` or
``low`` (public, sequential); then 4 simultaneous rounds: every seat commits a card,
nothing is shown until all have committed, the highest rank takes the round (a tie at the
top sends the cards to a dead pile).  ``high`` scores a point per round taken, ``low`` a
point per round not taken.  A match is ``deals`` deals with the dealer rotating.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pakka.cards import SUITS, Card, sorted_cards
from pakka.engine import (
    JSON,
    Action,
    Game,
    GameInfo,
    IllegalAction,
    MatchResult,
    Observation,
    Options,
    PlayerView,
    State,
    TableView,
    ViewTypes,
    ranks_from_scores,
    read_cards,
)
from pakka.events import (
    Committed,
    DealScored,
    DealStarted,
    Event,
    MatchOver,
    TrickWon,
    event_table,
)
from pakka.options import option

HAND = 4


@dataclass(frozen=True, slots=True)
class Bid(Action):
    type = "bid"
    bid: str

    def __str__(self) -> str:
        return self.bid

    def to_json(self) -> JSON:
        return {"type": "bid", "bid": self.bid}

    @classmethod
    def from_json(cls, data: JSON) -> Bid:
        if data.get("bid") not in ("high", "low"):
            raise IllegalAction(None, data, "a bid is high/low")
        return cls(data["bid"])


@dataclass(frozen=True, slots=True)
class Commit(Action):
    type = "play"
    card: Card

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def __str__(self) -> str:
        return str(self.card)

    def to_json(self) -> JSON:
        return {"type": "play", "cards": [str(self.card)]}

    @classmethod
    def from_json(cls, data: JSON) -> Commit:
        return cls(read_cards(data, 1)[0])


@dataclass(frozen=True)
class ToyOptions(Options):
    deals: int = option(2, help="deals in a match", range=(1, 10), samples=(1, 3))
    tie: Literal["dead", "split"] = option(
        "dead", help="dead: tied top cards go to the dead pile; split: each wins itself"
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class BidMade(Event):
    type: ClassVar[str] = "bid"
    seat: int
    bid: str


@dataclass(frozen=True, slots=True)
class ToyPlayer(PlayerView):
    cards: int
    committed: bool
    bid: str | None
    won: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ToyTable(TableView):
    dealer: int
    my_commit: Card | None
    last_round: tuple[Card, ...]
    dead: tuple[Card, ...]
    stock: int


ToyView = Observation[ToyTable, ToyPlayer, ToyOptions]


class ToyState(State[ToyOptions, ToyView]):
    def __init__(
        self,
        game: Game[ToyOptions, Any],
        players: int,
        options: ToyOptions,
        seed: int,
        deck: list[Card] | None,
    ):
        super().__init__(game, players, options, seed, deck)
        self.deal_no = 0
        self.dealer = 0
        self.scores = [0] * players
        self.shuffles = 0
        self.hands: list[list[Card]] = []
        self.stock: list[Card] = []
        self.bids: list[str | None] = []
        self.committed: list[Card | None] = []
        self.won: list[list[Card]] = []
        self.dead: list[Card] = []
        self.last_round: list[Card] = []
        self._start_deal(deck)

    def _start_deal(self, deck: list[Card] | None) -> None:
        n = self.players
        if deck is None:
            deck = self.game.deck(n, self.options)
            self.chance(self.shuffles).shuffle(deck)
        self.shuffles += 1
        self.hands = [[] for _ in range(n)]
        for i in range(HAND * n):
            self.hands[(self.dealer + 1 + i) % n].append(deck[i])
        self.stock = deck[HAND * n :]
        self.bids = [None] * n
        self.committed = [None] * n
        self.won = [[] for _ in range(n)]
        self.dead = []
        self.last_round = []

    @property
    def phase(self) -> str:
        if self.deal_no >= self.options.deals:
            return "over"
        return "bid" if None in self.bids else "play"

    def _to_act(self) -> frozenset[int]:
        if self.phase == "bid":
            for i in range(self.players):
                s = (self.dealer + 1 + i) % self.players
                if self.bids[s] is None:
                    return frozenset((s,))
        return frozenset(s for s in range(self.players) if self.committed[s] is None)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "bid":
            return [Bid("high"), Bid("low")]
        return [Commit(c) for c in sorted(set(self.hands[seat]), key=Card.sort_key)]

    def _illegal_reason(self, seat: int, action: Action) -> str:
        if self.phase == "bid":
            return "bid high or low"
        return "play a card from your hand"

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Bid):
            self.bids[seat] = action.bid
            return [BidMade(seat=seat, bid=action.bid)]
        assert isinstance(action, Commit)
        self.hands[seat].remove(action.card)
        self.committed[seat] = action.card
        events: list[Event] = [Committed(seat=seat)]
        if all(c is not None for c in self.committed):
            events += self._resolve()
        return events

    def _resolve(self) -> list[Event]:
        cards = [c for c in self.committed if c is not None]
        top = max(c.rank for c in cards)
        tops = [s for s, c in enumerate(cards) if c.rank == top]
        if len(tops) == 1:
            self.won[tops[0]] += cards
        elif self.options.tie == "split":
            for s, c in enumerate(cards):
                self.won[s].append(c)
        else:
            self.dead += cards
        self.last_round = cards
        self.committed = [None] * self.players
        winner = tops[0] if len(tops) == 1 else None
        played_by = tuple(range(self.players))
        events: list[Event] = [TrickWon(winner=winner, cards=tuple(cards), played_by=played_by)]
        if not self.hands[0]:
            events += self._score_deal()
        return events

    def _rounds_taken(self, seat: int) -> int:
        return len(self.won[seat]) // self.players

    def _score_deal(self) -> list[Event]:
        before = list(self.scores)
        for s in range(self.players):
            taken = self._rounds_taken(s)
            self.scores[s] += taken if self.bids[s] == "high" else HAND - taken
        gained = tuple(a - b for a, b in zip(self.scores, before, strict=True))
        self.deal_no += 1
        events: list[Event] = [
            DealScored(deal=self.deal_no, scores=gained, totals=tuple(self.scores))
        ]
        if self.deal_no < self.options.deals:
            self.dealer = (self.dealer + 1) % self.players
            self._start_deal(None)
            return [*events, DealStarted(deal=self.deal_no + 1, dealer=self.dealer)]
        result = self._result()
        return [
            *events,
            MatchOver(scores=result.scores, ranks=result.ranks, winners=tuple(result.winners)),
        ]

    def _view(self, seat: int | None) -> ToyView:
        mine = None if seat is None else self.committed[seat]
        view: ToyView = self.envelope(
            seat,
            deal=self.deal_no,
            phase=self.phase,
            hand=None if seat is None else tuple(sorted_cards(self.hands[seat])),
            players=tuple(
                ToyPlayer(
                    seat=s,
                    cards=len(self.hands[s]),
                    committed=self.committed[s] is not None,
                    bid=self.bids[s],
                    won=tuple(sorted_cards(self.won[s])),
                )
                for s in range(self.players)
            ),
            table=ToyTable(
                dealer=self.dealer,
                my_commit=mine,
                last_round=tuple(self.last_round),
                dead=tuple(sorted_cards(self.dead)),
                stock=len(self.stock),
            ),
            scores=tuple(self.scores),
        )
        return view

    def _is_over(self) -> bool:
        return self.deal_no >= self.options.deals

    def _result(self) -> MatchResult:
        return MatchResult(tuple(self.scores), ranks_from_scores(self.scores))

    def _clone_into(self, new: ToyState) -> None:
        new.scores = list(self.scores)
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.bids = list(self.bids)
        new.committed = list(self.committed)
        new.won = [list(w) for w in self.won]
        new.dead = list(self.dead)
        new.last_round = list(self.last_round)

    def full_state(self) -> JSON:
        return {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "hands": [[str(c) for c in h] for h in self.hands],
            "stock": [str(c) for c in self.stock],
            "bids": list(self.bids),
            "committed": [None if c is None else str(c) for c in self.committed],
            "won": [[str(c) for c in w] for w in self.won],
            "dead": [str(c) for c in self.dead],
            "last_round": [str(c) for c in self.last_round],
            "shuffles": self.shuffles,
        }

    def card_locations(self) -> dict[str, list[Card]]:
        locs = {f"hand:{s}": list(h) for s, h in enumerate(self.hands)}
        locs |= {f"won:{s}": list(w) for s, w in enumerate(self.won)}
        locs |= {f"committed:{s}": [c] for s, c in enumerate(self.committed) if c is not None}
        locs["stock"] = list(self.stock)
        locs["dead"] = list(self.dead)
        return locs

    def visible_locations(self, seat: int | None) -> set[str]:
        public = {f"won:{s}" for s in range(self.players)} | {"dead"}
        if seat is None:
            return public
        return public | {f"hand:{seat}", f"committed:{seat}"}


class ToyGame(Game[ToyOptions, ToyState]):
    info = GameInfo(
        name="toy",
        title="High or Low",
        min_players=2,
        max_players=4,
        default_players=3,
        simultaneous=True,
        hidden_information=True,
        score_bounds=(0, 40),
        max_match_length=10 * (4 + 4 * 4),
        description="Bid high or low, then play four rounds at once.",
    )
    Options = ToyOptions
    action_types = (Bid, Commit)
    event_types = event_table(BidMade, Committed, TrickWon, DealScored, DealStarted, MatchOver)
    view_types = ViewTypes(table=ToyTable, player=ToyPlayer)
    state_class: type[ToyState] = ToyState

    def _new_state(
        self, players: int, options: ToyOptions, seed: int, deck: list[Card] | None
    ) -> ToyState:
        return self.state_class(self, players, options, seed, deck)

    def deck(self, players: int, options: ToyOptions) -> list[Card]:
        return [Card(s, r) for s in SUITS for r in range(2, 7)]

    def _determinize(self, view: ToyView, rng: random.Random) -> ToyState:
        n = view.players_count
        seat = view.seat
        state = object.__new__(self.state_class)
        State.__init__(state, self, n, view.options, rng.randrange(2**63), None)
        state.log = None
        state.deal_no = view.deal
        state.dealer = view.table.dealer
        state.scores = list(view.scores)
        state.shuffles = view.deal + 1
        state.bids = [p.bid for p in view.players]
        state.won = [list(p.won) for p in view.players]
        state.dead = list(view.table.dead)
        state.last_round = list(view.table.last_round)
        known = Counter(c for w in state.won for c in w) + Counter(state.dead)
        hand = list(view.hand or ())
        mine = view.table.my_commit
        known += Counter(hand) + Counter([mine] if mine else [])
        unknown = list((Counter(self.deck(n, state.options)) - known).elements())
        rng.shuffle(unknown)
        state.hands = []
        state.committed = []
        for s, p in enumerate(view.players):
            if s == seat:
                state.hands.append(hand)
                state.committed.append(mine)
                continue
            state.hands.append([unknown.pop() for _ in range(p.cards)])
            state.committed.append(unknown.pop() if p.committed else None)
        state.stock = unknown
        return state


TOY = ToyGame()

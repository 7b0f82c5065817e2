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
from typing import Any, Literal

from pakka.cards import SUITS, Card, parse_card
from pakka.engine import (
    JSON,
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    MatchResult,
    State,
    hand_json,
    ranks_from_scores,
)

HAND = 4


@dataclass(frozen=True, slots=True)
class Bid(Action):
    type = "bid"
    bid: str

    def __str__(self) -> str:
        return self.bid

    def to_json(self) -> JSON:
        return {"type": "bid", "bid": self.bid}


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


@dataclass(frozen=True)
class ToyOptions:
    deals: int = 2
    tie: Literal["dead", "split"] = "dead"
    """``dead``: tied top cards go to the dead pile; ``split``: each tied card wins itself."""


class ToyState(State):
    def __init__(self, game: Game, players: int, options: Any, seed: int, deck: list[Card] | None):
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
        self.last_round: list[str] = []
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
            return [Event("bid", {"seat": seat, "bid": action.bid})]
        assert isinstance(action, Commit)
        self.hands[seat].remove(action.card)
        self.committed[seat] = action.card
        events = [Event("committed", {"seat": seat})]
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
        self.last_round = [str(c) for c in cards]
        self.committed = [None] * self.players
        events = [Event("round", {"cards": self.last_round, "winners": tops})]
        if not self.hands[0]:
            events += self._score_deal()
        return events

    def _rounds_taken(self, seat: int) -> int:
        return len(self.won[seat]) // self.players

    def _score_deal(self) -> list[Event]:
        for s in range(self.players):
            taken = self._rounds_taken(s)
            self.scores[s] += taken if self.bids[s] == "high" else HAND - taken
        self.deal_no += 1
        if self.deal_no < self.options.deals:
            self.dealer = (self.dealer + 1) % self.players
            self._start_deal(None)
        return [Event("deal_scored", {"scores": list(self.scores)})]

    def _observation(self, seat: int | None) -> JSON:
        return {
            "deal": self.deal_no,
            "phase": self.phase,
            "hand": None if seat is None else hand_json(self.hands[seat]),
            "players": [
                {
                    "seat": s,
                    "cards": len(self.hands[s]),
                    "committed": self.committed[s] is not None,
                    "bid": self.bids[s],
                    "won": hand_json(self.won[s]),
                }
                for s in range(self.players)
            ],
            "table": {
                "dealer": self.dealer,
                "my_commit": None
                if seat is None or self.committed[seat] is None
                else str(self.committed[seat]),
                "last_round": self.last_round,
                "dead": hand_json(self.dead),
                "stock": len(self.stock),
            },
            "scores": list(self.scores),
        }

    def _is_over(self) -> bool:
        return self.deal_no >= self.options.deals

    def _result(self) -> MatchResult:
        return MatchResult(tuple(self.scores), ranks_from_scores(self.scores))

    def _clone_into(self, new: State) -> None:
        assert isinstance(new, ToyState)
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


class ToyGame(Game):
    info = GameInfo(
        name="toy",
        title="High or Low",
        min_players=2,
        max_players=4,
        default_players=3,
        simultaneous=True,
        hidden_information=True,
        score_bounds=(0, 40),
        option_samples={"deals": (1, 3)},
    )
    Options = ToyOptions
    state_class: type[ToyState] = ToyState

    def _new_state(self, players: int, options: Any, seed: int, deck: list[Card] | None) -> State:
        return self.state_class(self, players, options, seed, deck)

    def deck(self, players: int, options: Any) -> list[Card]:
        return [Card(s, r) for s in SUITS for r in range(2, 7)]

    def action_from_json(self, data: Any) -> Action:
        if not isinstance(data, dict):
            raise IllegalAction(None, data, "an action is a JSON object with a 'type'")
        kind = data.get("type")
        try:
            if kind == "bid" and data["bid"] in ("high", "low"):
                return Bid(data["bid"])
            if kind == "play" and isinstance(data["cards"], list) and len(data["cards"]) == 1:
                return Commit(parse_card(data["cards"][0]))
        except (KeyError, TypeError, ValueError) as exc:
            raise IllegalAction(None, data, f"malformed action: {exc}") from None
        raise IllegalAction(None, data, "actions are bid (high/low) or play (one card)")

    def determinize(self, observation: JSON, rng: random.Random) -> State:
        obs = observation
        n = obs["players_count"]
        seat = obs["seat"]
        state = object.__new__(self.state_class)
        State.__init__(state, self, n, self.Options(**obs["options"]), rng.randrange(2**63), None)
        state.log = None
        state.deal_no = obs["deal"]
        state.dealer = obs["table"]["dealer"]
        state.scores = list(obs["scores"])
        state.shuffles = obs["deal"] + 1
        state.bids = [p["bid"] for p in obs["players"]]
        state.won = [[parse_card(c) for c in p["won"]] for p in obs["players"]]
        state.dead = [parse_card(c) for c in obs["table"]["dead"]]
        state.last_round = list(obs["table"]["last_round"])
        known = Counter(c for w in state.won for c in w) + Counter(state.dead)
        hand = [parse_card(c) for c in obs["hand"]] if seat is not None else []
        mine = parse_card(obs["table"]["my_commit"]) if obs["table"]["my_commit"] else None
        known += Counter(hand) + Counter([mine] if mine else [])
        unknown = list((Counter(self.deck(n, state.options)) - known).elements())
        rng.shuffle(unknown)
        state.hands = []
        state.committed = []
        for s, p in enumerate(obs["players"]):
            if s == seat:
                state.hands.append(hand)
                state.committed.append(mine)
                continue
            state.hands.append([unknown.pop() for _ in range(p["cards"])])
            state.committed.append(unknown.pop() if p["committed"] else None)
        state.stock = unknown
        return state


TOY = ToyGame()

"""The Pentagrammi match: deal, the blind pass to both neighbours, tricks, points, the end.

Card locations: ``hand:s``; ``passing:s`` (the two cards a seat has passed, until everyone
has); ``trick`` (the current trick); ``played:s`` (cards ``s`` played to finished tricks of
this deal, public).  ``deal`` in the view counts from 1; ``scores`` are match totals (this
deal included).
"""

from __future__ import annotations

from collections import Counter
from operator import itemgetter
from typing import Any

from pakka.cards import CLUBS, DIAMONDS, HEARTS, JOKER_SUIT, SUIT_NAMES, Card, index_of
from pakka.engine import JSON, Action, Game, MatchResult, State, hand_json, shuffle
from pakka.events import (
    CardsPassed,
    CardsPlayed,
    Committed,
    DealStarted,
    Event,
    MatchOver,
)
from pakka.games.pentagrammi.actions import (
    _DECK,
    _ID_OF,
    _PASS,
    _PASS_ROWS,
    _PLAY_BY_ID,
    _PLAY_OF,
    _TO_ACT,
    _VALUES,
    PassCards,
    Play,
    _sort_key,
)
from pakka.games.pentagrammi.options import PentagrammiOptions
from pakka.games.pentagrammi.rules import (
    _MISSING,
    PLAYERS,
    TRICKS,
    _legal,
    _winner,
    rank_seats,
    scoring_seats,
    tiebreak_key,
)
from pakka.games.pentagrammi.views import (
    NO_PASSING,
    PassGiven,
    Passing,
    PassReceived,
    PentagrammiDealScored,
    PentagrammiPlayer,
    PentagrammiTable,
    PentagrammiTrickWon,
    PentagrammiView,
    PlayStarted,
    TrickCard,
)

__all__ = ["PentagrammiState"]


class PentagrammiState(State[PentagrammiOptions, PentagrammiView]):
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
    history: list[PentagrammiTrickWon]
    """This deal's finished tricks as the events that told them (the view's history)."""
    voids: list[str]
    points: list[int]

    def __init__(
        self,
        game: Game[PentagrammiOptions, Any],
        players: int,
        options: PentagrammiOptions,
        seed: int,
        deck: list[Card] | None,
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
        self.history = []
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
        events: list[Event] = [Committed(seat=seat)]
        if all(self.passing):
            events += self._exchange()
        return events

    def _exchange(self) -> list[Event]:
        """Everyone has passed: the cards change hands (P3.3)."""
        events: list[Event] = []
        for giver in range(PLAYERS):
            left, right = self.passing[giver]
            self.given[giver] = (left, right)
            for card, to in ((left, (giver + 1) % PLAYERS), (right, (giver - 1) % PLAYERS)):
                self.hands[to].append(card)
                events.append(CardsPassed(seat=giver, to=to, cards=(card,)))
        for hand in self.hands:
            hand.sort(key=_sort_key)
        self.passing = [[] for _ in range(PLAYERS)]
        self.phase = "play"
        events.append(PlayStarted(leader=self.leader))
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
        event = CardsPlayed(seat=seat, cards=(card,))
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
        cards = tuple(self.trick)
        self.tricks.append((leader, cards, winner))
        won = PentagrammiTrickWon(
            winner=winner,
            cards=cards,
            played_by=tuple((leader + 2 * i) % PLAYERS for i in range(PLAYERS)),
            scorers=scorers,
        )
        self.history.append(won)
        events: list[Event] = [won]
        self.trick = []
        self.led = None
        self.leader = self.turn = winner
        if len(self.tricks) == TRICKS:
            events += self._finish_deal()
        return events

    def _finish_deal(self) -> list[Event]:
        self.deal_points.append(list(self.points))
        self.deal_no += 1
        won = [0] * PLAYERS
        for _, _, winner in self.tricks:
            won[winner] += 1
        events: list[Event] = [
            PentagrammiDealScored(
                deal=self.deal_no,
                scores=tuple(self.points),
                totals=tuple(self.scores),
                tricks=tuple(won),
                shares=tuple(p - w for p, w in zip(self.points, won, strict=True)),
            )
        ]
        if self.deal_no >= self.options.deals:
            self.phase = "over"
            result = self._result()
            events.append(
                MatchOver(scores=result.scores, ranks=result.ranks, winners=tuple(result.winners))
            )
        else:
            self.dealer = (self.dealer + 1) % PLAYERS
            self._start_deal(None)
            events.append(DealStarted(deal=self.deal_no + 1, dealer=self.dealer))
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

    def _view(self, seat: int | None) -> PentagrammiView:
        leader = self.leader
        pass_phase = self.phase == "pass"
        passing = NO_PASSING
        if seat is not None:
            mine = self.passing[seat] or self.given[seat]
            got = self.received(seat)
            if mine or got is not None:
                passing = Passing(
                    given=PassGiven(to_left=mine[0], to_right=mine[1]) if mine else None,
                    received=None
                    if got is None
                    else PassReceived(from_left=got[0], from_right=got[1]),
                )
        history = self.history
        won = [0] * PLAYERS
        for trick in history:
            won[trick.winner] += 1  # type: ignore[index]  # a Pentagrammi trick has a winner
        view: PentagrammiView = self.envelope(
            seat,
            deal=min(self.deal_no + 1, self.options.deals),
            phase=self.phase,
            hand=None if seat is None else tuple(self.hands[seat]),
            players=tuple(
                PentagrammiPlayer(
                    seat=s,
                    cards=len(self.hands[s]),
                    passed=not pass_phase or bool(self.passing[s]),
                    points=self.points[s],
                    tricks=won[s],
                    played=tuple(self.played[s]),
                    voids=tuple(self.voids[s]),
                )
                for s in range(PLAYERS)
            ),
            table=PentagrammiTable(
                dealer=self.dealer,
                leader=leader,
                turn=self.turn if self.phase == "play" else None,
                led=self.led,
                trick=tuple(
                    TrickCard(seat=(leader + 2 * i) % PLAYERS, card=c)
                    for i, c in enumerate(self.trick)
                ),
                passing=passing,
                deals=self.options.deals,
                deal_points=tuple(tuple(p) for p in self.deal_points),
            ),
            scores=tuple(self.scores),
            history=tuple(history),
        )
        return view

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

    def _clone_into(self, new: PentagrammiState) -> None:
        new.scores = list(self.scores)
        new.deal_points = list(self.deal_points)
        new.hands = [list(h) for h in self.hands]
        new.passing = [list(p) for p in self.passing]
        new.given = list(self.given)
        new.trick = list(self.trick)
        new.played = [list(p) for p in self.played]
        new.tricks = list(self.tricks)
        new.history = list(self.history)
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

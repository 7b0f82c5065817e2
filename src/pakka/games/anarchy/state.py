"""The Anarchy match: ten deals of dealing, (passing,) choosing contracts in turn and
thirteen simultaneous tricks, then scoring each seat's captured cards by its contract.

Card locations: ``hand:s``; ``won:s`` (captured this deal, public); ``committed:s`` (the
card a seat has committed to the current trick, until all have); ``passing:s`` (the three
cards a seat has passed, until all have); ``dead`` and ``out`` (public); ``spare``; ``dummy``
(3 players; a stack whose top is the last card) and ``dummy_top`` (its top card while
``dummy_reveal="before"`` shows it).  ``deal`` in the view counts from 1; ``scores`` are
match totals.
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import partial
from itertools import compress
from typing import Any

from pakka.cards import JOKER_SUIT, Card, index_of
from pakka.engine import JSON, Action, Game, MatchResult, State, ranks_from_scores, shuffle
from pakka.events import CardsPassed, Committed, DealStarted, Event, MatchOver
from pakka.games.anarchy.actions import (
    _CONTRACT_ACTIONS,
    _DECKS,
    _KEY_OF_ID,
    _PLAY_BY_KEY,
    _SUIT_BASE,
    ChooseContract,
    PassCards,
    Play,
    _sort_key,
)
from pakka.games.anarchy.options import AnarchyOptions
from pakka.games.anarchy.rules import (
    CONTRACTS,
    DEALS,
    HAND,
    PASS_COUNT,
    Contract,
    _captures,
    _deal_score,
)
from pakka.games.anarchy.views import (
    AnarchyDealScored,
    AnarchyPlayer,
    AnarchyTable,
    AnarchyTrickWon,
    AnarchyView,
    CardsExchanged,
    ContractChosen,
    PassedCards,
    ReceivedCards,
    ScoreRow,
)

__all__ = ["AnarchyState"]

_is_none = partial(operator.is_, None)


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_sort_key))


def _cards_json(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


class AnarchyState(State[AnarchyOptions, AnarchyView]):
    """A match of ten deals.  Phases: ``pass`` (``pass_three``, simultaneous),
    ``contract`` (in turn from forehand), ``play`` (simultaneous tricks), ``over``."""

    dealer: int
    shuffles: int
    """Shuffles drawn so far (the next one is ``chance(shuffles)``)."""
    deal_no: int
    scores: list[int]
    remaining: list[list[Contract]]
    sheet: list[ScoreRow]
    phase: str
    hands: list[list[Card]]
    dummy: list[Card]
    spare: list[Card]
    out: list[Card]
    dead: list[Card]
    won: list[list[Card]]
    contracts: list[Contract | None]
    committed: list[Card | None]
    passing: list[tuple[Card, ...] | None]
    passed: list[list[Card]]
    received: list[list[Card]]
    spare_revealed: Card | None
    last_trick: AnarchyTrickWon | None
    history: list[Event]
    """This deal's public record (see :mod:`pakka.games.anarchy.views`)."""

    def __init__(
        self,
        game: Game[AnarchyOptions, Any],
        players: int,
        options: AnarchyOptions,
        seed: int,
        deck: list[Card] | None,
    ) -> None:
        super().__init__(game, players, options, seed, deck)
        n = players
        fd = options.first_dealer
        self.dealer = self.chance(0).randrange(n) if fd is None else fd
        self.shuffles = 1
        self.deal_no = 0
        self.scores = [0] * n
        self.remaining = [list(CONTRACTS) for _ in range(n)]
        self.sheet = []
        self._start_deal(deck)

    # --- dealing and phases ---------------------------------------------------------------

    def deal_number(self) -> int:
        """The current deal, 0-based (``deal_no`` is the 1-based number players see)."""
        return self.deal_no - 1

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % self.players

    def _start_deal(self, deck: list[Card] | None) -> list[Event]:
        n = self.players
        self.deal_no += 1
        if deck is None:
            deck = list(_DECKS[n])
            shuffle(deck, self.chance(self.shuffles))
            self.shuffles += 1
        else:
            deck = list(deck)
        packets = n + 1 if n == 3 else n
        dealt = [deck[p : HAND * packets : packets] for p in range(packets)]
        self.hands = [[] for _ in range(n)]
        for p in range(n):
            self.hands[(self.forehand + p) % n] = dealt[p]
        self.dummy = dealt[n] if n == 3 else []
        self.spare = deck[HAND * packets :]
        self.out = []
        self.dead = []
        self.won = [[] for _ in range(n)]
        self.contracts = [None] * n
        self.committed = [None] * n
        self.passing = [None] * n
        self.passed = [[] for _ in range(n)]
        self.received = [[] for _ in range(n)]
        self.spare_revealed = None
        self.last_trick = None
        self.history = []
        events: list[Event] = [DealStarted(deal=self.deal_no, dealer=self.dealer)]
        if self.options.pass_three:
            self.phase = "pass"
            return events
        return events + self._enter_contracts()

    def _enter_contracts(self) -> list[Event]:
        """Go on choosing from forehand; one remaining contract is taken automatically."""
        self.phase = "contract"
        events: list[Event] = []
        for p in range(self.players):
            s = (self.forehand + p) % self.players
            if self.contracts[s] is not None:
                continue
            if len(self.remaining[s]) > 1:
                return events
            events += self._choose(s, self.remaining[s][0], auto=True)
        self.phase = "play"
        return events

    def _choose(self, seat: int, contract: Contract, auto: bool) -> list[Event]:
        self.contracts[seat] = contract
        self.remaining[seat].remove(contract)
        event = ContractChosen(seat=seat, contract=contract, auto=auto)
        self.history.append(event)
        return [event]

    # --- protocol hooks ----------------------------------------------------------------------

    def _to_act(self) -> frozenset[int]:
        if self.phase == "play":
            return frozenset(compress(range(self.players), map(_is_none, self.committed)))
        if self.phase == "contract":
            for p in range(self.players):
                s = (self.forehand + p) % self.players
                if self.contracts[s] is None:
                    return frozenset((s,))
        if self.phase == "pass":
            return frozenset(compress(range(self.players), map(_is_none, self.passing)))
        return frozenset()

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "play":
            hand = self.hands[seat]
            try:
                keys = set(map(_KEY_OF_ID.__getitem__, map(id, hand)))
            except KeyError:  # cards from elsewhere (a stacked deck, a determinization)
                keys = {_SUIT_BASE[c.suit] + c.rank for c in hand}
            return list(map(_PLAY_BY_KEY.__getitem__, sorted(keys)))  # type: ignore[arg-type]
        if self.phase == "contract":
            return [_CONTRACT_ACTIONS[c] for c in self.remaining[seat]]
        hand = sorted(self.hands[seat], key=Card.sort_key)
        combos: Iterable[tuple[Card, ...]] = itertools.combinations(hand, PASS_COUNT)
        if len(set(hand)) < len(hand):
            combos = dict.fromkeys(combos)
        return [PassCards(combo) for combo in combos]

    def is_legal(self, seat: int, action: Action) -> bool:
        if self.phase == "play":
            return isinstance(action, Play) and action.card in self.hands[seat]
        if self.phase == "contract":
            return isinstance(action, ChooseContract) and action.contract in self.remaining[seat]
        if self.phase == "pass":
            return (
                isinstance(action, PassCards)
                and len(action.cards) == PASS_COUNT
                and not Counter(action.cards) - Counter(self.hands[seat])
            )
        return False

    def _illegal_reason(self, seat: int, action: Action) -> str:
        if self.phase == "contract":
            if not isinstance(action, ChooseContract):
                return "choose a contract first"
            if action.contract in CONTRACTS:
                return (
                    f"you have already played {action.contract}; "
                    f"remaining: {', '.join(self.remaining[seat])}"
                )
            return f"there is no contract {action.contract!r}"
        if self.phase == "pass":
            if not isinstance(action, PassCards):
                return "pass three cards first"
            return "pass exactly three cards from your hand"
        if not isinstance(action, Play):
            return "play one card to the trick"
        return f"{action.card} is not in your hand"

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Play):
            return self._apply_play(seat, action.card)
        if isinstance(action, ChooseContract):
            return self._choose(seat, action.contract, auto=False) + self._enter_contracts()
        assert isinstance(action, PassCards)
        return self._apply_pass(seat, action.cards)

    def _apply_pass(self, seat: int, cards: Sequence[Card]) -> list[Event]:
        hand = self.hands[seat]
        self.passing[seat] = tuple(hand.pop(hand.index(c)) for c in cards)
        events: list[Event] = [Committed(seat=seat)]
        if any(p is None for p in self.passing):
            return events
        n = self.players
        for s, given in enumerate(self.passing):
            assert given is not None
            r = (s + 1) % n
            self.hands[r].extend(given)
            self.passed[s] = list(given)
            self.received[r] = list(given)
            events.append(CardsPassed(seat=s, to=r, cards=given))
        self.passing = [None] * n
        exchanged = CardsExchanged()
        self.history.append(exchanged)
        events.append(exchanged)
        return events + self._enter_contracts()

    def _apply_play(self, seat: int, card: Card) -> list[Event]:
        hand = self.hands[seat]
        # The dealt object of the card's value (the one the legal plays hold) is taken if
        # the hand has it, else the first equal card: so a play read from JSON takes the
        # same physical card as the legal play it equals, and a replay is exact.
        dealt = _PLAY_BY_KEY[_SUIT_BASE[card.suit] + card.rank]
        assert dealt is not None
        self.committed[seat] = hand.pop(index_of(hand, dealt.card))
        event = Committed(seat=seat)
        if any(map(_is_none, self.committed)):
            return [event]
        return [event, *self._resolve()]

    def _resolve(self) -> list[Event]:
        """Everyone has committed: turn the cards (and the dummy's), capture (A6-A8)."""
        n = self.players
        cards: list[Card] = [c for c in self.committed if c is not None]
        owners: list[int | None] = list(range(n))
        if self.dummy:
            cards.append(self.dummy.pop())
            owners.append(None)
        bomb = False
        joker: int | None = None
        if JOKER_SUIT in [c.suit for c in cards]:  # one joker in the pack
            for i, c in enumerate(cards):
                if c.suit == JOKER_SUIT:
                    bomb, joker = True, i
                    if n < 5:
                        self.out.append(c)
                        cards[i] = self.spare.pop()
                        self.spare_revealed = cards[i]
        opts = self.options
        captures = _captures(
            cards,
            bomb,
            opts.all_different_suits == "highest_singleton_takes_all",
            opts.dup_tie == "tied_keep_rest_dead",
        )
        captured_by: list[int | None] = []
        won = self.won
        dead = self.dead
        for c, k in zip(cards, captures, strict=True):
            owner = None if k < 0 else owners[k]
            if owner is None:  # the dead pile: the dummy's captures, or nobody's
                dead.append(c)
            else:
                won[owner].append(c)
            captured_by.append(owner)
        self.committed = [None] * n
        trick = AnarchyTrickWon(
            winner=None,
            cards=tuple(cards),
            played_by=tuple(owners),
            captured_by=tuple(captured_by),
            bomb=bomb,
            joker=joker,
        )
        self.last_trick = trick
        self.history.append(trick)
        if self.hands[0]:
            return [trick]
        return [trick, *self._score_deal()]

    def _score_deal(self) -> list[Event]:
        opts = self.options
        contracts: list[Contract] = []
        scores: list[int] = []
        for s in range(self.players):
            contract = self.contracts[s]
            assert contract is not None
            score = _deal_score(contract, self.won[s], opts.quad_requires_four_suits, opts.par)
            self.scores[s] += score
            contracts.append(contract)
            scores.append(score)
        row = ScoreRow(contracts=tuple(contracts), scores=tuple(scores))
        self.sheet.append(row)
        events: list[Event] = [
            AnarchyDealScored(
                deal=self.deal_no,
                scores=row.scores,
                totals=tuple(self.scores),
                contracts=row.contracts,
                won=tuple(_sorted(w) for w in self.won),
            )
        ]
        if self.deal_no >= DEALS:
            self.phase = "over"
            result = self._result()
            events.append(
                MatchOver(scores=result.scores, ranks=result.ranks, winners=tuple(result.winners))
            )
            return events
        self.dealer = (self.dealer + 1) % self.players
        return events + self._start_deal(None)

    # --- reading the state ---------------------------------------------------------------------

    def _view(self, seat: int | None) -> AnarchyView:
        n = self.players
        hands = self.hands
        committed = self.committed
        passing = self.passing
        players = tuple(
            AnarchyPlayer(
                seat=s,
                cards=len(hands[s]),
                committed=committed[s] is not None or passing[s] is not None,
                remaining=tuple(self.remaining[s]),
                won=_sorted(self.won[s]),
            )
            for s in range(n)
        )
        my_commit = my_pass = passed = received = None
        if seat is not None:
            my_commit = committed[seat]
            mine = passing[seat]
            my_pass = None if mine is None else _sorted(mine)
            if self.passed[seat]:
                passed = PassedCards(to=(seat + 1) % n, cards=_sorted(self.passed[seat]))
                received = ReceivedCards(
                    from_seat=(seat - 1) % n, cards=_sorted(self.received[seat])
                )
        reveal = n == 3 and self.phase == "play" and self.options.dummy_reveal == "before"
        table = AnarchyTable(
            dealer=self.dealer,
            forehand=self.forehand,
            contracts=tuple(self.contracts),
            my_commit=my_commit,
            my_pass=my_pass,
            passed=passed,
            received=received,
            last_trick=self.last_trick,
            dead=_sorted(self.dead),
            out=_sorted(self.out),
            dummy=len(self.dummy) if n == 3 else None,
            dummy_top=self.dummy[-1] if reveal and self.dummy else None,
            spare=len(self.spare),
            spare_revealed=self.spare_revealed,
            score_sheet=tuple(self.sheet),
        )
        view: AnarchyView = self.envelope(
            seat,
            deal=self.deal_no,
            phase=self.phase,
            hand=None if seat is None else _sorted(hands[seat]),
            players=players,
            table=table,
            scores=tuple(self.scores),
            history=tuple(self.history),
        )
        return view

    def _is_over(self) -> bool:
        return self.phase == "over"

    def _result(self) -> MatchResult:
        sheet = [{"contracts": list(r.contracts), "scores": list(r.scores)} for r in self.sheet]
        return MatchResult(
            tuple(self.scores), ranks_from_scores(self.scores), {"score_sheet": sheet}
        )

    def _clone_into(self, new: AnarchyState) -> None:
        new.scores = list(self.scores)
        new.remaining = [list(r) for r in self.remaining]
        new.sheet = list(self.sheet)
        new.hands = [list(h) for h in self.hands]
        new.dummy = list(self.dummy)
        new.spare = list(self.spare)
        new.out = list(self.out)
        new.dead = list(self.dead)
        new.won = [list(w) for w in self.won]
        new.contracts = list(self.contracts)
        new.committed = list(self.committed)
        new.passing = list(self.passing)
        new.passed = [list(p) for p in self.passed]
        new.received = [list(r) for r in self.received]
        new.history = list(self.history)

    def full_state(self) -> JSON:
        def opt(c: Card | None) -> str | None:
            return None if c is None else str(c)

        last = self.last_trick
        return {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "shuffles": self.shuffles,
            "scores": list(self.scores),
            "remaining": [list(r) for r in self.remaining],
            "sheet": [[list(r.contracts), list(r.scores)] for r in self.sheet],
            "hands": [_cards_json(h) for h in self.hands],
            "dummy": _cards_json(self.dummy),
            "spare": _cards_json(self.spare),
            "out": _cards_json(self.out),
            "dead": _cards_json(self.dead),
            "won": [_cards_json(w) for w in self.won],
            "contracts": list(self.contracts),
            "committed": [opt(c) for c in self.committed],
            "passing": [None if p is None else _cards_json(p) for p in self.passing],
            "passed": [_cards_json(p) for p in self.passed],
            "received": [_cards_json(r) for r in self.received],
            "spare_revealed": opt(self.spare_revealed),
            "last_trick": None if last is None else last.to_json(),
            "history": [e.to_json() for e in self.history],
        }

    def card_locations(self) -> dict[str, list[Card]]:
        locs = {f"hand:{s}": list(h) for s, h in enumerate(self.hands)}
        locs |= {f"won:{s}": list(w) for s, w in enumerate(self.won)}
        for s, c in enumerate(self.committed):
            if c is not None:
                locs[f"committed:{s}"] = [c]
        for s, p in enumerate(self.passing):
            if p is not None:
                locs[f"passing:{s}"] = list(p)
        locs["dead"] = list(self.dead)
        locs["out"] = list(self.out)
        locs["spare"] = list(self.spare)
        if self.players == 3 and self.phase == "play" and self.options.dummy_reveal == "before":
            locs["dummy"] = self.dummy[:-1]
            locs["dummy_top"] = self.dummy[-1:]
        else:
            locs["dummy"] = list(self.dummy)
        return locs

    def visible_locations(self, seat: int | None) -> set[str]:
        public = {f"won:{s}" for s in range(self.players)} | {"dead", "out", "dummy_top"}
        if seat is None:
            return public
        return public | {f"hand:{seat}", f"committed:{seat}", f"passing:{seat}"}

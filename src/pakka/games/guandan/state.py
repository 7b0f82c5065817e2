"""The Guandan match: deal, tribute and return, tricks with jiefeng, levels, the end at Ace.

Phases: ``return`` (tribute receivers choose their return cards; in a double tribute both
act at once and the returns are shown only when both are in), ``play`` and ``over``.
Tribute itself is automatic (:func:`~pakka.games.guandan.rules.tribute_card`).

Card locations: ``hidden:s`` (cards of seat ``s`` only it knows), ``shown:s`` (cards in
its hand everyone knows: received tribute and return cards, and the red jokers an
anti-tribute revealed, until played), ``played`` (this deal's plays), and ``committed:s``
(a return chosen but not yet revealed).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from pakka.cards import RED_JOKER, Card, guandan_deck
from pakka.engine import JSON, Action, Game, MatchResult, State, shuffle
from pakka.events import Committed, Event, MatchOver
from pakka.games.guandan.actions import PASS, Play, Return
from pakka.games.guandan.combos import (
    card_kind,
    classify,
    level_rank,
    reading_key,
    readings,
    sort_kinds,
)
from pakka.games.guandan.events import (
    AFailed,
    AntiTribute,
    CardReturned,
    Finished,
    GuandanCardsPlayed,
    GuandanDealScored,
    GuandanDealStarted,
    GuandanTrickWon,
    Passed,
    TributePaid,
)
from pakka.games.guandan.moves import raw_plays, to_play, to_plays
from pakka.games.guandan.options import GuandanOptions
from pakka.games.guandan.rules import LEVELS, PLAYERS, advance, return_options, tribute_plan
from pakka.games.guandan.views import GuandanPlayer, GuandanTable, GuandanView

__all__ = ["GuandanState", "play_of_event"]

_SORT: Final = {(c.suit, c.rank): c.sort_key() for c in guandan_deck()}
_KIND: Final = {(c.suit, c.rank): card_kind(c) for c in guandan_deck()}
"""Card kind by (suit, rank): the hand checks of the play phase."""
_STR: Final = {(c.suit, c.rank): str(c) for c in guandan_deck()}
_LEVEL_NUMBER: Final = {label: i + 2 for i, label in enumerate(LEVELS)}
"""A level as a number (``"2"`` -> 2 .. ``"A"`` -> 14): the scores."""


def _display(cards: list[Card]) -> tuple[Card, ...]:
    """Cards in display order (suits S H D C, ranks up, jokers last)."""
    return tuple(sorted(cards, key=lambda c: _SORT[c.suit, c.rank]))


def play_of_event(event: GuandanCardsPlayed, level: str) -> Play:
    """The play a :class:`GuandanCardsPlayed` event tells, read at the deal's ``level``."""
    L = level_rank(level)
    kinds = sort_kinds((card_kind(c) for c in event.cards), L)
    for t, r in readings(list(kinds), L):
        if t == event.combo and reading_key(t, r, len(kinds)) == event.key:
            return to_play((t, r, kinds), L)
    raise ValueError(f"{event} is not a reading at level {level}")


class GuandanState(State[GuandanOptions, GuandanView]):
    """A Guandan match in progress."""

    levels: list[str]
    a_fails: list[int]
    owner: int | None
    deal_no: int
    deal_level: str
    winner: int | None
    prev_order: list[int]
    shuffles: int
    phase: str
    hands: list[list[Card]]
    shown: list[list[Card]]
    played: list[Card]
    history: list[GuandanCardsPlayed]
    """This deal's plays, as the events that told them (the view's history)."""
    finished: list[int]
    top: Play | None
    top_seat: int | None
    passes: list[int]
    trick: list[GuandanCardsPlayed | Passed]
    """The trick in progress: its plays and passes in order."""
    last_trick: list[GuandanCardsPlayed]
    """The plays of this deal's last finished trick."""
    sheet: list[GuandanDealScored]
    """Every finished deal's score event (the view's score sheet)."""
    tribute: list[tuple[int, int, Card]]
    returns: list[tuple[int, int, Card]]
    committed: dict[int, Card]
    pending: dict[int, int]
    anti: bool
    red_joker_holders: list[int]
    leader: int
    turn: int
    _cache: tuple[int, list[Action]] | None

    def __init__(
        self,
        game: Game[GuandanOptions, Any],
        players: int,
        options: GuandanOptions,
        seed: int,
        deck: list[Card] | None,
    ) -> None:
        super().__init__(game, players, options, seed, deck)
        self.levels = ["2", "2"]
        self.a_fails = [0, 0]
        self.owner = None
        self.deal_no = 0
        self.deal_level = "2"
        self.winner = None
        self.prev_order = []
        self.sheet = []
        self.shuffles = 0
        self._cache = None
        self._start_deal(deck)

    # --- deal and tribute ------------------------------------------------------------

    def _start_deal(self, deck: list[Card] | None) -> list[Event]:
        rng = self.chance(self.shuffles)
        if deck is None:
            deck = guandan_deck()
            shuffle(deck, rng)
        self.shuffles += 1
        self.deal_no += 1
        self.hands = [deck[s::PLAYERS] for s in range(PLAYERS)]
        self.shown = [[] for _ in range(PLAYERS)]
        self.played = []
        self.history = []
        self.finished = []
        self.top = None
        self.top_seat = None
        self.passes = []
        self.trick = []
        self.last_trick = []
        self.tribute = []
        self.returns = []
        self.committed = {}
        self.pending = {}
        self.anti = False
        self.red_joker_holders = []
        self._cache = None
        self.phase = "play"
        L = level_rank(self.deal_level)
        if self.deal_no == 1:
            first = self.options.first_leader
            self.leader = rng.randrange(PLAYERS) if first is None else first
            self.turn = self.leader
            return [GuandanDealStarted(deal=1, level=self.deal_level, leader=self.leader)]
        plan = tribute_plan(self.prev_order, self.hands, L)
        self.leader = plan.leader
        self.turn = plan.leader
        events: list[Event] = [
            GuandanDealStarted(deal=self.deal_no, level=self.deal_level, leader=plan.leader)
        ]
        if plan.anti:
            self.anti = True
            self.red_joker_holders = list(plan.red_joker_holders)
            for s in set(plan.red_joker_holders):
                self.shown[s] += [c for c in self.hands[s] if c.is_joker and c.rank == RED_JOKER]
            events.append(AntiTribute(holders=plan.red_joker_holders))
            return events
        for payer, receiver, card in plan.payments:
            physical = self._take(payer, card)
            self.hands[receiver].append(physical)
            self.shown[receiver].append(physical)
            self.tribute.append((payer, receiver, physical))
            self.pending[receiver] = payer
            events.append(TributePaid(seat=payer, to=receiver, card=physical))
        self.phase = "return"
        return events

    def _take(self, seat: int, card: Card) -> Card:
        """Remove one copy of ``card`` from a hand (a publicly known copy first)."""
        hand, shown = self.hands[seat], self.shown[seat]
        for i, c in enumerate(shown):
            if c == card:
                del shown[i]
                for j, h in enumerate(hand):
                    if h is c:
                        del hand[j]
                        return c
        for j, h in enumerate(hand):
            if h == card and not any(h is x for x in shown):
                del hand[j]
                return h
        raise ValueError(f"seat {seat} does not hold {card}")

    # --- protocol --------------------------------------------------------------------

    def _to_act(self) -> frozenset[int]:
        if self.phase == "return":
            return frozenset(s for s in self.pending if s not in self.committed)
        return frozenset((self.turn,))

    def _legal_actions(self, seat: int) -> list[Action]:
        cache = self._cache
        if cache is not None and cache[0] == seat:
            return list(cache[1])
        actions: list[Action]
        if self.phase == "return":
            actions = [Return(c) for c in return_options(self.hands[seat], self.deal_level)]
        else:
            L = level_rank(self.deal_level)
            counts = [0] * 54
            for c in self.hands[seat]:
                counts[card_kind(c)] += 1
            to_beat = None if self.top is None else self.top.combo
            actions = list(to_plays(raw_plays(counts, L, to_beat), L))
            if to_beat is not None:
                actions.insert(0, PASS)
        self._cache = (seat, actions)
        return list(actions)

    def is_legal(self, seat: int, action: Action) -> bool:
        if self.phase == "return":
            return (
                isinstance(action, Return)
                and seat in self.pending
                and seat not in self.committed
                and action.card in return_options(self.hands[seat], self.deal_level)
            )
        if not isinstance(action, Play) or seat != self.turn:
            return False
        if action.combo is None:
            return self.top is not None
        return self._read(seat, action) is not None

    def _read(self, seat: int, play: Play) -> Play | None:
        """The play in the state's terms if ``seat`` may make it now, else ``None``."""
        combo = play.combo
        if combo is None or not 1 <= len(play.cards) <= 10:
            return None
        try:
            want = [_KIND[c.suit, c.rank] for c in play.cards]
        except (KeyError, AttributeError):
            return None
        have = [0] * 54
        for c in self.hands[seat]:
            have[_KIND[c.suit, c.rank]] += 1
        for k in want:
            have[k] -= 1
            if have[k] < 0:
                return None
        L = level_rank(self.deal_level)
        kinds = sort_kinds(want, L)
        n = len(kinds)
        for ctype, r in readings(list(kinds), L):
            if ctype == combo.type and reading_key(ctype, r, n) == combo.key:
                mine = to_play((ctype, r, kinds), L)
                if self.top is not None:
                    assert self.top.combo is not None and mine.combo is not None
                    if not mine.combo.beats(self.top.combo):
                        return None
                return mine
        return None

    def _illegal_reason(self, seat: int, action: Action) -> str:
        if self.phase == "return":
            options = " ".join(str(c) for c in return_options(self.hands[seat], self.deal_level))
            return f"return one card to the tribute payer: {options}"
        if not isinstance(action, Play):
            return "play cards or pass"
        if action.combo is None:
            return "the leader must play"
        if any(Counter(self.hands[seat])[c] < n for c, n in Counter(action.cards).items()):
            return "you do not hold those cards"
        found = classify(action.cards, level_rank(self.deal_level))
        if not any(c.type == action.combo.type and c.key == action.combo.key for c in found):
            names = ", ".join(str(c) for c in found) or "nothing"
            return f"at level {self.deal_level} those cards read as {names}, not {action.combo}"
        assert self.top is not None and self.top.combo is not None
        return f"{action.combo} does not beat {self.top.combo}"

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self._cache = None
        if isinstance(action, Return):
            return self._apply_return(seat, action.card)
        assert isinstance(action, Play)
        if action.combo is None:
            return self._apply_pass(seat)
        play = self._read(seat, action)
        assert play is not None
        return self._apply_play(seat, play)

    def _apply_return(self, seat: int, card: Card) -> list[Event]:
        self.committed[seat] = self._take(seat, card)
        events: list[Event] = [Committed(seat=seat)]
        if len(self.committed) < len(self.pending):
            return events
        for receiver in sorted(self.pending):
            payer = self.pending[receiver]
            physical = self.committed[receiver]
            self.hands[payer].append(physical)
            self.shown[payer].append(physical)
            self.returns.append((receiver, payer, physical))
            events.append(CardReturned(seat=receiver, to=payer, card=physical))
        self.committed = {}
        self.pending = {}
        self.phase = "play"
        return events

    def _active(self, seat: int) -> bool:
        return seat not in self.finished

    def _next_active(self, seat: int) -> int:
        for i in range(1, PLAYERS + 1):
            s = (seat + i) % PLAYERS
            if s not in self.finished:
                return s
        return seat

    def _apply_play(self, seat: int, play: Play) -> list[Event]:
        for c in play.cards:
            self.played.append(self._take(seat, c))
        combo = play.combo
        assert combo is not None
        told = GuandanCardsPlayed(seat=seat, cards=play.cards, combo=combo.type, key=combo.key)
        self.history.append(told)
        self.top = play
        self.top_seat = seat
        self.passes = []
        self.trick.append(told)
        events: list[Event] = [told]
        if not self.hands[seat]:
            self.finished.append(seat)
            events.append(Finished(seat=seat, place=len(self.finished)))
            if self._deal_over():
                return events + self._end_deal()
        self.turn = self._next_active(seat)
        return events

    def _apply_pass(self, seat: int) -> list[Event]:
        self.passes.append(seat)
        passed = Passed(seat=seat)
        self.trick.append(passed)
        events: list[Event] = [passed]
        holder = self.top_seat
        assert holder is not None
        others = {s for s in range(PLAYERS) if self._active(s) and s != holder}
        if others.issubset(self.passes):
            if self._active(holder):
                lead = holder
            elif self._active((holder + 2) % PLAYERS):
                lead = (holder + 2) % PLAYERS
            else:
                lead = self._next_active(holder)
            self.top = None
            self.top_seat = None
            self.passes = []
            self.last_trick = [e for e in self.trick if isinstance(e, GuandanCardsPlayed)]
            self.trick = []
            self.turn = lead
            events.append(GuandanTrickWon(winner=holder, leader=lead))
        else:
            self.turn = self._next_active(seat)
        return events

    def _deal_over(self) -> bool:
        if len(self.finished) >= PLAYERS - 1:
            return True
        f = self.finished
        return bool(self.options.end_on_double_win and len(f) == 2 and f[0] % 2 == f[1] % 2)

    def _end_deal(self) -> list[Event]:
        last = self.finished[-1]
        order = list(self.finished)
        order += [s for s in ((last + i) % PLAYERS for i in range(1, PLAYERS)) if s not in order]
        start_levels = list(self.levels)
        levels, winner = advance(
            start_levels,
            self.deal_level,
            order,
            owner=self.owner,
            pass_a_requires_owner=self.options.pass_a_requires_owner,
        )
        self.levels = list(levels)
        self.prev_order = order
        team = order[0] % 2
        if winner is not None:
            self.winner = winner
            self.phase = "over"
            result = self._result()
            self.sheet.append(self._scored(start_levels))
            return [
                self.sheet[-1],
                MatchOver(scores=result.scores, ranks=result.ranks, winners=tuple(result.winners)),
            ]
        failed: list[Event] = []
        limit = self.options.a_fail_limit
        if limit and self.deal_level == "A":
            for t in (0, 1):
                if start_levels[t] == "A":
                    self.a_fails[t] += 1
                    if self.a_fails[t] >= limit:
                        self.a_fails[t] = 0
                        self.levels[t] = "2"
                        failed.append(AFailed(team=t))
        self.sheet.append(self._scored(start_levels))
        events = [self.sheet[-1], *failed]
        self.owner = team
        self.deal_level = self.levels[team]
        return events + self._start_deal(None)

    def _scored(self, start_levels: list[str]) -> GuandanDealScored:
        """The deal's :class:`GuandanDealScored` (levels settled, before the next deal)."""
        totals = tuple(_LEVEL_NUMBER[self.levels[s % 2]] for s in range(PLAYERS))
        before = [_LEVEL_NUMBER[start_levels[s % 2]] for s in range(PLAYERS)]
        return GuandanDealScored(
            deal=self.deal_no,
            level=self.deal_level,
            scores=tuple(t - b for t, b in zip(totals, before, strict=True)),
            totals=totals,
            finish_order=tuple(self.prev_order),
            levels=(self.levels[0], self.levels[1]),
        )

    def deal_number(self) -> int:
        """The current deal, from 1 (the last one once the match is over)."""
        return self.deal_no

    # --- views -----------------------------------------------------------------------

    def _view(self, seat: int | None) -> GuandanView:
        history = self.history
        committed = self.committed
        finished = self.finished
        view: GuandanView = self.envelope(
            seat,
            deal=self.deal_no,
            phase=self.phase,
            hand=None if seat is None else _display(self.hands[seat]),
            players=tuple(
                GuandanPlayer(
                    seat=s,
                    team=s % 2,
                    cards=len(self.hands[s]),
                    place=finished.index(s) + 1 if s in finished else None,
                    known=_display(self.shown[s]),
                    committed=s in committed,
                )
                for s in range(PLAYERS)
            ),
            table=GuandanTable(
                level=self.deal_level,
                levels=(self.levels[0], self.levels[1]),
                owner=self.owner,
                a_fails=(self.a_fails[0], self.a_fails[1]),
                leader=self.leader,
                turn=self.turn,
                top=None if self.top is None else history[-1],
                passes=tuple(self.passes),
                trick=tuple(self.trick),
                last_trick=tuple(self.last_trick),
                finish_order=tuple(finished),
                prev_finish_order=tuple(self.prev_order),
                tribute=tuple(TributePaid(seat=a, to=b, card=c) for a, b, c in self.tribute),
                returns=tuple(CardReturned(seat=a, to=b, card=c) for a, b, c in self.returns),
                anti_tribute=self.anti,
                red_joker_holders=tuple(self.red_joker_holders),
                my_return=None if seat is None else committed.get(seat),
                winner=self.winner,
                sheet=tuple(self.sheet),
            ),
            scores=tuple(_LEVEL_NUMBER[self.levels[s % 2]] for s in range(PLAYERS)),
            history=tuple(history),
        )
        return view

    def _is_over(self) -> bool:
        return self.winner is not None

    def _result(self) -> MatchResult:
        assert self.winner is not None
        scores = tuple(1.0 if s % 2 == self.winner else 0.0 for s in range(PLAYERS))
        ranks = tuple(1 if s % 2 == self.winner else 3 for s in range(PLAYERS))
        return MatchResult(scores, ranks, {"levels": list(self.levels), "deals": self.deal_no})

    def _clone_into(self, new: GuandanState) -> None:
        new.levels = list(self.levels)
        new.a_fails = list(self.a_fails)
        new.prev_order = list(self.prev_order)
        new.hands = [list(h) for h in self.hands]
        new.shown = [list(h) for h in self.shown]
        new.played = list(self.played)
        new.history = list(self.history)
        new.finished = list(self.finished)
        new.passes = list(self.passes)
        new.trick = list(self.trick)
        new.last_trick = list(self.last_trick)
        new.sheet = list(self.sheet)
        new.tribute = list(self.tribute)
        new.returns = list(self.returns)
        new.committed = dict(self.committed)
        new.pending = dict(self.pending)
        new.red_joker_holders = list(self.red_joker_holders)

    def full_state(self) -> JSON:
        return {
            "levels": list(self.levels),
            "a_fails": list(self.a_fails),
            "owner": self.owner,
            "deal": self.deal_no,
            "deal_level": self.deal_level,
            "winner": self.winner,
            "prev_order": list(self.prev_order),
            "shuffles": self.shuffles,
            "phase": self.phase,
            "hands": [" ".join(sorted([_STR[c.suit, c.rank] for c in h])) for h in self.hands],
            "shown": [" ".join(sorted([_STR[c.suit, c.rank] for c in h])) for h in self.shown],
            "history": [e.to_json() for e in self.history],
            "finished": list(self.finished),
            "top": None if self.top is None else str(self.top),
            "top_seat": self.top_seat,
            "passes": list(self.passes),
            "trick": [e.to_json() for e in self.trick],
            "last_trick": [e.to_json() for e in self.last_trick],
            "sheet": [e.to_json() for e in self.sheet],
            "turn": self.turn,
            "leader": self.leader,
            "tribute": [(a, b, str(c)) for a, b, c in self.tribute],
            "returns": [(a, b, str(c)) for a, b, c in self.returns],
            "committed": {str(s): str(c) for s, c in self.committed.items()},
            "pending": {str(s): p for s, p in self.pending.items()},
            "anti": self.anti,
            "red_joker_holders": list(self.red_joker_holders),
        }

    def card_locations(self) -> dict[str, list[Card]]:
        locs: dict[str, list[Card]] = {}
        for s in range(PLAYERS):
            shown = self.shown[s]
            locs[f"hidden:{s}"] = [c for c in self.hands[s] if not any(c is x for x in shown)]
            locs[f"shown:{s}"] = list(shown)
        for s, c in self.committed.items():
            locs[f"committed:{s}"] = [c]
        locs["played"] = list(self.played)
        return locs

    def visible_locations(self, seat: int | None) -> set[str]:
        public = {f"shown:{s}" for s in range(PLAYERS)} | {"played"}
        if seat is None:
            return public
        return public | {f"hidden:{seat}", f"committed:{seat}"}

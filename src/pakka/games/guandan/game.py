"""The Guandan match: deal, tribute and return, tricks with jiefeng, levels, the end at Ace.

Rules: ``shared/rules/guandan.md`` (the specification), seed
``shared/seeds/003_20a81e218d3e98c5.txt``; players' version in ``docs/rules/guandan.md``.

Encoding choices
    * Dealing: card ``i`` of the (shuffled or stacked) pack goes to seat ``i % 4``.  The
      first leader of deal 1 is ``options.first_leader`` or, if ``None``, drawn from the
      match's chance RNG 0 (the one that shuffles deal 1); deal ``k`` shuffles with
      chance RNG ``k - 1``.
    * Phases: ``return`` (tribute receivers choose their return cards; in a double tribute
      both act at once and the returns are shown only when both are in) and ``play``.
      Tribute itself is automatic (:func:`~pakka.games.guandan.rules.tribute_card`).
    * Card locations: ``hidden:s`` (cards of seat ``s`` only it knows), ``shown:s`` (cards
      in its hand everyone knows: received tribute and return cards, and the red jokers
      an anti-tribute revealed, until played), ``played`` (this deal's plays), and
      ``committed:s`` (a return chosen but not yet revealed).
    * ``legal_actions`` in the play phase lists every play in full mode (people pick
      exact cards); ``is_legal`` checks a play without generating the list.
    * Scores: each seat's team level as a number (2..14); the result gives 1 to the two
      winners and 0 to the others.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from pakka.cards import RED_JOKER, Card, guandan_deck, parse_card, parse_cards
from pakka.engine import (
    JSON,
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    MatchResult,
    State,
)
from pakka.errors import NotationError
from pakka.games.guandan.combos import (
    TYPES,
    Combo,
    card_kind,
    classify,
    level_rank,
    reading_key,
    reading_value,
    readings,
    sort_kinds,
)
from pakka.games.guandan.moves import PASS, Play, raw_plays, to_play, to_plays
from pakka.games.guandan.rules import LEVELS, advance, return_options, tribute_plan

PLAYERS: Final = 4
HAND: Final = 27


@dataclass(frozen=True, slots=True)
class Return(Action):
    """A tribute receiver's return card."""

    type = "return"
    card: Card

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def __str__(self) -> str:
        return f"return {self.card}"

    def to_json(self) -> JSON:
        return {"type": "return", "cards": [str(self.card)]}


@dataclass(frozen=True)
class GuandanOptions:
    """Variant flags (see ``docs/rules/guandan.md``)."""

    end_on_double_win: bool = False
    """End a deal as soon as one team holds 1st and 2nd (the seed plays on to the 3rd)."""
    pass_a_requires_owner: bool = False
    """A team at A wins the match only in a deal it owns (the seed has no such condition)."""
    a_fail_limit: int = 0
    """Back to level 2 after this many failed deals at the team's own A (0 = never)."""
    first_leader: int | None = None
    """Seat that leads deal 1; ``None`` = drawn from the seeded chance RNG."""

    def __post_init__(self) -> None:
        if not isinstance(self.a_fail_limit, int) or self.a_fail_limit < 0:
            raise ValueError(
                f"a_fail_limit must be 0 (no limit) or more, not {self.a_fail_limit!r}"
            )
        if self.first_leader is not None and self.first_leader not in range(PLAYERS):
            raise ValueError(f"first_leader must be a seat 0-3 or None, not {self.first_leader!r}")


class GuandanState(State):
    """A Guandan match in progress."""

    def __init__(
        self, game: Game, players: int, options: Any, seed: int, deck: list[Card] | None
    ) -> None:
        super().__init__(game, players, options, seed, deck)
        self.levels = ["2", "2"]
        self.a_fails = [0, 0]
        self.owner: int | None = None
        self.deal_no = 0
        self.deal_level = "2"
        self.winner: int | None = None
        self.prev_order: list[int] = []
        self.shuffles = 0
        self._cache: tuple[int, list[Action]] | None = None
        self._start_deal(deck)

    # --- deal and tribute ------------------------------------------------------------

    def _start_deal(self, deck: list[Card] | None) -> list[Event]:
        rng = self.chance(self.shuffles)
        if deck is None:
            deck = guandan_deck()
            rng.shuffle(deck)
        self.shuffles += 1
        self.deal_no += 1
        self.hands: list[list[Card]] = [deck[s::PLAYERS] for s in range(PLAYERS)]
        self.shown: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.played: list[Card] = []
        self.history: list[JSON] = []
        self.finished: list[int] = []
        self.top: Play | None = None
        self.top_seat: int | None = None
        self.passes: list[int] = []
        self.tribute: list[tuple[int, int, Card]] = []
        self.returns: list[tuple[int, int, Card]] = []
        self.committed: dict[int, Card] = {}
        self.pending: dict[int, int] = {}
        self.anti = False
        self.red_joker_holders: list[int] = []
        self._cache = None
        self.phase = "play"
        L = level_rank(self.deal_level)
        if self.deal_no == 1:
            first = self.options.first_leader
            self.leader = rng.randrange(PLAYERS) if first is None else first
            self.turn = self.leader
            return [Event("deal", {"deal": 1, "level": self.deal_level, "leader": self.leader})]
        plan = tribute_plan(self.prev_order, self.hands, L)
        self.leader = plan.leader
        self.turn = plan.leader
        events = [Event("deal", {"deal": self.deal_no, "level": self.deal_level})]
        if plan.anti:
            self.anti = True
            self.red_joker_holders = list(plan.red_joker_holders)
            for s in set(plan.red_joker_holders):
                self.shown[s] += [c for c in self.hands[s] if c.is_joker and c.rank == RED_JOKER]
            events.append(Event("anti_tribute", {"holders": self.red_joker_holders}))
            return events
        for payer, receiver, card in plan.payments:
            physical = self._take(payer, card)
            self.hands[receiver].append(physical)
            self.shown[receiver].append(physical)
            self.tribute.append((payer, receiver, physical))
            self.pending[receiver] = payer
            events.append(Event("tribute", {"from": payer, "to": receiver, "card": str(card)}))
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
        L = level_rank(self.deal_level)
        found = classify(action.cards, L)
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
        events = [Event("return_chosen", {"seat": seat})]
        if len(self.committed) < len(self.pending):
            return events
        for receiver in sorted(self.pending):
            payer = self.pending[receiver]
            physical = self.committed[receiver]
            self.hands[payer].append(physical)
            self.shown[payer].append(physical)
            self.returns.append((receiver, payer, physical))
            events.append(Event("return", {"from": receiver, "to": payer, "card": str(physical)}))
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
        self.history.append(_entry(seat, play))
        self.top = play
        self.top_seat = seat
        self.passes = []
        events = [Event("play", {"seat": seat, **play.to_json()})]
        if not self.hands[seat]:
            self.finished.append(seat)
            events.append(Event("finished", {"seat": seat, "place": len(self.finished)}))
            if self._deal_over():
                return events + self._end_deal()
        self.turn = self._next_active(seat)
        return events

    def _apply_pass(self, seat: int) -> list[Event]:
        self.passes.append(seat)
        events = [Event("pass", {"seat": seat})]
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
            self.turn = lead
            events.append(Event("trick_won", {"seat": holder, "leader": lead}))
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
        events = [Event("deal_over", {"finish_order": order, "levels": list(self.levels)})]
        if winner is not None:
            self.winner = winner
            self.phase = "over"
            return [*events, Event("match_over", {"winner": winner})]
        limit = self.options.a_fail_limit
        if limit and self.deal_level == "A":
            for t in (0, 1):
                if start_levels[t] == "A":
                    self.a_fails[t] += 1
                    if self.a_fails[t] >= limit:
                        self.a_fails[t] = 0
                        self.levels[t] = "2"
                        events.append(Event("a_failed", {"team": t}))
        self.owner = team
        self.deal_level = self.levels[team]
        return events + self._start_deal(None)

    # --- views -----------------------------------------------------------------------

    def _observation(self, seat: int | None) -> JSON:
        top = None if self.top is None else dict(self.history[-1])
        return {
            "deal": self.deal_no,
            "phase": self.phase,
            "hand": None if seat is None else _hand_json(self.hands[seat]),
            "players": [
                {
                    "seat": s,
                    "team": s % 2,
                    "cards": len(self.hands[s]),
                    "place": self.finished.index(s) + 1 if s in self.finished else None,
                    "known": _hand_json(self.shown[s]),
                    "committed": s in self.committed,
                }
                for s in range(PLAYERS)
            ],
            "table": {
                "level": self.deal_level,
                "levels": list(self.levels),
                "owner": self.owner,
                "a_fails": list(self.a_fails),
                "leader": self.leader,
                "turn": self.turn,
                "top": top,
                "passes": list(self.passes),
                "finish_order": list(self.finished),
                "prev_finish_order": list(self.prev_order),
                "tribute": [{"from": a, "to": b, "card": str(c)} for a, b, c in self.tribute],
                "returns": [{"from": a, "to": b, "card": str(c)} for a, b, c in self.returns],
                "anti_tribute": self.anti,
                "red_joker_holders": list(self.red_joker_holders),
                "my_return": None
                if seat is None or seat not in self.committed
                else str(self.committed[seat]),
                "winner": self.winner,
            },
            "scores": [LEVELS.index(self.levels[s % 2]) + 2 for s in range(PLAYERS)],
            "history": [dict(e) for e in self.history],
        }

    def _is_over(self) -> bool:
        return self.winner is not None

    def _result(self) -> MatchResult:
        assert self.winner is not None
        scores = tuple(1.0 if s % 2 == self.winner else 0.0 for s in range(PLAYERS))
        ranks = tuple(1 if s % 2 == self.winner else 3 for s in range(PLAYERS))
        return MatchResult(scores, ranks, {"levels": list(self.levels), "deals": self.deal_no})

    def _clone_into(self, new: State) -> None:
        assert isinstance(new, GuandanState)
        new.levels = list(self.levels)
        new.a_fails = list(self.a_fails)
        new.prev_order = list(self.prev_order)
        new.hands = [list(h) for h in self.hands]
        new.shown = [list(h) for h in self.shown]
        new.played = list(self.played)
        new.history = list(self.history)
        new.finished = list(self.finished)
        new.passes = list(self.passes)
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
            "history": self.history,
            "finished": list(self.finished),
            "top": None if self.top is None else str(self.top),
            "top_seat": self.top_seat,
            "passes": list(self.passes),
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


class GuandanGame(Game):
    """Guandan for four players in two partnerships."""

    info = GameInfo(
        name="guandan",
        title="Guandan",
        min_players=4,
        max_players=4,
        default_players=4,
        simultaneous=True,
        hidden_information=True,
        has_chance=True,
        score_bounds=(0, 1),
        option_samples={"a_fail_limit": (3,)},
        option_help={
            "end_on_double_win": "end a deal at once when one team takes 1st and 2nd "
            "(default: play on until the third player finishes, as the seed says)",
            "pass_a_requires_owner": "a team at Ace wins only in a deal it owns "
            "(default: any team at Ace that finishes 1-2 or 1-3 in a deal at Ace)",
            "a_fail_limit": "after this many failed deals at its own Ace a team drops "
            "back to 2 (0 = never, the default; 3 is the common house rule)",
            "first_leader": "seat that leads the first deal (default: drawn at random)",
        },
        description="Two partnerships climb from level 2 to Ace by shedding a two-deck hand "
        "first; the level's hearts are wild, and bombs beat everything.",
    )
    Options = GuandanOptions

    def _new_state(self, players: int, options: Any, seed: int, deck: list[Card] | None) -> State:
        return GuandanState(self, players, options, seed, deck)

    def deck(self, players: int, options: Any) -> list[Card]:
        return guandan_deck()

    def action_from_json(self, data: Any) -> Action:
        if not isinstance(data, dict):
            raise IllegalAction(None, data, "an action is a JSON object with a 'type'")
        kind = data.get("type")
        if kind == "pass" and set(data) == {"type"}:
            return PASS
        try:
            if kind == "return":
                cards = data["cards"]
                if not isinstance(cards, list) or len(cards) != 1 or not isinstance(cards[0], str):
                    raise IllegalAction(None, data, "a return gives exactly one card")
                return Return(parse_card(cards[0]))
            if kind == "play":
                return _play_from_json(data)
        except NotationError as exc:
            raise IllegalAction(None, data, str(exc)) from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise IllegalAction(None, data, f"malformed action: {exc}") from None
        raise IllegalAction(
            None, data, "actions are play (cards and combo), pass, or return (one card)"
        )

    def determinize(self, observation: JSON, rng: random.Random) -> State:
        obs = observation
        seat = obs["seat"]
        table = obs["table"]
        options = self.Options(**obs["options"])
        state = object.__new__(GuandanState)
        State.__init__(state, self, PLAYERS, options, rng.randrange(2**63), None)
        state.log = None
        state.levels = list(table["levels"])
        state.a_fails = list(table["a_fails"])
        state.owner = table["owner"]
        state.deal_no = obs["deal"]
        state.deal_level = table["level"]
        state.winner = table["winner"]
        state.prev_order = list(table["prev_finish_order"])
        state.shuffles = obs["deal"]
        state.phase = obs["phase"]
        state.leader = table["leader"]
        state.turn = table["turn"]
        state.finished = list(table["finish_order"])
        state.passes = list(table["passes"])
        state.anti = table["anti_tribute"]
        state.red_joker_holders = list(table["red_joker_holders"])
        state._cache = None
        pool = Counter(guandan_deck())
        state.history = [dict(e) for e in obs["history"]]
        state.played = [c for e in state.history for c in parse_cards(e["cards"])]
        pool -= Counter(state.played)
        top = table["top"]
        state.top = None if top is None else _play_of_entry(top, state.deal_level)
        state.top_seat = None if top is None else top["seat"]
        state.tribute = [(t["from"], t["to"], parse_card(t["card"])) for t in table["tribute"]]
        state.returns = [(t["from"], t["to"], parse_card(t["card"])) for t in table["returns"]]
        shown = [[parse_card(c) for c in p["known"]] for p in obs["players"]]
        for cards in shown:
            pool -= Counter(cards)
        own = [parse_card(c) for c in obs["hand"]] if seat is not None else []
        mine = table["my_return"]
        committed: dict[int, Card] = {}
        if mine is not None:
            committed[seat] = parse_card(mine)
        if seat is not None:
            pool -= Counter(own) - Counter(shown[seat])
            pool -= Counter(committed.values())
        unknown = list(pool.elements())
        rng.shuffle(unknown)
        hands: list[list[Card]] = []
        for s, p in enumerate(obs["players"]):
            if s == seat:
                hands.append(own)
                continue
            extra = 1 if p["committed"] and s != seat else 0
            free = p["cards"] - len(shown[s]) + extra
            hand = shown[s] + [unknown.pop() for _ in range(free)]
            if extra:
                options_ = return_options(hand, state.deal_level)
                choice = options_[rng.randrange(len(options_))]
                hand.remove(choice)
                committed[s] = choice
            hands.append(hand)
        state.committed = committed
        state.pending = {}
        if obs["phase"] == "return":
            for t in state.tribute:
                state.pending[t[1]] = t[0]
        # rebuild physical identity: shown cards are the objects in the hands
        state.hands = [[] for _ in range(PLAYERS)]
        state.shown = [[] for _ in range(PLAYERS)]
        copies: Counter[Card] = Counter()
        for s in range(PLAYERS):
            known = Counter(shown[s])
            for c in hands[s]:
                phys = c.with_copy(copies[c])
                copies[c] += 1
                state.hands[s].append(phys)
                if known[c] > 0:
                    known[c] -= 1
                    state.shown[s].append(phys)
        state.committed = {}
        for s, c in committed.items():
            state.committed[s] = c.with_copy(copies[c])
            copies[c] += 1
        state.played = []
        for c in (c for e in state.history for c in parse_cards(e["cards"])):
            state.played.append(c.with_copy(copies[c]))
            copies[c] += 1
        return state


_SORT: Final = {(c.suit, c.rank): c.sort_key() for c in guandan_deck()}
_KIND: Final = {(c.suit, c.rank): card_kind(c) for c in guandan_deck()}
"""Card kind by (suit, rank): the hand checks of the play phase."""
_STR: Final = {(c.suit, c.rank): str(c) for c in guandan_deck()}


def _hand_json(cards: list[Card]) -> list[str]:
    """Cards as notation strings in display order (a fast ``hand_json``)."""
    if not cards:
        return []
    return [_STR[k] for k in sorted([(c.suit, c.rank) for c in cards], key=_SORT.__getitem__)]


def _entry(seat: int, play: Play) -> JSON:
    """The public record of a play: ``{"seat": 2, "cards": "H7 S3", "combo": "pair 3"}``."""
    assert play.combo is not None
    return {
        "seat": seat,
        "cards": " ".join([_STR[c.suit, c.rank] for c in play.cards]),
        "combo": f"{play.combo.type} {play.combo.key}",
    }


def _play_of_entry(entry: JSON, level: str) -> Play:
    """The play of a public record, read at the deal's level."""
    ctype, key = entry["combo"].split()
    L = level_rank(level)
    kinds = sort_kinds((card_kind(c) for c in parse_cards(entry["cards"])), L)
    for t, r in readings(list(kinds), L):
        if t == ctype and reading_key(t, r, len(kinds)) == key:
            return to_play((t, r, kinds), L)
    raise ValueError(f"{entry} is not a reading at level {level}")


_FROM_JSON: dict[tuple[Any, ...], Play] = {}
"""Plays already read from JSON (bounded; actions are immutable)."""


def _play_from_json(data: Any) -> Play:
    """A play from its JSON (cards in the given order) if the reading fits at some level."""
    cards_in = data["cards"]
    combo = data["combo"]
    if not isinstance(cards_in, list) or not all(isinstance(c, str) for c in cards_in):
        raise IllegalAction(None, data, "a play lists its cards as strings")
    if not isinstance(combo, dict) or combo.get("type") not in TYPES:
        raise IllegalAction(None, data, f"a play names its combo: type one of {', '.join(TYPES)}")
    key = combo.get("key")
    memo = (tuple(cards_in), combo["type"], key)
    known = _FROM_JSON.get(memo)
    if known is not None:
        return known
    play = _read_json_play(data, cards_in, combo, key)
    if len(_FROM_JSON) > 50_000:
        _FROM_JSON.clear()
    _FROM_JSON[memo] = play
    return play


def _read_json_play(data: Any, cards_in: list[str], combo: dict[str, Any], key: Any) -> Play:
    cards = tuple(parse_card(c) for c in cards_in)
    if not 1 <= len(cards) <= 10 or not isinstance(key, str):
        raise IllegalAction(None, data, "a play has 1-10 cards and a combo key")
    kinds = [card_kind(c) for c in cards]
    hearts = {c.rank for c in cards if c.suit == "H"}
    plain = next(r for r in range(2, 15) if r not in hearts)
    for L in [*sorted(hearts), plain]:
        ks = list(sort_kinds(kinds, L))
        for ctype, r in readings(ks, L):
            if ctype == combo["type"] and reading_key(ctype, r, len(ks)) == key:
                value = reading_value(ctype, r, len(ks), L)
                return Play(cards, Combo(ctype, key, cards, value))
    raise IllegalAction(
        None, data, f"{' '.join(cards_in)} cannot be read as {combo['type']} {key} at any level"
    )


GAME = GuandanGame()

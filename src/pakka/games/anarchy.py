"""Anarchy: David Parlett's simultaneous trick game (Anarchy Bomb played as Organised Chaos).

Sources: the Finnish seed ``shared/seeds/000_30fda1e738ea8253.txt`` and the specification with
its rulings ``shared/rules/anarchy.md`` (section and ruling numbers below refer to it).  The
rules as pakka plays them are in ``docs/rules/anarchy.md`` (Finnish: ``anarchy.fi.md``).

Rulings and encoding choices:

- Seats 0..n-1; play, dealing and choosing pass from seat ``s`` to ``s+1`` (clockwise).
  Forehand is ``dealer+1``.  The first dealer is drawn from the match's chance RNG
  (``chance(0)``) unless ``Options.first_dealer`` fixes it; the deal passes clockwise.
- Dealing: one card at a time clockwise from forehand.  In the 3-player game the dummy is
  the fourth hand of the rotation: forehand, forehand+1, the dealer, **then the dummy**
  (it sits between the dealer and forehand).  After the 52 dealt cards the last card of the
  pack is the spare (3p/4p).  A stacked deck (``new_match(deck=...)``) lists the cards in
  this dealing order.
- The dummy's cards are dealt face down onto a stack, so the **last** card dealt to it is
  on top and is turned first (``self.dummy[-1]``).
- Contracts are chosen in turn from forehand (A5); a player with one contract left gets it
  automatically (an ``auto`` contract event, no action).  Choices are public.
- Tricks are simultaneous: every live seat commits a card, nothing is shown until all have
  committed.  3p: the dummy's top card is turned after the commits (``dummy_reveal="simultaneous"``)
  or shown before them (``"before"``).
- A bomb in 3p/4p: the spare replaces the joker as its player's card, the joker leaves the
  deal (location ``out``), the trick is ranked 2 high, A low.  In 5p the joker captures
  itself and makes the trick a bomb.  A joker in the dummy is a bomb played by the dummy;
  a joker that is the spare never appears.
- :func:`trick_captures` returns ``-1`` for a card captured by nobody (the ``dup_tie=
  "tied_keep_rest_dead"`` variant); such cards and everything the dummy captures go to the
  dead pile.
- Passing (``pass_three``): every live seat commits three cards at once; they go to the
  next live seat clockwise and are added only after all have passed.
- Observation ``table.last_trick`` is ``{"cards", "played_by", "captured_by", "bomb",
  "joker"}``: cards in seat order (the dummy's last, the spare shown in place of a bombed
  joker); ``played_by`` holds seat numbers and ``"dummy"``, ``captured_by`` seat numbers or
  ``"dead"``, ``joker`` the seat (or ``"dummy"``) that played the joker.  ``table.score_sheet`` is one ``{"contracts", "scores"}`` per
  deal, each a list by seat.  ``history`` is the current deal as short lines.
"""

from __future__ import annotations

import itertools
import operator
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import compress
from typing import Any, Final, Literal, get_args

from pakka.cards import JOKER_SUIT, SUITS, Card, anarchy_deck, index_of, parse_card, parse_cards
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
    "CONTRACTS",
    "AnarchyGame",
    "AnarchyOptions",
    "AnarchyState",
    "ChooseContract",
    "PassCards",
    "Play",
    "deal_score",
    "trick_captures",
]

CONTRACTS: Final = (
    "cards",
    "black",
    "red",
    "best",
    "spades",
    "hearts",
    "clubs",
    "diamonds",
    "over",
    "under",
)
"""The ten contracts, in the seed's order (also the order of the legal actions)."""

DEALS: Final = 10
HAND: Final = 13
PASS_COUNT: Final = 3
DUMMY: Final = "dummy"
DEAD: Final = "dead"

AllDifferentSuits = Literal["each_wins_itself", "highest_singleton_takes_all"]
DupTie = Literal["group_each_wins_itself", "tied_keep_rest_dead"]
DummyReveal = Literal["simultaneous", "before"]

_SUIT_CONTRACT: Final = {"spades": "S", "hearts": "H", "clubs": "C", "diamonds": "D"}
_BLACK: Final = ("S", "C")
_RED: Final = ("H", "D")


# --- rule functions -----------------------------------------------------------------------


def _as_cards(cards: Iterable[Card | str] | str) -> list[Card]:
    return parse_cards(cards)


def trick_captures(
    cards: Iterable[Card | str] | str,
    bomb: bool = False,
    *,
    all_different_suits: AllDifferentSuits = "each_wins_itself",
    dup_tie: DupTie = "group_each_wins_itself",
) -> list[int]:
    """For each card of one trick, the index of the card that captures it (A7).

    ``cards`` are the trick's cards in any order, one per seat (the 3-player dummy's
    included).  ``bomb=True`` reverses the ranking (2 high, A low); the spare has already
    replaced the joker.  A ``JK`` among the cards is the 5-player joker: it captures
    itself and makes the trick a bomb.  ``-1`` means captured by nobody (only with
    ``dup_tie="tied_keep_rest_dead"``).

    Suit groups (two or more cards of a suit) go to their uniquely highest card:

    >>> trick_captures("S8 H8 SJ H2")
    [2, 1, 2, 1]
    >>> trick_captures("S8 H8 HJ H2")
    [0, 2, 2, 2]

    Singletons go to the uniquely highest singleton; a tie at the top, or a trick of all
    different suits, lets each card win itself:

    >>> trick_captures("S9 H8 D8 C3 C2")
    [0, 0, 0, 3, 3]
    >>> trick_captures("S9 H9 D8 C3 C2")
    [0, 1, 2, 3, 3]
    >>> trick_captures("S8 H9 D7 C2")
    [0, 1, 2, 3]
    >>> trick_captures("S8 H9 D7 C2", all_different_suits="highest_singleton_takes_all")
    [1, 1, 1, 1]

    A bomb reverses every comparison; the 5-player joker keeps itself:

    >>> trick_captures("S3 SA S10 HK", bomb=True)
    [0, 0, 0, 3]
    >>> trick_captures("JK S7 SA H9 D2")
    [0, 1, 1, 4, 4]

    Identical top cards (65-card pack) let the whole group win itself:

    >>> trick_captures("S7 S7 S3 H9 D2")
    [0, 1, 2, 3, 3]
    >>> trick_captures("S7 S7 S3 H9 D2", dup_tie="tied_keep_rest_dead")
    [0, 1, -1, 3, 3]
    """
    if all_different_suits not in get_args(AllDifferentSuits):
        raise ValueError(f"all_different_suits must be one of {get_args(AllDifferentSuits)}")
    if dup_tie not in get_args(DupTie):
        raise ValueError(f"dup_tie must be one of {get_args(DupTie)}")
    return _captures(
        _as_cards(cards),
        bomb,
        all_different_suits == "highest_singleton_takes_all",
        dup_tie == "tied_keep_rest_dead",
    )


def _captures(cs: Sequence[Card], bomb: bool, singleton_takes_all: bool, dead: bool) -> list[int]:
    """:func:`trick_captures` on cards and checked flags (the engine's hot path)."""
    suits = [c.suit for c in cs]
    if JOKER_SUIT in suits:
        bomb = True
    ranks = [-c.rank for c in cs] if bomb else [c.rank for c in cs]
    out = list(range(len(cs)))
    by_suit: dict[str, list[int]] = {}
    for i, suit in enumerate(suits):
        if suit == JOKER_SUIT:
            continue
        group = by_suit.get(suit)
        if group is None:
            by_suit[suit] = [i]
        else:
            group.append(i)
    singles: list[int] = []
    any_group = False
    for idxs in by_suit.values():
        if len(idxs) == 1:
            singles.append(idxs[0])
            continue
        any_group = True
        top = max([ranks[i] for i in idxs])
        tops = [i for i in idxs if ranks[i] == top]
        if len(tops) == 1:
            for i in idxs:
                out[i] = tops[0]
        elif dead:
            for i in idxs:
                if i not in tops:
                    out[i] = -1
    if len(singles) >= 2 and (any_group or singleton_takes_all):
        top = max([ranks[i] for i in singles])
        tops = [i for i in singles if ranks[i] == top]
        if len(tops) == 1:
            for i in singles:
                out[i] = tops[0]
    return out


def _base_score(contract: str, counts: dict[str, int], n: int, par: int) -> int:
    if contract == "cards":
        return n
    if contract == "black":
        return 2 * (counts["S"] + counts["C"])
    if contract == "red":
        return 2 * (counts["H"] + counts["D"])
    if contract == "best":
        return 3 * max(counts.values())
    if contract == "over":
        return 5 * max(0, n - par)
    if contract == "under":
        return 5 * max(0, par - n)
    return 4 * counts[_SUIT_CONTRACT[contract]]


def deal_score(
    contract: str,
    captured: Iterable[Card | str] | str,
    *,
    quad_requires_four_suits: bool = False,
    par: int = 13,
) -> int:
    """A player's score for one deal (A9), bonuses included.

    ``contract`` is one of :data:`CONTRACTS` (any case).  Bonuses on every contract:
    +10 per suit not won (+40 for nothing), +20 per four of a kind (``k // 4`` sets of a
    rank; with ``quad_requires_four_suits`` a set needs all four suits).  A ``JK`` is the
    5-player joker: one card for cards/over/under, counted as the suit, or no suit, that
    scores best, never part of a four of a kind.  ``par`` is the over/under mark.

    >>> won = "SK S10 S5 HQ H3 C10 C9 C8 C2 D9"
    >>> [deal_score(c, won) for c in CONTRACTS]
    [10, 14, 6, 12, 12, 8, 16, 4, 0, 15]
    >>> deal_score("under", ""), deal_score("over", "")
    (105, 40)
    >>> deal_score("cards", "S9 H9 D9 C9 S2")
    25
    >>> deal_score("spades", "JK S2 H3 D4"), deal_score("cards", "JK")
    (18, 41)
    >>> deal_score("cards", "S7 S7 H7 H7 D7 D7 C7 C7"), deal_score("over", "S7 S7 H7 D7")
    (48, 30)
    >>> deal_score("over", "S7 S7 H7 D7", quad_requires_four_suits=True)
    10
    """
    name = contract.lower() if isinstance(contract, str) else contract
    if name not in CONTRACTS:
        raise ValueError(f"unknown contract {contract!r}; contracts are: {', '.join(CONTRACTS)}")
    return _deal_score(name, _as_cards(captured), quad_requires_four_suits, par)


def _deal_score(name: str, cs: Sequence[Card], quad_requires_four_suits: bool, par: int) -> int:
    """:func:`deal_score` for a lower-case contract and cards (the engine's hot path)."""
    counts = dict.fromkeys(SUITS, 0)
    ranks = [0] * 17
    jokers = 0
    for c in cs:
        natural = c.suit
        if natural == JOKER_SUIT:
            jokers += 1
            continue
        counts[natural] += 1
        ranks[c.rank] += 1
    if quad_requires_four_suits:
        by_rank_suit = Counter((c.rank, c.suit) for c in cs if c.suit != JOKER_SUIT)
        quads = sum(min(by_rank_suit[r, s] for s in SUITS) for r in range(17) if ranks[r])
    else:
        quads = sum(k // 4 for k in ranks if k >= 4)
    n = len(cs)
    if not jokers:
        voids = sum(1 for v in counts.values() if v == 0)
        return _base_score(name, counts, n, par) + 10 * voids + 20 * quads
    best = 0
    for assignment in itertools.combinations_with_replacement((None, *SUITS), jokers):
        trial = dict(counts)
        for suit in assignment:
            if suit is not None:
                trial[suit] += 1
        voids = sum(1 for v in trial.values() if v == 0)
        best = max(best, _base_score(name, trial, n, par) + 10 * voids)
    return best + 20 * quads


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseContract(Action):
    """Choose this deal's contract from one's remaining ones."""

    type = "contract"
    contract: str

    def __post_init__(self) -> None:
        if isinstance(self.contract, str) and not self.contract.islower():
            object.__setattr__(self, "contract", self.contract.lower())

    def __str__(self) -> str:
        return self.contract

    def to_json(self) -> JSON:
        return {"type": "contract", "contract": self.contract}


Play = PlayCard
"""A one-card play (the engine's shared action)."""


@dataclass(frozen=True, slots=True)
class PassCards(Action):
    """Pass three cards face down to the next live player (variant ``pass_three``)."""

    type = "pass_cards"
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    def to_json(self) -> JSON:
        return {"type": "pass_cards", "cards": [str(c) for c in self.cards]}


_CONTRACT_ACTIONS: Final = {c: ChooseContract(c) for c in CONTRACTS}
_PLAY_ACTIONS: dict[Card, Play] = {}
_PACK: Final = tuple(anarchy_deck(5))
_DECKS: Final = {n: _PACK[: len(anarchy_deck(n))] for n in (3, 4, 5)}
"""The pack of each table size (the 5-player pack adds cards at the end), built once:
every deal deals these (immutable) objects."""
_SUIT_BASE: Final = {"S": 0, "H": 16, "D": 32, "C": 48, JOKER_SUIT: 64}
_PLAY_BY_KEY: list[Play | None] = [None] * 80
"""The play of each card value by ``_SUIT_BASE[suit] + rank``, an int in sort_key order."""
_NAME: Final[dict[str, list[str]]] = {s: [""] * 17 for s in _SUIT_BASE}
for _card in _DECKS[5]:
    _NAME[_card.suit][_card.rank] = str(_card)
_is_none = partial(operator.is_, None)


def _play(card: Card) -> Play:
    action = _PLAY_ACTIONS.get(card)
    if action is None:
        action = _PLAY_ACTIONS[card] = Play(card.with_copy(0))
    return action


for _card in _PACK:
    if _card.copy == 0:
        _PLAY_ACTIONS[_card] = Play(_card)  # the play holds the very card object dealt
for _card in _PACK:
    _PLAY_BY_KEY[_SUIT_BASE[_card.suit] + _card.rank] = _play(_card)
_KEY_OF_ID: Final = {id(c): _SUIT_BASE[c.suit] + c.rank for c in _PACK}
"""Sort keys of the dealt card objects by identity (they live as long as the module)."""


# --- options ------------------------------------------------------------------------------


@dataclass(frozen=True)
class AnarchyOptions:
    """Variant flags (``shared/rules/anarchy.md``); the defaults are the seed's game."""

    all_different_suits: AllDifferentSuits = "each_wins_itself"
    """A trick of all different suits: each card wins itself, or the highest takes all."""
    dup_tie: DupTie = "group_each_wins_itself"
    """Identical top cards of a suit group (5p): the group wins itself, or lower cards go dead."""
    dummy_reveal: DummyReveal = "simultaneous"
    """3p: the dummy's card is turned after the commits, or shown before them."""
    pass_three: bool = False
    """Pass three cards to the next live player before choosing contracts."""
    quad_requires_four_suits: bool = False
    """A four of a kind must hold all four suits (matters only in the 65-card pack)."""
    par: int = 13
    """The card count that Over scores above and Under scores below."""
    first_dealer: int | None = None
    """Seat of the first dealer; ``None`` draws it from the match's seed."""

    def __post_init__(self) -> None:
        for name, kind in (
            ("all_different_suits", AllDifferentSuits),
            ("dup_tie", DupTie),
            ("dummy_reveal", DummyReveal),
        ):
            value = getattr(self, name)
            if value not in get_args(kind):
                allowed = ", ".join(get_args(kind))
                raise ValueError(f"option {name} must be one of {allowed}, not {value!r}")
        for name in ("pass_three", "quad_requires_four_suits"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"option {name} is true or false, not {getattr(self, name)!r}")
        if not isinstance(self.par, int) or isinstance(self.par, bool) or not 0 <= self.par <= 65:
            raise ValueError(f"option par must be a whole number from 0 to 65, not {self.par!r}")
        fd = self.first_dealer
        if fd is not None and (not isinstance(fd, int) or isinstance(fd, bool) or not 0 <= fd <= 4):
            raise ValueError(f"option first_dealer must be a seat 0-4 or None, not {fd!r}")


# --- state --------------------------------------------------------------------------------


def _cards_json(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


class AnarchyState(State):
    """A match of ten deals.  ``dummy`` (3p) is a stack whose top is the last element."""

    options: AnarchyOptions

    def __init__(
        self,
        game: Game,
        players: int,
        options: AnarchyOptions,
        seed: int,
        deck: list[Card] | None,
    ) -> None:
        super().__init__(game, players, options, seed, deck)
        n = players
        if options.first_dealer is None:
            self.dealer = self.chance(0).randrange(n)
        elif options.first_dealer >= n:
            raise PakkaError(f"first_dealer must be a seat 0-{n - 1}, not {options.first_dealer}")
        else:
            self.dealer = options.first_dealer
        self.shuffles = 1
        self.deal_no = 0
        self.scores = [0] * n
        self.remaining: list[list[str]] = [list(CONTRACTS) for _ in range(n)]
        self.sheet: list[JSON] = []
        self.phase = "contract"
        self.hands: list[list[Card]] = []
        self.dummy: list[Card] = []
        self.spare: list[Card] = []
        self.out: list[Card] = []
        self.dead: list[Card] = []
        self.won: list[list[Card]] = []
        self.contracts: list[str | None] = []
        self.committed: list[Card | None] = []
        self.passing: list[tuple[Card, ...] | None] = []
        self.passed: list[list[Card]] = []
        self.received: list[list[Card]] = []
        self.spare_revealed: Card | None = None
        self.last_trick: JSON | None = None
        self.history: list[str] = []
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
        events = [Event("deal", {"deal": self.deal_no, "dealer": self.dealer})]
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

    def _choose(self, seat: int, contract: str, auto: bool) -> list[Event]:
        self.contracts[seat] = contract
        self.remaining[seat].remove(contract)
        data = {"seat": seat, "contract": contract, "auto": auto}
        self.history.append(f"{seat}: {contract}" + (" (auto)" if auto else ""))
        return [Event("contract", data)]

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
        events = [Event("committed", {"seat": seat})]
        if any(p is None for p in self.passing):
            return events
        n = self.players
        for s, given in enumerate(self.passing):
            assert given is not None
            r = (s + 1) % n
            self.hands[r].extend(given)
            self.passed[s] = list(given)
            self.received[r] = list(given)
            data = {"from": s, "to": r, "cards": _cards_json(given)}
            events.append(Event("cards_passed", data, frozenset((s, r))))
        self.passing = [None] * n
        self.history.append("cards passed")
        return events + self._enter_contracts()

    def _apply_play(self, seat: int, card: Card) -> list[Event]:
        hand = self.hands[seat]
        self.committed[seat] = hand.pop(index_of(hand, card))
        event = Event("committed", {"seat": seat})
        if any(map(_is_none, self.committed)):
            return [event]
        return [event, *self._resolve()]

    def _resolve(self) -> list[Event]:
        n = self.players
        cards: list[Card] = [c for c in self.committed if c is not None]
        owners: list[int | str] = list(range(n))
        if self.dummy:
            cards.append(self.dummy.pop())
            owners.append(DUMMY)
        bomb = False
        joker: int | str | None = None
        if JOKER_SUIT in [c.suit for c in cards]:  # one joker in the pack
            for i, c in enumerate(cards):
                if c.suit == JOKER_SUIT:
                    bomb, joker = True, owners[i]
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
        captured_by: list[int | str] = []
        won = self.won
        for c, k in zip(cards, captures, strict=True):
            owner = DEAD if k < 0 else owners[k]
            if owner.__class__ is int:
                won[owner].append(c)
            else:
                owner = DEAD
                self.dead.append(c)
            captured_by.append(owner)
        self.committed = [None] * n
        names = [_NAME[c.suit][c.rank] for c in cards]
        self.last_trick = {
            "cards": names,
            "played_by": owners,
            "captured_by": captured_by,
            "bomb": bomb,
            "joker": joker,
        }
        # one history line: ``trick 0:S8>2 1:H8>1 2:SJ>2 dummy:H2>dead`` (+ the bomber)
        moves = " ".join(
            [f"{w}:{c}>{t}" for w, c, t in zip(owners, names, captured_by, strict=True)]
        )
        self.history.append(f"trick {moves} bomb by {joker}" if bomb else f"trick {moves}")
        events = [Event("trick", dict(self.last_trick))]
        if not self.hands[0]:
            events += self._score_deal()
        return events

    def _score_deal(self) -> list[Event]:
        opts = self.options
        scores: list[int] = []
        for s in range(self.players):
            contract = self.contracts[s]
            assert contract is not None
            score = _deal_score(contract, self.won[s], opts.quad_requires_four_suits, opts.par)
            self.scores[s] += score
            scores.append(score)
        row: JSON = {"contracts": list(self.contracts), "scores": scores}
        self.sheet.append(row)
        data = {"deal": self.deal_no, **row, "totals": list(self.scores)}
        events = [Event("deal_scored", data)]
        if self.deal_no >= DEALS:
            self.phase = "over"
            return events
        self.dealer = (self.dealer + 1) % self.players
        return events + self._start_deal(None)

    def _observation(self, seat: int | None) -> JSON:
        n = self.players
        players = [
            {
                "seat": s,
                "cards": len(self.hands[s]),
                "committed": self.committed[s] is not None or self.passing[s] is not None,
                "remaining": list(self.remaining[s]),
                "won": hand_json(self.won[s]),
            }
            for s in range(n)
        ]
        my_commit = self.committed[seat] if seat is not None else None
        my_pass = self.passing[seat] if seat is not None else None
        passed = received = None
        if seat is not None and self.passed[seat]:
            passed = {"to": (seat + 1) % n, "cards": hand_json(self.passed[seat])}
            received = {"from": (seat - 1) % n, "cards": hand_json(self.received[seat])}
        reveal = n == 3 and self.phase == "play" and self.options.dummy_reveal == "before"
        table = {
            "dealer": self.dealer,
            "forehand": self.forehand,
            "contracts": list(self.contracts),
            "my_commit": None if my_commit is None else str(my_commit),
            "my_pass": None if my_pass is None else hand_json(my_pass),
            "passed": passed,
            "received": received,
            "last_trick": self.last_trick,
            "dead": hand_json(self.dead),
            "out": hand_json(self.out),
            "dummy": len(self.dummy) if n == 3 else None,
            "dummy_top": str(self.dummy[-1]) if reveal and self.dummy else None,
            "spare": len(self.spare),
            "spare_revealed": None if self.spare_revealed is None else str(self.spare_revealed),
            "score_sheet": list(self.sheet),
        }
        return {
            "deal": self.deal_no,
            "phase": self.phase,
            "hand": None if seat is None else hand_json(self.hands[seat]),
            "players": players,
            "table": table,
            "scores": list(self.scores),
            "history": list(self.history),
        }

    def _is_over(self) -> bool:
        return self.phase == "over"

    def _result(self) -> MatchResult:
        return MatchResult(
            tuple(self.scores),
            ranks_from_scores(self.scores),
            {"score_sheet": self.sheet},
        )

    def _clone_into(self, new: State) -> None:
        assert isinstance(new, AnarchyState)
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

        return {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "shuffles": self.shuffles,
            "scores": list(self.scores),
            "remaining": [list(r) for r in self.remaining],
            "sheet": self.sheet,
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
            "last_trick": self.last_trick,
            "history": self.history,
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


# --- the game -----------------------------------------------------------------------------


def _read_cards(data: Any, key: str) -> list[Card]:
    raw = data.get(key)
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise IllegalAction(None, data, f"{key!r} must be a list of card strings")
    try:
        return [parse_card(t) for t in raw]
    except NotationError as exc:
        raise IllegalAction(None, data, str(exc)) from None


class AnarchyGame(Game):
    """Anarchy for 3-5 players: ten deals, each contract once per player."""

    info = GameInfo(
        name="anarchy",
        title="Anarchy",
        min_players=3,
        max_players=5,
        default_players=4,
        simultaneous=True,
        hidden_information=True,
        has_chance=True,
        score_bounds=(0, DEALS * (5 * 65 + 40 + 16 * 20)),
        option_samples={"par": (10,), "first_dealer": (1,)},
        option_help={
            "all_different_suits": "each_wins_itself: a trick of all different suits lets every "
            "card win itself; highest_singleton_takes_all: the highest card takes them all",
            "dup_tie": "group_each_wins_itself: identical top cards of a suit (5 players) let that "
            "suit's cards win themselves; tied_keep_rest_dead: the lower ones go dead",
            "dummy_reveal": "simultaneous: the 3-player dummy's card is turned after the players "
            "commit; before: it is shown before they commit",
            "pass_three": "on: pass three cards to the next player before choosing contracts",
            "quad_requires_four_suits": "on: a four-of-a-kind bonus needs all four suits",
            "par": "the card count Over scores above and Under below (default 13)",
            "first_dealer": "seat of the first dealer; none draws it from the seed",
        },
        description="A trick game where everyone plays at once: win the cards your "
        "contract rewards, and beware the anarchist's bomb that turns the ranking upside down.",
    )
    Options = AnarchyOptions

    def _new_state(self, players: int, options: Any, seed: int, deck: list[Card] | None) -> State:
        return AnarchyState(self, players, options, seed, deck)

    def deck(self, players: int, options: Any) -> list[Card]:
        return list(_DECKS[players])

    def action_from_json(self, data: Any) -> Action:
        if not isinstance(data, dict):
            raise IllegalAction(None, data, "an action is a JSON object with a 'type'")
        kind = data.get("type")
        if kind == "contract":
            name = data.get("contract")
            if isinstance(name, str) and name.lower() in CONTRACTS:
                return _CONTRACT_ACTIONS[name.lower()]
            raise IllegalAction(
                None, data, f"contract must be one of {', '.join(CONTRACTS)}, not {name!r}"
            )
        if kind == "play":
            cards = _read_cards(data, "cards")
            if len(cards) != 1:
                raise IllegalAction(None, data, "play exactly one card")
            return _play(cards[0])
        if kind == "pass_cards":
            cards = _read_cards(data, "cards")
            if len(cards) != PASS_COUNT:
                raise IllegalAction(None, data, "pass exactly three cards")
            return PassCards(tuple(sorted(cards, key=Card.sort_key)))
        raise IllegalAction(None, data, "actions are contract, play (one card) or pass_cards")

    def determinize(self, observation: JSON, rng: random.Random) -> State:
        obs = observation
        n = obs["players_count"]
        seat = obs["seat"]
        table = obs["table"]
        options = AnarchyOptions(**obs["options"])
        st = object.__new__(AnarchyState)
        State.__init__(st, self, n, options, rng.randrange(2**63), None)
        st.log = None
        st.deal_no = obs["deal"]
        st.phase = obs["phase"]
        st.shuffles = st.deal_no
        st.dealer = table["dealer"]
        st.scores = list(obs["scores"])
        st.sheet = list(table["score_sheet"])
        st.contracts = list(table["contracts"])
        st.last_trick = table["last_trick"]
        st.history = list(obs["history"])
        players = obs["players"]
        st.remaining = [list(p["remaining"]) for p in players]
        st.won = [parse_cards(p["won"]) for p in players]
        st.dead = parse_cards(table["dead"])
        st.out = parse_cards(table["out"])
        revealed = table["spare_revealed"]
        st.spare_revealed = None if revealed is None else parse_card(revealed)
        hand = parse_cards(obs["hand"]) if seat is not None else []
        my_commit = parse_card(table["my_commit"]) if table["my_commit"] else None
        my_pass = tuple(parse_cards(table["my_pass"])) if table["my_pass"] else None
        top = [parse_card(table["dummy_top"])] if table["dummy_top"] else []
        st.passed = [[] for _ in range(n)]
        st.received = [[] for _ in range(n)]
        if seat is not None and table["passed"]:
            st.passed[seat] = parse_cards(table["passed"]["cards"])
            st.received[seat] = parse_cards(table["received"]["cards"])
        known: Counter[Card] = Counter(hand) + Counter(st.dead) + Counter(st.out) + Counter(top)
        for w in st.won:
            known.update(w)
        known.update([my_commit] if my_commit else [])
        known.update(my_pass or ())
        hidden = Counter(self.deck(n, options)) - known
        forced: dict[int, list[Card]] = {}
        if seat is not None and st.passed[seat]:
            still = Counter(st.passed[seat]) & hidden
            forced[(seat + 1) % n] = list(still.elements())
            hidden -= still
        pool = list(hidden.elements())
        rng.shuffle(pool)
        st.hands, st.committed, st.passing = [], [], []
        for s, p in enumerate(players):
            if s == seat:
                st.hands.append(hand)
                st.committed.append(my_commit)
                st.passing.append(my_pass)
                continue
            playing = st.phase == "play" and p["committed"]
            passing = st.phase == "pass" and p["committed"]
            need = p["cards"] + (1 if playing else 0) + (PASS_COUNT if passing else 0)
            take = forced.get(s, [])
            take = take + [pool.pop() for _ in range(need - len(take))]
            rng.shuffle(take)
            st.committed.append(take.pop() if playing else None)
            st.passing.append(tuple(take.pop() for _ in range(PASS_COUNT)) if passing else None)
            st.hands.append(take)
        dummy_count = table["dummy"] or 0
        st.dummy = [pool.pop() for _ in range(dummy_count - len(top))] + top
        st.spare = [pool.pop() for _ in range(table["spare"])]
        assert not pool, "determinize: cards left over"
        _renumber_copies(st)
        return st


def _renumber_copies(st: AnarchyState) -> None:
    """Give duplicate cards distinct copy ids (cards rebuilt from notation all have 0)."""
    seen: Counter[Card] = Counter()

    def fix(cards: Iterable[Card]) -> list[Card]:
        out = []
        for c in cards:
            out.append(c.with_copy(seen[c]))
            seen[c] += 1
        return out

    st.hands = [fix(h) for h in st.hands]
    st.won = [fix(w) for w in st.won]
    st.committed = [None if c is None else fix([c])[0] for c in st.committed]
    st.passing = [None if p is None else tuple(fix(p)) for p in st.passing]
    st.dummy = fix(st.dummy)
    st.spare = fix(st.spare)
    st.dead = fix(st.dead)
    st.out = fix(st.out)


GAME = register(AnarchyGame())

"""Anarchy heuristic: pick the contract the hand is best for, then play each card where it pays.

Contract choice.  Every player uses each of the ten contracts once in the ten deals, so a
contract is worth taking now only by how much *this* hand beats what the contract scores on
an average hand (its value later).  The hand is rated per contract from its suit lengths and
high cards (high cards capture, low cards are captured); the surplus over the contract's
average on random hands (computed once per player count) picks the contract.  Flexible
contracts that any hand scores (Cards, Best) have a high average and so are kept for later;
Under and Over are taken when the hand is extreme, a suit contract when the suit is long and
strong.

Card play.  Tricks are simultaneous, so the heuristic estimates for each card what it would
capture now: the other seats' cards are drawn from the cards nobody has seen (the whole
pack minus the own hand, every public won pile, the dead pile and the jokers out), the
trick is resolved with the rules' :func:`~pakka.games.anarchy.trick_captures` (the joker
as a bomb with a drawn spare), and the captured cards are valued for the contract:
Spades wants spades, Under wants nothing (every card is 5 points lost while under par) and
so sheds cards that others will capture, Over wants everything, and every contract values
the +10 of a suit never won and the +20 of a four of a kind.  The card with the best
expected gain is played; counting the unseen cards makes mid cards the new tops as the
high ones fall.  The joker is played when the reversed (bomb) trick pays best.

``hard`` counts its tricks knowing who wants what: the contracts are announced, so in its
samples the other seats' hands are dealt and each plays for its own contract
(:func:`modelled_gains`) instead of a uniformly drawn card.

``value`` (the search bot's deal-end value) is the score margin corrected by what each
seat's contract scores on average, so that spending a flexible contract is not free.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from pakka.bots.kit import BotKit, ReviewScale
from pakka.bots.search import Budget, PimcBot
from pakka.cards import SUITS, Card, anarchy_deck
from pakka.engine import Action, State
from pakka.games.anarchy import CONTRACTS, AnarchyView, ChooseContract, PassCards, Play
from pakka.i18n import t

SUIT_OF = {"spades": "S", "hearts": "H", "clubs": "C", "diamonds": "D"}
COLOURS = {"black": ("S", "C"), "red": ("H", "D")}


# --- contract choice ----------------------------------------------------------------------


def _power(card: Card) -> float:
    """How likely a card is to capture (0 for a two, 1 for an ace)."""
    return ((card.rank - 2) / 12) ** 2 if not card.is_joker else 0.4


def estimate(contract: str, hand: Sequence[Card], players: int, par: int = 13) -> float:
    """Rough score of ``hand`` under ``contract`` (same units for every hand)."""
    share = 52 / players if players < 5 else 13.0
    by_suit = {s: [c for c in hand if c.suit == s] for s in SUITS}
    aim = {
        s: 0.55 * len(cs) + 1.7 * sum(_power(c) for c in cs) + 0.25 * share / 4
        for s, cs in by_suit.items()
    }
    power = sum(_power(c) for c in hand)
    total = share + 2.6 * (power - 0.35 * len(hand))
    if contract == "cards":
        return total
    if contract in COLOURS:
        a, b = COLOURS[contract]
        return 2 * (aim[a] + aim[b])
    if contract in SUIT_OF:
        return 4 * aim[SUIT_OF[contract]]
    if contract == "best":
        return 3 * max(aim.values())
    if contract == "over":
        return 5 * _positive_part(total - par, 3.5)
    low = sum(1 for c in hand if not c.is_joker and c.rank <= 7)
    under = 5 * _positive_part(par - total, 3.5)
    return under + 4.0 * max(0, low - 6)


def _positive_part(mean: float, sd: float) -> float:
    """E[max(0, X)] for X ~ normal(mean, sd), by a smooth approximation."""
    import math

    z = mean / sd
    pdf = math.exp(-z * z / 2) / math.sqrt(2 * math.pi)
    cdf = 0.5 * (1 + math.erf(z / math.sqrt(2)))
    return mean * cdf + sd * pdf


@cache
def baseline(players: int, par: int = 13) -> dict[str, float]:
    """Each contract's :func:`estimate` on an average hand (400 fixed random deals)."""
    rng = random.Random(f"anarchy-baseline:{players}")
    deck = anarchy_deck(players)
    sums = dict.fromkeys(CONTRACTS, 0.0)
    for _ in range(400):
        hand = rng.sample(deck, 13)
        for c in CONTRACTS:
            sums[c] += estimate(c, hand, players, par)
    return {c: v / 400 for c, v in sums.items()}


def rate_contracts(
    hand: Sequence[Card], remaining: Sequence[str], players: int, par: int
) -> dict[str, float]:
    """Surplus of each remaining contract: its estimate for this hand minus its average."""
    base = baseline(players, par)
    return {c: estimate(c, hand, players, par) - base[c] for c in remaining}


# --- card play --------------------------------------------------------------------------


Tup = tuple[str, int]
"""A card as (suit, rank) for the hot loop; the joker is ``("J", 0)``."""


def _tup(card: Card) -> Tup:
    return (card.suit, card.rank)


@cache
def _deck(players: int) -> tuple[Tup, ...]:
    return tuple(map(_tup, anarchy_deck(players)))


class _View:
    """What the heuristic reads from a view, worked out once."""

    def __init__(self, obs: AnarchyView) -> None:
        assert obs.seat is not None, "a spectator does not play"
        self.obs = obs
        self.seat: int = obs.seat
        self.n: int = obs.players_count
        self.hand = list(obs.hand or ())
        table = obs.table
        self.table = table
        players = obs.players
        self.contract: str | None = table.contracts[self.seat]
        self.won = list(map(_tup, players[self.seat].won))
        self.par: int = obs.options.par
        known: dict[Tup, int] = {}
        cards = [*self.hand, *table.dead, *table.out]
        for p in players:
            cards += p.won
        top = table.dummy_top
        self.dummy_top: Tup | None = None if top is None else _tup(top)
        if top is not None:
            cards.append(top)
        for c in map(_tup, cards):
            known[c] = known.get(c, 0) + 1
        unseen: list[Tup] = []
        for c in _deck(self.n):
            if known.get(c, 0):
                known[c] -= 1
            else:
                unseen.append(c)
        self.unseen = unseen
        self.tricks_left = len(self.hand)


def _captured_by_first(cards: Sequence[Tup], bomb: bool, ads: str, dup: str) -> list[int]:
    """Indexes of the cards that ``cards[0]`` captures (A7; the 5-player joker as ``J``)."""
    if any(c[0] == "J" for c in cards):
        bomb = True
    mine = cards[0]
    if mine[0] == "J":
        return [0]
    sign = -1 if bomb else 1
    count: dict[str, int] = {}
    for c in cards:
        if c[0] != "J":
            count[c[0]] = count.get(c[0], 0) + 1
    if count[mine[0]] >= 2:
        group = [i for i, c in enumerate(cards) if c[0] == mine[0]]
        top = max(sign * cards[i][1] for i in group)
        tops = [i for i in group if sign * cards[i][1] == top]
        if len(tops) == 1:
            return group if tops[0] == 0 else []
        return [0] if (0 in tops or dup == "group_each_wins_itself") else []
    singles = [i for i, c in enumerate(cards) if c[0] != "J" and count[c[0]] == 1]
    any_group = any(k >= 2 for k in count.values())
    if len(singles) >= 2 and (any_group or ads == "highest_singleton_takes_all"):
        top = max(sign * cards[i][1] for i in singles)
        tops = [i for i in singles if sign * cards[i][1] == top]
        if len(tops) == 1:
            return singles if tops[0] == 0 else []
    return [0]


def _unit_values(view: _View) -> dict[str, float]:
    """What capturing one card of each suit is worth to ``view.seat``'s contract now."""
    hand_suits = Counter(h.suit for h in view.hand)
    return _unit_for(view.contract, view.won, hand_suits, view.tricks_left, view.n, view.par)


def _unit_for(
    contract: str | None,
    won: Sequence[Tup],
    hand_suits: Counter[str],
    tricks_left: int,
    n: int,
    par: int,
) -> dict[str, float]:
    """:func:`_unit_values` for any seat, from its contract and won cards (both public)."""
    contract = contract or "cards"
    n_won = len(won)
    expected_more = (tricks_left - 1) * (52 if n < 5 else 65) / 13 / n
    if contract == "cards":
        return dict.fromkeys(SUITS, 1.0) | {"J": 1.0}
    if contract in COLOURS:
        return {s: 2.0 if s in COLOURS[contract] else 0.0 for s in SUITS} | {"J": 2.0}
    if contract in SUIT_OF:
        return {s: 4.0 if s == SUIT_OF[contract] else 0.0 for s in SUITS} | {"J": 4.0}
    if contract == "best":
        got = Counter(c[0] for c in won)
        target = max(SUITS, key=lambda s: got[s] + 0.5 * hand_suits[s])
        return {s: 3.0 if s == target else 0.3 for s in SUITS} | {"J": 3.0}
    if contract == "over":
        proj = n_won + expected_more
        unit = 5 * min(1.0, max(0.1, (proj - par + 5) / 10))
        return dict.fromkeys(SUITS, unit) | {"J": unit}
    proj = n_won + 0.6 * expected_more
    unit = -5 * min(1.0, max(0.15, (par - proj + 5) / 10))
    return dict.fromkeys(SUITS, unit) | {"J": unit}


def _stay_void(contract: str | None, tricks_left: int) -> float:
    """Chance that a suit not won yet stays so (the +10 at stake in capturing one)."""
    return (0.75 if contract == "under" else 0.35) * (1 - 0.5 * tricks_left / 13)


def _closed_form_gain(
    rank: int, ranks: Sequence[int], unit: float, total: int, others: int, void_risk: float
) -> float:
    """A card's gain if the ``others`` play uniformly from ``total`` unseen cards, ``ranks``
    of them in its suit: it keeps what it captures unless one of them plays higher.
    ``void_risk`` is the chance of staying void when the suit is not won yet (else 0)."""
    higher = sum(1 for r in ranks if r > rank)
    keep = (1 - higher / total) ** others
    lower = others * (len(ranks) - higher) / total
    value = keep * unit * (1 + lower)
    if void_risk:
        value -= keep * 10 * void_risk
    return value


def _quad_gain(won_ranks: Counter[int], got: Sequence[Tup]) -> float:
    extra = Counter(rank for suit, rank in got if suit != "J")
    return 20.0 * sum((won_ranks[r] + k) // 4 - won_ranks[r] // 4 for r, k in extra.items())


def analytic_gains(view: _View) -> dict[Card, float]:
    """A cheap closed-form stand-in for :func:`expected_gains` (the rollout policy's).

    The other seats are taken to play uniformly from the unseen cards: a card keeps what
    it would capture if nobody plays a higher card of its suit.
    """
    unit = _unit_values(view)
    won_suits = {c[0] for c in view.won}
    stay_void = _stay_void(view.contract, view.tricks_left)
    pool = view.unseen
    total = max(1, len(pool))
    others = view.n - 1 + (1 if view.n == 3 else 0)
    by_suit: dict[str, list[int]] = {s: [] for s in SUITS}
    for suit, rank in pool:
        if suit != "J":
            by_suit[suit].append(rank)
    out: dict[Card, float] = {}
    for card in dict.fromkeys(view.hand):
        if card.is_joker:
            out[card] = 0.0
            continue
        risk = stay_void if card.suit not in won_suits else 0.0
        ranks = by_suit[card.suit]
        out[card] = _closed_form_gain(card.rank, ranks, unit[card.suit], total, others, risk)
    return out


def expected_gains(view: _View, rng: random.Random, samples: int) -> dict[Card, float]:
    """Mean contract gain of playing each distinct card now, over sampled tricks."""
    won_suits = {c[0] for c in view.won}
    won_ranks = Counter(c[1] for c in view.won if c[0] != "J")
    unit = _unit_values(view)
    void_cost = 10 * _stay_void(view.contract, view.tricks_left)
    opts = view.obs.options
    rules = (opts.all_different_suits, opts.dup_tie)
    others = view.n - 1
    dummy = view.n == 3
    spare_unknown = view.n < 5 and view.table.spare > 0
    pool = view.unseen
    mine = list(dict.fromkeys(view.hand))
    totals = dict.fromkeys(mine, 0.0)
    need = others + (1 if dummy and view.dummy_top is None else 0) + (1 if spare_unknown else 0)
    if len(pool) < need:
        return totals
    for _ in range(samples):
        drawn = rng.sample(pool, need)
        opp = drawn[:others]
        extra = drawn[others:]
        dummy_card = (
            view.dummy_top if view.dummy_top is not None else (extra.pop(0) if dummy else None)
        )
        spare = extra[0] if extra else None
        if dummy_card is not None:
            opp.append(dummy_card)
        for card in mine:
            totals[card] += _trick_gain(
                card, opp, spare, rules, unit, won_suits, won_ranks, void_cost
            )
    return {c: v / samples for c, v in totals.items()}


def _trick_gain(
    card: Card,
    others: Sequence[Tup],
    spare: Tup | None,
    rules: tuple[str, str],
    unit: dict[str, float],
    won_suits: set[str],
    won_ranks: Counter[int],
    void_cost: float,
) -> float:
    """What ``card`` played against ``others`` captures for the contract (A7; a joker is
    replaced by the ``spare`` and reverses the trick), less the voids it breaks."""
    cards = [(card.suit, card.rank), *others]
    bomb = False
    if spare is not None:  # 3-4 players: a joker is replaced by the spare
        for i, c in enumerate(cards):
            if c[0] == "J":
                bomb = True
                cards[i] = spare
    got = [cards[i] for i in _captured_by_first(cards, bomb, *rules)]
    gain = 0.0
    new_suits = set()
    for suit, _ in got:
        gain += unit[suit]
        if suit != "J" and suit not in won_suits:
            new_suits.add(suit)
    if len(got) > 1 or won_ranks[got[0][1] if got else 0] % 4 == 3:
        gain += _quad_gain(won_ranks, got)
    return gain - void_cost * len(new_suits)


def _predicted_card(
    hand: Sequence[Tup],
    unit: dict[str, float],
    won_suits: set[str],
    stay_void: float,
    hidden: dict[str, list[int]],
    total: int,
    others: int,
    under: bool,
) -> Tup:
    """The card another seat holding ``hand`` plays: the best closed-form gain seen from its
    seat (:func:`analytic_gains`; ``hidden`` is what it cannot see, by suit)."""
    best: Tup = hand[0]
    best_key = (-1e9, 0.0)
    for suit, rank in hand:
        if suit == "J":
            key = (0.0, 0.0)
        else:
            risk = stay_void if suit not in won_suits else 0.0
            gain = _closed_form_gain(rank, hidden[suit], unit[suit], total, others, risk)
            key = (gain, 0.01 * (rank if under else -rank))
        if key > best_key:
            best, best_key = (suit, rank), key
    return best


def modelled_gains(view: _View, rng: random.Random, samples: int) -> dict[Card, float]:
    """:func:`expected_gains`, but each other seat plays what *it* would play.

    The other seats' hands are dealt from the unseen cards, and each plays the card its
    announced contract makes best for it (the closed-form gains from its seat: its contract
    and its won cards are public).  Uniform draws instead (:func:`expected_gains`) treat a
    Spades player as likely to play a heart as his ace of spades.  Four or five players
    only (the 3-player dummy's top card is not chosen by anyone).
    """
    n = view.n
    if n == 3:
        return expected_gains(view, rng, samples)
    obs = view.obs
    table = view.table
    tl = view.tricks_left
    others = [(view.seat + k) % n for k in range(1, n)]
    pool = list(view.unseen)
    spare_unknown = n < 5 and table.spare > 0
    if len(pool) != len(others) * tl + (1 if spare_unknown else 0) or tl == 0:
        return expected_gains(view, rng, samples)
    opts = obs.options
    rules = (opts.all_different_suits, opts.dup_tie)
    players = obs.players
    won = {s: list(map(_tup, players[s].won)) for s in others}
    won_suits = {s: {c[0] for c in won[s]} for s in others}
    contracts = table.contracts
    mine_tups = [(c.suit, c.rank) for c in view.hand]
    # what an opponent cannot see: the pool and my hand, less its own hand
    shared: dict[str, list[int]] = {x: [] for x in SUITS}
    for suit, rank in [*pool, *mine_tups]:
        if suit != "J":
            shared[suit].append(rank)
    stay = {s: _stay_void(contracts[s], tl) for s in others}
    my_won_suits = {c[0] for c in view.won}
    my_won_ranks = Counter(c[1] for c in view.won if c[0] != "J")
    my_unit = _unit_values(view)
    void_cost = 10 * _stay_void(view.contract, tl)
    mine = list(dict.fromkeys(view.hand))
    totals = dict.fromkeys(mine, 0.0)
    # another seat cannot see the pool and my hand, less its own hand: as many as the pool
    unseen_by_other = max(1, len(pool))
    for _ in range(samples):
        rng.shuffle(pool)
        plays: list[Tup] = []
        for k, s in enumerate(others):
            hand = pool[k * tl : (k + 1) * tl]
            hidden = {x: list(v) for x, v in shared.items()}
            for suit, rank in hand:
                if suit != "J":
                    hidden[suit].remove(rank)
            unit = _unit_for(contracts[s], won[s], Counter(c[0] for c in hand), tl, n, view.par)
            plays.append(
                _predicted_card(
                    hand,
                    unit,
                    won_suits[s],
                    stay[s],
                    hidden,
                    unseen_by_other,
                    n - 1,
                    contracts[s] == "under",
                )
            )
        spare = pool[-1] if spare_unknown else None
        for card in mine:
            totals[card] += _trick_gain(
                card, plays, spare, rules, my_unit, my_won_suits, my_won_ranks, void_cost
            )
    return {c: v / samples for c, v in totals.items()}


def rank_cards(
    view: _View,
    legal: Sequence[Action],
    rng: random.Random,
    samples: int,
    model: bool = False,
) -> list[Action]:
    """The legal plays, best expected gain first (``model``: by :func:`modelled_gains`)."""
    if not samples:
        gains = analytic_gains(view)
    elif model:
        gains = modelled_gains(view, rng, samples)
    else:
        gains = expected_gains(view, rng, samples)
    under = view.contract == "under"

    def key(action: Action) -> tuple[float, float]:
        assert isinstance(action, Play)
        card = action.card
        g = gains.get(card, 0.0)
        # ties: shed high cards under Under, keep high cards (play low ones) otherwise
        tie = card.rank if under else -card.rank
        return (g, 0.01 * tie)

    return sorted(legal, key=key, reverse=True)


def choose_card(view: _View, legal: Sequence[Action], rng: random.Random, samples: int) -> Action:
    return rank_cards(view, legal, rng, samples)[0]


def choose_pass(view: _View, legal: Sequence[Action]) -> Action:
    """Pass the three cards with the least capturing power (keep aces, kings and the joker)."""
    ranked = sorted(view.hand, key=lambda c: (_power(c) if not c.is_joker else 2.0, c.sort_key()))
    wanted = Counter(ranked[:3])
    for action in legal:
        if isinstance(action, PassCards) and Counter(action.cards) == wanted:
            return action
    return legal[0]


class AnarchyPolicy:
    """The ``normal`` bot (and, with fewer samples, the search bots' rollout policy)."""

    def __init__(self, samples: int = 6) -> None:
        self.samples = samples

    def choose(self, obs: AnarchyView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        view = _View(obs)
        phase = obs.phase
        if phase == "contract":
            rates = rate_contracts(
                view.hand,
                [a.contract for a in legal if isinstance(a, ChooseContract)],
                view.n,
                view.par,
            )
            return max(legal, key=lambda a: rates.get(getattr(a, "contract", ""), -1e9))
        if phase == "pass":
            return choose_pass(view, legal)
        return choose_card(view, legal, rng, self.samples)


BUDGET = Budget(worlds=16, max_candidates=4)
"""A rollout plays a whole 13-trick deal for every seat (about 13 ms on one core).  Sixteen
worlds over the heuristic's four best-rated contracts keep the contract decision near
0.8 s; the cards are then played by the heuristic (see :class:`AnarchySearch`)."""

PLAY_CANDIDATES = 1
"""Cards the search compares in a trick by rollouts (1: the best card of the sampled tricks)."""

PLAY_SAMPLES = 96
"""Sampled tricks per card for ``hard`` (``normal`` draws 6): the other seats' cards are drawn
from the unseen ones and the trick is resolved by the rules, so more samples make the
card's expected gain exact instead of a noisy guess."""


class AnarchySearch(PimcBot):
    """PIMC where it pays: the contract choice (the kit's search class, used by ``make``).

    The contract decides most of a deal's score and is used once in ten deals, so it is
    chosen by playing the deal out in sampled worlds for each of the heuristic's best-rated
    contracts (``value`` weighs each score against what that contract scores on average).
    In the tricks, rollouts of the whole deal were no better than the heuristic's sampled
    tricks in any measurement (docs/bots.md) and cost thirteen times as much, so ``hard``
    plays the card with the best expected gain over :data:`PLAY_SAMPLES` sampled tricks in
    which the other seats play for their own contracts (:func:`modelled_gains`; rollouts
    only if :data:`PLAY_CANDIDATES` is raised).
    """

    def candidates(self, obs: AnarchyView, legal: Sequence[Action]) -> list[Action]:
        view = _View(obs)
        if obs.phase == "contract":
            names = [a.contract for a in legal if isinstance(a, ChooseContract)]
            rates = rate_contracts(view.hand, names, view.n, view.par)
            ranked = sorted(legal, key=lambda a: -rates.get(getattr(a, "contract", ""), -1e9))
            return ranked[: self.budget.max_candidates]
        if obs.phase == "play":
            ranked = rank_cards(view, legal, self.rng, PLAY_SAMPLES, model=True)
            return ranked[:PLAY_CANDIDATES]
        return [choose_pass(view, legal)]


def _table(
    best: float, colour: float, cards: float, suit: float, over: float, under: float
) -> dict[str, float]:
    return {
        "cards": cards,
        "black": colour,
        "red": colour,
        "best": best,
        **dict.fromkeys(SUIT_OF, suit),
        "over": over,
        "under": under,
    }


AVERAGE_SCORE: dict[int, dict[str, float]] = {
    3: _table(best=20.5, colour=18.0, cards=18.9, suit=21.0, over=10.0, under=11.7),
    4: _table(best=21.7, colour=18.6, cards=14.1, suit=21.4, over=17.5, under=18.6),
    5: _table(best=25.0, colour=25.5, cards=22.5, suit=24.8, over=23.5, under=20.1),
}
"""Mean deal score of each contract in ``normal`` self-play (8 matches per player count,
seeds 1000-1007; the four suit contracts and the two colours averaged together)."""


def value(state: State[Any, AnarchyView], seat: int) -> float:
    """Deal-end value: score margin, each seat's score this deal taken relative to what its
    contract scores on average (so the search keeps flexible contracts for later)."""
    obs = state.view(None)
    scores = obs.scores
    sheet = obs.table.score_sheet
    n = len(scores)
    adjusted = [float(s) for s in scores]
    if sheet and obs.result is None:
        base = AVERAGE_SCORE[n]
        for s, contract in enumerate(sheet[-1].contracts):
            adjusted[s] -= base.get(contract, 0.0)
    others = [adjusted[i] for i in range(n) if i != seat]
    return adjusted[seat] - sum(others) / len(others)


def explain(obs: AnarchyView, action: Action, lang: str = "en") -> str:
    """One line on why ``action`` is a good move here."""
    view = _View(obs)
    if isinstance(action, ChooseContract):
        return t(f"an_hint_contract_{action.contract}", lang)
    if isinstance(action, PassCards):
        return t("an_hint_pass", lang, cards=" ".join(c.pretty() for c in action.cards))
    if isinstance(action, Play):
        card = action.card
        if card.is_joker:
            return t("an_hint_bomb", lang)
        contract = view.contract or "cards"
        if contract == "under":
            return t("an_hint_under", lang, card=card.pretty())
        if contract in SUIT_OF and card.suit == SUIT_OF[contract]:
            return t("an_hint_suit", lang, card=card.pretty())
        return t("an_hint_capture", lang, card=card.pretty())
    return t("hint_generic", lang)


KIT = BotKit(
    policy=AnarchyPolicy(samples=6),
    # Rollouts play whole 13-trick deals for every seat, so they use analytic_gains instead
    # of sampled tricks.
    rollout=AnarchyPolicy(samples=0),
    value=value,
    explain=explain,
    budget=BUDGET,
    search=AnarchySearch,
    # a deal scores tens of points (a contract is worth up to 65); the value is the margin
    # over the others' mean, each score weighed against the contract's average
    review=ReviewScale(inaccuracy=4.0, mistake=10.0, worlds=24),
)

"""Matches of pakka's Guandan bots against the competition's rule bots, and their summary.

pakka's engine is the referee: it deals, lists the legal actions, checks them, scores the
deals and the match.  The two rule-bot seats get the competition server's JSON messages,
built from pakka's state and its typed events, in the server's order:

1. ``notify/beginning`` (``myPos``, ``handCards`` as dealt, before tribute; ranks added);
2. ``notify/anti-tribute`` (:class:`AntiTribute`) or ``notify/tribute``
   (:class:`TributePaid`); tribute in pakka is automatic, so no ``act/tribute`` is sent;
3. ``act/back`` to a receiving rule bot, then ``notify/back`` (the :class:`CardReturned`
   events) once all returns are in;
4. ``act/play`` when a rule bot is to move (hand, ``publicInfo``, ranks, the last action,
   the trick's top, ``actionList`` in the server's order and ``indexRange``);
5. ``notify/play`` to both rule bots after every play or pass by anyone;
6. ``notify/episodeOver`` (:class:`GuandanDealScored`'s ``finish_order``) after each deal,
   ``gameOver`` and ``gameResult`` (:class:`MatchOver`'s ``winners``) at the end.

The index a bot returns is mapped back to the pakka action its entry was built from.  A
reply that is not a valid index is counted (``invalid``), an exception on an act message
(``crash``) or on a notice (``notify_crash``) too; in the first two cases the seat plays
index 0 (the pass when following, otherwise the first legal action).

Duplicate seating: every seed is played twice with the same cards (pakka shuffles deal
*k* of a match from ``(seed, k)`` only), the pakka pair at seats 0/2 and then at 1/3.
pakka's bots are seeded ``seed * 10 + seat``; the global ``random`` (the rule bots use
``randint``) is seeded per match.  Every pakka decision with a choice (two or more legal
actions) is timed, wall clock and thread CPU time (``pakka_decisions``).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any

import pakka.games
from pakka.bots import Budget, make
from pakka.bots.learned import LearnedBot
from pakka.bots.learned import load as load_network
from pakka.cards import Card
from pakka.engine import Action
from pakka.events import Event, MatchOver
from pakka.games.guandan import (
    AntiTribute,
    CardReturned,
    GuandanDealScored,
    GuandanDealStarted,
    GuandanOptions,
    GuandanState,
    GuandanTrickWon,
    Play,
    TributePaid,
)
from pakka.games.guandan.bots import GuandanSearch
from pakka.games.guandan.bots.belief import carry
from pakka.games.guandan.combos import level_rank
from pakka.games.guandan.rules import is_wild

from . import loader
from .bombs import BombModel, BombOracle
from .convert import (
    NONE_ENTRY,
    Entry,
    action_list,
    action_out,
    card_out,
    level_letter,
    rank_num,
    sort_hand,
)

GAME = pakka.games.get("guandan")
Record = dict[str, Any]


def gain(order: Sequence[int], team: int) -> int:
    """Signed level gain of ``team`` for a finishing order (+3/+2/+1, or minus the other's).

    >>> gain([0, 2, 1, 3], 0), gain([1, 0, 3, 2], 0)
    (3, -1)
    """
    first = order[0]
    g = 4 - list(order).index((first + 2) % 4)
    return g if first % 2 == team else -g


class SearchFrom:
    """``hard/N``: the ``normal`` heuristic until ``N`` or fewer cards are left in all hands,
    then ``hard`` (both seeded alike).  With the same seeds, a deal differs from ``normal``'s
    only from that point on, so comparing the two measures the search of the last ``N``
    cards alone, with much less noise than whole ``hard`` runs.  ``seeing/N`` is ``hard``
    until then and ``seeing`` after: how much of what seeing every hand is worth lies in the
    last ``N`` cards."""

    def __init__(self, cards: int, before: Any, after: Any) -> None:
        self.cards = cards
        self.before, self.after = before, after

    @property
    def truth(self) -> GuandanState | None:
        return getattr(self.after, "truth", None)

    @truth.setter
    def truth(self, state: GuandanState) -> None:
        if isinstance(self.after, (Seeing, SeeingBombs)):
            self.after.truth = state

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        if sum(p.cards for p in view.players) <= self.cards:
            return self.after.act(view, legal)
        return self.before.act(view, legal)


class Seeing(GuandanSearch):
    """``seeing``: ``hard``'s search whose only world is the true state (it sees every
    hand: a bot no one may play against).  What it wins above ``hard`` is what perfect
    inference about the hidden hands could add to the search; what it still loses is the
    search's and its play-outs' doing.  Two copies of the truth a decision (the play-outs
    are deterministic, so the paired test has no error and the best mean wins)."""

    truth: GuandanState | None = None

    def world(self, observation: Any, budget: Budget) -> Any:
        assert self.truth is not None, "the match sets the true state before each decision"
        return self.truth.clone()

    def budget_for(self, obs: Any) -> Budget:
        return replace(super().budget_for(obs), worlds=2, max_worlds=2)


class SeeingBombs(GuandanSearch):
    """``seeing-bombs``: ``hard``'s search whose worlds are dealt at random except that
    every other seat holds its true jokers, wild cards and cards of a rank it holds four or
    more of (its bombs' material); what it wins above ``hard`` is what knowing where the
    bombs are is worth."""

    truth: GuandanState | None = None

    def known(self, truth: GuandanState, seat: int, me: int) -> list[Card]:
        """The cards of ``seat``'s true hand that every world gives it."""
        level = level_rank(truth.deal_level)
        ranks = Counter(c.rank for c in truth.hands[seat] if not c.is_joker)
        return [
            c for c in truth.hands[seat] if c.is_joker or is_wild(c, level) or ranks[c.rank] >= 4
        ]

    def world(self, observation: Any, budget: Budget) -> Any:
        truth = self.truth
        assert truth is not None, "the match sets the true state before each decision"
        keys = truth.clone()
        for s in range(4):
            keys.hands[s] = self.known(truth, s, observation.seat)
        world = carry(keys, observation, self.rng)  # None outside the play phase
        return world if world is not None else self.game.determinize(observation, self.rng)


class SeeingPartner(SeeingBombs):
    """``seeing-partner``: ``hard``'s search whose worlds give the partner its true hand and
    deal the rest at random: what knowing the partner's hand is worth."""

    def known(self, truth: GuandanState, seat: int, me: int) -> list[Card]:
        return list(truth.hands[seat]) if seat == (me + 2) % 4 else []


SEEING: dict[str, type[GuandanSearch]] = {
    "seeing": Seeing,
    "seeing-bombs": SeeingBombs,
    "seeing-partner": SeeingPartner,
}
"""The diagnostic levels that see some of the truth (the match hands it to them)."""


def parse_seeds(text: str) -> list[int]:
    """``0-19`` or ``1,2,5`` (or both) as a list of seeds."""
    out = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out += list(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def pakka_bot(level: str, seed: int, budget: Budget | None) -> Any:
    """A pakka level (``random``, ``easy``, ``normal``, ``hard``), ``hard/N``, ``seeing``,
    ``seeing/N``, ``seeing-bombs``, ``seeing-partner``, or any of these with a bomb rule:
    ``LEVEL+bombs@MARGIN`` (a model, :class:`~.bombs.BombModel`) or ``LEVEL+bombs@oracle``
    (the true cards, :class:`~.bombs.BombOracle`), or ``learned@PATH``: the ``learned``
    level with the weights in ``PATH`` (a training run's snapshot; ``learned`` alone plays
    the shipped weights)."""
    if level.startswith("learned@"):
        path = level.partition("@")[2]
        return LearnedBot("guandan", seed, load_network(path))
    if "+bombs@" in level:  # LEVEL+bombs@MARGIN: benchmarks/guandan_bombs.py's model
        inner, _, margin = level.partition("+bombs@")
        if margin == "oracle":
            return BombOracle(pakka_bot(inner, seed, budget))
        weights = os.environ.get("PAKKA_BOMB_WEIGHTS", "bench-results/bombs/weights.json")
        return BombModel.load(pakka_bot(inner, seed, budget), weights, float(margin))
    if "/" in level:
        name, cards = level.split("/")
        if name not in ("hard", "seeing"):
            raise ValueError(f"{level!r}: only hard/N and seeing/N take a card count")
        if name == "hard":  # the budget is the search's
            return SearchFrom(
                int(cards), pakka_bot("normal", seed, None), pakka_bot(name, seed, budget)
            )
        return SearchFrom(int(cards), pakka_bot("hard", seed, budget), pakka_bot(name, seed, None))
    if level in SEEING:
        bot = make("guandan", "hard", seed=seed)
        assert isinstance(bot, GuandanSearch)
        # the kit's hard, configured as make does, seeing (some of) the truth
        bot.__class__ = SEEING[level]
        return bot
    extra = {"budget": budget} if budget is not None else {}
    return make("guandan", level, seed=seed, **extra)


class Match:
    """One match: pakka bots at the seats of ``pakka_team``, rule bots at the others.

    ``rule_bot(name)`` makes a rule-bot seat (default: :class:`~.loader.RuleBot`, which
    loads the competition's bot; the tests give a stand-in with the same ``send``).
    """

    def __init__(
        self,
        seed: int,
        level: str,
        rule: str,
        pakka_team: int,
        deals: int,
        max_deals: int,
        budget: Budget | None = None,
        rule_bot: Callable[[str], Any] | None = None,
    ) -> None:
        self.seed, self.level, self.rule, self.pakka_team = seed, level, rule, pakka_team
        self.deals_limit, self.max_deals = deals, max_deals
        # the rule bots draw from the global random module (randint); seed it per match so a
        # run repeats (with PYTHONHASHSEED fixed too, as some iterate over sets)
        random.seed(seed * 2 + pakka_team)
        st = GAME.new_match(players=4, seed=seed, options=GuandanOptions(end_on_double_win=True))
        assert isinstance(st, GuandanState)
        self.st = st
        self.rule_seats = [s for s in range(4) if s % 2 != pakka_team]
        self.bots: dict[int, Any] = {}
        for s in range(4):
            if s % 2 == pakka_team:
                self.bots[s] = pakka_bot(level, seed * 10 + s, budget)
            else:
                self.bots[s] = (rule_bot or loader.RuleBot)(rule)
        self.invalid = 0  # act replies that were not an index into actionList
        self.crash = 0  # exceptions raised by a bot on an act message
        self.notify_crash = 0  # exceptions raised by a bot on a notice
        self.rule_decisions = 0
        self.rule_time = 0.0
        self.pakka_time = 0.0
        self.pakka_decisions: list[list[float]] = []
        self.deal_results: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.stopped = False
        self.rest: list[Any] = []
        self.tribute: list[list[Any]] = []
        self.pending_returns: list[list[Any]] = []
        self.cur: tuple[int, Entry] = (-1, list(NONE_ENTRY))
        self.greater: tuple[int, Entry] = (-1, list(NONE_ENTRY))
        self.play_area: list[Entry | None] = [None] * 4
        self.deal_level_played = st.deal_level
        self.deal_no_played = st.deal_no

    # --- messages ---------------------------------------------------------------------

    def notify(self, msg: dict[str, Any], seats: Sequence[int] | None = None) -> None:
        for s in self.rule_seats if seats is None else seats:
            try:
                self.bots[s].send(msg)
            except Exception as e:  # a bot that dies on a notice keeps its seat
                self.notify_crash += 1
                if len(self.errors) < 5:
                    self.errors.append(f"notify {msg.get('stage')}: {type(e).__name__}: {e}")

    def ranks(self, seat: int) -> dict[str, str]:
        lv = self.st.levels
        return {
            "selfRank": level_letter(lv[seat % 2]),
            "oppoRank": level_letter(lv[1 - seat % 2]),
            "curRank": level_letter(self.st.deal_level),
        }

    def hand(self, seat: int) -> list[str]:
        level = rank_num(self.st.deal_level)
        return sort_hand([card_out(str(c)) for c in self.st.hands[seat]], level)

    def public_info(self) -> list[dict[str, Any]]:
        return [{"rest": len(self.st.hands[s]), "playArea": self.play_area[s]} for s in range(4)]

    def begin_deal(self, events: Sequence[Event]) -> None:
        """Notices of a new deal: beginning (the dealt hands, before tribute), then
        anti-tribute or tribute, as the competition server sends them."""
        st = self.st
        self.cur = (-1, list(NONE_ENTRY))
        self.greater = (-1, list(NONE_ENTRY))
        self.play_area = [None] * 4
        self.pending_returns = []
        paid: dict[int, list[str]] = defaultdict(list)
        got: dict[int, list[str]] = defaultdict(list)
        tribute: list[list[Any]] = []
        anti: list[int] | None = None
        for ev in events:
            if isinstance(ev, TributePaid):
                card = str(ev.card)
                paid[ev.seat].append(card)
                got[ev.to].append(card)
                tribute.append([ev.seat, ev.to, card_out(card)])
            elif isinstance(ev, AntiTribute):
                anti = sorted(set(ev.holders))
        lvl = rank_num(st.deal_level)
        for s in self.rule_seats:
            cards = [str(c) for c in st.hands[s]]
            for c in got[s]:
                cards.remove(c)
            cards += paid[s]
            msg = {
                "type": "notify",
                "stage": "beginning",
                "handCards": sort_hand([card_out(c) for c in cards], lvl),
                "myPos": s,
                **self.ranks(s),
            }
            self.notify(msg, [s])
        if anti is not None:
            self.notify(
                {
                    "type": "notify",
                    "stage": "anti-tribute",
                    "antiNum": len(anti),
                    "antiNums": len(anti),
                    "antiPos": anti,
                }
            )
        self.tribute = tribute
        if tribute:
            self.notify({"type": "notify", "stage": "tribute", "result": tribute})

    def handle(self, events: Sequence[Event]) -> None:
        i = 0
        while i < len(events):
            ev = events[i]
            if isinstance(ev, CardReturned):
                self.pending_returns.append([ev.seat, ev.to, card_out(str(ev.card))])
                if i + 1 >= len(events) or not isinstance(events[i + 1], CardReturned):
                    self.notify({"type": "notify", "stage": "back", "result": self.pending_returns})
                    self.pending_returns = []
            elif isinstance(ev, GuandanTrickWon):
                self.greater = (-1, list(NONE_ENTRY))
                self.cur = (-1, list(NONE_ENTRY))
                self.play_area = [None] * 4
            elif isinstance(ev, GuandanDealScored):
                order = list(ev.finish_order)
                self.deal_results.append(
                    {
                        "deal": self.deal_no_played,
                        "level": self.deal_level_played,
                        "order": order,
                        "gain": gain(order, self.pakka_team),
                    }
                )
                self.notify(
                    {
                        "type": "notify",
                        "stage": "episodeOver",
                        "order": order,
                        "curRank": level_letter(self.deal_level_played),
                        "restCards": self.rest,
                    }
                )
            elif isinstance(ev, MatchOver):
                w = ev.winners[0] % 2
                self.notify(
                    {"type": "notify", "stage": "gameOver", "curTimes": 1, "settingTimes": 1}
                )
                self.notify(
                    {
                        "type": "notify",
                        "stage": "gameResult",
                        "victoryNum": [int(s % 2 == w) for s in range(4)],
                        "draws": [0, 0, 0, 0],
                        "victory": w,
                        "victoryRank": list(self.st.levels),
                    }
                )
            elif isinstance(ev, GuandanDealStarted):
                j = i + 1
                while j < len(events) and isinstance(events[j], TributePaid | AntiTribute):
                    j += 1
                if (self.deals_limit and len(self.deal_results) >= self.deals_limit) or len(
                    self.deal_results
                ) >= self.max_deals:
                    self.stopped = True
                    return
                self.deal_level_played = self.st.deal_level
                self.deal_no_played = self.st.deal_no
                self.begin_deal(events[i + 1 : j])
                i = j
                continue
            i += 1

    # --- decisions --------------------------------------------------------------------

    def rule_act(self, seat: int, legal: list[Action]) -> Action:
        st = self.st
        msg: dict[str, Any]
        common = {
            "handCards": self.hand(seat),
            "publicInfo": self.public_info(),
            **self.ranks(seat),
        }
        if st.phase == "return":
            entries: list[Entry] = [["back", "back", [card_out(str(a.cards[0]))]] for a in legal]
            acts = list(legal)
            card = next((c for _, r, c in self.tribute if r == seat), None)
            msg = {
                "type": "act",
                "stage": "back",
                **common,
                "curPos": -1,
                "curAction": list(NONE_ENTRY),
                "greaterPos": -1,
                "greaterAction": list(NONE_ENTRY),
                "tributePos": st.pending[seat],
                "tribute": card,
                "actionList": entries,
                "indexRange": len(entries) - 1,
            }
        else:
            entries, acts = action_list(legal, st.deal_level)
            msg = {
                "type": "act",
                "stage": "play",
                **common,
                "curPos": self.cur[0],
                "curAction": self.cur[1],
                "greaterPos": self.greater[0],
                "greaterAction": self.greater[1],
                "actionList": entries,
                "indexRange": len(entries) - 1,
            }
        self.rule_decisions += 1
        t0 = time.perf_counter()
        idx: Any
        try:
            idx = self.bots[seat].send(msg)
        except Exception as e:
            self.crash += 1
            if len(self.errors) < 5:
                self.errors.append(f"act {msg['stage']}: {type(e).__name__}: {e}")
            idx = "crash"
        self.rule_time += time.perf_counter() - t0
        if isinstance(idx, bool) or not isinstance(idx, int) or not 0 <= idx < len(acts):
            if idx != "crash":
                self.invalid += 1
                if len(self.errors) < 5:
                    self.errors.append(f"invalid index {idx!r} of {len(acts)} ({msg['stage']})")
            idx = 0  # the pass when following (it is listed first), else the first legal action
        return acts[idx]

    def pakka_act(self, seat: int, legal: list[Action]) -> Action:
        wall, cpu = time.perf_counter(), time.thread_time()
        if isinstance(self.bots[seat], (Seeing, SeeingBombs, SearchFrom, BombOracle)):
            self.bots[seat].truth = self.st
        action: Action = self.bots[seat].act(self.st.view(seat), legal)
        took = time.perf_counter() - wall
        self.pakka_time += took
        if len(legal) > 1:
            self.pakka_decisions.append([round(took, 5), round(time.thread_time() - cpu, 5)])
        return action

    def run(self) -> Record:
        st = self.st
        self.begin_deal([])
        t0 = time.perf_counter()
        while not st.is_over() and not self.stopped:
            for seat in sorted(st.to_act()):
                legal = st.legal_actions(seat)
                if seat in self.rule_seats:
                    action = self.rule_act(seat, legal)
                else:
                    action = self.pakka_act(seat, legal)
                entry = action_out(action, st.deal_level) if isinstance(action, Play) else None
                if (
                    entry is not None
                    and entry[0] != "PASS"
                    and len(action.cards) == len(st.hands[seat])
                ):
                    # this play empties the hand and may end the deal: keep the others' cards
                    self.rest = [
                        [s, [card_out(str(c)) for c in st.hands[s]]]
                        for s in range(4)
                        if s != seat and st.hands[s]
                    ]
                events = st.apply(seat, action)
                if entry is not None:
                    self.cur = (seat, entry)
                    self.play_area[seat] = entry
                    if entry[0] != "PASS":
                        self.greater = (seat, entry)
                    self.notify(
                        {
                            "type": "notify",
                            "stage": "play",
                            "curPos": seat,
                            "curAction": entry,
                            "greaterPos": self.greater[0],
                            "greaterAction": self.greater[1],
                        }
                    )
                self.handle(events)
                if self.stopped or st.is_over():
                    break
        wall = time.perf_counter() - t0
        winner = st.winner
        return {
            "seed": self.seed,
            "level": self.level,
            "rule": self.rule,
            "pakka_team": self.pakka_team,
            "finished": winner is not None,
            "pakka_won": None if winner is None else winner == self.pakka_team,
            "levels": list(st.levels),
            "deals": self.deal_results,
            "invalid": self.invalid,
            "crash": self.crash,
            "notify_crash": self.notify_crash,
            "rule_decisions": self.rule_decisions,
            "rule_seconds": round(self.rule_time, 3),
            "pakka_seconds": round(self.pakka_time, 3),
            "seconds": round(wall, 3),
            "errors": self.errors,
            "pakka_decisions": self.pakka_decisions,
        }


Task = tuple[int, str, str, int, int, int, Budget | None]


def play_task(task: Task) -> Record:
    seed, level, rule, team, deals, max_deals, budget = task
    return Match(seed, level, rule, team, deals, max_deals, budget).run()


def play(
    tasks: list[Task], jobs: int = 1, task_fn: Callable[[Task], Record] = play_task
) -> Iterator[Record]:
    """The records of ``tasks``, in order, as they finish (``jobs`` processes); ``task_fn``
    plays one (a module-level function, so that the pool can send it)."""
    loader.export_tree()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            yield from pool.imap(task_fn, tasks)
    else:
        for task in tasks:
            yield task_fn(task)


# --- statistics -----------------------------------------------------------------------


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % interval (normal approximation)."""
    n = len(xs)
    if n == 0:
        return float("nan"), float("nan")
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def wilson(k: int, n: int) -> tuple[float, float]:
    """95 % Wilson score interval of ``k`` successes in ``n`` trials.

    >>> [round(x, 3) for x in wilson(45, 50)]
    [0.786, 0.957]
    """
    if n == 0:
        return float("nan"), float("nan")
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def ratio_ci(nums: Sequence[float], dens: Sequence[float]) -> tuple[float, float]:
    """``sum(nums) / sum(dens)`` with a cluster (per seed) 95 % interval."""
    k = len(nums)
    tot = sum(dens)
    if tot == 0:
        return float("nan"), float("nan")
    r = sum(nums) / tot
    if k < 2:
        return r, float("nan")
    dbar = tot / k
    s2 = sum((a - r * b) ** 2 for a, b in zip(nums, dens, strict=True)) / (k - 1)
    return r, 1.96 * math.sqrt(s2 / k) / dbar


def summarize(records: Sequence[Record], first_deals: int = 0) -> list[dict[str, Any]]:
    """One row per (rule bot, pakka level).  ``first_deals`` > 0 keeps only deals 1..K of
    each match (the match columns then still describe the matches as played)."""
    nan = float("nan")
    if first_deals:
        records = [
            dict(r, deals=[d for d in r["deals"] if d["deal"] <= first_deals]) for r in records
        ]
    groups: dict[tuple[str, str], list[Record]] = defaultdict(list)
    for r in records:
        groups[(r["rule"], r["level"])].append(r)
    rows = []
    for (rule, level), rs in sorted(groups.items()):
        by_seed: dict[int, list[Record]] = defaultdict(list)
        for r in rs:
            by_seed[r["seed"]].append(r)
        seeds = sorted(by_seed)
        match_scores: list[float] = []
        gains: list[float] = []
        ndeals: list[float] = []
        dwins: list[float] = []
        won = finished = 0
        for s in seeds:
            pair = by_seed[s]
            fin = [r for r in pair if r["finished"]]
            finished += len(fin)
            won += sum(r["pakka_won"] for r in fin)
            if fin:
                match_scores.append(sum(r["pakka_won"] for r in fin) / len(fin))
            ds = [d for r in pair for d in r["deals"]]
            gains.append(sum(d["gain"] for d in ds))
            ndeals.append(len(ds))
            dwins.append(sum(d["gain"] > 0 for d in ds))
        _, wr_ci = mean_ci(match_scores)
        g, g_ci = ratio_ci(gains, ndeals)
        dw, dw_ci = ratio_ci(dwins, ndeals)
        first = [d["gain"] for r in rs for d in r["deals"] if d["deal"] == 1]
        deals_total = int(sum(ndeals))
        rows.append(
            {
                "rule": rule,
                "level": level,
                "seeds": f"{seeds[0]}-{seeds[-1]}" if seeds else "",
                "n_seeds": len(seeds),
                "matches": len(rs),
                "finished": finished,
                "pakka_won": won,
                "win_rate": won / finished if finished else nan,
                "win_ci": wr_ci,
                "wilson": wilson(won, finished),
                "deals": deals_total,
                "gain": g,
                "gain_ci": g_ci,
                "deal_win": dw,
                "deal_win_ci": dw_ci,
                "deal1_gain": mean_ci(first)[0],
                "invalid": sum(r["invalid"] for r in rs),
                "crash": sum(r["crash"] for r in rs),
                "notify_crash": sum(r["notify_crash"] for r in rs),
                "rule_decisions": sum(r["rule_decisions"] for r in rs),
                # timings need all the deals played (not meaningful with first_deals)
                "sec_per_deal": nan
                if first_deals
                else sum(r["seconds"] for r in rs) / max(1, deals_total),
                "rule_sec_per_deal": nan
                if first_deals
                else sum(r["rule_seconds"] for r in rs) / max(1, deals_total),
                "pakka_sec_per_deal": nan
                if first_deals
                else sum(r["pakka_seconds"] for r in rs) / max(1, deals_total),
            }
        )
    return rows


def paired(first: Sequence[Record], second: Sequence[Record]) -> dict[str, float]:
    """The second run's level gain a deal minus the first's, seed by seed (both seatings and
    all deals of a seed together), over the seeds both ran: mean and 95 % half-width.

    Meant for two pakka levels on the same seeds and deals (``normal`` against ``hard/N``,
    which play alike until the last ``N`` cards)."""

    def per_seed(records: Sequence[Record]) -> dict[int, tuple[float, int]]:
        out: dict[int, tuple[float, int]] = {}
        for r in records:
            g, n = out.get(r["seed"], (0.0, 0))
            out[r["seed"]] = (g + sum(d["gain"] for d in r["deals"]), n + len(r["deals"]))
        return out

    a, b = per_seed(first), per_seed(second)
    seeds = sorted(set(a) & set(b))
    diffs = [b[s][0] / b[s][1] - a[s][0] / a[s][1] for s in seeds if a[s][1] and b[s][1]]
    mean, half = mean_ci(diffs)
    return {
        "seeds": len(diffs),
        "first": ratio_ci([a[s][0] for s in seeds], [a[s][1] for s in seeds])[0],
        "second": ratio_ci([b[s][0] for s in seeds], [b[s][1] for s in seeds])[0],
        "diff": mean,
        "diff_ci": half,
    }


def table(rows: Sequence[dict[str, Any]]) -> str:
    out = [
        "| rule bot | pakka level | seeds | matches (finished) | pakka match wins | "
        "match win rate [95 % Wilson] | deals | pakka deal wins ± 95 % | "
        "level gain / deal ± 95 % | invalid / crash (act) / crash (notice) of rule decisions | "
        "s / deal (rule, pakka) |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r['rule']} | {r['level']} | {r['seeds']} | {r['matches']} ({r['finished']}) | "
            f"{r['pakka_won']} | {100 * r['win_rate']:.1f} % [{100 * r['wilson'][0]:.0f}, "
            f"{100 * r['wilson'][1]:.0f}] | {r['deals']} | {100 * r['deal_win']:.1f} % ± "
            f"{100 * r['deal_win_ci']:.1f} | {r['gain']:+.3f} ± {r['gain_ci']:.3f} | "
            f"{r['invalid']} / {r['crash']} / {r['notify_crash']} of {r['rule_decisions']} | "
            f"{r['sec_per_deal']:.2f} ({r['rule_sec_per_deal']:.2f}, "
            f"{r['pakka_sec_per_deal']:.2f}) |"
        )
    return "\n".join(out)


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timing_table(records: Sequence[Record]) -> str:
    """Per (rule bot, pakka level): the pakka decisions with a choice, in milliseconds."""
    groups: dict[tuple[str, str], list[list[float]]] = defaultdict(list)
    deals: dict[tuple[str, str], int] = defaultdict(int)
    for r in records:
        if "pakka_decisions" in r:
            groups[(r["rule"], r["level"])] += r["pakka_decisions"]
            deals[(r["rule"], r["level"])] += len(r["deals"])
    rows = [
        "| rule bot | pakka level | deals | pakka decisions with a choice | per deal | "
        "wall median / p95 / max ms | CPU median / p95 / max ms |",
        "|---|---|---:|---:|---:|---|---|",
    ]
    for (rule, level), times in sorted(groups.items()):
        if not times:
            continue
        wall = [t[0] * 1000 for t in times]
        cpu = [t[1] * 1000 for t in times]
        n = deals[(rule, level)]
        rows.append(
            f"| {rule} | {level} | {n} | {len(times)} | {len(times) / max(1, n):.1f} | "
            f"{percentile(wall, 0.5):.1f} / {percentile(wall, 0.95):.1f} / {max(wall):.1f} | "
            f"{percentile(cpu, 0.5):.1f} / {percentile(cpu, 0.95):.1f} / {max(cpu):.1f} |"
        )
    return "\n".join(rows)


def line(rec: Record) -> str:
    """One line per match for the log."""
    gains = [d["gain"] for d in rec["deals"]]
    result = "pakka won" if rec["pakka_won"] else ("rule won" if rec["finished"] else "unfinished")
    seats = "02" if rec["pakka_team"] == 0 else "13"
    text = (
        f"seed {rec['seed']} pakka@{seats} {rec['level']} vs {rec['rule']}: {result} "
        f"levels {rec['levels']} deals {len(gains)} gains {gains} invalid {rec['invalid']} "
        f"crash {rec['crash']}/{rec['notify_crash']} {rec['seconds']:.1f}s"
    )
    if rec["errors"]:
        text += f" errors {rec['errors']}"
    return text


def load_avg() -> float:
    return os.getloadavg()[0]

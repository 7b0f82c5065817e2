"""Bot interface, levels, reproducibility and the arena, on the toy game.

The per-game bot tests (every registered game, every level) live in test_bots_games.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import pytest

from pakka import bots, plugins
from pakka.bots.arena import bradley_terry, run_arena
from pakka.bots.search import Budget, PimcBot, pick
from pakka.engine import Action, State
from pakka.errors import PakkaError
from tests.generic.toy import TOY


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    with plugins.registered(TOY):
        yield


def play_with(levels: list[str], seed: int) -> list[str]:
    state = TOY.new_match(players=len(levels), seed=seed)
    players = [
        bots.make("toy", lv, seed=seed + i, budget=Budget(worlds=3)) for i, lv in enumerate(levels)
    ]
    chosen = []
    while not state.is_over():
        for seat in sorted(state.to_act()):
            legal = state.legal_actions(seat)
            action = players[seat].act(state.observation(seat), legal)
            assert action in legal
            state.apply(seat, action)
            chosen.append(str(action))
    return chosen


@pytest.mark.parametrize("level", bots.LEVELS)
def test_every_level_plays_only_legal_actions_and_is_reproducible(level: str) -> None:
    assert play_with([level, "random", level], 3) == play_with([level, "random", level], 3)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(
        PakkaError,
        match="unknown bot level 'expert'; levels are: random, easy, normal, hard, learned",
    ):
        bots.make("toy", "expert")


@pytest.mark.parametrize(("ranks", "bid"), [((6, 6, 6, 6), "high"), ((2, 2, 2, 2), "low")])
def test_search_bot_bids_from_its_cards(ranks: tuple[int, ...], bid: str) -> None:
    # 2 players, dealer 0: seat 1 gets deck positions 0, 2, 4, 6 and seat 0 gets 1, 3, 5, 7.
    mine = [f"{s}{r}" for s, r in zip("SHDC", ranks, strict=True)]
    rest = [f"{s}{r}" for s in "SHDC" for r in range(2, 7) if f"{s}{r}" not in mine]
    deck = [rest[0], mine[0], rest[1], mine[1], rest[2], mine[2], rest[3], mine[3], *rest[4:]]
    state = TOY.new_match(players=2, seed=11, options={"deals": 1}, deck=deck)
    state.apply(1, state.legal_actions(1)[0])
    bot = PimcBot(TOY, bots.policy_for("toy"), seed=1, budget=Budget(worlds=12))
    assert str(bot.act(state.observation(0), state.legal_actions(0))) == bid
    assert bot.last_stats["worlds"] == 12


def test_arena_rotates_seats_and_reports_intervals() -> None:
    result = run_arena("toy", ["hard", "random", "random"], matches=4, seed=5, jobs=1)
    assert len(result.outcomes) == 4 * 3
    assert {(o.match, o.rotation) for o in result.outcomes} == {
        (m, r) for m in range(4) for r in range(3)
    }
    assert [b.level for b in result.bots] == ["hard", "random", "random"]
    assert all(0 <= b.win_rate <= 1 and 0 <= b.win_ci < 1 for b in result.bots)
    assert abs(sum(b.win_rate for b in result.bots) - 1) < 1e-9
    assert "win rate" in result.table()
    again = run_arena("toy", ["hard", "random", "random"], matches=4, seed=5, jobs=2)
    assert [vars(o) for o in again.outcomes] == [vars(o) for o in result.outcomes]


def test_arena_skips_rotations_that_repeat_a_seating() -> None:
    result = run_arena("toy", ["hard", "random", "hard", "random"], matches=3, seed=5, jobs=1)
    assert result.rotations == 2
    assert {(o.match, o.rotation) for o in result.outcomes} == {
        (m, r) for m in range(3) for r in (0, 1)
    }
    assert abs(sum(b.win_rate for b in result.bots) - 1) < 1e-9
    every = run_arena("toy", ["random"] * 3, matches=2, seed=5, jobs=1, every_rotation=True)
    assert len(every.outcomes) == 2 * 3


def test_bradley_terry_orders_by_pairwise_results() -> None:
    from pakka.bots.arena import Outcome

    outcomes = [Outcome(0, 0, [3, 2, 1], [1, 2, 3], [1, 0, 0], 0)] * 5
    r = bradley_terry(3, outcomes)
    assert r[0] > r[1] > r[2]


def test_suggest_returns_a_legal_action_and_a_reason() -> None:
    state = TOY.new_match(players=3, seed=2)
    seat = min(state.to_act())
    legal = state.legal_actions(seat)
    action, reason = bots.suggest("toy", state.observation(seat), legal, lang="fi")
    assert action in legal and "jako" in reason
    random.seed(0)


class _Scripted(PimcBot):
    """Candidates in a fixed order, the policy's choice last (so candidate 0 is not it)."""

    def candidates(self, obs: dict[str, Any], legal: Sequence[Action]) -> list[Action]:
        return list(reversed(legal))


def test_search_keeps_the_first_candidate_unless_another_is_clearly_better() -> None:
    state = TOY.new_match(players=2, seed=3, options={"deals": 1})
    seat = sorted(state.to_act())[0]
    legal = state.legal_actions(seat)
    assert len(legal) > 1

    def flat(sim: State, who: int) -> float:
        return 0.0  # every candidate is worth the same: the first must be kept

    bot = _Scripted(TOY, bots.policy_for("toy"), flat, seed=1, budget=Budget(worlds=6))
    assert bot.act(state.observation(seat), legal) == legal[-1]


def test_search_samples_more_worlds_only_while_a_candidate_is_promising() -> None:
    state = TOY.new_match(players=2, seed=3, options={"deals": 1})
    seat = sorted(state.to_act())[0]
    legal = state.legal_actions(seat)
    calls = [0]

    def second_better_by_turns(sim: State, who: int) -> float:
        world, cand = divmod(calls[0], len(legal))
        calls[0] += 1
        return 3.0 if cand == 1 and world % 2 == 0 else 0.0  # advantage 3, 0, 3, 0, ...

    def run(budget: Budget, value: Any) -> tuple[Action, float]:
        calls[0] = 0
        bot = _Scripted(TOY, bots.policy_for("toy"), value, seed=1, budget=budget)
        action = bot.act(state.observation(seat), legal)
        return action, bot.last_stats["worlds"]

    # after 4 worlds the advantage is 1.5 ± 0.87: promising, short of 2 standard errors
    assert run(Budget(worlds=4, confidence=2.0), second_better_by_turns) == (legal[-1], 4)
    extended = Budget(worlds=4, confidence=2.0, max_worlds=12)
    assert run(extended, second_better_by_turns) == (legal[-2], 8)  # 1.5 ± 0.61 at 8
    assert run(extended, lambda sim, who: 0.0) == (legal[-1], 4)  # nothing to find


class _FirstDraws:
    """A random policy that records the first number each rollout's stream gives."""

    def __init__(self) -> None:
        self.first: dict[int, float] = {}
        self.order: list[int] = []
        self.alive: list[random.Random] = []  # so that no two streams share an id

    def choose(self, obs: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if id(rng) not in self.first:
            self.first[id(rng)] = rng.random()
            self.order.append(id(rng))
            self.alive.append(rng)
        return legal[rng.randrange(len(legal))]


def test_search_rolls_every_candidate_out_with_the_same_stream_in_a_world() -> None:
    state = TOY.new_match(players=2, seed=3, options={"deals": 1})
    seat = sorted(state.to_act())[0]
    legal = state.legal_actions(seat)
    policy = _FirstDraws()
    bot = _Scripted(TOY, policy, seed=4, budget=Budget(worlds=5))
    bot.act(state.observation(seat), legal)
    draws = [policy.first[k] for k in policy.order]
    per_world = [draws[w * len(legal) : (w + 1) * len(legal)] for w in range(5)]
    assert len(draws) == 5 * len(legal)  # every rollout of this toy deal asks the policy
    assert all(len(set(row)) == 1 for row in per_world)  # common random numbers
    assert len({row[0] for row in per_world}) == 5  # a new stream for each world


def test_pick_needs_a_paired_advantage_beyond_the_noise() -> None:
    steady = [[0.0, 0.5] for _ in range(8)]
    noisy = [[0.0, 3.0 if w % 2 else -2.0] for w in range(8)]
    assert pick(steady, 1.0) == 1
    assert pick(noisy, 1.0) == 0
    assert pick(noisy, 0.0) == 1
    assert pick([[0.0, 1.0]], 1.0) == 0  # one world proves nothing


class _StubRayPool:
    """Stands in for ``ray.util.multiprocessing.Pool`` (Ray is not installed here)."""

    addresses: ClassVar[list[str | None]] = []

    def __init__(self, processes: int | None = None, ray_address: str | None = None) -> None:
        _StubRayPool.addresses.append(ray_address)

    def __enter__(self) -> _StubRayPool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Any, items: Sequence[Any], chunksize: int = 1) -> list[Any]:
        return [fn(x) for x in items]


def test_arena_on_a_ray_cluster_plays_the_same_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    local = run_arena("toy", ["hard", "random", "random"], matches=2, seed=9, jobs=1)
    with pytest.raises(ValueError, match="pip install"):
        monkeypatch.setitem(sys.modules, "ray", None)
        run_arena("toy", ["hard", "random", "random"], matches=2, seed=9, ray_address="auto")
    stub = types.ModuleType("ray.util.multiprocessing")
    stub.Pool = _StubRayPool  # type: ignore[attr-defined]
    for name in ("ray", "ray.util"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "ray.util.multiprocessing", stub)
    remote = run_arena(
        "toy", ["hard", "random", "random"], matches=2, seed=9, ray_address="ray://head:10001"
    )
    assert _StubRayPool.addresses[-1] == "ray://head:10001"
    assert [vars(o) for o in remote.outcomes] == [vars(o) for o in local.outcomes]


def test_budget_parse_reads_the_benchmarks_syntax_and_names_what_is_wrong() -> None:
    assert Budget.parse("16,6") == Budget(worlds=16, max_candidates=6)
    assert Budget.parse("8,3,2,seconds=0.5,max_worlds=24") == Budget(
        worlds=8, max_candidates=3, confidence=2.0, seconds=0.5, max_worlds=24
    )
    with pytest.raises(ValueError, match="unknown budget part 'world'; allowed: seconds"):
        Budget.parse("8,3,world=2")
    with pytest.raises(ValueError, match=r"give worlds,candidates\[,confidence\]"):
        Budget.parse("8")
    with pytest.raises(ValueError, match=r"max_worlds must be a whole number, not '2\.5'"):
        Budget.parse("8,3,max_worlds=2.5")
    with pytest.raises(ValueError, match="confidence must be a number, not 'x'"):
        Budget.parse("8,3,x")

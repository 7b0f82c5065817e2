"""The arena: seeded duplicate matches between bots, with confidence intervals and ratings.

Luck cancels by *duplicate* play with *seat rotation*: match ``i`` uses seed ``seed + i``
for every rotation, and in rotation ``r`` the bot listed ``k``-th sits at seat
``(k + r) % n``.  So every bot plays every seat with the same cards.  In a partnership game
(Guandan) the bots listed at ``k`` and ``k + 2`` stay partners in every rotation.  A rotation
that puts the same level at every seat as an earlier one is skipped (``hard,normal,hard,normal``
has two seatings, not four): it would replay the same seating with the same cards.

Each (match, rotation) pair is one task for a process pool (``jobs`` processes), or for
a Ray cluster when ``ray_address`` is given (``ray.util.multiprocessing.Pool`` is a
drop-in ``multiprocessing.Pool`` whose workers are Ray actors; see docs/scaling.md).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pakka import plugins
from pakka.bots import make

Z95 = 1.959964


@dataclass(frozen=True)
class Task:
    game: str
    levels: tuple[str, ...]
    players: int
    options: dict[str, Any]
    match: int
    rotation: int
    seed: int


@dataclass
class Outcome:
    """One finished match: per listed bot, its score, rank and win share."""

    match: int
    rotation: int
    scores: list[float]
    ranks: list[int]
    wins: list[float]
    actions: int
    deals: int = 1
    """Deals played in the match (the 1,000-deal strength targets count these)."""


def play_task(task: Task) -> Outcome:
    """Play one match of the arena (runs in a worker process)."""
    game = plugins.get(task.game)
    n = task.players
    state = game.new_match(players=n, options=task.options or None, seed=task.seed)
    seat_of = [(k + task.rotation) % n for k in range(n)]
    bot_at = {
        seat_of[k]: make(task.game, task.levels[k], seed=task.seed * 31 + k) for k in range(n)
    }
    actions = 0
    while not state.is_over():
        for seat in sorted(state.to_act()):
            if state.is_over():
                break
            legal = state.legal_actions(seat)
            if not legal:
                continue
            action = bot_at[seat].act(state.view(seat), legal)
            state.apply(seat, action)
            actions += 1
    result = state.result()
    winners = result.winners
    return Outcome(
        match=task.match,
        rotation=task.rotation,
        scores=[float(result.scores[seat_of[k]]) for k in range(n)],
        ranks=[result.ranks[seat_of[k]] for k in range(n)],
        wins=[1.0 / len(winners) if seat_of[k] in winners else 0.0 for k in range(n)],
        actions=actions,
        deals=state.deal_number() + 1,
    )


@dataclass
class BotStats:
    label: str
    level: str
    mean_score: float
    score_ci: float
    win_rate: float
    win_ci: float
    rating: float


@dataclass
class ArenaResult:
    game: str
    levels: list[str]
    matches: int
    rotations: int
    seed: int
    options: dict[str, Any]
    bots: list[BotStats] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "levels": self.levels,
            "matches": self.matches,
            "rotations": self.rotations,
            "seed": self.seed,
            "options": self.options,
            "bots": [vars(b) for b in self.bots],
            "outcomes": [vars(o) for o in self.outcomes],
        }

    def table(self) -> str:
        lines = [
            f"{self.game}: {self.matches} duplicate matches x {self.rotations} seat rotations, seed {self.seed}",
            f"{'bot':<12}{'mean score':>18}{'win rate':>20}{'rating':>9}",
        ]
        for b in self.bots:
            lines.append(
                f"{b.label:<12}{b.mean_score:>10.2f} ± {b.score_ci:<5.2f}"
                f"{100 * b.win_rate:>12.1f}% ± {100 * b.win_ci:<4.1f}{b.rating:>9.0f}"
            )
        return "\n".join(lines)


def run_arena(
    game_name: str,
    levels: Sequence[str],
    matches: int,
    seed: int = 0,
    jobs: int | None = None,
    options: dict[str, Any] | None = None,
    ray_address: str | None = None,
    every_rotation: bool = False,
) -> ArenaResult:
    """Play ``matches`` duplicate matches (each in every distinct seat rotation) and summarise them.

    Rotations that repeat a seating are skipped unless ``every_rotation`` (a baseline whose
    outcomes are compared rotation by rotation with another run needs them all).
    ``ray_address`` (``"auto"`` or ``"ray://head:10001"``) plays the tasks on a Ray cluster;
    the results are the same as on one machine, task by task.
    """
    game = plugins.get(game_name)
    n = len(levels)
    if not game.info.min_players <= n <= game.info.max_players:
        raise ValueError(
            f"{game.info.title} needs {game.info.min_players}-{game.info.max_players} seats, got {n}"
        )
    rotations = list(range(n)) if every_rotation else distinct_rotations(levels)
    tasks = [
        Task(game.name, tuple(levels), n, dict(options or {}), m, r, seed + m)
        for m in range(matches)
        for r in rotations
    ]
    if ray_address is not None:
        outcomes = _on_ray(tasks, ray_address, jobs)
    elif (jobs or multiprocessing.cpu_count()) == 1:
        outcomes = [play_task(t) for t in tasks]
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            outcomes = pool.map(play_task, tasks, chunksize=1)
    result = ArenaResult(
        game.name, list(levels), matches, len(rotations), seed, dict(options or {})
    )
    result.outcomes = outcomes
    result.bots = summarise(levels, outcomes, matches)
    return result


def distinct_rotations(levels: Sequence[str]) -> list[int]:
    """The rotations that seat the levels differently (the others replay a seating).

    >>> distinct_rotations(["hard", "normal", "hard", "normal"])
    [0, 1]
    >>> distinct_rotations(["hard", "normal", "normal"])
    [0, 1, 2]
    """
    n = len(levels)
    seen: set[tuple[str, ...]] = set()
    rotations = []
    for r in range(n):
        seating = tuple(levels[(s - r) % n] for s in range(n))
        if seating not in seen:
            seen.add(seating)
            rotations.append(r)
    return rotations


def _on_ray(tasks: Sequence[Task], address: str, jobs: int | None) -> list[Outcome]:
    """The arena's tasks on a Ray cluster (``pip install ray`` on every node)."""
    try:
        from ray.util.multiprocessing import Pool  # type: ignore[import-not-found]
    except ImportError:
        raise ValueError(
            "the arena on a Ray cluster needs Ray: pip install 'ray[default]' on every node"
        ) from None
    with Pool(processes=jobs, ray_address=address) as pool:
        return list(pool.map(play_task, tasks, chunksize=1))


def summarise(levels: Sequence[str], outcomes: Sequence[Outcome], matches: int) -> list[BotStats]:
    """Per-bot means with 95 % intervals over duplicate groups, and Bradley–Terry ratings."""
    n = len(levels)
    per_match_score = [[0.0] * matches for _ in range(n)]
    per_match_win = [[0.0] * matches for _ in range(n)]
    played = [0] * matches
    for o in outcomes:
        played[o.match] += 1
    for o in outcomes:
        for k in range(n):
            per_match_score[k][o.match] += o.scores[k] / played[o.match]
            per_match_win[k][o.match] += o.wins[k] / played[o.match]
    ratings = bradley_terry(n, outcomes)
    labels = [f"{k}:{lv}" for k, lv in enumerate(levels)]
    return [
        BotStats(
            label=labels[k],
            level=levels[k],
            mean_score=statistics.fmean(per_match_score[k]),
            score_ci=_ci(per_match_score[k]),
            win_rate=statistics.fmean(per_match_win[k]),
            win_ci=_ci(per_match_win[k]),
            rating=ratings[k],
        )
        for k in range(n)
    ]


def _ci(values: Sequence[float]) -> float:
    if len(values) < 2:
        return math.inf
    return Z95 * statistics.stdev(values) / math.sqrt(len(values))


def bradley_terry(n: int, outcomes: Sequence[Outcome], iterations: int = 200) -> list[float]:
    """Elo-scaled Bradley–Terry strengths from pairwise rank comparisons (mean 1500).

    Every match gives each pair of listed bots a win (better rank), a loss or half each.
    A tiny prior (one draw against a virtual average player) keeps strengths finite.

    >>> o = [Outcome(0, 0, [2, 1], [1, 2], [1, 0], 0)] * 3
    >>> r = bradley_terry(2, o)
    >>> r[0] > 1500 > r[1]
    True
    """
    wins = [[0.0] * n for _ in range(n)]
    for o in outcomes:
        for i in range(n):
            for j in range(n):
                if i != j:
                    if o.ranks[i] < o.ranks[j]:
                        wins[i][j] += 1
                    elif o.ranks[i] == o.ranks[j]:
                        wins[i][j] += 0.5
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            w = sum(wins[i]) + 0.5
            denom = sum((wins[i][j] + wins[j][i]) / (p[i] + p[j]) for j in range(n) if j != i)
            denom += 1.0 / (p[i] + 1.0)
            new.append(w / denom)
        geo = math.exp(statistics.fmean(math.log(x) for x in new))
        p = [x / geo for x in new]
    return [1500 + 400 * math.log10(x) for x in p]

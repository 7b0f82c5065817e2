"""The generic suite: every registered game (and the toy game) played at random to the
end, for every player count and option variant, with every protocol invariant checked
after every step.  There is no exclusion list.

Seed 1 of every case runs by default; seed 2, the same cases on other cards, is marked
``slow`` (CI runs it in its second step, ``pytest -m slow``): a random Guandan match
to A is thousands of steps, and the second seed doubled the default run.  For the same
reason Guandan's other option variants are slow too; its defaults run at every count."""

from __future__ import annotations

import pytest

import pakka.games
from pakka.engine import Game, option_variants
from tests.generic.harness import play_checked
from tests.generic.toy import TOY

SEEDS = (1, 2)
LONG_MATCHES = {"guandan"}
"""Games whose random match is thousands of steps: their variants other than the defaults
run in the slow step only (by default they took 40 s of the run's workers)."""


def _cases() -> list[object]:
    games: list[Game] = [pakka.games.get(n) for n in pakka.games.names()]
    if "toy" not in pakka.games.names():  # the toy installed as an outside package is found
        games.insert(0, TOY)
    cases = []
    for game in games:
        variants = option_variants(game.Options)
        for players in game.info.player_counts:
            for i, options in enumerate(variants):
                # every variant at the default player count, defaults at every count
                if i and players != game.info.default_players:
                    continue
                for seed in SEEDS:
                    label = f"{game.name}-{players}p-v{i}-s{seed}"
                    long_variant = i and game.name in LONG_MATCHES
                    marks = [pytest.mark.slow] if seed != SEEDS[0] or long_variant else []
                    cases.append(pytest.param(game, players, options, seed, id=label, marks=marks))
    return cases


@pytest.mark.parametrize(("game", "players", "options", "seed"), _cases())
def test_random_match_keeps_every_invariant(
    game: Game, players: int, options: object, seed: int
) -> None:
    play_checked(game, players, options, seed)

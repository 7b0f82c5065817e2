"""pakka's games inside OpenSpiel pass OpenSpiel's own game tests and keep pakka's rules.

OpenSpiel's checks are run as OpenSpiel runs them: ``pyspiel.random_sim_test`` (the C++
API consistency test, with serialisation) and the simulation test its Python games go
through (``open_spiel/python/tests/games_sim_test.py``: pickling of games, game types and
states, ``serialize_game_and_state``, clones, terminal legality and utility ranges).  The
long games are stopped after one deal (``max_deals=1``) to keep this fast.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="open_spiel is not installed (the rl extra)")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation
from open_spiel.python.tests import games_sim_test

import pakka.env
import pakka.env.openspiel as pos
import pakka.games
from pakka.engine import MatchResult, option_variants, ranks_from_scores
from pakka.env.openspiel.match import SEED_BYTES, seed_bytes
from pakka.errors import PakkaError

NAMES = sorted(pos.GAMES)
SHORT = {pos.GAMES[n]: n for n in NAMES}
GT = pyspiel.GameType

# one quick configuration per game: a single deal, the seats' default count
QUICK = {
    "anarchy": {"max_deals": 1},
    "guandan": {"max_deals": 1},
    "norlanninnakki": {"max_deals": 1},
    "pentagrammi": {"deals": 1},
}


def load(game: str, **params: object) -> object:
    return pyspiel.load_game(SHORT[game], {**QUICK[game], **params})


def play_randomly(state: object, rng: np.random.RandomState, steps: int) -> object:
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def decision_states(game: object, seed: int, count: int) -> list[object]:
    """Clones of the first ``count`` decision states of a random match."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state(seed)
    out = []
    while not state.is_terminal() and len(out) < count:
        out.append(state.clone())
        play_randomly(state, rng, 1)
    return out


# --- registration ----------------------------------------------------------------------


def test_every_game_with_a_codec_is_registered() -> None:
    registered = {g.short_name for g in pyspiel.registered_games()}
    assert set(NAMES) == {f"python_pakka_{n}" for n in pakka.env.environments()} <= registered


@pytest.mark.parametrize("game", pakka.env.environments())
def test_game_type_and_info_come_from_game_info_and_codec(game: str) -> None:
    info = pakka.games.get(game).info
    g = pyspiel.load_game(SHORT[game])
    t = g.get_type()
    assert (t.min_num_players, t.max_num_players) == (info.min_players, info.max_players)
    assert g.num_players() == info.default_players
    assert t.dynamics == GT.Dynamics.SEQUENTIAL
    assert t.chance_mode == GT.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == GT.Information.IMPERFECT_INFORMATION
    assert t.utility == GT.Utility.ZERO_SUM
    assert t.reward_model == GT.RewardModel.TERMINAL
    codec = pakka.env.codec(game)
    assert g.num_distinct_actions() == codec.num_actions
    assert g.information_state_tensor_size() == codec.layout.size
    assert g.observation_tensor_size() == codec.layout.size
    options = set(pakka.games.get(game).Options.__dataclass_fields__)
    assert set(t.parameter_specification) == options | {"players", "reward", "max_deals"}
    assert (g.min_utility(), g.max_utility(), g.utility_sum()) == (-1.0, 1.0, 0.0)
    score = pyspiel.load_game(SHORT[game], {"reward": "score"}) if game != "guandan" else None
    if score is not None:
        assert score.get_type().reward_model == GT.RewardModel.REWARDS


def test_parameters_are_checked_with_useful_messages() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("python_pakka_anarchy", {"colour": 1})
    with pytest.raises(PakkaError, match="played by 3-5 players, not 7"):
        pyspiel.load_game("python_pakka_anarchy", {"players": 7})
    with pytest.raises(PakkaError, match="dup_tie must be one of"):
        pyspiel.load_game("python_pakka_anarchy", {"dup_tie": "nobody"})
    with pytest.raises(PakkaError, match="reward must be one of match, score"):
        pyspiel.load_game("python_pakka_anarchy", {"reward": "points"})
    # Guandan's GameInfo bounds its final 0/1 scores, not the levels its observation shows
    with pytest.raises(PakkaError, match=r'reward="score" needs GameInfo\.score_bounds'):
        pyspiel.load_game("python_pakka_guandan", {"reward": "score"})


def test_options_reach_the_engine() -> None:
    g = pyspiel.load_game(
        "python_pakka_anarchy", {"players": 3, "pass_three": True, "first_dealer": 2}
    )
    engine = g.new_initial_state(1).pakka_state
    assert engine.players == 3
    assert engine.options.pass_three is True and engine.options.first_dealer == 2
    default = pyspiel.load_game("python_pakka_anarchy").new_initial_state(1).pakka_state
    assert default.options.first_dealer is None  # -1 stands for "drawn from the seed"


# --- OpenSpiel's own tests ---------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(QUICK))
def test_random_sim_test_with_serialisation(game: str) -> None:
    pyspiel.random_sim_test(load(game), num_sims=2, serialize=True, verbose=False)


def _variant_params() -> list[object]:
    cases = []
    for game in sorted(QUICK):
        default, *variants = option_variants(pakka.games.get(game).Options)
        for i, options in enumerate(variants, 1):
            params = {  # the flag this variant changes
                f.name: getattr(options, f.name)
                for f in dataclasses.fields(options)
                if getattr(options, f.name) != getattr(default, f.name)
            }
            cases.append(pytest.param(game, params, id=f"{game}-v{i}"))
    return cases


@pytest.mark.parametrize(("game", "params"), _variant_params())
def test_every_option_variant_is_a_parameter_set(game: str, params: dict) -> None:
    # the generic suite's variants (each flag flipped, each value tried) reach the engine
    g = load(game, **params)
    engine = g.new_initial_state(1).pakka_state
    assert {k: getattr(engine.options, k) for k in params} == params
    pyspiel.random_sim_test(g, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(
    ("game", "params"),
    [
        ("pentagrammi", {"reward": "score"}),
        ("anarchy", {"reward": "score", "players": 3, "pass_three": True}),
        ("norlanninnakki", {"reward": "score", "players": 5}),
    ],
)
def test_random_sim_test_score_rewards(game: str, params: dict) -> None:
    # every step's rewards add up to the returns, which sum to zero within the range
    pyspiel.random_sim_test(load(game, **params), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("game", "params"),
    [("pentagrammi", {"deals": 1}), ("norlanninnakki", {"players": 3})],
)
def test_random_sim_test_whole_matches(game: str, params: dict) -> None:
    g = pyspiel.load_game(SHORT[game], params)  # no deal cap: the match ends by its rules
    pyspiel.random_sim_test(g, num_sims=2, serialize=False, verbose=False)


@pytest.fixture
def sim_case() -> games_sim_test.GamesSimTest:
    np.random.seed(7)
    return games_sim_test.GamesSimTest("test_breakthrough")


@pytest.mark.parametrize("game", sorted(QUICK))
def test_openspiel_python_games_sim_test(game: str, sim_case: object) -> None:
    sim_case.sim_game(load(game))


@pytest.mark.parametrize(
    ("game", "params"),
    [
        ("anarchy", {"players": 3}),
        ("anarchy", {"players": 5}),
        ("norlanninnakki", {"players": 3}),
        ("norlanninnakki", {"players": 5}),
        ("guandan", {}),
    ],
)
def test_openspiel_games_sim_test_on_whole_matches(
    game: str, params: dict, sim_case: object
) -> None:
    # its test_game_sim / test_multiplayer_game: the registered defaults (whole matches, cut
    # by the test after 1,000 actions) at each table size
    sim_case.sim_game(pyspiel.load_game(SHORT[game], params))


# --- chance, history and serialisation -------------------------------------------------


def test_chance_draws_the_seed_and_history_is_the_record() -> None:
    g = load("pentagrammi")
    state = g.new_initial_state()
    assert state.is_chance_node()
    assert [p for _, p in state.chance_outcomes()] == [1 / 128] * 128
    for byte in seed_bytes(2**40 + 5):
        state.apply_action(byte)
        assert sum(p for _, p in state.chance_outcomes() or [(0, 1.0)]) == pytest.approx(1)
    assert not state.is_chance_node() and state.seed == 2**40 + 5
    same = g.new_initial_state(2**40 + 5)
    assert same.history() == state.history() == seed_bytes(2**40 + 5)
    engine = pakka.games.get("pentagrammi").new_match(5, {"deals": 1}, seed=2**40 + 5)
    assert same.pakka_state == engine
    # replaying OpenSpiel's history gives the same match
    play_randomly(same, np.random.RandomState(3), 30)
    replay = g.new_initial_state()
    for action in same.history():
        replay.apply_action(action)
    assert str(replay) == str(same)
    assert len(same.history()) == SEED_BYTES + 30


def test_serialisation_and_pickling_replay_the_record() -> None:
    g = load("guandan")
    state = play_randomly(g.new_initial_state(9), np.random.RandomState(1), 40)
    text = pyspiel.serialize_game_and_state(g, state)
    g2, s2 = pyspiel.deserialize_game_and_state(text)
    assert str(g2) == str(g) and str(s2) == str(state) and s2.history() == state.history()
    s3 = pickle.loads(pickle.dumps(state))
    assert str(s3) == str(state)
    assert s3.legal_actions() == state.legal_actions()
    half = g.new_initial_state()
    for byte in seed_bytes(9)[:3]:
        half.apply_action(byte)
    assert str(pickle.loads(pickle.dumps(half))) == str(half)


def engine_legal(state: object) -> list[int]:
    """The first indices of the engine's legal actions for the player to act."""
    seat = state.current_player()
    engine = state.pakka_state
    seqs = state.match.setup.codec.legal_sequences(engine.view(seat), engine.legal_actions(seat))
    return sorted({seq[0] for seq in seqs})


def test_clone_is_independent() -> None:
    state = load("guandan").new_initial_state(4)
    while len(state.legal_actions()) < 2:  # computed for this position before cloning
        play_randomly(state, np.random.RandomState(0), 1)
    first, second = state.legal_actions()[:2]
    clone = state.clone()
    before = str(state)
    clone.apply_action(second)
    assert str(state) == before and str(clone) != before
    state.apply_action(first)
    for s in (state, clone):  # the same number of moves, different positions
        assert s.legal_actions() == engine_legal(s)
        play_randomly(s, np.random.RandomState(2), 1)
        assert s.legal_actions() == engine_legal(s)


# --- sequentialised play in codec indices -------------------------------------------------


@pytest.mark.parametrize("game", sorted(QUICK))
def test_legal_actions_are_the_codec_mask_of_the_engine_legal_actions(game: str) -> None:
    for state in decision_states(load(game), 3, 25):
        assert state.legal_actions() == engine_legal(state)
        assert state.current_player() == min(state.pakka_state.to_act())


def test_a_simultaneous_step_hides_earlier_choices() -> None:
    # Anarchy's tricks: every seat commits a card at once; OpenSpiel asks them in seat
    # order, and seat 1's information state is the same whatever seat 0 chose.
    g = load("anarchy")
    state = g.new_initial_state(12)
    rng = np.random.RandomState(0)
    while state.pakka_state.observation(0)["phase"] != "play":
        play_randomly(state, rng, 1)
    assert state.pakka_state.to_act() == {0, 1, 2, 3} and state.current_player() == 0
    first, second = state.legal_actions()[:2]
    a, b = state.clone(), state.clone()
    a.apply_action(first)
    b.apply_action(second)
    assert a.current_player() == b.current_player() == 1
    assert a.information_state_string(1) == b.information_state_string(1)
    assert a.information_state_tensor(1) == b.information_state_tensor(1)
    assert a.information_state_string(0) != b.information_state_string(0)


def test_a_three_card_pass_is_three_decisions_of_one_seat() -> None:
    g = load("anarchy", pass_three=True)
    state = g.new_initial_state(2)
    seat = state.current_player()
    engine = state.pakka_state
    assert engine.observation(seat)["phase"] == "pass"
    picks = []
    for _ in range(2):
        assert state.current_player() == seat
        picks.append(state.legal_actions()[0])
        state.apply_action(picks[-1])
        assert state.pakka_state.log == engine.log  # nothing reaches the engine yet
        assert state.information_state_string(seat).endswith(f" pending {picks}")
    assert state.current_player() == seat
    picks.append(state.legal_actions()[0])
    state.apply_action(picks[-1])
    assert len(state.pakka_state.log) == len(engine.log) + 1
    passed = state.pakka_state.log[-1]
    assert passed[0] == seat
    assert g.setup.codec.encode(engine.view(seat), passed[1]) == tuple(picks)
    assert state.current_player() != seat


def test_an_illegal_index_raises_and_changes_nothing() -> None:
    state = load("pentagrammi").new_initial_state(3)
    bad = next(i for i in range(state.num_distinct_actions()) if i not in state.legal_actions())
    before = str(state)
    with pytest.raises(ValueError, match="is not legal now"):
        state.apply_action(bad)
    assert str(state) == before


def test_max_deals_stops_after_one_deal_with_the_standing() -> None:
    g = load("norlanninnakki", players=3)
    rng = np.random.RandomState(5)
    state = g.new_initial_state(5)
    while not state.is_terminal():
        deal = state.pakka_state.deal_number()
        play_randomly(state, rng, 1)
    engine = state.pakka_state
    assert engine.deal_number() == deal + 1 and not engine.is_over()
    scores = engine.observation(None)["scores"]
    ranks = ranks_from_scores(scores, higher_is_better=False)  # the sheet counts down
    rewards = g.setup.codec.rewards(MatchResult(tuple(scores), ranks))
    mean = sum(rewards) / len(rewards)
    assert state.returns() == pytest.approx([r - mean for r in rewards])
    assert sum(state.returns()) == pytest.approx(0)


def test_a_finished_match_returns_the_codec_reward() -> None:
    g = load("pentagrammi")
    state = play_randomly(g.new_initial_state(8), np.random.RandomState(2), 10_000)
    engine = state.pakka_state
    assert engine.is_over()
    assert state.returns() == g.setup.codec.rewards(engine.result())


# --- observations ----------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(QUICK))
def test_tensors_and_strings_are_the_codec_vector_and_json_observation(game: str) -> None:
    g = load(game)
    codec = g.setup.codec
    state = decision_states(g, 1, 12)[-1]
    seat = state.current_player()
    engine = state.pakka_state
    obs = engine.observation(seat)
    expected = codec.observe(engine.view(seat), ())
    assert np.array_equal(state.information_state_tensor(seat), expected)
    assert np.array_equal(state.observation_tensor(seat), expected)
    view = make_observation(g)
    view.set_from(state, seat)
    first = codec.layout.segments[0]
    assert np.array_equal(view.dict[first.name].ravel(), expected[: first.size])
    text = state.information_state_string(seat)
    assert pickle.loads(pickle.dumps(text)) == text == state.observation_string(seat)
    assert text == json.dumps(obs, sort_keys=True, separators=(",", ":"))
    public_type = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    public = make_observation(g, public_type)
    assert public.tensor is None
    spectator = engine.observation(None)
    assert spectator["hand"] is None
    assert public.string_from(state, seat) == json.dumps(
        spectator, sort_keys=True, separators=(",", ":")
    )


def test_unsupported_observation_types_say_what_is_offered() -> None:
    g = load("guandan")
    with pytest.raises(ValueError, match="a seat's view"):
        make_observation(
            g,
            pyspiel.IIGObservationType(
                public_info=True,
                perfect_recall=False,
                private_info=pyspiel.PrivateInfoType.ALL_PLAYERS,
            ),
        )


# --- resampling for ISMCTS ---------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(QUICK))
def test_resample_keeps_every_players_information_state(game: str) -> None:
    # OpenSpiel's ResampleInfostateTest (C++ only, for C++ games), for every player
    g = load(game)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for state in decision_states(g, 4, 40)[::4]:
        for p in range(g.num_players()):
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.information_state_tensor(p) == state.information_state_tensor(p)
            assert other.current_player() == state.current_player()


def test_resample_draws_the_hidden_cards_again() -> None:
    g = load("guandan")
    state = decision_states(g, 6, 3)[-1]
    seat = state.current_player()
    worlds = {str(state.resample(seat, random.Random(k))) for k in range(5)}
    assert len(worlds) == 5  # the other hands differ from world to world


def test_resample_hides_another_seats_partial_pass() -> None:
    g = load("anarchy", pass_three=True, players=3)
    state = g.new_initial_state(6)
    seat = state.current_player()
    state.apply_action(state.legal_actions()[-1])  # seat's first pick, hidden from others
    other = (seat + 1) % 3
    picks = {
        state.resample(other, random.Random(k)).information_state_string(seat) for k in range(8)
    }
    assert len(picks) > 1  # the picked card is drawn again, not copied
    for k in range(4):
        world = state.resample(other, random.Random(k))
        assert world.current_player() == seat
        assert world.legal_actions()  # the drawn pick can be completed


@pytest.mark.parametrize("game", sorted(QUICK))
def test_ismcts_and_mcts_bots_play_legal_moves(game: str) -> None:
    g = load(game)
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    bot = ismcts.ISMCTSBot(g, evaluator, 2.0, 8, random_state=rs)
    rng = random.Random(0)
    bot.set_resampler(lambda s, p: s.resample(p, rng))
    mcts_bot = mcts.MCTSBot(g, 2.0, 4, evaluator, random_state=rs, solve=False)
    for state in decision_states(g, 2, 30)[::10]:
        assert bot.step(state) in state.legal_actions()
        world = state.resample(state.current_player(), rng)
        assert mcts_bot.step(world) in state.legal_actions()


def test_from_pakka_wraps_a_refereed_position() -> None:
    g = load("guandan")
    engine = pakka.games.get("guandan").new_match(4, seed=3)
    rng = random.Random(0)
    for _ in range(7):
        seat = min(engine.to_act())
        engine.apply(seat, rng.choice(engine.legal_actions(seat)))
    state = g.from_pakka(engine)
    seat = state.current_player()
    assert seat == min(engine.to_act())
    assert state.pakka_state == engine and state.history() == []
    assert state.information_state_string(seat) == json.dumps(
        engine.observation(seat), sort_keys=True, separators=(",", ":")
    )
    with pytest.raises(PakkaError, match="does not fit"):
        load("anarchy").from_pakka(engine)

"""The ``learned`` level and its training in every game with a codec, not only Guandan:
action inputs that tell every action apart and hold the cards it spends, targets that read
only the seat's view, evaluations that seat the bot at each seat of a game without
partners, and weights that play at the table size they were trained for."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pakka import bots
from pakka.bots.learned import LearnedBot, _cards, action_inputs, codec_for, load
from pakka.errors import PakkaError
from pakka.games import get

GAMES = ("anarchy", "pentagrammi", "norlanninnakki", "guandan")
TRICK_GAMES = ("anarchy", "pentagrammi", "norlanninnakki")


@pytest.mark.parametrize("game_name", GAMES)
def test_every_action_index_has_its_own_feature_row(game_name: str) -> None:
    """With the cards an action spends, the features are all the network knows of it: two
    indices with the same row would be the same action to it."""
    st = get(game_name).new_match(seed=0)
    codec = codec_for(st.view(0), game_name)
    feats = codec.action_features()
    assert feats.shape[0] == codec.num_actions and feats.dtype == np.float32
    assert len(np.unique(feats, axis=0)) == codec.num_actions


def test_the_default_features_of_a_large_action_space_tell_every_index_apart() -> None:
    """A codec of more than 256 indices that gives no features of its own gets its action
    table's row and the index's place in it (Pentagrammi's 2,862 indices, read through the
    base class's default): distinct rows, a few columns."""
    from pakka.env.codec import Codec

    st = get("pentagrammi").new_match(seed=0)
    codec = codec_for(st.view(0), "pentagrammi")
    feats = Codec.action_features(codec)
    assert feats.shape == (codec.num_actions, len(codec.action_table()) + 1)
    assert len(np.unique(feats, axis=0)) == codec.num_actions
    assert (feats[:, :-1].sum(axis=1) == 1).all() and (feats[:, -1] >= 0).all()


def test_a_pentagrammi_pass_says_which_card_goes_which_way() -> None:
    """Passing S2 left and S5 right spends the same cards as S5 left and S2 right; the
    features tell them apart."""
    from pakka.games.pentagrammi import PassCards

    st = get("pentagrammi").new_match(seed=0)
    seat = sorted(st.to_act())[0]
    view, legal = st.view(seat), st.legal_actions(seat)
    codec = codec_for(view, "pentagrammi")
    a = next(x for x in legal if isinstance(x, PassCards) and x.left != x.right)
    b = PassCards(left=a.right, right=a.left)
    assert b in legal and list(_cards(a)) == [a.left, a.right]
    actions, rows = action_inputs(codec, view, legal)
    ra, rb = rows[actions.index(a)], rows[actions.index(b)]
    width = codec.action_features().shape[1]
    assert (ra[width:] == rb[width:]).all()  # the same two cards spent
    assert (ra[:width] != rb[:width]).any()


def play_normal(game_name: str, seed: int, visit: Any, players: int | None = None) -> None:
    """Deal 1 of ``seed`` played by ``normal`` at every seat; ``visit(st, seat)`` before
    every decision with two legal actions or more."""
    policy = bots.kit_for(game_name).policy
    st = get(game_name).new_match(players=players, seed=seed)
    rng = random.Random(seed)
    start = st.deal_number()
    while st.deal_number() == start and not st.is_over():
        for s in sorted(st.to_act()):
            legal = st.legal_actions(s)
            if len(legal) > 1:
                visit(st, s)
            st.apply_unchecked(s, policy.choose(st.view(s), legal, rng))


SPENDS = {
    "PlayCard": lambda a: 1,
    "PassCards": lambda a: 2 if hasattr(a, "left") else len(a.cards),
    "Discard": lambda a: len(a.cards),
    "Bid": lambda a: 0,
    "ChooseContract": lambda a: 0,
}
"""How many cards each kind of action of the trick games spends."""


def held(game_name: str, view: Any) -> list[Any]:
    """The cards the seat may spend: its hand (Norlanninnakki's dealer: and the turned
    trump while the dealer holds it)."""
    if game_name == "norlanninnakki":
        from pakka.games.norlanninnakki.codec import holding

        return holding(view)
    return list(view.hand)


@pytest.mark.parametrize("game_name", TRICK_GAMES)
def test_the_inputs_hold_the_cards_each_action_spends(game_name: str) -> None:
    """Every row's card columns count the cards its action names, and those are cards the
    seat holds: a play its card, a pass or a discard its cards, a bid or a contract none."""
    seen: Counter[str] = Counter()

    def visit(st: Any, seat: int) -> None:
        view, legal = st.view(seat), st.legal_actions(seat)
        codec = codec_for(view, game_name)
        width = codec.action_features().shape[1]
        actions, rows = action_inputs(codec, view, legal)
        hand = Counter(held(game_name, view))
        for action, row in zip(actions, rows, strict=True):
            cards = _cards(action)
            assert not Counter(cards) - hand, (action, view.hand)
            assert row[width : width + 54].sum() == len(cards)
            kind = type(action).__name__
            assert len(cards) == SPENDS[kind](action), action
            seen[kind] += 1

    for seed in (1, 2):
        play_normal(game_name, seed, visit)
    assert seen["PlayCard"] and len(seen) > 1  # plays, and decisions of another kind


def mid_deal(game_name: str, seed: int) -> tuple[Any, int]:
    """The first decision after a few of the deal's decisions with three distinct plays."""
    found: list[tuple[Any, int]] = []
    count = [0]

    def visit(st: Any, seat: int) -> None:
        count[0] += 1
        view = st.view(seat)
        distinct = action_inputs(codec_for(view, game_name), view, st.legal_actions(seat))[0]
        if not found and count[0] > 6 and len(distinct) >= 3:
            found.append((st.clone(), seat))

    play_normal(game_name, seed, visit)
    return found[0]


@pytest.mark.parametrize("game_name", TRICK_GAMES)
def test_worlds_targets_read_only_what_the_seat_sees_in_every_game(game_name: str) -> None:
    """As for Guandan (``test_learned.py``): two states the seat cannot tell apart get the
    same ``"worlds"`` targets from the same seeds; the ``"rollout"`` targets, played on
    the true cards, tell them apart (so the check can see a target that peeks)."""
    from pakka.bots.train import Config, label_targets, value_scale

    kit = bots.kit_for(game_name)
    game = get(game_name)
    scale = value_scale(game_name)

    def labelled(st: Any, seat: int, config: Config, seed: int) -> tuple[Any, Any]:
        searcher = kit.search(game, kit.rollout_policy, kit.value, seed, kit.budget)
        codec = codec_for(st.view(seat), game_name)
        return label_targets(st, seat, config, kit, searcher, codec, random.Random(seed))

    differ = 0
    for seed in (11, 12, 13):
        st, seat = mid_deal(game_name, seed)
        other = st.determinize(seat, random.Random(seed))
        assert other.view(seat) == st.view(seat)
        worlds = Config.for_target("worlds", game=game_name, worlds=3, reward_scale=scale)
        rows, ys = labelled(st, seat, worlds, seed)
        rows2, ys2 = labelled(other, seat, worlds, seed)
        assert len(ys) >= 3 and ys[0] == 0.0
        assert (rows == rows2).all() and (ys == ys2).all()
        rollout = Config(game=game_name, label_actions=worlds.label_actions, reward_scale=scale)
        _, ys3 = labelled(st, seat, rollout, seed)
        _, ys4 = labelled(other, seat, rollout, seed)
        differ += bool((ys3 != ys4).any())
    assert differ


def test_a_game_without_partners_is_evaluated_from_every_seat() -> None:
    """Pentagrammi: the bot sits at each of the five seats in turn against four
    ``normal``; random play loses.  Guandan: the pair at 0/2, then at 1/3."""
    from pakka.bots.base import PolicyBot
    from pakka.bots.random_bot import RandomBot
    from pakka.bots.train import evaluate, sides

    assert sides("pentagrammi", 5) == ((0,), (1,), (2,), (3,), (4,))
    assert sides("guandan", 4) == ((0, 2), (1, 3))
    policy = bots.kit_for("pentagrammi").policy
    result = evaluate(
        "pentagrammi",
        lambda seed: RandomBot("pentagrammi", seed),
        lambda seed: PolicyBot("pentagrammi", policy, "normal", seed),
        range(3),
    )
    assert result["eval_deals"] == 15
    assert result["gain"] < 0 and result["win_rate"] < 0.5


@pytest.mark.parametrize(("game_name", "players"), [("anarchy", 3), ("norlanninnakki", 5)])
def test_a_trick_game_trains_and_its_weights_play_at_their_table_size(
    tmp_path: Path, game_name: str, players: int
) -> None:
    pytest.importorskip("torch", reason="PyTorch is only in the optional train extra")
    from pakka.bots.train import Config, Trainer, value_scale

    config = Config.for_target(
        "worlds", game=game_name, players=players, worlds=2, label_rate=0.5, eval_seeds=1
    )
    trainer = Trainer(tmp_path, config)
    assert trainer.config.players == players
    assert trainer.config.reward_scale == value_scale(game_name, players) > 0
    stored = sum(trainer.play_deal() for _ in range(2))
    assert stored > 0 and (np.abs(trainer.buf_y[:stored]) <= 2.1).all()
    trainer.learn(stored)
    trainer.checkpoint()
    resumed = Trainer(tmp_path, Config())  # keeps its own game, size and scale
    assert resumed.config == trainer.config and resumed.deals == 2
    # the curve is drawn in the game's unit, its dashed line at `normal`'s own gain
    assert trainer.parity is not None and resumed.parity == trainer.parity
    assert "points a deal against normal" in (tmp_path / "curve.svg").read_text()
    net = load(tmp_path / "weights.npz")
    assert net.meta["players"] == players and net.meta["game"] == game_name

    bot = LearnedBot(game_name, 0, net)
    moves = [0]

    def visit(st: Any, seat: int) -> None:
        legal = st.legal_actions(seat)
        assert bot.act(st.view(seat), legal) in legal
        moves[0] += 1

    play_normal(game_name, 5, visit, players=players)
    assert moves[0] > 5
    other = get(game_name).new_match(players=4, seed=5)
    seat = sorted(other.to_act())[0]
    view, legal = other.view(seat), other.legal_actions(seat)
    with pytest.raises(PakkaError, match=f"trained for {players} seats and fit no table of 4"):
        bot.act(view, legal)


def sized_network(game_name: str, players: int, seed: int) -> Any:
    """A random network for ``game_name`` at a table of ``players``, as training writes it."""
    from tests.bots.test_learned import random_network

    st = get(game_name).new_match(players=players, seed=0)
    codec = codec_for(st.view(0), game_name)
    obs = int(codec.observe(st.view(0)).shape[0])
    net = random_network(obs, int(codec.action_features().shape[1]) + 54, seed)
    net.meta["players"] = players
    return net


def test_shipped_weights_play_at_their_table_size_and_the_heuristic_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game ships ``learned.npz`` (trained at 4 seats) and ``learned-5.npz``: the level
    plays each at its size, and at 3 seats, where it ships none, the heuristic's move."""
    from pakka.bots import learned
    from pakka.bots.train import export

    game_name = "norlanninnakki"
    nets = {4: sized_network(game_name, 4, 1), 5: sized_network(game_name, 5, 2)}
    export(nets[4], tmp_path / "learned.npz")
    export(nets[5], tmp_path / "learned-5.npz")
    paths = [tmp_path / "learned.npz", tmp_path / "learned-5.npz"]
    monkeypatch.setattr(learned, "shipped_weights", lambda name: paths)
    learned._shipped.cache_clear()
    try:
        assert learned.weights_path(game_name, 4) == paths[0]
        assert learned.weights_path(game_name, 5) == paths[1]
        assert learned.weights_path(game_name, 3) is None
        bot = bots.make(game_name, "learned", seed=3)
        assert isinstance(bot, LearnedBot)
        for players in (4, 5):
            st = get(game_name).new_match(players=players, seed=7)
            seat = sorted(st.to_act())[0]
            view, legal = st.view(seat), st.legal_actions(seat)
            _, q = bot.scores(view, legal)
            rows = action_inputs(codec_for(view, game_name), view, legal)[1]
            expected = nets[players].forward(codec_for(view, game_name).observe(view), rows)
            assert np.allclose(q, expected, atol=1e-2)  # (float32 → file → float32)
        normal = bots.make(game_name, "normal", seed=3)
        bot = bots.make(game_name, "learned", seed=3)

        def visit(st: Any, seat: int) -> None:
            view, legal = st.view(seat), st.legal_actions(seat)
            assert bot.act(view, legal) == normal.act(view, legal)

        play_normal(game_name, 8, visit, players=3)
    finally:
        learned._shipped.cache_clear()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_norlanninnakki_ships_a_network_for_every_table_size(players: int) -> None:
    """The shipped level plays its own network at 3, 4 and 5 seats (not the heuristic),
    and only legal moves."""
    from pakka.bots import learned

    path = learned.weights_path("norlanninnakki", players)
    assert path is not None and learned.load(path).meta["players"] == players
    bot = bots.make("norlanninnakki", "learned", seed=1)
    assert isinstance(bot, LearnedBot)
    moves = [0]

    def visit(st: Any, seat: int) -> None:
        legal = st.legal_actions(seat)
        assert bot.act(st.view(seat), legal) in legal
        assert bot.network.meta["players"] == players
        moves[0] += 1

    play_normal("norlanninnakki", 9, visit, players=players)
    assert moves[0] > 5

"""Codec bijection: legal engine actions <-> mask-reachable index sequences.

For many states of seeded random matches, at every seat that may act:

* each legal engine action encodes to a distinct index sequence, and decoding it gives the
  action back;
* walking the masks (every enabled index, sub-step by sub-step) reaches exactly those
  sequences, never a dead end;
* Guandan: one enabled index per canonical legal play, every full-mode engine play maps
  to an enabled index, and every index applies a play the engine lists as legal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import pakka.env
import pakka.games
from pakka.engine import Action, State
from pakka.env.codec import Codec
from pakka.games.guandan import play_of_event
from pakka.games.guandan.codec import CLASSES, NUM_ACTIONS, class_of, index_of
from pakka.games.guandan.combos import level_rank
from pakka.games.guandan.moves import legal_plays


def _walk(codec: Codec, seqs: Mapping[tuple[int, ...], Action]) -> set[tuple[int, ...]]:
    """Every complete sequence reachable by following the masks."""
    done: set[tuple[int, ...]] = set()
    stack: list[tuple[int, ...]] = [()]
    while stack:
        pending = stack.pop()
        mask = codec.mask(seqs, pending)
        enabled = np.flatnonzero(mask)
        assert len(enabled), f"dead end after {pending}"
        for i in enabled:
            action, nxt = codec.choose(seqs, pending, int(i))
            if action is None:
                stack.append(nxt)
            else:
                done.add((*pending, int(i)))
                assert seqs[(*pending, int(i))] == action
    return done


def _states(game: str, players: int, options: dict, seeds: range, every: int, limit: int = 3000):
    """States of seeded random matches (every ``every``-th step, ``limit`` steps a match).

    Guandan moves are drawn among the codec's representatives (canonical generation is
    much cheaper than the engine's full-mode list)."""
    g = pakka.games.get(game)
    codec = pakka.env.codec(game, players, **options) if game == "guandan" else None
    for seed in seeds:
        st: State = g.new_match(players, options or None, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not st.is_over() and step < limit:
            if step % every == 0:
                yield st
            seat = rng.choice(sorted(st.to_act()))
            if codec is not None:
                choices = list(codec.state_sequences(st, seat, st.view(seat)).values())
            else:
                choices = st.legal_actions(seat)
            st.apply(seat, rng.choice(choices))
            step += 1


CASES = [
    ("anarchy", 3, {"pass_three": True, "dummy_reveal": "before"}, 5),
    ("anarchy", 4, {"pass_three": True}, 7),
    ("anarchy", 5, {"pass_three": True}, 7),
    ("pentagrammi", 5, {"deals": 2}, 3),
    ("norlanninnakki", 3, {}, 1),
    ("norlanninnakki", 4, {"early_bidding": True, "permissive_mode": True}, 1),
    ("norlanninnakki", 5, {"lone_knocker": "takes_one"}, 1),
]


@pytest.mark.parametrize(("game", "players", "options", "every"), CASES)
def test_codec_is_a_bijection(game: str, players: int, options: dict, every: int) -> None:
    codec = pakka.env.codec(game, players, **options)
    low, high = codec.layout.bounds()
    checked = actions = 0
    for st in _states(game, players, options, range(3), every):
        for seat in range(players):
            vec = codec.observe(st.view(seat))
            assert vec.shape == low.shape and vec.dtype == np.float32
            bad = np.flatnonzero((vec < low) | (vec > high))
            assert not len(bad), f"out of bounds at {bad[:5]}: {vec[bad[:5]]}"
        for seat in sorted(st.to_act()):
            obs = st.view(seat)
            legal = st.legal_actions(seat)
            seqs = codec.state_sequences(st, seat, obs)
            assert len(seqs) == len(legal) == len(set(legal))
            for a in legal:
                seq = codec.encode(obs, a)
                assert seqs[seq] == a
                assert all(0 <= i < codec.num_actions for i in seq)
            assert codec.decode(obs, legal, codec.encode(obs, legal[-1])) == legal[-1]
            assert _walk(codec, seqs) == set(seqs)
            checked += 1
            actions += len(legal)
        if checked > 150:
            break
    assert checked > 20 and actions > checked


def test_anarchy_pass_is_three_ascending_picks() -> None:
    env = pakka.env.make("anarchy", players=5, pass_three=True)
    env.reset(seed=11)
    agent = env.agent_selection
    picks = []
    for _ in range(3):
        assert env.agent_selection == agent
        obs, *_ = env.last()
        i = int(np.flatnonzero(obs["action_mask"])[0])
        picks.append(i)
        env.step(i)
    assert picks == sorted(picks)
    seat = int(agent.split("_")[1])
    mine = env.state_.observation(seat)["table"]["my_pass"]
    assert [env.codec.describe(i).split()[1] for i in picks] == mine


# --- Guandan -------------------------------------------------------------------------


def test_guandan_class_table() -> None:
    assert len(CLASSES) == len(set(CLASSES)) == 2212
    assert NUM_ACTIONS == 2267
    codec = pakka.env.codec("guandan")
    feats = codec.action_features()
    assert feats.shape[0] == NUM_ACTIONS
    assert len({feats[i].tobytes() for i in range(NUM_ACTIONS)}) == NUM_ACTIONS
    assert all(codec.describe(i) != "out of range" for i in range(NUM_ACTIONS))


def _guandan_states(seeds: range, every: int, limit: int = 400):
    yield from _states("guandan", 4, {}, seeds, every, limit)


def test_guandan_canonical_bijection() -> None:
    codec = pakka.env.codec("guandan")
    checked = 0
    phases = set()
    for st in _guandan_states(range(3), 3):
        seat = min(st.to_act())
        obs = st.view(seat)
        phases.add(obs.phase)
        seqs = codec.state_sequences(st, seat, obs)
        low, high = codec.layout.bounds()
        vec = codec.observe(obs)
        assert ((vec >= low) & (vec <= high)).all()
        if obs.phase == "play":
            table = obs.table
            level = level_rank(table.level)
            top = table.top
            to_beat = None
            if top is not None:
                to_beat = next(
                    p.combo
                    for p in legal_plays(top.cards, level)
                    if p.combo is not None and (p.combo.type, p.combo.key) == (top.combo, top.key)
                )
                assert to_beat == play_of_event(top, table.level).combo
            canonical = legal_plays(obs.hand, level, to_beat, canonical=True)
            indices = [index_of(p, level) for p in canonical]
            assert len(indices) == len(set(indices)), "two canonical plays share an index"
            assert set(indices) == {s[0] for s in seqs}
            for p in canonical:
                if p.combo is not None:
                    assert seqs[(index_of(p, level),)] == p
        assert _walk(codec, seqs) == set(seqs)
        checked += 1
    assert checked > 100
    assert phases >= {"play"}


def test_guandan_full_mode_plays_map_into_the_mask() -> None:
    codec = pakka.env.codec("guandan")
    seen_return = False
    for st in _guandan_states(range(40, 43), 7, limit=500):
        seat = min(st.to_act())
        obs = st.view(seat)
        legal = st.legal_actions(seat)
        seqs = codec.state_sequences(st, seat, obs)
        enabled = {s[0] for s in seqs}
        assert {codec.encode(obs, a)[0] for a in legal} == enabled
        legal_set = set(legal)
        for s, a in seqs.items():
            assert a in legal_set
            assert codec.encode(obs, a) == s
        seen_return |= obs.phase == "return"
    assert seen_return, "no tribute return was reached; raise the step budget"


def test_guandan_class_of_representative_round_trips() -> None:
    rng = random.Random(3)
    deck = [str(c) for c in pakka.games.get("guandan").deck(4, None)]
    for _ in range(30):
        hand = rng.sample(deck, 27)
        level = rng.randrange(2, 15)
        for p in legal_plays(hand, level, canonical=True):
            assert class_of(p, level) == CLASSES[index_of(p, level) - 1]

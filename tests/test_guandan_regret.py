"""``benchmarks/guandan_regret.py``: moves valued on the true state, and the pass model."""

from __future__ import annotations

import random

from benchmarks import guandan_regret as regret

from pakka.bots import make
from pakka.cards import RED_JOKER, Card
from pakka.games import get
from pakka.games.guandan import GuandanState
from pakka.games.guandan.bots.belief import replay

GAME = get("guandan")


def late_positions(seed: int, cards: int = 54) -> list[regret.Position]:
    """Every decision with a choice of deal 1 of a `normal` self-play match, once ``cards``
    or fewer are left."""
    st = GAME.new_match(seed=seed)
    assert isinstance(st, GuandanState)
    bots = [make("guandan", "normal", seed=seed * 4 + s) for s in range(4)]
    out: list[regret.Position] = []
    while st.deal_no == 1 and not st.is_over():
        (seat,) = st.to_act()
        legal = st.legal_actions(seat)
        if st.phase == "play" and len(legal) > 1 and sum(map(len, st.hands)) <= cards:
            out.append(((seed, 0), st.clone(), seat))
        st.apply(seat, bots[seat].act(st.view(seat), legal))
    return out


def test_seeing_is_never_worse_than_the_kit_by_the_truth() -> None:
    # seeing picks the best of the kit's candidates by the very play-out that values the
    # moves, so it can only gain; if the judge valued moves otherwise, it would not hold
    positions = late_positions(3, cards=40)[::2]
    rows = list(regret.values(positions, ["kit", "seeing"]))
    assert len(rows) >= 5
    assert all(r["seeing"] >= r["kit"] for r in rows)
    gained = regret.changes(rows, "kit", "seeing").splitlines()[2:]
    assert sum(int(line.split("|")[2]) for line in gained) == sum(
        r["seeing"] > r["kit"] for r in rows
    )


def red(card: Card) -> bool:
    return card.is_joker and card.rank == RED_JOKER


def bare_pass(st: GuandanState, me: int) -> int | None:
    """A seat other than ``me`` that passed on an opponent's single (not a red joker) with
    nothing but bombs to beat it, and holds no red joker now."""
    for _, seat, replayed, move in replay(st):
        top = replayed.top
        if move is not None or seat == me or top is None or top.combo is None:
            continue
        if replayed.top_seat is None or replayed.top_seat % 2 == seat % 2:
            continue
        if top.combo.type != "single" or any(map(red, top.cards)):
            continue
        if not regret.holds_a_beater(replayed, seat) and not any(map(red, st.hands[seat])):
            return seat
    return None


def test_a_pass_holding_a_beater_makes_a_world_less_likely() -> None:
    # a red joker beats every single but a red joker: given to a seat that passed on an
    # opponent's single with no beater, the world has it pass holding one
    tried = 0
    for _, st, me in (p for seed in range(1, 12) for p in late_positions(seed)[:3]):
        passer = bare_pass(st, me)
        if passer is None:
            continue
        holder = next(
            (
                s
                for s in range(4)
                if s not in (me, passer)
                and any(red(c) for c in st.hands[s] if not any(c is k for k in st.shown[s]))
            ),
            None,
        )
        if holder is None:
            continue
        world = st.clone()
        hands, shown = world.hands, world.shown
        j = next(i for i, c in enumerate(hands[holder]) if red(c))
        i = next(i for i, c in enumerate(hands[passer]) if not any(c is k for k in shown[passer]))
        hands[holder][j], hands[passer][i] = hands[passer][i], hands[holder][j]
        view = st.view(me)
        assert regret.passes_evidence(world, view) < regret.passes_evidence(st, view)
        tried += 1
    assert tried >= 3


def test_seeing_partner_deals_the_partner_its_true_hand_only() -> None:
    _, st, me = late_positions(5)[0]
    bot = regret.variant("seeing-partner", 1)
    assert isinstance(bot, regret.harness.SeeingPartner)
    bot.truth = st
    partner = (me + 2) % 4
    same_others = 0
    for _ in range(4):
        world = bot.world(st.view(me), bot.budget)
        assert sorted(map(str, world.hands[partner])) == sorted(map(str, st.hands[partner]))
        assert sorted(map(str, world.hands[me])) == sorted(map(str, st.hands[me]))
        same_others += all(
            sorted(map(str, world.hands[s])) == sorted(map(str, st.hands[s]))
            for s in range(4)
            if s % 2 != me % 2
        )
    assert same_others < 4  # the opponents' cards are dealt at random


def test_the_partner_model_prefers_the_partners_true_hand() -> None:
    # the players are `normal`, the heuristic the model sharpens: the true partner hand
    # explains its moves better than hands dealt at random
    rng = random.Random(2)
    for _, st, me in (late_positions(seed)[0] for seed in (5, 8)):
        view = st.view(me)
        truth = regret.partner_evidence(st, view)
        blind = [regret.partner_evidence(GAME.determinize(view, rng), view) for _ in range(6)]
        assert truth > max(blind)

"""The generic checks every game must pass, used by ``test_random_sim.py``.

:func:`play_checked` plays a seeded random match to the end and checks the protocol's
invariants after every step.  Each failed check raises ``AssertionError`` with the step.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from pakka.cards import Card, parse_card
from pakka.engine import JSON, Action, Game, IllegalAction, State
from pakka.errors import NotationError
from pakka.events import Event

ENVELOPE = {
    "game",
    "seat",
    "players_count",
    "deal",
    "phase",
    "to_act",
    "hand",
    "players",
    "table",
    "scores",
    "history",
    "options",
    "result",
}
_TOKEN = re.compile(r"[A-Za-z0-9♠♥♦♣★☆]+")


@dataclass(frozen=True, slots=True)
class Bogus(Action):
    """An action no game knows."""

    type = "bogus"

    def __str__(self) -> str:
        return "bogus"

    def to_json(self) -> JSON:
        return {"type": "bogus"}


def card_tokens(obj: Any) -> set[Card]:
    """Every card named by a canonical token (``S8``, ``H10``, ``JK``…) in a JSON value."""
    if isinstance(obj, dict) and "options" in obj:
        obj = {k: v for k, v in obj.items() if k != "options"}
    found = set()
    for tok in set(_TOKEN.findall(json.dumps(obj, ensure_ascii=False))):
        card = _card_of(tok)
        if card is not None:
            found.add(card)
    return found


@functools.cache
def _card_of(token: str) -> Card | None:
    try:
        card = parse_card(token)
    except NotationError:
        return None
    return card if str(card) == token else None


def snapshot(state: State) -> Any:
    return json.dumps(state.full_state(), sort_keys=True, default=str)


class Checker:
    """Runs the per-step checks; remembers what each seat has legitimately seen."""

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.state = state
        self.pack = Counter(game.deck(state.players, state.options))
        self.seen: dict[int | None, set[Card]] = {s: set() for s in range(state.players)}
        self.seen[None] = set()

    def all_steps(self, step: int, rng: random.Random) -> None:
        self.acting(step)
        self.conserved(self.state, step)
        deep = step & (step - 1) == 0  # powers of two (and 0): the costly checks in full
        self.private(step, every_round_trip=deep)
        self.rejects_illegal(step, rng)
        self.clone_independent(step, rng)
        if deep:
            self.replays(step)
            self.determinizes(step, rng)

    def acting(self, step: int) -> None:
        st = self.state
        to_act = st.to_act()
        assert to_act, f"step {step}: match not over but nobody may act"
        for s in to_act:
            legal = st.legal_actions(s)
            assert legal, f"step {step}: seat {s} is to act with no legal action"
            assert len(set(legal)) == len(legal), f"step {step}: duplicate legal actions"
            assert legal == st.legal_actions(s), f"step {step}: legal_actions not deterministic"
            for a in legal[:50]:
                assert st.game.action_from_json(json.loads(json.dumps(a.to_json()))) == a
        for s in set(range(st.players)) - to_act:
            assert st.legal_actions(s) == [], f"step {step}: seat {s} not to act has actions"

    def conserved(self, st: State, step: int) -> None:
        held: Counter[Card] = Counter()
        for cards in st.card_locations().values():
            held.update(cards)
        assert held == self.pack, (
            f"step {step}: cards not conserved; missing {self.pack - held}, extra {held - self.pack}"
        )
        physical = [(c, c.copy) for cards in st.card_locations().values() for c in cards]
        assert len(set(physical)) == len(physical), f"step {step}: a physical card is in two places"

    def private(self, step: int, every_round_trip: bool = True) -> None:
        """What each seat sees: its own view's JSON, no card it has not seen, its own hand.
        The view's JSON round trip (the costliest part: a view holds the match's history)
        is checked for every viewer when ``every_round_trip``, else for one viewer in turn."""
        st = self.state
        locs = st.card_locations()
        viewers = [*range(st.players), None]
        for seat in viewers:
            visible = st.visible_locations(seat)
            now = {c for name in visible for c in locs.get(name, ())}
            self.seen[seat] |= now
            view = st.view(seat)
            obs = st.observation(seat)
            assert obs == view.to_json(), f"step {step}: observation is not its view's JSON"
            assert set(obs) == ENVELOPE, f"step {step}: envelope differs: {set(obs) ^ ENVELOPE}"
            if every_round_trip or seat == viewers[step % len(viewers)]:
                again = json.loads(json.dumps(obs))
                assert st.game.view_from_json(again) == view, (
                    f"step {step}: seat {seat}'s view does not survive its JSON"
                )
            assert all(e.visible_to(seat) for e in view.history), (
                f"step {step}: seat {seat}'s history holds an event hidden from it"
            )
            assert obs["seat"] == seat and obs["to_act"] == sorted(st.to_act())
            json.dumps(obs)  # JSON-ready
            leaked = card_tokens(obs) - self.seen[seat]
            assert not leaked, (
                f"step {step}: seat {seat} sees hidden cards {sorted(map(str, leaked))}"
            )
            if seat is not None and f"hand:{seat}" in locs:
                assert Counter(obs["hand"]) == Counter(str(c) for c in locs[f"hand:{seat}"]), (
                    f"step {step}: seat {seat}'s hand is not its own"
                )

    def rejects_illegal(self, step: int, rng: random.Random) -> None:
        st = self.state
        before = snapshot(st)
        to_act = sorted(st.to_act())
        seat = rng.choice(to_act)
        with pytest.raises(IllegalAction) as info:
            st.apply(seat, Bogus())
        assert info.value.legal, f"step {step}: IllegalAction names no legal alternatives"
        assert str(st.legal_actions(seat)[0]) in str(info.value)
        idle = [s for s in range(st.players) if s not in to_act]
        if idle:
            with pytest.raises(IllegalAction, match="not your turn"):
                st.apply(idle[0], st.legal_actions(seat)[0])
        for s in to_act:  # an action legal for another seat or phase, if any
            others = set(st.legal_actions(s)) - set(st.legal_actions(seat))
            if others and s != seat:
                with pytest.raises(IllegalAction):
                    st.apply(seat, sorted(others, key=str)[0])
        for junk in ({"type": "no-such-action"}, "play S8", {"type": "play", "cards": 7}, None):
            with pytest.raises(IllegalAction):
                st.game.action_from_json(junk)
        with pytest.raises(IllegalAction):
            st.apply(st.players, st.legal_actions(seat)[0])
        assert snapshot(st) == before, f"step {step}: a rejected action changed the state"

    def clone_independent(self, step: int, rng: random.Random) -> None:
        st = self.state
        before = snapshot(st)
        twin = st.clone()
        assert twin == st and snapshot(twin) == before, f"step {step}: clone differs"
        seat = rng.choice(sorted(twin.to_act()))
        twin.apply(seat, rng.choice(twin.legal_actions(seat)))
        assert snapshot(st) == before, f"step {step}: acting on a clone changed the original"

    def replays(self, step: int) -> None:
        st = self.state
        record = json.loads(json.dumps(st.to_json()))
        try:
            again = st.game.from_json(record)
        except Exception as exc:
            raise AssertionError(
                f"step {step}: JSON replay does not reproduce the state: {exc}"
            ) from exc
        assert again == st, f"step {step}: JSON replay does not reproduce the state"
        for seat in [*range(st.players), None]:
            assert again.observation(seat) == st.observation(seat)

    def determinizes(self, step: int, rng: random.Random) -> None:
        st = self.state
        for seat in [*range(st.players), None]:
            if seat is None:
                continue
            obs = st.observation(seat)
            det = st.determinize(seat, random.Random(rng.random()))
            assert det.observation(seat) == obs, (
                f"step {step}: determinize({seat}) changes the seat's observation"
            )
            assert det.view(seat) == st.view(seat)
            self.conserved(det, step)
            assert det.to_act() == st.to_act()
            locs, dlocs = st.card_locations(), det.card_locations()
            for name in st.visible_locations(seat):
                assert Counter(locs.get(name, ())) == Counter(dlocs.get(name, ())), (
                    f"step {step}: determinize({seat}) moved visible location {name}"
                )
            actor = rng.choice(sorted(det.to_act()))
            legal = det.legal_actions(actor)
            assert legal, f"step {step}: determinized state has no legal action"
            det.apply(actor, rng.choice(legal))  # a search bot can play on from it


def check_events(game: Game, events: list[Event], step: int) -> None:
    """Every event is one the game declares, and survives its JSON."""
    for event in events:
        assert isinstance(event, Event), f"step {step}: {event!r} is not an Event"
        declared = game.event_types.get(event.type)
        assert declared is type(event), (
            f"step {step}: {type(event).__name__} ({event.type!r}) is not in event_types"
        )
        data = json.loads(json.dumps(event.to_json()))
        assert declared.from_json(data) == event, f"step {step}: {event!r} changes in JSON"


def random_action(state: State, rng: random.Random) -> tuple[int, Action]:
    seat = rng.choice(sorted(state.to_act()))
    return seat, rng.choice(state.legal_actions(seat))


def play_checked(
    game: Game, players: int, options: Any, seed: int, max_steps: int = 100_000
) -> State:
    """Play a seeded random match to the end with every check after every step."""
    rng = random.Random(seed)
    state = game.new_match(players=players, options=options, seed=seed)
    checker = Checker(game, state)
    step = 0
    while not state.is_over():
        assert step < max_steps, f"match not over after {max_steps} steps"
        checker.all_steps(step, rng)
        random.seed(rng.random())  # the global RNG must not matter
        seat, action = random_action(state, rng)
        check_events(game, state.apply(seat, action), step)
        step += 1
    checker.conserved(state, step)
    checker.private(step)
    checker.replays(step)
    longest = game.info.max_match_length
    assert longest is None or step <= longest, f"{step} actions, more than {longest}"
    assert state.to_act() == frozenset()
    assert all(state.legal_actions(s) == [] for s in range(players))
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, Bogus())
    result = state.result()
    assert len(result.scores) == players and len(result.ranks) == players
    assert result.winners and min(result.ranks) == 1
    bounds = game.info.score_bounds
    if bounds is not None:
        assert all(bounds[0] <= s <= bounds[1] for s in result.scores), result.scores
    assert state.observation(0)["result"] == result.to_json()
    return state

"""The generic suite must not pass vacuously: each broken copy of the toy game below has
one bug, and the suite has to catch it with the right complaint."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from pakka.cards import Card
from pakka.engine import Action, Event
from tests.generic.harness import play_checked
from tests.generic.toy import ToyGame, ToyOptions, ToyState, ToyView


class LeakyHands(ToyState):
    def _view(self, seat: int | None) -> ToyView:
        view = super()._view(seat)
        peek = tuple(self.hands[(0 if seat is None else seat) - 1])
        return replace(view, table=replace(view.table, last_round=peek))


class LeakyCommit(ToyState):
    def _view(self, seat: int | None) -> ToyView:
        view = super()._view(seat)
        commits = tuple(c for c in self.committed if c is not None)
        return replace(view, table=replace(view.table, dead=view.table.dead + commits))


class SharedClone(ToyState):
    def _clone_into(self, new: ToyState) -> None:
        super()._clone_into(new)
        new.hands = self.hands


class GlobalRandom(ToyState):
    def _start_deal(self, deck: list[Card] | None) -> None:
        if deck is None:
            deck = self.game.deck(self.players, self.options)
            random.shuffle(deck)
        super()._start_deal(deck)


class LosesCards(ToyState):
    def _resolve(self) -> list[Event]:
        events = super()._resolve()
        if self.dead:
            self.dead.pop()
        return events


class DuplicateActions(ToyState):
    def _legal_actions(self, seat: int) -> list[Action]:
        legal = super()._legal_actions(seat)
        return [*legal, legal[0]]


class NoActions(ToyState):
    def _legal_actions(self, seat: int) -> list[Action]:
        return [] if self.phase == "play" and seat == 1 else super()._legal_actions(seat)


class ForgetsLog(ToyState):
    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = super()._apply(seat, action)
        if self.log:
            self.log.pop()
        return events


class BrokenGame(ToyGame):
    def __init__(self, state_class: type[ToyState], determinize_bug: bool = False) -> None:
        self.state_class = state_class
        self.determinize_bug = determinize_bug

    def _determinize(self, view: ToyView, rng: random.Random) -> ToyState:
        state = super()._determinize(view, rng)
        if self.determinize_bug and view.seat is not None:
            mine = state.hands[view.seat]
            other = state.hands[(view.seat + 1) % state.players]
            if mine and other:
                mine[0], other[0] = other[0], mine[0]
        return state


@pytest.mark.parametrize(
    ("game", "complaint"),
    [
        (BrokenGame(LeakyHands), "sees hidden cards"),
        (BrokenGame(LeakyCommit), "sees hidden cards"),
        (BrokenGame(SharedClone), "acting on a clone changed the original"),
        (BrokenGame(GlobalRandom), "JSON replay does not reproduce"),
        (BrokenGame(LosesCards), "cards not conserved"),
        (BrokenGame(DuplicateActions), "duplicate legal actions"),
        (BrokenGame(NoActions), "no legal action"),
        (BrokenGame(ForgetsLog), "JSON replay does not reproduce"),
        (BrokenGame(ToyState, determinize_bug=True), "determinize"),
    ],
    ids=lambda v: v.state_class.__name__ if isinstance(v, BrokenGame) else "",
)
def test_suite_catches(game: Any, complaint: str) -> None:
    with pytest.raises(AssertionError, match=complaint):
        for seed in (1, 2, 3):
            play_checked(game, 3, ToyOptions(), seed)


def test_healthy_toy_passes() -> None:
    play_checked(BrokenGame(ToyState), 3, ToyOptions(), 1)

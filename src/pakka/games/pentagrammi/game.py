"""The registered Pentagrammi game: its facts, parts and the typed-text reader."""

from __future__ import annotations

import random
import re
from typing import Any

from pakka.cards import Card, parse_card, parse_cards
from pakka.engine import Action, Game, GameInfo, IllegalAction, State, ViewTypes
from pakka.errors import NotationError
from pakka.events import (
    CardsPassed,
    CardsPlayed,
    Committed,
    DealStarted,
    MatchOver,
    event_table,
)
from pakka.games.pentagrammi.actions import _DECK, PassCards, Play
from pakka.games.pentagrammi.determinize import determinize
from pakka.games.pentagrammi.options import PentagrammiOptions
from pakka.games.pentagrammi.rules import HAND, MAX_DEALS, PLAYERS, TRICKS
from pakka.games.pentagrammi.state import PentagrammiState
from pakka.games.pentagrammi.views import (
    PentagrammiDealScored,
    PentagrammiPlayer,
    PentagrammiTable,
    PentagrammiTrickWon,
    PentagrammiView,
    PlayStarted,
)

__all__ = ["GAME", "PentagrammiGame"]

_PASS_TEXT = re.compile(r"(?:(left|right|l|r|vasen|oikea|v|o)\s*[:=]\s*)?(\S+)", re.IGNORECASE)
_LEFT_WORDS = {"left", "l", "vasen", "v"}


def _read_pass(text: str) -> tuple[Card, Card] | None:
    """``"S8 HK"`` (left, right) or ``"right:HK left:S8"``; ``None`` if it is not that."""
    parts = _PASS_TEXT.findall(text.replace(",", " "))
    if len(parts) != 2:
        return None
    try:
        cards = [parse_card(token) for _, token in parts]
    except NotationError:
        return None
    sides = [label.lower() in _LEFT_WORDS if label else None for label, _ in parts]
    if sides[0] is False or sides[1] is True:
        if sides[0] is True or sides[1] is False:
            return None
        return (cards[1], cards[0])
    return (cards[0], cards[1])


class PentagrammiGame(Game[PentagrammiOptions, PentagrammiState]):
    info = GameInfo(
        name="pentagrammi",
        title="Pentagrammi",
        min_players=PLAYERS,
        max_players=PLAYERS,
        default_players=PLAYERS,
        simultaneous=True,
        hidden_information=True,
        has_chance=True,
        score_bounds=(0, TRICKS * MAX_DEALS),
        pass_offsets=(1, -1),
        max_match_length=MAX_DEALS * (PLAYERS + PLAYERS * HAND),
        description="Five players, 52 cards and 3 jokers; play jumps two seats on, so every "
        "trick also scores for the winner's two 'opposites'. Spades are always trumps.",
    )
    Options = PentagrammiOptions
    action_types = (Play, PassCards)
    event_types = event_table(
        DealStarted,
        Committed,
        CardsPassed,
        PlayStarted,
        CardsPlayed,
        PentagrammiTrickWon,
        PentagrammiDealScored,
        MatchOver,
    )
    view_types = ViewTypes(table=PentagrammiTable, player=PentagrammiPlayer)

    def _new_state(
        self, players: int, options: PentagrammiOptions, seed: int, deck: list[Card] | None
    ) -> PentagrammiState:
        return PentagrammiState(self, players, options, seed, deck)

    def deck(self, players: int, options: PentagrammiOptions) -> list[Card]:
        return list(_DECK)

    def parse_action(self, state: State[Any, Any], seat: int, text: str) -> Action:
        """As the base, plus passes typed as two cards (``"S8 HK"`` = left S8, right HK)
        and the rule's words when a typed card may not be played."""
        if isinstance(state, PentagrammiState) and seat in state.to_act():
            action: Action | None = None
            if state.phase == "pass" and (picked := _read_pass(text)) is not None:
                action = PassCards(*picked)
            elif state.phase == "play":
                try:
                    typed = parse_cards(text)
                except NotationError:
                    typed = []
                if len(typed) == 1:
                    action = Play(typed[0])
            if action is not None:
                if state.is_legal(seat, action):
                    return action
                raise IllegalAction(
                    seat, action, state._illegal_reason(seat, action), state.legal_actions(seat)
                )
        return super().parse_action(state, seat, text)

    def _determinize(self, view: PentagrammiView, rng: random.Random) -> PentagrammiState:
        return determinize(self, view, rng)


GAME = PentagrammiGame()

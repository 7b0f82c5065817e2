"""The Anarchy game: its facts and parts (found through the ``pakka.games`` entry point)."""

from __future__ import annotations

import random

from pakka.cards import Card
from pakka.engine import Game, GameInfo, ViewTypes
from pakka.events import CardsPassed, Committed, DealStarted, MatchOver, event_table
from pakka.games.anarchy.actions import _DECKS, ChooseContract, PassCards, Play
from pakka.games.anarchy.determinize import determinize
from pakka.games.anarchy.options import AnarchyOptions
from pakka.games.anarchy.rules import DEALS, HAND
from pakka.games.anarchy.state import AnarchyState
from pakka.games.anarchy.views import (
    AnarchyDealScored,
    AnarchyPlayer,
    AnarchyTable,
    AnarchyTrickWon,
    AnarchyView,
    CardsExchanged,
    ContractChosen,
)

__all__ = ["GAME", "AnarchyGame"]

MAX_PLAYERS = 5


class AnarchyGame(Game[AnarchyOptions, AnarchyState]):
    """Anarchy for 3-5 players: ten deals, each contract once per player."""

    info = GameInfo(
        name="anarchy",
        title="Anarchy",
        min_players=3,
        max_players=MAX_PLAYERS,
        default_players=4,
        simultaneous=True,
        hidden_information=True,
        has_chance=True,
        score_bounds=(0, DEALS * (5 * 65 + 40 + 16 * 20)),
        seat_direction="clockwise",
        pass_offsets=(1,),
        hand_sort="suit",
        # Every deal each seat passes once (pass_three), chooses its contract once (not in
        # the tenth deal: each seat's last contract is taken for it) and plays its 13
        # cards, one action each; the most is at the largest table.
        max_match_length=MAX_PLAYERS * (DEALS * (1 + 1 + HAND) - 1),
        description="A trick game where everyone plays at once: win the cards your "
        "contract rewards, and beware the anarchist's bomb that turns the ranking upside down.",
    )
    Options = AnarchyOptions
    action_types = (ChooseContract, Play, PassCards)
    event_types = event_table(
        DealStarted,
        Committed,
        CardsPassed,
        CardsExchanged,
        ContractChosen,
        AnarchyTrickWon,
        AnarchyDealScored,
        MatchOver,
    )
    view_types = ViewTypes(table=AnarchyTable, player=AnarchyPlayer)

    def _new_state(
        self, players: int, options: AnarchyOptions, seed: int, deck: list[Card] | None
    ) -> AnarchyState:
        return AnarchyState(self, players, options, seed, deck)

    def deck(self, players: int, options: AnarchyOptions) -> list[Card]:
        return list(_DECKS[players])

    def _determinize(self, view: AnarchyView, rng: random.Random) -> AnarchyState:
        return determinize(self, view, rng)


GAME = AnarchyGame()

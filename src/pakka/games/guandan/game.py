"""The registered Guandan game: its facts and parts."""

from __future__ import annotations

import random

from pakka.cards import Card, guandan_deck
from pakka.engine import Game, GameInfo, ViewTypes
from pakka.events import Committed, MatchOver, event_table
from pakka.games.guandan.actions import Play, Return
from pakka.games.guandan.determinize import determinize
from pakka.games.guandan.events import (
    AFailed,
    AntiTribute,
    CardReturned,
    Finished,
    GuandanCardsPlayed,
    GuandanDealScored,
    GuandanDealStarted,
    GuandanTrickWon,
    Passed,
    TributePaid,
)
from pakka.games.guandan.options import GuandanOptions
from pakka.games.guandan.rules import PLAYERS
from pakka.games.guandan.state import GuandanState
from pakka.games.guandan.views import GuandanPlayer, GuandanTable, GuandanView

__all__ = ["GAME", "GuandanGame"]


class GuandanGame(Game[GuandanOptions, GuandanState]):
    """Guandan for four players in two partnerships."""

    info = GameInfo(
        name="guandan",
        title="Guandan",
        min_players=PLAYERS,
        max_players=PLAYERS,
        default_players=PLAYERS,
        simultaneous=True,
        hidden_information=True,
        has_chance=True,
        score_bounds=(0, 1),
        seat_direction="counterclockwise",
        teams=((0, 2), (1, 3)),
        hand_sort="rank",
        # No bound: a team at A that finishes first with its partner last neither wins nor
        # moves (advance), so deals at A can repeat without end, and with a_fail_limit a
        # team at A also drops back to 2 and climbs again.
        max_match_length=None,
        description="Two partnerships climb from level 2 to Ace by shedding a two-deck hand "
        "first; the level's hearts are wild, and bombs beat everything.",
    )
    Options = GuandanOptions
    action_types = (Play, Return)
    event_types = event_table(
        GuandanDealStarted,
        AntiTribute,
        TributePaid,
        Committed,
        CardReturned,
        GuandanCardsPlayed,
        Passed,
        Finished,
        GuandanTrickWon,
        GuandanDealScored,
        AFailed,
        MatchOver,
    )
    view_types = ViewTypes(table=GuandanTable, player=GuandanPlayer)

    def _new_state(
        self, players: int, options: GuandanOptions, seed: int, deck: list[Card] | None
    ) -> GuandanState:
        return GuandanState(self, players, options, seed, deck)

    def deck(self, players: int, options: GuandanOptions) -> list[Card]:
        return guandan_deck()

    def _determinize(self, view: GuandanView, rng: random.Random) -> GuandanState:
        return determinize(self, view, rng)


GAME = GuandanGame()

"""The Norlanninnakki game: its facts and parts (found through its ``pakka.games`` entry point)."""

from __future__ import annotations

import random

from pakka.cards import Card
from pakka.engine import Game, GameInfo, ViewTypes
from pakka.events import MatchOver, event_table
from pakka.games.norlanninnakki.actions import _DECK, Bid, Discard, Play
from pakka.games.norlanninnakki.determinize import determinize
from pakka.games.norlanninnakki.options import NorlanninnakkiOptions
from pakka.games.norlanninnakki.rules import START_SCORE, TRICKS
from pakka.games.norlanninnakki.state import NorlanninnakkiState
from pakka.games.norlanninnakki.views import (
    BidMade,
    Bought,
    CardsDrawn,
    Declared,
    LoneKnocker,
    NorlanninnakkiCardsPlayed,
    NorlanninnakkiDealScored,
    NorlanninnakkiDealStarted,
    NorlanninnakkiPlayer,
    NorlanninnakkiTable,
    NorlanninnakkiTrickWon,
    NorlanninnakkiView,
    RestDealt,
    ThrownIn,
)

__all__ = ["GAME", "NorlanninnakkiGame"]


class NorlanninnakkiGame(Game[NorlanninnakkiOptions, NorlanninnakkiState]):
    info = GameInfo(
        name="norlanninnakki",
        title="Norlanninnakki",
        min_players=3,
        max_players=5,
        default_players=4,
        simultaneous=False,
        hidden_information=True,
        has_chance=True,
        score_bounds=(1 - TRICKS, START_SCORE),  # a deal starts at >= 1 and takes <= 5
        lower_is_better=True,
        seat_direction="clockwise",
        hand_sort="suit",
        # No bound: a deal everyone lurks is thrown in and dealt again by the same dealer
        # (N5.3, N6.1), as often as it happens; and a played deal need not bring anyone
        # nearer 0, since the forest puts points back (up to 10) and with exact_zero a
        # negative score turns positive.
        max_match_length=None,
        description="Swedish knocking game for 3-5: knock, buy and take tricks to count "
        "down from 10 to 0, but a promised trick missed sends you to the forest.",
    )
    Options = NorlanninnakkiOptions
    action_types = (Bid, Discard, Play)
    event_types = event_table(
        NorlanninnakkiDealStarted,
        BidMade,
        Declared,
        LoneKnocker,
        ThrownIn,
        RestDealt,
        Bought,
        CardsDrawn,
        NorlanninnakkiCardsPlayed,
        NorlanninnakkiTrickWon,
        NorlanninnakkiDealScored,
        MatchOver,
    )
    view_types = ViewTypes(table=NorlanninnakkiTable, player=NorlanninnakkiPlayer)

    def _new_state(
        self, players: int, options: NorlanninnakkiOptions, seed: int, deck: list[Card] | None
    ) -> NorlanninnakkiState:
        return NorlanninnakkiState(self, players, options, seed, deck)

    def deck(self, players: int, options: NorlanninnakkiOptions) -> list[Card]:
        return list(_DECK)

    def _determinize(self, view: NorlanninnakkiView, rng: random.Random) -> NorlanninnakkiState:
        return determinize(self, view, rng)


GAME = NorlanninnakkiGame()

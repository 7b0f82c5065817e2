"""Pentagrammi's variant flags (``spec.md``), declared once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pakka.games.pentagrammi.rules import MAX_DEALS, PLAYERS
from pakka.options import Options, option

__all__ = ["PentagrammiOptions"]


@dataclass(frozen=True)
class PentagrammiOptions(Options):
    """Variant flags; the defaults are the seed's game."""

    deals: int = option(
        5,
        help="deals in a match (P12): 5 lets everyone deal once, 1 is the single-deal game; "
        "points add up",
        range=(1, MAX_DEALS),
        samples=(1, 2),
    )
    tiebreak_cards: Literal["played_cards", "dealt_hand"] = option(
        "played_cards",
        help="which 11 cards the P11 tie-break compares (P-8): those each played in the last "
        "deal, or those each was dealt",
    )
    first_dealer: int | None = option(
        None,
        help="seat of the first dealer; none draws it from the seed",
        seat=True,
        range=(0, PLAYERS - 1),
        samples=(3,),
    )

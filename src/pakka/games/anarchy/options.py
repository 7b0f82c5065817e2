"""Anarchy's variant flags (``spec.md``), declared once."""

from __future__ import annotations

from dataclasses import dataclass

from pakka.games.anarchy.rules import AllDifferentSuits, DummyReveal, DupTie
from pakka.options import Options, option

__all__ = ["AnarchyOptions"]


@dataclass(frozen=True)
class AnarchyOptions(Options):
    """Variant flags; the defaults are the seed's game."""

    all_different_suits: AllDifferentSuits = option(
        "each_wins_itself",
        help="each_wins_itself: a trick of all different suits lets every card win itself; "
        "highest_singleton_takes_all: the highest card takes them all",
    )
    dup_tie: DupTie = option(
        "group_each_wins_itself",
        help="group_each_wins_itself: identical top cards of a suit (5 players) let that "
        "suit's cards win themselves; tied_keep_rest_dead: the lower ones go dead",
    )
    dummy_reveal: DummyReveal = option(
        "simultaneous",
        help="simultaneous: the 3-player dummy's card is turned after the players commit; "
        "before: it is shown before they commit",
    )
    pass_three: bool = option(
        False, help="on: pass three cards to the next player before choosing contracts"
    )
    quad_requires_four_suits: bool = option(
        False, help="on: a four-of-a-kind bonus needs all four suits (the 65-card pack)"
    )
    par: int = option(
        13,
        help="the card count Over scores above and Under below (default 13)",
        range=(0, 65),
        samples=(10,),
    )
    first_dealer: int | None = option(
        None,
        help="seat of the first dealer; none draws it from the seed",
        seat=True,
        range=(0, 4),
        samples=(1,),
    )

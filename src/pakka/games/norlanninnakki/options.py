"""Norlanninnakki's variant flags (the variant table of ``spec.md``),
declared once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pakka.options import Options, option

__all__ = ["NorlanninnakkiOptions"]


@dataclass(frozen=True)
class NorlanninnakkiOptions(Options):
    """Variant flags (names as in the rules file's variant table); defaults = the seed."""

    forced_trump: Literal["lead", "lead_and_ruff"] = option(
        "lead",
        help="lead: under forced trump a leader must lead a trump if he can; "
        "lead_and_ruff: also trump when void in the suit led",
    )
    forced_trump_sticky: bool = option(
        False,
        help="on: once forced trump has applied it stays for the rest of the game; "
        "off: checked at the start of every deal",
    )
    lone_knocker: Literal["takes_all", "takes_one", "redeal"] = option(
        "takes_all",
        help="when everyone rests after a knock: takes_all credits the knocker 5 tricks, "
        "takes_one 1 trick, redeal throws the cards in",
    )
    permissive_mode: bool = option(
        False,
        help="on: a forced-trump violation is allowed but sends the violator to the forest; "
        "off: it is refused",
    )
    early_bidding: bool = option(
        False, help="on: bid after 3 cards and the trump, before the last 2 cards"
    )
    exact_zero: bool = option(False, help="on: negative scores turn positive; only exactly 0 wins")
    chips: bool = option(
        True,
        help="on: 1-chip ante, 1 chip per forest, winner takes the pot; off: losers pay "
        "the winner their score plus 5 per forest at the end",
    )
    first_dealer: int | None = option(
        None,
        help="seat of the first dealer; none: drawn at random",
        seat=True,
        samples=(0, 2),
    )

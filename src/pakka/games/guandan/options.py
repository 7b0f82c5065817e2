"""Guandan's variant flags (``rules.md``, "Rulings"), declared once."""

from __future__ import annotations

from dataclasses import dataclass

from pakka.games.guandan.rules import PLAYERS
from pakka.options import Options, option

__all__ = ["MAX_A_FAIL_LIMIT", "GuandanOptions"]

MAX_A_FAIL_LIMIT = 99
"""The largest ``a_fail_limit`` (an int option declares its range; the common house rule
is 3, and 99 failed deals at A is already "never" for any real match)."""


@dataclass(frozen=True)
class GuandanOptions(Options):
    """Variant flags; the defaults are the seed's game."""

    end_on_double_win: bool = option(
        False,
        help="end a deal at once when one team takes 1st and 2nd "
        "(default: play on until the third player finishes, as the seed says)",
    )
    pass_a_requires_owner: bool = option(
        False,
        help="a team at Ace wins only in a deal it owns "
        "(default: any team at Ace that finishes 1-2 or 1-3 in a deal at Ace)",
    )
    a_fail_limit: int = option(
        0,
        help="after this many failed deals at its own Ace a team drops back to 2 "
        "(0 = never, the default; 3 is the common house rule)",
        range=(0, MAX_A_FAIL_LIMIT),
        samples=(3,),
    )
    first_leader: int | None = option(
        None,
        help="seat that leads the first deal; none draws it from the seed",
        seat=True,
        range=(0, PLAYERS - 1),
        samples=(1,),
    )

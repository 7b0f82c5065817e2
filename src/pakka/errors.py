"""The error family.  Every message says what was wrong and what is allowed.

It lives below ``cards`` so that the notation parser can raise :class:`NotationError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class PakkaError(Exception):
    """Base of every error pakka raises on purpose."""


class NotationError(PakkaError, ValueError):
    """Card or action text that cannot be read."""


class UnknownGame(PakkaError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class IllegalAction(PakkaError):
    """An action the rules do not allow now; the state is unchanged.

    Carries the seat, the action, the reason and the legal alternatives, and names them
    all in its message: ``seat 2 cannot play S8: must follow hearts; legal: H3 H9 JK``.
    """

    def __init__(
        self, seat: int | None, action: Any, reason: str, legal: Sequence[Any] = ()
    ) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        self.legal = list(legal)
        super().__init__(self._message())

    def _message(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        text = f"{who} cannot {_describe(self.action)}: {self.reason}"
        if self.legal:
            shown = [str(a) for a in self.legal[:40]]
            more = f" … ({len(self.legal)} in all)" if len(self.legal) > 40 else ""
            text += "; legal: " + ", ".join(shown) + more
        return text


class AmbiguousAction(PakkaError):
    """Text that matches several legal actions (e.g. a Guandan play with several readings)."""

    def __init__(self, text: str, matches: Sequence[Any]) -> None:
        self.text = text
        self.matches = list(matches)
        options = "; ".join(str(m) for m in self.matches)
        super().__init__(f"{text!r} can mean several actions, say which: {options}")


class ProtocolError(PakkaError):
    """Malformed input from the network."""


def _describe(action: Any) -> str:
    text = str(action)
    return f"do {text!r}" if text else "act"

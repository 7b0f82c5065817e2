"""pakka: four card games (Anarchy, Pentagrammi, Norlanninnakki, Guandan) as fast,
correct engines, with bots, a browser client, a terminal client and RL environments."""

from importlib.metadata import PackageNotFoundError, version

from pakka.cards import Card, format_cards, parse_card, parse_cards
from pakka.engine import Action, Event, Game, GameInfo, MatchResult, Observation, State
from pakka.errors import AmbiguousAction, IllegalAction, NotationError, PakkaError, ProtocolError

try:
    __version__ = version("pakka")
    """The installed version; ``pyproject.toml`` is its one source."""
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "Action",
    "AmbiguousAction",
    "Card",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "MatchResult",
    "NotationError",
    "Observation",
    "PakkaError",
    "ProtocolError",
    "State",
    "__version__",
    "format_cards",
    "parse_card",
    "parse_cards",
]

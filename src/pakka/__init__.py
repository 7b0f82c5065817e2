"""pakka: four card games (Anarchy, Pentagrammi, Norlanninnakki, Guandan) as fast,
correct engines, with bots, a browser client, a terminal client and RL environments."""

from pakka.cards import Card, format_cards, parse_card, parse_cards
from pakka.engine import Action, Event, Game, GameInfo, MatchResult, State
from pakka.errors import AmbiguousAction, IllegalAction, NotationError, PakkaError, ProtocolError

__version__ = "0.1.0"

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
    "PakkaError",
    "ProtocolError",
    "State",
    "__version__",
    "format_cards",
    "parse_card",
    "parse_cards",
]

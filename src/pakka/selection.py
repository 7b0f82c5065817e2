"""Which legal action a person's chosen cards mean: one rule for every client.

A person at a table picks cards from their hand (and sometimes a choice, such as a contract
or "pass") and presses Play.  :func:`select` turns that into the legal actions it can mean,
or says what is wrong, by one rule that the typed-text reader (:meth:`Game.parse_action`),
the terminal client and the browser (through the server) all use:

* a choice (an action picked from a list) stands if it is legal and its cards are the chosen
  ones (or no cards are chosen);
* otherwise the card moves whose cards are exactly the chosen ones, as a multiset, those whose
  cards are in the very order chosen first (Pentagrammi's pass: the reading in which the first
  card chosen goes left comes first; the client asks, or offers the other);
* with nothing chosen, the one legal move if it takes no cards (a lone "pass");
* else a :class:`Selection` with no actions and the problem: nothing chosen, a card that no
  legal move uses now, a count no legal move has, or no move with exactly these cards.

The words for a problem are the presenter's (:meth:`pakka.present.Presenter.selection_problem`).

>>> from pakka.engine import PlayCard  # the one-card games' action
>>> from pakka.cards import parse_cards
>>> legal = [PlayCard(c) for c in parse_cards("S8 H8 HK")]
>>> select(legal, parse_cards("H8")).actions
(PlayCard(card=Card('H8')),)
>>> select(legal, parse_cards("C2")).problem, select(legal, []).problem
('not_now', 'nothing_chosen')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from pakka.cards import Card

ActionT = TypeVar("ActionT")
"""Any game's action type (this module sits below the engine, which uses it to read typed
text)."""

__all__ = ["Problem", "Selection", "action_cards", "card_key", "select"]

Problem = Literal["", "nothing_chosen", "not_now", "count", "no_move"]


@dataclass(frozen=True, slots=True)
class Selection(Generic[ActionT]):
    """The legal actions a selection can mean (most exact first), or why there are none."""

    actions: tuple[ActionT, ...]
    cards: tuple[Card, ...] = ()
    """The cards chosen, in the order chosen."""
    problem: Problem = ""
    """Why no action matches ("" when some do)."""
    counts: tuple[int, ...] = ()
    """How many cards the legal card moves take (for "choose 2 cards")."""
    unusable: tuple[Card, ...] = ()
    """Chosen cards that no legal move uses now."""

    @property
    def action(self) -> ActionT | None:
        """The one action meant, if the selection is not ambiguous."""
        return self.actions[0] if len(self.actions) == 1 else None


def action_cards(action: object) -> tuple[Card, ...]:
    """The cards an action puts down or passes (``()`` for a choice without cards)."""
    cards = getattr(action, "cards", ())
    return tuple(cards) if cards else ()


def card_key(cards: Sequence[Card]) -> str:
    """The cards as a key that ignores their order: codes sorted and joined by spaces, so that
    a client can look up :func:`select`'s card rule (``"H8 S8"`` for ♠8 ♥8).

    >>> from pakka.cards import parse_cards
    >>> card_key(parse_cards("S8 H8")), card_key([])
    ('H8 S8', '')
    """
    return " ".join(sorted(str(c) for c in cards))


def select(
    legal: Sequence[ActionT], cards: Sequence[Card], choice: ActionT | None = None
) -> Selection[ActionT]:
    """The legal actions that ``cards`` (in the order chosen) and ``choice`` can mean."""
    chosen = Counter(cards)
    picked = tuple(cards)
    if choice is not None and choice in legal:
        own = action_cards(choice)
        if not cards or Counter(own) == chosen:
            return Selection((choice,), picked)
    card_moves = [(a, action_cards(a)) for a in legal]
    card_moves = [(a, c) for a, c in card_moves if c]
    counts = tuple(sorted({len(c) for _, c in card_moves}))
    if not cards:
        if len(legal) == 1 and not action_cards(legal[0]):
            return Selection((legal[0],), picked)
        return Selection((), picked, "nothing_chosen", counts)
    same = [(a, c) for a, c in card_moves if Counter(c) == chosen]
    if same:
        same.sort(key=lambda item: list(item[1]) != list(cards))  # stable: in order first
        return Selection(tuple(a for a, _ in same), picked, "", counts)
    usable = {card for _, c in card_moves for card in c}
    unusable = tuple(card for card in dict.fromkeys(cards) if card not in usable)
    if unusable:
        return Selection((), picked, "not_now", counts, unusable)
    if len(cards) not in counts:
        return Selection((), picked, "count", counts)
    return Selection((), picked, "no_move", counts)

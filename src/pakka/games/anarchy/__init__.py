"""Anarchy: David Parlett's simultaneous trick game (Anarchy Bomb played as Organised Chaos).

Sources: a Finnish rule text (the seed) and the specification with its rulings,
``spec.md`` (section and ruling numbers below refer to it).  The
rules as pakka plays them are in ``rules.md`` (Finnish: ``rules.fi.md``).

Rulings and encoding choices:

- Seats 0..n-1; play, dealing and choosing pass from seat ``s`` to ``s+1`` (clockwise).
  Forehand is ``dealer+1``.  The first dealer is drawn from the match's chance RNG
  (``chance(0)``) unless ``Options.first_dealer`` fixes it; the deal passes clockwise.
- Dealing: one card at a time clockwise from forehand.  In the 3-player game the dummy is
  the fourth hand of the rotation: forehand, forehand+1, the dealer, **then the dummy**
  (it sits between the dealer and forehand).  After the 52 dealt cards the last card of the
  pack is the spare (3p/4p).  A stacked deck (``new_match(deck=...)``) lists the cards in
  this dealing order.
- The dummy's cards are dealt face down onto a stack, so the **last** card dealt to it is
  on top and is turned first (``state.dummy[-1]``).
- Contracts are chosen in turn from forehand (A5); a player with one contract left gets it
  automatically (a :class:`ContractChosen` event with ``auto``, no action).  Choices are
  public.
- Tricks are simultaneous: every live seat commits a card, nothing is shown until all have
  committed.  3p: the dummy's top card is turned after the commits (``dummy_reveal="simultaneous"``)
  or shown before them (``"before"``).
- A bomb in 3p/4p: the spare replaces the joker as its player's card, the joker leaves the
  deal (location ``out``), the trick is ranked 2 high, A low.  In 5p the joker captures
  itself and makes the trick a bomb.  A joker in the dummy is a bomb played by the dummy;
  a joker that is the spare never appears.
- :func:`trick_captures` returns ``-1`` for a card captured by nobody (the ``dup_tie=
  "tied_keep_rest_dead"`` variant); such cards and everything the dummy captures go to the
  dead pile.
- Passing (``pass_three``): every live seat commits three cards at once; they go to the
  next live seat clockwise and are added only after all have passed.

Encoding: ``ChooseContract("hearts")`` (``{"type": "contract", "contract": "hearts"}``),
``Play(card)`` (``{"type": "play", "cards": ["S8"]}``) and ``PassCards(cards)``
(``{"type": "pass_cards", "cards": ["S2", "HK", "D5"]}``, in :meth:`Card.sort_key` order).
Legal contracts come in :data:`CONTRACTS` order, plays and passes in card order.

The view (:mod:`pakka.games.anarchy.views`): ``table.last_trick`` is the
:class:`AnarchyTrickWon` of the deal's last trick: its cards in seat order (the dummy's last,
the spare shown in place of a bombing joker), ``played_by`` (``None`` for the dummy),
``captured_by`` (``None`` for the dead pile), ``bomb`` and ``joker`` (where the joker was
played, as an index into the cards; ``None``: no joker).  ``table.score_sheet`` is one
``{"contracts", "scores"}`` per deal, each by seat.  ``history`` is the current deal's
record: its :class:`ContractChosen`, :class:`CardsExchanged` and :class:`AnarchyTrickWon`
events.
"""

from pakka.cards import JOKER_SUIT
from pakka.games.anarchy.actions import ChooseContract, PassCards, Play
from pakka.games.anarchy.game import GAME, AnarchyGame
from pakka.games.anarchy.options import AnarchyOptions
from pakka.games.anarchy.rules import (
    CONTRACTS,
    DEALS,
    HAND,
    PASS_COUNT,
    AllDifferentSuits,
    Contract,
    DummyReveal,
    DupTie,
    deal_score,
    trick_captures,
)
from pakka.games.anarchy.state import AnarchyState
from pakka.games.anarchy.views import (
    AnarchyDealScored,
    AnarchyPlayer,
    AnarchyTable,
    AnarchyTrickWon,
    AnarchyView,
    CardsExchanged,
    ContractChosen,
    PassedCards,
    ReceivedCards,
    ScoreRow,
)
from pakka.plugins import Plugin

PLUGIN = Plugin(
    game="pakka.games.anarchy.game:GAME",
    bots="pakka.games.anarchy.bots:KIT",
    codec="pakka.games.anarchy.codec:AnarchyCodec",
    present="pakka.games.anarchy.present:PRESENTER",
)
"""The game's ``pakka.games`` entry point: its parts load on first use; its words
(``messages.json``) and rules texts (``rules.md``, ``rules.fi.md``) lie in this folder."""

__all__ = [
    "CONTRACTS",
    "DEALS",
    "GAME",
    "HAND",
    "JOKER_SUIT",
    "PASS_COUNT",
    "PLUGIN",
    "AllDifferentSuits",
    "AnarchyDealScored",
    "AnarchyGame",
    "AnarchyOptions",
    "AnarchyPlayer",
    "AnarchyState",
    "AnarchyTable",
    "AnarchyTrickWon",
    "AnarchyView",
    "CardsExchanged",
    "ChooseContract",
    "Contract",
    "ContractChosen",
    "DummyReveal",
    "DupTie",
    "PassCards",
    "PassedCards",
    "Play",
    "ReceivedCards",
    "ScoreRow",
    "deal_score",
    "trick_captures",
]

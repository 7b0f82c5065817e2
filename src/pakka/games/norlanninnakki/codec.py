"""Norlanninnakki codec: 4 bids, 52 cards, 64 discard subsets as bitmasks of the holding."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pakka.cards import SUITS, Card
from pakka.engine import Action
from pakka.env.codec import CARD53, Codec, ObsLayout, ObsWriter, card53
from pakka.games.norlanninnakki import (
    BIDS,
    Bid,
    Discard,
    NorlanninnakkiTrickWon,
    NorlanninnakkiView,
    Play,
)

__all__ = ["NorlanninnakkiCodec"]

MAX_SEATS = 5
PLAY0 = len(BIDS)
DISCARD0 = PLAY0 + 52
MAX_HOLDING = 6
PHASES = ("bid", "declare", "buy", "play", "over")


def holding(obs: NorlanninnakkiView) -> list[Card]:
    """The cards the observer holds, sorted: its hand plus the turned trump while the
    dealer holds it (the positions that discard bitmasks refer to)."""
    cards = list(obs.hand or ())
    table = obs.table
    if obs.seat == table.dealer and table.turned_held:
        cards.append(table.turned)
    return sorted(cards, key=Card.sort_key)


class NorlanninnakkiCodec(Codec):
    game_name: ClassVar[str] = "norlanninnakki"
    version: ClassVar[str] = "norlanninnakki-1"
    score_scale: ClassVar[float] = 10
    score_sign: ClassVar[float] = -1
    encoding_doc: ClassVar[str] = """\
**Indices.** `0..3` bid `knock lurk in rest`; `4..55` play a card (`S2..SA`, `H2..HA`,
`D2..DA`, `C2..CA`); `56 + m` discards (buys) the subset `m` of the seat's *holding*, a
bitmask `0..63` over its cards sorted in card order (bit `i` = the `i`-th card), the
holding being the concealed hand plus the turned trump while the dealer holds it (at most
6 cards).  `m = 0` keeps every card (not allowed for the dealer, who must discard at least
one).  One step per engine action; the engine's legal discards are exactly the subsets
of the holding, so the codec is a bijection between legal engine actions and
mask-enabled indices.

**Seats** in the observation are relative: row 0 is the observer, row 1 the next seat
clockwise, and so on; rows beyond the table size stay zero.  Score features are the
sheet scores (start 10, lower is better) / 10.

**Rewards** use the final ranks (lower sheet score ranks better)."""

    @property
    def num_actions(self) -> int:
        return DISCARD0 + (1 << MAX_HOLDING)

    def build_layout(self) -> ObsLayout:
        lay = ObsLayout()
        lay.add("holding", 52, "own holding (hand, plus the turned trump if held)")
        lay.add("holding_order", MAX_HOLDING, "1 for each occupied discard-bitmask position")
        lay.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
        lay.add("table_size", 3, "one-hot number of players: 3, 4, 5")
        lay.add("trump", 4, "one-hot trump suit S H D C")
        lay.add("turned", 52, "the turned trump card")
        lay.add("turned_held", 1, "the dealer still holds the turned card face up")
        lay.add("dealer", MAX_SEATS, "one-hot relative seat of the dealer")
        lay.add("to_act", MAX_SEATS, "one-hot relative seat to act")
        lay.add("knocker", MAX_SEATS, "one-hot relative seat of the knocker")
        lay.add("leader", MAX_SEATS, "one-hot relative seat leading the current trick")
        lay.add("bid", 2, "bid of each relative seat: knock, lurk", rows=MAX_SEATS)
        lay.add("declaration", 2, "declaration of each relative seat: in, rest", rows=MAX_SEATS)
        lay.add("active", MAX_SEATS, "relative seats taking part in this deal")
        lay.add("obliged", MAX_SEATS, "relative seats obliged to take a trick")
        lay.add("discarded", MAX_SEATS, "cards discarded by each relative seat / 6")
        lay.add("bought", MAX_SEATS, "cards bought by each relative seat / 5")
        lay.add("cards_left", MAX_SEATS, "cards held by each relative seat / 6")
        lay.add("tricks", MAX_SEATS, "tricks this deal of each relative seat / 5")
        lay.add("violated", MAX_SEATS, "relative seats that broke forced trump this deal")
        lay.add("forests", MAX_SEATS, "forest visits of each relative seat / 10", high=10)
        lay.add("trick", 52, "current trick: the card of each relative seat", rows=MAX_SEATS)
        lay.add("played", 52, "cards each relative seat played this deal", rows=MAX_SEATS)
        lay.add("discards", 52, "the observer's own discards this deal")
        lay.add("scores", MAX_SEATS, "sheet score of each relative seat / 10", low=-1, high=1)
        lay.add("flags", 4, "forced trump now, forced trump ever, first deal, all dealt")
        lay.add("stock", 1, "cards in the stock / 52")
        lay.add("pot", 1, "chips in the pot / 50", high=10)
        return lay

    def fill(self, w: ObsWriter, obs: NorlanninnakkiView, pending: Sequence[int]) -> None:
        table = obs.table
        hold = holding(obs)
        w.cards("holding", hold, card53)
        for i in range(len(hold)):
            w.set("holding_order", i)
        w.set("phase", PHASES.index(obs.phase))
        w.set("table_size", self.players - 3)
        w.set("trump", SUITS.index(table.trump))
        w.cards("turned", [table.turned], card53)
        w.set("turned_held", 0, float(table.turned_held))
        w.set("dealer", self.rel(obs, table.dealer))
        for s in obs.to_act:
            w.set("to_act", self.rel(obs, s))
        if table.knocker is not None:
            w.set("knocker", self.rel(obs, table.knocker))
        w.set("leader", self.rel(obs, table.leader))
        for p in obs.players:
            r = self.rel(obs, p.seat)
            if p.bid is not None:
                w.set("bid", BIDS.index(p.bid), row=r)
            if p.declaration is not None:
                w.set("declaration", BIDS.index(p.declaration) - 2, row=r)
            w.set("active", r, float(p.active))
            w.set("obliged", r, float(p.obliged))
            w.set("discarded", r, p.discarded / 6)
            w.set("bought", r, (p.bought or 0) / 5)
            w.set("cards_left", r, p.cards / 6)
            w.set("tricks", r, p.tricks / 5)
            w.set("violated", r, float(p.violated))
            w.set("forests", r, p.forests / 10)
        for play in table.trick:
            w.cards("trick", [play.card], card53, row=self.rel(obs, play.seat))
        for trick in obs.history:
            if isinstance(trick, NorlanninnakkiTrickWon):
                for seat, card in zip(trick.played_by, trick.cards, strict=True):
                    w.cards("played", [card], card53, row=self.rel(obs, seat))
        for play in table.trick:
            w.cards("played", [play.card], card53, row=self.rel(obs, play.seat))
        w.cards("discards", table.my_discards or (), card53)
        for s, score in enumerate(obs.scores):
            w.set("scores", self.rel(obs, s), max(-1.0, min(1.0, score / 10)))
        flags = (
            table.forced_trump,
            table.forced_trump_triggered,
            table.first_deal,
            table.dealt_all,
        )
        for i, flag in enumerate(flags):
            w.set("flags", i, float(flag))
        w.set("stock", 0, table.stock / 52)
        w.set("pot", 0, table.pot / 50)

    def encode(self, obs: NorlanninnakkiView, action: Action) -> tuple[int, ...]:
        if isinstance(action, Bid):
            return (BIDS.index(action.bid),)
        if isinstance(action, Play):
            return (PLAY0 + card53(action.card),)
        if isinstance(action, Discard):
            hold = holding(obs)
            mask = 0
            for c in action.cards:
                mask |= 1 << hold.index(c)
            return (DISCARD0 + mask,)
        raise TypeError(f"not a Norlanninnakki action: {action!r}")

    def legal_sequences(
        self, obs: NorlanninnakkiView, legal: Sequence[Action]
    ) -> dict[tuple[int, ...], Action]:
        return {self.encode(obs, a): a for a in legal}

    def action_table(self) -> list[tuple[int, int, str]]:
        return [
            (0, PLAY0 - 1, "bid `knock lurk in rest` (in this order)"),
            (PLAY0, DISCARD0 - 1, "play a card `S2..SA H2..HA D2..DA C2..CA`"),
            (
                DISCARD0,
                self.num_actions - 1,
                "discard: `56 + m`, `m` a bitmask over the sorted holding (bit i = i-th card)",
            ),
        ]

    def describe(self, index: int) -> str:
        if 0 <= index < PLAY0:
            return f"bid {BIDS[index]}"
        if PLAY0 <= index < DISCARD0:
            return f"play {CARD53[index - PLAY0]}"
        if DISCARD0 <= index < self.num_actions:
            m = index - DISCARD0
            bits = [str(i) for i in range(MAX_HOLDING) if m >> i & 1]
            return "discard positions " + (" ".join(bits) if bits else "none")
        return "out of range"

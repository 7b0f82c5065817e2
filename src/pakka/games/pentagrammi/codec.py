"""Pentagrammi codec: 53 card values to play, 53 x 53 ordered pairs to pass."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np
from numpy.typing import NDArray

from pakka.cards import SUITS
from pakka.engine import Action
from pakka.env.codec import CARD53, Codec, ObsLayout, ObsWriter, card53
from pakka.games.pentagrammi import PassCards, PentagrammiView, Play

__all__ = ["PentagrammiCodec"]

SEATS = 5
PASS0 = 53
PHASES = ("pass", "play", "over")


class PentagrammiCodec(Codec):
    game_name: ClassVar[str] = "pentagrammi"
    version: ClassVar[str] = "pentagrammi-1"
    score_scale: ClassVar[float] = 11
    encoding_doc: ClassVar[str] = """\
**Indices.** `0..52` play a card value (`S2..SA`, `H2..HA`, `D2..DA`, `C2..CA`, `JK`).
`53 + 53 * left + right` passes the card value `left` to the left neighbour (seat+1) and
`right` to the right neighbour (seat-1), both in the same 53-value order: the ordered pair
of the engine's `PassCards(left, right)`, one index per legal pass (the pair `JK JK` when
the seat holds two jokers).  One step per engine action, so the codec is a bijection
between legal engine actions and mask-enabled indices.

**Action features.** `codec.action_features()` is a `(2862, 108)` float array: play or
pass (one-hot), the card value played or passed left (53 one-hot columns), the card value
passed right (53): a pass's two cards in the other order spend the same cards but differ.

**Seats** in the observation are relative: row 0 is the observer, row 1 the seat after
it (seat+1, the left neighbour), and so on round the table.  Play order goes two seats on."""

    @property
    def num_actions(self) -> int:
        return PASS0 + 53 * 53

    def build_layout(self) -> ObsLayout:
        lay = ObsLayout()
        lay.add("hand", 53, "own hand: count of each card value (`card53` order)", high=3)
        lay.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
        lay.add("deal", 1, "deal number / number of deals")
        lay.add("dealer", SEATS, "one-hot relative seat of the dealer")
        lay.add("leader", SEATS, "one-hot relative seat leading the current trick")
        lay.add("to_act", SEATS, "relative seats that may act now")
        lay.add("passed", SEATS, "relative seats that have passed their two cards")
        lay.add("led", 5, "led suit one-hot S H D C, or none (last column)")
        lay.add("trick", 53, "current trick: the card of each relative seat", rows=SEATS)
        lay.add("played", 53, "cards each relative seat played this deal", rows=SEATS, high=3)
        lay.add("voids", 4, "suits each relative seat has shown void in", rows=SEATS)
        lay.add("cards_left", SEATS, "hand size of each relative seat / 11", high=2)
        lay.add("tricks", SEATS, "tricks won this deal by each relative seat / 11")
        lay.add("points", SEATS, "points this deal of each relative seat / 11")
        lay.add("scores", SEATS, "match points of each relative seat / (11 * deals)")
        lay.add(
            "given", 53, "cards this seat passed: row 0 to the left, row 1 to the right", rows=2
        )
        lay.add(
            "got", 53, "cards this seat received: row 0 from the left, row 1 from the right", rows=2
        )
        return lay

    def fill(self, w: ObsWriter, obs: PentagrammiView, pending: Sequence[int]) -> None:
        table = obs.table
        deals = table.deals
        w.cards("hand", obs.hand or (), card53)
        w.set("phase", PHASES.index(obs.phase))
        w.set("deal", 0, obs.deal / deals)
        w.set("dealer", self.rel(obs, table.dealer))
        w.set("leader", self.rel(obs, table.leader))
        for s in obs.to_act:
            w.set("to_act", self.rel(obs, s))
        led = table.led
        w.set("led", SUITS.index(led) if led else 4)
        for t in table.trick:
            w.cards("trick", [t.card], card53, row=self.rel(obs, t.seat))
        for p in obs.players:
            r = self.rel(obs, p.seat)
            if p.passed:
                w.set("passed", r)
            w.cards("played", p.played, card53, row=r)
            for suit in p.voids:
                w.set("voids", SUITS.index(suit), row=r)
            w.set("cards_left", r, p.cards / 11)
            w.set("tricks", r, p.tricks / 11)
            w.set("points", r, p.points / 11)
        for s, score in enumerate(obs.scores):
            w.set("scores", self.rel(obs, s), score / (11 * deals))
        given, got = table.passing.given, table.passing.received
        if given:
            w.cards("given", [given.to_left], card53, row=0)
            w.cards("given", [given.to_right], card53, row=1)
        if got:
            w.cards("got", [got.from_left], card53, row=0)
            w.cards("got", [got.from_right], card53, row=1)

    def encode(self, obs: PentagrammiView, action: Action) -> tuple[int, ...]:
        if isinstance(action, Play):
            return (card53(action.card),)
        if isinstance(action, PassCards):
            return (PASS0 + 53 * card53(action.left) + card53(action.right),)
        raise TypeError(f"not a Pentagrammi action: {action!r}")

    def action_features(self) -> NDArray[np.float32]:
        """Play or pass (one-hot), then the card played or passed left and the card passed
        right (53 one-hot columns each, ``card53`` order): the cards an action spends do not
        tell which way each goes."""
        out = np.zeros((self.num_actions, 2 + 2 * 53), np.float32)
        out[:PASS0, 0] = 1.0
        out[np.arange(PASS0), 2 + np.arange(PASS0)] = 1.0
        idx = np.arange(53 * 53)
        out[PASS0:, 1] = 1.0
        out[PASS0 + idx, 2 + idx // 53] = 1.0
        out[PASS0 + idx, 2 + 53 + idx % 53] = 1.0
        return out

    def legal_sequences(
        self, obs: PentagrammiView, legal: Sequence[Action]
    ) -> dict[tuple[int, ...], Action]:
        return {self.encode(obs, a): a for a in legal}

    def action_table(self) -> list[tuple[int, int, str]]:
        return [
            (0, 52, "play a card value `S2..SA H2..HA D2..DA C2..CA JK`"),
            (
                PASS0,
                PASS0 + 53 * 53 - 1,
                "pass: `53 + 53 * left + right` (left to seat+1, "
                "right to seat-1; values in the same order)",
            ),
        ]

    def describe(self, index: int) -> str:
        if 0 <= index < PASS0:
            return f"play {CARD53[index]}"
        if PASS0 <= index < self.num_actions:
            left, right = divmod(index - PASS0, 53)
            return f"pass left:{CARD53[left]} right:{CARD53[right]}"
        return "out of range"

"""Anarchy codec: 10 contracts and 53 card values; passing three cards in three sub-steps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pakka.engine import Action
from pakka.env.codec import CARD53, Codec, ObsLayout, ObsWriter, card53
from pakka.games.anarchy import (
    CONTRACTS,
    AnarchyTrickWon,
    AnarchyView,
    ChooseContract,
    PassCards,
    Play,
)

__all__ = ["AnarchyCodec"]

MAX_SEATS = 5
CARD0 = len(CONTRACTS)
PHASES = ("contract", "pass", "play", "over")


class AnarchyCodec(Codec):
    game_name: ClassVar[str] = "anarchy"
    version: ClassVar[str] = "anarchy-2"
    score_scale: ClassVar[float] = 100
    parallel: ClassVar[bool] = True
    encoding_doc: ClassVar[str] = """\
**Indices.** `0..9` choose a contract (in the order `cards black red best spades hearts
clubs diamonds over under`); `10..62` are the 53 card values (`S2..SA`, `H2..HA`,
`D2..DA`, `C2..CA`, then `JK`), used to play a card to the trick and to pick cards to pass.

**Passing three cards (`pass_three`) in three sub-steps.** The seat picks the three cards
one index at a time, in ascending index order (a value held twice in the 65-card pack
may be picked twice).  The mask allows only picks that can still be completed (a card
needs enough cards at or after it left).  After the third pick the environment applies
the engine's `PassCards`; until then nothing is committed and `info["pending"]` (and the
`pass_pending` segment) show the picks so far.  Each legal `PassCards` is exactly one
ascending pick sequence, so the codec is a bijection between legal engine actions and
mask-reachable index sequences.  In the AEC env a seat makes its three picks in
consecutive turns; in the Parallel env every seat picks one card per step for three steps.

**Seats** in the observation are relative: row 0 is the observer, row 1 the next seat
clockwise, and so on; rows beyond the table size stay zero.  In the 3-player game row 5
of `last_trick` is the dummy."""

    @property
    def num_actions(self) -> int:
        return CARD0 + 53

    def build_layout(self) -> ObsLayout:
        lay = ObsLayout()
        lay.add("hand", 53, "own hand: count of each card value (`card53` order)", high=2)
        lay.add("pass_pending", 53, "cards picked so far in a pass sub-step", high=2)
        lay.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
        lay.add("deal", 1, "deal number / 10")
        lay.add("table_size", 3, "one-hot number of players: 3, 4, 5")
        lay.add("to_act", MAX_SEATS, "relative seats that may act now")
        lay.add("committed", MAX_SEATS, "relative seats that have committed in this step")
        lay.add("dealer", MAX_SEATS, "one-hot relative seat of the dealer")
        lay.add("contract", 10, "this deal's contract of each relative seat", rows=MAX_SEATS)
        lay.add("remaining", 10, "contracts each relative seat has left", rows=MAX_SEATS)
        lay.add("cards_left", MAX_SEATS, "hand size of each relative seat / 13")
        lay.add("won", 53, "cards each relative seat has won this deal", rows=MAX_SEATS, high=2)
        lay.add(
            "played",
            53,
            "cards each relative seat showed in this deal's tricks (row 5 = the dummy; a "
            "bombing joker shows as the spare that replaced it)",
            rows=MAX_SEATS + 1,
            high=2,
        )
        lay.add("dead", 53, "cards in the dead pile this deal", high=2)
        lay.add("out", 53, "cards out of the deal (a bombing joker)")
        lay.add(
            "last_trick",
            53,
            "last trick: the card of each relative seat (row 5 = the 3-player dummy)",
            rows=MAX_SEATS + 1,
        )
        lay.add("last_trick_captor", MAX_SEATS + 1, "relative seat capturing the dummy's card")
        lay.add("last_trick_bomb", 1, "the last trick was a bomb")
        lay.add("my_commit", 53, "the card this seat has committed to the current trick")
        lay.add("passed", 53, "cards this seat passed this deal", high=2)
        lay.add("received", 53, "cards this seat received this deal", high=2)
        lay.add("dummy_top", 53, "3 players, `dummy_reveal=before`: the dummy's shown card")
        lay.add("dummy_left", 1, "cards left in the dummy / 13")
        lay.add("spare", 1, "spare cards left (0 or 1)")
        lay.add("spare_revealed", 53, "the spare card once a bomb revealed it")
        lay.add("scores", MAX_SEATS, "match score of each relative seat / 1000", high=7)
        lay.add("last_deal", MAX_SEATS, "last deal's score of each relative seat / 100", high=7)
        return lay

    def fill(self, w: ObsWriter, obs: AnarchyView, pending: Sequence[int]) -> None:
        table = obs.table
        w.cards("hand", obs.hand or (), card53)
        for i in pending:
            w.add("pass_pending", i - CARD0)
        w.set("phase", PHASES.index(obs.phase))
        w.set("deal", 0, obs.deal / 10)
        w.set("table_size", self.players - 3)
        for s in obs.to_act:
            w.set("to_act", self.rel(obs, s))
        for p in obs.players:
            r = self.rel(obs, p.seat)
            if p.committed:
                w.set("committed", r)
            for c in p.remaining:
                w.set("remaining", CONTRACTS.index(c), row=r)
            w.set("cards_left", r, p.cards / 13)
            w.cards("won", p.won, card53, row=r)
        w.set("dealer", self.rel(obs, table.dealer))
        for s, contract in enumerate(table.contracts):
            if contract is not None:
                w.set("contract", CONTRACTS.index(contract), row=self.rel(obs, s))
        for event in obs.history:
            if isinstance(event, AnarchyTrickWon):
                for card, who in zip(event.cards, event.played_by, strict=True):
                    w.cards("played", [card], card53, row=self._row(obs, who))
        w.cards("dead", table.dead, card53)
        w.cards("out", table.out, card53)
        last = table.last_trick
        if last is not None:
            for card, who, to in zip(last.cards, last.played_by, last.captured_by, strict=True):
                w.cards("last_trick", [card], card53, row=self._row(obs, who))
                if who is None:  # the dummy's card: who captured it
                    w.set("last_trick_captor", self._row(obs, to))
            w.set("last_trick_bomb", 0, float(last.bomb))
        if table.my_commit is not None:
            w.cards("my_commit", [table.my_commit], card53)
        if table.passed is not None and table.received is not None:
            w.cards("passed", table.passed.cards, card53)
            w.cards("received", table.received.cards, card53)
        if table.dummy_top is not None:
            w.cards("dummy_top", [table.dummy_top], card53)
        w.set("dummy_left", 0, (table.dummy or 0) / 13)
        w.set("spare", 0, table.spare)
        if table.spare_revealed is not None:
            w.cards("spare_revealed", [table.spare_revealed], card53)
        for s, score in enumerate(obs.scores):
            w.set("scores", self.rel(obs, s), score / 1000)
        sheet = table.score_sheet
        if sheet:
            for s, score in enumerate(sheet[-1].scores):
                w.set("last_deal", self.rel(obs, s), score / 100)

    def _row(self, obs: AnarchyView, seat: int | None) -> int:
        """The relative seat, or :data:`MAX_SEATS` for no seat (the dummy, the dead pile)."""
        return MAX_SEATS if seat is None else self.rel(obs, seat)

    def encode(self, obs: AnarchyView, action: Action) -> tuple[int, ...]:
        if isinstance(action, ChooseContract):
            return (CONTRACTS.index(action.contract),)
        if isinstance(action, Play):
            return (CARD0 + card53(action.card),)
        if isinstance(action, PassCards):
            return tuple(sorted(CARD0 + card53(c) for c in action.cards))
        raise TypeError(f"not an Anarchy action: {action!r}")

    def legal_sequences(
        self, obs: AnarchyView, legal: Sequence[Action]
    ) -> dict[tuple[int, ...], Action]:
        return {self.encode(obs, a): a for a in legal}

    def action_table(self) -> list[tuple[int, int, str]]:
        return [
            (0, CARD0 - 1, "choose contract `" + " ".join(CONTRACTS) + "` (in this order)"),
            (
                CARD0,
                CARD0 + 52,
                "a card value `S2..SA H2..HA D2..DA C2..CA JK`: play it, "
                "or pick it to pass (sub-step)",
            ),
        ]

    def describe(self, index: int) -> str:
        if 0 <= index < CARD0:
            return f"contract {CONTRACTS[index]}"
        if CARD0 <= index < CARD0 + 53:
            return f"card {CARD53[index - CARD0]}"
        return "out of range"

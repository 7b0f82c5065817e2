"""Anarchy in words: everyone plays at once, each card goes to the card that captures it.

A trick has no single winner, so the trick display marks every card whose seat captured
something (``winner=True``), says in its ``note`` what that card took (or where a card went)
and tells the captures in its caption.  The bomb, the 3-player dummy and the spare are told
in words; contracts are the catalogue's ``word_contract_*`` with their scoring rule.  The
deal summary counts each seat's captured cards the way its contract does (from the cards
the deal's :class:`~pakka.games.anarchy.AnarchyDealScored` carries), with the void and
four-of-a-kind bonuses.
"""

from __future__ import annotations

from collections.abc import Sequence

from pakka.cards import JOKER, RANK_LABELS, SUIT_SYMBOLS, Card
from pakka.engine import Action
from pakka.events import DealScored, DealStarted, Event, TrickWon
from pakka.games.anarchy import (
    CONTRACTS,
    DEALS,
    HAND,
    JOKER_SUIT,
    AnarchyDealScored,
    AnarchyTrickWon,
    AnarchyView,
    CardsExchanged,
    ChooseContract,
    ContractChosen,
    PassCards,
    Play,
    deal_score,
)
from pakka.games.anarchy.rules import SUIT_CONTRACTS, score_parts
from pakka.present.base import Context, Presenter
from pakka.present.values import Badge, Fact, Summary, SummaryRow, Tone, Trick, TrickPlay

__all__ = ["PRESENTER", "AnarchyPresenter"]

BOMB = Card(JOKER_SUIT, JOKER)
"""The joker, as the bomb is shown (``★``)."""


def _tricks(view: AnarchyView) -> list[AnarchyTrickWon]:
    """This deal's finished tricks, in order."""
    return [e for e in view.history if isinstance(e, AnarchyTrickWon)]


def _bomber(trick: AnarchyTrickWon) -> int | None:
    """The index in the trick of the bomb's play (``None``: no bomb)."""
    return trick.joker if trick.bomb else None


class AnarchyPresenter(Presenter[AnarchyView]):
    """Anarchy's prompts, badges, facts, tricks, sentences and summaries."""

    # --- small words ------------------------------------------------------------------------

    def who(self, seat: int | None, ctx: Context) -> str:
        """A seat in the middle of a sentence: its name, ``you``, or ``the dummy``."""
        if seat is None:
            return ctx.t("an_dummy_mid")
        return ctx.name(seat, mid=True)

    def contract(self, contract: str, ctx: Context) -> str:
        return ctx.word("contract", contract)

    def rule(self, contract: str, view: AnarchyView, ctx: Context) -> str:
        """How a contract scores, in words (``4 points per heart``)."""
        return ctx.t(f"an_rule_{contract}", par=view.options.par)

    def with_rule(self, contract: str, view: AnarchyView, ctx: Context) -> str:
        return ctx.t(
            "an_contract_rule",
            contract=self.contract(contract, ctx),
            rule=self.rule(contract, view, ctx),
        )

    def next_player(self, view: AnarchyView, seat: int) -> int:
        """Where a seat passes its three cards: the next player clockwise (not the dummy)."""
        return (seat + 1) % view.players_count

    def prev_player(self, view: AnarchyView, seat: int) -> int:
        return (seat - 1) % view.players_count

    def has_bomb(self, view: AnarchyView) -> bool:
        return any(c.is_joker for c in view.hand or ())

    # --- the table --------------------------------------------------------------------------

    def deals_in_match(self, view: AnarchyView) -> int:
        return DEALS

    def phase_word(self, view: AnarchyView, ctx: Context) -> str:
        word = super().phase_word(view, ctx)
        if view.phase != "play":
            return word
        n = min(len(_tricks(view)) + 1, HAND)
        return ctx.t("an_status_trick", phase=word, n=n, total=HAND)

    def your_turn(self, view: AnarchyView, ctx: Context) -> str:
        me = ctx.me
        assert me is not None
        table = view.table
        if view.phase == "pass":
            return ctx.t(
                "an_prompt_pass",
                to=ctx.name(self.next_player(view, me)),
                frm=ctx.name(self.prev_player(view, me)),
            )
        if view.phase == "contract":
            parts = [ctx.t("an_prompt_contract", n=len(view.players[me].remaining))]
            chosen = [
                ctx.t("an_chose", seat=self.who(s, ctx), contract=self.contract(c, ctx))
                for s, c in self.choosing_order(view)
                if c is not None
            ]
            if chosen:
                parts.append(self.capital(self.joined(chosen, ctx)))
            return ". ".join(parts)
        if table.dummy_top is not None:
            parts = [ctx.t("an_prompt_play_dummy_top", card=table.dummy_top.pretty())]
        elif table.dummy is not None:
            parts = [ctx.t("an_prompt_play_dummy")]
        else:
            parts = [ctx.t("an_prompt_play")]
        mine = table.contracts[me]
        if mine is not None:
            parts.append(
                ctx.t(
                    "an_prompt_your_contract",
                    contract=self.contract(mine, ctx),
                    rule=self.rule(mine, view, ctx),
                )
            )
        if self.has_bomb(view):
            key = "an_prompt_bomb_keeps" if view.players_count == 5 else "an_prompt_bomb_spare"
            parts.append(ctx.t(key, card=BOMB.pretty()))
        return ". ".join(parts)

    def capital(self, text: str) -> str:
        return text[:1].upper() + text[1:]

    def joined(self, items: Sequence[str], ctx: Context) -> str:
        if len(items) <= 1:
            return "".join(items)
        return ctx.t("list_and", items=", ".join(items[:-1]), last=items[-1])

    def choosing_order(self, view: AnarchyView) -> list[tuple[int, str | None]]:
        """Seats from forehand with this deal's contracts (``None``: not chosen yet)."""
        n = view.players_count
        seats = [(view.table.forehand + i) % n for i in range(n)]
        return [(s, view.table.contracts[s]) for s in seats]

    def waiting(self, view: AnarchyView, ctx: Context) -> str:
        others = [s for s in view.to_act if s != ctx.me]
        if not others:
            return super().waiting(view, ctx)
        seats = ctx.seats(others)
        table = view.table
        if view.phase == "contract":
            return ctx.t("an_wait_contract", seat=seats)
        if view.phase == "play":
            if table.my_commit is not None:
                return ctx.t("an_wait_play_mine", card=table.my_commit.pretty(), seats=seats)
            return ctx.t("an_wait_play", seats=seats)
        if view.phase == "pass":
            if table.my_pass is not None and ctx.me is not None:
                return ctx.t(
                    "an_wait_pass_mine",
                    cards=ctx.cards(table.my_pass),
                    to=ctx.name(self.next_player(view, ctx.me)),
                    seats=seats,
                )
            return ctx.t("an_wait_pass", seats=seats)
        return super().waiting(view, ctx)

    def badges(self, view: AnarchyView, seat: int, ctx: Context) -> list[Badge]:
        table = view.table
        player = view.players[seat]
        if view.result is not None:  # the match is over: each seat's final place
            rank = view.result.ranks[seat]
            tone: Tone = "good" if rank == 1 else "info"
            return [Badge("place", ctx.t("an_badge_place", n=rank), tone=tone)]
        out: list[Badge] = []
        if table.dealer == seat:
            out.append(Badge("dealer", ctx.t("badge_dealer"), tone="muted"))
        if table.forehand == seat:
            out.append(Badge("forehand", ctx.t("an_badge_forehand"), tone="muted"))
        contract = table.contracts[seat]
        if contract is not None:
            out.append(
                Badge("contract", ctx.t("an_badge_contract", contract=self.contract(contract, ctx)))
            )
        if view.phase == "pass":
            if player.committed:
                out.append(Badge("committed", ctx.t("badge_passed"), tone="good"))
            me = ctx.me
            if me is not None and seat != me:
                if seat == self.next_player(view, me):
                    out.append(Badge("neighbour", ctx.t("an_badge_gets_yours")))
                elif seat == self.prev_player(view, me):
                    out.append(Badge("neighbour", ctx.t("an_badge_gives_you")))
        if view.phase == "contract" and 0 < len(player.remaining) < len(CONTRACTS):
            left = ", ".join(self.contract(c, ctx) for c in player.remaining)
            out.append(
                Badge(
                    "remaining",
                    ctx.count("an_badge_left", len(player.remaining), contracts=left),
                    tone="muted",
                )
            )
        if view.phase == "play":
            if player.committed:
                out.append(Badge("committed", ctx.t("an_badge_chosen"), tone="good"))
            last = table.last_trick
            if last is not None and seat in last.played_by:
                i = last.played_by.index(seat)
                if _bomber(last) == i:
                    out.append(
                        Badge("last_play", ctx.t("an_badge_last_bomb"), (BOMB,), tone="muted")
                    )
                else:
                    out.append(
                        Badge("last_play", ctx.t("an_badge_last"), (last.cards[i],), "muted")
                    )
        if player.won:
            out.append(Badge("captured", ctx.t("an_badge_captured", n=len(player.won)), player.won))
        if view.phase == "play" and contract is not None:
            points = self.deal_points(contract, player.won, view)
            out.append(
                Badge("deal_score", ctx.t("an_badge_deal_score", points=points), tone="good")
            )
        return out

    def deal_points(self, contract: str, won: Sequence[Card], view: AnarchyView) -> int:
        """What ``won`` would score for ``contract`` if the deal ended now."""
        opts = view.options
        return deal_score(
            contract, won, quad_requires_four_suits=opts.quad_requires_four_suits, par=opts.par
        )

    def facts(self, view: AnarchyView, ctx: Context) -> list[Fact]:
        table = view.table
        opts = view.options
        me = ctx.me
        out: list[Fact] = []
        if view.result is not None:
            return out
        if me is not None:
            mine = table.contracts[me]
            if mine is not None:
                text = ctx.t(
                    "an_contract_paren",
                    contract=self.contract(mine, ctx),
                    rule=self.rule(mine, view, ctx),
                )
                out.append(Fact("contract", ctx.t("an_fact_contract"), text))
            remaining = view.players[me].remaining
            if remaining:
                out.append(
                    Fact(
                        "remaining",
                        ctx.t("an_fact_remaining"),
                        ", ".join(self.contract(c, ctx) for c in remaining),
                        tone="muted",
                    )
                )
            if table.my_pass is not None:
                out.append(
                    Fact(
                        "my_pass",
                        ctx.t("an_fact_you_pass"),
                        ctx.t(
                            "an_cards_to",
                            cards=ctx.cards(table.my_pass),
                            to=ctx.name(self.next_player(view, me)),
                        ),
                        table.my_pass,
                    )
                )
            if table.passed is not None:
                out.append(
                    Fact(
                        "passed",
                        ctx.t("fact_you_passed"),
                        ctx.t(
                            "an_cards_to",
                            cards=ctx.cards(table.passed.cards),
                            to=ctx.name(table.passed.to),
                        ),
                        table.passed.cards,
                    )
                )
            if table.received is not None:
                out.append(
                    Fact(
                        "received",
                        ctx.t("fact_you_received"),
                        ctx.t(
                            "an_cards_from",
                            cards=ctx.cards(table.received.cards),
                            frm=ctx.name(table.received.from_seat),
                        ),
                        table.received.cards,
                    )
                )
        if table.dummy:
            cards = ctx.count("an_n_cards", table.dummy)
            if table.dummy_top is not None:
                text = ctx.t("an_dummy_shown", cards=cards, card=table.dummy_top.pretty())
                out.append(Fact("dummy", ctx.t("an_dummy"), text, (table.dummy_top,)))
            else:
                out.append(Fact("dummy", ctx.t("an_dummy"), ctx.t("an_dummy_hidden", cards=cards)))
        if table.spare_revealed is not None:
            shown = ctx.t("an_spare_shown", card=table.spare_revealed.pretty())
            out.append(Fact("spare", ctx.t("an_fact_spare"), shown, (table.spare_revealed,)))
        elif table.spare:
            hidden = ctx.t("an_spare_hidden")
            out.append(Fact("spare", ctx.t("an_fact_spare"), hidden, tone="muted"))
        bomb = self.bomb_fact(view, ctx)
        if bomb is not None:
            out.append(bomb)
        if table.dead:
            out.append(Fact("dead", ctx.t("an_fact_dead"), ctx.cards(table.dead), table.dead))
        if opts.par != 13:
            par = ctx.count("an_n_cards", opts.par)
            out.append(Fact("par", ctx.t("an_fact_par"), par))
        if opts.all_different_suits == "highest_singleton_takes_all":
            out.append(Fact("rule", ctx.t("an_fact_rule"), ctx.t("an_rule_all_different")))
        if view.players_count == 5 and opts.dup_tie == "tied_keep_rest_dead":
            out.append(Fact("rule", ctx.t("an_fact_rule"), ctx.t("an_rule_dup_dead")))
        if view.players_count == 5 and opts.quad_requires_four_suits:
            out.append(Fact("rule", ctx.t("an_fact_rule"), ctx.t("an_rule_quad_suits")))
        return out

    def bomb_fact(self, view: AnarchyView, ctx: Context) -> Fact | None:
        """Where the bomb stands this deal (only once the play has begun)."""
        label = ctx.t("an_fact_bomb")
        for number, trick in enumerate(_tricks(view), 1):
            i = _bomber(trick)
            if i is None:
                continue
            seat = trick.played_by[i]
            if seat is None:
                text = ctx.t("an_bomb_thrown_dummy", n=number)
            else:
                text = ctx.said("an_bomb_thrown", seat, n=number)
            if view.players_count < 5:
                text = f"{text}; {ctx.t('an_bomb_out')}"
            return Fact("bomb", label, text, (BOMB,))
        if view.phase != "play":
            return None
        if self.has_bomb(view):
            return Fact("bomb", label, ctx.t("an_bomb_yours", card=BOMB.pretty()), (BOMB,), "warn")
        return Fact("bomb", label, ctx.t("an_bomb_live"), tone="muted")

    # --- tricks ---------------------------------------------------------------------------

    def trick(self, view: AnarchyView, ctx: Context) -> Trick | None:
        """The viewer's face-down card with the others' (once the viewer has chosen), else
        the last finished trick, kept on show until then."""
        table = view.table
        if view.phase == "play" and table.my_commit is not None:
            plays = []
            for seat, player in enumerate(view.players):
                if seat == ctx.me:
                    plays.append(TrickPlay(seat, ctx.name(seat), (table.my_commit,)))
                else:
                    note = "an_note_chosen" if player.committed else "an_note_choosing"
                    plays.append(TrickPlay(seat, ctx.name(seat), (), note=ctx.t(note)))
            if table.dummy is not None:
                top = table.dummy_top
                plays.append(
                    TrickPlay(
                        None,
                        ctx.t("an_dummy"),
                        () if top is None else (top,),
                        note="" if top is not None else ctx.t("an_note_dummy_later"),
                    )
                )
            return Trick(False, tuple(plays), ctx.t("an_trick_hidden"))
        return self.last_trick(view, ctx)

    def last_trick(self, view: AnarchyView, ctx: Context) -> Trick | None:
        last = view.table.last_trick
        return None if last is None else self.finished_trick(last, view, ctx)

    def finished_trick(self, trick: TrickWon, view: AnarchyView, ctx: Context) -> Trick | None:
        if not isinstance(trick, AnarchyTrickWon):
            return super().finished_trick(trick, view, ctx)
        plays = []
        bomber = _bomber(trick)
        for i, (card, seat) in enumerate(zip(trick.cards, trick.played_by, strict=True)):
            label = ctx.t("an_dummy") if seat is None else ctx.name(seat)
            notes = []
            if i == bomber:
                spare = view.players_count < 5
                notes.append(ctx.t("an_note_bomb_spare" if spare else "an_note_bomb"))
            took = self.taken_by_card(trick, i)
            if took is not None:
                others = [c for j, c in enumerate(trick.cards) if j in took and j != i]
                if seat is None:
                    key = "an_note_dummy_takes" if others else "an_note_dead"
                    notes.append(ctx.t(key, cards=ctx.cards(others)))
                elif others:
                    notes.append(ctx.t("an_note_takes", cards=ctx.cards(others)))
                else:
                    notes.append(ctx.t("an_note_keeps"))
            else:
                owner = trick.captured_by[i]
                if owner is None:
                    notes.append(ctx.t("an_note_dead"))
                else:
                    notes.append(ctx.said("an_note_to", owner))
            plays.append(
                TrickPlay(seat, label, (card,), winner=took is not None, note="; ".join(notes))
            )
        return Trick(True, tuple(plays), ". ".join(self.capture_sentences(trick, view, ctx)))

    def taken_by_card(self, trick: AnarchyTrickWon, i: int) -> list[int] | None:
        """The indices of the cards that the ``i``-th card captured (itself among them), or
        ``None`` if another card captured it.  A seat plays one card, so what a seat
        captured its own card did; the dummy's captures are the dead pile's (the dummy
        keeps its card when it is dead), and in a game without a dummy a card dead by a
        tie captured nothing."""
        seat = trick.played_by[i]
        owner = trick.captured_by[i]
        if seat is None:
            if owner is not None:
                return None
            return [j for j, o in enumerate(trick.captured_by) if o is None]
        if owner != seat:
            return None
        return [j for j, o in enumerate(trick.captured_by) if o == seat]

    def capture_sentences(
        self, trick: AnarchyTrickWon, view: AnarchyView, ctx: Context
    ) -> list[str]:
        """The bomb, then who captured what (in seat order, the dummy last), then what went
        dead by a tie."""
        out = []
        bomber = _bomber(trick)
        if bomber is not None:
            seat = trick.played_by[bomber]
            card = trick.cards[bomber].pretty()
            if seat is None:
                out.append(ctx.t("an_cap_bomb_dummy", card=card))
            elif view.players_count < 5:
                out.append(ctx.said("an_cap_bomb_spare", seat, card=card))
            else:
                out.append(ctx.said("an_cap_bomb_keeps", seat))
        accounted: set[int] = set()
        said: list[str] = []
        keeps = 0
        for i, seat in enumerate(trick.played_by):
            took = self.taken_by_card(trick, i)
            if took is None:
                continue
            accounted |= set(took)
            own = trick.cards[i]
            others = [trick.cards[j] for j in took if j != i]
            if seat is None:
                taken = ctx.cards([trick.cards[j] for j in took])
                said.append(ctx.t("an_cap_dummy", cards=taken))
            elif others:
                said.append(
                    ctx.said("ev_captures", seat, cards=ctx.cards(others), card=own.pretty())
                )
            else:
                said.append(ctx.said("ev_keeps", seat, card=own.pretty()))
                keeps += 1
        if keeps == view.players_count:  # every player's card won itself
            said = [ctx.t("an_cap_all_keep"), *said[keeps:]]
        out += said
        dead = [c for j, c in enumerate(trick.cards) if j not in accounted]
        if dead:
            out.append(ctx.count("an_cap_dead", len(dead), cards=ctx.cards(dead)))
        return out

    # --- hand and actions -------------------------------------------------------------------

    def action_label(self, action: Action, view: AnarchyView, ctx: Context) -> str:
        if isinstance(action, ChooseContract):
            return self.with_rule(action.contract, view, ctx)
        if isinstance(action, PassCards) and ctx.me is not None:
            return ctx.t(
                "an_cards_to",
                cards=ctx.cards(action.cards),
                to=ctx.name(self.next_player(view, ctx.me)),
            )
        if isinstance(action, Play) and action.card.is_joker:
            return ctx.t("an_act_bomb", card=action.card.pretty())
        return super().action_label(action, view, ctx)

    # --- events -----------------------------------------------------------------------------

    def sentences(self, event: Event, view: AnarchyView, ctx: Context) -> list[str]:
        if isinstance(event, AnarchyTrickWon):
            return [
                self.shown_sentence(event, view, ctx),
                *self.capture_sentences(event, view, ctx),
            ]
        if isinstance(event, ContractChosen):
            key = "ev_contract_auto" if event.auto else "ev_contract"
            return [ctx.said(key, event.seat, contract=self.contract(event.contract, ctx))]
        if isinstance(event, CardsExchanged):
            return [ctx.t("an_ev_exchanged")]
        if isinstance(event, AnarchyDealScored):
            scores = ", ".join(
                ctx.t(
                    "an_score_item",
                    seat=self.who(s, ctx),
                    points=ctx.number(points),
                    contract=self.contract(contract, ctx),
                )
                for s, (points, contract) in enumerate(
                    zip(event.scores, event.contracts, strict=True)
                )
            )
            return [ctx.t("an_ev_deal_scored", deal=event.deal, scores=scores)]
        out = super().sentences(event, view, ctx)
        if isinstance(event, DealStarted) and event.dealer is not None:
            forehand = (event.dealer + 1) % view.players_count
            out.append(ctx.said("an_ev_forehand", forehand))
        return out

    def shown_sentence(self, trick: AnarchyTrickWon, view: AnarchyView, ctx: Context) -> str:
        """``The cards are turned: Anna ♠8, you ★, the dummy ♦3`` (the bomb as played)."""
        bomber = _bomber(trick)
        plays = ", ".join(
            f"{self.who(seat, ctx)} {(BOMB if i == bomber else card).pretty()}"
            for i, (card, seat) in enumerate(zip(trick.cards, trick.played_by, strict=True))
        )
        return ctx.t("an_ev_shown", plays=plays)

    # --- summaries --------------------------------------------------------------------------

    def deal_summary(self, event: DealScored, view: AnarchyView, ctx: Context) -> Summary:
        if not isinstance(event, AnarchyDealScored):
            return super().deal_summary(event, view, ctx)
        rows = [
            SummaryRow(
                ctx.t("an_sum_contract"), tuple(self.contract(c, ctx) for c in event.contracts)
            )
        ]
        lines: list[str] = []
        if event.won:
            parts = [
                self.breakdown(c, w, view, ctx)
                for c, w in zip(event.contracts, event.won, strict=True)
            ]
            rows += [
                SummaryRow(ctx.t("an_sum_captured"), tuple(str(len(w)) for w in event.won)),
                SummaryRow(ctx.t("an_sum_counted"), tuple(p[0] for p in parts)),
                SummaryRow(ctx.t("an_sum_points"), tuple(p[1] for p in parts)),
                SummaryRow(ctx.t("an_sum_voids"), tuple(p[2] for p in parts)),
                SummaryRow(ctx.t("an_sum_quads"), tuple(p[3] for p in parts)),
            ]
            lines.append(ctx.t("an_sum_bonus_rule"))
            for seat, won in enumerate(event.won):
                if any(c.is_joker for c in won):
                    lines.append(ctx.said("an_sum_joker", seat, card=BOMB.pretty()))
            dealt = 65 if view.players_count == 5 else 52
            dead = dealt - sum(len(w) for w in event.won)
            if dead:
                lines.append(ctx.t("an_sum_dead", cards=ctx.count("an_n_cards", dead)))
        rows += [
            SummaryRow(ctx.t("summary_this_deal"), self.cells(event.scores, ctx, sign=True)),
            SummaryRow(ctx.t("summary_total"), self.cells(event.totals, ctx)),
        ]
        return Summary(
            kind="deal",
            title=ctx.t("summary_deal_title", deal=event.deal),
            columns=self.columns(view, ctx),
            rows=tuple(rows),
            lines=tuple(lines),
        )

    def breakdown(
        self, contract: str, won: Sequence[Card], view: AnarchyView, ctx: Context
    ) -> tuple[str, str, str, str]:
        """One seat's deal in its contract's terms: what was counted, the contract's points,
        the void bonus and the four-of-a-kind bonus (each a cell).  The 5-player joker is
        left out here (it counts as the best suit or none; the summary says so)."""
        opts = view.options
        parts = score_parts(
            contract, won, quad_requires_four_suits=opts.quad_requires_four_suits, par=opts.par
        )
        n = len(won)
        if contract == "cards":
            counted = ctx.count("an_n_cards", n)
        elif contract in ("black", "red"):
            counted = ctx.count(f"an_n_{contract}", parts.counted)
        elif contract == "best":
            best = parts.best_suit
            counted = f"{parts.counted} {SUIT_SYMBOLS[best]}" if parts.counted and best else "0"
        elif contract in ("over", "under"):
            counted = ctx.t(
                f"an_count_{contract}",
                cards=ctx.count("an_n_cards", n),
                d=parts.counted,
                par=opts.par,
            )
        else:
            counted = f"{parts.counted} {SUIT_SYMBOLS[SUIT_CONTRACTS[contract]]}"
        voids = parts.voids
        void_cell = (
            f"{' '.join(SUIT_SYMBOLS[s] for s in voids)} +{10 * len(voids)}" if voids else "—"
        )
        quads = parts.quads
        quad_cell = (
            f"{' '.join(f'4×{RANK_LABELS[r]}' for r in quads)} +{20 * len(quads)}" if quads else "—"
        )
        return counted, str(parts.points), void_cell, quad_cell

    def sheet(self, view: AnarchyView) -> list[tuple[float, ...]]:
        return [tuple(row.scores) for row in view.table.score_sheet]

    def sheet_rows(self, view: AnarchyView, ctx: Context) -> list[SummaryRow]:
        """Each finished deal: every seat's contract and its score."""
        return [
            SummaryRow(
                ctx.t("summary_deal_n", deal=i + 1),
                tuple(
                    ctx.t("an_sheet_cell", contract=self.contract(c, ctx), points=ctx.number(p))
                    for c, p in zip(row.contracts, row.scores, strict=True)
                ),
            )
            for i, row in enumerate(view.table.score_sheet)
        ]


PRESENTER = AnarchyPresenter()

"""Pentagrammi in words: the blind pass to both neighbours, the trick, the opposites' points."""

from __future__ import annotations

from pakka.cards import parse_card
from pakka.engine import Action
from pakka.events import DealScored, Event, TrickWon
from pakka.games.pentagrammi import (
    PassCards,
    PentagrammiDealScored,
    PentagrammiTrickWon,
    PentagrammiView,
    PlayStarted,
    trick_winner,
)
from pakka.present.base import Context, Presenter
from pakka.present.values import Badge, Fact, Summary, SummaryRow, Trick, TrickPlay

__all__ = ["PRESENTER", "PentagrammiPresenter"]


class PentagrammiPresenter(Presenter[PentagrammiView]):
    def deals_in_match(self, view: PentagrammiView) -> int:
        return view.table.deals

    def your_turn(self, view: PentagrammiView, ctx: Context) -> str:
        me = ctx.me
        assert me is not None
        n = view.players_count
        if view.phase == "pass":
            return ctx.t(
                "pg_prompt_pass", left=ctx.name((me + 1) % n), right=ctx.name((me - 1) % n)
            )
        led = view.table.led
        if led is None:
            return ctx.t("pg_prompt_lead")
        return ctx.t("pg_prompt_follow", suit=ctx.t(f"suit_{led}"))

    def action_label(self, action: Action, view: PentagrammiView, ctx: Context) -> str:
        if isinstance(action, PassCards) and ctx.me is not None:
            n = view.players_count
            return ctx.t(
                "pg_passed_to",
                left=ctx.name((ctx.me + 1) % n),
                right=ctx.name((ctx.me - 1) % n),
                left_card=action.left.pretty(),
                right_card=action.right.pretty(),
            )
        return super().action_label(action, view, ctx)

    def badges(self, view: PentagrammiView, seat: int, ctx: Context) -> list[Badge]:
        player = view.players[seat]
        out: list[Badge] = []
        if view.table.dealer == seat:
            out.append(Badge("dealer", ctx.t("badge_dealer"), tone="muted"))
        if view.phase == "pass" and player.passed:
            out.append(Badge("committed", ctx.t("badge_passed"), tone="good"))
        if view.phase != "pass":
            out.append(Badge("points", ctx.count("badge_points", player.points)))
        me = ctx.me
        if me is not None and seat != me and view.phase == "pass":
            n = view.players_count
            if seat == (me + 1) % n:
                out.append(Badge("neighbour", ctx.t("badge_left_neighbour")))
            elif seat == (me - 1) % n:
                out.append(Badge("neighbour", ctx.t("badge_right_neighbour")))
        if me is not None and seat != me and (seat - me) % view.players_count in (2, 3):
            out.append(Badge("side", ctx.t("badge_opposite"), tone="good"))
        return out

    def facts(self, view: PentagrammiView, ctx: Context) -> list[Fact]:
        table = view.table
        out = [Fact("trump", ctx.t("fact_trump"), ctx.t("suit_S"))]
        if table.led is not None:
            out.append(Fact("led", ctx.t("fact_led"), ctx.t(f"suit_{table.led}")))
        given, got = table.passing.given, table.passing.received
        if given is not None:
            me = ctx.me
            assert me is not None
            n = view.players_count
            out.append(
                Fact(
                    "passed",
                    ctx.t("fact_you_passed"),
                    ctx.t(
                        "pg_passed_to",
                        left=ctx.name((me + 1) % n),
                        right=ctx.name((me - 1) % n),
                        left_card=given.to_left.pretty(),
                        right_card=given.to_right.pretty(),
                    ),
                    (given.to_left, given.to_right),
                )
            )
        if got is not None:
            out.append(
                Fact(
                    "received",
                    ctx.t("fact_you_received"),
                    ctx.cards((got.from_left, got.from_right)),
                    (got.from_left, got.from_right),
                )
            )
        return out

    def trick(self, view: PentagrammiView, ctx: Context) -> Trick | None:
        plays = view.table.trick
        if not plays:
            return None
        cards = [p.card for p in plays]
        leading = trick_winner(cards) if view.table.led is not None else None
        return Trick(
            finished=False,
            plays=tuple(
                TrickPlay(p.seat, ctx.name(p.seat), (p.card,), winner=i == leading)
                for i, p in enumerate(plays)
            ),
            caption=ctx.t("pg_trick_led", suit=ctx.t(f"suit_{view.table.led}"))
            if view.table.led is not None
            else "",
        )

    def last_trick(self, view: PentagrammiView, ctx: Context) -> Trick | None:
        tricks = [e for e in view.history if isinstance(e, PentagrammiTrickWon)]
        return self.finished_trick(tricks[-1], view, ctx) if tricks else None

    def finished_trick(self, won: TrickWon, view: PentagrammiView, ctx: Context) -> Trick | None:
        if not isinstance(won, PentagrammiTrickWon) or won.winner is None:
            return super().finished_trick(won, view, ctx)
        plays = tuple(
            TrickPlay(seat, ctx.name(seat) if seat is not None else "", (card,), seat == won.winner)
            for seat, card in zip(won.played_by, won.cards, strict=True)
        )
        return Trick(True, plays, self.scorers_sentence(won, ctx))

    def scorers_sentence(self, won: PentagrammiTrickWon, ctx: Context) -> str:
        assert won.winner is not None
        others = [s for s in won.scorers if s != won.winner]
        return ctx.said("pg_trick_scores", won.winner, others=ctx.seats(others))

    def sentences(self, event: Event, view: PentagrammiView, ctx: Context) -> list[str]:
        if isinstance(event, PentagrammiTrickWon):
            assert event.winner is not None
            others = [s for s in event.scorers if s != event.winner]
            return [
                ctx.said(
                    "pg_ev_trick",
                    event.winner,
                    cards=ctx.cards(event.cards),
                    others=ctx.seats(others),
                )
            ]
        if isinstance(event, PlayStarted):
            return [ctx.said("ev_play_started", event.leader, leader=ctx.name(event.leader))]
        return super().sentences(event, view, ctx)

    def deal_summary(self, event: DealScored, view: PentagrammiView, ctx: Context) -> Summary:
        """The figures come from the event, never from the view: by the time a deal is
        scored the view already shows the next deal (its history empty)."""
        if not isinstance(event, PentagrammiDealScored):
            return super().deal_summary(event, view, ctx)
        won, shares = event.tricks, event.shares
        return Summary(
            kind="deal",
            title=ctx.t("summary_deal_title", deal=event.deal),
            columns=self.columns(view, ctx),
            rows=(
                SummaryRow(ctx.t("pg_summary_tricks"), self.cells(won, ctx)),
                SummaryRow(ctx.t("pg_summary_shares"), self.cells(shares, ctx)),
                SummaryRow(ctx.t("summary_this_deal"), self.cells(event.scores, ctx)),
                SummaryRow(ctx.t("summary_total"), self.cells(event.totals, ctx)),
            ),
            lines=(ctx.t("pg_summary_rule"),),
        )

    def tie_sentence(self, view: PentagrammiView, ctx: Context) -> str:
        """Equal top totals are broken by the last deal's cards (the rules' "Ties"): say
        who was tied, who won the tie-break and on which step, or that they share."""
        result = view.result
        assert result is not None
        top = max(result.scores)
        tied = [s for s, v in enumerate(result.scores) if v == top]
        if len(tied) < 2:
            return ""
        winners = list(result.winners)
        score = ctx.number(top)
        if len(winners) == len(tied):
            return ctx.t("pg_tie_shared", seats=ctx.seats(tied), score=score)
        keys = _tiebreak_keys(result.details.get("tiebreak"))
        step = "rule"
        if keys is not None:
            left = tied
            for i, name in enumerate(("spades", "H", "D", "C")):
                best = min(keys[s][i] for s in left)
                left = [s for s in left if keys[s][i] == best]
                if set(left) == set(winners):
                    step = name
                    break
        return ctx.t(
            "pg_tie_broken",
            seats=ctx.seats(tied),
            score=score,
            winner=ctx.seats(winners, mid=True),
            why=ctx.t(f"pg_tie_{step}"),
        )

    def sheet(self, view: PentagrammiView) -> list[tuple[float, ...]]:
        return [tuple(row) for row in view.table.deal_points]


def _tiebreak_keys(described: object) -> list[tuple[int, int, int, int]] | None:
    """The tie-break keys of the result's details (fewest spades, lowest heart, diamond,
    club; a missing suit counts as worse than any card), or ``None`` if they are absent."""
    if not isinstance(described, list):
        return None
    out = []
    for d in described:
        if not isinstance(d, dict):
            return None
        ranks = [
            parse_card(c).rank if isinstance(c, str) else 99
            for c in (d.get("lowest_heart"), d.get("lowest_diamond"), d.get("lowest_club"))
        ]
        out.append((int(d.get("spades", 0)), ranks[0], ranks[1], ranks[2]))
    return out


PRESENTER = PentagrammiPresenter()

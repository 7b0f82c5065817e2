"""Guandan in words: the level and its wild cards, the teams' levels, tribute and return,
the play to beat with its reading, who has gone out, and the levels each deal gains.

Readings are said the way players say them (``pair of 7s``, ``straight 3 to 7``, ``bomb of
four 9s``; in Finnish ``seiskapari``, ``suora 3–7``, ``neljän ysin pommi``), teams by
their members (``You and Bot 2``), levels as ``level 7``.  The view keeps the trick in
progress, the last finished trick and the score sheet of the match, so everything here is
read from the view and the events just told.
"""

from __future__ import annotations

from collections.abc import Sequence

from pakka.cards import HEARTS, JOKER_SUIT, Card
from pakka.engine import Action
from pakka.events import Committed, DealScored, Event, MatchOver, TrickWon
from pakka.games.guandan import (
    LEVELS,
    AFailed,
    AntiTribute,
    CardReturned,
    Finished,
    GuandanCardsPlayed,
    GuandanDealScored,
    GuandanDealStarted,
    GuandanTrickWon,
    GuandanView,
    Passed,
    Play,
    Return,
    TributePaid,
)
from pakka.games.guandan.combos import level_rank
from pakka.present.base import Context, Presenter
from pakka.present.values import Badge, Fact, Series, Summary, SummaryRow, Trick, TrickPlay

__all__ = ["PRESENTER", "GuandanPresenter", "combo_words"]

WARN_CARDS = 10
"""A seat with this many cards or fewer gets a warning badge (it may go out soon)."""

_SEQUENCES = ("straight", "straight_flush", "tube", "plate")


def combo_words(combo: str, key: str, ctx: Context) -> str:
    """A reading in words: ``pair of 7s``, ``straight 3 to 7``, ``bomb of four 9s``.

    Each template takes the forms its language needs (the Finnish bomb is ``neljän ysin
    pommi``, with the genitives)."""
    if combo == "single":
        return ctx.t("gd_combo_single", rank=ctx.t(f"gd_rank_{key}"))
    if combo == "pair":
        return ctx.t(f"gd_pair_{key}")
    if combo in ("triple", "full_house"):
        ranks = ctx.t(f"gd_ranks_{key}")
        return ctx.t(f"gd_combo_{combo}", ranks=ranks, ranks_gen=ctx.t(f"gd_ranks_gen_{key}"))
    if combo in _SEQUENCES:
        low, _, high = key.partition("-")
        return ctx.t(f"gd_combo_{combo}", range=ctx.t("gd_range", low=low, high=high))
    if combo == "bomb":
        size, _, rank = key.partition("x")
        return ctx.t(
            "gd_combo_bomb",
            n=ctx.t(f"gd_n_{size}"),
            n_gen=ctx.t(f"gd_n_gen_{size}"),
            ranks=ctx.t(f"gd_ranks_{rank}"),
            rank_gen=ctx.t(f"gd_rank_gen_{rank}"),
        )
    return ctx.t("gd_combo_joker_bomb")


_RANK_OF = {**{str(r): r for r in range(2, 11)}, "J": 11, "Q": 12, "K": 13, "A": 14}


def in_reading_order(play: GuandanCardsPlayed) -> tuple[Card, ...]:
    """A sequence's cards in the order the combination reads (issue 28: the tube "A to 3"
    was drawn 2 2 3 3 A A): each rank of the window low to high, a low ace first, the wild
    cards in the places they fill.  Other plays keep their order."""
    if play.combo not in _SEQUENCES:
        return tuple(play.cards)
    low_label, _, high_label = play.key.partition("-")
    low = 1 if low_label == "A" else _RANK_OF.get(low_label, 0)
    high = _RANK_OF.get(high_label, 0)
    window = list(range(low, high + 1))
    if not window or len(play.cards) % len(window):
        return tuple(play.cards)
    each = len(play.cards) // len(window)
    slots: dict[int, list[Card]] = {r: [] for r in window}
    spare: list[Card] = []
    for card in play.cards:
        rank = 1 if card.rank == 14 and low == 1 else card.rank
        if card.suit != JOKER_SUIT and rank in slots and len(slots[rank]) < each:
            slots[rank].append(card)
        else:
            spare.append(card)  # a wild card standing in for a missing one
    for r in window:
        while len(slots[r]) < each and spare:
            slots[r].append(spare.pop(0))
    return tuple(c for r in window for c in slots[r]) + tuple(spare)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class GuandanPresenter(Presenter[GuandanView]):
    # --- words for seats, teams and places --------------------------------------------

    def mid(self, seat: int, ctx: Context) -> str:
        """A seat's name inside a sentence or a list ("you", not "You")."""
        return ctx.t("gd_you_mid") if seat == ctx.me else ctx.names(seat)

    def team_of(self, seat: int, ctx: Context) -> tuple[int, ...]:
        return next(team for team in ctx.info.teams if seat in team)

    def team_label(self, team: Sequence[int], ctx: Context) -> str:
        """A team by its members: ``You and Bot 2`` (the viewer first), ``Bot 1 and Bot 3``."""
        me = ctx.me
        if me is not None and me in team:
            partner = next(s for s in team if s != me)
            return ctx.t("gd_team_you", partner=ctx.names(partner))
        a, b = team
        return ctx.t("list_and", items=ctx.names(a), last=ctx.names(b))

    def team_said(self, key: str, team: Sequence[int], ctx: Context, **fmt: object) -> str:
        """Message ``key`` about a team (``{team}``); ``<key>_you`` with ``{partner}`` when
        the viewer is in it (the verb agrees with "you and …")."""
        me = ctx.me
        if me is not None and me in team:
            partner = next(s for s in team if s != me)
            return ctx.t(f"{key}_you", partner=ctx.names(partner), **fmt)
        return ctx.t(key, team=self.team_label(team, ctx), **fmt)

    def teams_in_order(self, ctx: Context) -> list[tuple[int, ...]]:
        """The two teams, the viewer's first."""
        teams = [tuple(team) for team in ctx.info.teams]
        if ctx.me is not None and ctx.me in teams[1]:
            teams.reverse()
        return teams

    def place(self, place: int, ctx: Context) -> str:
        return ctx.t(f"gd_place_{place}")

    def order_text(self, order: Sequence[int], ctx: Context) -> str:
        """``1st Bot 2, 2nd you, 3rd Bot 1, 4th Bot 3``."""
        return ", ".join(
            ctx.t("gd_placed", place=self.place(i, ctx), seat=self.mid(s, ctx))
            for i, s in enumerate(order, 1)
        )

    def level(self, level: str, ctx: Context) -> str:
        return ctx.t("gd_level_n", level=level)

    def reading(self, play: GuandanCardsPlayed, ctx: Context) -> str:
        return combo_words(play.combo, play.key, ctx)

    # --- the table ------------------------------------------------------------------

    def phase_word(self, view: GuandanView, ctx: Context) -> str:
        phase = super().phase_word(view, ctx)
        level = self.level(view.table.level, ctx)
        return f"{level} · {phase}" if phase else level

    def your_turn(self, view: GuandanView, ctx: Context) -> str:
        table = view.table
        if view.phase == "return":
            paid = next((p for p in table.tribute if p.to == ctx.me), None)
            if paid is None:
                return ctx.t("your_turn")
            lv = level_rank(table.level)
            hand = view.hand or ()
            fmt = {"seat": ctx.name(paid.seat), "card": ctx.card(paid.card)}
            if not any(not c.is_joker and 2 <= c.rank <= 10 and c.rank != lv for c in hand):
                return ctx.t("gd_prompt_return_low", **fmt)
            if lv <= 10:
                ranks = ctx.t(f"gd_ranks_{table.level}")
                return ctx.t("gd_prompt_return_level", level=table.level, ranks=ranks, **fmt)
            return ctx.t("gd_prompt_return", **fmt)
        top = table.top
        if top is None:
            return ctx.t("gd_prompt_lead")
        return ctx.t("gd_prompt_beat", seat=ctx.name(top.seat), combo=self.reading(top, ctx))

    def waiting(self, view: GuandanView, ctx: Context) -> str:
        table = view.table
        if view.phase == "return":
            receivers = sorted(s for s in view.to_act if s != ctx.me)
            payer = {p.to: p.seat for p in table.tribute}
            if len(receivers) == 1 and receivers[0] in payer:
                seat = receivers[0]
                if payer[seat] == ctx.me:
                    return ctx.t("gd_wait_return_to_you", seat=ctx.name(seat))
                return ctx.t("gd_wait_return", seat=ctx.name(seat), to=ctx.name(payer[seat]))
            if receivers:
                return ctx.t("gd_wait_returns", seats=ctx.seats(receivers))
        me = ctx.me
        if me is not None and view.phase == "play" and me in table.finish_order:
            others = [s for s in view.to_act if s != me]
            if others:
                place = table.finish_order.index(me) + 1
                return ctx.t("gd_wait_out", ord=ctx.t(f"gd_ord_{place}"), seats=ctx.seats(others))
        return super().waiting(view, ctx)

    def winners_sentence(self, winners: Sequence[int], ctx: Context) -> str:
        if not winners:
            return super().winners_sentence(winners, ctx)
        return self.team_said("gd_ev_match", self.team_of(winners[0], ctx), ctx)

    def standing_title(self, ctx: Context) -> str:
        return ctx.t("gd_levels_title")

    def score_text(self, view: GuandanView, seat: int, ctx: Context) -> str:
        return self.level(view.table.levels[seat % 2], ctx)

    def badges(self, view: GuandanView, seat: int, ctx: Context) -> list[Badge]:
        table = view.table
        player = view.players[seat]
        out = super().badges(view, seat, ctx)
        if player.place is not None:
            place = self.place(player.place, ctx)
            out.append(Badge("place", ctx.t("gd_badge_place", place=place), tone="good"))
        elif view.phase == "play" and player.cards == 1:
            out.append(Badge("cards_left", ctx.t("gd_badge_last_card"), tone="warn"))
        elif view.phase == "play" and 0 < player.cards <= WARN_CARDS:
            out.append(
                Badge("cards_left", ctx.t("gd_badge_cards_left", n=player.cards), tone="warn")
            )
        if view.phase == "return":
            if player.committed:
                out.append(Badge("committed", ctx.t("gd_badge_returned"), tone="good"))
            elif seat in view.to_act:
                out.append(Badge("to_return", ctx.t("gd_badge_returns")))
            if seat == table.leader:
                out.append(Badge("leader", ctx.t("gd_badge_leads"), tone="muted"))
        latest = self.latest_in_trick(view).get(seat)
        if isinstance(latest, GuandanCardsPlayed):
            holds = latest == table.top
            text = self.reading(latest, ctx)
            out.append(Badge("play", text, latest.cards, "good" if holds else "info"))
        elif isinstance(latest, Passed):
            out.append(Badge("passed", ctx.t("gd_badge_passed"), tone="muted"))
        if player.known:
            out.append(Badge("known", ctx.t("gd_badge_known"), player.known))
        return out

    def facts(self, view: GuandanView, ctx: Context) -> list[Fact]:
        table = view.table
        out = [
            Fact("level", ctx.t("gd_fact_level"), self.level_text(view, ctx)),
            Fact("wild", ctx.t("gd_fact_wild"), ctx.cards(self.wild(view)), self.wild(view)),
        ]
        for team in self.teams_in_order(ctx):
            t = team[0] % 2
            level = table.levels[t]
            limit = view.options.a_fail_limit
            text = (
                ctx.t("gd_level_fails", level=level, n=table.a_fails[t], limit=limit)
                if limit and table.a_fails[t]
                else self.level(level, ctx)
            )
            out.append(Fact("team", self.team_label(team, ctx), text))
        if table.finish_order:
            out.append(Fact("out", ctx.t("gd_fact_out"), self.order_text(table.finish_order, ctx)))
        if view.phase == "return" or not view.history:
            out += self.tribute_facts(view, ctx)
        return out

    def level_text(self, view: GuandanView, ctx: Context) -> str:
        table = view.table
        if table.owner is None:
            return ctx.t("gd_level_first", level=table.level)
        team = ctx.info.teams[table.owner]
        if ctx.me is not None and ctx.me in team:
            return ctx.t("gd_level_owner_you", level=table.level)
        return ctx.t("gd_level_owner", level=table.level, team=self.team_label(team, ctx))

    def tribute_facts(self, view: GuandanView, ctx: Context) -> list[Fact]:
        """The last deal's order, the tribute (or why there is none) and the returns."""
        table = view.table
        out: list[Fact] = []
        if table.prev_finish_order:
            order = self.order_text(table.prev_finish_order, ctx)
            out.append(Fact("last_deal", ctx.t("gd_fact_prev"), order))
        if table.anti_tribute:
            why = _cap(self.anti_text(table.red_joker_holders, ctx))
            jokers = tuple(
                c for s in sorted(set(table.red_joker_holders)) for c in view.players[s].known
            )
            out.append(Fact("anti_tribute", ctx.t("gd_fact_anti"), why, jokers, tone="good"))
        for paid in table.tribute:
            text = self.moved("gd_tribute", paid.seat, paid.to, paid.card, ctx)
            out.append(Fact("tribute", ctx.t("gd_fact_tribute"), text, (paid.card,)))
        for back in table.returns:
            text = self.moved("gd_returned", back.seat, back.to, back.card, ctx)
            out.append(Fact("return", ctx.t("gd_fact_return"), text, (back.card,)))
        if table.my_return is not None:
            to = next((p.seat for p in table.tribute if p.to == ctx.me), None)
            text = (
                table.my_return.pretty()
                if to is None
                else ctx.t("gd_my_return", card=ctx.card(table.my_return), seat=ctx.name(to))
            )
            out.append(Fact("my_return", ctx.t("gd_fact_my_return"), text, (table.my_return,)))
        return out

    def moved(self, key: str, seat: int, to: int, card: Card, ctx: Context) -> str:
        """A card given from ``seat`` to ``to`` (``<key>_you`` / ``<key>_to_you``)."""
        if to == ctx.me:
            return ctx.t(f"{key}_to_you", seat=ctx.name(seat), card=ctx.card(card))
        return ctx.said(key, seat, to=ctx.name(to), card=ctx.card(card))

    def anti_text(self, holders: Sequence[int], ctx: Context) -> str:
        """Who holds the red jokers that cancel the tribute (starts in lower case)."""
        seats = sorted(set(holders))
        if len(seats) == 1:
            return ctx.said("gd_anti_one", seats[0])
        if ctx.me in seats:
            other = next(s for s in seats if s != ctx.me)
            return ctx.t("gd_anti_two_you", seat=ctx.name(other))
        return ctx.t("gd_anti_two", seats=ctx.seats(seats))

    # --- the trick ------------------------------------------------------------------

    def latest_in_trick(self, view: GuandanView) -> dict[int, GuandanCardsPlayed | Passed]:
        """Each seat's latest play or pass in the trick in progress, in the order made."""
        latest: dict[int, GuandanCardsPlayed | Passed] = {}
        for event in view.table.trick:
            latest.pop(event.seat, None)
            latest[event.seat] = event
        return latest

    def trick(self, view: GuandanView, ctx: Context) -> Trick | None:
        table = view.table
        if not table.trick:
            return self.table_trick(view, ctx, latest_only=True)
        plays = []
        for seat, event in self.latest_in_trick(view).items():
            if isinstance(event, GuandanCardsPlayed):
                holds = event == table.top
                plays.append(
                    TrickPlay(
                        seat,
                        ctx.name(seat),
                        in_reading_order(event),
                        holds,
                        self.reading(event, ctx),
                    )
                )
            else:
                plays.append(TrickPlay(seat, ctx.name(seat), (), False, ctx.t("gd_badge_passed")))
        top = table.top
        caption = (
            ""
            if top is None
            else ctx.said("gd_trick_holds", top.seat, combo=self.reading(top, ctx))
        )
        return Trick(False, tuple(plays), caption)

    def last_trick(self, view: GuandanView, ctx: Context) -> Trick | None:
        return self.table_trick(view, ctx, latest_only=False)

    def finished_trick(self, won: TrickWon, view: GuandanView, ctx: Context) -> Trick | None:
        """The trick just taken, as it lies on the table (each seat's last play)."""
        return self.table_trick(view, ctx, latest_only=True)

    def table_trick(self, view: GuandanView, ctx: Context, latest_only: bool) -> Trick | None:
        """The deal's last finished trick, the play that took it marked; ``latest_only``:
        each seat's last play only (to show in front of the seats)."""
        table = view.table
        plays = list(table.last_trick)
        if not plays:
            return None
        won = plays[-1]
        if latest_only:
            by_seat = {p.seat: p for p in plays}
            plays = [p for p in plays if by_seat[p.seat] is p]
        shown = tuple(
            TrickPlay(p.seat, ctx.name(p.seat), in_reading_order(p), p is won, self.reading(p, ctx))
            for p in plays
        )
        caption = [ctx.said("gd_trick_took", won.seat, combo=self.reading(won, ctx))]
        leader = self.next_leader(view)
        if leader is not None and leader != won.seat:
            caption.append(self.lead_sentence(won.seat, leader, ctx))
        return Trick(True, shown, " · ".join(caption))

    def next_leader(self, view: GuandanView) -> int | None:
        """Who led (or leads) the trick after the last finished one."""
        if view.result is not None or view.phase != "play":
            return None
        if view.table.trick:
            return view.table.trick[0].seat
        return view.table.turn

    def lead_sentence(self, winner: int, leader: int, ctx: Context) -> str:
        """Jiefeng: the winner went out, so its partner (or the next player) leads."""
        key = "gd_lead_partner" if leader == (winner + 2) % 4 else "gd_lead_next"
        return ctx.said(key, leader)

    def hand(self, view: GuandanView) -> tuple[Card, ...]:
        """2 … A, then the level's cards (the wild hearts last), then the jokers."""
        lv = level_rank(view.table.level)
        suits = "SHDC"

        def order(card: Card) -> tuple[int, int, int]:
            if card.suit == JOKER_SUIT:
                return (2, card.rank, 0)
            if card.rank == lv:
                return (1, int(card.suit == HEARTS), suits.index(card.suit))
            return (0, card.rank, suits.index(card.suit))

        return tuple(sorted(view.hand or (), key=order))

    def wild(self, view: GuandanView) -> tuple[Card, ...]:
        return (Card(HEARTS, level_rank(view.table.level)),)

    def confirm_question(self, action: Action, view: GuandanView, ctx: Context) -> str:
        """A return card is confirmed before it goes (the rules: "palautuskortit vaativat
        vahvistuksen")."""
        if not isinstance(action, Return):
            return ""
        to = next((p.seat for p in view.table.tribute if p.to == ctx.me), None)
        if to is None:
            return ctx.t("gd_confirm_return_plain", card=ctx.card(action.card))
        return ctx.t("gd_confirm_return", card=ctx.card(action.card), seat=ctx.name(to))

    def action_label(self, action: Action, view: GuandanView, ctx: Context) -> str:
        if isinstance(action, Play):
            if action.combo is None:
                return ctx.t("act_pass")
            words = combo_words(action.combo.type, action.combo.key, ctx)
            return f"{ctx.cards(action.cards)} · {words}"
        if isinstance(action, Return):
            to = next((p.seat for p in view.table.tribute if p.to == ctx.me), None)
            if to is None:
                return ctx.t("act_return") + " " + action.card.pretty()
            return ctx.t("gd_act_return", card=ctx.card(action.card), seat=ctx.name(to))
        return super().action_label(action, view, ctx)

    # --- events ---------------------------------------------------------------------

    def sentences(self, event: Event, view: GuandanView, ctx: Context) -> list[str]:
        if isinstance(event, GuandanDealStarted):
            wild = Card(HEARTS, level_rank(event.level)).pretty()
            out = [ctx.t("gd_ev_deal", deal=event.deal, level=event.level, wild=wild)]
            if event.deal == 1:  # later deals: once the tribute is settled
                out.append(ctx.said("gd_ev_leader", event.leader))
            return out
        if isinstance(event, AntiTribute):
            return [
                ctx.t("gd_ev_anti", why=self.anti_text(event.holders, ctx)),
                ctx.said("gd_ev_leader", view.table.leader),
            ]
        if isinstance(event, TributePaid):
            return [self.moved("gd_ev_tribute", event.seat, event.to, event.card, ctx)]
        if isinstance(event, Committed):
            return [ctx.said("gd_ev_committed", event.seat)]
        if isinstance(event, CardReturned):
            out = [self.moved("gd_ev_returned", event.seat, event.to, event.card, ctx)]
            if view.table.returns and event == view.table.returns[-1]:  # all are in
                out.append(ctx.said("gd_ev_leader", view.table.leader))
            return out
        if isinstance(event, GuandanCardsPlayed):
            cards = ctx.cards(event.cards)
            return [ctx.said("gd_ev_play", event.seat, cards=cards, combo=self.reading(event, ctx))]
        if isinstance(event, Passed):
            return [ctx.said("ev_pass", event.seat)]
        if isinstance(event, Finished):
            return [ctx.said("gd_ev_out", event.seat, ord=ctx.t(f"gd_ord_{event.place}"))]
        if isinstance(event, GuandanTrickWon):
            assert event.winner is not None
            out = [ctx.said("gd_ev_trick", event.winner)]
            if event.leader != event.winner:
                out.append(self.lead_sentence(event.winner, event.leader, ctx))
            return out
        if isinstance(event, GuandanDealScored):
            return [self.deal_sentence(event, view, ctx)]
        if isinstance(event, AFailed):
            return [self.a_failed_sentence(ctx.info.teams[event.team], view, ctx)]
        if isinstance(event, MatchOver):
            return [self.winners_sentence(event.winners, ctx)]
        return super().sentences(event, view, ctx)

    def a_failed_sentence(self, team: Sequence[int], view: GuandanView, ctx: Context) -> str:
        return self.team_said("gd_ev_a_failed", team, ctx, n=view.options.a_fail_limit)

    def deal_sentence(self, event: GuandanDealScored, view: GuandanView, ctx: Context) -> str:
        """Which team won the deal and what it did to its level."""
        first = event.finish_order[0]
        team = self.team_of(first, ctx)
        old, new = self.before(event, first), event.levels[first % 2]
        if self.ended_match(event, view):
            return self.team_said("gd_ev_deal_final", team, ctx)
        if event.scores[first] > 0:
            return self.team_said("gd_ev_deal_up", team, ctx, old=old, new=new)
        if event.scores[first] < 0:
            return self.team_said("gd_ev_deal_back", team, ctx, new=new)
        return self.team_said("gd_ev_deal_stay", team, ctx, old=old)

    def before(self, event: GuandanDealScored, seat: int) -> str:
        """The level of ``seat``'s team when the deal began."""
        return LEVELS[int(event.totals[seat] - event.scores[seat]) - 2]

    def ended_match(self, event: GuandanDealScored, view: GuandanView) -> bool:
        sheet = view.table.sheet
        return view.result is not None and bool(sheet) and sheet[-1].deal == event.deal

    # --- summaries ------------------------------------------------------------------

    def deal_summary(self, event: DealScored, view: GuandanView, ctx: Context) -> Summary:
        """Finish order, the levels each team had, gained and has now, and who owes
        tribute in the next deal."""
        if not isinstance(event, GuandanDealScored):
            return super().deal_summary(event, view, ctx)
        teams = self.teams_in_order(ctx)
        order = event.finish_order
        rows = (
            SummaryRow(
                ctx.t("gd_sum_places"),
                tuple(
                    ", ".join(self.place(p, ctx) for p in sorted(order.index(s) + 1 for s in team))
                    for team in teams
                ),
            ),
            SummaryRow(
                ctx.t("gd_sum_before"), tuple(self.before(event, team[0]) for team in teams)
            ),
            SummaryRow(
                ctx.t("gd_sum_change"),
                tuple(
                    f"{event.scores[team[0]]:+g}" if event.scores[team[0]] else "±0"
                    for team in teams
                ),
            ),
            SummaryRow(ctx.t("gd_sum_after"), tuple(event.levels[team[0] % 2] for team in teams)),
        )
        lines = [
            ctx.t("gd_sum_order", order=self.order_text(order, ctx)),
            self.deal_sentence(event, view, ctx),
        ]
        winner_team = order[0] % 2
        for team in ctx.info.teams:
            if event.scores[team[0]] < 0:  # only a team sent back from A loses levels
                lines.append(self.a_failed_sentence(team, view, ctx))
        if self.ended_match(event, view):
            assert view.result is not None
            lines.append(self.winners_sentence(view.result.winners, ctx))
        else:
            lines.append(ctx.t("gd_sum_next_level", level=event.levels[winner_team]))
            lines.append(self.tribute_owed(order, ctx))
        return Summary(
            kind="deal",
            title=ctx.t("summary_deal_title", deal=event.deal),
            columns=tuple(self.team_label(team, ctx) for team in teams),
            rows=rows,
            lines=tuple(lines),
        )

    def tribute_owed(self, order: Sequence[int], ctx: Context) -> str:
        """Who pays tribute in the next deal by this finish order (red jokers may cancel it,
        which only the next deal's hands tell)."""
        first, second = order[0], (order[0] + 2) % 4
        me = ctx.me
        if order[1] != second:
            last = order[3]
            if first == me:
                return ctx.t("gd_sum_tribute_to_you", seat=ctx.name(last))
            return ctx.said("gd_sum_tribute", last, to=ctx.name(first))
        payers = sorted(order[2:])
        fmt = {"first": ctx.name(first), "second": ctx.name(second)}
        if me is not None and me in payers:
            partner = next(s for s in payers if s != me)
            return ctx.t("gd_sum_double_you", partner=ctx.name(partner), **fmt)
        seats = ctx.seats(payers)
        if me == first:
            return ctx.t("gd_sum_double_first_you", payers=seats, second=fmt["second"])
        if me == second:
            return ctx.t("gd_sum_double_second_you", payers=seats, first=fmt["first"])
        return ctx.t("gd_sum_double", payers=seats, **fmt)

    def columns(self, view: GuandanView, ctx: Context) -> tuple[str, ...]:
        """The score sheet's columns: the deal's level, its finish order, each team."""
        return (
            ctx.t("gd_col_level"),
            ctx.t("gd_col_order"),
            *(self.team_label(team, ctx) for team in self.teams_in_order(ctx)),
        )

    def sheet(self, view: GuandanView) -> list[tuple[float, ...]]:
        """Each finished deal's level change per seat."""
        return [tuple(e.scores) for e in view.table.sheet]

    def sheet_rows(self, view: GuandanView, ctx: Context) -> list[SummaryRow]:
        """One row per finished deal: its level, the finish order, each team's level after."""
        teams = self.teams_in_order(ctx)
        return [
            SummaryRow(
                ctx.t("summary_deal_n", deal=e.deal),
                (
                    e.level,
                    ", ".join(self.mid(s, ctx) for s in e.finish_order),
                    *(e.levels[team[0] % 2] for team in teams),
                ),
            )
            for e in view.table.sheet
        ]

    def levels_row(self, key: str, view: GuandanView, ctx: Context) -> SummaryRow:
        teams = self.teams_in_order(ctx)
        return SummaryRow(ctx.t(key), ("", "", *(view.table.levels[team[0] % 2] for team in teams)))

    def running_sheet(self, view: GuandanView, ctx: Context) -> Summary | None:
        rows = self.sheet_rows(view, ctx)
        if not rows:
            return None
        rows.append(self.levels_row("gd_sum_levels_now", view, ctx))
        return Summary("match", ctx.t("sheet_title"), self.columns(view, ctx), tuple(rows), ())

    def match_summary(self, view: GuandanView, ctx: Context) -> Summary:
        assert view.result is not None
        rows = self.sheet_rows(view, ctx)
        rows.append(self.levels_row("gd_sum_final_levels", view, ctx))
        return Summary(
            kind="match",
            title=ctx.t("summary_match_title"),
            columns=self.columns(view, ctx),
            rows=tuple(rows),
            lines=(self.winners_sentence(view.result.winners, ctx),),
            chart=self.chart(self.sheet(view), view, ctx),
        )

    def chart(
        self, sheet: Sequence[Sequence[float]], view: GuandanView, ctx: Context
    ) -> tuple[Series, ...]:
        """Each seat's team level (2 … 14, A = 14) after every deal."""
        deals = view.table.sheet
        if not deals:
            return ()
        return tuple(
            Series(ctx.name(seat), seat, tuple(float(e.totals[seat]) for e in deals))
            for seat in range(view.players_count)
        )


PRESENTER = GuandanPresenter()

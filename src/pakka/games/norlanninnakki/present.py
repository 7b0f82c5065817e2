"""Norlanninnakki in words: knock or lurk, in or rest, the buy, five tricks, the forest.

Scores count down from 10 (lower is better), so a seat's standing is "7 points left".  The
turned trump is shown face up with the dealer while he holds it (a badge by his seat and the
trump fact carry the card) and is part of the dealer's own hand, so he can discard or play
it.  Forced trump is told in words with what it forces (and, in permissive mode, what
breaking it costs).  The deal summary reads the deal's score event, which carries what
every seat said, its tricks, who went to the forest and who broke forced trump (the view
has moved on to the next deal by then); the score sheet is the view's ``sheet``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pakka.cards import ACE, Card
from pakka.engine import Action
from pakka.events import DealScored, Event, MatchOver, TrickWon
from pakka.games.norlanninnakki import (
    TRICKS,
    Bid,
    BidMade,
    Bought,
    CardsDrawn,
    Declared,
    Discard,
    LoneKnocker,
    NorlanninnakkiCardsPlayed,
    NorlanninnakkiDealScored,
    NorlanninnakkiDealStarted,
    NorlanninnakkiTrickWon,
    NorlanninnakkiView,
    Play,
    RestDealt,
    ThrownIn,
    legal_cards,
    trick_winner,
)
from pakka.present.base import Context, Presenter
from pakka.present.values import Badge, Fact, Series, Summary, SummaryRow, Tone, Trick, TrickPlay

__all__ = ["PRESENTER", "NorlanninnakkiPresenter"]


def _tricks(view: NorlanninnakkiView) -> list[NorlanninnakkiTrickWon]:
    """This deal's finished tricks, in order."""
    return [e for e in view.history if isinstance(e, NorlanninnakkiTrickWon)]


def _obliged(scored: NorlanninnakkiDealScored, seat: int) -> bool:
    """The seat had to take a trick in that deal: it knocked, or came in after a knock."""
    return scored.bids[seat] == "knock" or scored.declarations[seat] == "in"


def _active(scored: NorlanninnakkiDealScored, seat: int) -> bool:
    """The seat played that deal: everyone in the first deal, later the knocker and those
    who came in."""
    return scored.deal == 1 or _obliged(scored, seat)


class NorlanninnakkiPresenter(Presenter[NorlanninnakkiView]):
    """Norlanninnakki's prompts, badges, facts, tricks, sentences and summaries."""

    # --- small words ------------------------------------------------------------------------

    def suit(self, suit: str, ctx: Context) -> str:
        return ctx.t(f"suit_{suit}")

    def points_left(self, score: float, ctx: Context) -> str:
        """A countdown score in words: ``7 points left``, ``reached 0``, ``-2: below 0``."""
        if score > 0:
            return ctx.count("nk_score_left", int(score))
        if score == 0:
            return ctx.t("nk_score_zero")
        return ctx.t("nk_score_below", n=ctx.number(score))

    def tricks(self, n: int, ctx: Context) -> str:
        return ctx.count("nk_n_tricks", n)

    def chips(self, n: float, ctx: Context) -> str:
        """Chips in words (a shared pot may split into fractions)."""
        if float(n).is_integer():
            return ctx.count("nk_n_chips", int(n))
        return ctx.t("nk_n_chips", n=ctx.number(n))

    def seats_mid(self, seats: Sequence[int], ctx: Context) -> str:
        """Seat names joined for the middle of a sentence (``Anna and you``)."""
        names = [ctx.name(s, mid=True) for s in seats]
        if len(names) <= 1:
            return "".join(names)
        return ctx.t("list_and", items=", ".join(names[:-1]), last=names[-1])

    def held(self, view: NorlanninnakkiView) -> list[Card]:
        """Every card the viewer holds, the dealer's face-up trump included."""
        hand = list(view.hand or ())
        table = view.table
        if view.seat is not None and view.seat == table.dealer and table.turned_held:
            hand.append(table.turned)
        return hand

    def one_point(self, view: NorlanninnakkiView) -> list[int]:
        """Seats on exactly 1 point (what puts forced trump in force)."""
        return [s for s, v in enumerate(view.scores) if v == 1]

    # --- the table --------------------------------------------------------------------------

    def phase_word(self, view: NorlanninnakkiView, ctx: Context) -> str:
        word = super().phase_word(view, ctx)
        if view.phase != "play":
            return word
        n = min(len(view.history) + 1, TRICKS)
        return ctx.t("nk_status_trick", phase=word, n=n, total=TRICKS)

    def score_text(self, view: NorlanninnakkiView, seat: int, ctx: Context) -> str:
        return self.points_left(view.scores[seat], ctx)

    def your_turn(self, view: NorlanninnakkiView, ctx: Context) -> str:
        me = ctx.me
        assert me is not None
        if view.phase == "bid":
            return ". ".join(self.bid_prompt(view, me, ctx))
        if view.phase == "declare":
            return ". ".join(self.declare_prompt(view, me, ctx))
        if view.phase == "buy":
            return ". ".join(self.buy_prompt(view, me, ctx))
        parts = self.play_prompt(view, me, ctx)
        player = view.players[me]
        if player.obliged and player.tricks == 0:
            parts.append(ctx.t("nk_prompt_need_trick"))
        return ". ".join(parts)

    def bid_prompt(self, view: NorlanninnakkiView, me: int, ctx: Context) -> list[str]:
        table = view.table
        parts = [ctx.t("nk_prompt_bid_first" if table.first_deal else "nk_prompt_bid")]
        others = [p for p in view.players if p.seat != me]
        if all(p.bid == "lurk" for p in others):
            parts.append(ctx.t("nk_prompt_bid_last"))
        if not table.dealt_all:
            parts.append(ctx.t("nk_prompt_bid_early"))
        return parts

    def declare_prompt(self, view: NorlanninnakkiView, me: int, ctx: Context) -> list[str]:
        table = view.table
        knocker = table.knocker
        assert knocker is not None
        parts = [ctx.t("nk_prompt_declare", seat=ctx.name(knocker))]
        last = (me + 1) % view.players_count == knocker
        if last and not any(p.declaration == "in" for p in view.players):
            parts.append(self.all_rest(view, ctx, "nk_prompt_declare_last"))
        return parts

    def all_rest(self, view: NorlanninnakkiView, ctx: Context, key: str) -> str:
        """What happens if everyone else rests after the knock (``lone_knocker``)."""
        table = view.table
        knocker = table.knocker
        assert knocker is not None
        rule = view.options.lone_knocker
        if rule == "redeal":
            return ctx.said(f"{key}_redeal", table.dealer)
        n = TRICKS if rule == "takes_all" else 1
        return ctx.said(key, knocker, tricks=self.tricks(n, ctx))

    def buy_prompt(self, view: NorlanninnakkiView, me: int, ctx: Context) -> list[str]:
        table = view.table
        held = len(self.held(view))
        if me != table.dealer:
            return [ctx.t("nk_prompt_buy", most=held)]
        parts = [ctx.t("nk_prompt_buy_dealer", most=held)]
        if table.turned_held:
            parts.append(ctx.t("nk_prompt_buy_turned", card=table.turned.pretty()))
        return parts

    def play_prompt(self, view: NorlanninnakkiView, me: int, ctx: Context) -> list[str]:
        table = view.table
        trump = table.trump
        held = self.held(view)
        forced = view.options.forced_trump if table.forced_trump else None
        permissive = view.options.permissive_mode
        trumps = [c for c in held if c.suit == trump]
        if not table.trick:
            ace = Card(trump, ACE)
            if not view.history and ace in held:
                return [ctx.t("nk_prompt_lead_ace", card=ace.pretty())]
            if forced and trumps:
                key = "nk_prompt_lead_forced_permissive" if permissive else "nk_prompt_lead_forced"
                return [ctx.t(key, suit=self.suit(trump, ctx))]
            return [ctx.t("nk_prompt_lead")]
        first = table.trick[0]
        led = first.card.suit
        if any(c.suit == led for c in held):
            return [ctx.t("nk_prompt_follow", seat=ctx.name(first.seat), suit=self.suit(led, ctx))]
        void = ctx.t(f"nk_no_suit_{led}")
        if forced == "lead_and_ruff" and trumps:
            key = "nk_prompt_ruff_forced_permissive" if permissive else "nk_prompt_ruff_forced"
            return [ctx.t(key, void=void, suit=self.suit(trump, ctx))]
        return [ctx.t("nk_prompt_void", void=void)]

    def waiting(self, view: NorlanninnakkiView, ctx: Context) -> str:
        others = [s for s in view.to_act if s != ctx.me]
        if not others:
            return super().waiting(view, ctx)
        key = f"nk_wait_{view.phase}"
        text = ctx.t(key, seats=ctx.seats(others)) if ctx.has(key) else super().waiting(view, ctx)
        me = ctx.me
        if me is not None and view.players[me].declaration == "rest":
            return f"{ctx.t('nk_you_rest')}. {text}"
        return text

    def badges(self, view: NorlanninnakkiView, seat: int, ctx: Context) -> list[Badge]:
        table = view.table
        player = view.players[seat]
        out = super().badges(view, seat, ctx)
        if view.result is not None:
            rank = view.result.ranks[seat]
            tone: Tone = "good" if rank == 1 else "info"
            out.append(Badge("place", ctx.t("nk_badge_place", n=rank), tone=tone))
            if player.forests:
                out.append(self.forest_badge(player.forests, ctx))
            return out
        if table.dealer == seat:
            out.append(Badge("dealer", ctx.t("badge_dealer"), tone="muted"))
            if table.turned_held:
                out.append(Badge("turned", ctx.t("nk_badge_turned"), (table.turned,)))
        if view.phase == "bid" and table.forehand == seat:
            out.append(Badge("forehand", ctx.t("nk_badge_forehand"), tone="muted"))
        if player.bid == "knock":
            out.append(Badge("bid", ctx.t("nk_badge_knocked")))
        elif player.bid == "lurk" and player.declaration is None:
            out.append(Badge("bid", ctx.t("nk_badge_lurked"), tone="muted"))
        if player.declaration == "in":
            out.append(Badge("declaration", ctx.t("nk_badge_in")))
        elif player.declaration == "rest":
            out.append(Badge("declaration", ctx.t("nk_badge_resting"), tone="muted"))
        if view.phase in ("buy", "play") and player.active:
            out += self.deal_badges(view, seat, ctx)
        if player.forests:
            out.append(self.forest_badge(player.forests, ctx))
        return out

    def deal_badges(self, view: NorlanninnakkiView, seat: int, ctx: Context) -> list[Badge]:
        """A playing seat's promise, buy, tricks and a broken forced trump."""
        player = view.players[seat]
        out: list[Badge] = []
        if player.obliged:
            if player.tricks:
                out.append(Badge("obliged", ctx.t("nk_badge_promise_kept"), tone="good"))
            else:
                tone: Tone = "warn" if view.phase == "play" else "info"
                out.append(Badge("obliged", ctx.t("nk_badge_must_take"), tone=tone))
        if player.bought is not None:
            if player.discarded:
                text = ctx.t("nk_badge_bought", out=player.discarded, n=player.bought)
            else:
                text = ctx.t("nk_badge_kept")
            out.append(Badge("bought", text, tone="muted"))
        if view.phase == "play":
            out.append(Badge("tricks", self.tricks(player.tricks, ctx)))
        if player.violated:
            out.append(Badge("violation", ctx.t("nk_badge_violated"), tone="warn"))
        return out

    def forest_badge(self, forests: int, ctx: Context) -> Badge:
        return Badge("forests", ctx.count("nk_badge_forests", forests), tone="muted")

    def facts(self, view: NorlanninnakkiView, ctx: Context) -> list[Fact]:
        table = view.table
        if view.result is not None:
            return [self.pot_fact(view, ctx)]
        out = [self.trump_fact(view, ctx)]
        if table.forced_trump:
            out.append(self.forced_fact(view, ctx))
        if view.phase == "play" and table.trick:
            led = table.trick[0].card.suit
            out.append(Fact("led", ctx.t("fact_led"), self.suit(led, ctx)))
        if table.first_deal and view.phase in ("bid", "buy"):
            out.append(Fact("first_deal", ctx.t("nk_fact_first_deal"), ctx.t("nk_first_deal")))
        if view.phase == "declare" and not any(p.declaration == "in" for p in view.players):
            text = self.all_rest(view, ctx, "nk_if_all_rest")
            out.append(Fact("lone_knocker", ctx.t("nk_fact_all_rest"), text, tone="muted"))
        if not table.dealt_all:
            out.append(Fact("to_come", ctx.t("nk_fact_to_come"), ctx.t("nk_to_come"), tone="muted"))
        if view.options.exact_zero:
            text = ctx.t("nk_exact_zero")
            out.append(Fact("exact_zero", ctx.t("nk_fact_exact_zero"), text, tone="muted"))
        if table.throw_ins:
            text = ctx.count("nk_thrown_times", table.throw_ins)
            out.append(Fact("throw_ins", ctx.t("nk_fact_thrown"), text, tone="muted"))
        mine = table.my_discards
        if mine:
            out.append(Fact("my_discards", ctx.t("nk_fact_discarded"), ctx.cards(mine), mine))
        stock = ctx.count("nk_n_cards", table.stock)
        out.append(Fact("stock", ctx.t("nk_fact_stock"), stock, tone="muted"))
        out.append(self.pot_fact(view, ctx))
        return out

    def trump_fact(self, view: NorlanninnakkiView, ctx: Context) -> Fact:
        """The trump suit; while the dealer holds the turned card, the card itself (face up)."""
        table = view.table
        suit = self.suit(table.trump, ctx)
        label = ctx.t("fact_trump")
        if table.turned_held:
            text = ctx.said("nk_trump_held", table.dealer, suit=suit)
            return Fact("trump", label, text, (table.turned,))
        if table.turned_discarded:
            text = ctx.said(
                "nk_trump_discarded", table.dealer, suit=suit, card=table.turned.pretty()
            )
            return Fact("trump", label, text)
        return Fact("trump", label, suit)

    def forced_fact(self, view: NorlanninnakkiView, ctx: Context) -> Fact:
        """Forced trump: what it forces, why it is in force, and what breaking it costs."""
        opts = view.options
        text = ctx.t(f"nk_forced_{opts.forced_trump}")
        ones = self.one_point(view)
        if ones:
            text += " " + ctx.t("nk_forced_because", seats=self.seats_mid(ones, ctx))
        elif opts.forced_trump_sticky:
            text += " " + ctx.t("nk_forced_sticky")
        if opts.permissive_mode:
            text += "; " + ctx.t("nk_forced_permissive")
        return Fact("forced_trump", ctx.t("nk_fact_forced"), text, tone="warn")

    def pot_fact(self, view: NorlanninnakkiView, ctx: Context) -> Fact:
        label = ctx.t("nk_fact_pot")
        if not view.options.chips:
            return Fact("pot", label, ctx.t("nk_pot_none"), tone="muted")
        return Fact("pot", label, self.chips(view.table.pot, ctx))

    # --- tricks ---------------------------------------------------------------------------

    def violation_note(self, violation: bool, ctx: Context) -> str:
        return ctx.t("nk_note_violation") if violation else ""

    def trick(self, view: NorlanninnakkiView, ctx: Context) -> Trick | None:
        """The trick in progress, the card holding it marked."""
        table = view.table
        if not table.trick:
            return None
        holding = trick_winner([p.card for p in table.trick], table.trump)
        plays = tuple(
            TrickPlay(
                p.seat,
                ctx.name(p.seat),
                (p.card,),
                winner=i == holding,
                note=self.violation_note(p.violation, ctx),
            )
            for i, p in enumerate(table.trick)
        )
        led = self.suit(table.trick[0].card.suit, ctx)
        caption = ctx.said("nk_caption_holds", table.trick[holding].seat, suit=led)
        return Trick(False, plays, caption)

    def last_trick(self, view: NorlanninnakkiView, ctx: Context) -> Trick | None:
        tricks = _tricks(view)
        return self.finished_trick(tricks[-1], view, ctx) if tricks else None

    def finished_trick(self, won: TrickWon, view: NorlanninnakkiView, ctx: Context) -> Trick | None:
        if not isinstance(won, NorlanninnakkiTrickWon) or won.winner is None:
            return super().finished_trick(won, view, ctx)
        winner = won.winner
        plays = tuple(
            TrickPlay(seat, ctx.name(seat), (card,), seat == winner, self.violation_note(v, ctx))
            for seat, card, v in zip(won.played_by, won.cards, won.violations, strict=True)
            if seat is not None
        )
        card = won.cards[won.played_by.index(winner)].pretty()
        taken, obliged = self.taken_so_far(won, view)
        if taken is None:
            return Trick(True, plays, ctx.said("nk_caption_took", winner, card=card))
        caption = ctx.said("nk_caption_took_n", winner, card=card, tricks=self.tricks(taken, ctx))
        if taken == 1 and obliged:
            caption = f"{caption}; {ctx.t('nk_caption_promise')}"
        return Trick(True, plays, caption)

    def taken_so_far(
        self, won: NorlanninnakkiTrickWon, view: NorlanninnakkiView
    ) -> tuple[int | None, bool]:
        """How many tricks the winner of ``won`` had with it, and whether he had promised
        one: from this deal's history, or from the sheet once the deal is scored."""
        winner = won.winner
        assert winner is not None
        history = _tricks(view)
        if won in history:
            upto = history[: history.index(won) + 1]
            return sum(t.winner == winner for t in upto), view.players[winner].obliged
        sheet = view.table.sheet
        if sheet:
            last = sheet[-1]
            return last.tricks[winner], _obliged(last, winner)
        return None, False

    # --- hand and actions -------------------------------------------------------------------

    def hand(self, view: NorlanninnakkiView) -> tuple[Card, ...]:
        """The viewer's cards in suit order, the dealer's face-up trump among them."""
        return tuple(sorted(self.held(view), key=Card.sort_key))

    def action_label(self, action: Action, view: NorlanninnakkiView, ctx: Context) -> str:
        if isinstance(action, Bid):
            if action.bid == "lurk" and view.table.first_deal:
                return ctx.t("nk_act_lurk_first")
            return ctx.t(f"nk_act_{action.bid}")
        if isinstance(action, Discard):
            if not action.cards:
                return ctx.t("act_discard_none")
            drawn = len(action.cards) - (1 if ctx.me == view.table.dealer else 0)
            cards = ctx.cards(action.cards)
            if not drawn:
                return ctx.t("nk_act_discard_no_draw", cards=cards)
            return ctx.t("nk_act_discard", cards=cards, n=drawn)
        if isinstance(action, Play) and self.breaks_forced_trump(action.card, view):
            return ctx.t("nk_act_violation", card=action.card.pretty())
        return super().action_label(action, view, ctx)

    def breaks_forced_trump(self, card: Card, view: NorlanninnakkiView) -> bool:
        """Playing ``card`` now would break forced trump (allowed in permissive mode)."""
        table = view.table
        if not table.forced_trump or not view.options.permissive_mode:
            return False
        strict = legal_cards(
            self.held(view),
            [p.card for p in table.trick],
            table.trump,
            view.options.forced_trump,
            must_lead_trump_ace=not table.trick and not view.history,
        )
        return card not in strict

    # --- events -----------------------------------------------------------------------------

    def sentences(self, event: Event, view: NorlanninnakkiView, ctx: Context) -> list[str]:
        if isinstance(event, BidMade):
            out = [ctx.said(f"nk_ev_{event.bid}", event.seat)]
            if event.bid == "knock" and view.table.first_deal:
                out.append(ctx.t("nk_ev_first_all_play"))
            return out
        if isinstance(event, Declared):
            return [ctx.said(f"nk_ev_{event.declaration}", event.seat)]
        if isinstance(event, LoneKnocker):
            return [ctx.said("nk_ev_lone", event.seat, tricks=self.tricks(event.tricks, ctx))]
        if isinstance(event, ThrownIn):
            return [ctx.said(f"nk_ev_thrown_{event.reason}", event.dealer)]
        if isinstance(event, RestDealt):
            return [ctx.t("nk_ev_rest_dealt", n=event.cards)]
        if isinstance(event, Bought):
            return self.bought_sentences(event, view, ctx)
        if isinstance(event, CardsDrawn):
            return [ctx.t("ev_drew", cards=ctx.cards(event.cards))] if event.cards else []
        if isinstance(event, NorlanninnakkiDealScored):
            return self.scored_sentences(event, view, ctx)
        if isinstance(event, MatchOver):
            return self.match_over_sentences(event, view, ctx)
        out = super().sentences(event, view, ctx)
        if isinstance(event, NorlanninnakkiCardsPlayed) and event.violation:
            out.append(ctx.said("nk_ev_violation", event.seat))
        if isinstance(event, NorlanninnakkiDealStarted):
            out.append(
                ctx.t(
                    "nk_ev_turned",
                    card=event.turned.pretty(),
                    suit=self.suit(event.turned.suit, ctx),
                )
            )
            if event.forced_trump:
                out.append(ctx.t("nk_ev_forced"))
            if event.dealer is not None:
                out.append(ctx.said("nk_ev_forehand", (event.dealer + 1) % view.players_count))
        return out

    def bought_sentences(self, event: Bought, view: NorlanninnakkiView, ctx: Context) -> list[str]:
        if not event.discarded:
            return [ctx.said("nk_ev_kept", event.seat)]
        out = [ctx.said("nk_ev_bought", event.seat, out=event.discarded, n=event.bought)]
        table = view.table
        same_deal = view.phase in ("buy", "play") and event.seat == table.dealer
        if same_deal and table.turned_discarded:
            out.append(ctx.said("nk_ev_turned_discarded", event.seat, card=table.turned.pretty()))
        return out

    def scored_sentences(
        self, event: NorlanninnakkiDealScored, view: NorlanninnakkiView, ctx: Context
    ) -> list[str]:
        items = ", ".join(
            ctx.t(
                "nk_ev_score_item",
                seat=ctx.name(s, mid=True),
                change=f"{change:+g}",
                left=self.points_left(total, ctx),
            )
            for s, (change, total) in enumerate(zip(event.scores, event.totals, strict=True))
            if _active(event, s)
        )
        out = [ctx.t("nk_ev_scored", deal=event.deal, items=items)]
        out += [self.forest_sentence(event, s, ctx) for s in event.forest]
        if event.forest and view.options.chips:
            out.append(ctx.t("nk_ev_pot", chips=self.chips(self.pot_after(event, view), ctx)))
        return out

    def forest_sentence(self, event: NorlanninnakkiDealScored, seat: int, ctx: Context) -> str:
        """Why ``seat`` went to the forest: a broken forced trump, or no trick promised."""
        key = "nk_ev_forest_violation" if seat in event.violated else "nk_ev_forest_no_trick"
        return ctx.said(key, seat)

    def pot_after(self, event: NorlanninnakkiDealScored, view: NorlanninnakkiView) -> int:
        """The chips in the pot after ``event``'s deal: today's pot less the forest chips of
        any later deal on the sheet (the pot only grows)."""
        later = sum(len(e.forest) for e in view.table.sheet if e.deal > event.deal)
        return view.table.pot - later

    def match_over_sentences(
        self, event: MatchOver, view: NorlanninnakkiView, ctx: Context
    ) -> list[str]:
        out = [self.winners_sentence(event.winners, ctx)]
        if view.options.chips:
            pot = self.chips(view.table.pot, ctx)
            if len(event.winners) == 1:
                out.append(ctx.said("nk_ev_pot_won", event.winners[0], chips=pot))
            else:
                seats = self.seats_mid(event.winners, ctx)
                out.append(ctx.t("nk_ev_pot_shared", chips=pot, seats=seats))
        return out

    # --- summaries --------------------------------------------------------------------------

    def said_cell(self, scored: NorlanninnakkiDealScored, seat: int, ctx: Context) -> str:
        """What a seat said in a deal: knocked, lurked, came in or rested ("—": not asked)."""
        declaration = scored.declarations[seat]
        if declaration is not None:
            return ctx.t(f"nk_said_{declaration}")
        bid = scored.bids[seat]
        return "—" if bid is None else ctx.t(f"nk_said_{bid}")

    def forest_cell(self, scored: NorlanninnakkiDealScored, seat: int, ctx: Context) -> str:
        if seat not in scored.forest:
            return "—"
        why = "violation" if seat in scored.violated else "no_trick"
        return ctx.t(f"nk_sum_forest_{why}")

    def deal_summary(self, event: DealScored, view: NorlanninnakkiView, ctx: Context) -> Summary:
        if not isinstance(event, NorlanninnakkiDealScored):
            return super().deal_summary(event, view, ctx)
        seats = range(view.players_count)
        rows = [
            SummaryRow(ctx.t("nk_sum_said"), tuple(self.said_cell(event, s, ctx) for s in seats)),
            SummaryRow(
                ctx.t("nk_sum_promised"),
                tuple(
                    ctx.t("nk_sum_promised_yes" if _obliged(event, s) else "nk_sum_promised_no")
                    if _active(event, s)
                    else "—"
                    for s in seats
                ),
            ),
            SummaryRow(
                ctx.t("nk_sum_tricks"),
                tuple(str(event.tricks[s]) if _active(event, s) else "—" for s in seats),
            ),
            SummaryRow(
                ctx.t("nk_sum_forest"), tuple(self.forest_cell(event, s, ctx) for s in seats)
            ),
            SummaryRow(ctx.t("summary_this_deal"), self.cells(event.scores, ctx, sign=True)),
            SummaryRow(ctx.t("nk_sum_left"), self.cells(event.totals, ctx)),
        ]
        lines: list[str] = []
        if event.lone_knocker:
            knocker = event.bids.index("knock")
            lines.append(
                ctx.said("nk_ev_lone", knocker, tricks=self.tricks(event.tricks[knocker], ctx))
            )
        if event.deal == 1:
            lines.append(ctx.t("nk_sum_first_deal"))
        lines += [self.forest_sentence(event, s, ctx) for s in event.forest]
        if event.forest:
            lines.append(
                ctx.t("nk_sum_forest_rule" if view.options.chips else "nk_sum_forest_rule_no_chips")
            )
        if view.options.chips:
            lines.append(ctx.t("nk_sum_pot", chips=self.chips(self.pot_after(event, view), ctx)))
        return Summary(
            kind="deal",
            title=ctx.t("summary_deal_title", deal=event.deal),
            columns=self.columns(view, ctx),
            rows=tuple(rows),
            lines=tuple(lines),
        )

    def sheet(self, view: NorlanninnakkiView) -> list[tuple[float, ...]]:
        return [tuple(e.scores) for e in view.table.sheet]

    def sheet_rows(self, view: NorlanninnakkiView, ctx: Context) -> list[SummaryRow]:
        """Each scored deal: every seat's new score with its change, rested or forest."""
        return [
            SummaryRow(
                ctx.t("summary_deal_n", deal=e.deal),
                tuple(self.sheet_cell(e, s, ctx) for s in range(view.players_count)),
            )
            for e in view.table.sheet
        ]

    def sheet_cell(self, scored: NorlanninnakkiDealScored, seat: int, ctx: Context) -> str:
        total = ctx.number(scored.totals[seat])
        if not _active(scored, seat):
            return ctx.t("nk_sheet_rested", total=total)
        change = f"{scored.scores[seat]:+g}"
        key = "nk_sheet_forest" if seat in scored.forest else "nk_sheet_cell"
        return ctx.t(key, total=total, change=change)

    def chart(
        self, sheet: Sequence[Sequence[float]], view: NorlanninnakkiView, ctx: Context
    ) -> tuple[Series, ...]:
        """Each seat's score after every deal, one point per deal: a client numbers the
        points 1, 2, … as deals (issue 28: the start score as a first point made the
        x-axis run 1-7 for 6 deals)."""
        scored = view.table.sheet
        if not scored:
            return ()
        return tuple(
            Series(ctx.name(seat), seat, tuple(float(e.totals[seat]) for e in scored))
            for seat in range(view.players_count)
        )

    def match_summary(self, view: NorlanninnakkiView, ctx: Context) -> Summary:
        """The score sheet, the final scores, the forest visits and the chips."""
        summary = super().match_summary(view, ctx)
        result = view.result
        assert result is not None
        rows = list(summary.rows)
        rows.append(
            SummaryRow(ctx.t("nk_sum_forests"), tuple(str(p.forests) for p in view.players))
        )
        lines = list(summary.lines)
        details = result.details
        net = details.get("chips")
        if isinstance(net, list) and len(net) == view.players_count:
            rows.append(SummaryRow(ctx.t("nk_sum_chips"), tuple(f"{v:+g}" for v in net)))
        lines += self.payment_lines(view, ctx)
        return replace(summary, rows=tuple(rows), lines=tuple(lines))

    def payment_lines(self, view: NorlanninnakkiView, ctx: Context) -> list[str]:
        """Who takes the pot, or (without chips) who pays whom."""
        assert view.result is not None
        payments = view.result.details.get("payments")
        if not isinstance(payments, list):
            return []
        out = []
        for pay in payments:
            frm, to, chips = pay.get("from"), pay.get("to"), pay.get("chips")
            if not isinstance(to, int) or not isinstance(chips, int | float):
                continue
            amount = self.chips(chips, ctx)
            if frm == "pot":
                out.append(ctx.said("nk_pay_pot", to, chips=amount))
            elif isinstance(frm, int):
                if to == ctx.me:
                    out.append(ctx.t("nk_pay_to_you", seat=ctx.name(frm), chips=amount))
                else:
                    out.append(ctx.said("nk_pay", frm, to=ctx.name(to), chips=amount))
        return out


PRESENTER = NorlanninnakkiPresenter()

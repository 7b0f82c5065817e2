"""The presenter: a game's view and events turned into what a person reads.

:class:`Presenter` does what every game shares from the typed envelope and the shared
events (whose turn it is, the hand, a sentence for a card played or a trick won, the deal's
and the match's scores), and each game's presenter (``pakka.games.<game>.present``) adds its own
words: the phase prompt, the seat badges, the table facts, the trick display, its events and
its summaries.  A game without a presenter of its own is shown by this one.

All words come from the catalogue (:mod:`pakka.i18n`: the shared words and each game's
own) through :class:`Context`.  Nothing an engine names (a field, an enum value, ``True``, a seat number)
is ever put in front of a person: seats are names, values are words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pakka import plugins
from pakka.cards import Card
from pakka.engine import Action, GameInfo, Observation
from pakka.events import (
    CardsPassed,
    CardsPlayed,
    DealScored,
    DealStarted,
    Event,
    MatchOver,
    TrickWon,
)
from pakka.i18n import has, t
from pakka.present.values import (
    Badge,
    Fact,
    Pause,
    Presentation,
    SeatLine,
    Series,
    Summary,
    SummaryRow,
    Trick,
    TrickPlay,
)
from pakka.selection import action_cards, card_key

__all__ = ["Context", "Interval", "Names", "Presenter", "View", "default_names", "seat_name"]

View = Observation[Any, Any, Any]
V = TypeVar("V", bound=View)
Names = Callable[[int], str]
"""Seat -> the name people know it by (``Anna``, ``Bot 2``); the viewer's own seat is
called "you" by the presenter itself."""


def seat_name(seat: int, lang: str, *, bot: bool = False, name: str | None = None) -> str:
    """The one name of a seat people read, wherever they read it (the lobby, the invite
    list, the table's state frames, the terminal): a person's own ``name``, else
    ``Player N``; a bot ``Bot N``.  N counts seats from 1 (seat 0 is 1), so the bot at
    seat 1 is "Bot 2" everywhere, even when seat 0 is a person (issue 28: the table said
    Bot 2-4 and the lobby and terminal Bot 1-3 for the same seats)."""
    if bot:
        return t("bot_name", lang, n=seat + 1)
    return name or t("player_n", lang, n=seat + 1)


def default_names(lang: str) -> Names:
    """Names for a table with no names of its own: ``Player 1`` … (seat 0 is Player 1)."""
    return lambda seat: seat_name(seat, lang)


@dataclass(frozen=True)
class Interval:
    """What the server knows of a break between deals, for :meth:`Presenter.present`."""

    events: Sequence[Event]
    """The change that ended the deal (all of it: each seat is told what it may see)."""
    waiting: tuple[int, ...]
    """The seats of the people still reading its summary."""
    seconds: float
    left: float


@dataclass(frozen=True)
class Context:
    """The person's language, the seat names and the viewing seat, with word helpers."""

    lang: str
    names: Names
    me: int | None
    info: GameInfo

    def t(self, key: str, **fmt: Any) -> str:
        return t(key, self.lang, **fmt)

    def has(self, key: str) -> bool:
        return has(key)

    def name(self, seat: int, mid: bool = False) -> str:
        """A seat's name; the viewer is "You" (``mid``: "you", inside a sentence)."""
        if seat == self.me:
            return self.t("you_mid") if mid else self.t("you")
        return self.names(seat)

    def count(self, key: str, n: int, **fmt: Any) -> str:
        """Message ``key`` with ``{n}``; its ``<key>_one`` form when ``n`` is 1 (if the
        catalogue has one), so that "1 cards" never happens."""
        one = f"{key}_one"
        return self.t(one if n == 1 and self.has(one) else key, n=n, **fmt)

    def said(self, key: str, seat: int | None, **fmt: Any) -> str:
        """Message ``key`` about ``seat`` (``{seat}`` is its name); ``<key>_you`` when the
        seat is the viewer and the catalogue has that form."""
        if seat is not None and seat == self.me and self.has(f"{key}_you"):
            return self.t(f"{key}_you", **fmt)
        return self.t(key, seat="" if seat is None else self.name(seat), **fmt)

    def card(self, card: Card) -> str:
        """One card inside a sentence: ``♥A``, but a joker by name ("the red joker"), since
        ``★R`` alone in prose reads as code."""
        return self.t(f"card_in_text_{card}") if card.is_joker else card.pretty()

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards as people write them: ``♠8 ♥10``."""
        return " ".join(c.pretty() for c in cards) or self.t("nothing")

    def seats(self, seats: Iterable[int], mid: bool = False) -> str:
        """Seat names joined: ``Anna, Bot 2 and you`` (``mid``: the list stands inside a
        sentence, so even a first "you" is not capitalised)."""
        names = [self.name(s, mid=mid or i > 0) for i, s in enumerate(seats)]
        if len(names) <= 1:
            return "".join(names)
        return self.t("list_and", items=", ".join(names[:-1]), last=names[-1])

    def word(self, kind: str, value: str) -> str:
        """A game word (a contract, a bid, a combination type) in the person's language."""
        return self.t(f"word_{kind}_{value}")

    def number(self, value: float) -> str:
        return f"{value:g}"


class Presenter(Generic[V]):
    """What every game shares; per-game presenters subclass it (see the module docstring)."""

    def present(
        self,
        view: V,
        events: Sequence[Event] = (),
        names: Names | None = None,
        lang: str = "en",
        info: GameInfo | None = None,
        legal: Sequence[Action] = (),
        pause: Interval | None = None,
    ) -> Presentation:
        """Everything one person sees: ``view`` is their seat's (or a spectator's) view,
        ``events`` what just happened (only those the seat may see are told), ``legal`` the
        seat's legal actions (labelled in the same order), ``pause`` the break between
        deals the table is in (then the prompt says whom it waits for)."""
        info = info or plugins.get(view.game).info
        ctx = Context(lang, names or default_names(lang), view.seat, info)
        told = [e for e in events if e.visible_to(view.seat)]
        sentences: list[str] = []
        for event in told:
            sentences += self.sentences(event, view, ctx)
        scored = next((e for e in reversed(told) if isinstance(e, DealScored)), None)
        finished = next((e for e in reversed(told) if isinstance(e, TrickWon)), None)
        shown_pause = None if pause is None else self.pause(view, pause, ctx)
        return Presentation(
            game=view.game,
            lang=lang,
            title=self.title(ctx),
            status=self.status(view, ctx),
            prompt=self.prompt(view, ctx) if shown_pause is None else shown_pause.text,
            seats=tuple(self.seat_line(view, seat, ctx) for seat in range(view.players_count)),
            standing=self.standing_title(ctx),
            facts=tuple(self.facts(view, ctx)),
            trick=self.trick(view, ctx),
            last_trick=self.last_trick(view, ctx),
            won=None if finished is None else self.finished_trick(finished, view, ctx),
            hand=self.hand(view),
            wild=self.wild(view),
            actions=tuple(self.action_label(a, view, ctx) for a in legal),
            confirm=tuple(self.confirm_question(a, view, ctx) for a in legal),
            keys=tuple(card_key(action_cards(a)) for a in legal),
            sentences=tuple(s for s in sentences if s),
            sheet=self.running_sheet(view, ctx),
            deal_summary=None if scored is None else self.deal_summary(scored, view, ctx),
            match_summary=self.match_summary(view, ctx) if view.result is not None else None,
            pause=shown_pause,
        )

    def pause(self, view: V, pause: Interval, ctx: Context) -> Pause | None:
        """The break between deals in words: the summary of the deal that ended, how the
        next one began (Guandan's tribute) and whom the table waits for."""
        told = [e for e in pause.events if e.visible_to(view.seat)]
        at = next((i for i in reversed(range(len(told))) if isinstance(told[i], DealScored)), None)
        if at is None:
            return None
        scored = told[at]
        assert isinstance(scored, DealScored)
        coming: list[str] = []
        for event in told[at + 1 :]:
            coming += self.sentences(event, view, ctx)
        you = ctx.me is not None and ctx.me in pause.waiting
        others = [s for s in pause.waiting if s != ctx.me]
        if you:
            text = ctx.t("pause_read_you")
        elif others:
            text = ctx.t("pause_waiting_for", seats=ctx.seats(others))
        else:
            text = ctx.t("pause_starting")
        return Pause(
            deal=scored.deal,
            summary=self.deal_summary(scored, view, ctx),
            coming=tuple(s for s in coming if s),
            waiting=tuple(pause.waiting),
            you_reading=you,
            text=text,
            seconds=pause.seconds,
            seconds_left=round(pause.left, 1),
        )

    def past_deal(
        self,
        view: V,
        events: Sequence[Event],
        names: Names | None = None,
        lang: str = "en",
        info: GameInfo | None = None,
    ) -> Summary | None:
        """The summary of a past deal from the change that ended it (``events``), as
        ``view``'s seat sees it: reopened from the score sheet."""
        info = info or plugins.get(view.game).info
        ctx = Context(lang, names or default_names(lang), view.seat, info)
        scored = [e for e in events if isinstance(e, DealScored) and e.visible_to(view.seat)]
        return self.deal_summary(scored[-1], view, ctx) if scored else None

    # --- the table ------------------------------------------------------------------------

    def title(self, ctx: Context) -> str:
        key = f"game_{ctx.info.name}"
        return ctx.t(key) if ctx.has(key) else ctx.info.title

    def phase_word(self, view: V, ctx: Context) -> str:
        for key in (f"phase_{view.game}_{view.phase}", f"phase_{view.phase}"):
            if ctx.has(key):
                return ctx.t(key)
        return ""

    def deals_in_match(self, view: V) -> int | None:
        """How many deals the match has, if that is fixed (``Deal 3 of 10``)."""
        return None

    def status(self, view: V, ctx: Context) -> str:
        total = self.deals_in_match(view)
        deal = (
            ctx.t("status_deal_of", deal=view.deal, deals=total)
            if total
            else ctx.t("status_deal", deal=view.deal)
        )
        if view.result is not None:
            return f"{deal} · {ctx.t('phase_over')}"
        phase = self.phase_word(view, ctx)
        return f"{deal} · {phase}" if phase else deal

    def prompt(self, view: V, ctx: Context) -> str:
        """What the viewer should do now; the base says whose turn it is."""
        if view.result is not None:
            return self.winners_sentence(view.result.winners, ctx)
        if ctx.me is not None and ctx.me in view.to_act:
            return self.your_turn(view, ctx)
        return self.waiting(view, ctx)

    def your_turn(self, view: V, ctx: Context) -> str:
        """The prompt when the viewer is to act (games say what to do)."""
        return ctx.t("your_turn")

    def waiting(self, view: V, ctx: Context) -> str:
        others = [s for s in view.to_act if s != ctx.me]
        if not others:
            return ctx.t("prompt_wait_others")
        return ctx.t("prompt_waiting_for", seats=ctx.seats(others))

    def winners_sentence(self, winners: Sequence[int], ctx: Context) -> str:
        if ctx.me is not None and list(winners) == [ctx.me]:
            return ctx.t("match_won_you")
        return ctx.t("match_won", seats=ctx.seats(winners))

    def seat_line(self, view: V, seat: int, ctx: Context) -> SeatLine:
        player = view.players[seat] if seat < len(view.players) else None
        cards = getattr(player, "cards", None)
        partner = ctx.me is not None and ctx.info.partner(ctx.me) == seat
        team = next((i for i, team in enumerate(ctx.info.teams) if seat in team), None)
        return SeatLine(
            seat=seat,
            name=ctx.name(seat),
            badges=tuple(self.badges(view, seat, ctx)),
            cards=cards if isinstance(cards, int) and not isinstance(cards, bool) else None,
            score=self.score_text(view, seat, ctx),
            to_act=seat in view.to_act,
            you=seat == ctx.me,
            partner=partner,
            team=team,
        )

    def standing_title(self, ctx: Context) -> str:
        """The heading above the seats' standings (games that count levels say so)."""
        return ctx.t("scores")

    def score_text(self, view: V, seat: int, ctx: Context) -> str:
        """A seat's standing in words (games with levels or countdowns say more)."""
        return ctx.number(view.scores[seat]) if seat < len(view.scores) else ""

    def badges(self, view: V, seat: int, ctx: Context) -> list[Badge]:
        """Markers by a seat; the base marks a partner (games add theirs)."""
        if ctx.me is not None and seat != ctx.me and ctx.info.partner(ctx.me) == seat:
            return [Badge("partner", ctx.t("badge_partner"))]
        return []

    def facts(self, view: V, ctx: Context) -> list[Fact]:
        return []

    def trick(self, view: V, ctx: Context) -> Trick | None:
        return None

    def last_trick(self, view: V, ctx: Context) -> Trick | None:
        return None

    def finished_trick(self, won: TrickWon, view: V, ctx: Context) -> Trick | None:
        """A finished trick from its event, each card before the seat that played it and the
        winner's marked (games whose tricks say more override this)."""
        if not won.cards:
            return None
        seats = won.played_by or (None,) * len(won.cards)
        plays = tuple(
            TrickPlay(seat, "" if seat is None else ctx.name(seat), (card,), seat == won.winner)
            for seat, card in zip(seats, won.cards, strict=True)
        )
        caption = "" if won.winner is None else ctx.said("caption_trick_taken", won.winner)
        return Trick(True, plays, caption)

    def hand(self, view: V) -> tuple[Card, ...]:
        return tuple(view.hand or ())

    def wild(self, view: V) -> tuple[Card, ...]:
        return ()

    def confirm_question(self, action: Action, view: V, ctx: Context) -> str:
        """The question to ask before ``action`` is sent, or ``""`` (most need none)."""
        return ""

    def action_label(self, action: Action, view: V, ctx: Context) -> str:
        """A legal action in words, for buttons: cards as people write them."""
        cards = getattr(action, "cards", None)
        if cards:
            return ctx.cards(cards)
        key = f"act_{action.type}"
        return ctx.t(key) if ctx.has(key) else str(action)

    # --- events ---------------------------------------------------------------------------

    def sentences(self, event: Event, view: V, ctx: Context) -> list[str]:
        """One event as sentences (may be none: a commit is shown by a badge, not told)."""
        if isinstance(event, DealStarted):
            if event.dealer is None:
                return [ctx.t("ev_deal_begins", deal=event.deal)]
            return [ctx.said("ev_deal_started", event.dealer, deal=event.deal)]
        if isinstance(event, CardsPassed):
            if ctx.me == event.to:
                return [
                    ctx.t(
                        "ev_cards_received", seat=ctx.name(event.seat), cards=ctx.cards(event.cards)
                    )
                ]
            return [
                ctx.said(
                    "ev_cards_passed",
                    event.seat,
                    to=ctx.name(event.to),
                    cards=ctx.cards(event.cards),
                )
            ]
        if isinstance(event, CardsPlayed):
            return [ctx.said("ev_play", event.seat, cards=ctx.cards(event.cards))]
        if isinstance(event, TrickWon):
            if event.winner is None:
                return [ctx.t("ev_trick_shown", cards=ctx.cards(event.cards))]
            return [ctx.said("ev_trick_won", event.winner, cards=ctx.cards(event.cards))]
        if isinstance(event, DealScored):
            shown = ", ".join(
                ctx.t("name_score", name=ctx.name(s, mid=True), score=ctx.number(v))
                for s, v in enumerate(event.totals)
            )
            return [ctx.t("ev_deal_scored", scores=shown)]
        if isinstance(event, MatchOver):
            winners = event.winners
            return [ctx.count("ev_match_over", len(winners), seats=ctx.seats(winners))]
        return []

    # --- summaries ------------------------------------------------------------------------

    def columns(self, view: V, ctx: Context) -> tuple[str, ...]:
        return tuple(ctx.name(s) for s in range(view.players_count))

    def deal_summary(self, event: DealScored, view: V, ctx: Context) -> Summary:
        """The deal's end: this deal's scores and the totals (games add their facts)."""
        return Summary(
            kind="deal",
            title=ctx.t("summary_deal_title", deal=event.deal),
            columns=self.columns(view, ctx),
            rows=(
                SummaryRow(ctx.t("summary_this_deal"), self.cells(event.scores, ctx, sign=True)),
                SummaryRow(ctx.t("summary_total"), self.cells(event.totals, ctx)),
            ),
            lines=(),
        )

    def cells(self, values: Iterable[float], ctx: Context, sign: bool = False) -> tuple[str, ...]:
        return tuple(f"{v:+g}" if sign else ctx.number(v) for v in values)

    def sheet(self, view: V) -> list[tuple[float, ...]]:
        """Each finished deal's scores per seat (the match summary's rows), if the view
        keeps them; games with a score sheet override this."""
        return []

    def sheet_rows(self, view: V, ctx: Context) -> list[SummaryRow]:
        """One row per finished deal (games whose sheet says more override this)."""
        return [
            SummaryRow(ctx.t("summary_deal_n", deal=i + 1), self.cells(row, ctx))
            for i, row in enumerate(self.sheet(view))
        ]

    def running_sheet(self, view: V, ctx: Context) -> Summary | None:
        """The score sheet so far (just the totals when the view keeps no per-deal rows)."""
        rows = self.sheet_rows(view, ctx)
        rows.append(SummaryRow(ctx.t("summary_total"), self.cells(view.scores, ctx)))
        return Summary("match", ctx.t("sheet_title"), self.columns(view, ctx), tuple(rows), ())

    def match_summary(self, view: V, ctx: Context) -> Summary:
        """The match's end: the score sheet, the totals, the winners and a chart."""
        assert view.result is not None
        rows = self.sheet_rows(view, ctx)
        rows.append(SummaryRow(ctx.t("summary_total"), self.cells(view.result.scores, ctx)))
        tie = self.tie_sentence(view, ctx)
        return Summary(
            kind="match",
            title=ctx.t("summary_match_title"),
            columns=self.columns(view, ctx),
            rows=tuple(rows),
            lines=(self.winners_sentence(view.result.winners, ctx), *([tie] if tie else [])),
            chart=self.chart(self.sheet(view), view, ctx),
        )

    def tie_sentence(self, view: V, ctx: Context) -> str:
        """Names a tie for first place and how the rules settle it, or ``""``: the base
        says the tied seats share the win, as Anarchy's and Norlanninnakki's rules do
        (partners who win together are no tie); games with a tie-break override this."""
        assert view.result is not None
        winners = list(view.result.winners)
        if len(winners) < 2 or any(set(winners) == set(team) for team in ctx.info.teams):
            return ""
        score = ctx.number(view.result.scores[winners[0]])
        return ctx.t("summary_tie_shared", seats=ctx.seats(winners), score=score)

    def chart(self, sheet: Sequence[Sequence[float]], view: V, ctx: Context) -> tuple[Series, ...]:
        """Running totals per seat after each deal (from the per-deal sheet)."""
        if not sheet:
            return ()
        out = []
        for seat in range(view.players_count):
            total = 0.0
            values = []
            for row in sheet:
                total += row[seat]
                values.append(total)
            out.append(Series(ctx.name(seat), seat, tuple(values)))
        return tuple(out)

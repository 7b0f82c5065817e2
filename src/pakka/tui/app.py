"""The full-screen terminal client (Textual).

One screen for every game, drawn from the presentation (:mod:`pakka.present`, the same words
the browser shows): the seats round the table with their badges, the table's facts and the
trick, the scores and the score sheet, a log of what happened, the prompt, the hand as cards
in suit colours (wild cards marked), and the decisions that are not cards as numbered
choices.  At the end of a deal and of the match a summary opens (Enter closes it).

Keyboard first: ←/→ move over the hand, a letter (shown under each card) or Space selects,
Enter plays the selection (matched against the legal actions' cards as multisets; when
several actions have exactly those cards, a chooser asks which reading; nothing selected
matches a cardless action such as "discard none", or in one-card-a-turn games plays the card
under the cursor); digits take the numbered choices (contracts, bids, pass); ``h`` asks for a
hint and selects its cards, ``?`` shows the rules, ``u`` undoes (local play, or a server's
practice table: your move and the bots' replies), Ctrl+R deals the same cards again (the
deal in play from its start, where undo is allowed), ``!`` switches the coach on and off (a move
the bot rates a mistake is held, with why, until you confirm it), ``s`` the full
score sheet, ``n`` a new match once one is over, ``q`` twice quits.  The mouse works on
cards, choices and keys.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.markdown import Markdown as RichMarkdown
from rich.table import Table
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from pakka import rulebook
from pakka.cards import parse_card
from pakka.engine import Action
from pakka.errors import PakkaError
from pakka.i18n import t
from pakka.present import selection_words
from pakka.present.values import Presentation, Summary, Trick
from pakka.selection import Selection, action_cards, select
from pakka.tui import render
from pakka.tui.session import Session

LETTERS = "abcdefgijklmoprtvwxyz"
"""Card keys: every letter but the command keys h, n, q, s and u; then upper case."""
CARD_KEYS = LETTERS + LETTERS.upper()
CHOICE_KEYS = "1234567890"
CELL = 5
"""Width of one card in the hand (four for the face, one gap)."""


class RulesScreen(ModalScreen[None]):
    """The game's rules, scrollable; Escape, q or ? closes."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("escape,q,question_mark", "close", show=False),
    ]
    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > VerticalScroll { width: 96%; height: 94%; border: round $accent;
        background: $surface; padding: 0 1; }
    """

    def __init__(self, text: str, title: str) -> None:
        super().__init__()
        self.text = text
        self.title_text = title

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll()
        scroll.border_title = self.title_text
        with scroll:
            yield Static(RichMarkdown(self.text, hyperlinks=False))

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class ChooseScreen(ModalScreen[int | None]):
    """Pick one of several actions (a Guandan reading, a long list of options)."""

    BINDINGS: ClassVar[list[Any]] = [Binding("escape", "cancel", show=False)]
    DEFAULT_CSS = """
    ChooseScreen { align: center middle; }
    ChooseScreen > Vertical { width: 70; max-width: 96%; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1; }
    ChooseScreen OptionList { height: auto; max-height: 16; }
    """

    def __init__(self, question: str, labels: Sequence[str]) -> None:
        super().__init__()
        self.question = question
        self.labels = list(labels)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(escape(self.question))
            yield OptionList(
                *[Option(f"{i + 1}. {escape(label)}") for i, label in enumerate(self.labels)]
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            n = int(event.character) - 1
            if 0 <= n < len(self.labels):
                event.stop()
                self.dismiss(n)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SheetScreen(ModalScreen[None]):
    """A table to read: the score sheet, or a deal's or the match's summary (any of Enter,
    Escape, q or s closes it)."""

    BINDINGS: ClassVar[list[Any]] = [Binding("escape,q,s,enter,space", "close", show=False)]
    DEFAULT_CSS = """
    SheetScreen { align: center middle; }
    SheetScreen > VerticalScroll { width: 90%; height: 85%;
        border: round $accent; background: $surface; padding: 0 1; }
    SheetScreen Static { width: 100%; height: auto; }
    """

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.table)

    def action_close(self) -> None:
        self.dismiss(None)


class HandView(Static):
    """The hand: two lines per row of cards (faces, then keys); a click selects a card."""

    per_row = 16

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y < 1:
            return
        row, col = (offset.y - 1) // 2, offset.x // CELL
        if col >= self.per_row:
            return
        app = self.app
        if isinstance(app, PakkaApp):
            event.stop()
            app.action_card(row * self.per_row + col)


class PakkaApp(App[None]):
    """The terminal client around a :class:`Session`."""

    TITLE = "pakka"
    CSS = """
    Screen { layout: vertical; }
    #header { height: 1; background: $primary; color: $text; padding: 0 1; }
    #main { height: 1fr; }
    #left { width: 1fr; }
    #right { width: 40%; max-width: 40; min-width: 22; border-left: vkey $primary-darken-2; }
    #seats { height: auto; padding: 0 1; }
    #table { height: 1fr; padding: 0 1; }
    #scores { height: auto; padding: 0 1; }
    #log { height: 1fr; padding: 0 0 0 1; scrollbar-size-vertical: 1; overflow-x: hidden; }
    #hand { height: auto; padding: 0 1; border-top: hkey $primary-darken-2; }
    #choices { height: auto; padding: 0 1; }
    #status { height: auto; max-height: 3; padding: 0 1; color: $text-muted; }
    #status.error { color: $error; text-style: bold; }
    #status.hint { color: $success; }
    #keys { height: 1; background: $panel; padding: 0 1; }
    """

    def __init__(self, session: Session, lang: str = "en") -> None:
        super().__init__()
        self.session = session
        self.lang = lang
        session.on_update = self._on_events
        self.hand: list[str] = []
        self.selected: list[int] = []
        """Chosen cards (hand indices) in the order chosen."""
        self.cursor = 0
        self.choices: list[Action] = []
        self.labels: dict[int, str] = {}
        """Each legal action's label, by its place in ``session.legal``."""
        self.card_actions: list[tuple[Action, Counter[str]]] = []
        self.hint_action: Action | None = None
        self.message = ""
        self.message_kind = ""
        self.shown: Presentation | None = None
        self.held_trick: Trick | None = None
        """The trick finished last, kept on the table until the person next acts."""
        self._summaries: list[Summary] = []
        self.summaries_seen = 0
        self._break_seen: str | None = None
        """The break between deals whose summary has been opened (by its title)."""
        """Deal and match summaries opened so far (tests read it)."""
        self._mounted = False
        self._dirty = False
        self.coach_on = False
        """The coach asks the bot about each move before it is played (``!``)."""

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="seats")
                yield Static(id="table")
            with Vertical(id="right"):
                yield Static(id="scores")
                log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=16)
                log.can_focus = False
                yield log
        yield HandView(id="hand")
        yield Static(id="choices")
        yield Static(id="status")
        yield Static(id="keys")

    async def on_mount(self) -> None:
        self.title = f"pakka · {self._game_title()}"
        self._mounted = True
        self.refresh_view()
        self.run_worker(self._start(), exclusive=True, group="session")

    async def _start(self) -> None:
        try:
            await self.session.start()
        except Exception as exc:  # never end the person's session with a traceback
            self.say(t("tui_failed", self.lang, reason=f"{type(exc).__name__}: {exc}"), "error")
        self.refresh_view()

    async def on_unmount(self) -> None:
        await self.session.close()

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_view()

    # --- helpers ----------------------------------------------------------------------------

    def _game_title(self) -> str:
        shown = self.shown or self.session.presentation
        return shown.title if shown is not None else self.session.game.info.title

    def seat_name(self, seat: int) -> str:
        return self.session.name(seat)

    def say(self, text: str, kind: str = "") -> None:
        self.message = text
        self.message_kind = kind
        self._draw_status()

    def _on_events(self, shown: Presentation | None) -> None:
        if shown is not None:
            log = self.query_one("#log", RichLog)
            for line in shown.sentences:
                log.write("· " + line)
            if shown.won is not None:
                self.held_trick = shown.won
            for summary in (shown.deal_summary, shown.match_summary):
                if summary is not None and (summary.kind == "match" or not shown.match_summary):
                    self._summaries.append(summary)
            pause = shown.pause
            if pause is not None and self._break_seen != pause.summary.title:
                # a server's break between deals: its summary, once (also after a reconnect)
                self._break_seen = pause.summary.title
                if shown.deal_summary is None and pause.you_reading:
                    self._summaries.append(pause.summary)
        if not self._dirty:
            self._dirty = True
            self.call_later(self._refresh_if_dirty)

    def _refresh_if_dirty(self) -> None:
        if self._dirty:
            self._dirty = False
            self.refresh_view()
            self._show_summaries()

    def _show_summaries(self) -> None:
        """Open the summaries of the deals (and the match) just ended, one after another."""
        if not self._summaries or len(self.screen_stack) > 1:
            return
        summary = self._summaries.pop(0)
        self.summaries_seen += 1

        def closed(_: None) -> None:
            if summary.kind == "deal":  # read: the next deal may start
                self.run_worker(self.session.ready(), exclusive=False)
            self._show_summaries()

        self.push_screen(SheetScreen(render.summary_table(summary)), closed)

    @property
    def summaries_waiting(self) -> bool:
        return bool(self._summaries)

    def is_over(self) -> bool:
        view = self.session.view
        return view is not None and view.result is not None

    # --- drawing ----------------------------------------------------------------------------

    def refresh_view(self) -> None:
        if not self._mounted:
            return
        shown = self.session.presentation
        self.shown = shown
        legal = self.session.legal
        self.card_actions = []
        self.choices = []
        self.labels = dict(enumerate(shown.actions)) if shown is not None else {}
        for action in legal:
            cards = getattr(action, "cards", None)
            if cards is not None:
                self.card_actions.append((action, Counter(str(c) for c in cards)))
                if not cards:
                    self.choices.append(action)
            else:
                self.choices.append(action)
        hand = self._hand(shown)
        if hand != self.hand:
            self.hand = hand
            self.selected = []
            self.cursor = min(self.cursor, max(len(hand) - 1, 0))
        steps: list[tuple[Callable[[], None], str]] = [
            (lambda: self._draw_header(shown), "#header"),
            (lambda: self._draw_seats(shown), "#seats"),
            (lambda: self._draw_table(shown), "#table"),
            (lambda: self._draw_scores(shown), "#scores"),
            (self._draw_hand, "#hand"),
            (self._draw_choices, "#choices"),
            (self._draw_status, "#status"),
            (self._draw_keys, "#keys"),
        ]
        for draw, target in steps:
            try:
                draw()
            except Exception as exc:  # never end the person's session with a traceback
                self.query_one(target, Static).update(
                    escape(t("tui_draw_failed", self.lang, reason=f"{type(exc).__name__}: {exc}"))
                )

    def _hand(self, shown: Presentation | None) -> list[str]:
        """The cards to draw: the presentation's hand, plus any card a legal action needs
        that is not in it (so every action can be taken by keys)."""
        hand = [str(c) for c in shown.hand] if shown is not None else []
        need: Counter[str] = Counter()
        for _, cards in self.card_actions:
            need |= cards
        return hand + sorted((need - Counter(hand)).elements())

    def label(self, action: Action) -> str:
        """A legal action in words (the presentation's label)."""
        legal = self.session.legal
        index = next((i for i, a in enumerate(legal) if a == action), None)
        found = self.labels.get(index) if index is not None else None
        return found if found is not None else render.pretty_cards(str(action).split())

    def _draw_header(self, shown: Presentation | None) -> None:
        parts = [f"[b]{escape(self._game_title())}[/]"]
        if shown is not None:
            parts.append(escape(shown.status))
            if self.session.legal:
                parts.append(f"[b reverse] {escape(t('your_turn', self.lang))} [/]")
        self.query_one("#header", Static).update(" · ".join(parts))

    def _draw_seats(self, shown: Presentation | None) -> None:
        widget = self.query_one("#seats", Static)
        if shown is None:
            widget.update(escape(self.session.status))
            return
        width = max((len(s.name) for s in shown.seats), default=4)
        lines = [
            render.seat_markup(
                seat,
                width,
                t("tui_cards_short", self.lang, n=seat.cards) if seat.cards is not None else "",
            )
            for seat in shown.seats
        ]
        widget.update(render.flow(lines, widget.content_size.width))

    def _draw_table(self, shown: Presentation | None) -> None:
        widget = self.query_one("#table", Static)
        if shown is None:
            widget.update("")
            return
        lines = [render.fact_markup(f) for f in shown.facts]
        room = widget.content_size.width - 2  # the trick's lines are indented by two
        if shown.trick is not None:
            lines.append(f"[b]{escape(t('tui_trick', self.lang))}[/]")
            lines += ["  " + line for line in render.trick_markup(shown.trick, room)]
        elif (finished := self.held_trick or shown.last_trick) is not None:
            lines.append(f"[b]{escape(t('tui_last_trick', self.lang))}[/]")
            lines += ["  " + line for line in render.trick_markup(finished, room)]
        lines.append("")
        lines.append(f"[b]{escape(shown.prompt)}[/]")
        widget.update(render.flow(lines, widget.content_size.width))

    def _draw_scores(self, shown: Presentation | None) -> None:
        widget = self.query_one("#scores", Static)
        if shown is None:
            widget.update("")
            return
        lines = [f"[b]{escape(shown.standing)}[/]"]
        for seat in shown.seats:
            lines.append(f" {escape(seat.name):<10} {escape(seat.score):>8}")
        sheet = shown.sheet
        if sheet is not None and len(sheet.rows) > 1:
            lines.append(f"[dim]{escape(t('tui_sheet_last', self.lang, n=len(sheet.rows) - 1))}[/]")
        widget.update("\n".join(lines))

    def _playable(self) -> set[str]:
        out: set[str] = set()
        for _, cards in self.card_actions:
            out.update(cards)
        return out

    def _draw_hand(self) -> None:
        widget = self.query_one("#hand", HandView)
        title = f"[b]{escape(t('hand', self.lang))}[/]"
        if not self.hand:
            widget.update(f"{title} —")
            return
        width = max(widget.size.width - 2, CELL * 4) if widget.size.width else 76
        per_row = max(width // CELL, 4)
        widget.per_row = per_row
        playable = self._playable()
        my_turn = bool(self.card_actions)
        wild = {str(c) for c in self.shown.wild} if self.shown is not None else set()
        rows: list[str] = [title + self._selection_text() + self._wild_text(wild)]
        for start in range(0, len(self.hand), per_row):
            faces, labels = [], []
            for i in range(start, min(start + per_row, len(self.hand))):
                token = self.hand[i]
                card = render.card_of(token)
                face = card.pretty() if card else token
                face = face.center(4) if len(face) < 4 else face[:4]
                colour = render.RED if card and render.is_red(card) else render.BLACK
                bg = render.WILD_BG if token in wild else render.CARD_BG
                if i in self.selected:
                    bg = "#ffd75f"
                elif my_turn and token not in playable:
                    colour, bg = "#8a8a8a", "#d0d0c8"
                style = f"b {colour} on {bg}"
                if i == self.cursor:
                    style += " underline"
                faces.append(f"[{style}]{escape(face)}[/] ")
                key = CARD_KEYS[i] if i < len(CARD_KEYS) else " "
                label = ("▲" if i in self.selected else " ") + key
                lstyle = "reverse b" if i == self.cursor else "dim"
                labels.append(f"[{lstyle}]{escape(label.center(4))}[/] ")
            rows.append("".join(faces))
            rows.append("".join(labels))
        widget.update("\n".join(rows))

    def _wild_text(self, wild: set[str]) -> str:
        if not wild:
            return ""
        cards = " ".join(
            f"[b {render.RED} on {render.WILD_BG}]{escape(render.pretty_cards([c]))}[/]"
            for c in sorted(wild)
        )
        return f"  [dim]{escape(t('tui_wild', self.lang))}:[/] {cards}"

    def _selection_text(self) -> str:
        if not self.selected:
            return ""
        chosen = [self.hand[i] for i in self.selected]
        return "  " + escape(t("tui_selected", self.lang, cards=render.pretty_cards(chosen)))

    def _draw_choices(self) -> None:
        widget = self.query_one("#choices", Static)
        if not self.choices:
            widget.update("")
            widget.display = False
            return
        widget.display = True
        parts = []
        for i, action in enumerate(self.choices[: len(CHOICE_KEYS)]):
            label = self.label(action)
            style = "b reverse" if action == self.hint_action else "b"
            parts.append(f"[@click=app.choose({i})][{style}]{CHOICE_KEYS[i]}[/] {escape(label)}[/]")
        if len(self.choices) > len(CHOICE_KEYS):
            parts.append(f"[@click=app.more]{escape(t('tui_more', self.lang))}[/]")
        width = widget.content_size.width or self.size.width - 2  # 0 until first shown
        widget.update(render.flow(["  ".join(parts)], width))

    def _draw_status(self) -> None:
        if not self._mounted:
            return
        widget = self.query_one("#status", Static)
        widget.set_class(self.message_kind == "error", "error")
        widget.set_class(self.message_kind == "hint", "hint")
        text = self.message or self._instruction()
        widget.update(escape(text))

    def _instruction(self) -> str:
        """What keys do now (the presentation's prompt says what to do in the game)."""
        if self.shown is None:
            return self.session.status or t("tui_connecting", self.lang)
        if self.session.status:
            return self.session.status
        if self.is_over():
            return t("tui_over_keys", self.lang)
        if not self.session.legal:
            return t("tui_wait", self.lang)
        if self.card_actions and self.choices:
            return t("tui_do_cards_or_choice", self.lang)
        if self.card_actions:
            return t("tui_do_cards", self.lang)
        return t("tui_do_choice", self.lang)

    def _draw_keys(self) -> None:
        keys = [
            ("app.play", "Enter", t("tui_key_play", self.lang)),
            ("app.select_cursor", "Space", t("tui_key_select", self.lang)),
            ("app.hint", "h", t("tui_key_hint", self.lang)),
            ("app.rules", "?", t("tui_key_rules", self.lang)),
        ]
        if self.session.can_undo:
            keys.append(("app.undo", "u", t("tui_key_undo", self.lang)))
            keys.append(("app.redeal", "Ctrl+R", t("tui_key_redeal", self.lang)))
        coach = t("tui_key_coach_on" if self.coach_on else "tui_key_coach", self.lang)
        keys.append(("app.coach", "!", coach))
        if self.is_over():
            keys.append(("app.new_match", "n", t("tui_key_new", self.lang)))
            if self.session.record() is not None:
                keys.append(("app.review", "r", t("tui_key_review", self.lang)))
        keys += [
            ("app.sheet", "s", t("tui_key_sheet", self.lang)),
            ("app.quit_twice", "q", t("tui_key_quit", self.lang)),
        ]
        text = " ".join(
            f"[@click={act}][b]{escape(k)}[/] {escape(label)}[/]" for act, k, label in keys
        )
        self.query_one("#keys", Static).update(text)

    # --- input ----------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        if len(self.screen_stack) > 1:
            return
        key = event.key
        char = event.character or ""
        handled = True
        if key == "left":
            self.action_cursor(-1)
        elif key == "right":
            self.action_cursor(1)
        elif key == "home":
            self.action_cursor(-len(self.hand))
        elif key == "end":
            self.action_cursor(len(self.hand))
        elif key == "space":
            self.action_select_cursor()
        elif key == "enter":
            self.action_play()
        elif key == "escape":
            self.action_clear()
        elif key in ("question_mark",) or char == "?":
            self.action_rules()
        elif char == "h":
            self.action_hint()
        elif char == "u":
            self.action_undo()
        elif key == "ctrl+r":
            self.action_redeal()
        elif char == "!":
            self.action_coach()
        elif char == "r" and self.is_over():
            self.action_review()
        elif char == "s":
            self.action_sheet()
        elif char == "n":
            self.action_new_match()
        elif char == "q":
            self.action_quit_twice()
        elif char and char in CHOICE_KEYS:
            self.action_choose(CHOICE_KEYS.index(char))
        elif char and char in CARD_KEYS:
            self.action_card(CARD_KEYS.index(char))
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()

    def action_new_match(self) -> None:
        if not self.is_over():
            self.say(t("tui_new_after_match", self.lang), "error")
            return
        self.run_worker(self._new_match(), exclusive=True, group="act")

    async def _new_match(self) -> None:
        if await self.session.new_match():
            self.selected = []
            self.hint_action = None
            self.query_one("#log", RichLog).write("· " + t("tui_new_match", self.lang))
            self.say("")
        else:
            self.say(t("tui_no_new_match", self.lang), "error")
        self.refresh_view()

    def action_quit_twice(self) -> None:
        """``q`` asks first while a match is running; a second ``q`` quits."""
        running = self.session.view is not None and not self.is_over()
        if running and self.message != t("tui_quit_confirm", self.lang):
            self.say(t("tui_quit_confirm", self.lang), "error")
            return
        self.exit()

    def action_cursor(self, step: int) -> None:
        if self.hand:
            self.cursor = max(0, min(len(self.hand) - 1, self.cursor + step))
            self._draw_hand()

    def action_card(self, index: int) -> None:
        """Select or unselect the card at ``index`` (a letter key or a click)."""
        if not 0 <= index < len(self.hand):
            self.say(t("tui_no_such_card", self.lang), "error")
            return
        self.cursor = index
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.append(index)
        self.message = ""
        self._draw_hand()
        self._draw_status()

    def action_select_cursor(self) -> None:
        if self.hand:
            self.action_card(self.cursor)

    def action_clear(self) -> None:
        self.selected = []
        self.message = ""
        self._draw_hand()
        self._draw_status()

    def action_play(self) -> None:
        """Play the selected cards: the legal action they mean (:func:`pakka.selection.select`,
        the rule the browser uses too), asking which when they can be played several ways."""
        if not self._can_act():
            return
        legal = self.session.legal
        cards = [parse_card(self.hand[i]) for i in self.selected]
        chosen = select(legal, cards)
        single_cards = all(len(action_cards(a)) <= 1 for a in legal)
        if not chosen.actions and not cards and self.hand and single_cards:
            cursor = select(legal, [parse_card(self.hand[self.cursor])])  # Enter on a card
            chosen = cursor if cursor.actions else chosen
        if chosen.action is not None:
            self._submit(chosen.action)
        elif chosen.actions:
            self._ask_reading(list(chosen.actions))
        else:
            self._explain(chosen)

    def _can_act(self) -> bool:
        if self.session.busy:
            self.say(t("tui_wait_bots", self.lang), "error")
            return False
        if self.is_over():
            self.say(t("tui_over_keys", self.lang), "error")
            return False
        if not self.session.legal:
            self.say(t("tui_not_your_turn", self.lang), "error")
            return False
        return True

    def _ask_reading(self, matches: list[Action]) -> None:
        labels = [self.label(a) for a in matches]

        def chosen(index: int | None) -> None:
            if index is not None:
                self._submit(matches[index])

        self.push_screen(ChooseScreen(t("tui_which_reading", self.lang), labels), chosen)

    def _explain(self, chosen: Selection[Action]) -> None:
        """No legal action is made of exactly these cards: say why.  A card move the game can
        read is sent to the engine, whose refusal names the rule it breaks (you must follow
        suit); anything else gets the selection's own words."""
        if chosen.problem in ("no_move", "not_now"):
            kind = next((a.type for a in self.session.legal if action_cards(a)), None)
            try:
                codes = [str(c) for c in chosen.cards]
                action = self.session.game.action_from_json({"type": kind, "cards": codes})
            except PakkaError:
                action = None
            if action is not None:
                self.run_worker(self._act(action), exclusive=True, group="act")
                return
        prompt = self.shown.prompt if self.shown is not None else ""
        self.say(selection_words(chosen, prompt, self.lang), "error")

    def action_choose(self, index: int) -> None:
        if not self._can_act():
            return
        if 0 <= index < min(len(self.choices), len(CHOICE_KEYS)):
            self._submit(self.choices[index])
        else:
            self.say(t("tui_no_such_choice", self.lang), "error")

    def action_more(self) -> None:
        if not self._can_act():
            return
        labels = [self.label(a) for a in self.choices]
        choices = list(self.choices)

        def chosen(index: int | None) -> None:
            if index is not None:
                self._submit(choices[index])

        self.push_screen(ChooseScreen(t("tui_choose", self.lang), labels), chosen)

    def _submit(self, action: Action) -> None:
        if self.coach_on:
            self.run_worker(self._coach_then_act(action), exclusive=True, group="act")
            return
        self.run_worker(self._act(action), exclusive=True, group="act")

    def action_review(self) -> None:
        """Review the match just played, for your seat (local play)."""
        record = self.session.record()
        seat = getattr(self.session, "seat", None)
        if record is None or seat is None:
            return
        from pakka.tui.review import ReviewScreen

        self.push_screen(ReviewScreen(record, seat, self.lang))

    def action_coach(self) -> None:
        self.coach_on = not self.coach_on
        self.say(t("tui_coach_on" if self.coach_on else "tui_coach_off", self.lang), "hint")
        self._draw_keys()

    async def _coach_then_act(self, action: Action) -> None:
        """Ask the coach first; a move it rates a mistake waits for the person's word."""
        self.say(t("web_practice_checking", self.lang), "hint")
        try:
            mark, text = await self.session.coach(action)
        except Exception:  # the coach failing must not keep the move from being played
            mark, text = "", ""
        if mark != "mistake":
            await self._act(action)
            return
        self.say(text, "error")

        def chosen(index: int | None) -> None:
            if index == 0:
                self.run_worker(self._act(action), exclusive=True, group="act")
            else:
                self.say(t("web_practice_choose_again", self.lang))

        labels = [
            t("web_practice_play_anyway", self.lang),
            t("web_practice_choose_again", self.lang),
        ]
        self.push_screen(ChooseScreen(text, labels), chosen)

    async def _act(self, action: Action) -> None:
        self.message = ""
        self.hint_action = None
        self.held_trick = None
        self.selected = []
        try:
            error = await self.session.act(action)
        except Exception as exc:  # a failing game or bot must not end the session
            error = f"{type(exc).__name__}: {exc}"
        if error:
            self.say(t("illegal", self.lang, reason=error), "error")
        self.refresh_view()

    def action_hint(self) -> None:
        if not self._can_act():
            return
        self.say(t("tui_thinking_hint", self.lang), "hint")
        self.run_worker(self._hint(), exclusive=True, group="hint")

    async def _hint(self) -> None:
        try:
            action, reason = await self.session.hint()
        except Exception as exc:
            action, reason = None, t("tui_hint_failed", self.lang, reason=str(exc))
        if action is None:
            self.say(reason, "hint")
            return
        self.hint_action = action
        cards = getattr(action, "cards", None)
        if cards:
            picked: list[int] = []
            for card in cards:  # in the action's order, so that it reads as this action
                token = str(card)
                i = next(
                    (i for i, c in enumerate(self.hand) if c == token and i not in picked), None
                )
                if i is not None:
                    picked.append(i)
            self.selected = picked
            self.cursor = min(picked) if picked else self.cursor
        self.refresh_view()
        label = self.label(action)
        self.say(t("tui_hint", self.lang, action=label, reason=reason), "hint")

    def action_undo(self) -> None:
        if not self.session.can_undo:
            self.say(t("tui_no_undo", self.lang), "error")
            return
        self.run_worker(self._undo(), exclusive=True, group="act")

    async def _undo(self) -> None:
        if await self.session.undo():
            self.selected = []
            self.hint_action = None
            self.query_one("#log", RichLog).write("· " + t("tui_undone", self.lang))
            self.say(t("tui_undone", self.lang))
        else:
            self.say(t("tui_no_undo", self.lang), "error")
        self.refresh_view()

    def action_redeal(self) -> None:
        if not self.session.can_undo:
            self.say(t("tui_no_redeal", self.lang), "error")
            return
        self.run_worker(self._redeal(), exclusive=True, group="act")

    async def _redeal(self) -> None:
        if await self.session.redeal():
            self.selected = []
            self.hint_action = None
            self.query_one("#log", RichLog).write("· " + t("tui_redealt", self.lang))
            self.say(t("tui_redealt", self.lang))
        else:
            self.say(t("tui_no_redeal", self.lang), "error")
        self.refresh_view()

    def action_rules(self) -> None:
        game = self.session.game
        found = rulebook.read(game.name, self.lang)
        if found is not None:
            text = found[1]
        else:
            text = f"# {game.info.title}\n\n{game.info.description}\n\n" + t(
                "tui_no_rules", self.lang
            )
        self.push_screen(RulesScreen(text, self._game_title()))

    def action_sheet(self) -> None:
        shown = self.shown
        if shown is None or shown.sheet is None:
            self.say(t("tui_no_sheet", self.lang), "error")
            return
        self.push_screen(SheetScreen(render.summary_table(shown.sheet)))

"""The terminal's review screen (issue 30): a finished match reviewed for one seat.

The summary on top, the seat's decisions in a list (``??`` a mistake, ``?!`` an
inaccuracy) that fills as the review goes on in a worker thread, and for the decision under
the cursor every hand at that moment, the verdict, the reason and the bot's ranking with the
values.  ↑/↓ move, ``m`` jumps to the next marked decision, Escape or ``q`` closes.  Opened
by ``pakka review match.json --tui`` and by ``r`` in ``pakka play`` once a match is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

import pakka.games
from pakka.i18n import t
from pakka.review import iter_review, summary
from pakka.review.analysis import Decision
from pakka.review.cli import MARK


def hands_before(record: Mapping[str, Any], step: int) -> list[list[str]]:
    """Every seat's hand before action ``step`` of the match."""
    game = pakka.games.get(record["game"])
    state = game.from_json({**record, "actions": list(record["actions"])[:step], "result": None})
    return [[c.pretty() for c in (state.view(s).hand or ())] for s in range(state.players)]


class ReviewScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[Any]] = [
        Binding("escape,q", "close", show=False),
        Binding("m", "next_mark", show=False),
    ]
    DEFAULT_CSS = """
    ReviewScreen { background: $surface; }
    ReviewScreen #review-summary { height: auto; padding: 0 1; background: $panel; }
    ReviewScreen #review-body { height: 1fr; }
    ReviewScreen OptionList { width: 45%; height: 100%; }
    ReviewScreen #review-detail { width: 55%; padding: 0 1; }
    ReviewScreen #review-keys { height: 1; background: $panel; padding: 0 1; }
    """

    def __init__(
        self, record: Mapping[str, Any], seat: int, lang: str = "en", deal: int | None = None
    ) -> None:
        super().__init__()
        self.record = record
        self.seat = seat
        self.lang = lang
        self.deal = deal
        self.game = pakka.games.get(record["game"]).name
        self.decisions: list[Decision] = []
        self.done = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(t("web_review_starting", self.lang), id="review-summary")
            with Horizontal(id="review-body"):
                yield OptionList(id="review-list")
                with VerticalScroll(id="review-detail"):
                    yield Static(id="review-text")
            yield Static(t("tui_review_keys", self.lang), id="review-keys")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.run_worker(self._review, thread=True, exclusive=True)

    def _review(self) -> None:
        for d in iter_review(self.record, self.seat, None, self.deal):
            self.app.call_from_thread(self._add, d)
        self.app.call_from_thread(self._finish)

    def _line(self, d: Decision) -> str:
        w = d.words.get(self.lang, {})
        return f"{MARK[d.mark]} {w.get('where', '')}: {w.get('verdict', '')}"

    def _add(self, d: Decision) -> None:
        self.decisions.append(d)
        box = self.query_one(OptionList)
        box.add_option(Option(escape(self._line(d))))
        if len(self.decisions) == 1:
            box.highlighted = 0
        self._draw_summary()

    def _finish(self) -> None:
        self.done = True
        self._draw_summary()

    def _draw_summary(self) -> None:
        text = summary(self.game, self.decisions, self.lang)
        if not self.done:
            text += "  " + t("tui_review_working", self.lang, n=len(self.decisions))
        self.query_one("#review-summary", Static).update(escape(text))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        index = event.option_index
        if 0 <= index < len(self.decisions):
            self._draw_detail(self.decisions[index])

    def _draw_detail(self, d: Decision) -> None:
        w = d.words.get(self.lang, {})
        lines = [f"[b]{escape(str(w.get('where', '')))}[/b]"]
        if d.mark:
            lines[0] += f"  [b red]{escape(t(f'review_mark_{d.mark}', self.lang))}[/]"
        lines.append(escape(str(w.get("verdict", ""))))
        if w.get("reason"):
            lines.append(f"[i]{escape(str(w['reason']))}[/i]")
        if d.legal > 1:
            lines.append("")
            lines.append(f"[b]{escape(t('web_review_ranking', self.lang))}[/b]")
            for i, (label, value) in enumerate(
                zip(w.get("labels", []), w.get("values", []), strict=False)
            ):
                played = " *" if d.alternatives[i].action == d.played else ""
                lines.append(f"{i + 1}. {escape(label)}{played}  {escape(value)}")
        lines.append("")
        lines.append(f"[b]{escape(t('web_review_hands', self.lang))}[/b]")
        names = [t("player_n", self.lang, n=s + 1) for s in range(self.record["players"])]
        for s, hand in enumerate(hands_before(self.record, d.step)):
            me = " ◀" if s == self.seat else ""
            lines.append(f"{escape(names[s])}{me}: {escape(' '.join(hand))}")
        self.query_one("#review-text", Static).update("\n".join(lines))

    def action_next_mark(self) -> None:
        box = self.query_one(OptionList)
        start = (box.highlighted or 0) + 1
        for i in range(start, len(self.decisions)):
            if self.decisions[i].mark:
                box.highlighted = i
                return

    def action_close(self) -> None:
        self.dismiss(None)


class ReviewApp(App[None]):
    """``pakka review match.json --tui``: the review screen on its own."""

    def __init__(
        self, record: Mapping[str, Any], seat: int, lang: str = "en", deal: int | None = None
    ) -> None:
        super().__init__()
        self.record = record
        self.seat = seat
        self.lang = lang
        self.deal = deal

    def on_mount(self) -> None:
        self.title = f"pakka · {t('web_review', self.lang)}"
        screen = ReviewScreen(self.record, self.seat, self.lang, self.deal)
        self.push_screen(screen, lambda _: self.exit())

"""Drive the terminal client through key presses, as a person would.

:func:`play_by_keys` picks a legal action (seeded) at each of the person's turns and takes it
only with keys: digits for the numbered choices, card letters and Enter for card actions,
and the reading chooser when several actions have the same cards.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from pakka.engine import Action
from pakka.tui.app import CARD_KEYS, CHOICE_KEYS, ChooseScreen, PakkaApp, SheetScreen

OUT = Path(__file__).resolve().parents[2] / "test-output" / "tui"


async def settle(pilot: Pilot[Any]) -> None:
    app = pilot.app
    for _ in range(50):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not app.workers._workers or all(w.is_finished for w in app.workers._workers):
            break


async def close_summaries(pilot: Pilot[Any]) -> None:
    """Read and close the deal and match summaries that opened (Enter, as a person would)."""
    app = pilot.app
    for _ in range(10):
        if not isinstance(app.screen, SheetScreen):
            return
        await pilot.press("enter")
        await pilot.pause()


def progress(app: PakkaApp) -> int:
    """How many actions the match has seen (local: the log; remote: the state version)."""
    session: Any = app.session
    if hasattr(session, "version"):
        return int(session.match) * 1_000_000 + int(session.version)
    return len(session.state.log or [])


async def wait_turn(pilot: Pilot[Any], timeout: float = 10.0) -> None:
    """Wait until the person may act or the match is over (a server's bots take a moment)."""
    app = pilot.app
    assert isinstance(app, PakkaApp)
    await settle(pilot)
    await close_summaries(pilot)
    waited = 0.0
    while waited < timeout:
        await close_summaries(pilot)
        if app.session.legal or app.is_over():
            return
        await pilot.pause(0.05)
        waited += 0.05
    await settle(pilot)


def quick(legal: list[Action], rng: random.Random) -> Action:
    """Few key presses per deal: pass when allowed, otherwise play the most cards."""
    sizes = {a: len(getattr(a, "cards", ())) for a in legal}
    passes = [a for a in legal if a.type == "pass" or a.to_json().get("type") == "pass"]
    if passes:
        return passes[0]
    most = max(sizes.values())
    return rng.choice([a for a in legal if sizes[a] == most])


def screen_text(app: PakkaApp) -> str:
    """All the text on the main screen and on any screen open above it (for assertions)."""
    parts = []
    for screen in app.screen_stack:
        for widget in screen.query(Static):
            parts.append(_text(widget))
    log = app.screen_stack[0].query_one("#log")
    parts += [str(line.text) for line in getattr(log, "lines", [])]
    return "\n".join(parts)


def _text(widget: Static) -> str:
    renderable = getattr(widget.render(), "_renderable", None)
    if renderable is None:
        return str(widget.render())
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def shot(app: PakkaApp, name: str) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    app.save_screenshot(f"{name}.svg", str(OUT))
    return OUT / f"{name}.svg"


async def take(pilot: Pilot[Any], action: Action) -> None:
    """Take ``action`` with keys only."""
    app = pilot.app
    assert isinstance(app, PakkaApp)
    await close_summaries(pilot)
    cards = getattr(action, "cards", None)
    before = progress(app)
    if action in app.choices and app.choices.index(action) < len(CHOICE_KEYS):
        await pilot.press(CHOICE_KEYS[app.choices.index(action)])
    else:
        assert cards is not None, action
        if app.selected:
            await pilot.press("escape")
        wanted = Counter(str(c) for c in cards)
        for i, token in enumerate(app.hand):
            if wanted[token] > 0:
                wanted[token] -= 1
                if i < len(CARD_KEYS):
                    await pilot.press(CARD_KEYS[i])
                else:  # beyond the letters: walk the cursor there
                    await pilot.press(*(["right"] * (i - app.cursor)), "space")
        assert not +wanted, f"cards {cards} not in hand {app.hand}"
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ChooseScreen):
            same = [a for a, c in app.card_actions if c == Counter(str(x) for x in cards)]
            await pilot.press(CHOICE_KEYS[same.index(action)])
    await settle(pilot)
    for _ in range(100):  # a server answers asynchronously
        if progress(app) > before or app.message:
            break
        await pilot.pause(0.02)


async def play_by_keys(
    pilot: Pilot[Any],
    rng: random.Random,
    max_turns: int = 2000,
    until: Any = None,
    policy: Callable[[list[Action], random.Random], Action] | None = None,
) -> int:
    """Play the person's turns until the match ends (or ``until(app)`` is true).

    ``policy(legal, rng)`` picks the person's action (default: any legal action).
    """
    app = pilot.app
    assert isinstance(app, PakkaApp)
    turns = 0
    await wait_turn(pilot)
    while turns < max_turns:
        view = app.session.view
        if view is None or app.is_over() or (until and until(app)):
            break
        legal = app.session.legal
        if not legal:
            await wait_turn(pilot)
            if not app.session.legal and not app.is_over():
                raise AssertionError(f"stuck: nothing to do at {view.phase}")
            continue
        before = progress(app)
        await take(pilot, policy(legal, rng) if policy else rng.choice(legal))
        assert progress(app) > before, f"the key presses did not act: {app.message}"
        turns += 1
    return turns

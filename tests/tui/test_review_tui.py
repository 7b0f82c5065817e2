"""The terminal's review screen (issue 30): ``pakka review --tui`` and ``r`` in ``pakka play``."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from tests.tui.driver import close_summaries, play_by_keys, settle

import pakka.games
from pakka.review import summary
from pakka.review.sample import sample_match
from pakka.tui.app import PakkaApp
from pakka.tui.review import ReviewApp, ReviewScreen
from pakka.tui.session import LocalSession


async def _until_done(pilot: Any, screen: ReviewScreen) -> None:
    for _ in range(600):
        if screen.done:
            return
        await pilot.pause(0.05)
    raise AssertionError("the review did not finish")


def _text(widget: Any) -> str:
    return str(widget.render())


def test_the_review_screen_lists_marks_and_shows_every_hand() -> None:
    record = sample_match("pentagrammi", 3)
    app = ReviewApp(record, 1, "fi")

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            await _until_done(pilot, screen)
            await pilot.pause()
            mine = [e for e in record["actions"] if e["seat"] == 1]
            assert len(screen.decisions) == len(mine)
            box = screen.query_one("#review-list")
            assert box.option_count == len(mine)
            head = _text(screen.query_one("#review-summary"))
            assert head == summary("pentagrammi", screen.decisions, "fi")
            detail = _text(screen.query_one("#review-text"))
            assert "Kaikki kädet" in detail and "Pelaaja 5" in detail
            marked = [i for i, d in enumerate(screen.decisions) if d.mark]
            await pilot.press("m")
            if marked:
                assert box.highlighted == next((i for i in marked if i > 0), box.highlighted)
            await pilot.press("q")
            await pilot.pause()
        assert not app.is_running

    asyncio.run(main())


def test_r_reviews_the_match_just_played() -> None:
    state = pakka.games.get("pentagrammi").new_match(seed=5, options={"deals": 1})
    app = PakkaApp(LocalSession(state, ["normal"], "en"), "en")

    async def main() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await play_by_keys(pilot, random.Random(1))
            await close_summaries(pilot)
            assert app.is_over()
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)
            await _until_done(pilot, app.screen)
            assert app.screen.decisions

    asyncio.run(main())

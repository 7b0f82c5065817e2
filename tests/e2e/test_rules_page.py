"""The rules pages as a person reads them (issue 17: they showed internal file paths and
their "Suomeksi" link went nowhere)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pakka import plugins
from tests.e2e.conftest import require_browser
from tests.server.conftest import toy  # noqa: F401  (fixture used by `server`)

require_browser()

INTERNAL = re.compile(r"shared/|seeds/|\.txt\b|\.md\b|\bseed text\b")


@pytest.mark.parametrize("game", plugins.shipped())
def test_the_rules_show_no_file_paths_and_link_to_the_other_language(
    game: str, server: str, browser: Any
) -> None:
    page = browser.new_page()
    page.goto(f"{server}/rules.html?game={game}&lang=en")
    link = page.locator("#rules a[data-lang='fi']")
    link.wait_for(timeout=15_000)
    assert page.evaluate("document.documentElement.lang") == "en"
    text = page.inner_text("#rules")
    assert not INTERNAL.search(text), INTERNAL.search(text)
    assert link.inner_text().strip() and not link.inner_text().endswith(".md")
    link.click()
    back = page.locator("#rules a[data-lang='en']")
    back.wait_for(timeout=15_000)
    assert page.evaluate("document.documentElement.lang") == "fi"
    text = page.inner_text("#rules")
    assert not INTERNAL.search(text), INTERNAL.search(text)
    page.close()


HOW_TO = {"en": "How to play", "fi": "Näin pelataan"}


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("game", plugins.shipped())
def test_the_rules_open_with_how_to_play_in_cards_and_fit_a_phone(
    game: str, lang: str, server: str, browser: Any
) -> None:
    """Issue 28: the rules read like a specification and Anarchy's scrolled sideways on a
    phone.  Each page opens with a short "How to play" whose example plays are drawn as
    cards from their notation, and nothing is wider than a 390-pixel screen."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{server}/rules.html?game={game}&lang={lang}")
    page.locator("#rules h2").first.wait_for(timeout=15_000)
    first = page.locator("#rules h2").first.inner_text()
    assert first == HOW_TO[lang], first
    # the section before the next heading shows example plays as card pictures
    pictures = page.evaluate(
        """() => {
          const h = document.querySelector('#rules h2');
          let n = 0;
          for (let e = h.nextElementSibling; e && e.tagName !== 'H2'; e = e.nextElementSibling)
            n += e.querySelectorAll('.cards-pic .card-pic').length;
          return n;
        }"""
    )
    assert pictures >= 3, pictures
    section = page.evaluate(
        """() => { const h = document.querySelector('#rules h2'); let t = '';
          for (let e = h.nextElementSibling; e && e.tagName !== 'H2'; e = e.nextElementSibling)
            t += e.innerText + ' '; return t; }"""
    )
    assert not re.search(r"seats? \d|`|_", section), section  # player language only
    wide = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert wide[0] <= wide[1], wide
    context.close()

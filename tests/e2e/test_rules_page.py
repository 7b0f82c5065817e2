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

"""Chromium for the web client's tests: Debian's chromium (or $CHROMIUM), driven headless by Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.webclient.browser import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture
def chromium() -> str:
    """Debian's chromium (or $CHROMIUM). Missing: a failure under CI, a skip with the reason elsewhere.
    Asked for first, so a machine without it skips before a worker starts (the run's one server, a
    session fixture, may be up already)."""
    if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
        reason = f"no Chromium at {CHROMIUM}: apt-get install chromium, or set CHROMIUM to a Chromium binary"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return CHROMIUM


@pytest.fixture
def browser(chromium: str) -> Iterator[Browser]:
    """Headless Chromium. Asked for after the live server: it is closed first, so no Playwright event loop
    is running in this thread when the database is flushed."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()

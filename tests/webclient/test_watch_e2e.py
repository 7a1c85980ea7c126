"""Watching in the browser: the game page following a table from no seat, and replaying a finished hand
trick by trick. Headless Chromium against the running service with a real Celery worker playing the bots.

A player of the test's own (over HTTP) sits at seat 0 with three bots; the page, with a token of its own
(a watcher account), opens /play/?watch=<table>. It shows no hand, names the seats by the compass, and
follows the events feed: every trick comes onto its felt card by card and whole, the players' bids reach
its log, and the hand's score breakdown is the API's record. The replay of that hand then steps through
the record: the four hands as play began, each trick with its winner and the tricks won so far, back and
forth, in English and in Japanese; and its review shows the API's double dummy review of the hand, card by
card. Screenshots in artifacts/.
"""

from __future__ import annotations

import uuid
from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.webclient.browser import ARTIFACTS, WAIT_MS, WATCH_TRICK, Client

pytestmark = pytest.mark.django_db(transaction=True)
COMPASS = ["South", "West", "North", "East"]  # seat 0 at the bottom, then clockwise


def fast_page(browser: Browser, locale: str = "en-US") -> tuple[Page, list[str]]:
    """A page whose CPU pace is "fast" (kept in localStorage as the player's choice), and its script errors."""
    context = browser.new_context(locale=locale, viewport={"width": 1100, "height": 950})
    context.add_init_script("localStorage.setItem('spades.pace', 'fast')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def replay_hands(page: Page) -> list[list[str]]:
    return [page.get_by_test_id(f"replay-hand-{seat}").locator(".card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)") for seat in range(4)]


def check_replay_step(page: Page, record: dict[str, Any], step: int) -> None:
    """The replay shows the record after ``step`` tricks: hands, the trick just played, tricks won."""
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", str(step))
    played = {card for trick in record["tricks"][:step] for card in trick["cards"]}
    for seat, cards in enumerate(replay_hands(page)):
        assert sorted(cards) == sorted(c for c in record["dealt"][seat] if c not in played)
        won = sum(1 for trick in record["tricks"][:step] if trick["winner"] == seat)
        expect(page.get_by_test_id(f"replay-won-{seat}")).to_have_attribute("data-won", str(won))
    shown = page.get_by_test_id("replay-trick-card")
    if step == 0:
        expect(shown).to_have_count(0)
        return
    trick = record["tricks"][step - 1]
    expect(shown).to_have_count(4)
    for i, card in enumerate(trick["cards"]):
        expect(page.locator(f"[data-testid=replay-trick-card][data-card='{card}']")).to_have_attribute(
            "data-seat", str((trick["leader"] + i) % 4))
    expect(page.locator("[data-testid=replay-trick-card].winner")).to_have_attribute("data-seat", str(trick["winner"]))
    expect(page.get_by_test_id("replay-caption")).to_have_text(f"{COMPASS[trick['winner']]} took it")


def check_review(page: Page, review: dict[str, Any], record: dict[str, Any]) -> None:
    """The review sheet shows the API's review: every card in play order with its cost, "?" where the budget
    did not reach, the costly ones marked, and the par of each side (or that it is missing)."""
    sheet = page.get_by_test_id("review")
    expect(sheet).to_have_attribute("data-analysed", str(review["analysed"]))
    plays = page.get_by_test_id("review-play")
    expect(plays).to_have_count(52)
    shown = plays.evaluate_all(
        "tds => tds.map(td => [td.dataset.card, td.dataset.cost, td.classList.contains('costly')])")
    assert [card for card, _, _ in shown] == [c for trick in record["tricks"] for c in trick["cards"]]
    assert [(cost, costly) for _, cost, costly in shown] == [
        ("?", False) if p["cost"] is None else (str(p["cost"]), p["cost"] > 0) for p in review["plays"]]
    assert any(cost != "?" for _, cost, _ in shown)  # the last tricks always fit the budget
    if review["par"] is None:
        expect(page.get_by_test_id("review-par-missing")).to_be_visible()
    else:
        for side in review["par"]:
            expect(page.get_by_test_id(f"review-par-{side['side']}")).to_have_attribute(
                "data-tricks", str(side["makeable_tricks"]))


def test_watch_a_table_and_replay_its_hand(chromium: str, asgi_server: str, start_worker: Any,
                                           browser: Browser) -> None:
    start_worker()
    ARTIFACTS.mkdir(exist_ok=True)
    alice = Client(asgi_server, f"alice-{uuid.uuid4().hex[:6]}")
    table = alice.post("/tables/", {"preset": "standard", "take_seat": 0, "seats": [
        {"type": "open"}, *[{"type": "bot", "level": "easy"}] * 3]}, status=201)["id"]

    page, errors = fast_page(browser)
    page.goto(f"{asgi_server}/play/?watch={table}")
    felt = page.get_by_test_id("table")
    expect(felt).to_have_attribute("data-spectator", "1", timeout=WAIT_MS)
    expect(felt).to_have_attribute("data-table-id", table)
    expect(page.get_by_test_id("watching")).to_be_visible()
    expect(page.get_by_test_id("hand")).to_be_hidden()
    expect(page.get_by_test_id("live")).to_have_attribute("data-feed", "stream")
    for seat in range(4):
        expect(page.get_by_test_id(f"seat-{seat}").locator(".seat-name")).to_contain_text(COMPASS[seat])
    expect(page.get_by_test_id("seat-0")).to_contain_text(alice.name)
    expect(page.get_by_test_id("team-0").locator(".team-name")).to_have_text("South & North")
    watcher = page.get_by_test_id("whoami").inner_text()
    assert watcher.startswith("watcher-") and watcher != alice.name
    page.evaluate(WATCH_TRICK)

    # Alice plays her hand over HTTP; the page only watches.
    alice.play_until(table, lambda: alice.get(f"/tables/{table}/")["view"]["hands_played"] >= 1)
    record = alice.get(f"/tables/{table}/hands/1/")
    breakdown = page.get_by_test_id("breakdown")
    expect(breakdown).to_be_visible(timeout=3 * WAIT_MS)
    counts = page.evaluate("window.trickCounts")
    assert all(b - a <= 1 for a, b in pairwise(counts)), counts
    assert counts.count(4) == 13, counts
    log = page.get_by_test_id("log")
    for seat, bid in enumerate(record["bids"]):
        words = "bid nil" if bid["tricks"] == 0 else f"bid {bid['tricks']}"
        expect(log).to_contain_text(f"{COMPASS[seat]} {words}")
    south = next(s for s in record["sides"] if 0 in s["seats"])
    east = next(s for s in record["sides"] if 0 not in s["seats"])
    expect(breakdown.locator("thead th[data-team]")).to_have_text(["South & North", "West & East"])
    expect(breakdown.locator("tr[data-row=score] td")).to_have_text(
        [f"{south['score_before']} → {south['score_after']}", f"{east['score_before']} → {east['score_after']}"])
    page.screenshot(path=str(ARTIFACTS / "webclient-watch.png"))

    # The replay of that hand, trick by trick, forward and back.
    page.get_by_test_id("breakdown-replay").click()
    replay = page.get_by_test_id("replay")
    expect(replay).to_be_visible()
    expect(replay).to_have_attribute("data-hand", "1")
    check_replay_step(page, record, 0)
    expect(page.get_by_test_id("replay-prev")).to_be_disabled()
    page.get_by_test_id("replay-next").click()
    check_replay_step(page, record, 1)
    page.get_by_test_id("replay-next").click()
    check_replay_step(page, record, 2)
    page.screenshot(path=str(ARTIFACTS / "webclient-replay.png"))
    page.get_by_test_id("replay-prev").click()
    check_replay_step(page, record, 1)
    page.get_by_test_id("replay-last").click()
    check_replay_step(page, record, 13)
    expect(page.get_by_test_id("replay-next")).to_be_disabled()
    page.keyboard.press("ArrowLeft")
    check_replay_step(page, record, 12)
    page.get_by_test_id("replay-close").click()
    expect(replay).to_be_hidden()
    expect(breakdown).to_be_visible()

    # The hand's double dummy review, asked again while the worker computes it (202), as the API serves it.
    analysis_answers: list[int] = []
    page.on("response",
            lambda r: analysis_answers.append(r.status) if r.url.endswith("/hands/1/analysis/") else None)
    breakdown.get_by_test_id("breakdown-review").click()
    sheet = page.get_by_test_id("review")
    expect(sheet).to_be_visible()
    expect(sheet).to_have_attribute("data-state", "ready", timeout=3 * WAIT_MS)
    assert set(analysis_answers) <= {200, 202} and analysis_answers[-1] == 200, analysis_answers
    check_review(page, alice.get(f"/tables/{table}/hands/1/analysis/"), record)
    page.screenshot(path=str(ARTIFACTS / "webclient-review.png"))
    page.get_by_test_id("review-close").click()
    expect(sheet).to_be_hidden()
    expect(breakdown).to_be_visible()
    breakdown.get_by_test_id("breakdown-close").click()

    # In Japanese, from the "last hand" button: the breakdown, then its replay again.
    page.get_by_test_id("lang-switch").click()
    page.get_by_test_id("show-last-hand").click()
    expect(page.get_by_test_id("team-0").locator(".team-name")).to_have_text("南・北")
    page.get_by_test_id("breakdown-replay").click()
    expect(page.get_by_test_id("replay-step")).to_have_text("プレイ開始時の手札")
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("replay-step")).to_have_text("13トリック中1回目")
    expect(page.get_by_test_id("replay-caption")).to_contain_text("が取りました")
    expect(page.get_by_test_id("replay-trick-card")).to_have_count(4)
    page.screenshot(path=str(ARTIFACTS / "webclient-replay-ja.png"))
    assert errors == [], errors

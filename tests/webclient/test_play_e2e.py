"""The /play/ page end to end: a real headless Chromium (Debian's chromium, driven by Playwright) against the
running service (uvicorn on the test database) with a real Celery worker playing the bots.

One game, as a person would play it: start a standard game against easy bots, bid the suggested bid from
the hint, press a dimmed card and read the API's reason for it, play the whole first hand until its score
breakdown shows, reload the page and continue the same table. Everything the page shows is checked against
what the API answers for the same token. Screenshots (desktop and phone size) are kept in artifacts/.
Counted from the page's own requests, each move costs one POST actions/ and the feed's long-polls, and no
read of the table or legal/ (the one-round-trip loop: both answers carry the table and the legal moves).

On the way, the felt at a person's pace: the cards come onto the table one at a time; each finished trick
stays on the table with its winner marked and named (checked against the API's record of that trick); with
the default setting it goes by itself after the pause, with "wait for my click" it is still there well
after the pause and goes on a click; the setting is kept in localStorage across a reload. On every turn
the sides' tricks taken against their bids and each seat's tricks agree with the API's view.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.webclient.browser import ARTIFACTS, WAIT_MS, WATCH_TRICK, Api

PHONE = {"width": 390, "height": 844}

pytestmark = pytest.mark.django_db(transaction=True)


def signed(n: int) -> str:
    """A score line as the page writes it: +40, -60, 0."""
    return f"+{n}" if n > 0 else str(n)


def check_requests_per_move(moves: list[tuple[list[tuple[str, str]], int, bool]], table_id: str) -> None:
    """Each move of the hand cost one POST actions/ and nothing else: the other seats' moves, the table and the
    legal actions after each came on the one events stream the page holds open (pushed, no long-poll of
    events/), never a read of the table or of legal/, but for the one legal/ that says why a pressed dimmed
    card cannot be played; after the last move come the hand's record for its breakdown and the hint for
    the next hand's bid. A stream is opened again only if it dropped (the server ends one after minutes)."""
    base = f"/api/v1/tables/{table_id}/"
    reopened = 0
    for i, (requests, _advance, explained) in enumerate(moves):
        assert all(path.startswith(base) for _, path in requests), requests
        counts = Counter((method, path.removeprefix(base)) for method, path in requests)
        assert counts.pop(("POST", "actions/")) == 1, requests
        assert counts.pop(("GET", "legal/"), 0) == int(explained), requests
        if i == len(moves) - 1:  # the hand is over: its record, and the next hand's bid hint when it is ours
            assert counts.pop(("GET", "hands/1/"), 0) <= 1, requests
            assert counts.pop(("GET", "hint/"), 0) <= 1, requests
        reopened += counts.pop(("GET", "events/stream/"), 0)
        assert not counts, f"move {i + 1} read {dict(counts)} besides the loop"
    assert reopened <= 1, f"the stream was opened {reopened} times more during one hand"


def wait_for_my_turn_or_breakdown(page: Page) -> None:
    page.wait_for_function(
        "() => document.querySelector('#table').dataset.mine === 'play'"
        " || !document.querySelector('[data-testid=breakdown]').hidden", timeout=WAIT_MS)


def press_and_wait(page: Page, button: Locator) -> None:
    """Press a button that acts, and wait until the page shows the table after the action (a new seq)."""
    seq = page.get_by_test_id("table").get_attribute("data-seq")
    button.click()
    page.wait_for_function("seq => document.querySelector('#table').dataset.seq !== seq", arg=seq,
                           timeout=WAIT_MS)


HELD = "() => document.querySelector('[data-testid=trick]').dataset.held"
NORMAL_PAUSE_MS = 1500  # the page's default pause after a trick (PACES.normal.pause in app.js)


def check_totals(page: Page, api: Api) -> None:
    """The scoreboard's taken/bid per side (ours first) and each seat's tricks, against the API's view."""
    view = api.get("/")["view"]
    ours = next(side for side in view["sides"] if 0 in side)
    theirs = next(side for side in view["sides"] if 0 not in side)
    for i, side in enumerate((ours, theirs)):
        taken = sum(view["tricks_won"][seat] for seat in side)
        bid = sum(view["bids"][seat]["tricks"] for seat in side)
        expect(page.get_by_test_id(f"team-tricks-{i}")).to_have_text(f"{taken}/{bid}")
    for seat in range(4):  # seat 0 is ours, so the page's positions are the seats
        expect(page.get_by_test_id(f"seat-counts-{seat}")).to_have_attribute("data-won", str(view["tricks_won"][seat]))


def check_held_trick(page: Page, api: Api, number: int) -> None:
    """Trick ``number`` is held on the felt: its four cards as the API recorded them, the winner's card marked
    and the winner named in the caption."""
    page.wait_for_function(f"() => ({HELD})() === '{number}'", timeout=WAIT_MS)
    trick = page.get_by_test_id("trick")
    recorded = api.get("/")["view"]["tricks"][number - 1]  # an early trick: the hand is still on
    cards = recorded["cards"]
    expect(trick.locator(".card")).to_have_count(4)
    for i, card in enumerate(cards):
        seat = (recorded["leader"] + i) % 4
        expect(trick.locator(f".card[data-card='{card}']")).to_have_attribute("data-seat", str(seat))
    winner = recorded["winner"]
    expect(trick.locator(".card.winner")).to_have_count(1)
    expect(trick.locator(".card.winner")).to_have_attribute("data-seat", str(winner))
    names = ["You", "Left", "Partner", "Right"]
    expect(page.get_by_test_id("trick-caption")).to_contain_text(f"{names[winner]} took it")
    expect(page.get_by_test_id("trick-next")).to_be_visible()


def test_play_a_hand_in_the_browser(chromium: str, asgi_server: str, start_worker: Any, browser: Browser) -> None:
    start_worker()
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(locale="en-US", viewport={"width": 1100, "height": 950})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    # Start: standard rules, easy opponents.
    page.goto(asgi_server + "/play/")
    page.get_by_test_id("preset-standard").check()
    page.get_by_test_id("level-easy").check()
    page.get_by_test_id("start").click()
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-mine", "bid", timeout=WAIT_MS)
    table_id = table.get_attribute("data-table-id")
    token = page.evaluate("localStorage.getItem('spades.token')")
    assert table_id and token
    api = Api(asgi_server, token, table_id)
    # The settings start at their defaults: a pause after each trick, the CPUs at normal pace.
    expect(page.get_by_test_id("trick-end")).to_have_value("pause")
    expect(page.get_by_test_id("pace")).to_have_value("normal")

    # Bid: the page shows the hint endpoint's suggestion and the cards it counted; bid it.
    hint = api.get("/hint/")
    shown = page.get_by_test_id("hint-bid")
    expect(shown).to_have_attribute("data-bid", str(hint["action"]["bid"]))
    expect(page.get_by_test_id("hint-counted").locator(".chip")).to_have_count(len(hint["counted"]))
    for card in hint["counted"]:
        expect(page.get_by_test_id(f"card-{card}")).to_have_class(re.compile(r"\bcounted\b"))
    press_and_wait(page, page.get_by_test_id(f"bid-{hint['action']['bid']}"))
    assert api.get("/")["view"]["bids"][0]["tricks"] == hint["action"]["bid"]
    trick_end = page.get_by_test_id("trick-end")
    page.evaluate(WATCH_TRICK)

    # Play the whole hand: press a legal card on every turn until the breakdown shows. On the first turn
    # with a dimmed card, press it first: the page shows the API's reason for that card.
    breakdown = page.get_by_test_id("breakdown")
    message = page.get_by_test_id("message")
    reason_shown = None
    plays = 0
    # The page's requests, to count them move by move: the one-round-trip loop is one POST actions/ per
    # move and one long-poll of events/ per answer of the feed, each bringing the table and the legal moves.
    requests: list[tuple[str, str]] = []
    page.on("request", lambda request: requests.append((request.method, urlsplit(request.url).path)))
    moves: list[tuple[list[tuple[str, str]], int, bool]] = []  # (its requests, entries it took, card explained)
    mark, seq_at, explained = 0, 0, False
    while True:
        wait_for_my_turn_or_breakdown(page)
        seq_now = int(table.get_attribute("data-seq") or 0)
        if plays:
            moves.append((requests[mark:], seq_now - seq_at, explained))
        mark, seq_at, explained = len(requests), seq_now, False
        if breakdown.is_visible():
            break
        dimmed = page.locator("[data-testid=hand] .card.illegal")
        if reason_shown is None and dimmed.count():
            card = dimmed.first.get_attribute("data-card")
            dimmed.first.click()
            why = next(c for c in api.get("/legal/")["cards"] if c["card"] == card)
            assert not why["playable"]
            expect(message).to_be_visible()
            expect(message).to_have_attribute("data-reason", why["reason"])
            expect(message).to_contain_text(why["message"])
            reason_shown = why["reason"]
            explained = True
            # Pressing it changed nothing: it is still this seat's turn at the same seq.
            expect(table).to_have_attribute("data-mine", "play")
        check_totals(page, api)
        if plays == 1:
            # From the second trick on: wait for a click.
            trick_end.select_option("click")
            assert page.evaluate("localStorage.getItem('spades.trick_end')") == "click"
        if plays == 2:
            trick_end.select_option("pause")
            page.get_by_test_id("pace").select_option("fast")  # the rest of the hand quickly
        press_and_wait(page, page.locator("[data-testid=hand] .card[data-playable=true]").first)
        plays += 1
        if plays == 1:
            # The first trick stays with its winner marked, then goes by itself after the pause.
            check_held_trick(page, api, 1)
            page.screenshot(path=str(ARTIFACTS / "webclient-trick-held.png"))
            page.wait_for_function(f"() => ({HELD})() === ''", timeout=WAIT_MS)
            expect(page.get_by_test_id("trick").locator(".card.winner")).to_have_count(1)  # now faded
        if plays == 2:
            # Waiting for a click: still there well after the pause, gone on the click.
            check_held_trick(page, api, 2)
            page.wait_for_timeout(NORMAL_PAUSE_MS + 1000)
            assert page.evaluate(HELD) == "2"
            assert page.get_by_test_id("table").get_attribute("data-mine") == ""
            page.get_by_test_id("trick-next").click()
            page.wait_for_function(f"() => ({HELD})() !== '2'", timeout=WAIT_MS)
    assert plays == 13, "one card from each of the 13 tricks"
    check_requests_per_move(moves, table_id)
    # The cards came onto the felt one at a time, and every one of the 13 tricks was shown whole.
    counts = page.evaluate("window.trickCounts")
    assert all(b - a <= 1 for a, b in pairwise(counts)), counts
    assert counts.count(4) == 13, counts
    assert reason_shown in {"must_follow_suit", "spades_not_broken"}

    # The breakdown is the API's record of hand 1, our side first.
    record = api.get("/hands/1/")
    ours = next(s for s in record["sides"] if 0 in s["seats"])
    theirs = next(s for s in record["sides"] if 0 not in s["seats"])
    points = breakdown.locator("tr[data-row=points] td")
    expect(points).to_have_text([signed(ours["points"]), signed(theirs["points"])])
    expect(breakdown.locator("tr[data-row=score] td")).to_have_text(
        [f"{ours['score_before']} → {ours['score_after']}", f"{theirs['score_before']} → {theirs['score_after']}"])
    page.screenshot(path=str(ARTIFACTS / "webclient-e2e.png"))
    breakdown.get_by_test_id("breakdown-close").click()
    expect(breakdown).to_be_hidden()
    expect(page.get_by_test_id("score-0")).to_have_text(str(ours["score_after"]))
    expect(page.get_by_test_id("score-1")).to_have_text(str(theirs["score_after"]))

    expect(page.get_by_test_id("live")).to_have_attribute("data-feed", "stream")  # each move pushed, no long-poll

    # Close the page and come back: "continue" finds the unfinished game on the server, and the page
    # keeps the player's setting. This time no event stream gets through (as behind a proxy that refuses
    # them): the page follows the table on the long-poll instead.
    trick_end.select_option("click")
    page.route(re.compile(r"/events/stream/"), lambda route: route.abort())
    page.reload()
    expect(page.get_by_test_id("continue")).to_be_visible(timeout=WAIT_MS)
    page.get_by_test_id("continue").click()
    expect(table).to_be_visible()
    expect(table).to_have_attribute("data-table-id", table_id)
    expect(page.get_by_test_id("hand-number")).to_have_text("#2", timeout=WAIT_MS)
    expect(page.get_by_test_id("score-0")).to_have_text(str(ours["score_after"]))
    expect(table).to_have_attribute("data-mine", "bid", timeout=WAIT_MS)
    expect(page.get_by_test_id("live")).to_contain_text("live", timeout=WAIT_MS)
    expect(page.get_by_test_id("live")).to_have_attribute("data-feed", "poll")
    expect(trick_end).to_have_value("click")
    expect(page.get_by_test_id("pace")).to_have_value("fast")
    expect(page.get_by_test_id("team-tricks-0")).to_have_text(re.compile(r"^0/"))

    # Phone size: nothing wider than the screen; the whole table and hand still shown.
    page.set_viewport_size(PHONE)
    expect(page.get_by_test_id("hand").locator(".card")).to_have_count(13)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(ARTIFACTS / "webclient-e2e-phone.png"), full_page=True)

    # The language switch: the page's words turn Japanese, and it reads legal/ again asking for Japanese.
    page.get_by_test_id("lang-switch").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_test_id("status")).to_contain_text("あなたの宣言の番です")
    expect(trick_end.locator("option[value=click]")).to_have_text("クリックで次へ")
    expect(page.get_by_test_id("scores")).to_contain_text("取った/宣言")
    page.screenshot(path=str(ARTIFACTS / "webclient-e2e-phone-ja.png"), full_page=True)
    # From now on the page asks in Japanese (the messages of a refusal, the reasons of a dimmed card).
    with page.expect_request(lambda request: request.url.endswith("/actions/")) as bid_request:
        page.get_by_test_id("bid-hint").click()
    assert bid_request.value.headers["accept-language"] == "ja"
    assert errors == [], errors
    context.close()

    # A browser that prefers Japanese gets the page in Japanese from the start.
    japanese = browser.new_context(locale="ja-JP")
    page = japanese.new_page()
    page.goto(asgi_server + "/play/")
    expect(page.get_by_test_id("start")).to_have_text("はじめる")
    japanese.close()

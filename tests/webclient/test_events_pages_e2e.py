"""The tournament and ladder pages in the browser (/play/tournaments/, /play/ladders/): headless Chromium
against the running service; every figure the pages show is checked against the API's own answer.

Tournament: a single elimination of four entries, one of them the organiser (playing over HTTP in the
test) with a CPU partner, the others CPU pairs played by a real Celery worker. From the list to its page:
the entries, the organiser's match among the live tables and the link that watches it from no seat, then,
once it is over, the standings, every match's result and the bracket picture, and a finished match's link
to the replay of its first hand; in English and Japanese.

Ladder: four built-in bots rated over three one-hand games (opened by the ladder's scheduler and played in
this process); the leaderboard's rank, rating, mu, sigma, games and wins, and the chart's line of each
entry's mu game by game as the history endpoint gives it; a row pressed hides its line. Screenshots in
artifacts/.
"""

from __future__ import annotations

import time
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from tests.tournaments.helpers import play_out
from tests.webclient.browser import ARTIFACTS, WAIT_MS, Client
from tournaments import ladders

pytestmark = pytest.mark.django_db(transaction=True)


def new_page(browser: Browser) -> tuple[Page, list[str]]:
    context = browser.new_context(locale="en-US", viewport={"width": 1100, "height": 950})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def play_my_tables(player: Client, tournament: str, *, seconds: float = 240) -> None:
    """Move at the player's tournament tables whenever it is their turn, until the tournament is over."""
    deadline = time.monotonic() + seconds
    while player.get(f"/tournaments/{tournament}/")["status"] != "finished":
        assert time.monotonic() < deadline, "the tournament did not finish"
        mine = player.get("/tables/", player="me", status="playing", tournament=tournament)["results"]
        if not any([player.move(table["id"]) for table in mine]):
            if mine:
                player.get(f"/tables/{mine[0]['id']}/events/", after=mine[0]["seq"], wait=1)
            else:
                time.sleep(0.3)  # the next round is paired when the other match ends


def test_follow_a_tournament(chromium: str, asgi_server: str, start_worker: Any, browser: Browser) -> None:
    start_worker()
    ARTIFACTS.mkdir(exist_ok=True)
    org = Client(asgi_server, f"org-{uuid.uuid4().hex[:6]}")
    name = f"Winter cup {uuid.uuid4().hex[:4]}"
    tid = org.post("/tournaments/", {"name": name, "format": "single_elimination", "preset": "standard",
                                     "overrides": {"move_seconds": None}, "hands_per_match": 1}, status=201)["id"]
    org.post(f"/tournaments/{tid}/entries/", {"name": "Org and CPU", "members": [{"player": "me"},
                                                                                {"bot_level": "easy"}]}, status=201)
    for i in range(3):
        org.post(f"/tournaments/{tid}/entries/", {"name": f"CPU pair {i + 1}", "members": [{"bot_level": "easy"}] * 2},
                 status=201)
    org.post(f"/tournaments/{tid}/start/")
    api = org.get(f"/tournaments/{tid}/")

    page, errors = new_page(browser)
    page.goto(f"{asgi_server}/play/")
    page.get_by_test_id("nav-tournaments").click()
    expect(page.get_by_test_id("tournament-list")).to_be_visible()
    page.get_by_role("link", name=name).click()
    expect(page.get_by_test_id("tournament-name")).to_have_text(name)
    expect(page.get_by_test_id("tournament-info")).to_contain_text("Single elimination · being played")
    rows = page.get_by_test_id("entries").locator("tbody tr")
    expect(rows).to_have_count(4)
    for entry in api["entries"]:
        row = page.locator(f"[data-testid=entries] tr[data-entry='{entry['id']}']")
        expect(row.locator("td").nth(0)).to_have_text(str(entry["seed"]))
        expect(row.locator("td").nth(1)).to_have_text(entry["name"])

    # The organiser's match waits for them: it is a live table, and its link watches it from no seat.
    mine = org.get("/tables/", player="me", status="playing", tournament=tid)["results"][0]["id"]
    live = page.locator(f"[data-testid=live-tables] li[data-table='{mine}']")
    expect(live).to_contain_text("Org and CPU")
    round_1 = org.get(f"/tournaments/{tid}/rounds/")[0]
    expect(page.locator(".round[data-round='1'] [data-testid=match]")).to_have_count(len(round_1["matches"]))
    page.screenshot(path=str(ARTIFACTS / "webclient-tournament-live.png"), full_page=True)
    live.get_by_test_id("watch").click()
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-table-id", mine, timeout=WAIT_MS)
    expect(table).to_have_attribute("data-spectator", "1")
    page.go_back()
    expect(page.get_by_test_id("tournament-name")).to_have_text(name)

    play_my_tables(org, tid)
    expect(page.get_by_test_id("tournament-page")).to_have_attribute("data-status", "finished", timeout=WAIT_MS)
    standings = org.get(f"/tournaments/{tid}/standings/")
    expect(page.get_by_test_id("standings").locator("tbody tr")).to_have_count(len(standings))
    for row in standings:
        shown = page.locator(f"[data-testid=standings] tr[data-entry='{row['entry']}']")
        expect(shown).to_have_attribute("data-rank", str(row["rank"]))
        expect(shown.get_by_test_id("points")).to_have_text(f"{row['points']:g}")
        if row["eliminated_in"]:
            expect(shown).to_contain_text(f"out in round {row['eliminated_in']}")
    rounds = org.get(f"/tournaments/{tid}/rounds/")
    names = {entry["id"]: entry["name"] for entry in api["entries"]}
    for rnd in rounds:
        for match in rnd["matches"]:
            shown = page.locator(f"[data-testid=match][data-table='{match['table']}']")
            expect(shown).to_have_attribute("data-status", "finished")
            expect(shown.get_by_test_id("result")).to_contain_text(f"{names[match['winner']]} wins")
    champion = standings[0]["name"]
    assert champion in org.http.get(f"/tournaments/{tid}/bracket.svg").text
    bracket = page.get_by_test_id("bracket")
    expect(bracket).to_have_attribute("src", f"/api/v1/tournaments/{tid}/bracket.svg?results=2.3&lang=en")
    page.wait_for_function("() => document.querySelector('[data-testid=bracket]').naturalWidth > 0", timeout=WAIT_MS)
    page.screenshot(path=str(ARTIFACTS / "webclient-tournament.png"), full_page=True)

    page.get_by_test_id("lang-switch").click()
    expect(page.get_by_test_id("tournament-info")).to_contain_text("シングルエリミネーション · 終了")
    expect(page.locator("h3").filter(has_text="順位")).to_be_visible()
    expect(page.locator(f"[data-testid=match][data-table='{rounds[-1]['matches'][0]['table']}']")).to_contain_text(
        f"{names[rounds[-1]['matches'][0]['winner']]}の勝ち")
    # The match names come from the API in the page's language, and so does the bracket picture's text.
    japanese = org.http.get(f"/tournaments/{tid}/rounds/", headers={"Accept-Language": "ja"}).json()
    assert [m["label"] for m in japanese[-1]["matches"]] == ["決勝"]
    assert [m["label"] for m in japanese[0]["matches"]] == ["準決勝 第1試合", "準決勝 第2試合"]
    for rnd in japanese:
        for match in rnd["matches"]:
            expect(page.locator(f"[data-testid=match][data-table='{match['table']}'] td").first).to_have_text(
                match["label"])
    expect(bracket).to_have_attribute("src", f"/api/v1/tournaments/{tid}/bracket.svg?results=2.3&lang=ja")
    page.wait_for_function("() => document.querySelector('[data-testid=bracket]').complete "
                           "&& document.querySelector('[data-testid=bracket]').naturalWidth > 0", timeout=WAIT_MS)
    picture = org.http.get(f"/tournaments/{tid}/bracket.svg", params={"lang": "ja"}).text
    assert "決勝" in picture and "準決勝" in picture and "Final" not in picture
    page.screenshot(path=str(ARTIFACTS / "webclient-tournament-ja.png"), full_page=True)

    # A finished match links to the replay of its first hand.
    final = rounds[-1]["matches"][0]["table"]
    page.locator(f"[data-testid=match][data-table='{final}']").get_by_test_id("match-replay").click()
    replay = page.get_by_test_id("replay")
    expect(replay).to_be_visible(timeout=WAIT_MS)
    expect(replay).to_have_attribute("data-hand", "1")
    record = org.get(f"/tables/{final}/hands/1/")
    for seat in range(4):
        cards = page.get_by_test_id(f"replay-hand-{seat}").locator(".card").evaluate_all(
            "cards => cards.map(c => c.dataset.card)")
        assert sorted(cards) == sorted(record["dealt"][seat])
    assert errors == [], errors


def rated_games(ladder: str, count: int) -> None:
    """``count`` games opened by the ladder's scheduler, each played to its end here and rated."""
    for k in range(count):
        opened = ladders.schedule(ladder_id=ladder, now=timezone.now() + timedelta(hours=k + 1))
        assert len(opened) == 1, opened
        play_out(opened[0].table_id)
        assert ladders.rate(table_id=opened[0].table_id)


@pytest.fixture
def ladder(asgi_server: str) -> tuple[Client, str, str]:
    """A ladder of four built-in bots after three rated games: its creator, name and id. A fixture, asked for
    before the browser: the games are played in this thread, where Playwright's event loop would refuse
    Django's database calls."""
    creator = Client(asgi_server, f"ladders-{uuid.uuid4().hex[:6]}")
    name = f"Bot ladder {uuid.uuid4().hex[:4]}"
    lid = creator.post("/ladders/", {"name": name, "preset": "standard", "overrides": {"hand_cap": 1},
                                     "max_concurrent_games": 1}, status=201)["id"]
    for i, level in enumerate(["easy", "normal", "hard", "normal"]):
        creator.post(f"/ladders/{lid}/entries/", {"bot_level": level, "name": f"{level} {i + 1}"}, status=201)
    rated_games(lid, 3)
    return creator, name, lid


def test_follow_a_ladder(chromium: str, asgi_server: str, ladder: tuple[Client, str, str], browser: Browser) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    creator, name, lid = ladder
    board = creator.get(f"/ladders/{lid}/entries/")

    page, errors = new_page(browser)
    page.goto(f"{asgi_server}/play/")
    page.get_by_test_id("nav-ladders").click()
    page.get_by_role("link", name=name).click()
    expect(page.get_by_test_id("ladder-name")).to_have_text(name)
    rows = page.get_by_test_id("board-row")
    expect(rows).to_have_count(len(board))
    for i, row in enumerate(board):
        shown = rows.nth(i)
        expect(shown).to_have_attribute("data-entry", str(row["entry"]))
        for field in ("rating", "mu", "sigma"):
            expect(shown.locator(f"td[data-field={field}]")).to_have_text(f"{row[field]:.2f}")
        expect(shown.locator("td[data-field=games]")).to_have_text(str(row["games"]))
        expect(shown.locator("td[data-field=wins]")).to_have_text(str(row["wins"]))
    lines = page.get_by_test_id("chart-line")
    expect(lines).to_have_count(len(board))
    for row in board:
        history = creator.get(f"/ladders/{lid}/entries/{row['entry']}/")["history"]
        assert len(history) == row["games"] == 3
        line = page.locator(f"[data-testid=chart-line][data-entry='{row['entry']}']")
        shown = [float(v) for v in line.get_attribute("data-mu").split(",")]
        assert shown == [history[0]["mu_before"], *(change["mu"] for change in history)]
        expect(line.locator("circle")).to_have_count(4)
    page.screenshot(path=str(ARTIFACTS / "webclient-ladder.png"), full_page=True)

    # A row pressed hides its line, pressed again shows it.
    first = board[0]["entry"]
    rows.nth(0).click()
    expect(lines).to_have_count(len(board) - 1)
    expect(page.locator(f"[data-testid=chart-line][data-entry='{first}']")).to_have_count(0)
    rows.nth(0).click()
    expect(lines).to_have_count(len(board))

    page.get_by_test_id("lang-switch").click()
    expect(page.locator("h3").filter(has_text="ランキング")).to_be_visible()
    expect(page.locator("h3").filter(has_text="レーティングの推移")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "webclient-ladder-ja.png"), full_page=True)
    page.get_by_test_id("nav-tournaments").click()
    expect(page.get_by_test_id("tournament-list")).to_be_visible()
    assert errors == [], errors

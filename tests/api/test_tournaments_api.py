"""The tournaments and ladders endpoints, every response checked against the OpenAPI schema: the organiser's
and an entrant's path from creation to standings, the refusals with their codes, the bracket picture and
the ladder's opt-in, leaderboard and history."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from tests.tournaments.helpers import play_out
from tournaments import services
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def test_organise_register_start_and_follow_a_tournament(register: Any, client_for: Any) -> None:
    _, organiser_token = register()
    alice, alice_token = register()
    organiser, entrant = client_for(organiser_token), client_for(alice_token)
    created = organiser.post("/api/v1/tournaments/", {"name": "cup", "format": "single_elimination",
                                                      "hands_per_match": 1})
    assert created.status_code == 201 and created.body["status"] == "registering"
    base = f"/api/v1/tournaments/{created.body['id']}/"
    mine = entrant.post(base + "entries/", {"name": "alice+bot", "members": [{"player": "me"}, {"bot_level": "easy"}]})
    assert mine.status_code == 201 and mine.body["members"][0]["player"] == alice["name"]
    again = entrant.post(base + "entries/", {"name": "x", "members": [{"player": "me"}, {"bot_level": "easy"}]})
    assert again.status_code == 409 and again.body["code"] == "already_registered"
    for i in range(2):
        assert organiser.post(base + "entries/", {"name": f"bots{i}", "members": [{"bot_level": "easy"}] * 2}
                              ).status_code == 201
    refused = entrant.post(base + "start/")
    assert refused.status_code == 403 and refused.body["code"] == "permission_denied"
    started = organiser.post(base + "start/")
    assert started.status_code == 200 and started.body["status"] == "running" and started.body["current_round"] == 1
    late = entrant.post(base + "entries/", {"name": "late", "members": [{"bot_level": "easy"}] * 2})
    assert late.status_code == 409 and late.body["code"] == "registration_closed"

    rounds = entrant.get(base + "rounds/").body
    matches = rounds[0]["matches"]
    assert {m["result"] for m in matches} == {"bye", None}
    game = next(m for m in matches if m["table"])
    listed = entrant.get("/api/v1/tables/", {"tournament": created.body["id"]}).body["results"]
    assert [row["id"] for row in listed] == [game["table"]]
    bad = entrant.get("/api/v1/tables/", {"tournament": "not-a-uuid"})
    assert bad.status_code == 400 and bad.body["code"] == "invalid"
    assert entrant.get(base + "standings/").status_code == 200

    svg = entrant.get(base + "bracket.svg", check=False)
    assert svg.status_code == 200 and svg["Content-Type"].startswith("image/svg+xml")
    ET.fromstring(svg.content)  # well-formed
    assert b"alice+bot" in svg.content


def test_withdraw_and_list(register: Any, client_for: Any) -> None:
    _, token = register()
    api = client_for(token)
    tid = api.post("/api/v1/tournaments/", {"name": "rr", "format": "round_robin"}).body["id"]
    entry = api.post(f"/api/v1/tournaments/{tid}/entries/", {"name": "me", "members": [{"player": "me"},
                                                                                      {"bot_level": "hard"}]}).body
    gone = api.request("DELETE", f"/api/v1/tournaments/{tid}/entries/{entry['id']}/", check=False)
    assert gone.status_code == 204
    assert api.get(f"/api/v1/tournaments/{tid}/").body["entries"] == []
    missing = api.request("DELETE", f"/api/v1/tournaments/{tid}/entries/{entry['id']}/")
    assert missing.status_code == 404 and missing.body["code"] == "not_found"
    assert api.get(f"/api/v1/tournaments/{tid}/standings/").body == []  # nothing seeded before the start
    notice = api.get(f"/api/v1/tournaments/{tid}/bracket.svg", check=False)
    assert notice.status_code == 200 and "0 entries registered" in "".join(ET.fromstring(notice.content).itertext())
    too_few = api.post(f"/api/v1/tournaments/{tid}/start/")
    assert too_few.status_code == 409 and too_few.body["code"] == "too_few_entries"
    page = api.get("/api/v1/tournaments/", {"status": "registering", "kind": "round_robin"}).body
    assert tid in [row["id"] for row in page["results"]]
    wrong = api.get("/api/v1/tournaments/", {"kind": "chess"})
    assert wrong.status_code == 400 and wrong.body["code"] == "invalid"


@pytest.mark.parametrize("body", [
    {"name": "x", "format": "knockout"},
    {"name": "x", "format": "swiss", "overrides": {"target": -5}},
    {"name": "x", "format": "double_elimination", "preset": "cutthroat3"},
    {"name": "x", "format": "swiss", "starts_at": "2001-01-01T00:00:00Z"},
    {"name": "x", "format": "swiss", "rounds": 0},
])
def test_bad_tournaments_are_refused_with_a_code(register: Any, client_for: Any, body: dict) -> None:
    _, token = register()
    refused = client_for(token).post("/api/v1/tournaments/", body)
    assert refused.status_code == 400 and refused.body["code"] in ("invalid", "invalid_rules")


@pytest.mark.parametrize("member", [{"bot_level": "godlike"}, {"player": "a\u0000b"}, {"player": "a\u0007b"},
                                    {"player": 7}, {"player": "me", "bot_level": "easy"}, "me"])
def test_a_bad_entry_member_is_refused_with_invalid(register: Any, client_for: Any, member: Any) -> None:
    """Once a KeyError (the message's braces read as a placeholder) and a NUL sent to PostgreSQL: each a 500."""
    _, token = register()
    api = client_for(token)
    tid = api.post("/api/v1/tournaments/", {"name": "rr", "format": "round_robin"}).body["id"]
    refused = api.post(f"/api/v1/tournaments/{tid}/entries/", {"name": "e", "members": [member]},
                       headers={"Accept-Language": "ja"})
    assert refused.status_code == 400 and refused.body["code"] == "invalid", refused.body
    assert "bot_level" in refused.body["errors"]["members.0"][0]
    assert api.get(f"/api/v1/tournaments/{tid}/").body["entries"] == []


def test_results_reach_standings(register: Any, client_for: Any) -> None:
    _, token = register()
    api = client_for(token)
    tid = api.post("/api/v1/tournaments/", {"name": "sw", "format": "swiss", "rounds": 1,
                                            "hands_per_match": 1}).body["id"]
    for i in range(4):
        api.post(f"/api/v1/tournaments/{tid}/entries/", {"name": f"b{i}", "members": [{"bot_level": "easy"}] * 2})
    api.post(f"/api/v1/tournaments/{tid}/start/")
    for match in Match.objects.filter(round__tournament_id=tid):
        play_out(match.table_id)
    services.advance(tournament_id=tid)
    detail = api.get(f"/api/v1/tournaments/{tid}/").body
    assert detail["status"] == "finished"
    standings = api.get(f"/api/v1/tournaments/{tid}/standings/").body
    assert sum(row["points"] for row in standings) == 2 and standings[0]["rank"] == 1
    rounds = api.get(f"/api/v1/tournaments/{tid}/rounds/").body
    assert all(m["status"] == "finished" and len(m["scores"]) == 2 for m in rounds[0]["matches"])


def test_ladder_endpoints(register: Any, client_for: Any) -> None:
    _, creator_token = register()
    _, human_token = register()
    bot, bot_token = register(kind="bot")
    creator = client_for(creator_token)
    ladder = creator.post("/api/v1/ladders/", {"name": "ladder-api", "overrides": {"hand_cap": 1, "tie": "draw"}})
    assert ladder.status_code == 201 and ladder.body["rules"]["move_seconds"] == 10
    base = f"/api/v1/ladders/{ladder.body['id']}/"
    taken = creator.post("/api/v1/ladders/", {"name": "ladder-api"})
    assert taken.status_code == 409 and taken.body["code"] == "name_taken"
    human = client_for(human_token).post(base + "entries/", {})
    assert human.status_code == 403 and human.body["code"] == "not_a_bot_account"
    yardstick = client_for(human_token).post(base + "entries/", {"bot_level": "hard"})
    assert yardstick.status_code == 403 and yardstick.body["code"] == "permission_denied"
    joined = client_for(bot_token).post(base + "entries/", {})
    assert joined.status_code == 201 and joined.body["name"] == bot["name"]
    assert creator.post(base + "entries/", {"bot_level": "hard", "name": "hard-1"}).status_code == 201
    board = creator.get(base + "entries/").body
    assert [row["rank"] for row in board] == [1, 2]
    history = creator.get(base + f"entries/{joined.body['entry']}/").body
    assert history["history"] == [] and history["games"] == 0
    assert creator.get("/api/v1/ladders/").status_code == 200
    assert creator.get(base).body["entries"] == 2
    left = client_for(bot_token).request("DELETE", base + f"entries/{joined.body['entry']}/", check=False)
    assert left.status_code == 204
    assert [row["name"] for row in creator.get(base + "entries/").body] == ["hard-1"]

"""The organisers' endpoints over HTTP, every response checked against the OpenAPI schema: cancelling a
tournament (DELETE; its tables end as abandoned and the players and watchers see it in the events feed),
editing it before the start (PATCH), pausing and resuming a ladder, and the presence a bot's requests leave."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Player
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def _running_cup(organiser: Any, entrant: Any) -> tuple[str, str]:
    """A round robin of the entrant and a bot pair, started: its id and its one table."""
    created = organiser.post("/api/v1/tournaments/", {"name": "cup", "format": "round_robin", "hands_per_match": 1})
    base = f"/api/v1/tournaments/{created.body['id']}/"
    assert entrant.post(base + "entries/", {"name": "me+bot", "members": [{"player": "me"}, {"bot_level": "easy"}]}
                        ).status_code == 201
    assert organiser.post(base + "entries/", {"name": "bots", "members": [{"bot_level": "easy"}] * 2}
                          ).status_code == 201
    assert organiser.post(base + "start/").status_code == 200
    table = Match.objects.get(round__tournament_id=created.body["id"]).table_id
    return created.body["id"], str(table)


def test_cancel_a_running_tournament(register: Any, client_for: Any) -> None:
    _, organiser_token = register()
    _, alice_token = register()
    _, watcher_token = register()
    organiser, alice, watcher = client_for(organiser_token), client_for(alice_token), client_for(watcher_token)
    tid, table = _running_cup(organiser, alice)
    base = f"/api/v1/tournaments/{tid}/"
    seen = alice.get(f"/api/v1/tables/{table}/").body["seq"]

    refused = alice.request("DELETE", base)
    assert refused.status_code == 403 and refused.body["code"] == "permission_denied"
    cancelled = organiser.request("DELETE", base)
    assert cancelled.status_code == 200 and cancelled.body["status"] == "cancelled"
    assert cancelled.body["finished_at"] is not None and len(cancelled.body["entries"]) == 2
    again = organiser.request("DELETE", base)
    assert again.status_code == 409 and again.body["code"] == "tournament_over"

    for client in (alice, watcher):  # a player and a spectator both learn it from the feed
        feed = client.get(f"/api/v1/tables/{table}/events/", {"after": seen}).body
        entry = feed["events"][-1]
        assert entry["type"] == "abandon"
        assert [e["type"] for e in entry["events"]] == ["abandoned", "game_over"]
        assert entry["events"][1]["result"] == "abandoned" and entry["events"][1]["winner"] is None
    now = alice.get(f"/api/v1/tables/{table}/").body
    assert (now["status"], now["result"], now["winner"]) == ("finished", "abandoned", None)
    assert now["view"]["phase"] == "game_over"
    late = alice.post(f"/api/v1/tables/{table}/actions/", {"type": "bid", "bid": 3, "seq": now["seq"]})
    assert late.status_code == 409 and late.body["code"] == "game_over"
    rounds = organiser.get(base + "rounds/").body
    assert rounds[0]["matches"][0]["status"] == "abandoned" and rounds[0]["matches"][0]["table"] == table
    assert organiser.get(base).body["status"] == "cancelled"


def test_edit_a_tournament_before_its_start_only(register: Any, client_for: Any) -> None:
    _, organiser_token = register()
    _, other_token = register()
    organiser, other = client_for(organiser_token), client_for(other_token)
    created = organiser.post("/api/v1/tournaments/", {"name": "winter", "format": "round_robin"}).body
    base = f"/api/v1/tournaments/{created['id']}/"
    starts = (timezone.now() + timedelta(days=1)).replace(microsecond=0)
    closes = starts - timedelta(hours=1)

    refused = other.request("PATCH", base, {"name": "mine"})
    assert refused.status_code == 403 and refused.body["code"] == "permission_denied"
    past = organiser.request("PATCH", base, {"starts_at": "2001-01-01T00:00:00Z"})
    assert past.status_code == 400 and "starts_at" in past.body["errors"]
    fixed = organiser.request("PATCH", base, {"format": "swiss"})  # not editable: ignored
    assert fixed.status_code == 200 and fixed.body["format"] == "round_robin"
    edited = organiser.request("PATCH", base, {"name": "winter cup", "starts_at": starts.isoformat(),
                                               "registration_closes_at": closes.isoformat()})
    assert edited.status_code == 200, edited.body
    assert edited.body["name"] == "winter cup" and edited.body["format"] == "round_robin"
    assert edited.body["starts_at"].startswith(starts.strftime("%Y-%m-%dT%H:%M:%S"))
    assert edited.body["registration_closes_at"].startswith(closes.strftime("%Y-%m-%dT%H:%M:%S"))

    for i in range(2):
        organiser.post(base + "entries/", {"name": f"bots{i}", "members": [{"bot_level": "easy"}] * 2})
    assert organiser.post(base + "start/").status_code == 200
    late = organiser.request("PATCH", base, {"name": "renamed"})
    assert late.status_code == 409 and late.body["code"] == "tournament_started"
    assert organiser.get(base).body["name"] == "winter cup"


def test_pause_and_resume_a_ladder(register: Any, client_for: Any) -> None:
    _, creator_token = register()
    _, other_token = register()
    creator, other = client_for(creator_token), client_for(other_token)
    ladder = creator.post("/api/v1/ladders/", {"name": "pausable"}).body
    base = f"/api/v1/ladders/{ladder['id']}/"
    refused = other.post(base + "pause/")
    assert refused.status_code == 403 and refused.body["code"] == "permission_denied"
    paused = creator.post(base + "pause/")
    assert paused.status_code == 200 and paused.body["active"] is False
    assert creator.get(base).body["active"] is False
    resumed = creator.post(base + "resume/")
    assert resumed.status_code == 200 and resumed.body["active"] is True
    missing = creator.post("/api/v1/ladders/00000000-0000-4000-8000-000000000000/pause/")
    assert missing.status_code == 404


def test_an_authenticated_request_marks_the_account_as_seen(register: Any, client_for: Any) -> None:
    bot, token = register(kind="bot")
    assert Player.objects.get(pk=bot["id"]).last_seen is None
    before = timezone.now()
    assert client_for(token).get("/api/v1/players/me/").status_code == 200
    seen = Player.objects.get(pk=bot["id"]).last_seen
    assert seen is not None and seen >= before

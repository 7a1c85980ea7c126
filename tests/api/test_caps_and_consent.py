"""What one account may hold at once, and who may challenge whom.

Each cap (an account's own tables not finished, its tournaments not over, its ladders, its challenges
waiting for an answer in all and to one account) refuses the next request with 409 and its own code, the
cap in the problem's params, and nothing made; what frees a place frees it; requests of one account sent at
the same moment at the cap's edge cannot slip past it (they commit for real, each thread on its own
connection, so the account's row lock decides). A player refuses challenges from an account it blocks, or
all challenges: the sender is told only ``challenge_refused`` and the refuser hears nothing. An open table
nobody fills closes after ``OPEN_TABLE_TTL_SECONDS``.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import services
from games.models import Block, Challenge, Player, PlayerEvent, Table
from tests.api.test_concurrency import race, together
from tournaments.models import Ladder, Tournament

pytestmark = pytest.mark.django_db

CAPS = {"MAX_OPEN_TABLES": 2, "MAX_TOURNAMENTS": 2, "MAX_LADDERS": 2, "MAX_PENDING_CHALLENGES": 3,
        "MAX_PENDING_CHALLENGES_PER_OPPONENT": 2}
BOTS = [{"type": "bot", "level": "easy"}] * 3


@pytest.fixture
def caps(settings: Any) -> dict[str, int]:
    """Small caps, so that a test reaches each in a few requests."""
    for name, value in CAPS.items():
        setattr(settings, name, value)
    return CAPS


@pytest.fixture
def account(register: Any, client_for: Any) -> Callable[..., tuple[str, Any]]:
    """``account(kind)`` -> (name, its API client)."""

    def make(kind: str = "human") -> tuple[str, Any]:
        body, token = register(f"p-{uuid.uuid4().hex[:8]}", kind)
        return body["name"], client_for(token)

    return make


def refused(response: Any, status: int, code: str, limit: int | None = None) -> dict[str, Any]:
    assert response.status_code == status and response.body["code"] == code, response.body
    if limit is not None:
        assert response.body["params"] == {"limit": limit}
        assert str(limit) in response.body["detail"]
    return response.body


def feed(client: Any) -> list[str]:
    return [e["type"] for e in client.get("/api/v1/players/me/events/").body["events"]]


def test_own_tables_not_finished_are_capped_and_only_they_count(caps: Any, account: Any) -> None:
    alice, client = account()
    playing = client.post("/api/v1/tables/", {"preset": "standard", "take_seat": 0,
                                              "seats": [{"type": "open"}, *BOTS]})
    assert playing.status_code == 201 and playing.body["status"] == "playing"
    assert client.post("/api/v1/tables/", {"preset": "standard"}).status_code == 201  # open, nobody seated
    before = Table.objects.count()
    body = refused(client.post("/api/v1/tables/", {"preset": "standard"}), 409, "too_many_open_tables", 2)
    ja = client.post("/api/v1/tables/", {"preset": "standard"}, headers={"Accept-Language": "ja"}).body
    assert ja["code"] == body["code"] and "2卓" in ja["detail"]
    assert Table.objects.count() == before

    # A challenge to a built-in bot opens a table of one's own (nobody else agreed to it): refused at the cap.
    challenges = Challenge.objects.count()
    refused(client.post("/api/v1/challenges/", {"opponent": "bot:easy"}), 409, "too_many_open_tables", 2)
    assert (Challenge.objects.count(), Table.objects.count()) == (challenges, before)

    # Finishing one (a resignation) frees its place; a bot's challenge takes it, and counts.
    resign = client.post(f"/api/v1/tables/{playing.body['id']}/actions/", {"type": "resign",
                                                                            "seq": playing.body["seq"]})
    assert resign.status_code == 200 and resign.body["table"]["status"] == "finished"
    bot = client.post("/api/v1/challenges/", {"opponent": "bot:easy"})
    assert bot.status_code == 201 and bot.body["status"] == "accepted", bot.body
    refused(client.post("/api/v1/tables/", {"preset": "standard"}), 409, "too_many_open_tables", 2)


def test_tournaments_not_over_and_ladders_are_capped(caps: Any, account: Any) -> None:
    _, organiser = account()
    made = [organiser.post("/api/v1/tournaments/", {"name": f"cup {i}", "format": "round_robin"}) for i in range(2)]
    assert [r.status_code for r in made] == [201, 201]
    refused(organiser.post("/api/v1/tournaments/", {"name": "one more", "format": "swiss"}), 409,
            "too_many_tournaments", 2)
    assert Tournament.objects.filter(name="one more").count() == 0
    assert organiser.request("DELETE", f"/api/v1/tournaments/{made[0].body['id']}/").status_code == 200
    assert organiser.post("/api/v1/tournaments/", {"name": "one more", "format": "swiss"}).status_code == 201

    ladders = [organiser.post("/api/v1/ladders/", {"name": f"ladder-{uuid.uuid4().hex[:8]}"}) for _ in range(2)]
    assert [r.status_code for r in ladders] == [201, 201]
    assert organiser.post(f"/api/v1/ladders/{ladders[0].body['id']}/pause/").status_code == 200
    refused(organiser.post("/api/v1/ladders/", {"name": "third"}), 409, "too_many_ladders", 2)  # paused counts
    assert not Ladder.objects.filter(name="third").exists()


def test_pending_challenges_are_capped_in_all_and_to_one_account(caps: Any, account: Any) -> None:
    _, alice = account()
    (bob, bob_client), (carol, _), (dave, _) = account(), account(), account("bot")
    sent = [alice.post("/api/v1/challenges/", {"opponent": bob}) for _ in range(2)]
    assert [r.status_code for r in sent] == [201, 201]
    refused(alice.post("/api/v1/challenges/", {"opponent": bob}), 409, "too_many_challenges_to_opponent", 2)
    assert alice.post("/api/v1/challenges/", {"opponent": carol}).status_code == 201
    refused(alice.post("/api/v1/challenges/", {"opponent": dave}), 409, "too_many_challenges", 3)
    assert feed(bob_client) == ["challenge_received"] * 2
    assert Challenge.objects.filter(challenged__name=dave).count() == 0

    # Built-in bots answer at once: never pending, never refused for the cap.
    assert alice.post("/api/v1/challenges/", {"opponent": "bot:normal"}).body["status"] == "accepted"
    # An answer frees a place.
    assert bob_client.post(f"/api/v1/challenges/{sent[0].body['id']}/decline/").status_code == 200
    assert alice.post("/api/v1/challenges/", {"opponent": dave}).status_code == 201


def test_a_blocked_sender_is_refused_and_its_target_hears_nothing(account: Any) -> None:
    alice_name, alice = account()
    (bob_name, bob), (_, carol) = account(), account()
    waiting = alice.post("/api/v1/challenges/", {"opponent": bob_name}).body["id"]
    assert feed(bob) == ["challenge_received"]

    blocked = bob.post("/api/v1/players/me/blocks/", {"player": alice_name})
    assert blocked.status_code == 201 and blocked.body["player"] == alice_name
    assert bob.post("/api/v1/players/me/blocks/", {"player": alice_name}).status_code == 200  # once is enough
    assert Block.objects.filter(player__name=bob_name).count() == 1
    assert [b["player"] for b in bob.get("/api/v1/players/me/blocks/").body["results"]] == [alice_name]
    # Its challenge waiting for an answer is declined, as a decline with no reason given.
    answered = alice.get(f"/api/v1/challenges/{waiting}/").body
    assert (answered["status"], answered["decline_reason"]) == ("declined", "declined")
    assert [(e["type"], e["reason"]) for e in alice.get("/api/v1/players/me/events/").body["events"]] == [
        ("challenge_declined", "declined")]

    challenges, bob_log = Challenge.objects.count(), PlayerEvent.objects.filter(player__name=bob_name).count()
    by_block = refused(alice.post("/api/v1/challenges/", {"opponent": bob_name}), 403, "challenge_refused")
    assert (Challenge.objects.count(), PlayerEvent.objects.filter(player__name=bob_name).count()) == (
        challenges, bob_log)
    assert carol.post("/api/v1/challenges/", {"opponent": bob_name}).status_code == 201  # only alice is blocked

    # Taking no challenges at all: anyone is refused, with the very same answer.
    assert bob.get("/api/v1/players/me/").body["accepts_challenges"] == "all"
    changed = bob.request("PATCH", "/api/v1/players/me/", {"accepts_challenges": "none"})
    assert changed.status_code == 200 and changed.body["accepts_challenges"] == "none"
    assert bob.get("/api/v1/players/me/").body["accepts_challenges"] == "none"
    by_setting = refused(carol.post("/api/v1/challenges/", {"opponent": bob_name}), 403, "challenge_refused")
    assert {k: v for k, v in by_block.items() if k != "request_id"} == {
        k: v for k, v in by_setting.items() if k != "request_id"}
    assert feed(bob) == ["challenge_received", "challenge_received"]  # alice's first and carol's, nothing since

    assert bob.request("DELETE", f"/api/v1/players/me/blocks/{alice_name}/", check=False).status_code == 204
    assert bob.request("DELETE", f"/api/v1/players/me/blocks/{alice_name}/").status_code == 404
    refused(alice.post("/api/v1/challenges/", {"opponent": bob_name}), 403, "challenge_refused")  # still none
    assert bob.request("PATCH", "/api/v1/players/me/", {"accepts_challenges": "all"}).status_code == 200
    assert alice.post("/api/v1/challenges/", {"opponent": bob_name}).status_code == 201


def test_blocks_and_settings_refuse_what_they_must(account: Any) -> None:
    name, client = account()
    refused(client.post("/api/v1/players/me/blocks/", {"player": name}), 400, "invalid")
    ja = client.post("/api/v1/players/me/blocks/", {"player": name}, headers={"Accept-Language": "ja"}).body
    assert ja["errors"] == {"player": ["自分自身はブロックできません。"]}
    refused(client.post("/api/v1/players/me/blocks/", {"player": "nobody-at-all"}), 422, "unknown_player")
    refused(client.post("/api/v1/players/me/blocks/", {"player": 12}), 400, "invalid")
    refused(client.request("PATCH", "/api/v1/players/me/", {"accepts_challenges": "friends"}), 400, "invalid")
    refused(client.request("DELETE", "/api/v1/players/me/blocks/nobody-at-all/"), 404, "not_found")
    assert client.request("PATCH", "/api/v1/players/me/", {}).body["accepts_challenges"] == "all"
    assert not Block.objects.exists()


def test_an_open_table_nobody_fills_closes_after_its_time(account: Any, settings: Any) -> None:
    settings.OPEN_TABLE_TTL_SECONDS = 600
    (_, alice), (_, bob) = account(), account()
    stale = alice.post("/api/v1/tables/", {"preset": "standard", "take_seat": 0}).body["id"]
    assert bob.post(f"/api/v1/tables/{stale}/join/", {}).status_code == 200
    fresh = alice.post("/api/v1/tables/", {"preset": "standard"}).body["id"]
    started = alice.post("/api/v1/tables/", {"preset": "standard", "take_seat": 0,
                                             "seats": [{"type": "open"}, *BOTS]}).body["id"]
    old = timezone.now() - timedelta(seconds=601)
    Table.objects.filter(pk__in=[stale, started]).update(created_at=old)
    seen = alice.get(f"/api/v1/tables/{stale}/").body["seq"]

    settings.OPEN_TABLE_TTL_SECONDS = 0  # 0: never
    assert services.open_tables_expire() == 0
    settings.OPEN_TABLE_TTL_SECONDS = 600
    assert services.open_tables_expire() == 1
    assert services.open_tables_expire() == 0  # closed once

    closed = alice.get(f"/api/v1/tables/{stale}/").body
    assert (closed["status"], closed["result"], closed["winner"]) == ("finished", "abandoned", None)
    (entry,) = alice.get(f"/api/v1/tables/{stale}/events/", {"after": seen}).body["events"]
    assert entry["type"] == "abandon" and entry["events"] == [{"type": "abandoned", "reason": "unfilled"}]
    for client in (alice, bob):
        (event,) = [e for e in client.get("/api/v1/players/me/events/").body["events"]
                    if e["type"] == "table_finished"]
        assert (event["table_id"], event["result"], event["winner"]) == (stale, "abandoned", None)
    refused(bob.post(f"/api/v1/tables/{stale}/join/", {}), 409, "table_not_open")
    refused(bob.post(f"/api/v1/tables/{stale}/actions/", {"type": "bid", "bid": 3, "seq": closed["seq"]}), 409,
            "game_over")
    refused(bob.get(f"/api/v1/tables/{stale}/legal/"), 409, "game_over")
    assert closed["view"] is None
    assert Table.objects.get(pk=fresh).status == Table.Status.OPEN
    assert Table.objects.get(pk=started).status == Table.Status.PLAYING
    assert stale not in [t["id"] for t in alice.get("/api/v1/tables/", {"status": "open"}).body["results"]]


def test_an_unclocked_game_nobody_moves_at_closes_after_its_time(account: Any, settings: Any) -> None:
    """A game its players walked away from ends (abandoned, reason idle) and frees its creator's place; a game
    moved at since, or one with a move clock (which ends by its clock), is left alone."""
    settings.IDLE_TABLE_TTL_SECONDS = 3600
    _, alice = account()
    seats = {"preset": "standard", "take_seat": 0, "seats": [{"type": "open"}, *BOTS]}
    idle, moved = (alice.post("/api/v1/tables/", seats).body for _ in range(2))
    clocked = alice.post("/api/v1/tables/", seats | {"overrides": {"move_seconds": 30}}).body
    # 'moved' was moved at within the hour (its row was written since).
    Table.objects.filter(pk__in=[idle["id"], clocked["id"]]).update(updated_at=timezone.now() - timedelta(seconds=3601))
    Table.objects.filter(pk=moved["id"]).update(updated_at=timezone.now() - timedelta(seconds=3599))

    settings.IDLE_TABLE_TTL_SECONDS = 0  # 0: never
    assert services.idle_tables_expire() == 0
    settings.IDLE_TABLE_TTL_SECONDS = 3600
    assert services.idle_tables_expire() == 1
    assert services.idle_tables_expire() == 0  # closed once

    closed = alice.get(f"/api/v1/tables/{idle['id']}/").body
    assert (closed["status"], closed["result"], closed["winner"]) == ("finished", "abandoned", None)
    entry = alice.get(f"/api/v1/tables/{idle['id']}/events/", {"after": idle["seq"]}).body["events"][-1]
    assert entry["type"] == "abandon" and {"type": "abandoned", "reason": "idle"} in entry["events"]
    assert {t.pk.hex: t.status for t in Table.objects.filter(pk__in=[moved["id"], clocked["id"]])} == {
        uuid.UUID(moved["id"]).hex: Table.Status.PLAYING, uuid.UUID(clocked["id"]).hex: Table.Status.PLAYING}


def test_the_beat_closes_open_tables() -> None:
    from django.conf import settings

    from games import tasks

    (entry,) = [e for e in settings.CELERY_BEAT_SCHEDULE.values() if e["task"] == tasks.tables_expire.name]
    assert entry["schedule"] == settings.OPEN_TABLE_SWEEP_SECONDS
    assert settings.OPEN_TABLE_TTL_SECONDS == 3600  # the documented defaults
    assert settings.IDLE_TABLE_TTL_SECONDS == 86400


# Races at a cap's edge --------------------------------------------------------------------------------------

@pytest.fixture
def racing(caps: Any, client_for: Any, openapi: Any) -> Callable[..., list[Any]]:
    """``racing(token, path, bodies, op)``: POST each body from its own thread at once (``race``); the
    responses, each checked against the schema."""

    def run(token: str, path: str, bodies: list[dict[str, Any]], op: str) -> list[Any]:
        responses = race(lambda: client_for(token), path, bodies)
        for response in responses:
            response.body = openapi.check(response, op)
        return responses

    return run


@pytest.mark.django_db(transaction=True)
def test_requests_at_once_cannot_slip_past_a_cap(racing: Any, register: Any) -> None:
    alice, token = register()
    bob, _ = register()
    tables = racing(token, "/api/v1/tables/", [{"preset": "standard"}] * 6, "tables_create")
    assert sorted(r.status_code for r in tables) == [201] * 2 + [409] * 4
    assert {r.body["code"] for r in tables if r.status_code == 409} == {"too_many_open_tables"}
    assert Table.objects.filter(created_by__name=alice["name"]).count() == 2

    challenges = racing(token, "/api/v1/challenges/", [{"opponent": bob["name"]}] * 6, "challenges_create")
    assert sorted(r.status_code for r in challenges) == [201] * 2 + [409] * 4
    assert Challenge.objects.filter(challenged__name=bob["name"]).count() == 2
    assert PlayerEvent.objects.filter(player__name=bob["name"]).count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_block_and_challenges_at_once_leave_none_waiting(register: Any, client_for: Any, settings: Any) -> None:
    settings.MAX_PENDING_CHALLENGES_PER_OPPONENT = 0  # no cap: only the block decides
    alice, alice_token = register()
    bob, bob_token = register()
    senders = [client_for(alice_token) for _ in range(5)]
    blocker = client_for(bob_token)
    calls = [lambda c=c: c.post("/api/v1/challenges/", {"opponent": bob["name"]}, check=False) for c in senders]
    calls.append(lambda: blocker.post("/api/v1/players/me/blocks/", {"player": alice["name"]}, check=False))
    *sent, block = together(calls)
    assert block.status_code == 201, block.content
    assert {r.status_code for r in sent} <= {201, 403}
    # Each challenge came before the block (and it declined it) or after it (and was refused): none waits.
    made = Challenge.objects.filter(challenger__name=alice["name"])
    assert made.count() == sum(r.status_code == 201 for r in sent)
    assert not made.filter(status=Challenge.Status.PENDING).exists()
    assert set(made.values_list("status", "decline_reason")) <= {("declined", "declined")}
    received = PlayerEvent.objects.filter(player__name=bob["name"], type="challenge_received").count()
    assert received == made.count()
    assert Player.objects.get(name=bob["name"]).event_seq == received

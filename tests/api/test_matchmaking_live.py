"""Matchmaking races and the player event stream against real PostgreSQL and a real ASGI server.

The races commit for real (``transaction=True``), each thread on its own connection, so the row locks of
``games.matchmaking`` decide them: a challenge accepted twice at once and four seekers arriving at once
each give exactly one table, and two bot fills firing together open one. The stream tests run on uvicorn:
a long-poll of ``players/me/events/`` wakes with the event that arrived while it waited (the table feed's
LISTEN/NOTIFY wake-up), and the SSE form delivers, resumes after Last-Event-ID and loses nothing that
happened while nobody was connected."""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from django.db import connection

from games import matchmaking
from games.models import Challenge, Player, PlayerEvent, Seek, Table
from tests.api.test_concurrency import race

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_challenge_accepted_twice_at_once_opens_one_table(register: Any, client_for: Any, openapi: Any) -> None:
    alice, alice_token = register()
    bob, bob_token = register()
    challenge = client_for(alice_token).post("/api/v1/challenges/", {"opponent": bob["name"]}).body["id"]
    responses = race(lambda: client_for(bob_token), f"/api/v1/challenges/{challenge}/accept/", [{}] * 6)
    for response in responses:
        openapi.check(response, "challenges_accept")
    codes = sorted(r.status_code for r in responses)
    assert codes == [200] + [409] * 5, [r.content[:200] for r in responses]
    assert {json.loads(r.content)["code"] for r in responses if r.status_code == 409} == {"challenge_not_pending"}
    assert Table.objects.count() == 1
    table = Table.objects.get()
    assert Challenge.objects.get(pk=challenge).table_id == table.pk
    for name in (alice["name"], bob["name"]):
        opened = PlayerEvent.objects.filter(player__name=name, type="table_opened")
        assert opened.count() == 1
    # Each player's log is 1..N with no gap or repeat, though the two logs were written together.
    for name in (alice["name"], bob["name"]):
        seqs = list(PlayerEvent.objects.filter(player__name=name).order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] == Player.objects.get(name=name).event_seq


def test_four_seekers_at_once_are_seated_at_one_table(register: Any, client_for: Any, openapi: Any) -> None:
    tokens = [register()[1] for _ in range(4)]
    clients = iter([client_for(token) for token in tokens])
    lock = threading.Lock()

    def next_client() -> Any:
        with lock:
            return next(clients)

    body = {"preset": "standard", "fill_with_bots_after": 600}
    responses = race(next_client, "/api/v1/seeks/", [body] * 4)
    for response in responses:
        openapi.check(response, "seeks_create")
    assert sorted(r.status_code for r in responses) == [201] * 4
    assert Table.objects.count() == 1
    table = Table.objects.get()
    assert table.status == Table.Status.PLAYING and all(s.player_id for s in table.seats.all())
    assert set(Seek.objects.values_list("status", flat=True)) == {Seek.Status.MATCHED}
    assert set(Seek.objects.values_list("table_id", flat=True)) == {table.pk}


def test_two_fills_at_once_open_one_table(register: Any) -> None:
    accounts = []
    for _ in range(2):
        body, _token = register()
        accounts.append(Player.objects.get(name=body["name"]))
    seeks = [matchmaking.seek_create(player=p, preset="standard", fill_with_bots_after=600) for p in accounts]
    due = max(s.fill_at for s in seeks) + timedelta(seconds=1)
    barrier = threading.Barrier(2)
    tables: list[Any] = []
    failures: list[BaseException] = []

    def fill(seek: Seek) -> None:
        try:
            barrier.wait(timeout=30)
            tables.append(matchmaking.seek_fill(seek_id=seek.pk, now=due))
        except BaseException as exc:
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=fill, args=(s,)) for s in seeks]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not failures, failures
    assert sum(t is not None for t in tables) == 1
    (table,) = Table.objects.all()
    assert sorted(s.player_id is not None for s in table.seats.all()) == [False, False, True, True]


# The stream, served ------------------------------------------------------------------------------------

@pytest.fixture
def server(asgi_server: str) -> str:
    return asgi_server + "/api/v1"


def _account(http: httpx.Client) -> tuple[str, dict[str, str]]:
    r = http.post("/players/", json={"name": "ev-" + uuid.uuid4().hex[:10]})
    assert r.status_code == 201
    return r.json()["name"], {"Authorization": f"Bearer {r.json()['token']}"}


def _sse(lines: Iterator[str], count: int) -> list[dict[str, Any]]:
    """``count`` SSE events (id, event, data parsed) from the stream's lines."""
    out: list[dict[str, Any]] = []
    current: dict[str, str] = {}
    for line in lines:
        if not line:
            if "id" in current:
                out.append({"id": int(current["id"]), "event": current["event"], "data": json.loads(current["data"])})
                if len(out) == count:
                    return out
            current = {}
        elif not line.startswith(":"):
            key, _, value = line.partition(": ")
            current[key] = value
    return out


def test_a_long_poll_wakes_with_a_challenge(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as http:
        _, alice = _account(http)
        bob_name, bob = _account(http)
        result: dict[str, httpx.Response] = {}

        def poll() -> None:
            with httpx.Client(base_url=server, timeout=30) as other:
                result["poll"] = other.get("/players/me/events/", params={"after": 0, "wait": 25}, headers=bob)

        waiter = threading.Thread(target=poll)
        waiter.start()
        time.sleep(1.0)
        assert waiter.is_alive()  # it waits
        sent = http.post("/challenges/", json={"opponent": bob_name}, headers=alice)
        assert sent.status_code == 201
        waiter.join(timeout=30)
        body = result["poll"].json()
        assert [(e["seq"], e["type"], e["challenge_id"]) for e in body["events"]] == [
            (1, "challenge_received", sent.json()["id"])]
        assert body["seq"] == 1


def test_the_event_stream_delivers_and_resumes_without_loss(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as http:
        alice_name, alice = _account(http)
        bob_name, bob = _account(http)
        token = bob["Authorization"].split()[1]
        first = http.post("/challenges/", json={"opponent": bob_name}, headers=alice).json()["id"]
        with http.stream("GET", "/players/me/events/stream/", params={"token": token}) as stream:
            assert stream.status_code == 200
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.iter_lines()
            (received,) = _sse(lines, 1)
            assert (received["id"], received["event"], received["data"]["challenge_id"]) == (
                1, "challenge_received", first)
            http.post(f"/challenges/{first}/cancel/", headers=alice)
            (cancelled,) = _sse(lines, 1)
            assert (cancelled["id"], cancelled["event"]) == (2, "challenge_cancelled")
        # While bob is away: another challenge; he comes back with Last-Event-ID and misses nothing.
        second = http.post("/challenges/", json={"opponent": bob_name}, headers=alice).json()["id"]
        headers = {"Last-Event-ID": "2", "Accept": "text/event-stream"}
        with http.stream("GET", "/players/me/events/stream/", params={"token": token}, headers=headers) as again:
            (missed,) = _sse(again.iter_lines(), 1)
            assert (missed["id"], missed["data"]["challenge_id"]) == (3, second)
        # Alice's stream has none of bob's events.
        mine = http.get("/players/me/events/", headers=alice).json()
        assert [e["type"] for e in mine["events"]] == []
        assert alice_name != bob_name

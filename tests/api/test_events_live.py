"""The events feed through a real ASGI server (uvicorn in a subprocess, on the test database): a long-poll
wakes up with the action that happened while it waited, and the Server-Sent Events stream delivers every
entry, resumes after Last-Event-ID, and shows each seat only its own cards."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def server(asgi_server: str) -> str:
    """The live service's API root."""
    return asgi_server + "/api/v1"


def _start_table(http: httpx.Client) -> tuple[str, list[dict[str, str]]]:
    auth = []
    for _ in range(4):
        r = http.post("/players/", json={"name": "live-" + uuid.uuid4().hex[:10]})
        assert r.status_code == 201
        auth.append({"Authorization": f"Bearer {r.json()['token']}"})
    table = http.post("/tables/", json={"preset": "standard", "take_seat": 0}, headers=auth[0]).json()["id"]
    for seat in range(1, 4):
        assert http.post(f"/tables/{table}/join/", json={"seat": seat}, headers=auth[seat]).status_code == 200
    return table, auth


def _bid_now(http: httpx.Client, table: str, auth: list[dict[str, str]]) -> int:
    """The seat to bid bids 3; returns the new seq."""
    view = http.get(f"/tables/{table}/", headers=auth[0]).json()
    seat = view["view"]["turn"]
    r = http.post(f"/tables/{table}/actions/", json={"type": "bid", "bid": 3, "seq": view["seq"]}, headers=auth[seat])
    assert r.status_code == 200, r.text
    return r.json()["seq"]


def test_long_poll_wakes_up_with_the_next_action(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as http:
        table, auth = _start_table(http)
        seq = http.get(f"/tables/{table}/", headers=auth[1]).json()["seq"]
        result: dict[str, httpx.Response] = {}

        def poll() -> None:
            with httpx.Client(base_url=server, timeout=30) as other:
                result["poll"] = other.get(f"/tables/{table}/events/", params={"after": seq, "wait": 20},
                                           headers=auth[1])

        waiter = threading.Thread(target=poll)
        waiter.start()
        time.sleep(1.0)
        # While the long-poll waits, the server still answers other requests.
        assert http.get(f"/tables/{table}/", headers=auth[2]).status_code == 200
        new_seq = _bid_now(http, table, auth)
        waiter.join(timeout=30)
        body = result["poll"].json()
        assert result["poll"].status_code == 200
        assert [e["seq"] for e in body["events"]] == [new_seq]
        assert body["seq"] == new_seq
        # The woken answer carries the table at that seq, seat 1's own view, and seat 1's legal list.
        assert body["table"]["seq"] == new_seq and body["table"]["your_seat"] == 1
        legal = http.get(f"/tables/{table}/legal/", headers=auth[1]).json()
        assert body["legal"] == (legal["actions"] if 1 in body["table"]["view"]["waiting_for"] else [])


def test_long_poll_until_turn_answers_at_the_callers_turn_with_every_entry(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as http:
        table, auth = _start_table(http)
        view = http.get(f"/tables/{table}/", headers=auth[0]).json()
        seq, last = view["seq"], (view["view"]["turn"] + 3) % 4  # the seat that bids after three others
        result: dict[str, httpx.Response] = {}

        def poll() -> None:
            with httpx.Client(base_url=server, timeout=30) as other:
                result["poll"] = other.get(f"/tables/{table}/events/", headers=auth[last],
                                           params={"after": seq, "wait": 20, "until": "turn"})

        waiter = threading.Thread(target=poll)
        waiter.start()
        time.sleep(1.0)
        bids = [_bid_now(http, table, auth) for _ in range(3)]
        waiter.join(timeout=30)
        body = result["poll"].json()
        assert result["poll"].status_code == 200
        # Not woken by the first two bids: the answer comes at its turn, with all three entries.
        assert [e["seq"] for e in body["events"]] == bids and body["seq"] == bids[-1]
        assert body["table"]["view"]["turn"] == last and body["legal"]
        refused = http.get(f"/tables/{table}/events/", params={"until": "ever"}, headers=auth[0])
        assert refused.status_code == 400 and refused.json()["code"] == "invalid"


def _read_entries(lines: Iterator[str], count: int) -> list[tuple[int, str]]:
    """Read ``count`` SSE entries, (id, data), from the stream's line iterator."""
    entries: list[tuple[int, str]] = []
    current: dict[str, str] = {}
    for line in lines:
        if not line:
            if "id" in current:
                entries.append((int(current["id"]), current.get("data", "")))
                if len(entries) == count:
                    return entries
            current = {}
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(": ")
        current[field] = value
    return entries


def test_server_sent_events_deliver_resume_and_hide_other_hands(server: str) -> None:
    from games.models import Table

    with httpx.Client(base_url=server, timeout=30) as http:
        table, auth = _start_table(http)
        token = auth[1]["Authorization"].split()[1]
        seq = http.get(f"/tables/{table}/", headers=auth[1]).json()["seq"]
        hands = Table.objects.get(pk=table).state["hands"]
        with http.stream("GET", f"/tables/{table}/events/stream/", params={"token": token}) as stream:
            assert stream.status_code == 200
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.iter_lines()
            first = _read_entries(lines, seq)
            assert [i for i, _ in first] == list(range(1, seq + 1))
            text = " ".join(data for _, data in first)
            assert all(card in text for card in hands[1])  # seat 1 is dealt its own cards
            for other in (0, 2, 3):
                assert not any(f'"{card}"' in text for card in hands[other])
            new_seq = _bid_now(http, table, auth)
            assert [i for i, _ in _read_entries(lines, 1)] == [new_seq]
        headers = {"Last-Event-ID": str(seq - 1), "Accept": "text/event-stream"}  # as EventSource sends
        with http.stream("GET", f"/tables/{table}/events/stream/", params={"token": token},
                         headers=headers) as again:
            assert [i for i, _ in _read_entries(again.iter_lines(), 2)] == [seq, new_seq]
        unauthorised = http.get(f"/tables/{table}/events/stream/", params={"token": "spd_wrong"},
                                headers={"Accept": "text/event-stream"})
        assert unauthorised.status_code == 401 and unauthorised.json()["code"] == "authentication_failed"


def test_the_example_client_plays_a_game_against_the_real_service(server: str) -> None:
    from tests.bots.test_client import play_together, table_of_four

    bots, table_id = table_of_four(server.removesuffix("/api/v1"), "standard", {"target": 100}, wait_seconds=5)
    asked: list[str] = []
    for bot in bots:
        bot.client.http.event_hooks["request"].append(lambda request: asked.append(request.url.path))
    results = play_together(bots, table_id, timeout=240)
    assert all(r.status == "finished" for r in results.values())
    assert len({r.winner for r in results.values()}) == 1
    # Each seat's turns came pushed on its one open stream (reopened if one ended), not a long-poll a turn.
    streams = [path for path in asked if path.endswith("/events/stream/")]
    assert 4 <= len(streams) < 12 and asked.count(f"/api/v1/tables/{table_id}/events/") == 4, asked

"""Races on one table: conflicting actions sent at the same moment with the same ``seq`` apply exactly once,
and retries that share an ``Idempotency-Key`` apply once and all get the first response.

These tests commit for real (``transaction=True``) so that every thread has its own database connection
and the row lock in ``games.services`` is what decides the race.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from games.models import Action, Table
from tests.api.players import Driver
from tests.api.test_full_games import open_table

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 8


def together(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run ``calls[i]`` on thread ``i``, all released together by a barrier; their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)
    failures: list[BaseException] = []

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[i] = calls[i]()
        except BaseException as exc:  # reported by the main thread
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not failures, failures
    assert all(r is not None for r in results)
    return results


def race(make_client: Callable[[], Any], path: str, bodies: list[dict[str, Any]],
         headers: dict[str, str] | None = None) -> list[Any]:
    """POST ``bodies[i]`` from thread ``i``, all released together by a barrier; the responses in order."""
    clients = [make_client() for _ in bodies]
    return together([lambda c=c, b=b: c.post(path, b, headers=headers, check=False)
                     for c, b in zip(clients, bodies, strict=True)])


def assert_log_complete(table_id: str) -> int:
    """The action log is seq 1..N with no gap or duplicate, N being the table's seq; returns N."""
    table = Table.objects.get(pk=table_id)
    seqs = list(Action.objects.filter(table=table).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, table.seq + 1))
    return table.seq


def test_conflicting_actions_apply_once(register: Any, client_for: Any, openapi: Any) -> None:
    table_id, clients = open_table(register, client_for, "standard", {})
    base = f"/api/v1/tables/{table_id}/"
    driver = Driver(clients, table_id, random.Random("race"))

    def conflict(phase: str) -> None:
        view = clients[0].get(base).body
        assert view["view"]["phase"] == phase
        seat = view["view"]["turn"]
        legal = driver.legal(seat)
        seq = legal["seq"]
        choices = [a for a in legal["actions"] if a["type"] in ("bid", "play")]
        assert len(choices) >= 2, legal
        bodies = [{**choices[i % len(choices)], "seq": seq} for i in range(THREADS)]
        token = clients[seat].token
        responses = race(lambda: client_for(token), base + "actions/", bodies)
        for response in responses:
            openapi.check(response, "tables_act")
        ok = [i for i, r in enumerate(responses) if r.status_code == 200]
        assert len(ok) == 1, [(r.status_code, r.content[:120]) for r in responses]
        winner = responses[ok[0]].json()
        assert winner["seq"] == seq + 1
        for i, response in enumerate(responses):
            if i in ok:
                continue
            body = response.json()
            assert response.status_code == 409, body
            assert body["code"] == "stale_seq"
            assert body["seq"] == seq + 1
        logged = Action.objects.get(table_id=table_id, seq=seq + 1)
        assert logged.seat == seat
        sent = bodies[ok[0]]
        assert {k: v for k, v in logged.payload.items() if k in sent} == {
            k: v for k, v in sent.items() if k != "seq" and k in logged.payload}
        assert Action.objects.filter(table_id=table_id, seq__gt=seq).count() == 1
        assert_log_complete(table_id)

    conflict("bid")
    driver.table = driver.view(0)
    while driver.table["view"]["phase"] != "play":
        driver.step()
    conflict("play")
    driver.table = clients[0].get(base).body
    for _ in range(6):  # the game goes on normally after the races
        driver.step()
    assert assert_log_complete(table_id) == driver.table["seq"]


def test_same_idempotency_key_applies_once(register: Any, client_for: Any, openapi: Any) -> None:
    table_id, clients = open_table(register, client_for, "standard", {})
    base = f"/api/v1/tables/{table_id}/"
    view = clients[0].get(base).body
    seat = view["view"]["turn"]
    seq = view["seq"]
    token = clients[seat].token
    body = {"type": "bid", "bid": 4, "seq": seq}
    responses = race(lambda: client_for(token), base + "actions/", [body] * THREADS,
                     headers={"Idempotency-Key": "race-key-1"})
    bodies = [openapi.check(r, "tables_act") for r in responses]
    assert [r.status_code for r in responses] == [200] * THREADS, [r.content[:200] for r in responses]
    assert all(b == bodies[0] for b in bodies)
    assert bodies[0]["seq"] == seq + 1
    assert bodies[0]["entry"]["type"] == "bid" and bodies[0]["entry"]["seat"] == seat
    replayed = [r.get("Idempotent-Replayed") for r in responses]
    assert replayed.count(None) == 1, replayed
    assert replayed.count("true") == THREADS - 1, replayed
    assert Action.objects.filter(table_id=table_id, seq__gt=seq).count() == 1
    assert assert_log_complete(table_id) == seq + 1
    table = clients[0].get(base).body
    assert table["seq"] == seq + 1
    assert table["view"]["bids"][seat] == {"tricks": 4, "blind": False}

    # A later retry with the key still gets the first response, not a stale_seq.
    again = clients[seat].post(base + "actions/", body, headers={"Idempotency-Key": "race-key-1"})
    assert again.status_code == 200
    assert again.body == bodies[0]
    assert again["Idempotent-Replayed"] == "true"
    assert assert_log_complete(table_id) == seq + 1

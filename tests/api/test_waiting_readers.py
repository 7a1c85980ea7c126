"""256 clients long-poll one table through a real server with the deploy files' connection pool: while they
wait the server holds no database connection for any of them (only the pool's few and the one LISTEN
connection), and one move wakes every one with the new entry and the table at its seq."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

import httpx
import pytest
from django.db import connection

from tests import live
from tests.tasks.test_faults import _server_backends

pytestmark = pytest.mark.django_db(transaction=True)

CLIENTS = 256
POOL = 4


def _server_pids(port: int) -> list[int]:
    """The uvicorn process serving ``port``."""
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                argv = (proc / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"uvicorn" in b" ".join(argv) and str(port).encode() in argv:
                found.append(int(proc.name))
    return found


def _threads(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/task").iterdir()))


def _waiting(metrics: str) -> float:
    """The ``spades_waiting_readers`` gauge of a /metrics scrape."""
    for line in metrics.splitlines():
        if line.startswith("spades_waiting_readers"):
            return float(line.split()[-1])
    raise AssertionError("no spades_waiting_readers in /metrics")


async def _scenario(base: str, before: set[int]) -> tuple[list[httpx.Response], float, int, int]:
    limits = httpx.Limits(max_connections=CLIENTS + 8, max_keepalive_connections=CLIENTS + 8)
    async with httpx.AsyncClient(base_url=base + "/api/v1", timeout=60, limits=limits) as http:
        auth = []
        for _ in range(4):
            r = await http.post("/players/", json={"name": "wait-" + uuid.uuid4().hex[:10]})
            auth.append({"Authorization": f"Bearer {r.json()['token']}"})
        table = (await http.post("/tables/", json={"preset": "standard", "take_seat": 0}, headers=auth[0])).json()["id"]
        for seat in range(1, 4):
            joined = await http.post(f"/tables/{table}/join/", json={"seat": seat}, headers=auth[seat])
        state = joined.json()
        seq, turn = state["seq"], state["view"]["turn"]
        polls = [asyncio.create_task(http.get(f"/tables/{table}/events/", params={"after": seq, "wait": 30},
                                              headers=auth[i % 4])) for i in range(CLIENTS)]
        waiting = 0.0
        for _ in range(600):  # until the server says every one waits (bounded; not a timing check)
            waiting = _waiting((await http.get(base.removesuffix("/api/v1") + "/metrics")).text)
            if waiting >= CLIENTS:
                break
            await asyncio.sleep(0.05)
        assert not any(p.done() for p in polls), "a long-poll answered before anything moved"
        pid = _server_pids(int(base.rsplit(":", 1)[1]))[0]
        threads = _threads(pid)
        backends = len(set(await asyncio.to_thread(_server_backends)) - before)
        moved = await http.post(f"/tables/{table}/actions/", json={"type": "bid", "bid": 3, "seq": seq},
                                headers=auth[turn])
        assert moved.status_code == 200, moved.text
        return list(await asyncio.gather(*polls)), waiting, threads, backends


def test_waiting_long_polls_hold_no_database_connection() -> None:
    # The count below is of the server's connections alone: not the test's, nor any an earlier test left.
    before = set(_server_backends())
    connection.close()
    with live.serve(DB_POOL_MAX_SIZE=str(POOL)) as base:
        answers, waiting, threads, backends = asyncio.run(_scenario(base, before))
    print(f"waiting={waiting:g} server_threads={threads} server_db_connections={backends}")
    assert waiting == CLIENTS
    # The pool's connections and the LISTEN connection, however many clients wait.
    assert backends <= POOL + 1, f"{backends} connections for {CLIENTS} waiting clients"
    for answer in answers:
        assert answer.status_code == 200
        body = answer.json()
        assert [e["type"] for e in body["events"]] == ["bid"]
        assert body["table"]["seq"] == body["seq"] == body["events"][-1]["seq"]

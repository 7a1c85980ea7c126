"""Faults in the pieces a game runs on, with real processes: a uvicorn server, Celery workers, PostgreSQL and
Redis.

- The database drops the server's connections (idle, or under a request in flight) or refuses new ones: a
  request that meets it gets 503 ``service_unavailable`` with Retry-After and changes nothing; the client's
  retry with the same Idempotency-Key applies the move once; the game goes on to its end and its log
  replays to its snapshot.
- The broker restarts empty mid-game (a private redis-server, killed and started again: the machine's
  shared Redis is left alone): the bot turns and the move clock whose messages died with it are re-driven
  by the beat sweeper, and both games finish.
"""

from __future__ import annotations

import random
import shutil
import signal
import subprocess
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import redis
from django.db import connection, transaction

from games.models import Action, Table
from tests import live
from tests.api.conftest import OpenApi
from tests.api.players import Driver
from tests.live import wait_for
from tests.tasks.test_workers import _assert_log_is_whole, _finished

SHORT_GAME = {"hand_cap": 1, "tie": "draw"}
"""One deal and the game is over: long enough to have a middle, short enough for CI."""


class HttpSeat:
    """One player's HTTP client, shaped like the API tests' client (``tests/api/conftest.Api``) so that the
    game driver of ``tests/api/players.py`` plays through it. Every JSON response is checked against the
    schema the server serves, 503s included."""

    def __init__(self, base: str, token: str, schema: OpenApi) -> None:
        self.http = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=60)
        self.schema = schema

    def request(self, method: str, path: str, data: Any = None, *, headers: dict[str, str] | None = None) -> Any:
        if method == "GET":
            response = self.http.get(path, params=data, headers=headers)
        else:
            response = self.http.post(path, json=data if data is not None else {}, headers=headers)
        media_type = response.headers["content-type"].split(";")[0].strip()
        response.body = response.json()
        validator = self.schema.validator(self.schema.operation_for(method, path), response.status_code, media_type)
        errors = [e.message[:300] for e in validator.iter_errors(response.body)]
        assert not errors, f"{method} {path} {response.status_code} does not match its schema: {errors}"
        return response

    def get(self, path: str, params: dict[str, Any] | None = None) -> Any:
        return self.request("GET", path, params)

    def post(self, path: str, data: Any = None, *, headers: dict[str, str] | None = None) -> Any:
        return self.request("POST", path, data, headers=headers)


def _players(base: str, schema: OpenApi, count: int) -> list[HttpSeat]:
    seats = []
    for _ in range(count):
        r = httpx.post(f"{base}/api/v1/players/", json={"name": "fault-" + uuid.uuid4().hex[:10]}, timeout=30)
        assert r.status_code == 201, r.text
        seats.append(HttpSeat(base, r.json()["token"], schema))
    return seats


def _assert_unavailable(response: Any) -> None:
    """A clear 503: the stable code, and when to retry."""
    assert response.status_code == 503, response.body
    assert response.body["code"] == "service_unavailable"
    assert int(response.headers["Retry-After"]) >= 1
    assert response.body["retry_after"] == int(response.headers["Retry-After"])


def _server_backends() -> list[int]:
    """The other connections to the test database: the server's."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                       "AND pid <> pg_backend_pid()")
        return [pid for (pid,) in cursor.fetchall()]


def _terminate_server_backends() -> None:
    # Each call waits (up to 5 s) until its backend has gone, so the connections are dropped by the time the
    # next request comes: the pool's check catches a connection whose server said goodbye
    # (spades_api/db/base.py), not one killed at the very instant it is handed out.
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = "
                       "current_database() AND pid <> pg_backend_pid()")


@contextmanager
def _database_refusing_connections() -> Iterator[None]:
    """The test database refuses every new connection and has dropped the server's. PostgreSQL will not
    close the database a session is in, so this is done from the maintenance database; the test's own
    session stays."""
    db = connection.settings_dict
    name = db["NAME"]
    with psycopg.connect(host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"],
                         password=db["PASSWORD"] or None, dbname="postgres", autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        try:
            _terminate_server_backends()
            yield
        finally:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')


def _seq(table_id: str) -> int:
    return Table.objects.get(pk=table_id).seq


def _move_under_fault(driver: Driver, fault: str) -> None:
    """The next move is sent while this test holds the table's row lock, so the server's request waits on it
    in the middle of its transaction; the fault then hits that request. It must answer 503 and change
    nothing; the retry with the same Idempotency-Key applies the move once, and a further retry replays it."""
    seat, action, _ = driver.next_move()
    client = driver.clients[seat]
    path = driver.base + "actions/"
    key = {"Idempotency-Key": str(uuid.uuid4())}
    before = _seq(driver.table_id)
    sent: dict[str, Any] = {}
    waiting: list[int] = []

    def blocked_on_the_lock() -> bool:
        with connection.cursor() as cursor:
            # Inside a transaction pg_stat_activity is a snapshot taken at its first read: refresh it.
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                           "AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'")
            waiting[:] = [pid for (pid,) in cursor.fetchall()]
        return bool(waiting)

    with transaction.atomic():
        Table.objects.select_for_update().get(pk=driver.table_id)
        sender = threading.Thread(target=lambda: sent.update(response=client.post(path, action, headers=key)))
        sender.start()
        wait_for(blocked_on_the_lock, seconds=30, what="the server's request to wait on the table's row lock")
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {fault}(%s)", [waiting[0]])  # fault is one of two literal names
        sender.join(timeout=60)
    assert not sender.is_alive()
    _assert_unavailable(sent["response"])
    assert _seq(driver.table_id) == before, "a request that failed changed the table"

    retried = client.post(path, action, headers=key)
    assert retried.status_code == 200, retried.body
    assert retried.body["seq"] == before + 1
    again = client.post(path, action, headers=key)
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.body == retried.body
    assert _seq(driver.table_id) == before + 1, "the move was applied twice"
    driver.table = retried.body["table"]


def test_database_faults_give_503_and_the_retried_moves_apply_once(transactional_db: None) -> None:
    # A connection pool, as production should run (spades_api/settings.py): dropping its idle connections must
    # not fail the next request either.
    with live.serve(DB_POOL_MAX_SIZE="4") as base:
        schema = OpenApi(httpx.get(f"{base}/api/schema/", params={"format": "json"}, timeout=30).json())
        clients = _players(base, schema, 4)
        created = clients[0].post("/api/v1/tables/", {"preset": "standard", "overrides": SHORT_GAME, "take_seat": 0})
        assert created.status_code == 201, created.body
        table_id = created.body["id"]
        for seat in range(1, 4):
            assert clients[seat].post(f"/api/v1/tables/{table_id}/join/", {"seat": seat}).status_code == 200
        driver = Driver(clients, table_id, random.Random(11))
        driver.table = driver.view(0)
        for _ in range(6):
            driver.step()

        # The pool's idle connections dropped between requests: the pool checks a connection before it hands
        # it out (CONN_HEALTH_CHECKS) and opens a new one, so the next requests just work.
        assert _server_backends(), "the server keeps no connection: DB_POOL_MAX_SIZE did not apply"
        _terminate_server_backends()
        driver.step()

        # A request in flight loses its connection (terminated) or its query (cancelled): 503, then the
        # retry. A cancelled query leaves the connection up and the refusal would be storable: it must not
        # be stored under the key.
        _move_under_fault(driver, "pg_terminate_backend")
        _move_under_fault(driver, "pg_cancel_backend")

        # The database refuses connections for a while: reads and writes get 503 until it is back.
        seat, action, _ = driver.next_move()
        key = {"Idempotency-Key": str(uuid.uuid4())}
        before = _seq(table_id)
        with _database_refusing_connections():
            _assert_unavailable(clients[seat].get(driver.base))
            _assert_unavailable(clients[seat].post(driver.base + "actions/", action, headers=key))
            # A page outside the API that needs the database (the admin, reading a session) says the same.
            page = httpx.get(f"{base}/admin/", cookies={"sessionid": "x" * 32}, timeout=30)
            assert page.status_code == 503 and page.json()["code"] == "service_unavailable", page.text[:300]
        assert _seq(table_id) == before
        retried = clients[seat].post(driver.base + "actions/", action, headers=key)
        assert retried.status_code == 200, retried.body
        assert retried.body["seq"] == before + 1

        driver.play()
    table = Table.objects.get(pk=table_id)
    assert table.status == Table.Status.FINISHED
    _assert_log_is_whole(table)  # seq 1..N, no gap or double, and the log replays to the snapshot


class PrivateRedis:
    """A redis-server of this test's own on a free port, without persistence: killed and started again, it
    comes back empty, like a broker that lost its queue."""

    def __init__(self, workdir: Path) -> None:
        self.binary = shutil.which("redis-server")
        if self.binary is None:
            pytest.fail("redis-server is not installed (the broker-restart test starts its own)")
        self.port = live.free_port()
        self.workdir = workdir
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.workdir)], stdout=subprocess.DEVNULL)
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        wait_for(lambda: self._answers(client), seconds=30, what="the private redis-server to start")

    @staticmethod
    def _answers(client: redis.Redis) -> bool:
        try:
            return bool(client.ping())
        except redis.ConnectionError:
            return False

    def kill(self) -> None:
        """SIGKILL: whatever it held is gone."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.kill()


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(tmp_path)
    server.start()
    yield server
    server.stop()


def _moves(table_id: str) -> int:
    return Action.objects.filter(table_id=table_id).exclude(type__in=Action.SERVICE_TYPES).count()


def _open(base: str, auth: dict[str, str], body: dict[str, Any]) -> Table:
    response = httpx.post(f"{base}/api/v1/tables/", headers=auth, json=body, timeout=30)
    assert response.status_code == 201, response.text
    return Table.objects.get(pk=response.json()["id"])


def test_a_broker_restart_loses_no_bot_turn_and_no_clock(transactional_db: None, tmp_path: Path,
                                                          private_redis: PrivateRedis) -> None:
    broker = {"CELERY_BROKER_URL": private_redis.url}
    with live.serve(**broker) as base, live.workers(tmp_path, **broker) as start_worker:
        worker = start_worker(beat=True)
        players = [httpx.post(f"{base}/api/v1/players/", json={"name": "broker-" + uuid.uuid4().hex[:8]},
                              timeout=30).json()["token"] for _ in range(4)]
        auth = [{"Authorization": f"Bearer {token}"} for token in players]
        bot_table = _open(base, auth[0], {"preset": "standard", "overrides": SHORT_GAME,
                                          "seats": [{"type": "bot", "level": "easy"}] * 4})
        wait_for(lambda: _moves(bot_table.pk) >= 4, seconds=60, what="the bots to get going")

        # The worker is frozen (SIGSTOP), so nothing it had or had published can be consumed before the broker
        # dies: the bot game's next turn is in the broker or reserved by the worker, unacknowledged.
        worker.process.send_signal(signal.SIGSTOP)
        # Four players who never move, on a clock that ends the game at the first timeout: the clock's delayed
        # message goes into the broker too.
        clock_table = _open(base, auth[0], {"preset": "speed", "take_seat": 0,
                                            "overrides": {"move_seconds": 2, "timeout_action": "forfeit"}})
        for seat in range(1, 4):
            r = httpx.post(f"{base}/api/v1/tables/{clock_table.pk}/join/", headers=auth[seat], json={"seat": seat})
            assert r.status_code == 200, r.text
        clock_table.refresh_from_db()
        assert clock_table.turn_deadline is not None and not _finished(bot_table)

        private_redis.kill()  # the broker dies with every message in it, and comes back empty
        private_redis.start()
        worker.process.send_signal(signal.SIGCONT)

        def both_finished() -> bool:
            return _finished(bot_table) and _finished(clock_table)

        wait_for(lambda: both_finished() or worker.process.poll() is not None, seconds=90,
                 what="the games to finish after the broker restart")
        if worker.process.poll() is not None:
            # A worker that held an unacknowledged message when its connection dropped can exit ("Unrecoverable
            # error: AttributeError: 'NoneType' object has no attribute 'hostname'": kombu 5.7's Redis transport
            # restoring the message on a closed connection). The deployment's supervisor starts it again
            # (restart: unless-stopped, a Deployment), as this test does; the sweeper then re-drives the games.
            start_worker(beat=True)
            wait_for(both_finished, seconds=90, what="the games to finish with a restarted worker")

    timeouts = [e for row in Action.objects.filter(table=clock_table) for e in row.events if e["type"] == "timeout"]
    assert len(timeouts) == 1 and clock_table.result == "resign"
    for table in (bot_table, clock_table):
        _assert_log_is_whole(table)

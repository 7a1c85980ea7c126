"""Real processes for the integration tests: a Celery worker on the real broker and an ASGI server
(uvicorn), both on the test database. Fixtures over these live in ``tests/conftest.py`` so that every test
folder (tasks, api, tournaments, web client, faults) starts them the same way. Nothing is eager or mocked."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import redis
from django.conf import settings
from django.db import connection
from kombu import Connection

ROOT = Path(__file__).resolve().parents[1]

# High enough that a test's own traffic never meets a throttle.
NO_THROTTLES = {"THROTTLE_USER_RATE": "100000/min", "THROTTLE_ANON_RATE": "100000/min",
                "THROTTLE_REGISTER_RATE": "100000/min"}


def database_url() -> str:
    """The test database as a URL for a child process; the live paths need PostgreSQL."""
    if connection.vendor != "postgresql":
        pytest.fail("this test needs PostgreSQL (set DATABASE_URL)")
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def broker_url() -> str:
    """The real broker the suite runs on; unreachable is a failure, never a skip."""
    url = settings.CELERY_BROKER_URL
    if settings.EMBEDDED_BROKER:
        pytest.fail("this test needs a real broker: set CELERY_BROKER_URL (make test uses local Redis)")
    try:
        with Connection(url, connect_timeout=3) as conn:
            conn.ensure_connection(max_retries=2)
    except Exception as exc:
        pytest.fail(f"broker {url} is not reachable: {exc}")
    return url


def cache_url() -> str:
    """The Redis cache the suite runs on (``CACHE_URL``, which this process uses too), for server processes that
    must share it with each other and with this one; unset or unreachable is a failure, never a skip."""
    url = settings.CACHE_URL
    if not url:
        pytest.fail("this test needs a shared cache: set CACHE_URL (make test uses redis://127.0.0.1:6379/1)")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=3).ping()
    except redis.RedisError as exc:
        pytest.fail(f"cache {url} is not reachable: {exc}")
    return url


TEST_NODE_BUDGET = 20_000
"""The solver nodes a live worker's hand review may search: a fraction of a second, the last tricks solved."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def process_env(**extra: str) -> dict[str, str]:
    """The environment of a child process: the test database and broker, production-like settings."""
    return os.environ | {"DATABASE_URL": database_url(), "CELERY_BROKER_URL": broker_url(), "DEBUG": "0",
                         "SECRET_KEY": "live-test-" + uuid.uuid4().hex + uuid.uuid4().hex,
                         "ALLOWED_HOSTS": "127.0.0.1,localhost", **NO_THROTTLES, **extra}


@contextmanager
def serve(**extra_env: str) -> Iterator[str]:
    """uvicorn serving ``spades_api.asgi`` on the test database; yields its base URL (no trailing slash)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "spades_api.asgi:application", "--port", str(port),
                             "--log-level", "warning"], cwd=ROOT, env=process_env(**extra_env))
    base = f"http://127.0.0.1:{port}"
    _serving[base] = proc
    try:
        for _ in range(300):
            if proc.poll() is not None:
                pytest.fail(f"uvicorn exited with {proc.returncode}")
            try:
                httpx.get(base + "/api/v1/rulesets/", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            pytest.fail("uvicorn did not start")
        yield base
    finally:
        del _serving[base]
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


_serving: dict[str, subprocess.Popen[bytes]] = {}
"""The uvicorn process behind each base URL ``serve`` is yielding."""


def check_alive(base: str) -> None:
    """Fail the test now if the server at ``base`` has exited (a server shared by many tests)."""
    proc = _serving.get(base)
    if proc is None or proc.poll() is not None:
        pytest.fail(f"the live server at {base} is not running (exit code {proc and proc.returncode})")


def settle_sessions(*, seconds: float) -> None:
    """Wait (at most ``seconds``, never failing) until no other session is on the test database, as
    dropping it at the end of the run needs."""
    deadline = time.monotonic() + seconds
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND pid <> pg_backend_pid()")
            row = cursor.fetchone()
            if not row or not row[0]:
                return
            time.sleep(0.1)


class Worker:
    """One Celery worker process (solo pool: SIGKILL ends it whole), optionally with beat embedded, of the
    project's Celery app or of a test's variant of it (``app``, a module path), consuming every queue of the
    settings or only ``queues`` (comma-separated, as ``-Q`` takes them)."""

    def __init__(self, env: dict[str, str], *, beat: bool, app: str = "spades_api", queues: str | None = None) -> None:
        args = [sys.executable, "-m", "celery", "-A", app, "worker", "--pool", "solo", "--loglevel",
                "WARNING", "--hostname", f"test-{uuid.uuid4().hex[:8]}@%h", "--without-gossip", "--without-mingle"]
        if queues:
            args += ["-Q", queues]
        if beat:
            args += ["--beat", "--schedule", str(Path(env["BROKER_DIR"]) / "beat-schedule")]
        self.process = subprocess.Popen(args, cwd=ROOT, env=env)

    def kill(self) -> None:
        """SIGKILL: no chance to finish or acknowledge anything."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def purge(url: str) -> int:
    """Empty the task queues on the broker at ``url``, as ``celery -A spades_api purge -f`` does, from this
    process (the command costs a Python start with Django and Celery imported, a few seconds a test)."""
    from spades_api.celery import app

    with app.connection_for_write(url) as conn:
        return int(app.amqp.TaskConsumer(conn).purge() or 0)


@contextmanager
def workers(broker_dir: Path, **extra_env: str) -> Iterator[Callable[..., Worker]]:
    """A starter of workers on the test database and an emptied broker queue; all are stopped at the end.
    Workers use fast settings (20 ms bots, a 1 s sweeper, hand reviews within 20 000 solver nodes) unless
    ``extra_env`` says otherwise."""
    env = process_env(**{"BOT_BUDGET_MS": "20", "SWEEP_SECONDS": "1", "TOURNAMENT_TICK_SECONDS": "1",
                         "ANALYSIS_NODE_BUDGET": str(TEST_NODE_BUDGET),
                         "ANALYSIS_PAR_NODE_BUDGET": str(TEST_NODE_BUDGET), "BROKER_DIR": str(broker_dir), **extra_env})
    purge(env["CELERY_BROKER_URL"])
    started: list[Worker] = []

    def start(*, beat: bool = False, app: str = "spades_api", queues: str | None = None) -> Worker:
        worker = Worker(env, beat=beat, app=app, queues=queues)
        started.append(worker)
        return worker

    try:
        yield start
    finally:
        for worker in started:
            worker.stop()


def wait_for(predicate: Callable[[], bool], *, seconds: float, what: str) -> None:
    """Poll ``predicate`` until it holds; fail the test (not by timing, by never happening) after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    pytest.fail(f"gave up waiting: {what}")

"""A real Celery worker for the task tests: a separate process on the real broker (CELERY_BROKER_URL, Redis
or RabbitMQ) and the test database, started and stopped per test. Nothing is eager and nothing is mocked."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from kombu import Connection

ROOT = Path(__file__).resolve().parents[2]


def _broker_url() -> str:
    url = settings.CELERY_BROKER_URL
    if url.startswith("filesystem://"):
        pytest.fail("the task tests need a real broker: set CELERY_BROKER_URL (make test uses local Redis)")
    try:
        with Connection(url, connect_timeout=3) as conn:
            conn.ensure_connection(max_retries=2)
    except Exception as exc:  # the broker is down: under CI that is a failure, never a skip
        pytest.fail(f"broker {url} is not reachable: {exc}")
    return url


class Worker:
    """One Celery worker process (solo pool: SIGKILL ends it whole), optionally with beat embedded."""

    def __init__(self, env: dict[str, str], *, beat: bool) -> None:
        args = [sys.executable, "-m", "celery", "-A", "spades_api", "worker", "--pool", "solo", "--loglevel",
                "WARNING", "--hostname", f"test-{uuid.uuid4().hex[:8]}@%h", "--without-gossip", "--without-mingle"]
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


@pytest.fixture
def start_worker(transactional_db: None, tmp_path: Path) -> Iterator[Callable[..., Worker]]:
    """Start workers on the test database; every worker is stopped at the end of the test."""
    url = _broker_url()
    db = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.fail("the task tests need PostgreSQL (set DATABASE_URL)")
    database_url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    env = os.environ | {"DATABASE_URL": database_url, "CELERY_BROKER_URL": url, "SECRET_KEY": "tasks-test",
                        "DEBUG": "0", "BOT_BUDGET_MS": "20", "SWEEP_SECONDS": "1", "BROKER_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-m", "celery", "-A", "spades_api", "purge", "-f"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    workers: list[Worker] = []

    def start(*, beat: bool = False) -> Worker:
        worker = Worker(env, beat=beat)
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        worker.stop()


def wait_for(predicate: Callable[[], bool], *, seconds: float, what: str) -> None:
    """Poll ``predicate`` until it holds; fail the test (not by timing, by never happening) after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    pytest.fail(f"gave up waiting: {what}")

"""Real Celery worker processes for the stack benchmarks (workers.py, tournament.py)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def prepare_stack(**settings: str) -> dict[str, str]:
    """Point this process and its children at the benchmark database (``BENCH_DATABASE_URL``, created and
    migrated) and an emptied broker (``BENCH_BROKER_URL``), set Django up, and return the children's
    environment. ``settings`` are extra environment variables (BOT_BUDGET_MS, ...)."""
    from bench.api import DEFAULT_DB, ensure_database

    db = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    ensure_database(db)
    env = os.environ | {"DATABASE_URL": db, "DJANGO_SETTINGS_MODULE": "spades_api.settings",
                        "CELERY_BROKER_URL": os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/9"),
                        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
                        "DB_CONN_MAX_AGE": "60", **settings}
    os.environ.update(env)
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([sys.executable, "-m", "celery", "-A", "spades_api", "purge", "-f"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    import django

    django.setup()
    return env


@contextmanager
def celery_workers(env: dict[str, str], count: int, *, beat: bool = False, settle_s: float = 3.0) -> Iterator[None]:
    """``count`` solo-pool workers (the first with beat embedded, if asked) for the duration of the block."""
    procs = []
    for i in range(count):
        args = [sys.executable, "-m", "celery", "-A", "spades_api", "worker", "--pool", "solo", "--loglevel",
                "WARNING", "--hostname", f"bench{i}-{uuid.uuid4().hex[:6]}@%h", "--without-gossip", "--without-mingle"]
        if beat and i == 0:
            args += ["--beat", "--schedule", f"/tmp/bench-beat-{uuid.uuid4().hex[:8]}"]
        procs.append(subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    try:
        time.sleep(settle_s)  # let the workers connect before the first game is opened
        yield
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)

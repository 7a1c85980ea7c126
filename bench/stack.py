"""Real Celery worker processes for the stack benchmarks (workers.py, tournament.py)."""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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

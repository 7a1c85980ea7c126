"""``manage.py serve`` (what ``make run`` runs) as a supervisor, on its own embedded stack: a fresh SQLite database,
the SQLite broker and a free port in a temporary folder (``bench.soak.EmbeddedService``). The short form of the
soak keeps bot tables playing and no child may die; a SIGKILLed worker comes back and the bots play on; a child
that keeps dying ends the command non-zero with the reason; SIGINT or SIGTERM stops every child and exits 0."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from bench.soak import ROOT, EmbeddedService
from tests import live

pytestmark = pytest.mark.services  # live servers and workers (no PostgreSQL or Redis: all embedded)


def wait_until(predicate: Callable[[], bool], *, seconds: float, what: str, service: EmbeddedService) -> None:
    """``live.wait_for``, failing with the tail of the supervisor's log."""
    try:
        live.wait_for(predicate, seconds=seconds, what=what)
    except pytest.fail.Exception:
        pytest.fail(f"gave up waiting: {what}\n{service.log()[-4000:]}")


def alive(pid: int, *, group: bool = False) -> bool:
    """Whether the process (or, with ``group``, any process of the group) ``pid`` still exists."""
    try:
        (os.killpg if group else os.kill)(pid, 0)
    except ProcessLookupError:
        return False
    return True


def started_pids(log: str) -> list[int]:
    return [int(pid) for pid in re.findall(r"spades\.serve: (?:started|restarted) \w+ \(pid (\d+)", log)]


def test_soak_short_form_keeps_tables_playing_and_no_child_dies() -> None:
    """bench/soak.py itself, for 30 s with three tables: hands are completed, and the supervisor saw no child
    exit, restarted none, and stopped with 0; the client met no error and the log has no error line."""
    result = subprocess.run([sys.executable, "bench/soak.py", "--minutes", "0.5", "--tables", "3", "--target", "100"],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    last = result.stdout.strip().splitlines()[-1]
    figures = dict(item.split("=") for item in last.split())
    assert result.returncode == 0, result.stdout + result.stderr
    assert int(figures["hands"]) > 0, result.stdout + result.stderr
    assert figures["restarts"] == figures["crashes"] == figures["errors"] == "0", result.stdout
    assert "child exits: none" in result.stdout


def test_a_killed_worker_is_restarted_and_the_bots_play_on(tmp_path: Path) -> None:
    with EmbeddedService(tmp_path, "--backoff", "0.2") as service, httpx.Client(base_url=service.base) as http:
        before = service.children()
        assert set(before) == {"web", "worker", "analyst", "beat"}
        token = http.post("/api/v1/players/", json={"name": "watcher"}).json()["token"]
        http.headers["Authorization"] = f"Bearer {token}"
        table = http.post("/api/v1/tables/", json={"preset": "standard",
                                                   "seats": [{"type": "bot", "level": "easy"}] * 4}).json()["id"]

        def seq() -> int:
            return int(http.get(f"/api/v1/tables/{table}/").json()["seq"])

        wait_until(lambda: seq() > 3, seconds=60, what="the bots moving", service=service)
        os.kill(before["worker"], signal.SIGKILL)
        wait_until(lambda: "restarted worker" in service.log(), seconds=60, what="the worker restarted",
                   service=service)
        log = service.log()
        assert re.search(r"spades\.serve: worker exited with code -9 \(SIGKILL\) after [\d.]+ s; restart 1 in", log)
        after = service.children()
        assert after["worker"] != before["worker"]
        # only the dead one restarted
        assert {name: after[name] for name in ("web", "analyst", "beat")} == {
            name: before[name] for name in ("web", "analyst", "beat")}
        wait_until(lambda: not alive(before["worker"], group=True), seconds=30, service=service,
                   what="the dead worker's pool processes gone with it")
        at_restart = seq()
        wait_until(lambda: seq() > at_restart + 3, seconds=90, what="the bots playing on after the restart",
                   service=service)
        assert service.process is not None
        service.process.send_signal(signal.SIGINT)  # Ctrl-C (the soak above stops it with SIGTERM)
        assert service.stop() == 0
    log = service.log()
    assert "spades.serve: stopped on SIGINT" in log
    assert not [pid for pid in started_pids(log) if alive(pid)]


def test_a_child_that_keeps_dying_ends_serve_non_zero_with_the_reason(tmp_path: Path) -> None:
    """The web server cannot bind a port that is taken: it dies at each start, and after two restarts the
    supervisor stops the worker and beat too and exits 1 (CommandError), saying which child and why."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        service = EmbeddedService(tmp_path, "--max-restarts", "2", "--backoff", "0.1", port=taken.getsockname()[1])
        service.start(ready_seconds=0)
        assert service.process is not None
        try:
            code = service.process.wait(timeout=180)
        finally:
            service.stop()
    log = service.log()
    assert code == 1, log[-4000:]
    exits = re.findall(r"spades\.serve: web exited with code (\d+) after [\d.]+ s; restart (\d) in", log)
    assert [restart for _code, restart in exits] == ["1", "2"], log[-4000:]
    assert len(re.findall(r"spades\.serve: restarted web \(pid \d+, restart \d\)", log)) == 2
    reason = re.search(r"CommandError: (.*)", log)
    assert reason, log[-4000:]
    # uvicorn's exit code for a failed start (3); the web server answered never, the worker and beat are gone
    assert reason.group(1) == (f"web exited with code {exits[0][0]} and has died 3 times within 120 s "
                               "(at most 2 restarts allowed)")
    assert exits[0][0] != "0"
    assert not [pid for pid in started_pids(log) if alive(pid)]


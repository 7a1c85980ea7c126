"""Soak of the embedded set-up: ``manage.py serve`` (what ``make run`` runs: the supervisor of uvicorn, the Celery
workers and beat on the SQLite broker) with a number of all-bot tables kept playing at once for a while.

It migrates a fresh SQLite database and starts the supervisor on it, with a broker folder of its own and a
free port, all in a temporary folder. A client thread per table, through the public API only, registers,
opens a table of four built-in bots, follows its events feed (long-polls, as a client would) until the game
is over, and opens the next. At the end it stops the supervisor with SIGTERM (which must exit 0) and reports
the games and hands completed, the actions played, the child restarts and crashes in the supervisor's log,
the client's errors (any failed request, and a table that made no move for ``--stall`` seconds), and lines at
ERROR or above in the log. Last line: ``minutes=… games=… hands=… restarts=… crashes=… errors=…``; the exit
code is 1 if anything crashed or failed.

Usage: ``python bench/soak.py [--minutes 30] [--tables 8] [--target 500] [--keep]`` (``--keep`` leaves the
temporary folder with the log). ``tests/ops/test_serve.py`` runs a short form and reuses ``EmbeddedService``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("easy", "normal", "hard")
ACTIONS = frozenset({"bid", "play", "exchange", "look"})
CHILD_DIED = re.compile(r"spades\.serve: (\w+) exited with code (\S+)")
RESTARTED = re.compile(r"spades\.serve: restarted (\w+)")
LOG_ERROR = re.compile(r"^\S+ \S+ (ERROR|CRITICAL) |^Traceback |Unrecoverable error")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class EmbeddedService:
    """``manage.py serve`` on a fresh SQLite database and broker folder under ``folder``, on a free port,
    logging to ``folder/serve.log``. ``extra_args`` go to the command (e.g. ``--max-restarts``)."""

    def __init__(self, folder: Path, *extra_args: str, port: int | None = None, env: dict[str, str] | None = None):
        self.folder = folder
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = folder / "serve.log"
        self.env = {k: v for k, v in os.environ.items() if k not in {"CELERY_BROKER_URL", "PROMETHEUS_MULTIPROC_DIR"}}
        self.env |= {"DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}", "BROKER_DIR": str(folder / "broker"),
                     "DEBUG": "1", "LOG_FORMAT": "text", "PYTHONUNBUFFERED": "1", **(env or {})}
        self.extra_args = extra_args
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, *, ready_seconds: float = 120) -> None:
        subprocess.run([sys.executable, "manage.py", "migrate", "--no-input"], cwd=ROOT, env=self.env, check=True,
                       capture_output=True)
        self.log_file = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--port", str(self.port), *self.extra_args], cwd=ROOT,
            env=self.env, stdout=self.log_file, stderr=subprocess.STDOUT)
        if ready_seconds:
            self.wait_ready(ready_seconds)

    def wait_ready(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"serve exited with {self.process.returncode} while starting:\n{self.log()[-3000:]}")
            try:
                httpx.get(self.base + "/api/v1/rulesets/", timeout=2).raise_for_status()
                return
            except httpx.HTTPError:
                time.sleep(0.3)
        raise RuntimeError(f"serve did not answer within {seconds:g} s:\n{self.log()[-3000:]}")

    def stop(self, timeout: float = 60) -> int:
        """SIGTERM to the supervisor; its exit code (it should be 0)."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        self.log_file.close()
        return code

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def children(self) -> dict[str, int]:
        """The supervisor's children now: name (web, worker, analyst, beat) -> pid, from ``ps``."""
        assert self.process is not None
        out = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "--ppid", str(self.process.pid)], capture_output=True,
                             text=True).stdout
        # The analyst is a Celery worker too: its node name (far along its arguments, hence -ww: no width limit)
        # tells it from the other, so it is looked for first.
        names = {"uvicorn": "web", " analyst@": "analyst", " worker ": "worker", " beat ": "beat"}
        found = {}
        for line in out.splitlines():
            pid, _, args = line.strip().partition(" ")
            name = next((name for marker, name in names.items() if marker in f" {args} "), None)
            if name is not None:
                found[name] = int(pid)
        return found

    def __enter__(self) -> EmbeddedService:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process is not None and self.process.poll() is None:
            self.stop()


@dataclass
class Tally:
    """What the client threads saw, under one lock."""

    games: int = 0
    hands: int = 0
    actions: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, **counts: int) -> None:
        with self.lock:
            for name, n in counts.items():
                setattr(self, name, getattr(self, name) + n)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors[what] += 1


def play_tables(base: str, index: int, until: float, tally: Tally, *, target: int, stall: float) -> None:
    """One client: open an all-bot table, follow it to its end, again, until ``until`` (monotonic)."""
    level = LEVELS[index % len(LEVELS)]
    with httpx.Client(base_url=base, timeout=60) as http:
        token = None
        while time.monotonic() < until:
            try:
                if token is None:
                    r = http.post("/api/v1/players/", json={"name": f"soak-{index}-{uuid.uuid4().hex[:8]}"})
                    r.raise_for_status()
                    token = r.json()["token"]
                    http.headers["Authorization"] = f"Bearer {token}"
                r = http.post("/api/v1/tables/", json={"preset": "standard", "overrides": {"target": target},
                                                      "seats": [{"type": "bot", "level": level}] * 4})
                r.raise_for_status()
                follow(http, r.json()["id"], until, tally, stall=stall)
            except httpx.HTTPStatusError as exc:
                tally.error(f"{exc.request.method} {exc.request.url.path.split('/')[3]} "
                            f"{exc.response.status_code} {exc.response.text[:120]}")
                time.sleep(1)
            except httpx.HTTPError as exc:
                tally.error(f"{type(exc).__name__}: {exc}"[:160])
                time.sleep(1)


def follow(http: httpx.Client, table: str, until: float, tally: Tally, *, stall: float) -> None:
    """Read the table's events feed until game over (counting it), ``until``, or a stall (an error)."""
    after, moved = 0, time.monotonic()
    while time.monotonic() < until:
        r = http.get(f"/api/v1/tables/{table}/events/", params={"after": after, "wait": 10})
        r.raise_for_status()
        body = r.json()
        entries = body["events"]
        if entries:
            moved = time.monotonic()
            after = entries[-1]["seq"]
            events = [e for entry in entries for e in entry["events"]]
            tally.add(actions=sum(entry["type"] in ACTIONS for entry in entries),
                      hands=sum(e["type"] == "hand_over" for e in events))
            if any(e["type"] == "game_over" for e in events):
                tally.add(games=1)
                return
        elif time.monotonic() - moved > stall:
            tally.error(f"stall: no move for {stall:g} s")
            return
        time.sleep(1)  # a client pacing itself, and well under the per-token throttle


def read_log(text: str) -> tuple[Counter[str], Counter[str], list[str]]:
    """Child deaths by name, restarts by name, and the log's ERROR/CRITICAL/traceback lines."""
    died = Counter(m.group(1) for m in CHILD_DIED.finditer(text))
    restarted = Counter(m.group(1) for m in RESTARTED.finditer(text))
    errors = [line for line in text.splitlines() if LOG_ERROR.search(line)]
    return died, restarted, errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--target", type=int, default=500, help="Points to win a game (standard: 500).")
    parser.add_argument("--stall", type=float, default=60, help="Seconds without a move that count as an error.")
    parser.add_argument("--keep", action="store_true", help="Keep the temporary folder (database, broker, log).")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="spades-soak-"))
    tally = Tally()
    service = EmbeddedService(folder)
    service.start()
    print(f"serving at {service.base}; {args.tables} tables for {args.minutes:g} min; log {service.log_path}",
          file=sys.stderr, flush=True)
    started = time.monotonic()
    until = started + args.minutes * 60
    threads = [threading.Thread(target=play_tables, args=(service.base, i, until, tally),
                                kwargs={"target": args.target, "stall": args.stall}, daemon=True)
               for i in range(args.tables)]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        time.sleep(min(60, max(0.1, until - time.monotonic() + 1)))
        died, _, _ = read_log(service.log())
        print(f"{(time.monotonic() - started) / 60:5.1f} min: games={tally.games} hands={tally.hands} "
              f"actions={tally.actions} child_exits={sum(died.values())} errors={sum(tally.errors.values())}",
              file=sys.stderr, flush=True)
    for thread in threads:
        thread.join(timeout=70)
    minutes = (time.monotonic() - started) / 60
    code = service.stop()
    died, restarted, log_errors = read_log(service.log())
    crashes = sum(died.values()) + (code != 0)
    errors = sum(tally.errors.values()) + len(log_errors)
    print(f"actions={tally.actions} actions_per_s={tally.actions / (minutes * 60):.1f} supervisor_exit={code}")
    print(f"child exits: {dict(died) or 'none'}; restarts: {dict(restarted) or 'none'}")
    for what, n in tally.errors.most_common():
        print(f"client error x{n}: {what}")
    for line in log_errors[:20]:
        print(f"log: {line[:200]}")
    if args.keep:
        print(f"kept {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"minutes={minutes:.1f} games={tally.games} hands={tally.hands} restarts={sum(restarted.values())} "
          f"crashes={crashes} errors={errors}")
    return 1 if crashes or errors else 0


if __name__ == "__main__":
    sys.exit(main())

"""Load: many concurrent clients play games against gunicorn (uvicorn workers) and PostgreSQL.

Each table is four clients, one per seat, that play only through the public API as a third-party client
would: a client asks for its legal moves (``GET /tables/{id}/legal/``); when it is its turn it acts
(``POST /tables/{id}/actions/``), otherwise it long-polls the events feed until the table moves on. When a
game ends the table's first client opens another. For each number of clients (``--clients 8,16,32``) the
clients play for ``--seconds`` after a short warm-up; the figures are the actions per second, the latency
of an action (p50, p99, max), the latency of every request, and the errors: any response that is not a 2xx
(a 409 ``stale_seq`` is counted apart: clients that wait for their turn should never see one). Last line,
for the largest number of clients: ``actions_per_s=<N> p99_ms=<ms> errors=<N>``.

Usage: ``python bench/load.py [--clients 8,16,32] [--seconds 20] [--workers 3] [--env DB_POOL_MAX_SIZE=8]``.
It uses the database named by ``LOAD_DATABASE_URL`` (default: a ``spades_load`` database on the local
PostgreSQL, created and migrated). ``--env`` passes settings to the server (repeatable).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import choose, ensure_database, percentile  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/spades_load"
LONG_POLL_SECONDS = 10


@dataclass
class Stats:
    """What the clients of one run saw."""

    action_ms: list[float] = field(default_factory=list)
    request_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    stale: int = 0
    games: int = 0
    measuring: bool = False

    def error(self, what: str) -> None:
        if self.measuring:
            self.errors[what] = self.errors.get(what, 0) + 1


class Client:
    """One player: its own HTTP connection and token."""

    def __init__(self, base: str, stats: Stats) -> None:
        self.http = httpx.AsyncClient(base_url=base + "/api/v1", timeout=LONG_POLL_SECONDS + 30)
        self.stats = stats

    async def call(self, method: str, path: str, **kwargs: object) -> httpx.Response | None:
        """One request, timed and checked; ``None`` when it failed (counted as an error)."""
        start = time.perf_counter()
        try:
            response = await self.http.request(method, path, **kwargs)  # type: ignore[arg-type]
        except httpx.HTTPError as exc:
            self.stats.error(type(exc).__name__)
            return None
        elapsed = (time.perf_counter() - start) * 1000
        if self.stats.measuring and not path.endswith("/events/"):  # a long-poll's time is mostly waiting
            self.stats.request_ms.append(elapsed)
        if response.is_success:
            return response
        code = response.json().get("code", "") if response.headers.get("content-type", "").endswith("json") else ""
        if code == "stale_seq":
            self.stats.stale += self.stats.measuring
        else:
            self.stats.error(f"{response.status_code} {code}".strip())
        return None

    async def register(self) -> None:
        for _ in range(10):  # an overloaded server may refuse one; this is set-up, not measured
            response = await self.call("POST", "/players/", json={"name": "load-" + uuid.uuid4().hex[:12],
                                                                  "kind": "bot"})
            if response is not None:
                self.http.headers["Authorization"] = f"Bearer {response.json()['token']}"
                return
            await asyncio.sleep(0.5)
        raise SystemExit("could not register a player; is the server up?")

    async def close(self) -> None:
        await self.http.aclose()


async def open_table(seats: list[Client]) -> str | None:
    """A standard table with the four clients seated in order; the game starts with the last join."""
    created = await seats[0].call("POST", "/tables/", json={"preset": "standard", "take_seat": 0})
    if created is None:
        return None
    table = created.json()["id"]
    for seat, client in enumerate(seats[1:], start=1):
        if await client.call("POST", f"/tables/{table}/join/", json={"seat": seat}) is None:
            return None
    return table


async def play_seat(client: Client, table: str, rng: random.Random, until: float) -> bool:
    """Play one seat until the game ends (``True``) or time is up (``False``)."""
    stats = client.stats
    while time.monotonic() < until:
        legal_response = await client.call("GET", f"/tables/{table}/legal/")
        if legal_response is None:
            await asyncio.sleep(0.1)
            continue
        legal = legal_response.json()
        if legal["phase"] == "game_over":
            return True
        if not legal["your_turn"]:
            await client.call("GET", f"/tables/{table}/events/", params={"after": legal["seq"],
                                                                         "wait": LONG_POLL_SECONDS})
            continue
        hand: list[str] = []
        if any(a["type"] == "exchange" for a in legal["actions"]):
            view = await client.call("GET", f"/tables/{table}/")
            hand = (view.json()["view"]["hand"] or []) if view is not None else []
        action = choose(legal, hand, rng) | {"seq": legal["seq"]}
        start = time.perf_counter()
        done = await client.call("POST", f"/tables/{table}/actions/", json=action)
        if done is not None and stats.measuring:
            stats.action_ms.append((time.perf_counter() - start) * 1000)
    return False


async def play_table(seats: list[Client], rng: random.Random, until: float) -> None:
    """Open tables one after another and play them with the four seats until time is up."""
    while time.monotonic() < until:
        table = await open_table(seats)
        if table is None:
            await asyncio.sleep(0.5)
            continue
        results = await asyncio.gather(*(play_seat(c, table, random.Random(rng.random()), until) for c in seats))
        if all(results):
            seats[0].stats.games += seats[0].stats.measuring


async def run(base: str, clients: int, seconds: float, warmup: float, seed: int) -> tuple[Stats, float]:
    """``clients`` players (four a table) for ``warmup`` + ``seconds``; returns the stats and the measured
    wall time."""
    stats = Stats()
    players = [Client(base, stats) for _ in range(clients)]
    try:
        for p in players:  # one after another, as independent clients arrive
            await p.register()
        rng = random.Random(seed)
        until = time.monotonic() + warmup + seconds
        tables = [play_table(players[i:i + 4], random.Random(rng.random()), until) for i in range(0, clients, 4)]

        async def measure() -> float:
            await asyncio.sleep(warmup)
            stats.measuring = True
            start = time.monotonic()
            await asyncio.sleep(max(0.0, until - time.monotonic()))
            stats.measuring = False
            return time.monotonic() - start

        wall, *_ = await asyncio.gather(measure(), *tables)
    finally:
        await asyncio.gather(*(p.close() for p in players))
    return stats, wall


@contextmanager
def gunicorn(env: dict[str, str], workers: int, port: int) -> Iterator[str]:
    """gunicorn with ``workers`` uvicorn workers serving the app; yields its base URL."""
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "spades_api.asgi:application", "-k", "uvicorn_worker.UvicornWorker",
         "-w", str(workers), "-b", f"127.0.0.1:{port}", "--log-level", "warning"], cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            if server.poll() is not None:
                raise SystemExit(f"gunicorn exited with {server.returncode}")
            try:
                httpx.get(base + "/api/v1/rulesets/", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            raise SystemExit("gunicorn did not start")
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="8,16,32", help="comma-separated client counts, multiples of 4")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn (uvicorn) worker processes")
    parser.add_argument("--port", type=int, default=8933)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--env", action="append", default=[], metavar="KEY=VALUE",
                        help="a setting for the server's environment (repeatable)")
    args = parser.parse_args()
    counts = [int(c) for c in args.clients.split(",")]
    if any(c < 4 or c % 4 for c in counts):
        parser.error("--clients: each count must be a multiple of 4 (four clients a table)")

    db = os.environ.get("LOAD_DATABASE_URL", DEFAULT_DB)
    ensure_database(db)
    env = os.environ | {"DATABASE_URL": db, "DJANGO_SETTINGS_MODULE": "spades_api.settings", "DEBUG": "0",
                        "SECRET_KEY": "load-" + uuid.uuid4().hex + uuid.uuid4().hex, "ALLOWED_HOSTS": "127.0.0.1",
                        "LOG_LEVEL": "WARNING", "THROTTLE_USER_RATE": "1000000/min",
                        "THROTTLE_ANON_RATE": "1000000/min", "THROTTLE_REGISTER_RATE": "1000000/min"}
    env |= dict(item.split("=", 1) for item in args.env)
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)

    settings = " ".join(args.env) or "defaults"
    print(f"gunicorn workers={args.workers} seconds={args.seconds:g} warmup={args.warmup:g} server env: {settings}")
    header = (f"{'clients':>7} {'tables':>6} {'games':>5} {'actions':>7} {'act/s':>7} {'p50_ms':>7} {'p99_ms':>7} "
              f"{'max_ms':>7} {'req/s':>7} {'req_p99':>7} {'stale':>5} {'errors':>6}")
    print(header)
    results = []
    with gunicorn(env, args.workers, args.port) as base:
        for clients in counts:
            stats, wall = asyncio.run(run(base, clients, args.seconds, args.warmup, args.seed))
            actions = stats.action_ms or [0.0]
            rate = len(stats.action_ms) / wall
            p99 = percentile(actions, 99)
            errors = sum(stats.errors.values())
            requests = stats.request_ms or [0.0]
            print(f"{clients:>7} {clients // 4:>6} {stats.games:>5} {len(stats.action_ms):>7} {rate:>7.1f} "
                  f"{statistics.median(actions):>7.1f} {p99:>7.1f} {max(actions):>7.1f} "
                  f"{len(stats.request_ms) / wall:>7.1f} {percentile(requests, 99):>7.1f} {stats.stale:>5} "
                  f"{errors:>6}", flush=True)
            if stats.errors:
                print("        errors: " + ", ".join(f"{k}: {v}" for k, v in sorted(stats.errors.items())))
            results.append((rate, p99, errors))
    rate, p99, errors = results[-1]
    print(f"actions_per_s={rate:.1f} p99_ms={p99:.1f} errors={errors}")


if __name__ == "__main__":
    main()

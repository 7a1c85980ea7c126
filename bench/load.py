"""Load: many concurrent clients play games against gunicorn (uvicorn workers) and PostgreSQL, beside the
floor of the same server.

The floor is the cheapest authenticated request there is (``GET /players/me/``: the token's account, one
row), sent back to back by ``--floor-clients`` clients: what the stack itself allows. Then, for each number
of clients (``--clients 8,16,32,64,128``) and each client loop (``--loops old,fast``), tables of four
clients play standard games for ``--seconds`` after a short warm-up, through the public API only:

- ``old``: the multi-request loop. A client asks for its legal moves (``GET legal/``); when it may act it
  acts (``POST actions/``, after ``GET tables/{id}/`` for its hand in an exchange), otherwise it long-polls
  the events feed until the table moves on, and asks for its legal moves again.
- ``fast``: one round trip a move. A client reads the events feed once; from then on the answer of its
  action, or of its next long-poll of the events (``until=turn``: it answers at the client's turn or the
  game's end, not at every other seat's move), carries its table at that ``seq`` and its legal actions.

When a game ends the table's first client opens another. Each row prints the requests per second (every
answered request, long-polls included), the actions per second, the latency of an action (p50, p99, max),
the p99 of the requests that are not long-polls, what one move costs in floor requests (``floor_rps`` over
the actions per second: the server's whole work for a move, the wake-ups of the other three clients
included), the load generator's own CPU share, the CPU time one move costs the server's processes
(``srv_ms/act``) and the PostgreSQL backends of its database (``db_ms/act``; for the floor, per request),
and the errors: any response that is not a 2xx (a 409 ``stale_seq`` is counted apart: clients that act
only when the game waits for them should never see one),
and any transport error, named with its request and whether its connection had been idle over 2 s. The
server keeps idle connections 5 s as deployed (``--keep-alive``) and the clients drop theirs after 4 s, so
that none reuses a connection the server is closing.
Last line, for the largest number of clients and the last loop given (``fast`` by default):
``floor_rps=<N> actions_per_s=<N> p99_ms=<ms> errors=<N> clients=<N>``.

Open loop (``--rate 20,40,80,120``): ``--tables`` tables (64) of four seats, each seat on its table's stream
with ``until=turn`` (a bare socket that reads the pushed turns), opened once; then for each rate, moves are
sent at Poisson arrivals of that rate whatever the answers, each by a seat the game waits for picked at
random (an arrival that finds none is counted as ``no_seat``: the tables cannot offer that rate). A row a
rate: the moves sent and answered a second, the action latency (p50, p90, p99, max), the server's and
PostgreSQL's CPU a move, and errors; last line
``rate=<R> moves_per_s=<N> p99_ms=<ms> errors=<N> p99_past_250ms_at=<R|none>``.

Usage: ``python bench/load.py [--clients 8,16,32,64,128] [--loops old,fast] [--seconds 15]
[--workers N] [--server-root PATH] [--env KEY=VALUE]``. The load generator runs on the same machine, so
what it uses is not the server's. ``--workers`` defaults to the production default (one per core, see
``deploy/gunicorn.conf.py``). ``--server-root`` serves another checkout of the project (an earlier commit's
worktree, with this venv) to compare in the same run; an earlier commit has only the ``old`` loop. It uses the
database named by ``LOAD_DATABASE_URL`` (default: a ``spades_load`` database on the local PostgreSQL, created
and migrated). The server runs with the deploy files' pool of 8 connections a process; ``--env`` passes
other settings to the server (repeatable). ``--py-spy FILE`` records a py-spy
profile of every server process during the largest run of the last loop (``pip install -e '.[bench]'``;
``.svg`` a flame graph, ``.json`` speedscope, ``.txt`` collapsed stacks). ``--http aiohttp`` sends the
clients' requests with aiohttp instead of httpx (``pip install -e '.[bench]'``): the generator shares the
machine, and aiohttp's requests cost it less of it, leaving more to the server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import choose, ensure_database, percentile  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/spades_load"
LONG_POLL_SECONDS = 10
SERVER_KEEPALIVE_SECONDS = 5  # deploy/gunicorn.conf.py's keepalive, which the server runs with
Loop = Callable[["Client", str, random.Random, float], Awaitable[bool]]


@dataclass
class Stats:
    """What the clients of one run saw while measuring."""

    action_ms: list[float] = field(default_factory=list)
    request_ms: list[float] = field(default_factory=list)
    requests: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    stale: int = 0
    games: int = 0
    measuring: bool = False
    server_cpu: float = 0.0  # CPU seconds of the server's processes while measuring
    db_cpu: float = 0.0  # and of the PostgreSQL backends of its database

    def error(self, what: str) -> None:
        if self.measuring:
            self.errors[what] = self.errors.get(what, 0) + 1


class HttpxTransport:
    """The requests of one client over httpx (the project's own HTTP client, used by its tests)."""

    errors: tuple[type[Exception], ...] = (httpx.HTTPError,)

    def __init__(self, base: str) -> None:
        # A connection idle for the server's keep-alive time (5 s, deploy/gunicorn.conf.py) is closed by the
        # server; one the client reuses just then fails as it is sent (RemoteProtocolError). The client
        # drops its idle connections first.
        self.http = httpx.AsyncClient(base_url=base, timeout=LONG_POLL_SECONDS + 30,
                                      limits=httpx.Limits(keepalive_expiry=SERVER_KEEPALIVE_SECONDS - 1))

    async def request(self, method: str, path: str, params: dict[str, Any] | None, body: Any,
                      headers: dict[str, str]) -> tuple[int, bytes]:
        response = await self.http.request(method, path, params=params, json=body, headers=headers)
        return response.status_code, response.content

    async def close(self) -> None:
        await self.http.aclose()


class AiohttpTransport:
    """The same over aiohttp, whose C parser makes a request cost the load generator a fraction of httpx's:
    more of the shared machine is left to the server."""

    def __init__(self, base: str) -> None:
        import aiohttp

        self.errors = (aiohttp.ClientError, asyncio.TimeoutError)
        self.base = base
        self.session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=LONG_POLL_SECONDS + 30),
            connector=aiohttp.TCPConnector(keepalive_timeout=SERVER_KEEPALIVE_SECONDS - 1))

    async def request(self, method: str, path: str, params: dict[str, Any] | None, body: Any,
                      headers: dict[str, str]) -> tuple[int, bytes]:
        query = {k: str(v) for k, v in params.items()} if params else None
        async with self.session.request(method, self.base + path, params=query, json=body,
                                        headers=headers) as response:
            return response.status, await response.read()

    async def close(self) -> None:
        await self.session.close()


TRANSPORTS = {"httpx": HttpxTransport, "aiohttp": AiohttpTransport}


class Client:
    """One player: its own HTTP connection and token."""

    transport = "httpx"
    """The HTTP library of every client (``--http``); set by :func:`main`."""

    def __init__(self, base: str, stats: Stats) -> None:
        self.http = TRANSPORTS[self.transport](base + "/api/v1")
        self.headers: dict[str, str] = {}
        self.stats = stats
        self.last_done = time.perf_counter()  # when this client's last request ended

    async def call(self, method: str, path: str, params: dict[str, Any] | None = None,
                   json: Any = None) -> Any:
        """One request, timed and checked: its JSON answer, or ``None`` when it failed (counted as an error)."""
        start = time.perf_counter()
        try:
            status, content = await self.http.request(method, path, params, json, self.headers)
        except self.http.errors as exc:
            # Which request, and how long its connection had been idle: a server that closes an idle
            # keep-alive connection as the client reuses it shows up as a transport error after an idle gap.
            route = path.rstrip("/").rsplit("/", 1)[-1]
            idle = start - self.last_done
            self.stats.error(f"{type(exc).__name__} {method} {route} idle{'>' if idle > 2 else '<'}2s")
            return None
        finally:
            self.last_done = time.perf_counter()
        elapsed = (time.perf_counter() - start) * 1000
        if self.stats.measuring:
            self.stats.requests += 1
            if "wait" not in (params or {}):  # a long-poll's time is mostly waiting
                self.stats.request_ms.append(elapsed)
        try:
            answer = orjson.loads(content) if content else None
        except orjson.JSONDecodeError:
            answer = None
        if 200 <= status < 300:
            return answer if answer is not None else {}
        code = answer.get("code", "") if isinstance(answer, dict) else ""
        if code == "stale_seq":
            self.stats.stale += self.stats.measuring
        else:
            self.stats.error(f"{status} {code}".strip())
        return None

    async def act(self, table: str, action: dict[str, Any]) -> Any:
        """``POST actions/``, its latency recorded as an action's."""
        start = time.perf_counter()
        done = await self.call("POST", f"/tables/{table}/actions/", json=action)
        if done is not None and self.stats.measuring:
            self.stats.action_ms.append((time.perf_counter() - start) * 1000)
        return done

    async def register(self) -> None:
        for _ in range(10):  # an overloaded server may refuse one; this is set-up, not measured
            registered = await self.call("POST", "/players/", json={"name": "load-" + uuid.uuid4().hex[:12],
                                                                    "kind": "bot"})
            if registered is not None:
                self.headers["Authorization"] = f"Bearer {registered['token']}"
                return
            await asyncio.sleep(0.5)
        raise SystemExit("could not register a player; is the server up?")

    async def close(self) -> None:
        await self.http.close()


async def open_table(seats: list[Client]) -> str | None:
    """A standard table with the four clients seated in order; the game starts with the last join."""
    created = await seats[0].call("POST", "/tables/", json={"preset": "standard", "take_seat": 0})
    if created is None:
        return None
    table = created["id"]
    for seat, client in enumerate(seats[1:], start=1):
        if await client.call("POST", f"/tables/{table}/join/", json={"seat": seat}) is None:
            return None
    return table


async def play_old(client: Client, table: str, rng: random.Random, until: float) -> bool:
    """The multi-request loop: play one seat until the game ends (``True``) or time is up (``False``)."""
    while time.monotonic() < until:
        legal = await client.call("GET", f"/tables/{table}/legal/")
        if legal is None:
            await asyncio.sleep(0.1)
            continue
        if legal["phase"] == "game_over":
            return True
        if not legal["your_turn"]:
            await client.call("GET", f"/tables/{table}/events/", params={"after": legal["seq"],
                                                                         "wait": LONG_POLL_SECONDS})
            continue
        hand: list[str] = []
        if any(a["type"] == "exchange" for a in legal["actions"]):
            view = await client.call("GET", f"/tables/{table}/")
            hand = (view["view"]["hand"] or []) if view is not None else []
        await client.act(table, choose(legal, hand, rng) | {"seq": legal["seq"]})
    return False


async def play_fast(client: Client, table: str, rng: random.Random, until: float) -> bool:
    """The one-round-trip loop: every answer (an action's, the events feed's) carries the seat's table at
    its ``seq`` and its legal actions, so a move is one ``POST`` and a wait one long-poll."""
    seq, state = 0, None
    while time.monotonic() < until:
        if state is not None and state["table"]["status"] == "finished":
            return True
        if state is not None and state["legal"]:
            hand = state["table"]["view"]["hand"] or []
            done = await client.act(table, choose({"actions": state["legal"]}, hand, rng) | {"seq": seq})
            if done is not None:
                state = done
                seq = state["seq"]
                continue
        params = {"after": seq, "wait": LONG_POLL_SECONDS, "until": "turn"} if state is not None and \
            not state["legal"] else {"after": seq}  # the first read, or after a refusal: catch up at once
        answer = await client.call("GET", f"/tables/{table}/events/", params=params)
        if answer is None:
            await asyncio.sleep(0.1)
            continue
        state = answer
        seq = state["seq"]
    return False


LOOPS: dict[str, Loop] = {"old": play_old, "fast": play_fast}


async def play_table(seats: list[Client], loop: Loop, rng: random.Random, until: float) -> None:
    """Open tables one after another and play them with the four seats until time is up."""
    while time.monotonic() < until:
        table = await open_table(seats)
        if table is None:
            await asyncio.sleep(0.5)
            continue
        results = await asyncio.gather(*(loop(c, table, random.Random(rng.random()), until) for c in seats))
        if all(results):
            seats[0].stats.games += seats[0].stats.measuring


class StreamEnded(Exception):
    """The server closed an event stream before the reader's time was up."""


async def sse_frames(host: str, port: int, path: str, until: float) -> AsyncIterator[tuple[float, list[bytes]]]:
    """The complete Server-Sent Events frames of ``GET path`` over a bare socket (cheap for the shared machine),
    a batch at a time as they arrive, each with its arrival time (``time.time()``), until the monotonic clock
    passes ``until``; raises :class:`StreamEnded` if the server closes the stream first."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
    buffer = b""
    try:
        while time.monotonic() < until:
            try:
                data = await asyncio.wait_for(reader.read(65536), max(0.1, until - time.monotonic()))
            except TimeoutError:
                return
            if not data:
                if time.monotonic() < until:
                    raise StreamEnded(path)
                return
            buffer += data
            *frames, buffer = buffer.split(b"\n\n")
            if frames:
                yield time.time(), frames
    finally:
        writer.close()


class SeatStream:
    """One seat's ``events/stream/?until=turn`` over a bare socket (cheap for the shared machine): each ``turn``
    event with legal actions is put, with its seat's client, in ``ready`` (the open loop's pool of moves that
    may be sent)."""

    def __init__(self, client: Client, table: str, token: str, ready: dict[tuple[str, int], tuple[Client, Any]],
                 seat: int) -> None:
        self.client, self.table, self.token, self.ready, self.seat = client, table, token, ready, seat

    async def run(self, host: str, port: int, until: float) -> None:
        path = f"/api/v1/tables/{self.table}/events/stream/?until=turn&token={self.token}"
        try:
            async for _, frames in sse_frames(host, port, path, until):
                for frame in frames:
                    if b"event: turn" not in frame:
                        continue
                    line = frame[frame.index(b"data: ") + 6:].split(b"\n", 1)[0]
                    state = orjson.loads(line)
                    if state["legal"]:
                        self.ready[(self.table, self.seat)] = (self.client, state)
        except StreamEnded:
            self.client.stats.error("stream ended")


async def open_loop(base: str, tables: int, rates: list[float], seconds: float, warmup: float,
                    seed: int) -> list[tuple[Stats, float, int, int]]:
    """``tables`` tables of four seats on streams, opened once; then for each of ``rates`` in turn, moves sent
    at Poisson arrivals of that rate a second for ``warmup`` + ``seconds``, each by a seat the game waits for
    (picked at random among them), whatever the answers. For each rate: the stats, the measured wall time, the
    arrivals sent and those that found no seat to move."""
    setup = Stats()
    players = await _players(base, tables * 4, setup)
    rng = random.Random(seed)
    ready: dict[tuple[str, int], tuple[Client, Any]] = {}
    host, port = base.removeprefix("http://").split(":")
    end = time.monotonic() + 60 + len(rates) * (warmup + seconds + 1)
    streams = []
    for i in range(0, len(players), 4):
        seats = players[i:i + 4]
        table = await open_table(seats)
        if table is None:
            continue
        for seat, client in enumerate(seats):
            token = client.headers["Authorization"].split()[1]
            streams.append(asyncio.create_task(SeatStream(client, table, token, ready, seat).run(host, int(port), end)))
    moving: set[asyncio.Task[None]] = set()

    async def move(key: tuple[str, int], client: Client, state: Any) -> None:
        hand = state["table"]["view"]["hand"] or []
        done = await client.act(key[0], choose({"actions": state["legal"]}, hand, rng) | {"seq": state["seq"]})
        if done is not None and done["legal"]:  # the same seat again (an exchange after a bid, …)
            ready[key] = (client, done)

    results = []
    for rate in rates:
        stats = Stats()
        for p in players:
            p.stats = stats
        until = time.monotonic() + warmup + seconds
        sent = idle = 0
        measured = asyncio.create_task(_measured(stats, warmup, until))
        while time.monotonic() < until:
            await asyncio.sleep(rng.expovariate(rate))
            if not ready:
                idle += stats.measuring
                continue
            key = rng.choice(list(ready))
            client, state = ready.pop(key)
            sent += stats.measuring
            task = asyncio.create_task(move(key, client, state))
            moving.add(task)
            task.add_done_callback(moving.discard)
        wall, _ = await measured
        await asyncio.gather(*moving, return_exceptions=True)
        results.append((stats, wall, sent, idle))
    for task in streams:
        task.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    await asyncio.gather(*(p.close() for p in players))
    return results


@dataclass
class CpuProbe:
    """CPU time of the server (gunicorn and its workers) and of the PostgreSQL backends connected to its
    database (their process titles name it), read from /proc: where a request's cost goes."""

    server_pid: int
    database: str

    def read(self) -> tuple[float, float]:
        server = db = 0
        title = f" {self.database} ".encode()
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as f:
                    stat = f.read()
                with open(f"/proc/{entry.name}/cmdline", "rb") as f:
                    command = f.read()
            except OSError:  # gone meanwhile
                continue
            fields = stat[stat.rindex(b")") + 2:].split()
            ticks = int(fields[11]) + int(fields[12])  # utime + stime
            if self.server_pid in (int(entry.name), int(fields[1])):
                server += ticks
            elif command.startswith(b"postgres:") and title in command:
                db += ticks
        hz = os.sysconf("SC_CLK_TCK")
        return server / hz, db / hz


PROBE: CpuProbe | None = None
"""Set by :func:`main` once the server runs."""


async def _measured(stats: Stats, warmup: float, until: float) -> tuple[float, float]:
    """Measure from ``warmup`` seconds on until ``until``: the wall time and this process's CPU time (and into
    ``stats`` the server's and the database's)."""
    await asyncio.sleep(warmup)
    stats.measuring = True
    start, cpu = time.monotonic(), time.process_time()
    before = PROBE.read() if PROBE is not None else (0.0, 0.0)
    await asyncio.sleep(max(0.0, until - time.monotonic()))
    stats.measuring = False
    after = PROBE.read() if PROBE is not None else (0.0, 0.0)
    stats.server_cpu, stats.db_cpu = after[0] - before[0], after[1] - before[1]
    return time.monotonic() - start, time.process_time() - cpu


async def _players(base: str, count: int, stats: Stats) -> list[Client]:
    players = [Client(base, stats) for _ in range(count)]
    for p in players:  # one after another, as independent clients arrive
        await p.register()
    return players


async def run_games(base: str, clients: int, loop: Loop, seconds: float, warmup: float,
                    seed: int) -> tuple[Stats, float, float]:
    """``clients`` players (four a table) for ``warmup`` + ``seconds``; the stats, the measured wall time
    and the generator's CPU time."""
    stats = Stats()
    players = await _players(base, clients, stats)
    try:
        rng = random.Random(seed)
        until = time.monotonic() + warmup + seconds
        tables = [play_table(players[i:i + 4], loop, random.Random(rng.random()), until)
                  for i in range(0, clients, 4)]
        (wall, cpu), *_ = await asyncio.gather(_measured(stats, warmup, until), *tables)
    finally:
        await asyncio.gather(*(p.close() for p in players))
    return stats, wall, cpu


async def run_floor(base: str, clients: int, seconds: float, warmup: float) -> tuple[Stats, float, float]:
    """``clients`` players asking ``GET /players/me/`` back to back."""
    stats = Stats()
    players = await _players(base, clients, stats)
    until = time.monotonic() + warmup + seconds

    async def hammer(client: Client) -> None:
        while time.monotonic() < until:
            await client.call("GET", "/players/me/")

    try:
        (wall, cpu), *_ = await asyncio.gather(_measured(stats, warmup, until), *(hammer(p) for p in players))
    finally:
        await asyncio.gather(*(p.close() for p in players))
    return stats, wall, cpu


@contextmanager
def gunicorn(env: dict[str, str], workers: int, port: int, root: Path) -> Iterator[tuple[str, int]]:
    """gunicorn with ``workers`` uvicorn workers serving the app in ``root``; yields its base URL and pid."""
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "spades_api.asgi:application", "-k", "uvicorn_worker.UvicornWorker",
         "-w", str(workers), "-b", f"127.0.0.1:{port}", "--log-level", "warning",
         "--keep-alive", str(SERVER_KEEPALIVE_SECONDS)], cwd=root, env=env)
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
        yield base, server.pid
    finally:
        server.terminate()
        server.wait(timeout=30)


FORMATS = {".json": "speedscope", ".txt": "raw"}
"""py-spy's output format by the file's suffix (``.txt``: collapsed stacks, one a line); else a flame graph."""


@contextmanager
def py_spy(pid: int, out: str | None, seconds: float) -> Iterator[None]:
    """A py-spy recording of ``pid`` and its worker processes while the block runs (nothing without ``out``)."""
    if not out:
        yield
        return
    spy = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or "py-spy"
    recorder = subprocess.Popen([spy, "record", "--pid", str(pid), "--subprocesses", "--duration", str(int(seconds)),
                                 "--rate", "200", "--format", FORMATS.get(Path(out).suffix, "flamegraph"),
                                 "--output", out, "--nonblocking"], stdout=subprocess.DEVNULL)
    try:
        yield
    finally:
        recorder.wait(timeout=60)


def server_env(db: str, extra: list[str]) -> dict[str, str]:
    """The server's environment: production settings on ``db`` with the deploy files' pool, limits out of the
    way, and ``extra`` (``KEY=VALUE`` items) on top."""
    env = os.environ | {"DATABASE_URL": db, "DJANGO_SETTINGS_MODULE": "spades_api.settings", "DEBUG": "0",
                        "SECRET_KEY": "load-" + uuid.uuid4().hex + uuid.uuid4().hex, "ALLOWED_HOSTS": "127.0.0.1",
                        "LOG_LEVEL": "WARNING", "THROTTLE_USER_RATE": "1000000/min",
                        "THROTTLE_ANON_RATE": "1000000/min", "THROTTLE_REGISTER_RATE": "1000000/min",
                        "DB_POOL_MAX_SIZE": "8"}  # as deploy/ runs it: a pool per process
    return env | dict(item.split("=", 1) for item in extra)


def _default_workers() -> int:
    """The production default: ``deploy/gunicorn.conf.py``'s worker count without ``WEB_CONCURRENCY``."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="8,16,32,64,128", help="comma-separated client counts, multiples of 4")
    parser.add_argument("--loops", default="old,fast", help="comma-separated client loops: old, fast")
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--floor-clients", type=int, default=32)
    parser.add_argument("--workers", type=int, default=_default_workers(), help="gunicorn (uvicorn) worker processes")
    parser.add_argument("--port", type=int, default=8933)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--server-root", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--http", choices=sorted(TRANSPORTS), default="httpx",
                        help="the load generator's HTTP library (aiohttp: less of the machine for itself)")
    parser.add_argument("--py-spy", metavar="FILE", help="record the server during the last run (.svg, .json, .txt)")
    parser.add_argument("--env", action="append", default=[], metavar="KEY=VALUE",
                        help="a setting for the server's environment (repeatable)")
    parser.add_argument("--rate", help="open loop instead: comma-separated move rates (a second, Poisson arrivals)")
    parser.add_argument("--tables", type=int, default=64, help="the open loop's tables, four seats on streams each")
    args = parser.parse_args()
    counts = [int(c) for c in args.clients.split(",")]
    if any(c < 4 or c % 4 for c in counts):
        parser.error("--clients: each count must be a multiple of 4 (four clients a table)")
    loops = args.loops.split(",")
    if not set(loops) <= set(LOOPS):
        parser.error(f"--loops: choose from {', '.join(LOOPS)}")

    Client.transport = args.http
    root = args.server_root.resolve()
    db = os.environ.get("LOAD_DATABASE_URL", DEFAULT_DB)
    ensure_database(db)
    env = server_env(db, args.env)
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=root, env=env, check=True)
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True).stdout
    settings = " ".join(args.env) or "defaults"
    print(f"server {root} at {rev.strip() or '?'}: gunicorn workers={args.workers} seconds={args.seconds:g} "
          f"warmup={args.warmup:g} server env: {settings} clients on {args.http}")
    global PROBE
    if args.rate:
        with gunicorn(env, args.workers, args.port, root) as (base, pid):
            PROBE = CpuProbe(pid, db.rsplit("/", 1)[1])
            _open_loop_rows(base, args)
        return
    with gunicorn(env, args.workers, args.port, root) as (base, pid):
        PROBE = CpuProbe(pid, db.rsplit("/", 1)[1])
        floor, wall, cpu = asyncio.run(run_floor(base, args.floor_clients, args.seconds, args.warmup))
        floor_rps = floor.requests / wall
        ms = floor.request_ms or [0.0]
        print(f"floor GET /players/me/ clients={args.floor_clients} rps={floor_rps:.1f} "
              f"p50_ms={statistics.median(ms):.1f} p99_ms={percentile(ms, 99):.1f} max_ms={max(ms):.1f} "
              f"gen_cpu={cpu / wall:.0%} srv_ms/req={floor.server_cpu / floor.requests * 1000:.2f} "
              f"db_ms/req={floor.db_cpu / floor.requests * 1000:.2f} errors={sum(floor.errors.values())}", flush=True)
        print(f"{'loop':>4} {'clients':>7} {'games':>5} {'actions':>7} {'act/s':>7} {'p50_ms':>7} {'p99_ms':>7} "
              f"{'max_ms':>7} {'req/s':>7} {'req_p99':>7} {'floor/act':>9} {'gen_cpu':>7} {'srv_ms/act':>10} "
              f"{'db_ms/act':>9} {'stale':>5} {'errors':>6}")
        results = []
        for name in loops:
            for clients in counts:
                last = name == loops[-1] and clients == counts[-1]
                with py_spy(pid, args.py_spy if last else None, args.warmup + args.seconds):
                    stats, wall, cpu = asyncio.run(run_games(base, clients, LOOPS[name], args.seconds, args.warmup,
                                                             args.seed))
                actions = stats.action_ms or [0.0]
                rate = len(stats.action_ms) / wall
                p99 = percentile(actions, 99)
                errors = sum(stats.errors.values())
                requests = stats.request_ms or [0.0]
                print(f"{name:>4} {clients:>7} {stats.games:>5} {len(stats.action_ms):>7} {rate:>7.1f} "
                      f"{statistics.median(actions):>7.1f} {p99:>7.1f} {max(actions):>7.1f} "
                      f"{stats.requests / wall:>7.1f} {percentile(requests, 99):>7.1f} "
                      f"{floor_rps / rate if rate else 0:>9.2f} {cpu / wall:>7.0%} "
                      f"{stats.server_cpu / len(actions) * 1000:>10.2f} {stats.db_cpu / len(actions) * 1000:>9.2f} "
                      f"{stats.stale:>5} {errors:>6}",
                      flush=True)
                if stats.errors:
                    print("        errors: " + ", ".join(f"{k}: {v}" for k, v in sorted(stats.errors.items())))
                results.append((rate, p99, errors, clients))
    rate, p99, errors, clients = results[-1]
    print(f"floor_rps={floor_rps:.1f} actions_per_s={rate:.1f} p99_ms={p99:.1f} errors={errors} clients={clients}")


def _open_loop_rows(base: str, args: argparse.Namespace) -> None:
    """The open loop's table: one row a rate."""
    print(f"{'rate':>6} {'tables':>6} {'sent':>6} {'moves/s':>7} {'p50_ms':>7} {'p90_ms':>7} {'p99_ms':>7} "
          f"{'max_ms':>7} {'no_seat':>7} {'srv_ms/act':>10} {'db_ms/act':>9} {'stale':>5} {'errors':>6}")
    rates = [float(r) for r in args.rate.split(",")]
    rows = []
    for rate, (stats, wall, sent, idle) in zip(rates, asyncio.run(open_loop(
            base, args.tables, rates, args.seconds, args.warmup, args.seed)), strict=True):
        actions = stats.action_ms or [0.0]
        done = len(stats.action_ms)
        errors = sum(stats.errors.values())
        p99 = percentile(actions, 99)
        print(f"{rate:>6g} {args.tables:>6} {sent:>6} {done / wall:>7.1f} {statistics.median(actions):>7.1f} "
              f"{percentile(actions, 90):>7.1f} {p99:>7.1f} {max(actions):>7.1f} {idle:>7} "
              f"{stats.server_cpu / max(1, done) * 1000:>10.2f} {stats.db_cpu / max(1, done) * 1000:>9.2f} "
              f"{stats.stale:>5} {errors:>6}", flush=True)
        if stats.errors:
            print("        errors: " + ", ".join(f"{k}: {v}" for k, v in sorted(stats.errors.items())))
        rows.append((rate, done / wall, p99, errors))
    past = next((r for r, _, p99, _ in rows if p99 > 250), None)
    rate, achieved, p99, errors = rows[-1]
    print(f"rate={rate:g} moves_per_s={achieved:.1f} p99_ms={p99:.1f} errors={errors} "
          f"p99_past_250ms_at={past if past is not None else 'none'}")


if __name__ == "__main__":
    main()

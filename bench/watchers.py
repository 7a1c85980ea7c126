"""Watchers: N spectators on one table's Server-Sent Events stream while four seats play it, against gunicorn
(one uvicorn worker by default: the figures are one process's) and PostgreSQL.

For each count of ``--watchers`` (``0,100,500``), a fresh table of four new accounts plays standard games
through the fast loop (``bench/load.py``'s client: the mover's ``POST actions/``, the others' long-polls with
``until=turn``), one move every ``--pace`` seconds at most, while the watchers, each an account of its own,
hold ``GET tables/{id}/events/stream/`` open. The watchers are raw sockets that only look for each frame's
``id:`` line, so 500 of them cost the load generator little of the shared machine.

Each row prints the moves measured, the moves a second, the statements PostgreSQL committed a move (its
``xact_commit`` for the database: every statement of the service runs in a transaction of its own or a
move's; the row at 0 watchers is the play's own), the hub's reads a move in the process
(``spades_feed_reads_total`` from ``/metrics``: one read serves every stream of the table), the server's CPU
a move and, over the row at 0 watchers, a watcher's share of it, the latency from a move's commit to its
receipt by the last watcher (the entry's ``at``, taken in the move's transaction on this same machine's
clock, to the moment the last watcher read its frame: p50, p99, max), and the errors (a watcher that missed
an entry, a stream that ended, a failed request).

Usage: ``python bench/watchers.py [--watchers 0,100,500] [--seconds 20] [--pace 0.1] [--workers 1]
[--server-root PATH] [--env KEY=VALUE]``, on ``LOAD_DATABASE_URL`` (default ``spades_load``, created and
migrated). Last line, for the last count: ``watchers=<N> moves=<N> queries_per_move=<x> hub_reads_per_move=<x>
srv_ms_per_watcher_move=<x> p99_ms=<ms> errors=<N>``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import subprocess
import sys
import time
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import load  # noqa: E402
from bench.api import choose, ensure_database, percentile  # noqa: E402

FRAME_ID = re.compile(rb"\nid: (\d+)\n")
METRICS_TOKEN = "watchers-" + uuid.uuid4().hex


class Watcher:
    """One spectator's stream over a bare socket: the time each entry's frame arrived, by seq."""

    def __init__(self) -> None:
        self.seen: dict[int, float] = {}
        self.ended = False

    async def watch(self, host: str, port: int, table: str, token: str, until: float) -> None:
        path = f"/api/v1/tables/{table}/events/stream/?token={token}"
        try:
            async for now, frames in load.sse_frames(host, port, path, until):
                for frame in frames:
                    found = FRAME_ID.search(b"\n" + frame + b"\n")
                    if found:
                        self.seen.setdefault(int(found.group(1)), now)
        except load.StreamEnded:
            self.ended = True


async def seat(client: load.Client, table: str, rng: random.Random, until: float, pace: float,
               moved: dict[int, float]) -> None:
    """One seat of the fast loop, acting at most every ``pace`` seconds; notes each move's commit time."""
    seq, state = 0, None
    while time.monotonic() < until:
        if state is not None and state["table"]["status"] == "finished":
            return
        if state is not None and state["legal"]:
            await asyncio.sleep(pace)
            hand = state["table"]["view"]["hand"] or []
            done = await client.act(table, choose({"actions": state["legal"]}, hand, rng) | {"seq": seq})
            if done is not None:
                state, seq = done, done["seq"]
                moved[seq] = datetime.fromisoformat(done["entry"]["at"].replace("Z", "+00:00")).timestamp()
                continue
        params = {"after": seq, "wait": 10, "until": "turn"} if state is not None and not state["legal"] \
            else {"after": seq}
        answer = await client.call("GET", f"/tables/{table}/events/", params=params)
        if answer is None:
            await asyncio.sleep(0.1)
            continue
        state, seq = answer, answer["seq"]


def _metric(base: str, name: str) -> float:
    text = httpx.get(base + "/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}).text
    return sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith(name + " "))


def _commits(db: str) -> int:
    with psycopg.connect(db.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        return conn.execute("SELECT xact_commit FROM pg_stat_database WHERE datname = %s",
                            [db.rsplit("/", 1)[1]]).fetchone()[0]  # type: ignore[index]


async def run(base: str, db: str, watchers: int, seconds: float, warmup: float, pace: float,
              probe: load.CpuProbe) -> dict[str, Any]:
    stats = load.Stats()
    stats.measuring = True
    seats = await load._players(base, 4, stats)
    spectators = []
    async with httpx.AsyncClient(base_url=base + "/api/v1") as http:
        for _ in range(watchers):
            r = await http.post("/players/", json={"name": "watch-" + uuid.uuid4().hex[:12], "kind": "human"})
            spectators.append(r.json()["token"])
    table = await load.open_table(seats)
    assert table is not None, "could not open the table"
    host, port = base.removeprefix("http://").split(":")
    until = time.monotonic() + warmup + seconds
    crowd = [Watcher() for _ in spectators]
    watching = [asyncio.create_task(w.watch(host, int(port), table, token, until + 2))
                for w, token in zip(crowd, spectators, strict=True)]
    moved: dict[int, float] = {}
    rng = random.Random(7)
    playing = [asyncio.create_task(seat(c, table, random.Random(rng.random()), until, pace, moved)) for c in seats]
    await asyncio.sleep(warmup)
    first = max(moved, default=0)
    reads, commits, (srv, dbcpu) = _metric(base, "spades_feed_reads_total"), _commits(db), probe.read()
    start = time.monotonic()
    await asyncio.gather(*playing)
    wall = time.monotonic() - start
    reads = _metric(base, "spades_feed_reads_total") - reads
    commits = _commits(db) - commits
    srv2, db2 = probe.read()
    await asyncio.gather(*watching)
    for c in seats:
        await c.close()
    measured = [s for s in moved if s > first]
    delays, missed = [], 0
    for s in measured:
        if not crowd:
            break
        got = [w.seen.get(s) for w in crowd]
        if None in got:
            missed += got.count(None)
            continue
        delays.append((max(got) - moved[s]) * 1000)  # type: ignore[type-var]
    n = max(1, len(measured))
    return {"watchers": watchers, "moves": len(measured), "rate": len(measured) / wall, "queries": commits / n,
            "reads": reads / n, "srv_ms": (srv2 - srv) / n * 1000, "db_ms": (db2 - dbcpu) / n * 1000,
            "delays": delays, "errors": missed + sum(w.ended for w in crowd) + sum(stats.errors.values()),
            "stale": stats.stale}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", default="0,100,500")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--pace", type=float, default=0.1, help="least seconds between a seat's turn and its move")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--port", type=int, default=8934)
    parser.add_argument("--server-root", type=Path, default=ROOT)
    parser.add_argument("--env", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    root = args.server_root.resolve()
    db = load.os.environ.get("LOAD_DATABASE_URL", load.DEFAULT_DB)
    ensure_database(db)
    env = load.server_env(db, [f"METRICS_TOKEN={METRICS_TOKEN}", *args.env])
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=root, env=env, check=True)
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True).stdout
    print(f"server {root} at {rev.strip()}: gunicorn workers={args.workers} seconds={args.seconds:g} "
          f"pace={args.pace:g} env: {' '.join(args.env) or 'defaults'}")
    print(f"{'watchers':>8} {'moves':>5} {'moves/s':>7} {'queries/move':>12} {'hub_reads/move':>14} "
          f"{'srv_ms/move':>11} {'srv_ms/watcher/move':>19} {'db_ms/move':>10} {'p50_ms':>7} {'p99_ms':>7} "
          f"{'max_ms':>7} {'errors':>6}")
    base_ms = None
    row: dict[str, Any] = {}
    with load.gunicorn(env, args.workers, args.port, root) as (base, pid):
        probe = load.CpuProbe(pid, db.rsplit("/", 1)[1])
        for count in (int(c) for c in args.watchers.split(",")):
            row = asyncio.run(run(base, db, count, args.seconds, args.warmup, args.pace, probe))
            if count == 0:
                base_ms = row["srv_ms"]
            share = (row["srv_ms"] - base_ms) / count if base_ms is not None and count else 0.0
            row["share"] = share
            d = row["delays"] or [0.0]
            print(f"{count:>8} {row['moves']:>5} {row['rate']:>7.1f} {row['queries']:>12.2f} {row['reads']:>14.2f} "
                  f"{row['srv_ms']:>11.2f} {share:>19.4f} {row['db_ms']:>10.2f} {statistics.median(d):>7.1f} "
                  f"{percentile(d, 99):>7.1f} {max(d):>7.1f} {row['errors']:>6}", flush=True)
    d = row["delays"] or [0.0]
    print(f"watchers={row['watchers']} moves={row['moves']} queries_per_move={row['queries']:.2f} "
          f"hub_reads_per_move={row['reads']:.2f} srv_ms_per_watcher_move={row['share']:.4f} "
          f"p99_ms={percentile(d, 99):.1f} errors={row['errors']}")


if __name__ == "__main__":
    main()

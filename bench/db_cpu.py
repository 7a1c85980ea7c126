"""PostgreSQL's CPU a move: the CPU time of the database's backends while one table plays the fast loop through
the server, over the moves played.

The server is ``bench/instructions.py``'s: the real ASGI application in this process (the sync views on their
kept threads, the long-polls on the event loop, woken by NOTIFY through the process's listener), production
settings with a pool of 8 connections, one standard table of four accounts, each move a ``POST actions/`` and,
with ``--kinds act,events`` (the default), the next seat's long-poll (``events/?wait=&until=turn``) waiting
for it, as the SDK's play loop does where it cannot stream. After a warm-up hand, ``--hands`` hands are
measured; the backends' CPU is read before and after them from ``/proc/<pid>/schedstat`` (nanoseconds run on
a CPU) of the PostgreSQL backends of the server's own connections (the pool's and the listener's, named by
their ``application_name``; not the WAL writer, the checkpointer or autovacuum, which every database shares),
so other work on the same database is not counted. The bench's own reads are made before the count starts.

Also counted over the measured moves, from the database's statistics (``pg_stat_database``,
``pg_stat_user_tables``, every client of the database; a backend sends them late, so they are indicative):
transactions committed, and the updates of the tables' rows with how many were HOT (no index touched).

Usage (``DB_CPU_DATABASE_URL``: the database, default the ``spades_poll_load`` database of the local
PostgreSQL, migrated by the run to the tree's migrations; ``--root`` the tree to serve, an earlier commit's
worktree with this venv; two trees whose migrations differ need a database each)::

    python bench/db_cpu.py --root /work/wt-base --hands 4 --runs 3

Runs of one tree are repeated in child processes (``--runs``); the last line is
``db_ms_per_move=<median> runs=<N> min=<ms> max=<ms> xacts_per_move=<n> hot_share=<0..1>`` (the last two
from the database's statistics, every client's: indicative).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/spades_poll_load"


def _ns(pid: int) -> int | None:
    """Nanoseconds the process ``pid`` has run on a CPU (``None``: gone)."""
    try:
        with open(f"/proc/{pid}/schedstat", "rb") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError):
        return None


class Counter:
    """What ``bench.instructions._play`` calls when the measured hands start and end (its callgrind hooks): the
    CPU of the backends of the server's connections (named by their ``application_name``, which the server's
    libpq takes from ``PGAPPNAME``), and the database's statistics, through a connection of its own."""

    def __init__(self, url: str, name: str) -> None:
        import psycopg

        self.name = name
        self.conn = psycopg.connect(url, autocommit=True, application_name="db-cpu-counter")
        self.start: dict[int, int] = {}
        self.ns = 0
        self.gone = 0
        self.stats: list[tuple[int, int, int]] = []

    def _backends(self) -> dict[int, int]:
        pids = self.conn.execute("SELECT pid FROM pg_stat_activity WHERE application_name = %s",
                                 [self.name]).fetchall()
        return {pid: ns for (pid,) in pids if (ns := _ns(pid)) is not None}

    def _stats(self) -> tuple[int, int, int]:
        """(transactions committed in the database, rows updated in its tables, of which HOT); a backend sends
        its counts when it goes idle, at most once a second, so these lag by up to that."""
        time.sleep(1.2)
        self.conn.execute("SELECT pg_stat_clear_snapshot()")
        commits = self.conn.execute(
            "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()").fetchone()
        updated = self.conn.execute(
            "SELECT coalesce(sum(n_tup_upd), 0), coalesce(sum(n_tup_hot_upd), 0) FROM pg_stat_user_tables").fetchone()
        return int(commits[0]), int(updated[0]), int(updated[1])  # type: ignore[index]

    def cg_start(self) -> None:
        self.stats.append(self._stats())
        self.start = self._backends()

    def cg_stop(self) -> None:
        end = self._backends()
        self.ns = sum(ns - self.start.get(pid, 0) for pid, ns in end.items())
        self.gone = len(set(self.start) - set(end))  # a backend that ended meanwhile: its CPU is not counted
        self.stats.append(self._stats())


def run(kinds: set[str], hands: int, root: Path) -> None:
    """One measured run of the server code in ``root`` in this process; prints ``moves= ns= commits= updated=
    hot=``."""
    sys.path.insert(0, str(ROOT))
    from bench import instructions

    os.environ.update({k: v for k, v in instructions.SERVER_ENV.items() if k not in os.environ})
    os.environ.setdefault("SECRET_KEY", "db-cpu-" + uuid.uuid4().hex + uuid.uuid4().hex)
    sys.path.insert(0, str(root))
    os.chdir(root)
    import django

    django.setup()
    import games

    assert Path(games.__file__).resolve().is_relative_to(root), f"games comes from {games.__file__}, not {root}"
    counter = Counter(os.environ["DATABASE_URL"], os.environ["PGAPPNAME"])
    moves = asyncio.run(instructions._play(kinds, hands, counter, 0))
    deltas = [b - a for a, b in zip(counter.stats[0], counter.stats[1], strict=True)]
    print(f"moves={moves} ns={counter.ns} gone={counter.gone} commits={deltas[0]} updated={deltas[1]} "
          f"hot={deltas[2]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=4, help="hands measured (after a warm-up hand)")
    parser.add_argument("--runs", type=int, default=3, help="runs of the tree, each in a process of its own")
    parser.add_argument("--kinds", default="act,events", help="what each move sends (bench/instructions.py's kinds)")
    parser.add_argument("--root", type=Path, default=ROOT, help="serve the project in this folder")
    parser.add_argument("--run", action="store_true", help="one run in this process")
    args = parser.parse_args()
    root = args.root.resolve()
    if args.run:
        run(set(args.kinds.split(",")), args.hands, root)
        return
    db = os.environ.get("DB_CPU_DATABASE_URL", DEFAULT_DB)
    env = os.environ | {"DATABASE_URL": db, "PYTHONHASHSEED": "0", "PGAPPNAME": "db-cpu-" + uuid.uuid4().hex[:8]}
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=root, check=True,
                   env=env | {"DJANGO_SETTINGS_MODULE": "spades_api.settings", "DEBUG": "1"})
    found: list[dict[str, int]] = []
    for _ in range(args.runs):
        done = subprocess.run([sys.executable, __file__, "--run", "--kinds", args.kinds, "--hands", str(args.hands),
                               "--root", str(root)], capture_output=True, text=True, env=env, cwd=ROOT)
        line = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
        if done.returncode or not line.startswith("moves="):
            raise SystemExit(f"failed\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
        found.append({k: int(v) for k, v in (item.split("=") for item in line.split())})
        row: Any = found[-1]
        print(f"{line} ms_per_move={row['ns'] / row['moves'] / 1e6:.3f}", flush=True)
    per_move = [r["ns"] / r["moves"] / 1e6 for r in found]
    moves = sum(r["moves"] for r in found)
    hot = sum(r["hot"] for r in found) / max(1, sum(r["updated"] for r in found))
    print(f"db_ms_per_move={statistics.median(per_move):.3f} runs={len(found)} min={min(per_move):.3f} "
          f"max={max(per_move):.3f} xacts_per_move={sum(r['commits'] for r in found) / moves:.2f} hot_share={hot:.2f}")


if __name__ == "__main__":
    main()

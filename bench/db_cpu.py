"""PostgreSQL's CPU a move: the CPU time of the database's backends while one table plays the fast loop through
the server, over the moves played.

The server is ``bench/instructions.py``'s: the real ASGI application in this process (the sync views on their
kept threads, the long-polls on the event loop, woken by NOTIFY through the process's listener), production
settings with a pool of 8 connections, one standard table of four accounts, each move a ``POST actions/`` and,
with ``--kinds act,events`` (the default), the next seat's long-poll (``events/?wait=&until=turn``) waiting
for it, as the SDK's play loop does where it cannot stream. After a warm-up hand, ``--hands`` hands are
measured; the backends' CPU is read before and after them from ``/proc/<pid>/schedstat`` (nanoseconds run on
a CPU) of every PostgreSQL process whose title names the bench's database (the pool's connections, the
listener's, an autovacuum worker of that database; not the WAL writer or the checkpointer, which every
database shares). The bench's own reads are made before the count starts, so what is counted is the server's.

Also counted over the measured moves, from the database's statistics (``pg_stat_database``,
``pg_stat_user_tables``; they are flushed when a backend goes idle, so they are read after a short pause):
transactions committed, and the updates of the tables' rows with how many were HOT (no index touched).

Usage, on a database of its own (``DB_CPU_DATABASE_URL``, default the ``spades_poll_load`` database of the
local PostgreSQL, migrated by the run), ``--root`` the tree to serve (an earlier commit's worktree, with this
venv)::

    python bench/db_cpu.py --root /work/wt-base --hands 4 --runs 3

Runs of one tree are repeated in child processes (``--runs``); the last line is
``db_ms_per_move=<median> runs=<N> min=<ms> max=<ms> xacts_per_move=<n> hot_share=<0..1>``.
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


def _backends_ns(database: str) -> int:
    """Nanoseconds run by the PostgreSQL processes whose title names ``database``."""
    total = 0
    title = f" {database} ".encode()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/cmdline", "rb") as f:
                command = f.read()
            if not (command.startswith(b"postgres:") and title in command + b" "):
                continue
            with open(f"/proc/{entry.name}/schedstat", "rb") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError):  # gone meanwhile
            continue
    return total


class Counter:
    """What ``bench.instructions._play`` calls when the measured hands start and end (its callgrind hooks): the
    backends' CPU, and the database's statistics through a connection of its own (its one query at each end
    falls outside the count of the CPU)."""

    def __init__(self, url: str, database: str) -> None:
        import psycopg

        self.database = database
        self.conn = psycopg.connect(url, autocommit=True)
        self.start: tuple[int, tuple[int, int, int]] | None = None
        self.end: tuple[int, tuple[int, int, int]] | None = None

    def _stats(self) -> tuple[int, int, int]:
        """(transactions committed in the database, rows updated in its tables, of which HOT)."""
        time.sleep(1.2)  # a backend sends its statistics at most once a second
        self.conn.execute("SELECT pg_stat_clear_snapshot()")
        commits = self.conn.execute(
            "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()").fetchone()
        updated = self.conn.execute(
            "SELECT coalesce(sum(n_tup_upd), 0), coalesce(sum(n_tup_hot_upd), 0) FROM pg_stat_user_tables").fetchone()
        return int(commits[0]), int(updated[0]), int(updated[1])  # type: ignore[index]

    def cg_start(self) -> None:
        stats = self._stats()
        self.start = _backends_ns(self.database), stats

    def cg_stop(self) -> None:
        ns = _backends_ns(self.database)
        self.end = ns, self._stats()


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
    from django.conf import settings

    counter = Counter(os.environ["DATABASE_URL"], settings.DATABASES["default"]["NAME"])
    moves = asyncio.run(instructions._play(kinds, hands, counter, 0))
    assert counter.start is not None and counter.end is not None
    deltas = [b - a for a, b in zip(counter.start[1], counter.end[1], strict=True)]
    print(f"moves={moves} ns={counter.end[0] - counter.start[0]} commits={deltas[0]} updated={deltas[1]} "
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
    env = os.environ | {"DATABASE_URL": db, "PYTHONHASHSEED": "0"}
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

"""Layers: what each layer of the stack costs a request, on one server, with a load generator that costs
little CPU (wrk).

One gunicorn (uvicorn workers, the deploy files' pool) serves the service with three more routes in front
(bench/layers_server): a bare Django JSON view (sync, and async), a DRF view with no authentication, throttle
or query, each behind the service's whole middleware chain. wrk sends ``--connections`` connections of
requests back to back for ``--seconds`` to each of them and to the floor (``GET /players/me/``: the token's
account), and prints requests per second and p99. Then one client plays moves one at a time (no other load)
and times each action beside a floor request sent right after it: ``action/floor`` is what a move costs in
floor requests, the target of issue 14 being at most 1.5.

``--server-root A,B`` serves each checkout in turn in the same run (an earlier commit's worktree, with this
venv), and the last lines give each layer's rps ratio of the last root to the first. Last line:
``floor_rps=<N> bare_rps=<N> drf_rps=<N> action_ms=<ms> floor_ms=<ms> action_vs_floor=<ratio>``.

Usage: ``python bench/layers.py [--server-root PATH[,PATH]] [--seconds 8] [--connections 16] [--moves 120]
[--port 8933] [--py-spy FILE]`` (``apt-get install wrk``). It uses the database named by
``LOAD_DATABASE_URL`` like bench/load.py. ``--py-spy`` records the last root's server during its floor run.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import choose, ensure_database  # noqa: E402
from bench.load import DEFAULT_DB, _default_workers, gunicorn, py_spy, server_env  # noqa: E402

LAYERS = {"bare": "/layers/bare/", "bare_async": "/layers/bare-async/", "drf": "/layers/drf/",
          "floor": "/api/v1/players/me/"}
"""Each layer's path: the bare views and the DRF view come from bench/layers_server."""
UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def wrk(url: str, token: str, connections: int, seconds: float) -> tuple[float, float, int]:
    """Requests per second, p99 (ms) and non-2xx answers of ``connections`` wrk connections on ``url``."""
    out = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{int(seconds)}s", "--latency", "-H",
                          f"Authorization: Bearer {token}", url], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    failed = (int(bad.group(1)) if bad else 0) + (sum(int(g) for g in errors.groups()) if errors else 0)
    return rps, float(p99.group(1)) * UNITS[p99.group(2)] if p99 else 0.0, failed


def serial_moves(base: str, moves: int, seed: int) -> tuple[list[float], list[float]]:
    """One client plays ``moves`` moves of standard games for four seats, one request at a time; the
    latency (ms) of each action and of a floor request sent right after it."""
    rng = random.Random(seed)
    action_ms: list[float] = []
    floor_ms: list[float] = []
    with httpx.Client(base_url=base + "/api/v1", timeout=30) as http:
        tokens = [http.post("/players/", json={"name": "layers-" + uuid.uuid4().hex[:12], "kind": "bot"})
                  .raise_for_status().json()["token"] for _ in range(4)]
        auth = [{"Authorization": f"Bearer {t}"} for t in tokens]
        table = None
        states: list[dict] = []
        while len(action_ms) < moves:
            if table is None or states[0]["table"]["status"] == "finished":
                table = http.post("/tables/", headers=auth[0], json={"preset": "standard", "take_seat": 0}) \
                    .raise_for_status().json()["id"]
                for seat in range(1, 4):
                    http.post(f"/tables/{table}/join/", headers=auth[seat], json={"seat": seat}).raise_for_status()
                states = [http.get(f"/tables/{table}/events/", headers=a, params={"after": 0}).json() for a in auth]
            seat = next((i for i, s in enumerate(states) if s["legal"]), None)
            if seat is None:  # nobody to move: the table was finished meanwhile
                states = [http.get(f"/tables/{table}/events/", headers=a, params={"after": 0}).json() for a in auth]
                continue
            state = states[seat]
            action = choose({"actions": state["legal"]}, state["table"]["view"]["hand"] or [], rng)
            start = time.perf_counter()
            answer = http.post(f"/tables/{table}/actions/", headers=auth[seat], json=action | {"seq": state["seq"]})
            action_ms.append((time.perf_counter() - start) * 1000)
            answer.raise_for_status()
            start = time.perf_counter()
            http.get("/players/me/", headers=auth[seat]).raise_for_status()
            floor_ms.append((time.perf_counter() - start) * 1000)
            seq = answer.json()["seq"]
            # The other seats' fast-loop reads (not timed): each sees the table at the new seq.
            states = [answer.json() if i == seat else
                      http.get(f"/tables/{table}/events/", headers=a, params={"after": seq}).json()
                      for i, a in enumerate(auth)]
    return action_ms, floor_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server-root", default=str(ROOT), help="comma-separated checkouts to serve in turn")
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--moves", type=int, default=120)
    parser.add_argument("--workers", type=int, default=_default_workers())
    parser.add_argument("--port", type=int, default=8933)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--py-spy", metavar="FILE", help="record the last root's server during its floor run")
    parser.add_argument("--env", action="append", default=[], metavar="KEY=VALUE",
                        help="a setting for the server's environment (repeatable)")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed (apt-get install wrk)")
    roots = [Path(r).resolve() for r in args.server_root.split(",")]
    db = os.environ.get("LOAD_DATABASE_URL", DEFAULT_DB)
    ensure_database(db)
    rows = []
    for n, root in enumerate(roots):
        env = server_env(db, args.env) | {"DJANGO_SETTINGS_MODULE": "spades_layers_settings",
                                          "PYTHONPATH": str(ROOT / "bench" / "layers_server")}
        subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=root, env=env, check=True)
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True).stdout
        print(f"server {root} at {rev.strip() or '?'}: gunicorn workers={args.workers} wrk connections="
              f"{args.connections} seconds={args.seconds:g}", flush=True)
        with gunicorn(env, args.workers, args.port, root) as (base, pid):
            token = httpx.post(base + "/api/v1/players/", json={"name": "layers-" + uuid.uuid4().hex[:12],
                                                                "kind": "bot"}).raise_for_status().json()["token"]
            row: dict[str, float] = {}
            for name, path in LAYERS.items():
                wrk(base + path, token, args.connections, 2)  # warm-up
                record = args.py_spy if name == "floor" and n == len(roots) - 1 else None
                with py_spy(pid, record, args.seconds):
                    rps, p99, failed = wrk(base + path, token, args.connections, args.seconds)
                row[name] = rps
                print(f"  {name:<10} {path:<22} rps={rps:8.1f} p99_ms={p99:7.1f} errors={failed}", flush=True)
            action_ms, floor_ms = serial_moves(base, args.moves, args.seed)
            row["action_ms"] = statistics.median(action_ms)
            row["floor_ms"] = statistics.median(floor_ms)
            print(f"  serial: action p50_ms={row['action_ms']:.2f} floor p50_ms={row['floor_ms']:.2f} "
                  f"action/floor={row['action_ms'] / row['floor_ms']:.2f} moves={len(action_ms)}", flush=True)
            rows.append(row)
    if len(rows) > 1:
        first, last = rows[0], rows[-1]
        print("  last/first: " + " ".join(f"{k}={last[k] / first[k]:.2f}" for k in [*LAYERS, "action_ms"]))
    last = rows[-1]
    print(f"floor_rps={last['floor']:.1f} bare_rps={last['bare']:.1f} drf_rps={last['drf']:.1f} "
          f"action_ms={last['action_ms']:.2f} floor_ms={last['floor_ms']:.2f} "
          f"action_vs_floor={last['action_ms'] / last['floor_ms']:.2f}")


if __name__ == "__main__":
    main()

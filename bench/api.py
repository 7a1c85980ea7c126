"""API speed through the real HTTP stack: gunicorn with uvicorn workers in front of PostgreSQL.

Plays full games with four HTTP clients and reports the median and p99 latency of an action
(``POST /tables/{id}/actions/``), the same for the stack's floor (``GET /players/me/``: authentication,
one query), their ratio, and the database queries one action costs at the first and at the last trick of
a hand (counted in-process on the same code path). Last line:
``action_vs_floor=<ratio> queries_per_action=<N>``.

Usage: ``python bench/api.py [--games N] [--workers W] [--target POINTS]``. It uses the database named by
``BENCH_DATABASE_URL`` (default: a ``spades_bench`` database on the local PostgreSQL), migrating it first.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import psycopg

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/spades_bench"


def ensure_database(url: str) -> None:
    """Create the benchmark database if it does not exist."""
    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def choose(legal: dict, hand: list[str], rng: random.Random) -> dict:
    """A legal action: bids near 3 without nil, random legal cards, the first cards for an exchange."""
    actions = legal["actions"]
    bids = [a for a in actions if a["type"] == "bid" and not a["blind"]]
    if bids:
        return min(bids, key=lambda a: (a["bid"] == 0, abs(a["bid"] - 3)))
    exchange = [a for a in actions if a["type"] == "exchange"]
    if exchange:
        return {"type": "exchange", "cards": hand[: exchange[0]["count"]]}
    if any(a["type"] == "look" for a in actions):
        return {"type": "look"}
    return rng.choice(actions)


def play_games(base: str, games: int, target: int, rng: random.Random) -> tuple[list[float], list[float]]:
    """Play ``games`` games; returns the action latencies and the floor latencies (seconds)."""
    action_times: list[float] = []
    floor_times: list[float] = []
    with httpx.Client(base_url=base, timeout=30) as http:
        tokens = []
        for _ in range(4):
            r = http.post("/api/v1/players/", json={"name": "bench-" + uuid.uuid4().hex[:12], "kind": "bot"})
            r.raise_for_status()
            tokens.append(r.json()["token"])
        auth = [{"Authorization": f"Bearer {t}"} for t in tokens]
        for _ in range(games):
            r = http.post("/api/v1/tables/", headers=auth[0],
                          json={"preset": "standard", "overrides": {"target": target}, "take_seat": 0})
            r.raise_for_status()
            table = r.json()["id"]
            for seat in range(1, 4):
                http.post(f"/api/v1/tables/{table}/join/", headers=auth[seat], json={"seat": seat}).raise_for_status()
            view = http.get(f"/api/v1/tables/{table}/", headers=auth[0]).json()
            while view["status"] != "finished":
                seat = view["view"]["to_move"][0]
                legal = http.get(f"/api/v1/tables/{table}/legal/", headers=auth[seat]).json()
                mine = http.get(f"/api/v1/tables/{table}/", headers=auth[seat]).json()["view"]["hand"] or []
                action = choose(legal, mine, rng) | {"seq": legal["seq"]}
                start = time.perf_counter()
                r = http.post(f"/api/v1/tables/{table}/actions/", headers=auth[seat], json=action)
                action_times.append(time.perf_counter() - start)
                r.raise_for_status()
                view = r.json()["table"]
                start = time.perf_counter()
                http.get("/api/v1/players/me/", headers=auth[seat]).raise_for_status()
                floor_times.append(time.perf_counter() - start)
    return action_times, floor_times


def seated_table(http: Any, prefix: str) -> tuple[str, list[dict[str, str]]]:
    """Four new players seated at a new standard table through Django's test ``http`` client: the table's
    id and each seat's authorization header (as test-client keyword arguments)."""
    auth = []
    for _ in range(4):
        r = http.post("/api/v1/players/", {"name": prefix + uuid.uuid4().hex[:12]}, content_type="application/json")
        auth.append({"HTTP_AUTHORIZATION": f"Bearer {r.json()['token']}"})
    table = http.post("/api/v1/tables/", {"preset": "standard", "take_seat": 0}, content_type="application/json",
                      **auth[0]).json()["id"]
    for seat in range(1, 4):
        http.post(f"/api/v1/tables/{table}/join/", {"seat": seat}, content_type="application/json", **auth[seat])
    return table, auth


def queries_per_action() -> tuple[int, int]:
    """Queries of one whole play request (authentication, the action, the response) at the first and at the
    last trick of a hand, counted in-process with Django's test client on the same code path."""
    import django
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    django.setup()
    from games import engine
    from games.models import Table

    http = Client(SERVER_NAME="127.0.0.1")
    table, auth = seated_table(http, "q-")
    counts: dict[int, int] = {}  # trick number -> most queries of one play request in that trick
    while True:
        row = Table.objects.get(pk=table)
        game = engine.Game.from_json(row.state)
        if game.hands_played:
            break
        seat = game.to_move()[0]
        if game.phase == engine.BID:
            action = {"type": "bid", "bid": 3}
        else:
            action = {"type": "play", "card": engine.card_name(game.legal_cards(seat)[0])}
        with CaptureQueriesContext(connection) as ctx:
            r = http.post(f"/api/v1/tables/{table}/actions/", action | {"seq": row.seq},
                          content_type="application/json", **auth[seat])
            assert r.status_code == 200, r.content
        if game.phase == engine.PLAY:
            trick = game.trick_number
            statements = [q for q in ctx.captured_queries
                          if not q["sql"].startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"))]
            counts[trick] = max(counts.get(trick, 0), len(statements))
    return counts[0], counts[game.tricks_per_hand - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--target", type=int, default=300)
    parser.add_argument("--port", type=int, default=8931)
    args = parser.parse_args()

    db = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    ensure_database(db)
    env = os.environ | {"DATABASE_URL": db, "DJANGO_SETTINGS_MODULE": "spades_api.settings",
                        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
                        "DB_CONN_MAX_AGE": "60", "THROTTLE_USER_RATE": "100000/min",
                        "THROTTLE_ANON_RATE": "100000/min", "THROTTLE_REGISTER_RATE": "100000/min"}
    os.environ.update(env)
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "spades_api.asgi:application", "-k", "uvicorn_worker.UvicornWorker",
         "-w", str(args.workers), "-b", f"127.0.0.1:{args.port}", "--log-level", "warning"],
        cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{args.port}"
    try:
        for _ in range(100):
            try:
                httpx.get(base + "/api/v1/rulesets/", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        started = time.perf_counter()
        actions, floor = play_games(base, args.games, args.target, random.Random(7))
        wall = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=20)
    first, last = queries_per_action()
    a50, a99 = statistics.median(actions) * 1000, percentile(actions, 99) * 1000
    f50, f99 = statistics.median(floor) * 1000, percentile(floor, 99) * 1000
    print(f"games={args.games} actions={len(actions)} workers={args.workers} wall_s={wall:.1f}")
    print(f"action p50={a50:.2f}ms p99={a99:.2f}ms")
    print(f"floor  p50={f50:.2f}ms p99={f99:.2f}ms (GET /players/me/: authentication and one query)")
    print(f"queries per action: first trick={first} last trick={last}")
    print(f"action_vs_floor={a50 / f50:.2f} queries_per_action={max(first, last)}")


if __name__ == "__main__":
    main()

"""Limits and revocation across two server processes: what one token is allowed in a minute when its requests
go to two uvicorn processes in turn, and how long a rotated token, or a deleted account's, keeps working on the
process that did not make the change.

Usage: ``python bench/across.py [--server-root PATH] [--rate 60/min] [--requests 180 | --seconds 62]``. The
servers run ``--server-root``'s code (an earlier commit's worktree, with this venv) on the database of
``LOAD_DATABASE_URL`` (default: ``spades_load`` on the local PostgreSQL, created and migrated here) and the
shared cache of ``CACHE_URL`` when the code has one. The deletion goes through the ORM of that code in this
process, as the admin's would. Prints three lines: ``allowed_in_a_minute=<N>`` (the most allowed in any 60 s),
the rotated token's answers on the other process before it was refused, and the deleted account's.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import ensure_database  # noqa: E402
from bench.load import DEFAULT_DB  # noqa: E402
from bench.soak import free_port  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server-root", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--rate", default="60/min", help="THROTTLE_USER_RATE of both servers")
    parser.add_argument("--requests", type=int, default=180, help="requests of the one token")
    parser.add_argument("--seconds", type=float, default=0, help="send for this long instead")
    args = parser.parse_args()
    root = args.server_root.resolve()
    db = os.environ.get("LOAD_DATABASE_URL", DEFAULT_DB)
    ensure_database(db)
    env = os.environ | {"DATABASE_URL": db, "DEBUG": "0",
                        "SECRET_KEY": "across-" + uuid.uuid4().hex + uuid.uuid4().hex, "ALLOWED_HOSTS": "127.0.0.1",
                        "THROTTLE_USER_RATE": args.rate, "THROTTLE_ANON_RATE": "1000000/min",
                        "THROTTLE_REGISTER_RATE": "1000000/min", "LOG_LEVEL": "ERROR",
                        "DJANGO_SETTINGS_MODULE": "spades_api.settings"}
    os.environ.update(env)
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=root, env=env, check=True)
    servers, bases = [], []
    for _ in range(2):
        port = free_port()
        servers.append(subprocess.Popen([sys.executable, "-m", "uvicorn", "spades_api.asgi:application", "--port",
                                         str(port), "--log-level", "error"], cwd=root, env=env))
        bases.append(f"http://127.0.0.1:{port}")
    try:
        for base in bases:
            for _ in range(300):
                try:
                    httpx.get(base + "/healthz", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
        one, other = (httpx.Client(base_url=base, timeout=10) for base in bases)

        def register() -> tuple[str, dict[str, str]]:
            body = one.post("/api/v1/players/", json={"name": "a-" + uuid.uuid4().hex[:10]}).json()
            return body["id"], {"Authorization": f"Bearer {body['token']}"}

        _, auth = register()
        allowed: list[float] = []
        sent, started = 0, time.monotonic()
        while (time.monotonic() - started < args.seconds) if args.seconds else sent < args.requests:
            at = time.monotonic()
            if (one, other)[sent % 2].get("/api/v1/players/me/", headers=auth).status_code == 200:
                allowed.append(at)
            sent += 1
        most = max(sum(1 for t in allowed if start <= t < start + 60) for start in allowed)
        print(f"rate={args.rate} sent={sent} seconds={time.monotonic() - started:.1f} allowed_in_a_minute={most}")

        _, auth = register()
        for client in (one, other):
            client.get("/api/v1/players/me/", headers=auth)
        one.post("/api/v1/players/me/token/", headers=auth)
        changed, answered = time.monotonic(), 0
        while other.get("/api/v1/players/me/", headers=auth).status_code == 200:
            answered += 1
            time.sleep(0.02)
        print(f"rotated: the old token answered 200 {answered} times on the other process over "
              f"{time.monotonic() - changed:.2f} s")

        sys.path.insert(0, str(root))
        import django

        django.setup()
        from games.models import Player

        player, auth = register()
        for client in (one, other):
            client.get("/api/v1/players/me/", headers=auth)
        Player.objects.get(pk=player).delete()
        changed, statuses = time.monotonic(), []
        while (status := other.post("/api/v1/tables/", json={"preset": "standard", "take_seat": 0},
                                    headers=auth).status_code) != 401:
            statuses.append(status)
            time.sleep(0.02)
        print(f"deleted: POST tables/ on the other process answered {len(statuses)} times before the 401 over "
              f"{time.monotonic() - changed:.2f} s (statuses {sorted(set(statuses))})")
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()

"""Database work per request of the play loop: SQL statements and PostgreSQL round trips, counted in-process.

For each request of the one-round-trip loop (``bench/load.py``'s ``fast`` loop) and the floor, it plays a
standard game through Django's test client on the real code path (authentication, middleware, view,
service, response) against PostgreSQL with the deploy files' pool (``DB_POOL_MAX_SIZE``), and counts:

- ``statements``: the SQL statements Django sent (transaction control aside);
- ``round_trips``: every message psycopg sends the server and waits for (each statement, ``BEGIN``,
  ``COMMIT``, and the pool's check of a connection it hands out), which is what a request pays in latency.

The requests: ``floor`` (``GET /players/me/``), ``act`` (``POST actions/`` of a play in mid-hand),
``events_now`` (``GET events/`` that answers at once) and ``events_wait`` (``GET events/?wait=&until=turn``
started when it is not the caller's turn and answered by the next move: both of its reads). Each is the
median over the requests of one hand; ``--sql`` prints the statements of one of each. Last line:
``floor_trips=<N> act_trips=<N> act_statements=<N> events_wait_trips=<N>``.

Usage: ``DATABASE_URL=postgres://... python bench/queries.py [--sql]`` (a database of its own: it is
migrated and written to).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


class Counter:
    """Round trips (psycopg sends) and Django's statements, from every thread, while ``counting``."""

    def __init__(self) -> None:
        self.trips = 0
        self.statements: list[str] = []
        self.lock = threading.Lock()

    @contextmanager
    def counting(self) -> Iterator[Counter]:
        self.trips, self.statements = 0, []
        yield self


def install(counter: Counter) -> None:
    """Count every psycopg round trip and every statement Django executes, in any thread."""
    from django.db.backends import utils
    from psycopg import _connection_base, _cursor_base, client_cursor

    def counted(send: Any) -> Any:
        def send_counted(*args: Any, **kwargs: Any) -> Any:
            with counter.lock:
                counter.trips += 1
            return send(*args, **kwargs)
        return send_counted

    # Each sends one message and waits for its answer: a statement (the pool's check included), BEGIN, COMMIT.
    for cls, name in ((_cursor_base.BaseCursor, "_execute_send"), (client_cursor.ClientCursorMixin, "_execute_send"),
                      (_cursor_base.BaseCursor, "_send_query_prepared"),
                      (_connection_base.BaseConnection, "_exec_command")):
        setattr(cls, name, counted(getattr(cls, name)))
    execute = utils.CursorWrapper._execute

    def counted_execute(self: Any, sql: str, params: Any, *ignored: Any) -> Any:
        with counter.lock:
            counter.statements.append(sql)
        return execute(self, sql, params, *ignored)

    utils.CursorWrapper._execute = counted_execute  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sql", action="store_true", help="print the statements of one request of each kind")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("set DATABASE_URL to a PostgreSQL database of this benchmark's own")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "spades_api.settings")
    os.environ.setdefault("DB_POOL_MAX_SIZE", "8")  # as deploy/ runs it
    os.environ.setdefault("DEBUG", "1")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1")
    for scope in ("USER", "ANON", "REGISTER"):
        os.environ.setdefault(f"THROTTLE_{scope}_RATE", "1000000/min")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    counter = Counter()
    install(counter)
    results = play_hand(counter)
    shown: set[str] = set()
    for kind, samples in results.items():
        trips = [t for t, _ in samples]
        statements = [len(s) for _, s in samples]
        print(f"{kind:<12} requests={len(samples):>3} round_trips p50={statistics.median(trips):g} "
              f"max={max(trips)} statements p50={statistics.median(statements):g} max={max(statements)}")
        if args.sql and kind not in shown:
            shown.add(kind)
            middle = samples[len(samples) // 2][1]
            for sql in middle:
                print("    " + sql[:200])
    med = {kind: statistics.median(t for t, _ in samples) for kind, samples in results.items()}
    act_statements = statistics.median(len(s) for _, s in results["act"])
    print(f"floor_trips={med['floor']:g} act_trips={med['act']:g} act_statements={act_statements:g} "
          f"events_wait_trips={med['events_wait']:g}")


def _statements(sqls: list[str]) -> list[str]:
    return [s for s in sqls if not s.startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"))]


def play_hand(counter: Counter) -> dict[str, list[tuple[int, list[str]]]]:
    """One hand of a standard game, the four seats playing through the fast loop; the trips and statements
    of each request, by kind."""
    import asyncio

    from django.db import connection
    from django.test import AsyncClient, Client

    from bench.api import seated_table
    from games import engine
    from games.models import Table

    http = Client(SERVER_NAME="127.0.0.1")
    table, auth = seated_table(http, "q-")
    results: dict[str, list[tuple[int, list[str]]]] = {"floor": [], "act": [], "events_now": [], "events_wait": []}
    url = f"/api/v1/tables/{table}"

    def closing(call: Callable[[], Any]) -> Callable[[], Any]:
        # The test client keeps a thread's connection after a request; the server gives it back to the pool.
        def run() -> Any:
            try:
                return call()
            finally:
                connection.close()
        return run

    def measured(kind: str, send: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        with counter.counting():
            response = closing(lambda: send(*args, **kwargs))()
            results[kind].append((counter.trips, _statements(counter.statements)))
        assert response.status_code == 200, response.content
        return response

    async def wait_then_move(seat: int, other: int, seq: int, action: dict[str, Any]) -> None:
        # ``seat`` long-polls for its turn while ``other`` moves (not seat's turn): both reads are counted.
        client = AsyncClient()
        with counter.counting():
            poll = asyncio.ensure_future(client.get(f"{url}/events/", {"after": seq, "wait": 10, "until": "turn"},
                                                    headers={"Authorization": auth[seat]["HTTP_AUTHORIZATION"]}))
            await asyncio.sleep(0.1)  # the long-poll's first read, then it waits
            t0, s0 = counter.trips, len(counter.statements)
            moved = await asyncio.to_thread(closing(lambda: http.post(
                f"{url}/actions/", action | {"seq": seq}, content_type="application/json", **auth[other])))
            t1, s1 = counter.trips, len(counter.statements)
            answer = await poll
            results["act"].append((t1 - t0, _statements(counter.statements[s0:s1])))
            results["events_wait"].append((t0 + counter.trips - t1,
                                           _statements(counter.statements[:s0] + counter.statements[s1:])))
        assert moved.status_code == 200, moved.content
        assert answer.status_code == 200, answer.content

    while True:
        row = Table.objects.get(pk=table)
        connection.close()
        game = engine.Game.from_json(row.state)
        if game.hands_played:
            break
        seat = game.to_move()[0]
        measured("floor", http.get, "/api/v1/players/me/", **auth[seat])
        measured("events_now", http.get, f"{url}/events/", {"after": row.seq - 1}, **auth[seat])
        if game.phase == engine.BID:
            action = {"type": "bid", "bid": 3}
        else:
            action = {"type": "play", "card": engine.card_name(game.legal_cards(seat)[0])}
        after = engine.Game.from_json(row.state)
        after.apply(engine.Action.from_json({**action, "seat": seat}))
        waiter = after.to_move()[0] if after.phase == engine.PLAY and after.to_move() else seat
        if waiter != seat:
            # the seat whose turn this move makes long-polls for it meanwhile, as the fast loop does
            asyncio.run(wait_then_move(waiter, seat, row.seq, action))
            continue
        measured("act", http.post, f"{url}/actions/", action | {"seq": row.seq}, content_type="application/json",
                 **auth[seat])
    return results


if __name__ == "__main__":
    main()

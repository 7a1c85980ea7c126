"""Waking long-polls and event streams when a table moves, through PostgreSQL LISTEN/NOTIFY.

Every change to a table announces ``<table id>:<seq>`` on one channel inside its transaction; PostgreSQL
delivers it at commit and drops it on rollback, so nobody hears of a change that did not happen. Each
event loop (one per ASGI worker process) keeps a single listening connection and wakes the waiters of
that table, so a thousand waiting clients cost one connection and no queries until something moves.

Waiters still re-read the table every few seconds: a notification can be lost while the listener
reconnects. On SQLite (the embedded set-up) there is no NOTIFY and waiters poll often instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import psycopg
from django.db import connection

log = logging.getLogger(__name__)

CHANNEL = "spades_table_moved"
POLL_SECONDS = 0.25  # without notifications (SQLite, or the listener reconnecting)
SAFETY_POLL_SECONDS = 3.0  # with them: only to catch one lost in a reconnect


def announce(table_id: Any, seq: int) -> None:
    """Tell waiting readers that ``table_id`` reached ``seq``, once the current transaction commits."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"{table_id}:{seq}"])


class Listener:
    """One LISTEN connection for an event loop, and the waiting readers' events by table id."""

    def __init__(self, params: dict[str, Any]) -> None:
        self.params = params
        self.waiters: dict[str, set[asyncio.Event]] = {}
        self.connected = False
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(**self.params, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.connected = True
                    async for note in conn.notifies():
                        for event in self.waiters.get(note.payload.partition(":")[0], ()):
                            event.set()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: wake everyone to re-read, then reconnect
                log.warning("table wake-up listener lost its connection: %s", exc)
            self.connected = False
            for events in self.waiters.values():
                for event in events:
                    event.set()
            await asyncio.sleep(1)


_listeners: dict[int, Listener] = {}


def _listener() -> Listener | None:
    if connection.vendor != "postgresql":
        return None
    loop = asyncio.get_running_loop()
    found = _listeners.get(id(loop))
    if found is None or found.task.done():
        db = connection.settings_dict
        params = {"dbname": db["NAME"], "user": db["USER"], "password": db["PASSWORD"] or None,
                  "host": db["HOST"] or None, "port": db["PORT"] or None}
        found = _listeners[id(loop)] = Listener({k: v for k, v in params.items() if v is not None})
    return found


class Watch:
    """What a reader waits on: :meth:`wait` returns when the table may have moved, or after a while."""

    def __init__(self, listener: Listener | None, event: asyncio.Event) -> None:
        self.listener = listener
        self.event = event

    async def wait(self, timeout: float) -> None:
        listening = self.listener is not None and self.listener.connected
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.event.wait(), min(timeout, SAFETY_POLL_SECONDS if listening else POLL_SECONDS))
        self.event.clear()


@contextlib.asynccontextmanager
async def watch(table_id: Any) -> AsyncIterator[Watch]:
    """Register interest in ``table_id`` for the block. Register before reading the table, so a move
    between the read and the wait still wakes it."""
    listener = _listener()
    event = asyncio.Event()
    key = str(table_id)
    if listener is not None:
        listener.waiters.setdefault(key, set()).add(event)
    try:
        yield Watch(listener, event)
    finally:
        if listener is not None:
            events = listener.waiters.get(key)
            if events is not None:
                events.discard(event)
                if not events:
                    del listener.waiters[key]

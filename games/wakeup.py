"""Waking long-polls and event streams when a table moves, through PostgreSQL LISTEN/NOTIFY.

Every change to a table announces ``<table id>:<seq>`` on one channel inside its transaction; PostgreSQL
delivers it at commit and drops it on rollback, so nobody hears of a change that did not happen. A move
also announces whom the game then waits for (``<table id>:<seq>:<seats>``, :func:`turn_notice`), so a
reader that waits for its own turn (``until=turn``) goes back to sleep on another seat's turn without a
query, and the move's mark (``:<mark>``, unique to that move): a process that made the move and kept it
(``games.game_cache``) knows from the mark that the move it kept is the one committed. Each
event loop (one per ASGI worker process) keeps a single listening connection and wakes the waiters of
that table, so a thousand waiting clients cost one connection and no queries until something moves.

The listener also keeps the highest seq it has heard announced for each table lately
(:meth:`Watch.heard`): while it stays connected, nothing committed since goes unannounced, so a reader that
registered before asking may take it for the table's seq without reading it, and wait.

Waiters still re-read the table every few seconds: a notification can be lost while the listener
reconnects. On SQLite (the embedded set-up) there is no NOTIFY and waiters poll often instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Iterable
from typing import Any

import psycopg
from django.db import connection

from core.metrics import WAITING_READERS

log = logging.getLogger(__name__)

CHANNEL = "spades_table_moved"
POLL_SECONDS = 0.25  # without notifications (SQLite, or the listener reconnecting)
SAFETY_POLL_SECONDS = 3.0  # with them: only to catch one lost in a reconnect
HEARD_TABLES = 4096
"""The tables whose last announced seq a listener keeps (those announced longest ago dropped first)."""


NOT_PLAYING = "-"
"""The seats announced when the table is not being played (finished, or not started)."""


@functools.cache
def _notifying() -> bool:
    """Whether the database sends notifications (PostgreSQL): one database a process, so asked once."""
    return connection.vendor == "postgresql"


def announce(table_id: Any, seq: int) -> None:
    """Tell waiting readers that ``table_id`` reached ``seq``, once the current transaction commits (a move
    says more, with :func:`turn_notice`)."""
    if _notifying():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"{table_id}:{seq}"])


def turn_notice(table_id: Any, seq: int, seats: Iterable[int] | None, mark: str = "") -> tuple[str, str] | None:
    """The arguments of the ``pg_notify`` that tells waiting readers whom the game of ``table_id`` waits for at
    ``seq`` (``seats``; ``None`` when the table is not being played), and the move's ``mark``
    (``games.game_cache.new_mark``), for the statement that saves the move to send with its own work
    (``hot_writes.table_save_move``: one round trip fewer a move); ``None`` where there are no notifications
    (SQLite)."""
    if not _notifying():
        return None
    waiting = NOT_PLAYING if seats is None else ",".join(str(s) for s in seats)
    return CHANNEL, f"{table_id}:{seq}:{waiting}:{mark}" if mark else f"{table_id}:{seq}:{waiting}"


def _waiting(text: str | None) -> frozenset[int] | None:
    """The seats an announcement says the game waits for (empty: not being played); ``None``: not said."""
    if text is None:
        return None
    if text == NOT_PLAYING:
        return frozenset()
    return frozenset(int(s) for s in text.split(",") if s.isdigit())


class Listener:
    """One LISTEN connection for an event loop, and the waiting readers' events by table id."""

    def __init__(self, params: dict[str, Any]) -> None:
        self.params = params
        self.waiters: dict[str, set[Watch]] = {}
        # The highest seq announced for each table since the connection listened: kept only while it stays
        # connected (an announcement made while it reconnects is lost).
        self.heard: dict[str, int] = {}
        self.connected = False
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(**self.params, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.connected = True
                    async for note in conn.notifies():
                        table_id, seq, *said = note.payload.split(":", 3)
                        number = int(seq) if seq.isdigit() else None
                        if number is not None:
                            self._heard(table_id, number)
                        waiting = _waiting(said[0] if said else None)
                        mark = said[1] if len(said) > 1 else None
                        for watch in self.waiters.get(table_id, ()):
                            watch.moved(number, waiting, mark)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: wake everyone to re-read, then reconnect
                log.warning("table wake-up listener lost its connection: %s", exc)
            self.connected = False
            self.heard.clear()
            for watches in self.waiters.values():
                for watch in watches:
                    watch.moved(None)
            await asyncio.sleep(1)


    def _heard(self, key: str, seq: int) -> None:
        last = self.heard.pop(key, -1)
        self.heard[key] = max(seq, last)  # re-inserted: the table announced last is the last dropped
        if len(self.heard) > HEARD_TABLES:
            del self.heard[next(iter(self.heard))]


_listeners: dict[int, Listener] = {}


def _listener() -> Listener | None:
    if connection.vendor != "postgresql":
        return None
    loop = asyncio.get_running_loop()
    # A listener of an event loop that has been closed (a process that ran several, as the test client does
    # for each request) hears nothing more: forget it, so that its connection is closed and freed.
    for key in [key for key, old in _listeners.items() if old.task.get_loop().is_closed()]:
        del _listeners[key]
    found = _listeners.get(id(loop))
    if found is None or found.task.done():
        db = connection.settings_dict
        params = {"dbname": db["NAME"], "user": db["USER"], "password": db["PASSWORD"] or None,
                  "host": db["HOST"] or None, "port": db["PORT"] or None}
        found = _listeners[id(loop)] = Listener({k: v for k, v in params.items() if v is not None})
    return found


class Watch:
    """What a reader waits on: :meth:`wait` returns when the table may have moved, or after a while."""

    def __init__(self, listener: Listener | None, key: str = "") -> None:
        self.listener = listener
        self.key = key
        self.event = asyncio.Event()
        self.seq: int | None = None  # the highest seq announced since the last wait
        # Whom the game waits for at that seq, if an announcement said so (empty: not being played).
        self.waiting: frozenset[int] | None = None
        self.mark: str | None = None  # the mark of the move that made that seq, if said
        self.last_mark: str | None = None  # the mark of the seq the last wait returned, if said

    def moved(self, seq: int | None, waiting: frozenset[int] | None = None, mark: str | None = None) -> None:
        """The table reached ``seq`` (``None``: it may have moved, the announcement was lost), where the game
        waits for ``waiting`` if known, by the move of ``mark`` if said."""
        if seq is not None:
            if self.seq is None or seq > self.seq:
                self.seq, self.waiting, self.mark = seq, waiting, mark
            elif seq == self.seq:
                self.waiting = waiting if waiting is not None else self.waiting
                self.mark = mark if mark is not None else self.mark
        else:
            self.waiting = self.mark = None
        self.event.set()

    def heard(self) -> int | None:
        """The highest seq announced for the table since the listener connected, if it heard one and is still
        connected; ``None`` otherwise (read the table). Asked after registering (:func:`watch`), it is the
        table's seq or a later move's announcement is on its way to this watch: a reader at that seq may
        wait without reading."""
        listener = self.listener
        if listener is None or not listener.connected:
            return None
        return listener.heard.get(self.key)

    def needs(self, seat: int | None) -> bool:
        """Whether the last announcement may concern a reader waiting for ``seat``'s turn: it is that seat's
        turn, the table is no longer being played, or the announcement did not say (then read to know)."""
        return self.waiting is None or not self.waiting or seat in self.waiting

    async def wait(self, timeout: float) -> int | None:
        """Wait for a move; the highest ``seq`` announced meanwhile, which the reader may trust without a
        query (the announcement is delivered after the move's commit), or ``None`` when it woke without one
        (a time-out, the listener reconnecting, or no listener): then the reader reads the table."""
        listening = self.listener is not None and self.listener.connected
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(min(timeout, SAFETY_POLL_SECONDS if listening else POLL_SECONDS)):
                await self.event.wait()
        self.event.clear()
        seq, self.seq = self.seq, None
        self.last_mark, self.mark = self.mark, None
        return seq


@contextlib.asynccontextmanager
async def watch(table_id: Any, *, reader: bool = True) -> AsyncIterator[Watch]:
    """Register interest in ``table_id`` for the block. Register before reading the table, so a move
    between the read and the wait still wakes it. ``reader``: counted as a waiting reader (a table's feed in
    ``games.api.hub`` is not: it counts its streams and long-polls)."""
    listener = _listener()
    key = str(table_id)
    watcher = Watch(listener, key)
    if listener is not None:
        listener.waiters.setdefault(key, set()).add(watcher)
    if reader:
        WAITING_READERS.inc()
    try:
        yield watcher
    finally:
        if reader:
            WAITING_READERS.dec()
        if listener is not None:
            watches = listener.waiters.get(key)
            if watches is not None:
                watches.discard(watcher)
                if not watches:
                    del listener.waiters[key]

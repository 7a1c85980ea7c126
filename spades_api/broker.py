"""The embedded run's Celery broker: kombu's SQLAlchemy transport on a SQLite file (``.broker/broker.sqlite3``),
with the three settings the stock transport gets wrong for a broker that is polled many times a second.

Why this transport: it needs no server, and a message moves in one SQLite transaction (the consumer takes it
under ``BEGIN IMMEDIATE``), so the race of kombu's filesystem transport (a reader opening a file a writer has
not finished, ``JSONDecodeError`` in the worker) cannot happen. What this subclass adds:

- ``polling_interval`` is honoured: the stock channel hands every transport option to ``create_engine``, which
  refuses that one, and at kombu's default of a second per idle poll every bot move would wait a second.
- Each SQLite connection runs in WAL mode (readers never wait for the writer) and waits up to 30 s for the
  write lock instead of failing with "database is locked"; connections are not pooled (``NullPool``), so none
  is ever carried across the prefork pool's ``fork()``, which SQLite forbids.
- Delivered messages are deleted: the stock transport only marks them invisible (kombu keeps no record of them
  after delivery), so its table, and every poll's scan past the delivered rows, would grow without end
  (a known gap upstream: the SQL transports are unmaintained there).

Production and the test suite use Redis or RabbitMQ (``CELERY_BROKER_URL``); this module is for ``make run``.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import sqlalchemy as kombu_sqla
from sqlalchemy import create_engine, delete, event
from sqlalchemy.pool import NullPool

BUSY_TIMEOUT_SECONDS = 30
PRUNE_EVERY = 200
"""Delete the delivered messages after this many polls: cheap, and a poll never scans more than that many."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # persistent in the file; a no-op once set
    cursor.execute("PRAGMA synchronous=NORMAL")  # WAL's safe setting: a power cut may lose the last commits only
    cursor.close()


class Channel(kombu_sqla.Channel):
    _polls = 0

    def _engine_from_config(self) -> Any:
        url = self.connection.client.hostname
        engine = create_engine(url, poolclass=NullPool, connect_args={"timeout": BUSY_TIMEOUT_SECONDS})
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
        return engine

    def _get(self, queue: str) -> Any:
        self._polls += 1
        if self._polls % PRUNE_EVERY == 0:
            self.session.execute(delete(self.message_cls).where(self.message_cls.visible == False))  # noqa: E712
            self.session.commit()
        return super()._get(queue)


class Transport(kombu_sqla.Transport):
    Channel = Channel

"""Django's PostgreSQL backend with a cheaper check of the pooled connections it hands out.

With ``CONN_HEALTH_CHECKS`` on, Django builds its psycopg pool with ``ConnectionPool.check_connection``,
which sends an empty query on every checkout: a round trip on every request (two on a long-poll), about 7%
of a loaded server's samples (py-spy under ``bench/load.py``), to find the rare connection the server has
dropped. A connection the server closed (a restart, ``pg_terminate_backend``, an idle timeout) has its
closing message or end of stream waiting on its socket, so it polls readable: only then is the real check
run, and a dead connection is replaced as before. A connection with nothing to read is handed out at no cost.
A connection cut without a word (a network partition), or dropped in the instant before it is handed out
(its server's goodbye not yet on the socket), is caught by neither check before use; its request fails and
gets a 503 (``core.problems.DatabaseOutageMiddleware``), as one that lost its connection mid-query.
Django refuses a ``check`` in the pool options when ``CONN_HEALTH_CHECKS`` is on, hence this subclass.
"""

from __future__ import annotations

import select
from typing import Any

from django.db.backends.postgresql import base
from psycopg import Connection
from psycopg_pool import ConnectionPool


def check_if_readable(conn: Connection[Any]) -> None:
    """Raise if ``conn`` is no longer usable: checked with a query only when its socket has something to read,
    which an idle connection in a pool never has unless the server closed it (or sent a notice)."""
    if conn.closed or conn.broken:
        raise ConnectionError("the pooled connection is closed")
    readable, _, _ = select.select([conn.fileno()], [], [], 0)
    if readable:
        ConnectionPool.check_connection(conn)


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self) -> ConnectionPool[Any] | None:
        pool: ConnectionPool[Any] | None = super().pool
        if pool is not None and self.settings_dict["CONN_HEALTH_CHECKS"]:
            # psycopg_pool calls the check it was built with, kept here, on every checkout.
            pool._check = check_if_readable
        return pool

"""The pooled connections' check (spades_api/db/base.py): no round trip for a live connection, and a
connection the server dropped is refused so that the pool opens another."""

from __future__ import annotations

import time

import psycopg
import pytest
from django.db import connection
from psycopg_pool import ConnectionPool

from spades_api.db.base import check_if_readable

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="the pool is PostgreSQL's")


def _connect() -> psycopg.Connection:
    return psycopg.connect(**connection.get_connection_params(), autocommit=True)


@pytest.mark.django_db
def test_a_live_connection_passes_without_a_query(monkeypatch: pytest.MonkeyPatch) -> None:
    pinged = []
    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(pinged.append))
    with _connect() as conn:
        conn.execute("SELECT 1").fetchone()
        check_if_readable(conn)
        check_if_readable(conn)
        assert pinged == []


@pytest.mark.django_db
def test_a_connection_the_server_dropped_is_refused() -> None:
    with _connect() as conn, _connect() as admin:
        pid = conn.info.backend_pid
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
        for _ in range(50):  # the server's goodbye reaches the socket soon after
            if admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone() == (0,):
                break
            time.sleep(0.02)
        with pytest.raises(psycopg.OperationalError):
            check_if_readable(conn)


def test_the_server_runs_its_pool_with_this_check() -> None:
    from spades_api.db.base import DatabaseWrapper

    settings_dict = {**connection.settings_dict, "CONN_HEALTH_CHECKS": True,
                     "OPTIONS": {**connection.settings_dict["OPTIONS"], "pool": {"min_size": 0, "max_size": 1}}}
    wrapper = DatabaseWrapper(settings_dict, alias="pool-check-test")
    try:
        assert wrapper.pool is not None and wrapper.pool._check is check_if_readable
    finally:
        DatabaseWrapper._connection_pools.pop("pool-check-test", None)

"""Session-wide test guards: under CI the suite must run against PostgreSQL, never silently on SQLite."""

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests import live

POSTGRES_SCHEMES = frozenset({"postgres", "postgresql", "pgsql", "postgis"})


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to start a CI run whose DATABASE_URL does not point at PostgreSQL."""
    if os.environ.get("CI") != "true":
        return
    url = os.environ.get("DATABASE_URL", "")
    if urlsplit(url).scheme not in POSTGRES_SCHEMES:
        raise pytest.UsageError(
            f"CI=true but DATABASE_URL is not a PostgreSQL URL ({url or 'unset'!r}); "
            "refusing to run the suite on SQLite. Run it through .ci/run."
        )


@pytest.fixture
def start_worker(transactional_db: None, tmp_path: Path) -> Iterator[Callable[..., live.Worker]]:
    """Start real Celery workers on the test database and broker; every one is stopped after the test."""
    with live.workers(tmp_path) as start:
        yield start


@pytest.fixture(scope="session")
def shared_asgi_server(django_db_setup: None, django_db_blocker: Any) -> Iterator[str]:
    """One uvicorn for the whole run, on the test database (started when a test first asks for it, stopped
    before the test database is dropped). A server keeps nothing of a test between requests that the
    database does not hold, so each test's data is its own: ``asgi_server`` flushes the tables after it."""
    with django_db_blocker.unblock(), live.serve() as base:
        yield base
    # Its PostgreSQL sessions end a moment after the process does; the test database is dropped next.
    with django_db_blocker.unblock():
        live.settle_sessions(seconds=10)


@pytest.fixture
def asgi_server(transactional_db: None, shared_asgi_server: str) -> str:
    """A real uvicorn serving the app on the test database; its base URL (``http://127.0.0.1:<port>``).
    The process is shared by the run (starting one costs seconds); the data is the test's own, committed
    for the server to see and flushed after the test (``transactional_db``). A test that finds it dead
    fails at once, rather than the ones after it hanging."""
    live.check_alive(shared_asgi_server)
    return shared_asgi_server


SERVICE_FIXTURES = frozenset({"db", "transactional_db", "django_db_setup", "live_server", "asgi_server",
                              "shared_asgi_server", "start_worker"})
"""Fixtures that reach PostgreSQL, a broker, a server or a worker process."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs PostgreSQL, Redis, a live server or a browser with ``services``, so
    ``make test-fast`` (``-m "not services"``) runs the rest on a machine with none of them."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if (item.get_closest_marker("django_db") or fixtures & SERVICE_FIXTURES
                or item.path.parent.name == "webclient"):
            item.add_marker(pytest.mark.services)

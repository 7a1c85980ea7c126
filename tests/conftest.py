"""Session-wide test guards: under CI the suite must run against PostgreSQL, never silently on SQLite."""

import os
from urllib.parse import urlsplit

import pytest

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

"""Under ASGI the whole middleware chain stays async: one sync-only middleware would make Django run every
request in a thread, and each long-poll and event stream would hold one for its whole wait."""

from __future__ import annotations

from django.conf import settings
from django.utils.module_loading import import_string


def test_every_middleware_runs_async_too() -> None:
    sync_only = [path for path in settings.MIDDLEWARE if not getattr(import_string(path), "async_capable", False)]
    assert sync_only == []

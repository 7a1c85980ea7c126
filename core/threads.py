"""The threads a server process keeps for its blocking work, and how async code hands work to them.

Under the service's ASGI handler (``spades_api.asgi``) a sync view's whole request runs on one of
``settings.SYNC_VIEW_THREADS`` threads kept for the process. The async views (the events long-polls and
streams) hand their database reads to the same threads through :func:`run_blocking`, instead of to a thread
started for the request and joined after it (Django's ``ThreadSensitiveContext``): one thread fewer started a
request, and a process's database work all on the few threads that hold its pooled connections.

Outside that handler (Django's test client, which runs a request in the test's thread so that its reads see
the test's transaction) nothing is set and :func:`run_blocking` is asgiref's ``sync_to_async`` as it is.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from contextvars import ContextVar
from typing import TypeVar

from asgiref.sync import sync_to_async

T = TypeVar("T")

server_threads: ContextVar[Executor | None] = ContextVar("server_threads", default=None)
"""The kept threads of the server process, set by its handler for the request being served."""


def run_blocking(work: Callable[[], T]) -> Awaitable[T]:
    """``work()`` off the event loop: on the server's kept threads when the handler set them, else as
    ``sync_to_async`` runs it (thread-sensitive)."""
    threads = server_threads.get()
    if threads is None:
        return sync_to_async(work)()
    return sync_to_async(work, thread_sensitive=False, executor=threads)()

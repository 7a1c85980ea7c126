"""The base of the project's own middleware: one class that runs in the mode of the chain it sits in.

Under ASGI a single sync-only middleware makes Django run the rest of every request in a thread, so a
long-poll or an event stream would hold a thread for its whole wait. Each middleware here is therefore
both sync- and async-capable; :class:`DualMiddleware` holds the part that makes it so, and a subclass
writes ``call`` (WSGI) and ``acall`` (ASGI).
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest


def runs_async(middleware: object, get_response: Any) -> bool:
    """Whether ``middleware``'s chain is async; if so it is marked a coroutine function, which is how
    Django tells that it may await it."""
    if iscoroutinefunction(get_response):
        markcoroutinefunction(middleware)
        return True
    return False


class DualMiddleware:
    """A middleware with a sync (``call``) and an async (``acall``) form; Django picks by the chain."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response
        self.is_async = runs_async(self, get_response)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self.acall(request)
        return self.call(request)

    def call(self, request: HttpRequest) -> Any:
        raise NotImplementedError

    async def acall(self, request: HttpRequest) -> Any:
        raise NotImplementedError

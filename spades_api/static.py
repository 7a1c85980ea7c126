"""Static files (the web client, the API docs' assets) served by WhiteNoise, from async middleware too.

WhiteNoise's middleware is sync only, and under ASGI one sync-only middleware makes Django run the whole
request in a thread: every long-poll and event stream would then hold a thread while it waits. This one
answers a static path as WhiteNoise does (the lookup and the file's response off the event loop) and hands
every other request on without leaving it.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.http import HttpRequest
from whitenoise.middleware import WhiteNoiseMiddleware

from core.middleware import runs_async


class AsyncWhiteNoiseMiddleware(WhiteNoiseMiddleware):
    """:class:`WhiteNoiseMiddleware` that also runs in an async middleware chain."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Any = None, **kwargs: Any) -> None:
        super().__init__(get_response, **kwargs)
        self.is_async = runs_async(self, get_response)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self._acall(request)
        return super().__call__(request)

    async def _acall(self, request: HttpRequest) -> Any:
        # Without autorefresh the files are indexed at start-up: a dict lookup, no disk.
        found = (await sync_to_async(self.find_file)(request.path_info) if self.autorefresh
                 else self.files.get(request.path_info))
        if found is not None:
            return await sync_to_async(self.serve)(found, request)
        return await self.get_response(request)

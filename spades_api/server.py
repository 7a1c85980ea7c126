"""The web server's HTTP protocol and gunicorn worker: uvicorn's, with the limits a public server needs against
slow and numerous clients.

uvicorn times out only a connection's idle time between two requests (``timeout_keep_alive``, gunicorn's
``keepalive``), and any byte received cancels that timer; nothing limits how long a request takes to arrive
(uvicorn's issue #157 lists these timeouts as not done), so a client that opens connections and trickles a byte
of a request every few seconds keeps each of them open for ever. :class:`HttpProtocol` closes a connection whose
request line and headers have not all come within ``settings.REQUEST_HEADER_TIMEOUT`` seconds of its opening (or,
on a kept-alive connection, of the first byte of its next request), or whose body has not all come within
``settings.REQUEST_BODY_TIMEOUT`` seconds of its headers. Once a request is read nothing here times out: a
long-poll or an event stream answers when it must.

uvicorn's own connection limit (``limit_concurrency``) is ``settings.WEB_CONNECTIONS`` unless uvicorn is given one:
a process with that many connections open (or requests in flight) answers a request 503, here the API's problem
details (``service_unavailable``, with Retry-After and the connection closed) rather than uvicorn's plain text.

:class:`UvicornWorker` is gunicorn's uvicorn worker with this protocol (``deploy/gunicorn.conf.py``); ``manage.py
serve`` starts uvicorn with ``--http spades_api.server:HttpProtocol``.
"""

from __future__ import annotations

import asyncio
import functools
import json
from typing import Any

import uvicorn_worker
from django.conf import settings
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class HttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with read timeouts on the request head and body (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # loads the application, and with it the settings
        if self.limit_concurrency is None:
            self.limit_concurrency = settings.WEB_CONNECTIONS or None
        self.read_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._expect("head", settings.REQUEST_HEADER_TIMEOUT)

    def connection_lost(self, exc: Exception | None) -> None:
        self._expected()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.read_deadline is None:  # the next request of a kept-alive connection: its first byte is here
            self._expect("head", settings.REQUEST_HEADER_TIMEOUT)

    def on_headers_complete(self) -> None:
        self._expected()
        self._expect("body", settings.REQUEST_BODY_TIMEOUT)
        if self.limit_concurrency is not None and (len(self.connections) >= self.limit_concurrency
                                                   or len(self.tasks) >= self.limit_concurrency):
            # uvicorn answers its own plain-text 503 over the limit; this one is the API's. The limit is lifted for
            # uvicorn's own check, and the application swapped, for this request only.
            app, limit = self.app, self.limit_concurrency
            self.app, self.limit_concurrency = _overloaded, None
            self.logger.warning("Exceeded concurrency limit.")
            try:
                super().on_headers_complete()
            finally:
                self.app, self.limit_concurrency = app, limit
        else:
            super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._expected()
        super().on_message_complete()

    def _expect(self, part: str, seconds: float) -> None:
        """Close the connection unless the request's ``part`` has come within ``seconds`` (0: no limit)."""
        if seconds > 0:
            self.read_deadline = self.loop.call_later(seconds, self._too_slow, part, seconds)

    def _expected(self) -> None:
        if self.read_deadline is not None:
            self.read_deadline.cancel()
            self.read_deadline = None

    def _too_slow(self, part: str, seconds: float) -> None:
        self.read_deadline = None
        if not self.transport.is_closing():
            client = f"{self.client[0]}:{self.client[1]} - " if self.client else ""
            self.logger.info("%sconnection closed: the request %s did not come within %g s", client, part, seconds)
            self.transport.close()


@functools.cache
def _overloaded_body() -> bytes:
    from core.errors import ErrorCode
    from core.problems import RETRY_AFTER_SECONDS, problem

    return json.dumps(problem(ErrorCode.SERVICE_UNAVAILABLE, "en", retry_after=RETRY_AFTER_SECONDS)).encode()


async def _overloaded(scope: Any, receive: Any, send: Any) -> None:
    """The ASGI answer of a process over its connection limit: 503 ``service_unavailable``, retry after a second."""
    from core.problems import PROBLEM_JSON, RETRY_AFTER_SECONDS

    body = _overloaded_body()
    await send({"type": "http.response.start", "status": 503, "headers": [
        (b"content-type", PROBLEM_JSON.encode()), (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(RETRY_AFTER_SECONDS).encode()), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class UvicornWorker(uvicorn_worker.UvicornWorker):
    """gunicorn's uvicorn worker with :class:`HttpProtocol`, and no WebSocket protocol (the service has none)."""

    CONFIG_KWARGS = {**uvicorn_worker.UvicornWorker.CONFIG_KWARGS, "http": "spades_api.server:HttpProtocol",
                     "ws": "none"}

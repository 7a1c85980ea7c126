"""ASGI entry point (the production server runs the service under uvicorn workers), and the handler that
picks a middleware chain by the view a request goes to.

Django's ASGI handler has one middleware chain, async, so that a long-poll or an event stream (async views)
waits on the event loop and holds no thread. But every request of a sync view (all the others: actions,
tables, the account) then pays a thread hop for each Django middleware that is not natively async (each
``process_request`` and ``process_response`` of MiddlewareMixin runs in ``sync_to_async``) and one more for
the view: about twenty hops, most of the floor request's time (bench/layers.py). :class:`SpadesASGIHandler`
therefore keeps the async chain for async views (and for whatever resolves to no view: static files, 404s)
and sends a request of a sync view through the same middleware built as a sync chain, run whole in one
thread hop, the view included. Both chains are built from ``settings.MIDDLEWARE``: the same middleware
runs, in the same order, whichever chain a request takes. Either way, no more of a request's body is read than
one byte past the limit (:class:`BodyLimit`).
"""

from __future__ import annotations

import asyncio
import functools
import gc
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import django
from asgiref.sync import iscoroutinefunction, sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIHandler
from django.db import close_old_connections, reset_queries
from django.http import HttpRequest
from django.urls import Resolver404, get_resolver
from django.utils.module_loading import import_string

from core.threads import server_threads

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "spades_api.settings")


class SyncChainHandler(ASGIHandler):
    """An ASGI handler whose middleware chain is sync and runs, view included, in one thread hop, on one of
    ``settings.SYNC_VIEW_THREADS`` threads kept for the process.

    Django's handler gives every request a thread of its own (``ThreadSensitiveContext``), started and
    joined per request; here the threads stay, and each request's thread does what WSGI's request signals
    do around the chain: closes the connections that are unusable or past ``CONN_MAX_AGE`` before it, and
    after it (a pooled connection goes back to the pool, so a thread holds none between requests)."""

    def __init__(self) -> None:
        self.executor = ThreadPoolExecutor(max_workers=settings.SYNC_VIEW_THREADS, thread_name_prefix="sync-view")
        super().__init__()

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)
        chain = self._middleware_chain

        def run(request: HttpRequest) -> Any:
            reset_queries()
            close_old_connections()
            try:
                return chain(request)
            finally:
                close_old_connections()

        self._middleware_chain = sync_to_async(run, thread_sensitive=False, executor=self.executor)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        # No ThreadSensitiveContext: the chain has its threads, and the handler's own few sync calls (the
        # request signals, closing the response) are short.
        await self.handle(scope, receive, send)


def goes_to_sync_view(scope: dict[str, Any]) -> bool:
    """Whether the request of ``scope`` resolves to a view that is not async."""
    path = scope["path"]
    root = scope.get("root_path", "")
    if root and path.startswith(root):
        path = path[len(root):]
    try:
        match = get_resolver().resolve(path)
    except Resolver404:
        return False
    return not iscoroutinefunction(match.func)


ON_THE_LOOP = (
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
)
"""Django's sync middleware (``MiddlewareMixin``) whose steps only read the request and write headers: no
database, no file, no wait (the user is a lazy object, the CSRF check of a safe method accepts, the language is
activated in the request's context). In the async chain they run on the event loop, where Django would hop to
a thread and back for each step (two a middleware, with its ``process_view``): about a quarter of a woken
long-poll's instructions (bench/instructions.py)."""


def _session_untouched(request: HttpRequest) -> bool:
    session = getattr(request, "session", None)
    return session is not None and not session.accessed and not settings.SESSION_SAVE_EVERY_REQUEST


def _messages_untouched(request: HttpRequest) -> bool:
    storage = getattr(request, "_messages", None)
    return storage is not None and not storage.used and not storage.added_new


ON_THE_LOOP_UNLESS_USED = {
    "django.contrib.sessions.middleware.SessionMiddleware": _session_untouched,
    "django.contrib.messages.middleware.MessageMiddleware": _messages_untouched,
}
"""The session's and the messages' middleware, which may load or save a session (a query) in ``process_response``,
but only when the request used it. Their ``process_request`` only builds the session store and the message
storage, each of which loads nothing until read (every session engine Django ships is lazy), so it runs on
the loop; their ``process_response`` runs on the loop when the request never touched the session (nor, with
``SESSION_SAVE_EVERY_REQUEST``, whatever it did) or the messages: then it reads two flags and at most deletes
a cookie. Otherwise it hops to a thread as Django does. An API request (a token, no session) never touches
them: four hops fewer a long-poll."""


async def _on_the_loop(middleware: Any, request: HttpRequest, untouched: Any = None) -> Any:
    """``MiddlewareMixin.__acall__`` without its thread hops: the same steps, in the same order. With
    ``untouched`` (:data:`ON_THE_LOOP_UNLESS_USED`), ``process_response`` hops to a thread as Django does unless
    ``untouched(request)`` says it will not read or write the database."""
    response = middleware.process_request(request) if hasattr(middleware, "process_request") else None
    response = response or await middleware.get_response(request)
    if not hasattr(middleware, "process_response"):
        return response
    if untouched is None or untouched(request):
        return middleware.process_response(request, response)
    return await sync_to_async(middleware.process_response, thread_sensitive=True)(request, response)


def _declared_length(scope: dict[str, Any]) -> int:
    """The request's Content-Length (0 when it has none: a chunked body, or no body)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            return int(value) if value.isdigit() else 0
    return 0


class BodyLimit:
    """One request's ``receive`` and ``send``, so that a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is never read
    whole. Django's handler reads the whole body into a file before it makes the request, whatever its size, and
    only then can ``core.problems.BodyLimitMiddleware`` refuse it. Here a body whose Content-Length is over the
    limit is not read at all (Django gets an empty one, and refuses the request by its Content-Length), and a
    chunked one is cut one byte past the limit (Django refuses it by its length). Nothing more of a cut request
    is read: Django's wait for a disconnect waits until it is cancelled, once the answer is sent, and the answer
    closes the connection (uvicorn drops what the client still sends)."""

    def __init__(self, scope: dict[str, Any], receive: Any, send: Any, limit: int) -> None:
        self._receive, self._send = receive, send
        self.left = limit + 1  # what may still be read: a byte past the limit tells Django it is over
        self.cut = _declared_length(scope) > limit
        self.ended = False

    async def receive(self) -> dict[str, Any]:
        if self.cut:
            if self.ended:
                await asyncio.Future()  # never done: cancelled by the handler once it has answered
            self.ended = True
            return {"type": "http.request", "body": b"", "more_body": False}
        message = await self._receive()
        if message["type"] == "http.request" and not self.ended:
            body = message.get("body", b"")
            if len(body) >= self.left:
                self.cut = self.ended = True
                return {"type": "http.request", "body": body[: self.left], "more_body": False}
            self.left -= len(body)
            self.ended = not message.get("more_body", False)
        return message

    async def send(self, message: dict[str, Any]) -> None:
        if self.cut and message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", ()), (b"connection", b"close")]}
        await self._send(message)


class SpadesASGIHandler(ASGIHandler):
    """Django's ASGI handler, with a request of a sync view handed to :class:`SyncChainHandler`, and the
    middleware of :data:`ON_THE_LOOP` (and of :data:`ON_THE_LOOP_UNLESS_USED`, as it says) run on the event
    loop in the async chain."""

    def __init__(self) -> None:
        self.on_the_loop = tuple(import_string(path) for path in ON_THE_LOOP if path in settings.MIDDLEWARE)
        self.unless_used = {import_string(path): untouched for path, untouched in ON_THE_LOOP_UNLESS_USED.items()
                            if path in settings.MIDDLEWARE}
        super().__init__()
        self.sync_handler = SyncChainHandler()

    def adapt_method_mode(self, is_async: bool, method: Any, method_is_async: bool | None = None,
                          debug: bool = False, name: str | None = None) -> Any:
        # Django builds the async chain from the innermost middleware out, and hands each middleware (wrapped by
        # convert_exception_to_response, whose __wrapped__ it is) and each process_view here before using it.
        if is_async:
            middleware = getattr(method, "__wrapped__", None)
            if type(middleware) in self.on_the_loop and getattr(middleware, "async_mode", False):
                middleware.__acall__ = functools.partial(_on_the_loop, middleware)  # type: ignore[union-attr]
            elif type(middleware) in self.unless_used and getattr(middleware, "async_mode", False):
                middleware.__acall__ = functools.partial(  # type: ignore[union-attr]
                    _on_the_loop, middleware, untouched=self.unless_used[type(middleware)])
            owner = getattr(method, "__self__", None)
            if type(owner) in self.on_the_loop and getattr(method, "__name__", "") == "process_view":
                async def process_view(*args: Any) -> Any:
                    return method(*args)

                return process_view
        return super().adapt_method_mode(is_async, method, method_is_async, debug, name)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        if settings.DATA_UPLOAD_MAX_MEMORY_SIZE is not None:
            limit = BodyLimit(scope, receive, send, settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
            receive, send = limit.receive, limit.send
        if goes_to_sync_view(scope):
            await self.sync_handler(scope, receive, send)
        else:
            # An async view (a long-poll, a stream) or none (static files, a 404). Its database reads go to the
            # sync views' kept threads (core.threads), and with no ThreadSensitiveContext the chain's short sync
            # steps (Django's middleware, authentication) share asgiref's one thread: Django would start and
            # join a thread for each request, about a sixth of a loaded server's CPU (py-spy --gil).
            server_threads.set(self.sync_handler.executor)
            await self.handle(scope, receive, send)


def get_asgi_application() -> SpadesASGIHandler:
    """As ``django.core.asgi.get_asgi_application``, with the chain chosen per request."""
    django.setup(set_prefix=False)
    return SpadesASGIHandler()


GC_YOUNG_THRESHOLD = 20_000
"""Allocations between two collections of the youngest generation (CPython's default: 700)."""


def settle_collector() -> None:
    """Keep the cyclic garbage collector off what a server process holds for its whole life, and off what a
    request frees by reference counting anyway. The objects alive once the application is built (modules,
    settings, the apps, the URL patterns: a few hundred thousand) are moved out of its sight
    (``gc.freeze``), so that a full collection no longer walks them all; and the youngest generation is
    collected every :data:`GC_YOUNG_THRESHOLD` allocations, not 700, so that most of a request's objects are
    freed before a collection ever walks them. The collector took about a twelfth of a loaded server's CPU
    (perf under bench/load.py); what it still collects is garbage in cycles, later."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG_THRESHOLD, middle, old)


application = get_asgi_application()
settle_collector()

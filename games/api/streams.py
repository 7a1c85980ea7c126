"""What the asynchronous feeds of the v1 API share (the table feed and its SSE form in :mod:`.views`, the
player's own event stream in :mod:`.matchmaking`): a read run off the event loop that gives its pooled
database connection back, the Server-Sent Events loop, where a stream resumes and its ``?format=``, and the
presence of the players whose streams are open.

A stream's keep-alive marks its player present (``services.players_seen``, for the ladders' presence check),
but not one write a stream: the players of the streams of one event loop whose keep-alives came in the last
:data:`PRESENCE_GATHER_SECONDS` are written together, in one UPDATE. 500 spectators of a final cost one write
every few seconds to the process, not 500 every half minute (each also an index update of ``last_seen``)."""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

from django.db import connection
from django.http import Http404
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request

from core.params import int_param, whole_number
from core.renderers import JSONRenderer
from core.threads import run_blocking
from games import services, wakeup
from games.models import Player

STREAM_SECONDS = 300
"""How long one Server-Sent Events answer lasts; EventSource reconnects with Last-Event-ID."""
KEEPALIVE_SECONDS = 15
"""How often a quiet stream sends a keep-alive (and marks its player present)."""
PRESENCE_GATHER_SECONDS = 5.0
"""How long the keep-alives of one event loop's streams are gathered before their players are marked present in
one write (well inside ``LADDER_PRESENCE_SECONDS``, the window a ladder's presence check looks back over)."""
T = TypeVar("T")
log = logging.getLogger(__name__)


async def read_off_loop(read: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``read(*args, **kwargs)`` off the event loop. A pooled database connection goes back to the pool after it, so
    a long-poll or a stream holds none while it sleeps: otherwise a few dozen waiting clients pin the whole
    pool and every other request queues behind them. Without a pool the connection stays: closing it would
    open a new one (a new PostgreSQL process) at every poll."""

    def run() -> T:
        try:
            return read(*args, **kwargs)
        finally:
            if getattr(connection, "pool", None) is not None:
                connection.close()

    return await run_blocking(run)


class FormatNegotiation(DefaultContentNegotiation):
    """A ``?format=`` the stream has no renderer for is refused as not acceptable (406, documented), not as DRF's
    bare 404 (the path exists, the media type asked for does not), and so is an empty one, which DRF would
    ignore: the schema's enum has no empty string."""

    def select_renderer(self, request: Request, renderers: list[Any], format_suffix: str | None = None) -> Any:
        if request.query_params.get(self.settings.URL_FORMAT_OVERRIDE) == "":
            raise exceptions.NotAcceptable()
        try:
            return super().select_renderer(request, renderers, format_suffix)
        except Http404 as exc:
            raise exceptions.NotAcceptable() from exc


def resumed_after(request: Request) -> int:
    """Where a stream starts: after the seq of EventSource's Last-Event-ID header, else of ``?after=``. A
    Last-Event-ID that is no seq (the browser sends back what the stream sent) is ignored."""
    last = whole_number(request.headers.get("Last-Event-ID"))
    return last if last is not None else int_param(request, "after", 0, 0)


async def sse_frames(player: Player, take: Callable[[float], Awaitable[list[bytes]]]) -> AsyncIterator[bytes]:
    """A stream of Server-Sent Events: the frames ``take(timeout)`` gives (it waits up to ``timeout`` seconds
    for some), with a keep-alive (which also marks ``player`` present) every :data:`KEEPALIVE_SECONDS`, for
    :data:`STREAM_SECONDS`; the client resumes with Last-Event-ID."""
    started = last_beat = time.monotonic()
    yield b"retry: 1000\n\n"
    while time.monotonic() - started < STREAM_SECONDS:
        for data in await take(KEEPALIVE_SECONDS):
            yield data
        if time.monotonic() - last_beat > KEEPALIVE_SECONDS:
            last_beat = time.monotonic()
            yield b": keep-alive\n\n"
            mark_present(player)  # a bot listening here is present


_present: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, list[Player]] = weakref.WeakKeyDictionary()
"""By event loop: the players whose streams beat since that loop's last presence write (the write is on its way)."""
_writers: set[asyncio.Task[None]] = set()


def mark_present(player: Player) -> None:
    """Mark the player of an open stream present, in the next write for this event loop's streams (see the
    module); nothing when its presence, as this stream loaded it, is not due."""
    if not services.presence_due(player, timezone.now()):
        return
    loop = asyncio.get_running_loop()
    due = _present.get(loop)
    if due is None:
        due = _present[loop] = []
        task = loop.create_task(_write_presence(loop))
        _writers.add(task)
        task.add_done_callback(_writers.discard)
    due.append(player)


async def _write_presence(loop: asyncio.AbstractEventLoop) -> None:
    await asyncio.sleep(PRESENCE_GATHER_SECONDS)
    due = _present.pop(loop)
    try:
        await read_off_loop(services.players_seen, players=due)
    except Exception as exc:  # the database went away: the next keep-alives try again
        log.warning("could not mark %d streams' players present: %s", len(due), exc)


async def sse_stream(key: Any, player: Player, after: int, read: Callable[[int], list[dict[str, Any]]], *,
                     name: Callable[[dict[str, Any]], str]) -> AsyncIterator[bytes]:
    """A feed of one reader as Server-Sent Events (:func:`sse_frames`): what ``read(after)`` returns, each item
    as ``id: SEQ``, ``event: name(item)``, ``data: JSON``, read again whenever :func:`games.wakeup.watch` on
    ``key`` wakes it. (A table's streams share their reads instead: ``games.api.hub``.)"""
    renderer = JSONRenderer()
    first = True

    async def take(timeout: float) -> list[bytes]:
        nonlocal after, first
        if not first:
            await moved.wait(timeout)
        first = False
        frames = []
        for item in await read_off_loop(read, after):
            data = renderer.render(item).decode()
            frames.append(f"id: {item['seq']}\nevent: {name(item)}\ndata: {data}\n\n".encode())
            after = item["seq"]
        return frames

    async with wakeup.watch(key) as moved:
        async for chunk in sse_frames(player, take):
            yield chunk

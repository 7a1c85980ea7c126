"""What the asynchronous feeds of the v1 API share (the table feed and its SSE form in :mod:`.views`, the
player's own event stream in :mod:`.matchmaking`): a read run off the event loop that gives its pooled
database connection back, and the Server-Sent Events loop."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

from django.db import connection

from core.renderers import JSONRenderer
from core.threads import run_blocking
from games import services, wakeup
from games.models import Player

STREAM_SECONDS = 300
"""How long one Server-Sent Events answer lasts; EventSource reconnects with Last-Event-ID."""
T = TypeVar("T")


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


async def sse_stream(key: Any, player: Player, after: int, read: Callable[[int], list[dict[str, Any]]], *,
                     name: Callable[[dict[str, Any]], str]) -> AsyncIterator[bytes]:
    """A feed as Server-Sent Events: what ``read(after)`` returns, each item as ``id: SEQ``, ``event:
    name(item)``, ``data: JSON``, woken by :func:`games.wakeup.watch` on ``key``, with a keep-alive (which
    also marks ``player`` present) every 15 s, for :data:`STREAM_SECONDS`; the client resumes with
    Last-Event-ID."""
    renderer = JSONRenderer()
    started = last_beat = time.monotonic()
    yield b"retry: 1000\n\n"
    async with wakeup.watch(key) as moved:
        while time.monotonic() - started < STREAM_SECONDS:
            for item in await read_off_loop(read, after):
                data = renderer.render(item).decode()
                yield f"id: {item['seq']}\nevent: {name(item)}\ndata: {data}\n\n".encode()
                after = item["seq"]
            if time.monotonic() - last_beat > 15:
                last_beat = time.monotonic()
                yield b": keep-alive\n\n"
                await read_off_loop(services.player_seen, player=player)  # a bot listening here is present
            await moved.wait(15)


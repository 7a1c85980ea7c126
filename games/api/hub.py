"""The process's hub of table feeds: every Server-Sent Events stream of a table in one event loop is served
from one feed, so a move costs one read of the log and one rendering per audience, whatever the number of
listeners.

A feed lives while a stream of its table listens. It waits on the table's wake-up (``games.wakeup``: the
move's NOTIFY, delivered after its commit) and then reads the log once (``selectors.log_for_listeners``,
off the event loop), from the lowest seq any of its listeners has seen. Each entry is rendered once per
audience present, as a whole SSE frame: once for the spectators (the public part) and once for each seat
with a listener (the public part and that seat's own private part, ``selectors.entry_for_seat``); an entry
with no private part is rendered once for everybody. A listener gets its audience's frames after its own
seq, so one that joins late catches up from the same read and none sees an entry twice.

What a listener may see is decided here as in ``selectors.events_after``: a seat's stream gets that seat's
private part and no other; a spectator's nothing private, and nothing at all while the table's duplicate
round is in play (``selectors.round_in_play``, asked once a read when spectators listen: the stream view
refuses a spectator then, and the hub holds back what comes after). A listener's audience is fixed when it
subscribes, from the table as the stream read it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from core.metrics import FEED_READS
from core.renderers import JSONRenderer
from games import selectors, wakeup
from games.api.streams import read_off_loop
from games.models import Table

SPECTATOR = None
"""The audience of a listener without a seat."""
IDLE_SECONDS = 15.0
"""How long a feed waits for a wake-up before it reads anyway (``games.wakeup`` wakes it sooner without a
listening connection, or to catch one lost in a reconnect)."""
_render = JSONRenderer().render


def frame(entry: dict[str, Any]) -> bytes:
    """One log entry as an SSE event (``id: SEQ``, ``event: entry``, ``data: JSON``)."""
    return b"id: %d\nevent: entry\ndata: %s\n\n" % (entry["seq"], _render(entry))


class Listener:
    """One stream's place in a feed: its audience, the last seq it was given, and the frames waiting for it."""

    def __init__(self, seat: int | None, after: int) -> None:
        self.seat = seat
        self.last = after
        self.frames: list[bytes] = []
        self.ready = asyncio.Event()

    async def take(self, timeout: float) -> list[bytes]:
        """The frames given since the last call, waiting up to ``timeout`` seconds for one."""
        if not self.frames:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.ready.wait(), timeout)
        self.ready.clear()
        frames, self.frames = self.frames, []
        return frames


class Feed:
    """The listeners of one table in one event loop, and the task that reads for all of them."""

    def __init__(self, hub: dict[str, Feed], table: Table) -> None:
        self.hub, self.table, self.key = hub, table, str(table.pk)
        self.listeners: set[Listener] = set()
        self.watch: wakeup.Watch | None = None
        self.closed = False  # its task has seen nobody left: a new listener needs a new feed
        self.task = asyncio.get_running_loop().create_task(self._run())

    def poke(self) -> None:
        """Read at once (a listener joined and may need its backlog)."""
        if self.watch is not None:
            self.watch.moved(None)

    async def _run(self) -> None:
        try:
            async with wakeup.watch(self.key) as moved:
                self.watch = moved
                announced: int | None = None
                while True:
                    if not self.listeners:  # nobody left: closed at once, with no await in between
                        self.closed = True
                        break
                    low = min(listener.last for listener in self.listeners)
                    if announced is None or announced > low:
                        await self._read(low)
                    if self.listeners:
                        announced = await moved.wait(IDLE_SECONDS)
        finally:
            self.closed = True
            if self.hub.get(self.key) is self:
                del self.hub[self.key]

    async def _read(self, after: int) -> None:
        audiences = {listener.seat for listener in self.listeners}
        rows, public = await read_off_loop(selectors.log_for_listeners, table=self.table, after=after,
                                           spectators=SPECTATOR in audiences)
        FEED_READS.inc()
        if not rows:
            return
        if not public:
            audiences.discard(SPECTATOR)
        frames: dict[int | None, list[tuple[int, bytes]]] = {seat: [] for seat in audiences}
        for row in rows:
            if selectors.entry_is_public(row):
                shared = frame(selectors.entry_for_seat(row, SPECTATOR))
                for out in frames.values():
                    out.append((row[0], shared))
            else:
                for seat, out in frames.items():
                    out.append((row[0], frame(selectors.entry_for_seat(row, seat))))
        for listener in self.listeners:
            mine = frames.get(listener.seat)
            if not mine or listener.last < after:  # one that joined during the read: the next read is its own
                continue
            given = [data for seq, data in mine if seq > listener.last]
            if given:
                listener.frames.extend(given)
                listener.last = mine[-1][0]
                listener.ready.set()


_hubs: dict[int, dict[str, Feed]] = {}


def _hub() -> dict[str, Feed]:
    loop = asyncio.get_running_loop()
    # A hub of an event loop that has been closed (the test client runs one a request) serves nobody.
    for key in [key for key, hub in _hubs.items() if any(f.task.get_loop().is_closed() for f in hub.values())]:
        del _hubs[key]
    return _hubs.setdefault(id(loop), {})


@contextlib.asynccontextmanager
async def listen(table: Table, seat: int | None, after: int) -> AsyncIterator[Listener]:
    """Listen to ``table``'s log after ``after`` as ``seat`` sees it (:data:`SPECTATOR`: no seat) for the block."""
    hub = _hub()
    feed = hub.get(str(table.pk))
    if feed is None or feed.closed:
        feed = hub[str(table.pk)] = Feed(hub, table)
    listener = Listener(seat, after)
    feed.listeners.add(listener)
    feed.poke()
    try:
        yield listener
    finally:
        feed.listeners.discard(listener)
        if not feed.listeners:
            feed.poke()  # let its task see it has nobody left and end

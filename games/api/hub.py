"""The process's hub of table feeds: every Server-Sent Events stream of a table in one event loop is served
from one feed, so a move costs one read of the log and one rendering per audience, whatever the number of
listeners.

A feed lives while a stream of its table listens. It waits on the table's wake-up (``games.wakeup``: the
move's NOTIFY, delivered after its commit) and then reads the log once (``selectors.log_for_listeners``,
off the event loop), from the lowest seq any of its listeners has seen; woken by a move this process made
(the announcement's mark names the move ``games.game_cache`` kept as it was saved), it reads nothing and
takes that move's table row, entry and game. Each entry is rendered once per
audience present, as a whole SSE frame: once for the spectators (the public part) and once for each seat
with a listener (the public part and that seat's own private part, ``selectors.entry_for_seat``); an entry
with no private part is rendered once for everybody. A listener gets its audience's frames after its own
seq, so one that joins late catches up from the same read and none sees an entry twice.

What a listener may see is decided here as in ``selectors.events_after``: a seat's stream gets that seat's
private part and no other; a spectator's nothing private, and nothing at all while the table's duplicate
round is in play (``selectors.round_in_play``, asked once a read when spectators listen: the stream view
refuses a spectator then, and the hub holds back what comes after). A listener's audience is fixed when it
subscribes, from the table as the stream read it.

A long-poll of the events feed that waits (``wait=``) is served from the same feed: while one listens, the
feed's read also takes the table with its seats (one statement more, shared), keeps the last entries and
parses the table's game once a seq, and a woken long-poll builds its answer from them on the event loop
(``selectors.feed_answer``), with no query and no thread hop of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

from core.errors import ErrorCode, ServiceError
from core.metrics import FEED_READS, WAITING_READERS
from core.renderers import JSONRenderer
from games import engine, game_cache, selectors, wakeup
from games.api.streams import read_off_loop
from games.models import Player, Table

log = logging.getLogger(__name__)

SPECTATOR = None
"""The audience of a listener without a seat."""
KEPT_ENTRIES = 128
"""The last log entries a feed keeps for its long-polls (one that is further behind reads for itself)."""
IDLE_SECONDS = 15.0
"""How long a feed waits for a wake-up before it reads anyway (``games.wakeup`` wakes it sooner without a
listening connection, or to catch one lost in a reconnect)."""
_render = JSONRenderer().render


def frame(entry: dict[str, Any]) -> bytes:
    """One log entry as an SSE event (``id: SEQ``, ``event: entry``, ``data: JSON``)."""
    return b"id: %d\nevent: entry\ndata: %s\n\n" % (entry["seq"], _render(entry))


class Listener:
    """One stream's place in a feed: its audience, the last seq it was given, and the frames waiting for it;
    with ``player`` (a stream asked with ``until=turn``), also a ``turn`` event whenever the game begins to
    wait for its seat or the table is no longer being played; with ``every_move`` too (``until=move``), a
    ``table`` event after every move instead, whoever is to move (what a page showing the table needs)."""

    def __init__(self, seat: int | None, after: int, player: Player | None = None, every_move: bool = False) -> None:
        self.seat = seat
        self.player = player
        self.every_move = every_move and player is not None
        self.turn_seq = -1  # the seq of the last turn (or table) event it was given
        self.last = after
        self.frames: list[bytes] = []
        self.ready = asyncio.Event()

    async def take(self, timeout: float) -> list[bytes]:
        """The frames given since the last call, waiting up to ``timeout`` seconds for one."""
        if not self.frames:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self.ready.wait()
        self.ready.clear()
        frames, self.frames = self.frames, []
        return frames


class Feed:
    """The listeners of one table in one event loop, and the task that reads for all of them."""

    def __init__(self, hub: dict[str, Feed], key: str, table: Table | None) -> None:
        self.hub, self.key = hub, key
        self.table = table  # the streams' table, fixed; for the long-polls, the table as last read
        self.listeners: set[Listener] = set()
        self.polls = 0  # long-polls listening: the feed reads the table too
        self.poll_afters: list[int] = []  # their seqs, for the first read of the table
        self.failed = False  # the last read failed (the database went away): long-polls read for themselves
        self.fresh: Table | None = None  # the table as the last read found it (while long-polls listen)
        self.found = True  # the last read found the table
        self.kept: dict[int, selectors.LogEntry] = {}  # the last entries read, by seq, for the long-polls
        self._game: tuple[int, engine.Game | None] | None = None
        self.changed = asyncio.Event()  # set at each read: long-polls look again
        self.watch: wakeup.Watch | None = None
        self.watching = asyncio.Event()  # set once the feed's watch is registered (or the feed has ended)
        self.closed = False  # its task has seen nobody left: a new listener needs a new feed
        self.task = asyncio.get_running_loop().create_task(self._run())

    def settle(self) -> None:
        """After a listener or a long-poll left: with nobody left, let the task see it and end; with nobody who
        needs the table, forget it (the feed no longer reads it, so it would go stale)."""
        if not self.polls and not any(listener.player is not None for listener in self.listeners):
            self.fresh, self.kept = None, {}
        if not self.listeners and not self.polls:
            self.poke()

    def poke(self) -> None:
        """Read at once (a listener joined and may need its backlog)."""
        if self.watch is not None:
            self.watch.moved(None)

    async def _run(self) -> None:
        try:
            async with wakeup.watch(self.key, reader=False) as moved:
                self.watch = moved
                self.watching.set()
                # A feed started by a long-poll waits for the next move (the long-poll has read the seq itself);
                # one started by a stream reads its backlog at once.
                announced: int | None = None if self.listeners else -1
                while True:
                    if not self.listeners and not self.polls:  # nobody left: closed, with no await between
                        self.closed = True
                        break
                    low = self._low()
                    if announced is None or announced > low:
                        try:
                            await self._read(low, announced)
                        except Exception as exc:  # the database went away: the long-polls read for themselves
                            log.warning("table feed %s could not read: %s", self.key, exc)
                            self.failed = True
                            self.changed.set()
                            self.changed = asyncio.Event()
                            await asyncio.sleep(1)
                            announced = None
                            continue
                    if self.listeners or self.polls:
                        announced = await moved.wait(IDLE_SECONDS)
        finally:
            self.closed = True
            self.watching.set()
            if self.hub.get(self.key) is self:
                del self.hub[self.key]

    def _low(self) -> int:
        """The seq the next read starts after: the lowest any stream has been given, and for the long-polls
        the table's seq as last read."""
        lows = [listener.last for listener in self.listeners]
        if self.polls:
            lows += [self.fresh.seq] if self.fresh is not None else self.poll_afters
        return max(0, min(lows, default=0))

    def game(self) -> engine.Game | None:
        """The game of the table as last read, parsed once a seq (a long-poll's answer only reads it)."""
        table = self.fresh
        if table is None:
            return None
        if self._game is None or self._game[0] != table.seq:
            self._game = (table.seq, selectors.game_of(table, game_cache.game_to_read))
        return self._game[1]

    def entries_after(self, after: int) -> list[selectors.LogEntry] | None:
        """The kept entries after ``after`` up to the table's seq as last read; ``None`` if some are not kept."""
        if self.fresh is None:
            return None
        wanted = range(after + 1, self.fresh.seq + 1)
        if any(seq not in self.kept for seq in wanted):
            return None
        return [self.kept[seq] for seq in wanted]

    def _kept_move(self, after: int, announced: int | None, mark: str | None,
                   polled: bool) -> selectors.ListenersRead | None:
        """The read woken by the announcement of the move after ``after`` (and no later one), from that move as
        this process saved it (``game_cache.move_to_read``, by the announcement's ``mark``), with no query;
        ``None`` if it is not kept here, or at a duplicate round's table (whose spectators are asked about)."""
        if announced is None or announced != after + 1:
            return None
        kept = game_cache.move_to_read(self.key, announced, mark)
        if kept is None or kept[0].deal_group:
            return None
        table, row, game = kept
        if polled:
            self._game = (table.seq, game)
        return selectors.ListenersRead(table if polled else None, [row], True)

    async def _read(self, after: int, announced: int | None) -> None:
        audiences = {listener.seat for listener in self.listeners}
        polled = self.polls > 0 or any(listener.player is not None for listener in self.listeners)
        mark = self.watch.last_mark if self.watch is not None else None
        read = self._kept_move(after, announced, mark, polled)
        if read is None:
            read = await read_off_loop(selectors.log_for_listeners, table_id=self.key,
                                       table=None if polled else self.table, after=after,
                                       spectators=SPECTATOR in audiences)
            FEED_READS.inc()
        self.failed = False
        rows, public = read.rows, read.public
        if not polled:  # nobody needs the table: what was read of it goes stale
            self.fresh, self.kept = None, {}
        else:
            self.found = read.table is not None
            if read.table is not None:
                self.fresh = read.table
                if self.table is None:
                    self.table = read.table
            for row in rows:
                self.kept[row[0]] = row
            for seq in sorted(self.kept)[:-KEPT_ENTRIES]:
                del self.kept[seq]
        self.changed.set()
        self.changed = asyncio.Event()
        if self.listeners:
            self._deliver(rows, audiences if public else audiences - {SPECTATOR}, after)
            if polled:
                self._turns(public)

    def _turns(self, public: bool) -> None:
        """A ``turn`` event (the events feed's answer at the table's seq, without the entries the stream has
        sent) for each listener asking for one whose seat the game now waits for, and a ``table`` event, the
        same answer, for each listener asking for one every move; each rendered once an audience and kind."""
        table = self.fresh
        if table is None:
            return
        game = self.game()
        rendered: dict[tuple[int | None, bytes], bytes] = {}
        for listener in self.listeners:
            if listener.player is None or listener.turn_seq >= table.seq or listener.last < table.seq:
                continue
            if listener.seat is SPECTATOR and (not public or table.deal_group):
                continue  # a duplicate round's spectators read their turn (the end) for themselves
            if listener.every_move:
                kind = b"table"
            elif selectors.turn_or_over(table=table, player=listener.player, game=game):
                kind = b"turn"
            else:
                continue
            if (listener.seat, kind) not in rendered:
                # A spectator's answer names no seat and lists nothing to do: one rendering serves them all.
                answer = selectors.feed_answer(table=table, game=game, rows=[], player=listener.player)
                rendered[listener.seat, kind] = b"id: %d\nevent: %s\ndata: %s\n\n" % (table.seq, kind,
                                                                                       _render(answer))
            listener.frames.append(rendered[listener.seat, kind])
            listener.turn_seq = table.seq
            listener.ready.set()

    def _deliver(self, rows: list[selectors.LogEntry], audiences: set[int | None], after: int) -> None:
        """Each entry rendered once per audience, given to each listener after its own seq."""
        if not rows:
            return
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


def _feed(key: str, table: Table | None) -> Feed:
    hub = _hub()
    feed = hub.get(key)
    if feed is None or feed.closed:
        feed = hub[key] = Feed(hub, key, table)
    elif feed.table is None and table is not None:
        feed.table = table
    return feed


@contextlib.asynccontextmanager
async def listen(table: Table, seat: int | None, after: int, turns: Player | None = None,
                 every_move: bool = False) -> AsyncIterator[Listener]:
    """Listen to ``table``'s log after ``after`` as ``seat`` sees it (:data:`SPECTATOR`: no seat) for the block;
    with ``turns`` (the listening player), its turns too, or with ``every_move`` the table after every move
    (:class:`Listener`)."""
    feed = _feed(str(table.pk), table)
    listener = Listener(seat, after, turns, every_move)
    feed.listeners.add(listener)
    feed.poke()
    WAITING_READERS.inc()
    try:
        yield listener
    finally:
        WAITING_READERS.dec()
        feed.listeners.discard(listener)
        feed.settle()


class NotServed(Exception):
    """The feed cannot answer this long-poll (a duplicate round's table, entries it no longer keeps): the
    caller reads for itself."""


async def long_poll(table_id: str, player: Player, after: int, for_turn: bool, deadline: float) -> dict[str, Any]:
    """The events feed's answer to a long-poll of ``table_id`` after ``after`` (``for_turn``: the caller's
    turn or the end of the game) that waits until the monotonic ``deadline``, from the table's feed: as soon
    as the table as the feed last read it is past ``after`` (and it is the caller's turn, if asked), or at the
    deadline. ``not_found`` if there is no such table; :class:`NotServed` where the feed cannot answer."""
    feed = _feed(str(table_id), None)
    feed.polls += 1
    feed.poll_afters.append(after)
    WAITING_READERS.inc()
    try:
        if feed.fresh is None:
            # The feed holds no table yet (it reads one at the next move). Once its watch is registered, a seq
            # the process's listener heard announced for the table is the table's (or the next move wakes the
            # feed): at the caller's seq, wait without a read. Else read the seq, as a long-poll did before the
            # hub (and not_found for no such table).
            await feed.watching.wait()
            heard = feed.watch.heard() if feed.watch is not None else None
            if heard is None or heard > after:
                seq, _ = await read_off_loop(selectors.table_seq_and_seat, table_id=table_id, player=player)
                if seq > after:
                    raise NotServed  # something to answer now: the caller reads it
        while True:
            if feed.failed:
                raise NotServed
            table = feed.fresh
            left = deadline - time.monotonic()
            if table is None:
                if not feed.found:
                    raise ServiceError(ErrorCode.NOT_FOUND)
                if left <= 0:
                    raise NotServed
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(left):
                        await feed.changed.wait()
                continue
            if table.deal_group:
                raise NotServed
            if table.seq > after and (not for_turn or selectors.turn_or_over(table=table, player=player,
                                                                             game=feed.game())):
                break
            if left <= 0:
                break
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(left):
                    await feed.changed.wait()
        rows = feed.entries_after(after)
        if rows is None:
            raise NotServed
        return selectors.feed_answer(table=table, game=feed.game(), rows=rows, player=player)
    finally:
        WAITING_READERS.dec()
        feed.polls -= 1
        feed.poll_afters.remove(after)
        feed.settle()

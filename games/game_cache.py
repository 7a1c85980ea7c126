"""A per-process cache of parsed engine games: the game of each table as the last move this process
committed left it, so the next move (and the long-polls it wakes) need not parse the table's snapshot again.

An entry is kept under the table's id with the ``seq`` and the snapshot it was saved with, only once the
transaction that saved it commits (``transaction.on_commit``: a move that rolled back, a savepoint included,
never reaches it). It answers only for a row at that same ``seq`` whose snapshot is that same JSON value, so a
move made by another process (the row's ``seq`` is past the entry's), or a snapshot written any other way,
is parsed afresh. A kept game is never changed: :func:`game_to_play` hands out a copy to apply a move to;
:func:`game_to_read` hands out the kept game itself, to readers that only read it. A bounded number of tables
is kept, the one whose game was kept longest ago dropped first.

With the game, the move's table row (with its seats, as read under the move's lock and written by it) and its
log entry are kept: :func:`move_to_read`, for the hub's feed of a table, woken by that move's announcement,
which then reads neither. A seq is committed once, by the move that made it, under the table's lock, so the
row at that seq is what that move wrote; what changes a table without a move (a seat taken back) is not
announced either, and the feed, which reads only when woken, would not have seen it.
Callers: ``services._game`` and ``services._save``, ``games.api.hub``.
"""

from __future__ import annotations

import threading
from typing import Any

from django.db import transaction

from games import engine
from games.models import Action, Table

MAX_TABLES = 512
"""The tables whose game a process keeps (a few tens of kilobytes each)."""

LogEntry = tuple[int, str, int | None, Any, list[Any]]
"""A log entry as ``selectors`` reads it: (seq, type, seat, created_at, its events as stored)."""

_kept: dict[str, tuple[int, dict[str, Any], engine.Game, Table | None, LogEntry | None]] = {}
_writing = threading.Lock()


def _found(table: Table) -> engine.Game | None:
    entry = _kept.get(str(table.pk))
    if entry is None or entry[0] != table.seq or entry[1] != table.state:
        return None
    return entry[2]


def game_to_play(table: Table) -> engine.Game:
    """The game of a started ``table`` (read with its lock) to apply a move to: a copy of the kept one when it is
    at the row's ``seq`` and snapshot, else parsed from the snapshot."""
    found = _found(table)
    if found is None:
        return engine.Game.from_json(table.state)  # type: ignore[arg-type]
    game = found.copy()
    # As the snapshot holds it (``to_json(history=False)``): no action log, the last hand record only.
    game.log, game.records = [], game.records[-1:]
    return game


def game_to_read(table: Table) -> engine.Game:
    """The game of a started ``table``, to be read and never changed (the kept one itself when it is at the
    row's ``seq`` and snapshot, else parsed from the snapshot). The kept one may hold more history than the
    snapshot (the move that made it, the hand record before the last): a reader goes by the position."""
    found = _found(table)
    return found if found is not None else engine.Game.from_json(table.state)  # type: ignore[arg-type]


def move_to_read(table_id: Any, seq: int) -> tuple[Table, LogEntry] | None:
    """The table row at ``seq`` with its seats and the log entry of the move that made it, if this process
    committed that move and keeps it still (nothing here is to be changed); ``None`` otherwise."""
    entry = _kept.get(str(table_id))
    if entry is None or entry[0] != seq or entry[3] is None or entry[4] is None:
        return None
    return entry[3], entry[4]


def keep_on_commit(table: Table, game: engine.Game, logged: Action | None = None) -> None:
    """Keep ``game``, whose snapshot ``table`` has just been given (``table.state``) at its ``seq``, once the
    current transaction commits; with ``logged``, the move's log entry at that seq, the table row and the entry
    too. The caller changes ``game`` and ``table`` no more, except by a later move of the same transaction,
    which keeps them again at a higher ``seq`` (an entry is only ever replaced by a higher one)."""
    key, seq, state = str(table.pk), table.seq, table.state
    row: LogEntry | None = None
    if logged is not None and logged.seq == seq:
        row = (logged.seq, logged.type, logged.seat, logged.created_at, logged.events)
    transaction.on_commit(lambda: _keep(key, seq, state, game, table, row))  # type: ignore[arg-type]


def _keep(key: str, seq: int, state: dict[str, Any], game: engine.Game, table: Table, row: LogEntry | None) -> None:
    # The row only if nothing moved it on after it was kept (a later move of the same transaction keeps it again).
    kept = (seq, state, game, table, row) if row is not None and table.seq == seq else (seq, state, game, None, None)
    with _writing:  # two threads' commits of one table: the higher seq stays
        entry = _kept.pop(key, None)
        if entry is not None and entry[0] > seq:
            kept = entry
        _kept[key] = kept  # re-inserted: the table last moved is the last dropped
        while len(_kept) > MAX_TABLES:
            del _kept[next(iter(_kept))]


def forget_all() -> None:
    """Drop every kept game (tests)."""
    _kept.clear()

"""A per-process cache of parsed engine games: the game of each table as the last move this process
committed left it, so the next move (and the long-polls it wakes) need not parse the table's snapshot again.

An entry is kept under the table's id with the ``seq`` and the snapshot it was saved with, only once the
transaction that saved it commits (``transaction.on_commit``: a move that rolled back, a savepoint included,
never reaches it). It answers only for a row at that same ``seq`` whose snapshot is that same JSON value, so a
move made by another process (the row's ``seq`` is past the entry's), or a snapshot written any other way,
is parsed afresh. A kept game is never changed: :func:`game_to_play` hands out a copy to apply a move to;
:func:`game_to_read` hands out the kept game itself, to readers that only read it. A bounded number of tables
is kept, the one whose game was kept longest ago dropped first.

A move is also kept as it is saved, before its transaction commits, with the move's table row (its seats as
read under the move's lock) and log entry, under a mark unique to the move that its announcement carries
(``wakeup.turn_notice``): :func:`move_to_read`, for the hub's feed of a table woken by that announcement,
which then reads nothing. An announcement is delivered only once its transaction has committed, so the mark
proves that the move kept under it is the one committed (kept before the commit, it is there before the
announcement can arrive); a move that rolled back is never announced, and what it left here is never handed
out. What changes a table without a move (a seat taken back) is not announced either, and the feed, which
reads only when woken, would not have seen it.
Callers: ``services._game`` and ``services._save``, ``games.api.hub``.
"""

from __future__ import annotations

import itertools
import threading
import uuid
from typing import Any

from django.db import transaction

from games import engine
from games.models import Action, Table

MAX_TABLES = 512
"""The tables whose game a process keeps (a few tens of kilobytes each)."""

LogEntry = tuple[int, str, int | None, Any, list[Any]]
"""A log entry as ``selectors`` reads it: (seq, type, seat, created_at, its events as stored)."""

_kept: dict[str, tuple[int, dict[str, Any], engine.Game]] = {}
_moves: dict[str, tuple[str, Table, Action, engine.Game]] = {}  # the last move saved at each table: its mark
_marks = itertools.count()
_process = uuid.uuid4().hex[:12]
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


def new_mark() -> str:
    """A mark for the move about to be saved, unique to it (this process's id and a count)."""
    return f"{_process}.{next(_marks)}"


def move_to_read(table_id: Any, seq: int, mark: str | None) -> tuple[Table, LogEntry, engine.Game] | None:
    """The move that brought ``table_id`` to ``seq`` as this process saved it under ``mark``, the mark its
    announcement carried: the table row with its seats, the move's log entry and the game after it (none of them
    to be changed); ``None`` if this process did not save that move, or has saved another at that table since."""
    found = _moves.get(str(table_id))
    if mark is None or found is None or found[0] != mark:
        return None
    _, table, logged, game = found
    if table.seq != seq or logged.seq != seq:  # a later move of the same transaction moved them on
        return None
    return table, (logged.seq, logged.type, logged.seat, logged.created_at, logged.events), game


def keep_on_commit(table: Table, game: engine.Game, logged: Action | None = None, mark: str | None = None) -> None:
    """Keep ``game``, whose snapshot ``table`` has just been given (``table.state``) at its ``seq``, once the
    current transaction commits; with ``logged`` (the move's log entry, just written) and ``mark`` (the one
    its announcement carries), the move at once, for :func:`move_to_read`. The caller changes ``game`` and
    ``table`` no more, except by a later move of the same transaction, which keeps them again at a higher
    ``seq`` (an entry is only ever replaced by a higher one)."""
    key, seq, state = str(table.pk), table.seq, table.state
    if logged is not None and mark is not None:
        with _writing:
            _moves.pop(key, None)
            _moves[key] = (mark, table, logged, game)  # re-inserted: the table last moved is the last dropped
            while len(_moves) > MAX_TABLES:
                del _moves[next(iter(_moves))]
    transaction.on_commit(lambda: _keep(key, seq, state, game))  # type: ignore[arg-type]


def _keep(key: str, seq: int, state: dict[str, Any], game: engine.Game) -> None:
    with _writing:  # two threads' commits of one table: the higher seq stays
        entry = _kept.pop(key, None)
        if entry is not None and entry[0] > seq:
            seq, state, game = entry
        _kept[key] = (seq, state, game)  # re-inserted: the table last moved is the last dropped
        while len(_kept) > MAX_TABLES:
            del _kept[next(iter(_kept))]


def forget_all() -> None:
    """Drop every kept game and move (tests)."""
    _kept.clear()
    _moves.clear()

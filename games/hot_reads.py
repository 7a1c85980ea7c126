"""The reads of the play loop's every request, written as SQL rather than built by the ORM: a table with
its seats and their players, unlocked (every events answer, every table read) or locked for a move; the
account of an API token; a table's log entries after a seq.

Building these queries through the ORM (a select_related join, a prefetch, an annotated subquery, a
filtered first()) was about two fifths of a loaded server's CPU (py-spy --gil under bench/load.py). The
statements here are built once from the models' own columns, and their rows become the same Table, Seat
and Player instances, with the converters Django's compiler applies (JSON decoded; SQLite's UUIDs
and dates read), the seats left on the table as ``prefetch_related("seats")`` leaves them. A seat's player
comes with its id, name and kind only, the others deferred as ``.only()`` defers them. Callers:
``selectors.table_get``, ``selectors.table_seq_and_seat``, ``selectors.events_after``, ``services._locked``
and ``auth.player_for``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import JSONField, Model
from django.db.models.base import ModelState

from core.renderers import json_loads
from games.models import Action, Player, Seat, Table


class _Columns:
    """A model's columns in a query under ``alias``, and its instances built from them."""

    def __init__(self, model: type[Model], alias: str, once: tuple[str, ...] = (), only: tuple[str, ...] = ()) -> None:
        self.model, self.alias, self.once = model, alias, once
        # ``only``: these columns, the others deferred (loaded by the ORM if ever asked for), as ``.only()`` does
        self.fields = [f for f in model._meta.concrete_fields if not only or f.attname in only]
        self.names = [f.attname for f in self.fields]
        self._converters: list[list[Any]] | None = None

    def sql(self, first: str = "") -> str:
        """The select list; with ``first``, the ``once`` columns only on the rows where it holds (NULL elsewhere)."""
        columns = [f"{self.alias}.{connection.ops.quote_name(f.column)}" for f in self.fields]
        return ", ".join(f"CASE WHEN {first} THEN {column} END" if first and f.attname in self.once else column
                         for f, column in zip(self.fields, columns, strict=True))

    def build(self, values: Sequence[Any]) -> Any:
        """The instance of a row's values for these columns, converted as the ORM converts them: what
        ``Model.from_db`` makes, without ``Model.__init__`` (its per-field loop and its ``pre_init`` and
        ``post_init`` signals, which no receiver in this project listens to for these models): the values set
        by attribute name, a column not read left out (deferred, loaded if asked for, as ``.only()`` leaves
        it), the instance marked as loaded from the database."""
        if self._converters is None:
            self._converters = _converters(self.fields, self.alias)
        row = self.model.__new__(self.model)
        row.__dict__.update(zip(self.names, _converted(values, self.fields, self._converters), strict=True))
        state = row._state = ModelState()
        state.adding, state.db = False, connection.alias
        return row


def _converters(fields: Sequence[Any], alias: str) -> list[list[Any]]:
    """What Django's compiler applies to each of ``fields``' values as read (the backend's, then the field's),
    a JSON column read by orjson (:func:`_json_value`) rather than by the field's ``json.loads``."""
    found = []
    for field in fields:
        col = field.get_col(alias)
        steps = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
        if isinstance(field, JSONField) and field.decoder is None:
            steps = [_json_value if step == field.from_db_value else step for step in steps]
        found.append(steps)
    return found


def _json_value(value: Any, field: Any, connection: Any) -> Any:
    """``JSONField.from_db_value`` of a whole column (Django's PostgreSQL backend gives JSON as text), parsed by
    orjson (``core.renderers.json_loads``); text that is no JSON stays text, as the field leaves it."""
    if not isinstance(value, str):
        return value
    try:
        return json_loads(value)
    except ValueError:
        return value


def _converted(values: Sequence[Any], fields: Sequence[Any], converters: list[list[Any]]) -> Sequence[Any]:
    if not any(converters):  # PostgreSQL's driver gives every column of these models as the ORM has it
        return values
    out = []
    for value, steps, field in zip(values, converters, fields, strict=True):
        for convert in steps:
            value = convert(value, field, connection)
        out.append(value)
    return out


_SEAT, _PLAYER = _Columns(Seat, "s"), _Columns(Player, "p")
# A seat's player is shown by its name and kind (selectors.seats_summary); its token, dates and counters are
# never read from a table's seats, so they are not read at all (deferred: a read of one would load it).
_SEATED = _Columns(Player, "p", only=("id", "name", "kind"))
_TABLE = _Columns(Table, "t", once=("state", "rules"))  # the JSON columns come with seat 0 only
_LAST_MOVED = Action._meta.get_field("created_at")
_SEAT_TABLE, _SEAT_PLAYER = (Seat._meta.get_field(name).cache_name for name in ("table", "player"))  # type: ignore[union-attr]


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


@functools.cache
def _unlocked_sql() -> str:
    index = f"s.{_quote('index')}"
    return (f"SELECT {_SEAT.sql()}, {_SEATED.sql()}, {_TABLE.sql(f'{index} = 0')} "
            f"FROM {_quote(Seat._meta.db_table)} s JOIN {_quote(Table._meta.db_table)} t ON t.id = s.table_id "
            f"LEFT JOIN {_quote(Player._meta.db_table)} p ON p.id = s.player_id "
            f"WHERE s.table_id = %s ORDER BY {index}")


@functools.cache
def _lock_sql() -> str:
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return f"SELECT {_TABLE.sql()} FROM {_quote(Table._meta.db_table)} t WHERE t.id = %s{lock}"


@functools.cache
def _locked_seats_sql() -> str:
    # When each seated player last moved at the table (its joining aside): services._announce_turns reads it.
    actions = _quote(Action._meta.db_table)
    last_moved = (f"CASE WHEN s.player_id IS NOT NULL THEN (SELECT a.{_quote(_LAST_MOVED.column)} FROM {actions} a "
                  f"WHERE a.table_id = s.table_id AND a.player_id = s.player_id AND a.{_quote('type')} <> 'join' "
                  f"ORDER BY a.seq DESC LIMIT 1) END")
    return (f"SELECT {_SEAT.sql()}, {_SEATED.sql()}, {last_moved} "
            f"FROM {_quote(Seat._meta.db_table)} s LEFT JOIN {_quote(Player._meta.db_table)} p ON p.id = s.player_id "
            f"WHERE s.table_id = %s ORDER BY s.{_quote('index')}")


@functools.cache
def _seq_and_seat_sql() -> str:
    index = _quote("index")
    return (f"SELECT t.seq, (SELECT s.{index} FROM {_quote(Seat._meta.db_table)} s WHERE s.table_id = t.id "
            f"AND s.player_id = %s) FROM {_quote(Table._meta.db_table)} t WHERE t.id = %s")


def seq_and_seat(table_id: Any, player_id: Any) -> tuple[int, int | None] | None:
    """The table's ``seq`` and the seat ``player_id`` holds there (``None`` if none), in one statement;
    ``None`` if there is no such table."""
    key = _key(table_id)
    if key is None:
        return None
    with connection.cursor() as cursor:
        cursor.execute(_seq_and_seat_sql(), [Player._meta.pk.get_db_prep_value(player_id, connection), key])  # type: ignore[union-attr]
        row = cursor.fetchone()
    return (row[0], row[1]) if row is not None else None


@functools.cache
def _player_sql() -> str:
    return (f"SELECT {_PLAYER.sql()} FROM {_quote(Player._meta.db_table)} p "
            f"WHERE p.{_quote('token_hash')} = %s AND p.{_quote('is_active')}")


def player_by_token_hash(token_hash: str) -> Player | None:
    """The active account whose token hashes to ``token_hash`` (a unique column), loaded afresh."""
    with connection.cursor() as cursor:
        cursor.execute(_player_sql(), [token_hash])
        row = cursor.fetchone()
    return _PLAYER.build(row) if row is not None else None


_ENTRY = [Action._meta.get_field(name) for name in ("seq", "type", "seat", "created_at", "events")]


@functools.cache
def _entries_sql(bounded: bool) -> str:
    columns = ", ".join(f"a.{_quote(f.column)}" for f in _ENTRY)
    upto = " AND a.seq <= %s" if bounded else ""
    return (f"SELECT {columns} FROM {_quote(Action._meta.db_table)} a "
            f"WHERE a.table_id = %s AND a.seq > %s{upto} ORDER BY a.seq")


@functools.cache
def _entry_converters() -> list[list[Any]]:
    """The converters of the log entry columns, found once like a model's (:class:`_Columns`)."""
    return _converters(_ENTRY, "a")


@functools.cache
def _last_moved_converters() -> list[list[Any]]:
    return _converters([_LAST_MOVED], "a")


def log_entries(table: Table, after: int, upto: int | None) -> list[tuple[int, str, int | None, Any, list[Any]]]:
    """``table``'s log entries with seq above ``after`` (and at most ``upto``) in seq order: (seq, type, seat,
    created_at, events)."""
    params = [_key(table.pk), after] + ([upto] if upto is not None else [])
    with connection.cursor() as cursor:
        cursor.execute(_entries_sql(upto is not None), params)
        found = cursor.fetchall()
    converters = _entry_converters()
    return [tuple(_converted(row, _ENTRY, converters)) for row in found]  # type: ignore[misc]


def _key(table_id: Any) -> Any:
    """``table_id`` as the database takes it; ``None`` if it is not a UUID."""
    try:
        return Table._meta.pk.get_db_prep_value(table_id, connection)  # type: ignore[union-attr]
    except (ValueError, ValidationError):
        return None


def _seats(table: Table, found: list[tuple[Any, ...]], last_moved: bool) -> None:
    """Build the seats (with their players) of ``found``, whose rows start with the seat's and the player's
    columns, and leave them on ``table`` as ``prefetch_related("seats")`` does."""
    seat_end = len(_SEAT.fields)
    player_end = seat_end + len(_SEATED.fields)
    moved_converters = _last_moved_converters()
    seats = []
    for values in found:
        seat = _SEAT.build(values[:seat_end])
        # The related objects cached as their descriptors cache them (``seat.table = table`` would check each
        # against the database router, and set the key it already has).
        seat._state.fields_cache.update({_SEAT_TABLE: table, _SEAT_PLAYER: (
            _SEATED.build(values[seat_end:player_end]) if seat.player_id is not None else None)})
        if last_moved:
            seat.last_moved_at = _converted(values[player_end:], [_LAST_MOVED], moved_converters)[0]
        seats.append(seat)
    queryset = table.seats.all()
    queryset._result_cache, queryset._prefetch_done = seats, True  # type: ignore[attr-defined]
    table._prefetched_objects_cache = {"seats": queryset}  # type: ignore[attr-defined]


def table_with_seats(table_id: Any) -> Table | None:
    """The table with its seats and their players in one statement (one snapshot: the seats are that table
    row's); ``None`` if there is none. Not for a locked read: a ``FOR UPDATE`` that waits re-reads the locked
    row but not the rows joined to it, so :func:`table_locked` reads the seats after the lock."""
    key = _key(table_id)
    if key is None:
        return None
    with connection.cursor() as cursor:
        cursor.execute(_unlocked_sql(), [key])
        found = cursor.fetchall()
    if not found:  # every table has its seats from the start: there is no such table
        return None
    table = _TABLE.build(found[0][len(_SEAT.fields) + len(_SEATED.fields):])
    _seats(table, found, last_moved=False)
    return table


def table_locked(table_id: Any) -> Table | None:
    """The table row locked until the transaction ends (``FOR UPDATE``), then its seats with their players and
    when each player last moved there (``seat.last_moved_at``), read after the lock (in one round trip on
    PostgreSQL); ``None`` if there is no such table."""
    key = _key(table_id)
    if key is None:
        return None
    with connection.cursor() as cursor:
        if _one_round_trip():
            # Both statements in one message: the seats' runs after the lock is taken, with a snapshot of its own.
            cursor.execute(f"{_lock_sql()}; {_locked_seats_sql()}", [key, key])
        else:
            cursor.execute(_lock_sql(), [key])
        row = cursor.fetchone()
        if row is None:
            return None
        table = _TABLE.build(row)
        if _one_round_trip():
            cursor.nextset()
        else:
            cursor.execute(_locked_seats_sql(), [key])
        _seats(table, cursor.fetchall(), last_moved=True)
    return table


@functools.cache
def _one_round_trip() -> bool:
    """Whether two statements may go in one execute: PostgreSQL with client-side binding (Django's default), which
    sends them as one query message."""
    return connection.vendor == "postgresql" and not connection.settings_dict["OPTIONS"].get("server_side_binding")

"""The writes of every move, written as SQL rather than built by the ORM: the new log entry (an ``INSERT``)
and the table's new snapshot (an ``UPDATE`` of the columns a move changes), a move's two in one statement.
Callers: ``services._append`` and ``services._save``.

The ORM's ``create()`` and ``save(update_fields=...)`` build and compile a query on every call, and
``json.dumps`` writes the snapshot. The statements here are built once from the models' own columns, and each
value goes through what the ORM's compiler applies to it: the field's ``pre_save`` (``auto_now`` and
``auto_now_add`` stamp the instance, as ``save()`` does) and its ``get_db_prep_save`` (JSON adapted, dates as
the backend takes them), a JSON value then written by orjson. Neither model has receivers of save signals in
this project; ``save()``'s signals are not sent here, and a receiver added later for one of these two models
must not rely on them.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

import orjson
from django.db import DatabaseError, connection
from django.db.models import JSONField, Model

from games.models import Action, Table

try:  # PostgreSQL's JSON parameter; other backends send JSON as text, which is left as the ORM makes it
    from psycopg.types.json import Jsonb
except ImportError:  # pragma: no cover - psycopg is installed wherever PostgreSQL is used
    Jsonb = ()  # type: ignore[assignment,misc]

TABLE_MOVE_FIELDS = ("state", "seq", "status", "started_at", "finished_at", "winner", "result",
                     "turn_started_at", "turn_deadline", "updated_at")
"""What a move may change on its table: the columns ``services._save`` writes."""


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _prepared(row: Model, fields: Sequence[Any], add: bool) -> list[Any]:
    """``row``'s values of ``fields`` as the ORM sends them on a save (``add``: an insert), JSON written by
    orjson (:func:`_json_dumps`)."""
    values = []
    for f in fields:
        value = f.get_db_prep_save(f.pre_save(row, add), connection)
        if isinstance(value, Jsonb) and isinstance(f, JSONField) and f.encoder is None:
            value = Jsonb(value.obj, dumps=_json_dumps)
        values.append(value)
    return values


def _json_dumps(value: Any) -> bytes | str:
    """``json.dumps(value)``, what the ORM sends for a JSON column, by orjson: about ten times faster on a
    snapshot, and the same JSON value (PostgreSQL stores jsonb parsed, not as text). What orjson will not
    write (a key that is not a string, an integer beyond 64 bits) goes to ``json.dumps``. The one value
    orjson writes otherwise, a float NaN or infinity (``null``; ``json.dumps`` writes a token PostgreSQL
    refuses), is in no snapshot: the rule set's floats are checked finite and every other number is an
    integer."""
    try:
        return orjson.dumps(value)
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(value)


@functools.cache
def _insert_fields(model: type[Model]) -> tuple[list[Any], str]:
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    pk = model._meta.pk
    columns = ", ".join(_quote(f.column) for f in fields)
    returning = f" RETURNING {_quote(pk.column)}" if connection.features.can_return_columns_from_insert else ""
    sql = (f"INSERT INTO {_quote(model._meta.db_table)} ({columns}) "
           f"VALUES ({', '.join(['%s'] * len(fields))}){returning}")
    return fields, sql


def _insert(row: Model) -> None:
    """Insert ``row`` (a model whose primary key the database assigns) and give it its key, as ``save()``
    on a new instance does."""
    fields, sql = _insert_fields(type(row))
    with connection.cursor() as cursor:
        cursor.execute(sql, _prepared(row, fields, add=True))
        if connection.features.can_return_columns_from_insert:
            key = cursor.fetchone()[0]
        else:
            key = connection.ops.last_insert_id(cursor, row._meta.db_table, row._meta.pk.column)
    _inserted(row, key)


def _inserted(row: Model, key: Any) -> None:
    row.pk = key
    row._state.adding, row._state.db = False, connection.alias


def action_insert(row: Action) -> Action:
    """Insert ``row``, a new log entry; its ``created_at`` is stamped now, as ``Action.objects.create``
    would."""
    _insert(row)
    return row


@functools.cache
def _table_update() -> tuple[list[Any], str]:
    fields = [Table._meta.get_field(name) for name in TABLE_MOVE_FIELDS]
    columns = ", ".join(f"{_quote(f.column)} = %s" for f in fields)
    return fields, f"UPDATE {_quote(Table._meta.db_table)} SET {columns} WHERE {_quote('id')} = %s"


def table_save_move(table: Table, notice: tuple[str, str] | None = None, entry: Action | None = None) -> None:
    """Write :data:`TABLE_MOVE_FIELDS` of ``table`` (``updated_at`` stamped now), as
    ``table.save(update_fields=TABLE_MOVE_FIELDS)`` would; the row must exist (the caller holds its lock).
    ``notice``: a ``pg_notify`` (channel, payload) the same statement sends (``wakeup.turn_notice``);
    ``entry``: a new log entry the same statement inserts first, as :func:`action_insert` would (on
    PostgreSQL, as a ``WITH … INSERT``: one round trip a move fewer)."""
    fields, sql = _table_update()
    values = [*_prepared(table, fields, add=False), Table._meta.pk.get_db_prep_value(table.pk, connection)]  # type: ignore[union-attr]
    returning = []
    if entry is not None and connection.vendor == "postgresql":
        entry_fields, insert = _insert_fields(Action)
        sql = f"WITH entry AS ({insert}) {sql}"
        values = [*_prepared(entry, entry_fields, add=True), *values]
        returning.append(f"(SELECT entry.{_quote(Action._meta.pk.column)} FROM entry)")  # type: ignore[union-attr]
    elif entry is not None:
        action_insert(entry)
        entry = None
    if notice is not None:
        returning.append("pg_notify(%s, %s)")
        values += notice
    if returning:
        sql += " RETURNING " + ", ".join(returning)
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        if cursor.rowcount == 0:
            raise DatabaseError("Save with update_fields did not affect any rows.")
        if entry is not None:
            _inserted(entry, cursor.fetchone()[0])

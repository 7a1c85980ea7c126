"""``games.hot_writes`` writes each move's log entry and snapshot with hand-written SQL: each must store what the
ORM's ``create()`` and ``save(update_fields=...)`` store, column by column, and leave the instance as they
leave it (its key, its ``auto_now`` stamps)."""

from __future__ import annotations

import copy
import json
from datetime import timedelta
from typing import Any

import pytest
from django.db import DatabaseError, transaction
from django.db.models import Model
from django.utils import timezone

from games import engine, hot_writes
from games import services as games
from games.models import Action, Table

pytestmark = pytest.mark.django_db


def _fields(row: Model, *leave_out: str) -> dict[str, Any]:
    return {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields if f.attname not in leave_out}


def _playing_table() -> tuple[Table, Any]:
    player, _ = games.player_register(name="hot-writes-solo", kind="human")
    bot = games.SeatSpec(bot_level="easy")
    table = games.table_create(creator=player, preset="standard", seats=[games.SeatSpec(), bot, bot, bot],
                               seed="hot-writes", take_seat=0)
    return Table.objects.get(pk=table.pk), player


def test_the_table_update_stores_what_the_orms_save_stores() -> None:
    table, _ = _playing_table()
    game = engine.Game.from_json(table.state)  # type: ignore[arg-type]
    # a move's changes, clocked and finished, so that every column written holds a value
    game.apply(engine.Action("bid", game.to_move()[0], bid=3))
    now = timezone.now()
    table.state, table.seq, table.status = game.to_json(history=False), table.seq + 1, Table.Status.FINISHED
    table.finished_at, table.winner, table.result = now, 1, "win"
    table.turn_started_at, table.turn_deadline = now, now + timedelta(seconds=30)
    by_orm = copy.deepcopy(table)

    with transaction.atomic():
        before = timezone.now()
        hot_writes.table_save_move(table)
        assert table.updated_at >= before  # stamped on the instance, as auto_now does
        written = Table.objects.get(pk=table.pk)
        assert _fields(written) == _fields(table)
        transaction.set_rollback(True)

    by_orm.save(update_fields=list(hot_writes.TABLE_MOVE_FIELDS))
    saved = Table.objects.get(pk=table.pk)
    assert _fields(saved, "updated_at") == _fields(written, "updated_at")
    assert saved.state == game.to_json(history=False)


def test_the_log_insert_stores_what_the_orms_create_stores() -> None:
    table, player = _playing_table()
    events = [engine.BidEvent(1, 3, False).to_json()]
    values = {"table": table, "type": "bid", "seat": 1, "player": player, "payload": {"type": "bid", "bid": 3},
              "events": events}
    before = timezone.now()
    inserted = hot_writes.action_insert(Action(seq=table.seq + 1, **values))
    created = Action.objects.create(seq=table.seq + 2, **values)
    assert inserted.pk is not None and not inserted._state.adding and inserted._state.db == created._state.db
    assert inserted.created_at >= before
    stored = Action.objects.get(pk=inserted.pk)
    assert _fields(stored) == _fields(inserted)
    assert _fields(stored, "id", "seq", "created_at") == _fields(Action.objects.get(pk=created.pk), "id", "seq",
                                                                 "created_at")


def test_the_move_statement_inserts_the_entry_as_the_log_insert_does() -> None:
    """A move's entry and snapshot in one statement (``WITH … INSERT … UPDATE``): the same entry row, keyed,
    and the same table row, as the two statements one after the other."""
    table, player = _playing_table()
    values = {"table": table, "type": "bid", "seat": 1, "player": player, "payload": {"type": "bid", "bid": 3},
              "events": [engine.BidEvent(1, 3, False).to_json()]}
    alone = hot_writes.action_insert(Action(seq=table.seq + 1, **values))
    table.seq += 2
    entry = Action(seq=table.seq, **values)
    before = timezone.now()
    hot_writes.table_save_move(table, ("spades_test_channel", "x"), entry)
    assert entry.pk is not None and entry.pk != alone.pk and not entry._state.adding
    assert entry.created_at >= before and table.updated_at >= before
    assert _fields(Action.objects.get(pk=entry.pk)) == _fields(entry)
    assert _fields(Action.objects.get(pk=entry.pk), "id", "seq", "created_at") == _fields(
        Action.objects.get(pk=alone.pk), "id", "seq", "created_at")
    assert _fields(Table.objects.get(pk=table.pk)) == _fields(table)


def test_an_update_of_a_table_that_is_gone_fails_as_the_orms() -> None:
    table, _ = _playing_table()
    Table.objects.filter(pk=table.pk).update(seq=0)
    gone = copy.deepcopy(table)
    gone.pk = gone.id = Table._meta.pk.default()  # type: ignore[union-attr]
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        hot_writes.table_save_move(gone)


@pytest.mark.parametrize("value", [{"seed": "ab", "scores": [10, -20], "bank": 12.5, "x": None, "ok": True},
                                   {1: "a key that is not a string"}, [2**70, "an integer beyond 64 bits"], "é"])
def test_json_is_written_as_json_dumps_writes_it(value: Any) -> None:
    written = hot_writes._json_dumps(value)
    assert json.loads(written) == json.loads(json.dumps(value))


def test_a_big_integer_in_a_log_entry_is_stored_as_the_orm_stores_it() -> None:
    table, player = _playing_table()
    row = hot_writes.action_insert(Action(table=table, seq=table.seq + 1, type="bid", seat=1, player=player,
                                          payload={"n": 2**70}, events=[]))
    assert Action.objects.get(pk=row.pk).payload == {"n": 2**70}

"""LISTEN/NOTIFY wake-ups on PostgreSQL: a committed move wakes the readers watching that table (and not the
readers of another), which is what lets long-polls and streams wait without polling the database."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.db import connection

from games import engine, game_cache, services, wakeup
from games.models import Player, Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_committed_move_wakes_the_watchers_of_its_table() -> None:
    owner, _ = services.player_register(name="wakeup-owner", kind="human")
    guest, _ = services.player_register(name="wakeup-guest", kind="human")
    watched = services.table_create(creator=owner, preset="standard", take_seat=0)
    other = services.table_create(creator=owner, preset="standard", take_seat=0)

    async def scenario() -> tuple[bool, bool]:
        async with wakeup.watch(watched.pk) as moved, wakeup.watch(other.pk) as elsewhere:
            assert moved.listener is not None, "PostgreSQL runs the listener"
            for _ in range(200):
                if moved.listener.connected:
                    break
                await asyncio.sleep(0.05)
            await sync_to_async(_join)(watched.pk, guest.pk)
            await asyncio.wait_for(moved.event.wait(), timeout=30)
            return moved.event.is_set(), elsewhere.event.is_set()

    woken, woken_elsewhere = asyncio.run(scenario())
    assert woken and not woken_elsewhere


def _join(table_id: object, player_id: object) -> None:
    """Another process's move: its own connection, committed, then closed."""
    try:
        services.table_join(table_id=table_id, player=Player.objects.get(pk=player_id))
    finally:
        connection.close()


def test_a_move_announces_its_seq_and_whom_the_game_then_waits_for() -> None:
    """The move's own table UPDATE sends the notification (hot_writes.table_save_move): a reader hears the new
    seq and the seats the game waits for, delivered at commit."""
    players = [services.player_register(name=f"wakeup-turn-{i}", kind="human")[0] for i in range(4)]
    table = services.table_create(creator=players[0], preset="standard", take_seat=0)
    for seat in range(1, 4):
        services.table_join(table_id=table.pk, player=players[seat], seat=seat)
    row = Table.objects.get(pk=table.pk)
    after = engine.Game.from_json(row.state)
    seat = after.to_move()[0]
    after.apply(engine.Action.from_json({"type": "bid", "bid": 3, "seat": seat}))

    async def scenario() -> tuple[int | None, frozenset[int] | None]:
        async with wakeup.watch(table.pk) as moved:
            assert moved.listener is not None
            for _ in range(200):
                if moved.listener.connected:
                    break
                await asyncio.sleep(0.05)
            await sync_to_async(_act)(table.pk, players[seat].pk, row.seq)
            await asyncio.wait_for(moved.event.wait(), timeout=30)
            return moved.seq, moved.waiting

    assert asyncio.run(scenario()) == (row.seq + 1, frozenset(after.waiting_for()))


def _act(table_id: object, player_id: object, seq: int) -> None:
    try:
        services.table_act(table_id=table_id, player=Player.objects.get(pk=player_id),
                           action={"type": "bid", "bid": 3}, seq=seq)
    finally:
        connection.close()


def test_the_listener_keeps_the_seq_it_heard_and_the_moves_mark_until_it_reconnects() -> None:
    """A reader registered before it asks may take the seq the listener heard announced for its table as the
    table's (no read): it is the last one committed, or a later announcement is on its way to it. The move's
    announcement carries the mark under which the process that made it kept it (``games.game_cache``)."""
    players = [services.player_register(name=f"wakeup-heard-{i}", kind="human")[0] for i in range(4)]
    table = services.table_create(creator=players[0], preset="standard", take_seat=0)
    for seat in range(1, 4):
        services.table_join(table_id=table.pk, player=players[seat], seat=seat)
    row = Table.objects.get(pk=table.pk)
    seat = engine.Game.from_json(row.state).to_move()[0]

    async def scenario() -> tuple[int | None, int | None, str | None, str | None, int | None]:
        async with wakeup.watch(table.pk) as moved:
            assert moved.listener is not None
            for _ in range(200):
                if moved.listener.connected:
                    break
                await asyncio.sleep(0.05)
            before = moved.heard()  # nothing announced since the listener connected
            await sync_to_async(_act)(table.pk, players[seat].pk, row.seq)
            seq = await moved.wait(30)
            kept = game_cache._moves.get(str(table.pk))
            heard = moved.heard()
            moved.listener.connected = False  # as while it reconnects: announcements may be lost
            lost = moved.heard()
            return before, heard if seq == row.seq + 1 else None, moved.last_mark, kept and kept[0], lost

    before, heard, mark, kept_mark, lost = asyncio.run(scenario())
    assert before is None and heard == row.seq + 1 and lost is None
    assert mark is not None and mark == kept_mark

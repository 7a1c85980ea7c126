"""LISTEN/NOTIFY wake-ups on PostgreSQL: a committed move wakes the readers watching that table (and not the
readers of another), which is what lets long-polls and streams wait without polling the database."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.db import connection

from games import services, wakeup
from games.models import Player

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

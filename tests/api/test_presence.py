"""Presence (``Player.last_seen``, what a ladder's presence check reads): written at most once every
``PRESENCE_WRITE_SECONDS`` a player, and for the open streams of one server process together, in one write
(``services.players_seen``, ``games.api.streams.mark_present``), on the real PostgreSQL."""

from __future__ import annotations

import asyncio
import uuid
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.utils import timezone

from games import services
from games.api import streams
from games.models import Player

pytestmark = pytest.mark.django_db(transaction=True)


def _players(count: int) -> list[Player]:
    return [services.player_register(name=f"seen-{uuid.uuid4().hex[:10]}", kind="bot")[0] for _ in range(count)]


def _seen(players: list[Player]) -> list[object]:
    stored = dict(Player.objects.filter(pk__in=[p.pk for p in players]).values_list("pk", "last_seen"))
    return [stored[p.pk] for p in players]


def test_players_seen_writes_only_the_due_ones_in_one_update(django_assert_num_queries) -> None:
    now = timezone.now()
    lately, long_ago, never = _players(3)
    services.player_seen(player=lately, now=now - timedelta(seconds=5))
    services.player_seen(player=long_ago, now=now - timedelta(seconds=settings.PRESENCE_WRITE_SECONDS))
    with django_assert_num_queries(1):
        assert services.players_seen(players=[lately, long_ago, never], now=now) == 2
    assert _seen([lately, long_ago, never]) == [now - timedelta(seconds=5), now, now]
    with django_assert_num_queries(0):
        assert services.players_seen(players=[lately, long_ago, never], now=now + timedelta(seconds=1)) == 0


def test_the_keep_alives_of_one_loops_streams_are_written_together(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(streams, "PRESENCE_GATHER_SECONDS", 0.3)
    players = _players(5)
    twin = Player.objects.get(pk=players[0].pk)  # a second stream of the first player, its own instance

    async def beat() -> None:
        for player in [*players, twin]:
            streams.mark_present(player)
        writers = list(streams._writers)
        assert len(writers) == 1, "one write on its way for the loop's streams"
        await asyncio.gather(*writers)
        assert all(p.last_seen is not None for p in [*players, twin])
        for player in players:  # their next keep-alives: nothing is due, nothing is written
            streams.mark_present(player)
        assert not streams._writers
        await sync_to_async(lambda: connection.close())()  # on the thread the write ran on

    asyncio.run(beat())
    seen = _seen(players)
    assert None not in seen and len(set(seen)) == 1, "one UPDATE: every player marked at the same instant"

"""Matchmaking's Celery work on a real worker over the real broker: a seek's bot fill fires after the wait
its seeker chose and opens a table that the worker's bots then play, the matchmaking tick expires a
challenge nobody answered and tells both players, and the open-table sweep closes a table nobody filled."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from games import matchmaking, services
from games.models import Challenge, Player, PlayerEvent, Seek, Table
from games.tasks import matchmaking_tick, tables_expire
from tests.live import wait_for


def _player(name: str) -> Player:
    return services.player_register(name=name, kind="bot")[0]


def test_a_seek_is_filled_with_bots_after_its_wait(start_worker: Any) -> None:
    start_worker()
    seeker = _player("seeker")
    seek = matchmaking.seek_create(player=seeker, preset="standard", overrides={"target": 100},
                                   fill_with_bots_after=1, bot_level="easy")
    assert seek.status == Seek.Status.WAITING

    def filled() -> bool:
        seek.refresh_from_db()
        return seek.status == Seek.Status.MATCHED

    wait_for(filled, seconds=60, what="the seek's bot fill")
    table = Table.objects.get(pk=seek.table_id)
    assert [s.player_id == seeker.pk or s.bot_level for s in table.seats.all()] == [True, "easy", "easy", "easy"]
    (opened,) = PlayerEvent.objects.filter(player=seeker, type="table_opened")
    assert opened.data["origin"] == "seek" and opened.data["table_id"] == str(table.pk)

    def bots_moved() -> bool:  # the seeker is first to bid or the worker's bots are playing their turns
        table.refresh_from_db()
        return table.seq > 6 or PlayerEvent.objects.filter(player=seeker, type="your_turn").exists()

    wait_for(bots_moved, seconds=60, what="the table to be played up to the seeker's turn")


def test_the_matchmaking_tick_expires_a_challenge_on_a_worker(start_worker: Any) -> None:
    start_worker()
    alice, bob = _player("alice-x"), _player("bob-x")
    challenge = matchmaking.challenge_create(challenger=alice, opponent=bob.name, expires_in=10)
    Challenge.objects.filter(pk=challenge.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    matchmaking_tick.delay()

    def expired() -> bool:
        challenge.refresh_from_db()
        return challenge.status == Challenge.Status.EXPIRED

    wait_for(expired, seconds=60, what="the tick expiring the challenge")
    assert list(PlayerEvent.objects.filter(player=alice).values_list("type", flat=True)) == ["challenge_expired"]
    assert list(PlayerEvent.objects.filter(player=bob).values_list("type", flat=True)) == [
        "challenge_received", "challenge_expired"]


def test_the_sweep_closes_an_open_table_nobody_filled_on_a_worker(start_worker: Any) -> None:
    start_worker()
    owner = _player("owner-x")
    table = services.table_open(creator=owner, preset="standard", take_seat=0)
    fresh = services.table_open(creator=owner, preset="standard", take_seat=0)
    Table.objects.filter(pk=table.pk).update(
        created_at=timezone.now() - timedelta(seconds=settings.OPEN_TABLE_TTL_SECONDS + 1))
    tables_expire.delay()

    def closed() -> bool:
        table.refresh_from_db()
        return table.status == Table.Status.FINISHED

    wait_for(closed, seconds=60, what="the sweep closing the open table")
    assert (table.result, table.winner) == ("abandoned", None)
    (finished,) = PlayerEvent.objects.filter(player=owner, type="table_finished")
    assert finished.data["table_id"] == str(table.pk) and finished.data["result"] == "abandoned"
    fresh.refresh_from_db()
    assert fresh.status == Table.Status.OPEN

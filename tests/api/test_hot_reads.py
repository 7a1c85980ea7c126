"""``games.hot_reads`` builds the play loop's reads from hand-written SQL: each must give what the ORM's read
gives, field by field (the table, its seats and their players, when each player last moved, the log
entries, a token's account), on a table where accounts have moved."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db import transaction
from django.db.models import Model

from bots.strategies import decide
from games import engine, hot_reads, selectors
from games import services as games
from games.models import Action, Player, Table
from games.tokens import hash_token

pytestmark = pytest.mark.django_db


def _fields(row: Model) -> dict[str, Any]:
    return {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields}


def test_the_reads_equal_the_orms() -> None:
    player, token = games.player_register(name="hot-reads-solo", kind="human")
    bot = games.SeatSpec(bot_level="easy")
    table = games.table_create(creator=player, preset="standard", seats=[games.SeatSpec(), bot, bot, bot],
                               seed="hot-reads", take_seat=0)
    # play until the account has moved twice: its moves through the service a request uses, the bots'
    # through the one their tasks use (no worker here)
    moved = 0
    for _ in range(200):
        table = Table.objects.get(pk=table.pk)
        if table.status != Table.Status.PLAYING or moved >= 2:
            break
        game = engine.Game.from_json(table.state)  # type: ignore[arg-type]
        seat = game.turn
        assert seat is not None
        choice = decide(engine.seat_view(game, seat).to_json(), game.rules, level="easy", rng=random.Random(seat))
        if seat == 0:
            games.table_act(table_id=table.pk, player=player, action=choice, seq=table.seq)
            moved += 1
        else:
            assert games.table_act_for_bot(table_id=table.pk, seat=seat, seq=table.seq, action=choice)
    assert moved == 2

    orm = Table.objects.prefetch_related(selectors.SEATS).get(pk=table.pk)
    read = hot_reads.table_with_seats(table.pk)
    assert read is not None and _fields(read) == _fields(orm)
    orm_seats, read_seats = list(orm.seats.all()), list(read.seats.all())
    assert [_fields(s) for s in read_seats] == [_fields(s) for s in orm_seats]
    # a seat's player: its id, name and kind read, the others deferred (and loaded, equal, when asked for)
    loaded = {"id", "name", "kind"}
    assert all(s.player.get_deferred_fields() == {f.attname for f in Player._meta.concrete_fields} - loaded
               for s in read_seats if s.player is not None)
    assert [s.player and _fields(s.player) for s in read_seats] == [s.player and _fields(s.player) for s in orm_seats]

    with transaction.atomic():
        locked = hot_reads.table_locked(table.pk)
        assert locked is not None and _fields(locked) == _fields(orm)
        seats = list(locked.seats.all())
        assert [_fields(s) for s in seats] == [_fields(s) for s in orm_seats]
        assert [s.player and {f: getattr(s.player, f) for f in loaded} for s in seats] == \
            [s.player and {f: getattr(s.player, f) for f in loaded} for s in orm_seats]
        for seat in seats:
            last = (Action.objects.filter(table=table, player_id=seat.player_id).exclude(type="join")
                    .order_by("-seq").values_list("created_at", flat=True).first()) if seat.player_id else None
            assert seat.last_moved_at == last
        assert seats[0].last_moved_at is not None

    entries = hot_reads.log_entries(orm, 0, None)
    assert entries == [(a.seq, a.type, a.seat, a.created_at, a.events)
                       for a in Action.objects.filter(table=table).order_by("seq")]
    assert hot_reads.log_entries(orm, 2, 4) == [e for e in entries if 2 < e[0] <= 4]

    assert hot_reads.seq_and_seat(table.pk, player.pk) == (orm.seq, selectors.seat_of(table=orm, player=player)) == \
        (orm.seq, 0)
    stranger, _ = games.player_register(name="hot-reads-stranger", kind="human")
    assert hot_reads.seq_and_seat(table.pk, stranger.pk) == (orm.seq, None)
    assert hot_reads.seq_and_seat("not-a-uuid", player.pk) is None
    assert hot_reads.seq_and_seat(stranger.pk, player.pk) is None  # a UUID that is no table's

    account = hot_reads.player_by_token_hash(hash_token(token))
    assert account is not None and _fields(account) == _fields(Player.objects.get(pk=player.pk))
    assert hot_reads.player_by_token_hash(hash_token(token + "x")) is None
    assert hot_reads.table_with_seats("not-a-uuid") is None and hot_reads.table_locked("not-a-uuid") is None

"""``games.game_cache`` keeps the parsed game of a table as the last move this process committed left it: it must
never serve a game the row does not hold (a move that rolled back, a move made by another process, a snapshot
written some other way), and the game it keeps must never change (a move is applied to a copy)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import transaction

from games import engine, game_cache, hot_reads
from games import services as games
from games.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    game_cache.forget_all()
    yield
    game_cache.forget_all()


def _table(name: str) -> tuple[Table, Any]:
    player, _ = games.player_register(name=name, kind="human")
    bot = games.SeatSpec(bot_level="easy")
    table = games.table_create(creator=player, preset="standard", seats=[games.SeatSpec(), bot, bot, bot],
                               seed="game-cache", take_seat=0)
    return table, player


def _act(table: Table, player: Any) -> engine.Game | None:
    """One legal move of the seat to move at the table as stored now, through the service that moves for it
    (``player`` sits at seat 0, built-in bots at the others); the game a move of ``player``'s made."""
    row = Table.objects.get(pk=table.pk)
    game = engine.Game.from_json(row.state)  # type: ignore[arg-type]
    seat = game.to_move()[0]
    action = game.legal_actions(seat)[0].to_json()
    action.pop("seat")
    if seat == 0:
        return games.table_act(table_id=table.pk, player=player, action=action, seq=row.seq).game
    assert games.table_act_for_bot(table_id=table.pk, seat=seat, seq=row.seq, action=action)
    return None


def _same(game: engine.Game, other: engine.Game) -> bool:
    """The same game as a snapshot holds it (a kept game also holds the move that made it)."""
    return game.to_json(history=False) == other.to_json(history=False)


def _stored(table: Table) -> engine.Game:
    return engine.Game.from_json(Table.objects.get(pk=table.pk).state)  # type: ignore[arg-type]


def _to_play(table: Table) -> engine.Game:
    with transaction.atomic():
        return game_cache.game_to_play(hot_reads.table_locked(table.pk))  # type: ignore[arg-type]


def _kept(table: Table) -> tuple[int, engine.Game] | None:
    entry = game_cache._kept.get(str(table.pk))
    return None if entry is None else (entry[0], entry[2])


def test_a_committed_move_is_kept_and_handed_out_as_a_copy(
        django_capture_on_commit_callbacks: Callable[..., Any]) -> None:
    table, player = _table("game-cache-kept")
    seq = Table.objects.get(pk=table.pk).seq
    with django_capture_on_commit_callbacks(execute=True):
        made = _act(table, player)
    kept = _kept(table)
    assert kept is not None and kept[0] == seq + 1 and (made is None or kept[1] is made)
    before = kept[1].to_json()
    assert _same(kept[1], _stored(table))

    handed = _to_play(table)
    assert handed == _stored(table) and _same(handed, kept[1]) and handed is not kept[1]
    handed.apply(handed.legal_actions(handed.to_move()[0])[0])  # a move applied to the copy…
    assert kept[1].to_json() == before  # …leaves the kept game as it was

    # and so does the next move through the service, which keeps its own game
    with django_capture_on_commit_callbacks(execute=True):
        _act(table, player)
    assert kept[1].to_json() == before
    now = _kept(table)
    assert now is not None and now[0] == seq + 2 and _same(now[1], _stored(table)) and now[1] is not kept[1]


def test_a_move_that_rolled_back_is_never_served(django_capture_on_commit_callbacks: Callable[..., Any]) -> None:
    table, player = _table("game-cache-rollback")
    seq = Table.objects.get(pk=table.pk).seq
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError), transaction.atomic():
        _act(table, player)
        raise RuntimeError("rolled back after the move")
    assert _kept(table) is None or _kept(table)[0] <= seq  # type: ignore[index]
    stored = _stored(table)
    assert Table.objects.get(pk=table.pk).seq == seq
    assert _to_play(table) == stored  # the row's game, not the rolled-back move's


def test_a_move_by_another_process_or_another_snapshot_is_read_from_the_row(
        django_capture_on_commit_callbacks: Callable[..., Any]) -> None:
    table, player = _table("game-cache-elsewhere")
    seq = Table.objects.get(pk=table.pk).seq
    with django_capture_on_commit_callbacks(execute=True):
        _act(table, player)
    kept = _kept(table)
    assert kept is not None and kept[0] == seq + 1

    # Another process moves (its cache, not this one's, keeps the game): the row is past the kept seq.
    elsewhere = _stored(table)
    mover = elsewhere.to_move()[0]
    elsewhere.apply(elsewhere.legal_actions(mover)[0])
    Table.objects.filter(pk=table.pk).update(seq=seq + 2, state=elsewhere.to_json(history=False))
    handed = _to_play(table)
    assert _same(handed, elsewhere) and not _same(handed, kept[1])

    # A snapshot written some other way at the kept seq itself is not served either.
    Table.objects.filter(pk=table.pk).update(seq=seq + 1)
    assert _same(_to_play(table), elsewhere)
    # while the row as the move left it is
    Table.objects.filter(pk=table.pk).update(state=kept[1].to_json(history=False))
    assert _to_play(table) == _stored(table) and _same(_to_play(table), kept[1])


def test_a_reader_is_handed_the_kept_game_only_when_it_is_the_rows(
        django_capture_on_commit_callbacks: Callable[..., Any]) -> None:
    table, player = _table("game-cache-reader")
    seq = Table.objects.get(pk=table.pk).seq
    with django_capture_on_commit_callbacks(execute=True):
        _act(table, player)
    kept = _kept(table)
    assert kept is not None
    row = hot_reads.table_with_seats(table.pk)
    assert game_cache.game_to_read(row) is kept[1]  # type: ignore[arg-type]
    Table.objects.filter(pk=table.pk).update(seq=seq + 5)
    row = hot_reads.table_with_seats(table.pk)
    assert game_cache.game_to_read(row) is not kept[1]  # type: ignore[arg-type]
    assert game_cache.game_to_read(row) == _stored(table)  # type: ignore[arg-type]

"""``games.game_cache`` keeps the parsed game of a table as the last move this process committed left it: it must
never serve a game the row does not hold (a move that rolled back, a move made by another process, a snapshot
written some other way), and the game it keeps must never change (a move is applied to a copy). The move it
keeps as it is saved is handed to readers only under the mark its announcement carries, as the row and the log
hold it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import transaction

from core.renderers import JSONRenderer
from games import engine, game_cache, hot_reads, selectors
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


def _kept_move(table: Table) -> tuple[str, int] | None:
    """The mark and seq of the move kept for ``table`` as it was saved (``None``: none)."""
    found = game_cache._moves.get(str(table.pk))
    return None if found is None else (found[0], found[1].seq)


def _answer(table: Table, row: Any, seat: int | None) -> Any:
    """What a reader at ``seat`` is shown of ``table`` and the log entry ``row``, as JSON."""
    player = next((s.player for s in table.seats.all() if s.index == seat), None)
    shown = {"entry": selectors.entry_for_seat(row, seat),
             "table": selectors.table_detail(table=table, player=player, rules=False) if player else None}
    return json.loads(JSONRenderer().render(shown))


def test_a_saved_move_is_handed_to_readers_by_its_mark_only_as_the_row_and_log_hold_it(
        django_capture_on_commit_callbacks: Callable[..., Any]) -> None:
    table, player = _table("game-cache-move")
    seq = Table.objects.get(pk=table.pk).seq
    with django_capture_on_commit_callbacks(execute=True):
        _act(table, player)
    kept = _kept_move(table)
    assert kept is not None and kept[1] == seq + 1
    mark = kept[0]
    assert game_cache.move_to_read(table.pk, seq + 1, "another-move") is None  # not the announced move's mark
    assert game_cache.move_to_read(table.pk, seq + 1, None) is None  # an announcement without a mark
    assert game_cache.move_to_read(table.pk, seq, mark) is None  # not that seq
    found = game_cache.move_to_read(table.pk, seq + 1, mark)
    assert found is not None
    moved, row, game = found
    # What a reader is shown of the kept move is what it is shown of the row and the log as read back.
    read = hot_reads.table_with_seats(table.pk)
    assert read is not None
    [stored_row] = hot_reads.log_entries(read, seq, seq + 1)
    for seat in (0, 1, None):
        assert _answer(moved, row, seat) == _answer(read, stored_row, seat)
    assert _same(game, _stored(table))


def test_a_move_that_rolled_back_is_never_handed_to_readers(
        django_capture_on_commit_callbacks: Callable[..., Any]) -> None:
    table, player = _table("game-cache-move-rollback")
    seq = Table.objects.get(pk=table.pk).seq
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError), transaction.atomic():
        _act(table, player)
        rolled_back = _kept_move(table)
        raise RuntimeError("rolled back after the move")
    assert rolled_back is not None and rolled_back[1] == seq + 1
    # The same seq committed by another move (another process's, announced with its own mark) is not this one.
    assert game_cache.move_to_read(table.pk, seq + 1, "elsewhere.0") is None
    # This process's next move at that seq is kept under a mark of its own.
    with django_capture_on_commit_callbacks(execute=True):
        _act(table, player)
    again = _kept_move(table)
    assert again is not None and again[1] == seq + 1 and again[0] != rolled_back[0]
    assert game_cache.move_to_read(table.pk, seq + 1, rolled_back[0]) is None
    assert game_cache.move_to_read(table.pk, seq + 1, again[0]) is not None

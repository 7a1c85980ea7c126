"""A bot's turn is a client of games: it reads its seat view at a ``seq`` without a lock, thinks, and applies
its move through the path a player's move takes. No row lock is held while it thinks, a decision the table
has left is refused, a clock's timeout applies once however often it is delivered, and games imports
nothing of bots."""

from __future__ import annotations

import ast
import random
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from bots.strategies import decide
from games import engine, selectors, services
from games.models import Action, Player, Seat, Table
from spades_api.celery import app
from tests.live import ROOT, wait_for
from tests.tasks.gated_worker import GATE


def _player(name: str) -> Player:
    return services.player_register(name=name, kind="human")[0]


def _bot_then_players(seed: str) -> Table:
    """A started table where a bot bids first and three players, who never move, after it."""
    first_bidder = (engine.Game.new(engine.preset("standard"), seed=seed).dealer + 1) % 4
    specs = [services.SeatSpec("easy" if i == first_bidder else "") for i in range(4)]
    players = [_player(f"{seed}-{i}") for i in range(3)]
    table = services.table_create(creator=players[0], preset="standard", seats=specs, seed=seed)
    for index, player in zip((i for i in range(4) if i != first_bidder), players, strict=True):
        services.table_join(table_id=table.pk, player=player, seat=index)
    table.refresh_from_db()
    return table


def _bot_waits_at_the_gate() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                       "AND wait_event_type = 'Lock' AND wait_event = 'advisory'")
        return cursor.fetchone()[0] > 0


def test_no_row_lock_is_held_while_a_bot_thinks(start_worker: Any) -> None:
    table = _bot_then_players("thinking-unlocked")
    seq = table.seq
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s)", [GATE])
        try:
            start_worker(app="tests.tasks.gated_worker")
            wait_for(_bot_waits_at_the_gate, seconds=60, what="the worker's bot to stop in its thinking")
            try:
                with transaction.atomic():
                    row = Table.objects.select_for_update(nowait=True).get(pk=table.pk)
            except DatabaseError:
                pytest.fail("the bot's task holds the table's row lock while it thinks")
            assert row.seq == seq  # it has read the table and not moved yet
        finally:
            cursor.execute("SELECT pg_advisory_unlock(%s)", [GATE])
    wait_for(lambda: Action.objects.filter(table=table, seq=seq + 1).exists(), seconds=60, what="the bot's bid")
    assert Action.objects.get(table=table, seq=seq + 1).type == "bid"


@pytest.mark.django_db
def test_a_bot_decision_the_table_has_left_is_a_no_op() -> None:
    table = _bot_then_players("stale-decision")
    seq = table.seq
    turn = selectors.bot_turn_at(table_id=table.pk, seq=seq)
    assert turn is not None and turn.level == "easy"
    # The bot sees its seat's view and the public summaries of the finished hands (none yet), nothing more.
    game = engine.Game.from_json(table.state)
    assert turn.view == {**engine.seat_view(game, turn.seat).to_json(), "history": []}
    action = decide(turn.view, turn.rules, level=turn.level, rng=random.Random(f"{table.pk}/{seq}/{turn.seat}"))
    # A second delivery of the same turn decided the same and got there first; this one is too late.
    assert services.table_act_for_bot(table_id=table.pk, seat=turn.seat, seq=seq, action=action) is True
    assert services.table_act_for_bot(table_id=table.pk, seat=turn.seat, seq=seq, action=action) is False
    assert selectors.bot_turn_at(table_id=table.pk, seq=seq) is None  # the table moved on
    assert selectors.bot_turn_at(table_id=table.pk, seq=seq + 1) is None  # and waits on a player
    # A player's seat is no bot's to move, even at the table's seq.
    table.refresh_from_db()
    player_seat = engine.Game.from_json(table.state).turn
    assert not services.table_act_for_bot(table_id=table.pk, seat=player_seat, seq=seq + 1,
                                          action={"type": "bid", "bid": 3})
    table.refresh_from_db()
    assert table.seq == seq + 1
    assert Action.objects.filter(table=table, seq__gt=seq).count() == 1


def _clocked(overrides: dict[str, Any]) -> tuple[Table, list[Player]]:
    players = [_player(f"clock-{i}") for i in range(4)]
    table = services.table_create(creator=players[0], preset="speed", take_seat=0, seed="clock-once",
                                  overrides={"move_seconds": 30, **overrides})
    for seat in range(1, 4):
        services.table_join(table_id=table.pk, player=players[seat], seat=seat)
    table.refresh_from_db()
    return table, players


def _run_out(table: Table) -> None:
    Table.objects.filter(pk=table.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    table.refresh_from_db()


def _decided(expiry: selectors.ClockExpiry) -> dict[int, dict[str, Any]]:
    return {late.seat: decide(late.view, expiry.rules, level=late.level, rng=random.Random(0))
            for late in expiry.late}


@pytest.mark.django_db
def test_a_clock_timeout_delivered_twice_applies_once() -> None:
    table, _ = _clocked({"timeout_action": "bot", "timeout_bot_level": "easy"})
    assert selectors.clock_expiry_at(table_id=table.pk, seq=table.seq) is None  # not run out yet
    _run_out(table)
    seq = table.seq
    expiry = selectors.clock_expiry_at(table_id=table.pk, seq=seq)
    assert expiry is not None and [late.level for late in expiry.late] == ["easy"]
    late = expiry.late[0].seat
    moves = _decided(expiry)
    assert services.clock_expire(table_id=table.pk, seq=seq, moves=moves) is True
    assert services.clock_expire(table_id=table.pk, seq=seq, moves=moves) is False
    timeouts = [e for row in Action.objects.filter(table=table) for e in row.events if e["type"] == "timeout"]
    assert timeouts == [{"type": "timeout", "seat": late, "action": "bot", "timeouts": 1}]
    assert Seat.objects.get(table=table, index=late).timeouts == 1
    # Moves decided for seats that are not the late ones (here: none) change nothing.
    _run_out(table)
    assert services.clock_expire(table_id=table.pk, seq=seq + 1, moves={}) is False
    assert Table.objects.get(pk=table.pk).seq == seq + 1


@pytest.mark.django_db
def test_a_player_who_takes_the_seat_back_while_its_bot_thinks_keeps_the_move() -> None:
    table, players = _clocked({"timeouts_before_replace": 1})
    first = engine.Game.from_json(table.state).turn
    _run_out(table)
    expiry = selectors.clock_expiry_at(table_id=table.pk, seq=table.seq)
    assert services.clock_expire(table_id=table.pk, seq=table.seq, moves=_decided(expiry))
    for _ in range(3):  # the others bid; then the replaced first bidder leads, played by a bot
        table.refresh_from_db()
        seat = engine.Game.from_json(table.state).turn
        services.table_act(table_id=table.pk, player=players[seat], action={"type": "bid", "bid": 3}, seq=table.seq)
    table.refresh_from_db()
    turn = selectors.bot_turn_at(table_id=table.pk, seq=table.seq)
    assert turn is not None and turn.seat == first and turn.level == turn.rules.timeout_bot_level
    action = decide(turn.view, turn.rules, level=turn.level, rng=random.Random(0))
    services.seat_take_back(table_id=table.pk, player=players[first])
    assert services.table_act_for_bot(table_id=table.pk, seat=first, seq=table.seq, action=action) is False
    assert Table.objects.get(pk=table.pk).seq == table.seq
    services.table_act(table_id=table.pk, player=players[first], action=action, seq=table.seq)


def test_a_bot_turn_queued_under_its_former_task_name_is_played(start_worker: Any) -> None:
    table = _bot_then_players("former-name")
    seq = table.seq
    app.control.purge()  # the turn announced when the game started, under the task's present name
    app.send_task("games.tasks.play_bot_turn", (str(table.pk), seq))
    start_worker()
    wait_for(lambda: Action.objects.filter(table=table, seq=seq + 1).exists(), seconds=60, what="the bot's bid")


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_games_imports_nothing_of_bots() -> None:
    """Bots use games; games announces what bots should do (signals) and never imports them, not even
    inside a function."""
    offenders = {str(path.relative_to(ROOT)): sorted(n for n in _imported(path) if n.split(".")[0] == "bots")
                 for path in (ROOT / "games").rglob("*.py")}
    assert {path: names for path, names in offenders.items() if names} == {}

"""The clock's rule switches, through the clock's task run in this process (no worker needed: the task reads
the late seats, its bot decides, the service applies): what a timeout does, the time bank, and taking a
seat back."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from bots.tasks import clock_timeout
from games import engine, services
from games.models import Seat, Table

pytestmark = pytest.mark.django_db


def _clocked_table(overrides: dict) -> tuple[Table, list]:
    """Four players at a clocked table; returns it and the players by seat."""
    players = [services.player_register(name=f"clock-{i}", kind="human")[0] for i in range(4)]
    table = services.table_create(creator=players[0], preset="speed", take_seat=0, overrides=overrides,
                                  seed="clock-rules")
    for seat in range(1, 4):
        services.table_join(table_id=table.pk, player=players[seat], seat=seat)
    table.refresh_from_db()
    return table, players


def _expire(table: Table) -> bool:
    Table.objects.filter(pk=table.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    table.refresh_from_db()
    return clock_timeout(str(table.pk), table.seq)


def test_a_clocked_turn_has_a_deadline_and_an_early_or_stale_expiry_does_nothing() -> None:
    table, _ = _clocked_table({"move_seconds": 30})
    assert table.turn_deadline is not None
    assert clock_timeout(str(table.pk), table.seq) is False  # not due yet
    assert clock_timeout(str(table.pk), table.seq - 1) is False  # stale
    Table.objects.filter(pk=table.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert clock_timeout(str(table.pk), table.seq) is True
    assert Table.objects.get(pk=table.pk).seq == table.seq + 1


def test_forfeit_on_timeout_ends_the_game_for_the_late_side() -> None:
    table, _ = _clocked_table({"move_seconds": 30, "timeout_action": "forfeit"})
    late = engine.Game.from_json(table.state).turn
    assert _expire(table)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert table.result == "resign"
    assert table.winner == (late + 1) % 2


def test_a_bot_moves_for_a_late_seat_and_takes_it_after_repeated_timeouts() -> None:
    table, players = _clocked_table({"move_seconds": 30, "timeout_action": "bot", "timeouts_before_replace": 2,
                                     "timeout_bot_level": "easy"})
    first = engine.Game.from_json(table.state).turn
    assert _expire(table)
    row = table.actions.order_by("-seq").first()
    assert row.seat == first and row.type == "bid"
    assert row.events[0] == {"type": "timeout", "seat": first, "action": "bot", "timeouts": 1}
    seat = Seat.objects.get(table=table, index=first)
    assert seat.timeouts == 1 and not seat.replaced_by_bot
    # Every other seat times out once too; then the first seat's second timeout hands it to a bot.
    for _ in range(3):
        assert _expire(table)
    assert _expire(table)
    seat.refresh_from_db()
    assert seat.replaced_by_bot and seat.timeouts == 2
    assert any(e["type"] == "seat_replaced" for e in table.actions.order_by("-seq").first().events)
    services.seat_take_back(table_id=table.pk, player=players[first])
    seat.refresh_from_db()
    assert not seat.replaced_by_bot and seat.timeouts == 0


def test_the_time_bank_extends_the_deadline_and_pays_for_a_slow_move() -> None:
    table, players = _clocked_table({"move_seconds": 5, "time_bank_seconds": 10})
    assert (table.turn_deadline - table.turn_started_at).total_seconds() == pytest.approx(15)
    game = engine.Game.from_json(table.state)
    seat = game.turn
    Table.objects.filter(pk=table.pk).update(turn_started_at=timezone.now() - timedelta(seconds=8))
    services.table_act(table_id=table.pk, player=players[seat], action={"type": "bid", "bid": 3}, seq=table.seq)
    assert Seat.objects.get(table=table, index=seat).bank_left == pytest.approx(7, abs=0.5)


def test_a_player_who_moves_again_takes_the_seat_back() -> None:
    table, players = _clocked_table({"move_seconds": 30, "timeouts_before_replace": 1})
    first = engine.Game.from_json(table.state).turn
    assert _expire(table)  # the first bidder's bid is made for it, and a bot takes the seat
    assert Seat.objects.get(table=table, index=first).replaced_by_bot
    for _ in range(3):  # the others bid; then the first bidder leads the first trick
        table.refresh_from_db()
        seat = engine.Game.from_json(table.state).turn
        services.table_act(table_id=table.pk, player=players[seat], action={"type": "bid", "bid": 3},
                           seq=table.seq)
    table.refresh_from_db()
    game = engine.Game.from_json(table.state)
    assert game.turn == first
    card = engine.card_name(game.legal_cards(first)[0])
    services.table_act(table_id=table.pk, player=players[first], action={"type": "play", "card": card},
                       seq=table.seq)
    seat = Seat.objects.get(table=table, index=first)
    assert not seat.replaced_by_bot and seat.timeouts == 0

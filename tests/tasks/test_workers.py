"""Bots and clocks played by a real Celery worker over a real broker, on PostgreSQL."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from bots.tasks import clock_timeout, play_bot_turn
from games import engine, services
from games.models import Action, HandAnalysis, Player, Seat, Table
from tests.live import wait_for


def _player(name: str) -> Player:
    return services.player_register(name=name, kind="human")[0]


def _bot_table(owner: Player, *, levels: list[str], overrides: dict[str, Any], seed: str | None = None) -> Table:
    specs = [services.SeatSpec(bot_level=level) for level in levels]
    return services.table_create(creator=owner, preset="standard", overrides=overrides, seats=specs, seed=seed)


def _assert_log_is_whole(table: Table) -> None:
    """seq 1..N without gap or duplicate, and replaying the log rebuilds the stored snapshot."""
    table.refresh_from_db()
    rows = [(r.seq, r.type, r.payload) for r in Action.objects.filter(table=table).order_by("seq")]
    assert_log_replays(rows, seq=table.seq, rules=table.rules, state=table.state)


def assert_log_replays(rows: list[tuple[int, str, dict[str, Any]]], *, seq: int, rules: dict[str, Any],
                       state: dict[str, Any]) -> None:
    """A table's action log, as rows ``(seq, type, payload)`` in seq order, is seq 1..``seq`` without gap or
    duplicate, and replaying it rebuilds the stored snapshot ``state`` (for a log read from another database)."""
    assert [row[0] for row in rows] == list(range(1, seq + 1))
    moves = [engine.Action.from_json(payload) for _, kind, payload in rows if kind not in Action.SERVICE_TYPES]
    replayed = engine.Game.replay(engine.rules_from_dict(rules), moves, seed=state["seed"],
                                  first_dealer=state["first_dealer"])
    assert replayed.to_json(history=False) == state


def _finished(table: Table) -> bool:
    table.refresh_from_db()
    return table.status == Table.Status.FINISHED


def test_four_bots_play_a_game_to_the_end(start_worker: Any) -> None:
    start_worker()
    owner = _player("bot-owner")
    table = _bot_table(owner, levels=["easy", "normal", "hard", "normal"], overrides={"target": 150})
    wait_for(lambda: _finished(table), seconds=240, what="four bots finishing a game")
    assert table.winner in (0, 1)
    _assert_log_is_whole(table)
    assert table.hands.count() >= 1


def test_a_speed_game_plays_an_absent_player_until_a_bot_takes_the_seat(start_worker: Any) -> None:
    start_worker()
    absent = _player("absent")
    specs = [services.SeatSpec(), services.SeatSpec("normal"), services.SeatSpec("normal"), services.SeatSpec("normal")]
    table = services.table_create(creator=absent, preset="speed", take_seat=0, seats=specs,
                                  overrides={"move_seconds": 1, "timeouts_before_replace": 2, "target": 100})
    seat = Seat.objects.get(table=table, index=0)

    def replaced() -> bool:
        seat.refresh_from_db()
        return seat.replaced_by_bot

    wait_for(replaced, seconds=120, what="the absent player's seat to be handed to a bot")
    timeouts = [e for row in Action.objects.filter(table=table) for e in row.events if e["type"] == "timeout"]
    assert [e["timeouts"] for e in timeouts][:2] == [1, 2]
    assert all(e["seat"] == 0 and e["action"] == "auto_play" for e in timeouts)
    assert any(e["type"] == "seat_replaced" for row in Action.objects.filter(table=table) for e in row.events)
    wait_for(lambda: _finished(table), seconds=240, what="the game to finish with the bot in the seat")
    _assert_log_is_whole(table)


def test_a_task_delivered_twice_applies_one_action(start_worker: Any) -> None:
    owner, other = _player("dup-owner"), _player("dup-other")
    seed = "duplicate-delivery"
    first_bidder = (engine.Game.new(engine.preset("standard"), seed=seed).dealer + 1) % 4
    levels = ["" for _ in range(4)]
    levels[first_bidder] = "easy"  # the bot bids first, then a player who never moves
    table = _bot_table(owner, levels=levels, overrides={}, seed=seed)
    players = iter([owner, other, _player("dup-third")])
    for index in range(4):
        if not levels[index]:
            services.table_join(table_id=table.pk, player=next(players), seat=index)
    table.refresh_from_db()
    seq = table.seq
    for _ in range(3):  # on top of the one scheduled when the game started
        play_bot_turn.delay(str(table.pk), seq)
    start_worker()
    wait_for(lambda: Action.objects.filter(table=table, seq=seq + 1).exists(), seconds=60, what="the bot's bid")
    wait_for(lambda: not _queue_has_work(), seconds=30, what="the queue to drain")
    table.refresh_from_db()
    assert table.seq == seq + 1
    assert Action.objects.get(table=table, seq=seq + 1).type == "bid"
    assert play_bot_turn(str(table.pk), seq) is False  # a late delivery changes nothing


def _queue_has_work() -> bool:
    from amqp.exceptions import ChannelError

    from spades_api.celery import app

    with app.connection_for_write() as conn:
        try:
            return conn.default_channel.queue_declare("celery", passive=True).message_count > 0
        except ChannelError:  # Redis keeps no empty queue
            return False


def test_a_clock_expiry_delivered_twice_applies_one_action(start_worker: Any) -> None:
    absent = _player("clock-absent")
    specs = [services.SeatSpec(), services.SeatSpec("easy"), services.SeatSpec("easy"), services.SeatSpec("easy")]
    table = services.table_create(creator=absent, preset="speed", take_seat=0, seats=specs, seed="clock-twice",
                                  overrides={"move_seconds": 1, "timeouts_before_replace": 5})
    start_worker()

    def waiting_on_player() -> bool:
        table.refresh_from_db()
        return table.turn_deadline is not None

    wait_for(waiting_on_player, seconds=60, what="the absent player's turn")
    seq = table.seq
    for _ in range(3):
        clock_timeout.apply_async((str(table.pk), seq), eta=table.turn_deadline)
    wait_for(lambda: Action.objects.filter(table=table, seq=seq + 1).exists(), seconds=30, what="the timeout")
    row = Action.objects.get(table=table, seq=seq + 1)
    assert row.seat == 0 and row.events[0]["type"] == "timeout"
    assert sum(e["type"] == "timeout" and e["timeouts"] == 1 for r in Action.objects.filter(table=table)
               for e in r.events) == 1


def test_a_killed_worker_loses_nothing(start_worker: Any) -> None:
    worker = start_worker()
    owner = _player("kill-owner")
    table = _bot_table(owner, levels=["easy"] * 4, overrides={"target": 150})
    wait_for(lambda: Action.objects.filter(table=table).count() > 20, seconds=60, what="the game to get going")
    worker.kill()
    start_worker(beat=True)  # the sweeper picks up the turn whose message died with the worker
    wait_for(lambda: _finished(table), seconds=240, what="the game to finish after the worker was killed")
    _assert_log_is_whole(table)


def test_hand_reviews_wait_on_their_own_queue_and_never_hold_up_the_bots(start_worker: Any) -> None:
    """A worker of the bots' queue alone plays a game on past its first hand and never takes that hand's review
    (a review holds a process for seconds; on the bots' queue a bot or a clock would wait behind it); a worker
    of the analysis queue then reviews it."""
    start_worker(queues=settings.CELERY_TASK_DEFAULT_QUEUE)
    table = _bot_table(_player("review-owner"), levels=["easy"] * 4, overrides={"target": 500})
    wait_for(lambda: HandAnalysis.objects.filter(table=table, number=1).exists(), seconds=120,
             what="the bots finishing the first hand")
    table.refresh_from_db()
    wait_for(lambda: Table.objects.get(pk=table.pk).seq >= table.seq + 20, seconds=120,
             what="the bots playing on into the second hand")
    assert HandAnalysis.objects.get(table=table, number=1).status == HandAnalysis.Status.PENDING
    start_worker(queues=settings.ANALYSIS_QUEUE)
    wait_for(lambda: HandAnalysis.objects.get(table=table, number=1).status == HandAnalysis.Status.DONE,
             seconds=120, what="the analysis worker reviewing the first hand")

"""Celery tasks that play the built-in bots at the service's tables: a bot's turn, and the move for a
player whose clock ran out.

Each is a client of games, like a player: it reads the seat's view at the table's ``seq`` without a lock
(``games.selectors``), thinks, and sends its move through the service a player's move goes through, which
applies it only if the table is still at that ``seq``. So no row lock is held while a bot thinks, and a
duplicate, late or overtaken delivery does nothing. ``bots.apps`` enqueues these when games announces a
table waiting on a bot or a clock (``games.signals.seats_to_move``).

The bot's chance comes from ``random.Random(f"{table_id}/{seq}/{seat}")``, so the same game plays out the
same way again.
"""

from __future__ import annotations

import random
from typing import Any

from celery import Task, shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from bots.strategies import decide
from core import metrics
from games import engine, selectors, services


def _choose(table_id: Any, seq: int, seat: int, view: dict[str, Any], rules: engine.RuleSet,
            level: str) -> dict[str, Any]:
    """The action the bot of ``level`` takes for ``seat`` from its view at ``seq``."""
    rng = random.Random(f"{table_id}/{seq}/{seat}")
    return decide(view, rules, level=level, rng=rng, budget_ms=settings.BOT_BUDGET_MS)


def _bot_turn(table_id: str, seq: int) -> bool:
    with metrics.BOT_TURN.time():
        turn = selectors.bot_turn_at(table_id=table_id, seq=seq)
        if turn is None:
            return False
        action = _choose(turn.table_id, seq, turn.seat, turn.view, turn.rules, turn.level)
        return services.table_act_for_bot(table_id=turn.table_id, seat=turn.seat, seq=seq, action=action)


def _clock_runs_out(task: Task, table_id: str, seq: int) -> bool:
    metrics.observe_clock_lateness(task.request.eta)
    expiry = selectors.clock_expiry_at(table_id=table_id, seq=seq)
    if expiry is None:
        return False
    moves = {} if expiry.timeout_action == "forfeit" else {
        late.seat: _choose(expiry.table_id, seq, late.seat, late.view, expiry.rules, late.level)
        for late in expiry.late}
    return services.clock_expire(table_id=expiry.table_id, seq=seq, moves=moves)


RETRY = {"autoretry_for": (OperationalError, InterfaceError), "retry_backoff": True, "retry_backoff_max": 30,
         "max_retries": 20, "acks_late": True}
"""For a task that changes a table: acknowledged late (a worker that dies mid-task leaves the message to be
delivered again) and retried with backoff while the database is briefly unavailable."""


@shared_task(**RETRY)
def play_bot_turn(table_id: str, seq: int) -> bool:
    """A built-in bot moves at ``table_id`` if the table is still at ``seq``; returns whether it did."""
    return _bot_turn(table_id, seq)


@shared_task(bind=True, **RETRY)
def clock_timeout(self: Task, table_id: str, seq: int) -> bool:
    """The move clock of ``table_id`` at ``seq`` ran out: the late seats' moves are made (or the late side
    forfeits); returns whether anything changed."""
    return _clock_runs_out(self, table_id, seq)


# Messages queued before these tasks moved here from games (a clock's ETA can be minutes away) name them as
# games.tasks did: these forward them, until no such message can be left.

@shared_task(name="games.tasks.play_bot_turn", **RETRY)
def play_bot_turn_by_old_name(table_id: str, seq: int) -> bool:
    """:func:`play_bot_turn` under its former name."""
    return _bot_turn(table_id, seq)


@shared_task(name="games.tasks.clock_timeout", bind=True, **RETRY)
def clock_timeout_by_old_name(self: Task, table_id: str, seq: int) -> bool:
    """:func:`clock_timeout` under its former name."""
    return _clock_runs_out(self, table_id, seq)

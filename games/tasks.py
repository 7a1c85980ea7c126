"""Celery tasks: thin wrappers that look up what they need and call a service.

Every task names the table and the ``seq`` it was scheduled for, so a duplicate or late delivery finds the
table moved on and does nothing. Tasks are acknowledged late (a worker that dies mid-task leaves the
message to be delivered again) and retried with backoff when the database is briefly unavailable. The
sweeper re-enqueues whatever a lost message or a dead worker left waiting, so no game depends on one
message.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from core import metrics
from games import selectors, services

log = logging.getLogger(__name__)

RETRY = {"autoretry_for": (OperationalError, InterfaceError), "retry_backoff": True, "retry_backoff_max": 30,
         "max_retries": 20, "acks_late": True}


@shared_task(**RETRY)
def play_bot_turn(table_id: str, seq: int) -> bool:
    """A built-in bot moves at ``table_id`` if the table is still at ``seq``."""
    with metrics.BOT_TURN.time():
        return services.bot_act(table_id=table_id, seq=seq)


@shared_task(**RETRY)
def clock_timeout(table_id: str, seq: int) -> bool:
    """The move clock of ``table_id`` at ``seq`` ran out."""
    metrics.observe_clock_lateness(clock_timeout.request.eta)
    return services.clock_expire(table_id=table_id, seq=seq)


@shared_task(acks_late=True)
def sweep() -> int:
    """Re-enqueue bot turns and clock expiries that nothing is handling; returns how many."""
    stalled = selectors.stalled_tables(older_than_seconds=settings.SWEEP_SECONDS)
    for table_id, seq, kind in stalled:
        task = play_bot_turn if kind == "bot" else clock_timeout
        task.delay(str(table_id), seq)
    if stalled:
        log.info("sweeper re-enqueued %d stalled tables", len(stalled))
    return len(stalled)

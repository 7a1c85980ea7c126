"""Celery tasks of games: the beat sweeper.

Bot turns and move clocks are the bots app's tasks (``bots.tasks``): games announces them with
``signals.seats_to_move`` and never names them. Every such task is keyed by the table and the ``seq`` it was
scheduled for, so a duplicate or late delivery finds the table moved on and does nothing; the sweeper
announces again whatever a lost message or a dead worker left waiting, so no game depends on one message.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings

from games import selectors, signals
from games.models import Table

log = logging.getLogger(__name__)



@shared_task(acks_late=True)
def sweep() -> int:
    """Announce again the bot turns and clock expiries that nothing is handling; returns how many."""
    stalled = selectors.stalled_tables(older_than_seconds=settings.SWEEP_SECONDS)
    for table_id, seq, kind in stalled:
        # deadline=None: an overdue clock runs now, and is not counted in the clock-lateness histogram.
        signals.seats_to_move.send(sender=Table, table_id=table_id, seq=seq, kind=kind, deadline=None)
    if stalled:
        log.info("sweeper re-enqueued %d stalled tables", len(stalled))
    return len(stalled)

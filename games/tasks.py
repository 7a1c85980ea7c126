"""Celery tasks of games: the beat sweeper, a seek's bot fill, the matchmaking tick, the closing of open
tables nobody filled and the review of a finished hand.

Bot turns and move clocks are the bots app's tasks (``bots.tasks``): games announces them with
``signals.seats_to_move`` and never names them. Every such task is keyed by the table and the ``seq`` it was
scheduled for, so a duplicate or late delivery finds the table moved on and does nothing; the sweeper
announces again whatever a lost message or a dead worker left waiting, so no game depends on one message.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.conf import settings

from games import analysis, matchmaking, selectors, services, signals
from games.models import Table

log = logging.getLogger(__name__)


@shared_task(acks_late=True)
def sweep() -> int:
    """Announce again the bot turns, clock expiries and hand reviews that nothing is handling; returns how
    many."""
    stalled = selectors.stalled_tables(older_than_seconds=settings.SWEEP_SECONDS)
    for table_id, seq, kind in stalled:
        # deadline=None: an overdue clock runs now, and is not counted in the clock-lateness histogram.
        signals.seats_to_move.send(sender=Table, table_id=table_id, seq=seq, kind=kind, deadline=None)
    if stalled:
        log.info("sweeper re-enqueued %d stalled tables", len(stalled))
    reviews = analysis.analyses_stalled()
    for table_id, number in reviews:
        signals.hand_finished.send(sender=Table, table_id=table_id, number=number)
    if reviews:
        log.info("sweeper re-enqueued %d hand reviews", len(reviews))
    return len(stalled) + len(reviews)


@shared_task(acks_late=True)
def seek_fill(seek_id: str) -> str | None:
    """A seek's wait is over: open its table with bots in the empty seats (nothing if it was paired or
    cancelled meanwhile). Returns the table's id."""
    table = matchmaking.seek_fill(seek_id=seek_id)
    return None if table is None else str(table.pk)


def seek_fill_later(sender: Any, seek_id: Any, seconds: int, **kwargs: Any) -> None:
    """``signals.seek_waiting``'s receiver: the seek's bot fill, due ``seconds`` from now."""
    seek_fill.apply_async((str(seek_id),), countdown=seconds)


@shared_task(acks_late=True)
def matchmaking_tick() -> dict[str, int]:
    """Beat: expire the challenges whose time ran out, and fill the seeks a lost message left waiting."""
    return {"expired": matchmaking.challenges_expire(),
            "filled": matchmaking.seeks_fill_due(older_than_seconds=settings.SWEEP_SECONDS)}


@shared_task(acks_late=True)
def tables_expire() -> dict[str, int]:
    """Beat: close the open tables nobody filled within ``OPEN_TABLE_TTL_SECONDS`` and the unclocked games
    nobody moved at for ``IDLE_TABLE_TTL_SECONDS`` (finished as abandoned, reason ``unfilled`` or ``idle``)."""
    closed = {"unfilled": services.open_tables_expire(), "idle": services.idle_tables_expire()}
    if any(closed.values()):
        log.info("closed %(unfilled)d open tables nobody filled and %(idle)d idle games", closed)
    return closed


@shared_task(acks_late=True)
def analyse(table_id: str, number: int) -> str:
    """Solve the review of a finished hand (``games.analysis``); a duplicate delivery does nothing."""
    return analysis.analysis_run(table_id=table_id, number=number)


def analyse_later(sender: Any, table_id: Any, number: int, **kwargs: Any) -> None:
    """``signals.hand_finished``'s receiver: the hand's review, queued."""
    analyse.delay(str(table_id), number)

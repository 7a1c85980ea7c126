"""The double dummy review of finished hands as a service: its rows (:class:`~games.models.HandAnalysis`),
the solving of one by a worker, what a reader is answered, and the hands the sweeper must announce again.

A hand's row is written ``pending`` in the transaction that ends the hand (``services`` calls
:func:`analysis_queue`), which announces ``signals.hand_finished`` once it commits; games' task
(``games.tasks.analyse``) calls :func:`analysis_run`. The solve takes seconds to tens of seconds, so it is
done outside any transaction: a worker first *claims* the row (``pending`` to ``running``, one conditional
update, so a duplicate delivery or a second worker finds it claimed and does nothing), then writes the
review and ``done``. A row left ``running`` by a worker that died is claimable again after
``ANALYSIS_STALE_SECONDS``, and :func:`analyses_stalled` gives the sweeper every row nobody is solving. The
solver gets ``ANALYSIS_NODE_BUDGET`` nodes for the hand's cards and the par what they leave, or
``ANALYSIS_PAR_NODE_BUDGET`` of its own when set (``games.engine.review``: the cards it cannot reach are served
as not analysed, a par that does not fit as missing).

A review shows exactly when the hand's record does (``selectors.hand_public``): it holds every seat's cards.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from functools import partial
from typing import Any, NamedTuple

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import selectors, signals
from games.engine.review import review_hand
from games.engine.solver import Solver
from games.models import HandAnalysis, Table

log = logging.getLogger(__name__)


class AnalysisRead(NamedTuple):
    """What a reader of a hand's review is answered: the review's JSON once ``done``, else ``None``."""

    status: str
    review: dict[str, Any] | None


def analysis_get(*, table: Table, number: int) -> AnalysisRead:
    """The review of hand ``number`` of ``table`` as a reader sees it, with the errors of
    ``selectors.hand_public`` while the hand is not public. A finished hand without a row (one that ended
    before reviews existed) gets one, announced at commit like a hand that has just ended."""
    selectors.hand_public(table=table, number=number)
    row = HandAnalysis.objects.filter(table=table, number=number).only("status", "data").first()
    if row is None:
        with transaction.atomic():
            row, created = HandAnalysis.objects.get_or_create(table=table, number=number)
            if created:
                _announce(table.pk, number)
    return AnalysisRead(row.status, row.data if row.status == HandAnalysis.Status.DONE else None)


def analysis_queue(*, table: Table, number: int) -> None:
    """Write the review of hand ``number`` of ``table``, which has just ended, ``pending``, and announce it
    once the current transaction commits."""
    HandAnalysis.objects.create(table=table, number=number)
    _announce(table.pk, number)


def _announce(table_id: Any, number: int) -> None:
    transaction.on_commit(partial(signals.hand_finished.send, sender=Table, table_id=table_id, number=number))


def _stale_before() -> Any:
    return timezone.now() - timedelta(seconds=settings.ANALYSIS_STALE_SECONDS)


def _claimable() -> Q:
    """Rows a worker may claim: pending, or left running by a worker that has not finished in time."""
    return Q(status=HandAnalysis.Status.PENDING) | Q(status=HandAnalysis.Status.RUNNING,
                                                     started_at__lt=_stale_before())


def analysis_run(*, table_id: Any, number: int) -> str:
    """Solve and store the review of hand ``number`` of table ``table_id`` if nobody has (or is solving it);
    returns what happened: ``done``, or ``skipped`` (done already, claimed by another worker, or no such
    hand). Safe to call any number of times for one hand."""
    claimed = HandAnalysis.objects.filter(_claimable(), table_id=table_id, number=number).update(
        status=HandAnalysis.Status.RUNNING, started_at=timezone.now())
    if not claimed:
        return "skipped"
    table = Table.objects.get(pk=table_id)
    game = selectors.game_replayed(table)
    if game is None:  # a hand was written, so the table started: never, but not worth a crash loop
        return "skipped"
    cards, par = settings.ANALYSIS_NODE_BUDGET, settings.ANALYSIS_PAR_NODE_BUDGET
    review = review_hand(game, number, solver=Solver(), node_budget=cards, par_budget=par)
    budget = cards if cards is None or par is None else cards + par
    HandAnalysis.objects.filter(table_id=table_id, number=number).update(
        status=HandAnalysis.Status.DONE, data=review.to_json(), node_budget=budget, finished_at=timezone.now())
    log.info("hand review of table %s hand %d: %d of %d cards analysed, par %s", table_id, number,
             review.analysed, len(review.plays), "missing" if review.par_missing else "solved")
    return "done"


def analyses_stalled() -> list[tuple[Any, int]]:
    """The (table id, hand number) of reviews nobody is solving, a hundred at a time, each marked announced:
    pending for ``ANALYSIS_STALE_SECONDS`` (its message lost, or queued behind other solves: announcing it
    again then does no harm) or claimed by a worker that has not finished in that time. A row announced comes
    back only that long after its announcement, not at every sweep: behind a backlog of reviews, the queue
    would otherwise grow by a copy of each waiting review every few seconds."""
    before = _stale_before()
    not_lately = Q(announced_at__isnull=True) | Q(announced_at__lt=before)
    with transaction.atomic():
        rows = list(HandAnalysis.objects.select_for_update(skip_locked=True)
                    .filter(Q(status=HandAnalysis.Status.PENDING, created_at__lt=before)
                            | Q(status=HandAnalysis.Status.RUNNING, started_at__lt=before))
                    .filter(not_lately).order_by("created_at").values_list("pk", "table_id", "number")[:100])
        HandAnalysis.objects.filter(pk__in=[pk for pk, _, _ in rows]).update(announced_at=timezone.now())
    return [(table_id, number) for _, table_id, number in rows]

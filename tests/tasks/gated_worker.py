"""The project's Celery app for a worker whose bots stop in the middle of their thinking until the test lets
them go: before each decision the bot takes and drops the PostgreSQL advisory lock ``GATE``, so while a test
holds it, the bot sits between reading its seat view and applying its move, where the test can see it
waiting (``pg_stat_activity``) and try the locks it would hold. Start it with
``start_worker(app="tests.tasks.gated_worker")``; only a worker started so is gated (``celeryd_init``)."""

from typing import Any

import django
from celery.signals import celeryd_init

from spades_api.celery import app

GATE = 4_242_001
"""The advisory lock key the bots wait on."""


@celeryd_init.connect(weak=False)
def _gate_the_bots(**_: Any) -> None:
    django.setup()
    from django.db import connection

    from bots import tasks

    decide = tasks.decide

    def decide_after_the_gate(*args: Any, **kwargs: Any) -> dict[str, Any]:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [GATE])
            cursor.execute("SELECT pg_advisory_unlock(%s)", [GATE])
        return decide(*args, **kwargs)

    tasks.decide = decide_after_the_gate


__all__ = ["GATE", "app"]

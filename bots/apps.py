"""App configuration for bots (built-in strategies run by Celery workers, the arena and the example client).

Games does not import bots: when it is ready, this app plugs itself into games. It hears which tables wait
on a bot or a move clock (``games.signals.seats_to_move``) and enqueues its tasks (``bots.tasks``), and it
is the source of the hints games serves (``games.selectors.hint_source_set``) and of the built-in bots' answers
to challenges (``games.matchmaking.bot_answer_set``).
"""

from datetime import datetime
from functools import partial
from typing import Any

from django.apps import AppConfig


def _on_seats_to_move(sender: Any, table_id: Any, seq: int, kind: str, deadline: datetime | None,
                      **kwargs: Any) -> None:
    """Hand a bot's turn, or a clock to run out at ``deadline``, to a worker."""
    from bots import tasks

    if kind == "bot":
        tasks.play_bot_turn.delay(str(table_id), seq)
    else:
        tasks.clock_timeout.apply_async((str(table_id), seq), eta=deadline)


class BotsConfig(AppConfig):
    """Owns the bot strategies: pure functions of a seat view that return a bid, play or exchange."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "bots"
    verbose_name = "Bots"

    def ready(self) -> None:
        from django.conf import settings

        from bots.strategies import bid_hint, challenge_answer, play_hint
        from games import matchmaking, selectors, signals

        signals.seats_to_move.connect(_on_seats_to_move, dispatch_uid="bots.seats_to_move")
        selectors.hint_source_set(selectors.HintSource(bid=bid_hint, play=play_hint))
        matchmaking.bot_answer_set(partial(challenge_answer, budget_ms=settings.BOT_BUDGET_MS))

"""App configuration for bots (built-in strategies run by Celery workers, the arena and the example client).

Games does not import bots: when it is ready, this app plugs itself into games. It hears which tables wait
on a bot or a move clock (``games.signals.seats_to_move``) and enqueues its tasks (``bots.tasks``), and it
is the source of the hints games serves (``games.selectors.hint_source_set``).
"""

from datetime import datetime
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
        from bots.strategies import bid_hint, play_hint
        from games import selectors, signals

        signals.seats_to_move.connect(_on_seats_to_move, dispatch_uid="bots.seats_to_move")
        selectors.hint_source_set(selectors.HintSource(bid=bid_hint, play=play_hint))

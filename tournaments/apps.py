"""App configuration for tournaments (formats, pairing, scheduling, ladders and ratings)."""

from typing import Any

from django.apps import AppConfig


def _on_table_finished(sender: Any, table_id: Any, **kwargs: Any) -> None:
    """Hand a finished tournament or ladder table to a worker (after the game's own transaction)."""
    from tournaments.models import LadderGame, Match
    from tournaments.tasks import table_finished

    if Match.objects.filter(table_id=table_id).exists() or LadderGame.objects.filter(table_id=table_id).exists():
        table_finished.delay(str(table_id))


class TournamentsConfig(AppConfig):
    """Owns tournaments, entries, rounds, matches, ladders and ratings; creates games via games.services."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from games import selectors
        from games.signals import table_finished
        from tournaments.selectors import ladder_rating

        table_finished.connect(_on_table_finished, dispatch_uid="tournaments.table_finished")
        selectors.rating_source_set(ladder_rating)  # seekers are paired by their ladder rating

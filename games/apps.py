"""App configuration for games (players, tables, hands, action log, services, Celery tasks, v1 API)."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Owns players, tables, hands and the action log; changes them only through games.services."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from games import signals, tasks
        from games.api import schema  # noqa: F401  (registers the OpenAPI authentication extensions)

        signals.seek_waiting.connect(tasks.seek_fill_later, dispatch_uid="games.seek_fill_later")
        signals.hand_finished.connect(tasks.analyse_later, dispatch_uid="games.analyse_later")

"""App configuration for bots (built-in strategies run by Celery workers and the example client)."""

from django.apps import AppConfig


class BotsConfig(AppConfig):
    """Owns the bot strategies: pure functions of a seat view that return a bid, play or exchange."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "bots"
    verbose_name = "Bots"

"""App configuration for tournaments (formats, pairing, scheduling, ladders and ratings)."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Owns tournaments, entries, rounds, matches, ladders and ratings; creates games via games.services."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Tournaments"

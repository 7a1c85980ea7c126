"""App configuration for the reference web client (static page at /play/, no models, no game logic)."""

from django.apps import AppConfig


class WebclientConfig(AppConfig):
    """Owns the /play/ page and its static files; everything the page does goes through the public API."""

    name = "webclient"
    verbose_name = "Web client"

"""Django project package: settings, URL routing, the Celery app and the ASGI/WSGI entry points."""

from .celery import app as celery_app

__all__ = ["celery_app"]

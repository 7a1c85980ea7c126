"""The Celery application: configured from Django settings (``CELERY_*``), tasks found in the apps."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "spades_api.settings")

app = Celery("spades_api")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

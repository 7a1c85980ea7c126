"""WSGI entry point, for servers and tools that speak WSGI only."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "spades_api.settings")

application = get_wsgi_application()

"""ASGI entry point (the production server runs the service under uvicorn workers)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "spades_api.settings")

application = get_asgi_application()

"""Django project package: settings, URL routing and the ASGI/WSGI entry points."""

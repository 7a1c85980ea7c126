"""The task tests use the suite-wide ``start_worker`` fixture (``tests/conftest.py``): real Celery workers on
the real broker (CELERY_BROKER_URL, Redis or RabbitMQ) and the test database, started and stopped per test."""

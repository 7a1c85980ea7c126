"""Project-wide API plumbing below every app: the error registry and problem details, pagination,
query-parameter parsing, idempotency and metrics.

Apps import from here, never from one another's API modules. ``core`` imports Django, DRF and the pure
rules engine (``games.engine``, for its reason codes and exceptions), and no app's models or services.
"""

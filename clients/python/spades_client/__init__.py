"""A typed Python client of the Spades service.

``spades_client.generated`` is the whole API as openapi-python-client generates it from the service's
OpenAPI schema (``clients/python/regenerate.py``; a test regenerates it from the served schema and fails on
any difference, so it cannot drift). :class:`SpadesClient` is the hand-written layer on top: the play loop,
safe retries with the same Idempotency-Key, ``Retry-After`` on 429, the caller's quota, and resumable event
feeds.
"""

from spades_client.client import ACTION_MODELS, ApiError, EventFeed, SpadesClient, Strategy, Turn, action_body
from spades_client.transport import RateLimit, RetryTransport

__all__ = ["ACTION_MODELS", "ApiError", "EventFeed", "RateLimit", "RetryTransport", "SpadesClient", "Strategy",
           "Turn", "action_body"]

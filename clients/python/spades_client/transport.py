"""Safe retries under every request of the client, as an httpx transport, and the caller's rate limit.

:class:`RetryTransport` sends a request again when that cannot do a thing twice:
- a connection that could not be made (the request never reached the service), any request;
- a 429 ``throttled`` (the service refused before doing anything), any request, after its ``Retry-After``;
- a 5xx or a connection lost on the way, only a request that is safe to repeat: a GET, or a POST that
  carries an ``Idempotency-Key``, which the service answers with the first response again when the first
  did happen (a 5xx is never stored against the key, so its retry runs the request again). The same request
  object is sent again, with the same key.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import httpx

IDEMPOTENCY_KEY = "Idempotency-Key"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
RETRIED_STATUSES = frozenset({500, 502, 503, 504})


@dataclass(frozen=True, slots=True)
class RateLimit:
    """The caller's quota as the last answer reported it (``RateLimit-*`` headers)."""

    limit: int
    remaining: int
    reset: int
    """Seconds until the allowance grows again."""

    @classmethod
    def from_headers(cls, headers: httpx.Headers) -> RateLimit | None:
        """The quota in ``headers``, or ``None`` when the answer carries none (an unthrottled endpoint)."""
        try:
            return cls(int(headers["RateLimit-Limit"]), int(headers["RateLimit-Remaining"]),
                       int(headers["RateLimit-Reset"]))
        except (KeyError, ValueError):
            return None


def retry_after(response: httpx.Response) -> float | None:
    """The seconds a response's ``Retry-After`` asks for (a number of seconds), or ``None``."""
    value = response.headers.get("Retry-After", "")
    return float(value) if value.strip().isdigit() else None


class RetryTransport(httpx.BaseTransport):
    """Wraps a transport (by default httpx's own) and retries what is safe to retry, ``retries`` times at
    most, waiting ``Retry-After`` when the answer names it and a doubling ``backoff`` otherwise. A wait
    longer than ``max_wait`` is not waited for: that answer goes back to the caller."""

    def __init__(self, inner: httpx.BaseTransport | None = None, *, retries: int = 4, backoff: float = 0.25,
                 max_wait: float = 60.0, sleep: Callable[[float], None] = time.sleep) -> None:
        self.inner = inner or httpx.HTTPTransport()
        self.retries = retries
        self.backoff = backoff
        self.max_wait = max_wait
        self.sleep = sleep
        self.retried = 0
        """How many times a request was sent again, over the transport's life."""

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        repeatable = request.method in SAFE_METHODS or IDEMPOTENCY_KEY in request.headers
        attempt = 0
        while True:
            try:
                response = self.inner.handle_request(request)
            except (httpx.ConnectError, httpx.ConnectTimeout):
                if attempt >= self.retries:
                    raise
                delay = self.backoff * 2 ** attempt
            except httpx.TransportError:  # lost on the way: the service may have acted
                if not repeatable or attempt >= self.retries:
                    raise
                delay = self.backoff * 2 ** attempt
            else:
                retriable = response.status_code == 429 or (repeatable and response.status_code in RETRIED_STATUSES)
                wait = retry_after(response)
                delay = wait if wait is not None else self.backoff * 2 ** attempt
                if not retriable or attempt >= self.retries or delay > self.max_wait:
                    return response
                response.read()
                response.close()
            self.sleep(delay)
            attempt += 1
            self.retried += 1

    def close(self) -> None:
        self.inner.close()

"""Rate limits a program can read: DRF's throttles (the only limiter), each counting in the cache every process
shares and reporting the caller's quota after its check, and the ``RateLimit-Limit``, ``RateLimit-Remaining``
and ``RateLimit-Reset`` headers (IETF draft "RateLimit header fields for HTTP") that
:class:`RateLimitHeadersMiddleware` writes from it.

A throttle keeps DRF's sliding window, the times of the requests it allowed in the last ``duration`` seconds,
but counts in one atomic step in the shared cache (``core.shared_cache.window``: a script on Redis) instead of
DRF's read, change and write of the list, which two processes racing on one key lose updates through: a
token's limit is one limit for the whole service, however many processes serve it. Where several throttles
apply to a request (per token, per address, the registration scope), the headers describe the one closest to
refusing, since that one decides when the caller must wait. ``Reset`` is the number of seconds until the oldest
request in that window leaves it and the quota grows again: when ``Remaining`` is 0 it is the ``Retry-After``
of the 429 the next request would get. While the shared cache does not answer, each process counts in its own
memory (logged): limits per process for that while, rather than none or a refusal of everyone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from rest_framework import throttling

from core import shared_cache
from core.middleware import DualMiddleware

LIMIT, REMAINING, RESET = "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"
HEADERS = (LIMIT, REMAINING, RESET)


@dataclass(frozen=True, slots=True)
class Quota:
    """One throttle's allowance for this caller after this request."""

    limit: int
    remaining: int
    reset: int

    def closer_to_refusing(self, other: Quota) -> bool:
        """Whether this quota binds before ``other``: fewer requests left, or as few but a longer wait."""
        return (self.remaining, -self.reset) < (other.remaining, -other.reset)


def wait_seconds(seconds: float | None) -> int:
    """A wait as the whole seconds a client should sleep: rounded up, at least 1."""
    return max(1, math.ceil(seconds or 0))


def _quotas(request: Any) -> list[Quota]:
    """The quotas recorded on the Django request behind DRF's ``request``."""
    django_request = getattr(request, "_request", request)
    if not hasattr(django_request, "rate_limit_quotas"):
        django_request.rate_limit_quotas = []
    return django_request.rate_limit_quotas  # type: ignore[no-any-return]


class QuotaReporting(throttling.SimpleRateThrottle):
    """A DRF rate throttle counted in the shared cache, that also records the caller's quota on the request
    when it applies. It replaces ``SimpleRateThrottle.allow_request``, so it comes after DRF's throttle in a
    subclass's bases: the scoped throttle's own ``allow_request`` (which finds the view's rate) runs first."""

    def allow_request(self, request: Any, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True  # this throttle does not apply to the caller (an anonymous limit, a token)
        self.now = self.timer()
        allowed, used, oldest = shared_cache.window(self.key, self.now, self.duration, self.num_requests)
        self.reset_after = self.duration - (self.now - oldest) if oldest is not None else 0.0
        reset = wait_seconds(self.reset_after) if oldest is not None else 0
        _quotas(request).append(Quota(self.num_requests, max(0, self.num_requests - used), reset))
        return allowed

    def wait(self) -> float:
        """After a refusal: the seconds until the oldest request counted leaves the window."""
        return self.reset_after


class UserRateThrottle(throttling.UserRateThrottle, QuotaReporting):
    """Per token (per address without one), reporting its quota."""


class AnonRateThrottle(throttling.AnonRateThrottle, QuotaReporting):
    """Per address, for requests without a token, reporting its quota."""


class ScopedRateThrottle(throttling.ScopedRateThrottle, QuotaReporting):
    """Per view scope (``throttle_scope``, registration), reporting its quota."""


def binding_quota(request: HttpRequest) -> Quota | None:
    """The quota closest to refusing among those the request's throttles recorded, or ``None``."""
    quotas: list[Quota] = getattr(request, "rate_limit_quotas", [])
    best: Quota | None = None
    for quota in quotas:
        if best is None or quota.closer_to_refusing(best):
            best = quota
    return best


class RateLimitHeadersMiddleware(DualMiddleware):
    """Writes the ``RateLimit-*`` headers on every response whose request went through a throttle."""

    def call(self, request: HttpRequest) -> HttpResponse:
        return self._headers(request, self.get_response(request))

    async def acall(self, request: HttpRequest) -> HttpResponse:
        return self._headers(request, await self.get_response(request))

    @staticmethod
    def _headers(request: HttpRequest, response: HttpResponse) -> HttpResponse:
        quota = binding_quota(request)
        if quota is not None:
            response[LIMIT] = str(quota.limit)
            response[REMAINING] = str(quota.remaining)
            response[RESET] = str(quota.reset)
        return response


HEADER_DOCS: dict[str, dict[str, Any]] = {
    LIMIT: {"description": "Requests allowed in the window of the rate limit closest to refusing you "
                           "(per token, per address without one, or for registrations).",
            "schema": {"type": "integer", "minimum": 0}},
    REMAINING: {"description": "Requests you may still make in that window before a 429 throttled.",
                "schema": {"type": "integer", "minimum": 0}},
    RESET: {"description": "Seconds until the oldest request counted leaves the window and the allowance "
                           "grows again; with RateLimit-Remaining 0, the wait that Retry-After would give.",
            "schema": {"type": "integer", "minimum": 0}},
}
"""The OpenAPI description of each header (``components/headers``)."""
RETRY_AFTER_DOC: dict[str, Any] = {
    "description": "Seconds to wait before retrying (a POST with the same Idempotency-Key).",
    "schema": {"type": "integer", "minimum": 1},
}

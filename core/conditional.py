"""Conditional reads: an ``ETag`` on a read's answer and ``304 Not Modified`` for a matching ``If-None-Match``.

The ETag is Django's (``ConditionalGetMiddleware``, used per view): a hash of the very bytes this caller is
sent, so it changes whenever anything the caller sees changes, and two callers who see different things (two
seats' views, two languages) can never share one; a 304 is only ever the answer to a caller who already holds
exactly what it would be sent. Nothing is cached on the server: the saving is the body on the wire, which a
client that reads the same table again and again (a bot polling, a page refreshing) no longer downloads.

The answers are marked ``Cache-Control: private, no-cache`` and ``Vary: Authorization``: a shared cache
must not keep one player's view for another, and a browser revalidates every time (its fetch turns the 304
back into the body it kept, so a page needs no code for it).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.middleware.http import ConditionalGetMiddleware
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.decorators import decorator_from_middleware


class PrivateConditionalGet(ConditionalGetMiddleware):
    """Django's conditional GET, for answers that are the caller's own."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if request.method == "GET" and 200 <= response.status_code < 300:
            patch_vary_headers(response, ("Authorization",))
            patch_cache_control(response, private=True, no_cache=True)
        return super().process_response(request, response)


conditional_get = decorator_from_middleware(PrivateConditionalGet)
"""A view decorator: the ETag and the 304, after the response is rendered (DRF renders late)."""


class ConditionalGetMixin:
    """For an ``APIView`` whose GET is a read: its view function gets :data:`conditional_get`."""

    @classmethod
    def as_view(cls, **initkwargs: Any) -> Any:
        return conditional_get(super().as_view(**initkwargs))  # type: ignore[misc]

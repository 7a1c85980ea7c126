"""The base of the API's asynchronous views (the long-polls and the event streams): adrf's ``APIView``
without two per-request costs it has for nothing.

adrf checks the sync throttles in the thread that runs the view's ``initial`` and then, even when the view has
no async throttle, runs an empty list of them through ``async_to_sync``: a round trip from that thread to the
event loop and back on every request. Here the async throttles go that way only when there are some.

Django's handler renders a DRF response (a ``SimpleTemplateResponse``, whose ``render`` is sync) in a thread,
a hop there and back for JSON that the renderer writes without any I/O. Under the service's handler
(``spades_api.asgi``, which sets :data:`core.threads.server_threads`) the response is rendered here, on the
event loop, and handed on as rendered; elsewhere (Django's test client) it is left to the handler as before.
"""

from __future__ import annotations

from inspect import iscoroutinefunction
from typing import Any

from adrf.views import APIView
from rest_framework.response import Response

from core.threads import server_threads


class AsyncAPIView(APIView):
    # adrf's APIView, checking its throttles without a trip to the event loop when all are sync. No docstring:
    # drf-spectacular would document each view without one of its own with it.

    def check_throttles(self, request: Any) -> None:
        throttles = self.get_throttles()
        if any(iscoroutinefunction(throttle.allow_request) for throttle in throttles):
            super().check_throttles(request)
            return
        durations = self.check_sync_throttles(request, throttles)
        if durations:
            # As adrf and DRF: the longest wait among the refusing throttles that know theirs (see DRF #1438).
            self.throttled(request, max((d for d in durations if d is not None), default=None))

    def finalize_response(self, request: Any, response: Any, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)
        if server_threads.get() is not None and isinstance(response, Response):
            response.render()  # the renderer's JSON, on the loop
            response.render = _rendered(response)  # what Django's handler then awaits: no thread hop
        return response


def _rendered(response: Response) -> Any:
    """An async ``render`` of a response already rendered (Django's handler awaits an async one in place)."""

    async def render() -> Response:
        return response

    return render

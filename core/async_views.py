"""The base of the API's asynchronous views (the long-polls and the event streams): adrf's ``APIView``
without a per-request cost it has for nothing.

adrf checks the sync throttles in the thread that runs the view's ``initial`` and then, even when the view has
no async throttle, runs an empty list of them through ``async_to_sync``: a round trip from that thread to the
event loop and back on every request. Here the async throttles go that way only when there are some.
"""

from __future__ import annotations

from inspect import iscoroutinefunction
from typing import Any

from adrf.views import APIView


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

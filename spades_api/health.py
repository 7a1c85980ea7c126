"""Liveness and readiness probes, and the middleware that answers them (and the metrics scrape) first.

``GET /healthz`` says the process answers and checks nothing else, so a slow database never gets a healthy
web process restarted. ``GET /readyz`` checks what a request needs, the database (``SELECT 1``) and the
Celery broker (a kombu connection), each with a short timeout: 200 with the detail of each check, or 503
with a problem body naming what failed, so the load balancer stops sending traffic until it recovers.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import resolve
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema, inline_serializer
from kombu import Connection
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import ErrorCode
from core.middleware import DualMiddleware
from core.problems import PROBLEM_JSON, body_refusal, problem

log = logging.getLogger(__name__)

# Answered ahead of every other middleware (see OpsEndpointsMiddleware).
OPS_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})


class OpsEndpointsMiddleware(DualMiddleware):
    """Serve the probes and the metrics scrape before the rest of the middleware.

    Kubelets and Prometheus reach a pod by its IP over plain HTTP: that Host is not in ``ALLOWED_HOSTS``
    and ``SECURE_SSL_REDIRECT`` would send them to HTTPS. These endpoints build no URLs from the Host
    header, so skipping those checks is safe; it also keeps probe traffic out of the request metrics and
    logs. The views stay routed in the URLconf (and documented), and are resolved from it here. A body over
    the limit is refused here as everywhere (``core.problems.BodyLimitMiddleware`` comes later).
    """

    def call(self, request: HttpRequest) -> Any:
        if request.path_info in OPS_PATHS:
            return body_refusal(request) or _serve(request)
        return self.get_response(request)

    async def acall(self, request: HttpRequest) -> HttpResponse:
        if request.path_info in OPS_PATHS:
            # The checks block (a database query, a broker connection): off the event loop.
            return body_refusal(request) or await sync_to_async(_serve)(request)
        response: Awaitable[HttpResponse] = self.get_response(request)
        return await response


def _serve(request: HttpRequest) -> HttpResponse:
    response = resolve(request.path_info).func(request)
    # The view is called outside Django's handler, which is what would render a DRF response.
    if hasattr(response, "render") and callable(response.render):
        response.render()
    return response


# Checks -------------------------------------------------------------------------------------------------

def check_database() -> None:
    """One round trip to the database; raises what the driver raises."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_broker() -> None:
    """Open (and close) a connection to the Celery broker, trying once."""
    timeout = settings.READYZ_TIMEOUT_SECONDS
    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {})
    # The embedded broker names its transport apart from its URL (settings.CELERY_BROKER_TRANSPORT).
    transport = getattr(settings, "CELERY_BROKER_TRANSPORT", None)
    with Connection(settings.CELERY_BROKER_URL, transport=transport, connect_timeout=timeout,
                    transport_options=options) as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=timeout)


CHECKS: dict[str, Callable[[], None]] = {"database": check_database, "broker": check_broker}


def run_checks() -> dict[str, dict[str, Any]]:
    """Every check's outcome: ``{"ok": true, "ms": 1.2}`` or ``{"ok": false, "ms": ..., "error": "<type>"}``.
    Only the exception's type is shown: the endpoint is public, the full error goes to the log."""
    results: dict[str, dict[str, Any]] = {}
    for name, check in CHECKS.items():
        started = time.perf_counter()
        try:
            check()
        except Exception as exc:  # any failure means not ready; which one is for the log
            log.warning("readiness check %s failed: %s", name, exc)
            outcome: dict[str, Any] = {"ok": False, "error": type(exc).__name__}
        else:
            outcome = {"ok": True}
        results[name] = {**outcome, "ms": round((time.perf_counter() - started) * 1000, 1)}
    return results


# Views --------------------------------------------------------------------------------------------------

_CHECK = inline_serializer("ReadinessCheck", {
    "ok": serializers.BooleanField(),
    "ms": serializers.FloatField(help_text="How long the check took, in milliseconds."),
    "error": serializers.CharField(required=False, help_text="The kind of failure (the log has the rest)."),
})
_CHECKS = inline_serializer("ReadinessChecks", {"database": _CHECK, "broker": _CHECK})


class _ProbeView(APIView):
    # Probes need no token and must never be throttled, or a busy pod would look dead.
    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes: list[Any] = []


class HealthzView(_ProbeView):
    @extend_schema(
        operation_id="ops_healthz", tags=["ops"], auth=[],
        responses={200: inline_serializer("Health", {"status": serializers.CharField()})},
        examples=[OpenApiExample("Alive", value={"status": "ok"}, response_only=True, status_codes=["200"])],
        summary="Liveness: the process answers",
        description="Checks no dependency: a failing liveness probe restarts the process, which would not "
                    "help when the database is down.",
    )
    def get(self, request: Request) -> Response:
        return Response({"status": "ok"})


class ReadyzView(_ProbeView):
    @extend_schema(
        operation_id="ops_readyz", tags=["ops"], auth=[],
        responses={
            200: inline_serializer("Ready", {"status": serializers.CharField(), "checks": _CHECKS}),
            (503, PROBLEM_JSON): OpenApiResponse(
                inline_serializer("NotReady", {
                    "type": serializers.CharField(), "title": serializers.CharField(),
                    "status": serializers.IntegerField(), "detail": serializers.CharField(),
                    "code": serializers.CharField(), "checks": _CHECKS,
                    "request_id": serializers.CharField(required=False),
                }),
                description="A dependency failed (service_unavailable); 'checks' says which."),
        },
        examples=[
            OpenApiExample("Ready", response_only=True, status_codes=["200"], value={
                "status": "ok", "checks": {"database": {"ok": True, "ms": 0.8}, "broker": {"ok": True, "ms": 2.1}}}),
            OpenApiExample("Broker down", response_only=True, status_codes=["503"], value={
                "type": "/api/v1/errors/#service_unavailable", "title": "Service unavailable", "status": 503,
                "detail": "Not ready: broker.", "code": "service_unavailable",
                "checks": {"database": {"ok": True, "ms": 0.8},
                           "broker": {"ok": False, "ms": 1.5, "error": "OperationalError"}}}),
        ],
        summary="Readiness: the database and the broker answer",
    )
    def get(self, request: Request) -> Response:
        checks = run_checks()
        failed = [name for name, outcome in checks.items() if not outcome["ok"]]
        if not failed:
            return Response({"status": "ok", "checks": checks})
        body = problem(ErrorCode.SERVICE_UNAVAILABLE, "en", f"Not ready: {', '.join(failed)}.",
                               checks=checks)
        return Response(body, status=503, content_type=PROBLEM_JSON, headers={"Cache-Control": "no-store"})

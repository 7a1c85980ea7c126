"""Prometheus metrics (prometheus_client): what is measured, the middleware that measures requests, the
``/metrics`` view, and a Celery worker's own exporter.

prometheus_client rather than django-prometheus: we want a few service metrics (requests by route name,
actions by type, bot-turn latency, clock lateness, queue depth), not its database and cache wrappers, and
the plain client's multiprocess mode is all that several gunicorn workers or Celery's prefork pool need.

With several processes, set ``PROMETHEUS_MULTIPROC_DIR`` to an empty directory private to the pod or
container (the deploy files use an emptyDir or tmpfs): each process writes its samples there and a
scrape of any one of them sums them all. Without it, each process reports its own.
"""

from __future__ import annotations

import hmac
import logging
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from celery.signals import worker_ready
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    start_http_server,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from core.errors import ErrorCode
from core.middleware import DualMiddleware
from core.problems import problem_response

log = logging.getLogger(__name__)
access_log = logging.getLogger("spades_api.access")  # the name log pipelines filter on; kept from before core/

UNMATCHED = "<unmatched>"  # a 404 outside any route: one label value, whatever the path

HTTP_REQUESTS = Counter("spades_http_requests_total", "HTTP requests answered, by method, route name and status.",
                        ["method", "route", "status"])
HTTP_LATENCY = Histogram("spades_http_request_duration_seconds",
                         "Time to the response (headers, for a stream), by method and route name.",
                         ["method", "route"],
                         buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60))
WAITING_READERS = Gauge("spades_waiting_readers", "Long-polls and event streams waiting for a table to move.",
                        multiprocess_mode="livesum")
FEED_READS = Counter("spades_feed_reads_total", "Reads of a table's log made by a process's hub of feeds, each for "
                     "every event stream of that table in the process (games.api.hub).")
ACTIONS = Counter("spades_actions_total", "Table actions applied (committed to the log), by type.", ["type"])
BOT_TURN = Histogram("spades_bot_turn_seconds", "Time a play_bot_turn task takes, the bot's thinking included.",
                     buckets=(0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10))
CLOCK_LATENESS = Histogram("spades_clock_expiry_lateness_seconds",
                           "How long after the move deadline a clock_timeout task ran.",
                           buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300))


def count_action(kind: str) -> None:
    """One table action of ``kind`` was committed."""
    ACTIONS.labels(type=kind).inc()


def observe_clock_lateness(eta: str | datetime | None) -> None:
    """A clock task scheduled for ``eta`` (Celery's ISO string) runs now. Tasks without an ETA (the
    sweeper's re-enqueues) are not counted: they have no deadline of their own."""
    if not eta:
        return
    when = datetime.fromisoformat(eta) if isinstance(eta, str) else eta
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    CLOCK_LATENESS.observe(max(0.0, (datetime.now(UTC) - when).total_seconds()))


# Queue depth, read from the broker at scrape time -------------------------------------------------------

# kombu's Redis transport keeps a queue's prioritised messages in lists named queue + this + priority.
_REDIS_PRIORITY_SEP = "\x06\x16"
_REDIS_PRIORITIES = (3, 6, 9)


def queue_depth(url: str, queue: str, timeout: float = 1.0) -> int | None:
    """Messages waiting in ``queue`` on the broker at ``url``: LLEN for Redis, a passive declare for AMQP;
    ``None`` for other brokers or when the broker does not answer. Tasks a worker has already taken (ETA
    tasks wait in the worker) are not counted."""
    scheme = url.split("://", 1)[0].lower()
    try:
        if scheme in {"redis", "rediss"}:
            import redis

            client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
            try:
                with client.pipeline(transaction=False) as pipe:
                    for name in [queue, *(f"{queue}{_REDIS_PRIORITY_SEP}{p}" for p in _REDIS_PRIORITIES)]:
                        pipe.llen(name)
                    return sum(pipe.execute())
            finally:
                client.close()
        if scheme in {"amqp", "amqps", "pyamqp"}:
            from kombu import Connection

            with Connection(url, connect_timeout=timeout) as conn:
                return int(conn.default_channel.queue_declare(queue=queue, passive=True).message_count)
    except Exception as exc:  # a scrape must not fail because the broker is away: report nothing
        log.warning("queue depth of %s unavailable: %s", queue, exc)
    return None


class QueueDepthCollector(Collector):
    """``spades_queue_depth{queue}``: each Celery queue's length (the settings' ``CELERY_TASK_QUEUES``: bot
    turns and clocks, hand reviews), read when Prometheus scrapes."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        queues = [queue.name for queue in getattr(settings, "CELERY_TASK_QUEUES", ())] or ["celery"]
        depths = [(queue, queue_depth(settings.CELERY_BROKER_URL, queue)) for queue in queues]
        known = [(queue, depth) for queue, depth in depths if depth is not None]
        if not known:
            return
        family = GaugeMetricFamily("spades_queue_depth", "Messages waiting in a Celery queue.", labels=["queue"])
        for queue, depth in known:
            family.add_metric([queue], depth)
        yield family


# Kept apart from the process metrics: only the web's /metrics reports it, so a worker's exporter does not
# count the same queue twice.
_QUEUE_REGISTRY = CollectorRegistry(auto_describe=True)
_QUEUE_REGISTRY.register(QueueDepthCollector())


def process_registry() -> CollectorRegistry:
    """This process's metrics, or every process's summed from PROMETHEUS_MULTIPROC_DIR."""
    if not settings.PROMETHEUS_MULTIPROC_DIR:
        return REGISTRY
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=settings.PROMETHEUS_MULTIPROC_DIR)
    return registry


def _authorised(request: HttpRequest) -> bool:
    token = settings.METRICS_TOKEN
    if not token:
        return True
    scheme, _, sent = request.headers.get("Authorization", "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(sent.strip().encode(), token.encode())


def metrics_view(request: HttpRequest) -> HttpResponse:
    """``GET /metrics`` in the Prometheus text format; a bearer token is required when METRICS_TOKEN is set."""
    if not _authorised(request):
        code = ErrorCode.AUTHENTICATION_FAILED if "Authorization" in request.headers else ErrorCode.NOT_AUTHENTICATED
        response = problem_response(code, request)
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    body = generate_latest(process_registry()) + generate_latest(_QUEUE_REGISTRY)
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)


# Requests -----------------------------------------------------------------------------------------------

class RequestMetricsMiddleware(DualMiddleware):
    """Count and time every request by method, route name and status, and write one access-log line
    (with the request id, as every log line of the request)."""

    def call(self, request: HttpRequest) -> Any:
        started = time.perf_counter()
        response = self.get_response(request)
        self._observe(request, response, time.perf_counter() - started)
        return response

    async def acall(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = await self.get_response(request)
        self._observe(request, response, time.perf_counter() - started)
        return response

    @staticmethod
    def _observe(request: HttpRequest, response: HttpResponse, seconds: float) -> None:
        match = getattr(request, "resolver_match", None)
        route = match.view_name if match is not None else UNMATCHED
        method = request.method or ""
        HTTP_REQUESTS.labels(method=method, route=route, status=str(response.status_code)).inc()
        HTTP_LATENCY.labels(method=method, route=route).observe(seconds)
        # The path only: query strings may carry a token (the SSE form's ?token=).
        access_log.info("%s %s %s", method, request.path, response.status_code,
                        extra={"method": method, "path": request.path, "route": route,
                               "status": response.status_code, "duration_ms": round(seconds * 1000, 1)})


# Celery workers -----------------------------------------------------------------------------------------

def start_worker_exporter(**_: Any) -> None:
    """Serve this Celery worker's metrics (bot turns, clock lateness, actions) on WORKER_METRICS_PORT.
    Runs in the worker's main process when it is ready; with the prefork pool, set PROMETHEUS_MULTIPROC_DIR
    so that the pool processes' samples reach the exporter there."""
    port = settings.WORKER_METRICS_PORT
    if port:
        start_http_server(port, registry=process_registry())
        log.info("worker metrics on port %d", port)


# bots.tasks (and games.services) import this module, so every worker loads it before it is ready.
worker_ready.connect(start_worker_exporter, weak=False)

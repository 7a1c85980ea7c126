"""Gunicorn settings of the container image: uvicorn workers (the service is ASGI, so long-polls and event
streams wait without holding a worker) with the slow-client limits of spades_api/server.py, the bind address and
worker count from the environment (one worker per core by default), and the life cycle of the Prometheus
multiprocess directory (see core/metrics.py)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
# uvicorn's worker, with its protocol's read timeouts on a request's head and body and its connection limit
# (REQUEST_HEADER_TIMEOUT, REQUEST_BODY_TIMEOUT, WEB_CONNECTIONS in spades_api/settings.py; spades_api/server.py).
worker_class = "spades_api.server.UvicornWorker"
# One process per core the container may use (an async worker keeps its core busy: more only contend).
workers = int(os.environ.get("WEB_CONCURRENCY") or len(os.sched_getaffinity(0)))
# Above the longest long-poll (30 s), so a graceful stop lets waiting clients get their answer.
graceful_timeout = 35
timeout = 60
# An idle kept-alive connection is closed after this many seconds (uvicorn's timeout_keep_alive); a proxy in front
# should keep its own idle upstream connections for less, so that it never sends on one the server is closing.
keepalive = 5
# The app writes one JSON access-log line per request, with its request id (core.metrics).
accesslog = None
errorlog = "-"
# No control socket (gunicorn's runtime control interface, gunicornc): the orchestrator starts, scales and stops
# the server, and the socket's default folder, $HOME/.gunicorn, is on the image's read-only root, where making it
# fails with an error in the log at every start.
control_socket_disable = True


def _multiproc_dir() -> Path | None:
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    return Path(path) if path else None


def on_starting(server: Any) -> None:
    """Empty the metrics directory: a restarted container keeps its emptyDir, and a previous run's files
    would be summed into this one's."""
    path = _multiproc_dir()
    if path is not None:
        path.mkdir(parents=True, exist_ok=True)
        for stale in path.glob("*.db"):
            stale.unlink()


def child_exit(server: Any, worker: Any) -> None:
    """A worker process ended: drop its live-gauge files (its counters and histograms stay summed in)."""
    if _multiproc_dir() is not None:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


# Gunicorn's and uvicorn's own lines in the same JSON shape as the app's (settings.LOGGING), unless
# LOG_FORMAT=text.
if os.environ.get("LOG_FORMAT", "json").strip().lower() == "json":
    logconfig_dict = {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "json": {
                "()": "pythonjsonlogger.json.JsonFormatter",
                "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
                "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            },
        },
        "handlers": {
            "console": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"},
        },
        "root": {"handlers": ["console"], "level": "INFO"},
        "loggers": {
            "gunicorn.error": {"handlers": ["console"], "level": "INFO", "propagate": False},
            "gunicorn.access": {"handlers": [], "level": "INFO", "propagate": False},
        },
    }

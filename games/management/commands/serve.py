"""``manage.py serve``: the embedded set-up that ``make run`` starts, a supervisor of four children: the web
server (uvicorn, ASGI), a Celery worker (bot turns, clocks), a Celery worker for hand reviews (the analyst) and
Celery beat.

A child that exits is started again after a pause that doubles from ``--backoff`` (up to 30 s), with a
warning naming the child, its exit code and the restart count; a child that stayed up ``HEALTHY_SECONDS``
counts as recovered and its backoff and count start over. A child that dies more than ``--max-restarts`` times
within ``--restart-window`` seconds cannot be kept up: everything is stopped and the command exits non-zero
with the reason. SIGINT (Ctrl-C), SIGTERM and SIGHUP (the terminal closed) stop all children (SIGTERM,
then SIGKILL after 15 s) and exit 0.

Why a loop here and no library: honcho (Procfile runner) stops everything when one process exits, which is
the fuse this replaces; supervisord and circus restart processes but are daemons with their own config
files, control sockets and logs, far more than four children in a terminal need. Each child runs in a
process group of its own so that Ctrl-C reaches only the supervisor, which then stops the children in order,
and so that what a dead child leaves behind (the worker's prefork pool processes) is killed with it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from kombu import Connection

log = logging.getLogger("spades.serve")

ANALYST_NICENESS = 5
HEALTHY_SECONDS = 60.0
MAX_BACKOFF_SECONDS = 30.0
STOP_GRACE_SECONDS = 15.0
TICK_SECONDS = 0.2


def describe(code: int) -> str:
    """An exit code as a person reads it: ``1``, or ``-9 (SIGKILL)`` for a child ended by a signal."""
    if code < 0:
        try:
            return f"{code} ({signal.Signals(-code).name})"
        except ValueError:
            pass
    return str(code)


@dataclass
class Child:
    """One supervised process: its command, the running ``Popen`` (None while it waits to be restarted),
    and its recent deaths (monotonic times) for the give-up rule."""

    name: str
    argv: list[str]
    backoff: float
    process: subprocess.Popen[bytes] | None = None
    started_at: float = 0.0
    restart_at: float = 0.0
    restarts: int = 0
    delay: float = 0.0
    deaths: list[float] = field(default_factory=list)

    def start(self) -> None:
        self.process = subprocess.Popen(self.argv, start_new_session=True)
        self.started_at = time.monotonic()

    def signal_group(self, sig: signal.Signals) -> None:
        """Send ``sig`` to the child's process group: the child and whatever it forked."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):  # nothing left in the group
                os.killpg(self.process.pid, sig)


class Command(BaseCommand):
    help = ("Run the web server, the Celery workers and Celery beat together, restarting any that dies, until "
            "interrupted.")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--concurrency", type=int, default=2,
                            help="Processes of the Celery worker of bot turns and clocks (the analyst has one).")
        parser.add_argument("--review-concurrency", type=int, default=2,
                            help="Processes of the Celery worker of hand reviews (the analyst).")
        parser.add_argument("--max-restarts", type=int, default=5,
                            help="Give up when a child dies more than this many times within --restart-window.")
        parser.add_argument("--restart-window", type=float, default=120.0, help="Seconds (default 120).")
        parser.add_argument("--backoff", type=float, default=1.0,
                            help="Seconds before the first restart; doubled for each further one.")

    def handle(self, *args: Any, host: str, port: int, concurrency: int, review_concurrency: int, max_restarts: int,
               restart_window: float, backoff: float, **options: Any) -> None:
        state = getattr(settings, "BROKER_DIR", None) or settings.BASE_DIR / ".broker"
        state.mkdir(parents=True, exist_ok=True)
        python = sys.executable
        quiet = ["--without-gossip", "--without-mingle", "--without-heartbeat"]
        nice = ["nice", "-n", str(ANALYST_NICENESS)] if shutil.which("nice") else []
        children = [
            # The protocol with the slow-client limits (spades_api/server.py), as gunicorn's worker has it.
            Child("web", [python, "-m", "uvicorn", "spades_api.asgi:application", "--host", host,
                          "--port", str(port), "--http", "spades_api.server:HttpProtocol", "--ws", "none"], backoff),
            # Gossip, mingle and heartbeats are worker-to-worker broadcasts: embedded workers need none.
            Child("worker", [python, "-m", "celery", "-A", "spades_api", "worker", "--loglevel", "INFO",
                             "-Q", settings.CELERY_TASK_DEFAULT_QUEUE, "--concurrency", str(concurrency),
                             "--hostname", "embedded@%h", *quiet], backoff),
            # Hand reviews on a worker of their own (settings: "Two queues"), so that bots never wait for a
            # process behind one; and niced, so that on a busy machine the solves take only the CPU the bots
            # and the web server leave (a review may wait, a bot's move should not).
            Child("analyst", [*nice, python, "-m", "celery", "-A", "spades_api", "worker", "--loglevel", "INFO",
                              "-Q", settings.ANALYSIS_QUEUE, "--concurrency", str(review_concurrency),
                              "--hostname", "analyst@%h", *quiet], backoff),
            Child("beat", [python, "-m", "celery", "-A", "spades_api", "beat", "--loglevel", "INFO",
                           "--schedule", str(state / "celerybeat-schedule")], backoff),
        ]
        if getattr(settings, "EMBEDDED_BROKER", False):
            # The transport creates its tables on first use, and the worker and beat would race to do it.
            with Connection(settings.CELERY_BROKER_URL, transport=settings.CELERY_BROKER_TRANSPORT) as conn:
                for queue in (settings.CELERY_TASK_DEFAULT_QUEUE, settings.ANALYSIS_QUEUE):
                    conn.default_channel.queue_declare(queue=queue)
        stop_signal: list[int] = []
        previous = {sig: signal.signal(sig, lambda signum, _frame: stop_signal.append(signum))
                    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
        for child in children:
            child.start()
            log.info("started %s (pid %s)", child.name, child.process.pid if child.process else "?")
        self.stdout.write(f"Spades service at http://{host}:{port}/ (API docs at /api/docs/); a Celery worker and "
                          "beat play the bots and run the clocks, another reviews finished hands. Ctrl-C stops "
                          "them all.")
        try:
            failure = self.supervise(children, stop_signal, max_restarts=max_restarts, window=restart_window)
        finally:
            self.stop_all(children)
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        if failure:
            log.error("giving up: %s", failure)
            raise CommandError(failure)
        log.info("stopped on %s", signal.Signals(stop_signal[0]).name)

    def supervise(self, children: list[Child], stop_signal: list[int], *, max_restarts: int,
                  window: float) -> str | None:
        """Watch the children until a stop signal (returns None) or one that cannot be kept up (the reason)."""
        while not stop_signal:
            now = time.monotonic()
            for child in children:
                if child.process is None:
                    if now >= child.restart_at:
                        child.start()
                        log.warning("restarted %s (pid %s, restart %d)", child.name,
                                    child.process.pid if child.process else "?", child.restarts)
                    continue
                code = child.process.poll()
                if code is None:
                    continue
                child.signal_group(signal.SIGKILL)  # what it left behind, e.g. the worker's pool processes
                child.process = None
                if now - child.started_at >= HEALTHY_SECONDS:
                    child.delay, child.restarts = 0.0, 0
                child.deaths = [t for t in child.deaths if now - t < window] + [now]
                if len(child.deaths) > max_restarts:
                    return (f"{child.name} exited with code {describe(code)} and has died {len(child.deaths)} "
                            f"times within {window:g} s (at most {max_restarts} restarts allowed)")
                child.restarts += 1
                child.delay = min(MAX_BACKOFF_SECONDS, child.delay * 2 if child.delay else child.backoff)
                child.restart_at = now + child.delay
                log.warning("%s exited with code %s after %.1f s; restart %d in %.1f s", child.name,
                            describe(code), now - child.started_at, child.restarts, child.delay)
            time.sleep(TICK_SECONDS)
        return None

    @staticmethod
    def stop_all(children: list[Child]) -> None:
        """SIGTERM to every running child (Celery's warm shutdown, uvicorn's graceful one), then SIGKILL to its
        process group: to the child itself if it outlived the grace period, else to anything it left behind."""
        running = [child for child in children if child.process is not None and child.process.poll() is None]
        for child in running:
            assert child.process is not None
            child.process.terminate()  # the leader only: it stops its own pool in order
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        for child in running:
            assert child.process is not None
            try:
                child.process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log.warning("%s did not stop within %g s; killing it", child.name, STOP_GRACE_SECONDS)
            child.signal_group(signal.SIGKILL)
            child.process.wait()

"""``manage.py serve``: the web server (uvicorn, ASGI), a Celery worker and Celery beat, started together
and stopped together; what ``make run`` uses for the embedded set-up."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Run the web server, a Celery worker and Celery beat together until interrupted."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes.")

    def handle(self, *args: Any, host: str, port: int, concurrency: int, **options: Any) -> None:
        state = Path(settings.BASE_DIR) / ".broker"
        state.mkdir(exist_ok=True)
        commands = [
            [sys.executable, "-m", "uvicorn", "spades_api.asgi:application", "--host", host, "--port", str(port)],
            [sys.executable, "-m", "celery", "-A", "spades_api", "worker", "--loglevel", "INFO",
             "--concurrency", str(concurrency), "--hostname", "embedded@%h"],
            [sys.executable, "-m", "celery", "-A", "spades_api", "beat", "--loglevel", "INFO",
             "--schedule", str(state / "celerybeat-schedule")],
        ]
        processes = [subprocess.Popen(command) for command in commands]
        self.stdout.write(f"Spades service at http://{host}:{port}/ (API docs at /api/docs/); "
                          "a Celery worker and beat play the bots and run the clocks. Ctrl-C stops all three.")

        def stop(*_: Any) -> None:
            for process in processes:
                if process.poll() is None:
                    process.terminate()

        signal.signal(signal.SIGTERM, stop)
        try:
            while all(process.poll() is None for process in processes):
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        finally:
            stop()
            for process in processes:
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()

"""The web role as the container runs it: gunicorn with deploy/gunicorn.conf.py and two uvicorn worker
processes, on production settings, the test database and the real broker.

Probes answer on the pod address (not an allowed host); the request counts of both workers add up in
one scrape (Prometheus multiprocess mode), which needs the metrics token; every log line is JSON, and a request's
lines carry its id.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.live import cache_url, free_port, process_env

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
HOST = "spades.example"
REQUESTS = 12


def test_gunicorn_with_uvicorn_workers(tmp_path: Path) -> None:
    port = free_port()
    metrics_dir = tmp_path / "metrics"
    log_path = tmp_path / "server.log"
    metrics_token = "scrape-" + uuid.uuid4().hex
    env = process_env(SPADES_ENV="production", ALLOWED_HOSTS=HOST, WEB_CONCURRENCY="2", LOG_LEVEL="INFO",
                      PROMETHEUS_MULTIPROC_DIR=str(metrics_dir), CACHE_URL=cache_url(), METRICS_TOKEN=metrics_token)
    env.pop("LOG_FORMAT", None)  # JSON is the default with DEBUG off
    base = f"http://127.0.0.1:{port}"
    with log_path.open("w") as log:
        server = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "deploy/gunicorn.conf.py",
                                   "--bind", f"127.0.0.1:{port}", "spades_api.asgi:application"],
                                  cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            with httpx.Client(base_url=base, timeout=10) as client:
                for _ in range(300):
                    assert server.poll() is None, log_path.read_text()[-3000:]
                    try:
                        if client.get("/healthz").status_code == 200:  # Host: 127.0.0.1, not allowed
                            break
                    except httpx.TransportError:
                        pass
                    time.sleep(0.1)
                # Readiness is a probe that may be retried: a loaded machine can miss the short check timeout
                # while the workers boot, so wait for it as an orchestrator would, and show why if it never came.
                for _ in range(50):
                    ready = client.get("/readyz")
                    if ready.status_code == 200:
                        break
                    time.sleep(0.2)
                assert ready.json()["status"] == "ok", ready.json()
                ids = [str(uuid.uuid4()) for _ in range(REQUESTS)]
                for rid in ids:
                    response = client.get("/api/v1/rulesets/", headers={"Host": HOST, "X-Request-ID": rid})
                    assert response.status_code == 200
                    assert response.headers["X-Request-ID"] == rid
                # Every other path still checks the Host header.
                assert client.get("/api/v1/rulesets/").status_code == 400
                # Production's /metrics answers its bearer token only.
                assert client.get("/metrics").status_code == 401
                scraped = client.get("/metrics", headers={"Authorization": f"Bearer {metrics_token}"}).text
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)

    counted = sum(s.value for family in text_string_to_metric_families(scraped) for s in family.samples
                  if s.name == "spades_http_requests_total" and s.labels.get("route") == "rulesets"
                  and s.labels.get("status") == "200")
    assert counted == REQUESTS, "the workers' counts did not add up in one scrape"
    assert list(metrics_dir.glob("*.db")), "no multiprocess files were written"

    lines = [line for line in log_path.read_text().splitlines() if line.strip()]
    records = []
    for line in lines:
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            pytest.fail(f"a log line is not JSON: {line!r}")
    assert all({"time", "level", "logger", "message"} <= set(r) for r in records), records[:3]
    access = {r["request_id"]: r for r in records if r["logger"] == "spades_api.access"}
    for rid in ids:
        assert access[rid]["status"] == 200 and access[rid]["route"] == "rulesets", access.get(rid)

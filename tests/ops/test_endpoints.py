"""/healthz, /readyz and /metrics in process: answers, failures named, metrics counted, token checked.

The database and the broker are the real ones; a dependency "down" is a real address where nothing
listens (port 1), never a mock.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from kombu import Connection, Queue
from prometheus_client.parser import text_string_to_metric_families
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from tests.api.conftest import HIGH_RATES
from tests.live import broker_url

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
NOWHERE_REDIS = "redis://127.0.0.1:1/0"


def samples(text: str, name: str) -> dict[tuple[tuple[str, str], ...], float]:
    """The samples called ``name`` in a Prometheus text exposition, by their sorted labels."""
    return {tuple(sorted(s.labels.items())): s.value for family in text_string_to_metric_families(text)
            for s in family.samples if s.name == name}


def scrape(api: Any, **headers: str) -> str:
    response = api.client.get("/metrics", **{f"HTTP_{k.upper()}": v for k, v in headers.items()})
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"].startswith("text/plain")
    return response.content.decode()


def test_healthz_needs_no_token_host_or_tls_and_is_never_throttled(api: Any, settings: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**HIGH_RATES, "anon": "1/min", "user": "1/min"})
    settings.SECURE_SSL_REDIRECT = True
    for _ in range(3):
        assert api.get("/healthz").body == {"status": "ok"}
    # A kubelet probes the pod IP over plain HTTP: neither an allowed host nor TLS.
    kubelet = APIClient(SERVER_NAME="10.1.2.3")
    assert kubelet.get("/healthz").status_code == 200
    assert kubelet.get("/readyz").status_code == 200
    # The same request elsewhere meets the redirect, as it should.
    assert api.client.get("/api/v1/rulesets/").status_code == 301


def test_readyz_reports_each_check(api: Any) -> None:
    body = api.get("/readyz").body
    assert body["status"] == "ok"
    assert set(body["checks"]) == {"database", "broker"}
    assert all(check["ok"] for check in body["checks"].values())


def test_readyz_names_the_broker_when_it_is_down(api: Any, settings: Any) -> None:
    settings.CELERY_BROKER_URL = NOWHERE_REDIS
    response = api.get("/readyz")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("application/problem+json")
    body = response.body
    assert body["code"] == "service_unavailable"
    assert body["detail"] == "Not ready: broker."
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["broker"] == {"ok": False, "ms": body["checks"]["broker"]["ms"], "error": "OperationalError"}
    assert "127.0.0.1" not in response.content.decode(), "connection details belong in the log, not the body"


def test_readyz_names_the_database_when_it_is_down() -> None:
    """A process whose database and broker are both unreachable answers 503 naming both."""
    code = ("import django, json; django.setup(); from django.test import Client; "
            "r = Client(SERVER_NAME='localhost').get('/readyz'); print(json.dumps([r.status_code, r.json()]))")
    env = os.environ | {"DJANGO_SETTINGS_MODULE": "spades_api.settings", "DEBUG": "1", "LOG_LEVEL": "ERROR",
                        "DATABASE_URL": "postgres://postgres@127.0.0.1:1/nowhere", "CELERY_BROKER_URL": NOWHERE_REDIS}
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    status, body = json.loads(proc.stdout.strip().splitlines()[-1])
    assert status == 503
    assert body["detail"] == "Not ready: database, broker."
    assert not body["checks"]["database"]["ok"] and not body["checks"]["broker"]["ok"]


def test_probes_are_documented_under_ops(openapi: Any) -> None:
    paths = openapi.document["paths"]
    assert paths["/healthz"]["get"]["tags"] == ["ops"]
    assert paths["/readyz"]["get"]["tags"] == ["ops"]
    assert "503" in paths["/readyz"]["get"]["responses"]
    assert "/metrics" not in paths


def test_metrics_count_requests_by_route_and_actions_by_type(api: Any, register: Any, client_for: Any,
                                                             django_capture_on_commit_callbacks: Any) -> None:
    before = scrape(api)
    for _ in range(3):
        api.get("/api/v1/rulesets/")
    api.client.get("/no/such/path/")
    _, token = register()
    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(token).post("/api/v1/tables/", {"preset": "standard", "take_seat": 0}).status_code == 201
    after = scrape(api)

    def delta(name: str, **labels: str) -> float:
        key = tuple(sorted(labels.items()))
        return samples(after, name).get(key, 0.0) - samples(before, name).get(key, 0.0)

    assert delta("spades_http_requests_total", method="GET", route="rulesets", status="200") == 3
    assert delta("spades_http_request_duration_seconds_count", method="GET", route="rulesets") == 3
    # Unknown paths share one label value, so a scanner cannot blow up the series count.
    assert delta("spades_http_requests_total", method="GET", route="<unmatched>", status="404") == 1
    assert delta("spades_http_requests_total", method="POST", route="tables", status="201") == 1
    assert delta("spades_actions_total", type="join") == 1
    # Probes and scrapes are not traffic.
    assert not any(dict(k).get("route") in {"healthz", "readyz", "metrics"}
                   for k in samples(after, "spades_http_requests_total"))
    for name in ("spades_bot_turn_seconds", "spades_clock_expiry_lateness_seconds"):
        assert name in {f.name for f in text_string_to_metric_families(after)}


def test_queue_depth_is_read_from_the_broker(api: Any, settings: Any) -> None:
    """Each queue of the settings (the bots' and the reviews') is reported with its own depth."""
    bots, reviews = (f"ops-test-{uuid.uuid4().hex[:8]}" for _ in range(2))
    settings.CELERY_TASK_QUEUES = [Queue(bots), Queue(reviews)]
    with Connection(broker_url()) as conn:
        simples = [conn.SimpleQueue(bots), conn.SimpleQueue(reviews)]
        try:
            for simple, count in zip(simples, (3, 1), strict=True):
                for i in range(count):
                    simple.put({"n": i})
            assert samples(scrape(api), "spades_queue_depth") == {(("queue", bots),): 3.0, (("queue", reviews),): 1.0}
        finally:
            for simple in simples:
                simple.queue.delete()
                simple.close()
    settings.CELERY_BROKER_URL = NOWHERE_REDIS
    assert samples(scrape(api), "spades_queue_depth") == {}, "an absent broker is reported as nothing, not 0"


def test_metrics_token(api: Any, settings: Any) -> None:
    settings.METRICS_TOKEN = "scrape-" + uuid.uuid4().hex
    anonymous = api.client.get("/metrics")
    assert anonymous.status_code == 401
    assert anonymous.json()["code"] == "not_authenticated"
    assert anonymous["WWW-Authenticate"].startswith("Bearer")
    wrong = api.client.get("/metrics", HTTP_AUTHORIZATION="Bearer nope")
    assert wrong.status_code == 401
    assert wrong.json()["code"] == "authentication_failed"
    assert "spades_http_requests_total" in scrape(api, Authorization=f"Bearer {settings.METRICS_TOKEN}")

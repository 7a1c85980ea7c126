"""Cross-cutting HTTP behaviour: request ids, CORS, the Content-Security-Policy of the HTML pages, and the
anon throttle keyed on the real client address behind proxies."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.throttling import SimpleRateThrottle

from tests.api.conftest import HIGH_RATES

pytestmark = pytest.mark.django_db

ORIGIN = "https://play.example"


def test_request_id_is_kept_when_well_formed_else_made(api: Any) -> None:
    given = str(uuid.uuid4())
    assert api.get("/api/v1/rulesets/", headers={"X-Request-ID": given})["X-Request-ID"] == given
    for bad in ("", "not-a-uuid", "x" * 300, "0f8fad5b\r\nSet-Cookie: a=b"):
        made = api.get("/api/v1/rulesets/", headers={"X-Request-ID": bad} if bad else None)["X-Request-ID"]
        assert re.fullmatch(r"[0-9a-f]{32}", made), made
    # Problem bodies quote it, for a client's bug report.
    problem = api.get("/api/v1/tables/", token="", headers={"X-Request-ID": given})
    assert problem.status_code == 401
    assert problem.body["request_id"] == given == problem["X-Request-ID"]


def test_cors_for_allowed_origins_on_api_paths_only(api: Any, settings: Any) -> None:
    settings.CORS_ALLOWED_ORIGINS = [ORIGIN]
    preflight = api.client.options("/api/v1/tables/", HTTP_ORIGIN=ORIGIN, HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
                                   HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization, content-type, idempotency-key, "
                                                                      "last-event-id, x-request-id")
    assert preflight.status_code == 200
    assert preflight["Access-Control-Allow-Origin"] == ORIGIN
    allowed = {h.strip() for h in preflight["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key", "last-event-id", "x-request-id"} <= allowed

    simple = api.client.get("/api/v1/rulesets/", HTTP_ORIGIN=ORIGIN)
    assert simple["Access-Control-Allow-Origin"] == ORIGIN
    exposed = {h.strip().lower() for h in simple["Access-Control-Expose-Headers"].split(",")}
    assert {"x-request-id", "retry-after"} <= exposed

    assert "Access-Control-Allow-Origin" not in api.client.get("/api/v1/rulesets/", HTTP_ORIGIN="https://evil.example")
    assert "Access-Control-Allow-Origin" not in api.client.get("/admin/login/", HTTP_ORIGIN=ORIGIN)


def test_no_cors_by_default(api: Any) -> None:
    response = api.client.get("/api/v1/rulesets/", HTTP_ORIGIN=ORIGIN)
    assert response.status_code == 200
    assert "Access-Control-Allow-Origin" not in response


def _csp(response: Any) -> dict[str, list[str]]:
    directives = [d.strip().split() for d in response["Content-Security-Policy"].split(";") if d.strip()]
    return {d[0]: d[1:] for d in directives}


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_docs_pages_run_only_same_origin_or_nonced_scripts(api: Any, path: str) -> None:
    response = api.client.get(path)
    assert response.status_code == 200
    csp = _csp(response)
    assert csp["default-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"] and csp["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in csp["script-src"] and "'unsafe-eval'" not in csp["script-src"]
    nonces = {s.removeprefix("'nonce-").removesuffix("'") for s in csp["script-src"] if s.startswith("'nonce-")}
    html = response.content.decode()
    tags = re.findall(r"<script\b([^>]*)>", html)
    assert tags
    for attrs in tags:
        src = re.search(r'src="([^"]+)"', attrs)
        if src:
            assert src.group(1).startswith("/"), f"{path} loads a script from elsewhere: {src.group(1)}"
        else:
            nonce = re.search(r'nonce="([^"]+)"', attrs)
            assert nonce and nonce.group(1) in nonces, f"{path} has an inline script the policy blocks: {attrs}"
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_anon_throttle_keys_on_the_client_behind_proxies(api: Any, settings: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Behind one proxy (NUM_PROXIES=1) each client address has its own allowance, and a client cannot
    forge one by sending its own X-Forwarded-For. With no proxy declared (the default) the header is
    ignored altogether."""
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**HIGH_RATES, "anon": "2/min"})
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    cache.clear()

    def get(forwarded_for: str) -> Any:
        return api.get("/api/v1/rulesets/", token="", headers={"X-Forwarded-For": forwarded_for})

    assert [get("203.0.113.5").status_code for _ in range(2)] == [200, 200]
    throttled = get("203.0.113.5")
    assert throttled.status_code == 429
    assert throttled.body["code"] == "throttled"
    assert 0 < int(throttled["Retry-After"]) <= 60
    # A forged first entry does not help: the proxy appended the address it saw.
    assert get("198.51.100.1, 203.0.113.5").status_code == 429
    # Another client behind the same proxy has its own allowance.
    assert get("203.0.113.6").status_code == 200

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 0}
    cache.clear()
    assert [get(f"192.0.2.{i}").status_code for i in range(3)] == [200, 200, 429]

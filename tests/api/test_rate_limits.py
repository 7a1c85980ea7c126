"""Rate limits a program can read: every throttled answer carries the caller's quota (``RateLimit-Limit``,
``RateLimit-Remaining``, ``RateLimit-Reset``) of the throttle closest to refusing, a 429 says how long to
wait in its header, its body and its ``params``, and the schema documents the headers on every throttled
operation's responses (the schema-checking client also checks each response carries what is documented)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from adrf import views as adrf_views
from django.core.cache import cache
from rest_framework.throttling import SimpleRateThrottle

from tests.api.conftest import HIGH_RATES, OpenApi

pytestmark = pytest.mark.django_db

QUOTA = ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset")


def quota(response: Any) -> tuple[int, int, int]:
    """The three rate-limit headers of ``response`` as numbers."""
    limit, remaining, reset = (int(response[name]) for name in QUOTA)
    return limit, remaining, reset


def test_each_answer_counts_down_the_token_quota_to_a_429(register: Any, client_for: Any,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    _, token = register()
    client = client_for(token)
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**HIGH_RATES, "user": "3/min"})
    cache.clear()
    seen = [quota(client.get("/api/v1/players/me/")) for _ in range(3)]
    assert [(limit, remaining) for limit, remaining, _ in seen] == [(3, 2), (3, 1), (3, 0)]
    assert all(1 <= reset <= 60 for _, _, reset in seen)

    refused = client.get("/api/v1/players/me/")
    assert refused.status_code == 429
    limit, remaining, reset = quota(refused)
    wait = int(refused["Retry-After"])
    assert (limit, remaining) == (3, 0)
    # The headers, the body's member and its params all say the same wait.
    assert reset == wait == refused.body["retry_after"] == refused.body["params"]["retry_after"]
    assert f"retry in {wait} s" in refused.body["detail"]

    ja = client.get("/api/v1/players/me/", headers={"Accept-Language": "ja"})
    assert ja.status_code == 429
    assert f"{ja.body['retry_after']}秒後" in ja.body["detail"]

    # Another token has its own allowance, reported from the top.
    other = client_for(register()[1]).get("/api/v1/players/me/")
    assert quota(other)[:2] == (3, 2)


def test_the_binding_quota_is_reported_where_several_apply(api: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A registration meets the per-address limits and the registration scope: the headers describe the
    one that will refuse first."""
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES",
                        {**HIGH_RATES, "anon": "50/min", "user": "40/min", "register": "2/min"})
    cache.clear()
    first = api.post("/api/v1/players/", {"name": f"rl-{uuid.uuid4().hex[:8]}"}, token="")
    assert first.status_code == 201
    assert quota(first)[:2] == (2, 1)
    listing = api.get("/api/v1/rulesets/", token="")  # no scope there: the address's tighter limit (user, 40)
    assert quota(listing)[:2] == (40, 38)


def test_unthrottled_endpoints_carry_no_quota(api: Any) -> None:
    response = api.client.get("/healthz")
    assert response.status_code == 200
    assert not any(name in response for name in QUOTA)


def test_the_schema_documents_the_headers_on_throttled_operations(openapi: OpenApi) -> None:
    headers = openapi.document["components"]["headers"]
    assert set(QUOTA) | {"Retry-After"} <= set(headers)
    throttled = 0
    for operation_id, (_path, _method, op) in openapi.operations.items():
        responses = op["responses"]
        if "429" not in responses:
            continue  # not throttled (the probes)
        throttled += 1
        for status, response in responses.items():
            documented = response.get("headers", {})
            assert set(QUOTA) <= set(documented), f"{operation_id} {status} documents no quota headers"
            if status.startswith("2"):
                assert all(documented[name] == {"$ref": f"#/components/headers/{name}"} for name in QUOTA)
        assert responses["429"]["headers"]["Retry-After"] == {"$ref": "#/components/headers/Retry-After"}
    assert throttled > 20
    for path in ("/healthz", "/readyz"):
        for op in openapi.document["paths"].get(path, {}).values():
            assert all("headers" not in r for r in op["responses"].values())


def test_the_events_feed_is_throttled_without_a_trip_to_the_event_loop(register: Any, client_for: Any,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The async views (core.async_views) check their sync throttles in place: adrf's round trip to the event
    loop for the async ones is left out when there are none, and the quota still runs out to a 429."""
    client = client_for(register()[1])
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**HIGH_RATES, "user": "2/min"})
    cache.clear()
    trips: list[Any] = []
    real = adrf_views.async_to_sync
    monkeypatch.setattr(adrf_views, "async_to_sync", lambda work: trips.append(work) or real(work))
    url = f"/api/v1/tables/{uuid.uuid4()}/events/"
    answers = [client.get(url) for _ in range(3)]
    assert [a.status_code for a in answers] == [404, 404, 429]
    assert [quota(a)[:2] for a in answers] == [(2, 1), (2, 0), (2, 0)]
    assert trips == []

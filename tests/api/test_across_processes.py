"""Limits and revocation across processes: two server processes (uvicorn each, on the test database and one
Redis cache, ``CACHE_URL``) count one token's requests against one limit, and a token rotated, revoked,
deactivated or deleted through one of them (or through the ORM, as the admin does) is refused by the other on
its very next request. Each process used to keep its own counts and its own copy of a token's account: one
token got the rate once per process, and a changed token kept working on the other process for seconds."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from games import auth
from games.models import Player
from games.tokens import hash_token
from tests import live

pytestmark = pytest.mark.django_db(transaction=True)

RATE = 60
"""The per-token limit both servers run with (THROTTLE_USER_RATE), per minute: small, so a test is quick."""


@pytest.fixture(scope="module")
def servers(django_db_setup: None, django_db_blocker: Any) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    """Two uvicorn processes sharing the test database and this process's Redis cache; a client for each."""
    with django_db_blocker.unblock():
        env = {"CACHE_URL": live.cache_url(), "THROTTLE_USER_RATE": f"{RATE}/min"}
        with live.serve(**env) as a, live.serve(**env) as b, httpx.Client(base_url=a, timeout=10) as one, \
                httpx.Client(base_url=b, timeout=10) as other:
            yield one, other
        live.settle_sessions(seconds=10)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def register(client: httpx.Client) -> tuple[dict[str, Any], str]:
    response = client.post("/api/v1/players/", json={"name": f"x-{uuid.uuid4().hex[:10]}"})
    assert response.status_code == 201, response.text
    body = response.json()
    return body, body.pop("token")


def me(client: httpx.Client, token: str) -> httpx.Response:
    return client.get("/api/v1/players/me/", headers=bearer(token))


def refused(response: httpx.Response) -> bool:
    return response.status_code == 401 and response.json()["code"] == "authentication_failed"


def test_one_token_gets_its_rate_once_across_two_processes(servers: tuple[httpx.Client, httpx.Client]) -> None:
    """Three times the rate, sent to the two processes in turn: at most the rate (+5%) is allowed in any
    minute, the quota counts down once for both, and both refuse the rest with a wait to retry after."""
    _, token = register(servers[0])
    allowed_at: list[float] = []
    remaining: list[int] = []
    refusals = [0, 0]
    for i in range(RATE * 3):
        sent = time.monotonic()
        response = me(servers[i % 2], token)
        if response.status_code == 200:
            allowed_at.append(sent)
            remaining.append(int(response.headers["RateLimit-Remaining"]))
            continue
        assert response.status_code == 429, response.text
        assert response.json()["code"] == "throttled"
        assert response.headers["RateLimit-Remaining"] == "0" and int(response.headers["Retry-After"]) >= 1
        refusals[i % 2] += 1
    in_a_minute = max(sum(1 for t in allowed_at if start <= t < start + 60) for start in allowed_at)
    print(f"allowed_in_a_minute={in_a_minute} rate={RATE}/min processes=2 sent={RATE * 3}")
    assert in_a_minute <= RATE * 1.05
    assert remaining[:RATE] == list(range(RATE - 1, -1, -1)), "each process counted on its own"
    assert all(refusals), f"refusals by process: {refusals}"


def test_a_changed_token_is_refused_at_once_by_the_other_process(
        servers: tuple[httpx.Client, httpx.Client]) -> None:
    one, other = servers

    def kept_by_both(token: str) -> None:
        """Both processes authenticate ``token``, and its account is kept in the shared cache."""
        assert me(one, token).status_code == 200 and me(other, token).status_code == 200
        assert isinstance(auth._kept(hash_token(token)), list)

    # Rotated through one process: the old token is refused by the other, the new one works there.
    _, token = register(one)
    kept_by_both(token)
    rotated = one.post("/api/v1/players/me/token/", headers=bearer(token))
    assert rotated.status_code == 200
    new = rotated.json()["token"]
    assert refused(me(other, token))
    assert me(other, new).status_code == 200

    # Revoked through one process.
    kept_by_both(new)
    assert one.delete("/api/v1/players/me/token/", headers=bearer(new)).status_code == 204
    assert refused(me(other, new))

    # Deactivated as the admin does it (is_active unticked, the account saved), from this process.
    player, token = register(one)
    kept_by_both(token)
    row = Player.objects.get(pk=player["id"])
    row.is_active = False
    row.save()
    assert refused(me(other, token)) and refused(me(one, token))

    # Deleted from this process: 401 at once, also where the request would write rows pointing to the account.
    player, token = register(one)
    kept_by_both(token)
    Player.objects.get(pk=player["id"]).delete()
    assert refused(me(other, token))
    assert refused(other.post("/api/v1/tables/", json={"preset": "standard", "take_seat": 0}, headers=bearer(token)))
    assert refused(me(one, token))

"""Token rotation and revocation: POST /api/v1/players/me/token/ replaces the caller's token (the new one
is shown once, the old one stops working at once); DELETE revokes it (204). Every response is checked
against the schema. The account of a token checked lately is kept in the cache the processes share (games.auth):
a save or deletion of the account removes it there at once (tests/api/test_across_processes.py shows it on two
server processes), a change around the ORM's signals is seen when the entry expires (TOKEN_CACHE_SECONDS)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.conf import settings
from django.core.cache.backends.redis import RedisCache
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from core import shared_cache
from core.errors import ServiceError
from games import auth, services
from games.models import Player, Table
from games.tokens import hash_token
from tests.live import free_port

pytestmark = pytest.mark.django_db

TOKEN_PATH = "/api/v1/players/me/token/"


def test_rotate(register: Any, client_for: Any) -> None:
    player, old = register()
    response = client_for(old).post(TOKEN_PATH)
    assert response.status_code == 200
    body = response.body
    new = body.pop("token")
    assert body == player
    assert new.startswith("spd_") and new != old
    row = Player.objects.get(pk=player["id"])
    assert row.token_hash == hash_token(new) and row.token_rotated_at is not None
    assert row.token_prefix == new[:12]

    refused = client_for(old).get("/api/v1/players/me/")
    assert refused.status_code == 401
    assert refused.body["code"] == "authentication_failed"
    assert client_for(new).get("/api/v1/players/me/").body["name"] == player["name"]
    # The old token cannot rotate again either.
    assert client_for(old).post(TOKEN_PATH).body["code"] == "authentication_failed"


def test_revoke(register: Any, client_for: Any, openapi: Any) -> None:
    player, token = register()
    client = client_for(token)
    response = client.request("DELETE", TOKEN_PATH, check=False)
    assert response.status_code == 204
    assert response.content == b""
    assert "204" in openapi.operations["players_me_token_revoke"][2]["responses"]

    for attempt in (client.get("/api/v1/players/me/"), client.post(TOKEN_PATH),
                    client.request("DELETE", TOKEN_PATH)):
        assert attempt.status_code == 401
        assert attempt.body["code"] == "authentication_failed"
    # The events stream's ?token= form refuses it too.
    row = Player.objects.get(pk=player["id"])
    assert row.token_revoked_at is not None
    assert row.token_hash.startswith("!"), "a revoked hash must be one no token can hash to"
    stream = client_for("").client.get(f"/api/v1/tables/00000000-0000-0000-0000-000000000000/events/stream/"
                                       f"?token={token}")
    assert stream.status_code == 401


def test_token_endpoints_need_a_token(api: Any) -> None:
    assert api.post(TOKEN_PATH, token="").body["code"] == "not_authenticated"
    assert api.request("DELETE", TOKEN_PATH, token="").body["code"] == "not_authenticated"


def test_other_accounts_are_untouched(register: Any, client_for: Any) -> None:
    _, mine = register()
    other, theirs = register()
    client_for(mine).request("DELETE", TOKEN_PATH, check=False)
    assert client_for(theirs).get("/api/v1/players/me/").body["id"] == other["id"]


def test_a_concurrent_rotation_wins_once(register: Any) -> None:
    """Two rotations authenticated with the same token: the second finds it replaced and is refused, so
    exactly one new token exists and it is the one returned."""
    player, token = register()
    row = Player.objects.get(pk=player["id"])
    _, first = services.player_rotate_token(player=row, token=token)
    with pytest.raises(ServiceError) as refused:
        services.player_rotate_token(player=row, token=token)
    assert refused.value.code == "authentication_failed"
    with pytest.raises(ServiceError):
        services.player_revoke_token(player=row, token=token)
    assert Player.objects.get(pk=row.pk).token_hash == hash_token(first)


def test_a_process_reads_a_tokens_account_once_while_it_keeps_it(register: Any, client_for: Any) -> None:
    _, token = register()
    client = client_for(token)
    client.get("/api/v1/players/me/")
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/api/v1/players/me/").status_code == 200
    assert [q["sql"] for q in queries.captured_queries] == []


def test_a_saved_account_is_read_afresh_at_once(register: Any, client_for: Any) -> None:
    """A deactivation (the admin unticks is_active and saves) is seen by the process's next request."""
    player, token = register()
    client = client_for(token)
    assert client.get("/api/v1/players/me/").status_code == 200
    row = Player.objects.get(pk=player["id"])
    row.is_active = False
    row.save()
    refused = client.get("/api/v1/players/me/")
    assert refused.status_code == 401 and refused.body["code"] == "authentication_failed"


def _expires_in(key: str) -> float:
    """Seconds until the shared cache's entry ``key`` expires (Redis, or a process's own memory)."""
    cache = shared_cache.shared()
    key = cache.make_and_validate_key(key)
    if isinstance(cache, RedisCache):
        return cache._cache.get_client(key).pttl(key) / 1000
    return cache._expire_info[key] - time.time()


def test_a_change_around_the_signals_is_seen_when_the_entry_expires(register: Any, client_for: Any) -> None:
    """A queryset update() sends no signal: the kept account authenticates until its entry, kept for
    TOKEN_CACHE_SECONDS, goes (deleted here, as its expiry would), then the token is refused."""
    player, token = register()
    client = client_for(token)
    assert client.get("/api/v1/players/me/").status_code == 200
    key = auth._key(hash_token(token))
    assert 0 < _expires_in(key) <= settings.TOKEN_CACHE_SECONDS
    Player.objects.filter(pk=player["id"]).update(is_active=False)
    assert client.get("/api/v1/players/me/").status_code == 200
    shared_cache.shared().delete(key)
    assert client.get("/api/v1/players/me/").body["code"] == "authentication_failed"


def test_a_read_that_began_before_an_account_was_forgotten_is_not_kept(register: Any, client_for: Any) -> None:
    """A request that read the account before its token changed, and would keep it after the change was
    committed and forgotten, keeps nothing: the requests after it read the account afresh."""
    player, token = register()
    row = Player.objects.get(pk=player["id"])
    token_hash = hash_token(token)
    auth.forget(token_hash)  # the change, committed meanwhile
    auth._keep(token_hash, row)  # the late keep of the earlier read
    assert auth._kept(token_hash) == auth.FORGOTTEN
    client = client_for(token)
    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/api/v1/players/me/").status_code == 200
        assert [q["sql"] for q in queries.captured_queries if hash_token(token) in q["sql"]], "not read afresh"


def test_a_deleted_accounts_token_is_refused_at_once(register: Any, client_for: Any) -> None:
    """Deleted (in the admin, or by the ORM), an account's kept entry goes with it: its token gets 401, not a
    request that writes rows pointing to an account that no longer exists (a foreign-key violation, a 500)."""
    player, token = register()
    client = client_for(token)
    assert client.get("/api/v1/players/me/").status_code == 200
    Player.objects.get(pk=player["id"]).delete()
    assert client.get("/api/v1/players/me/").body["code"] == "authentication_failed"
    opened = client.post("/api/v1/tables/", {"preset": "standard", "take_seat": 0})
    assert opened.status_code == 401 and opened.body["code"] == "authentication_failed"


@pytest.mark.django_db(transaction=True)
def test_an_account_deleted_behind_its_kept_token_check_gets_401_not_500(register: Any, client_for: Any) -> None:
    """Deleted where no signal forgets its kept entry (by SQL, or by another process while the request ran
    after its token check), an account's request that writes rows pointing to it meets a foreign-key violation
    at its commit: that is a 401, the token being no longer valid, and nothing it meant to write is there."""
    player, token = register()
    client = client_for(token)
    assert client.get("/api/v1/players/me/").status_code == 200  # its account is kept now
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM games_player WHERE id = %s", [player["id"]])
    opened = client.post("/api/v1/tables/", {"preset": "standard", "take_seat": 0})
    assert opened.status_code == 401 and opened.body["code"] == "authentication_failed", opened.body
    assert opened.headers["WWW-Authenticate"].startswith("Bearer")
    assert not Table.objects.filter(created_by_id=player["id"]).exists()


def test_nothing_is_kept_with_a_zero_time(register: Any, client_for: Any, settings: Any) -> None:
    settings.TOKEN_CACHE_SECONDS = 0
    _, token = register()
    client = client_for(token)
    client.get("/api/v1/players/me/")
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/api/v1/players/me/").status_code == 200
    assert len(queries.captured_queries) == 1


def test_an_unreachable_cache_fails_no_request(register: Any, client_for: Any,
                                               caplog: pytest.LogCaptureFixture) -> None:
    """With the shared cache down (a Redis that refuses connections), tokens are checked against the database
    and requests are counted by this process alone (the quota headers still come), with a warning in the log;
    a rotation still refuses the old token."""
    player, token = register()
    down = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                        "LOCATION": f"redis://127.0.0.1:{free_port()}/0"}}
    with override_settings(CACHES=down):
        client = client_for(token)
        answered = client.get("/api/v1/players/me/")
        assert answered.status_code == 200 and answered.body["id"] == player["id"]
        assert int(answered["RateLimit-Remaining"]) < int(answered["RateLimit-Limit"])
        new = client.post(TOKEN_PATH).body["token"]
        assert client.get("/api/v1/players/me/").body["code"] == "authentication_failed"
        assert client_for(new).get("/api/v1/players/me/").status_code == 200
    assert "shared cache unavailable" in caplog.text

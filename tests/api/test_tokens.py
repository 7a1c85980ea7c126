"""Token rotation and revocation: POST /api/v1/players/me/token/ replaces the caller's token (the new one
is shown once, the old one stops working at once); DELETE revokes it (204). Every response is checked
against the schema."""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import ServiceError
from games import services
from games.auth import hash_token
from games.models import Player

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

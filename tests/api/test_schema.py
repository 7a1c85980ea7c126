"""The OpenAPI contract and the reference endpoints: the schema is valid OpenAPI 3.1, its UIs render, the
rule set presets and the error catalog are listed, and what the server sends matches what it documents."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from drf_spectacular.validation import validate_schema

from games import engine
from tests.api.test_full_games import open_table

pytestmark = pytest.mark.django_db

PRESETS = {"standard", "easy", "classic", "yahoo", "suicide", "double_nil_pass", "mirror", "whiz", "cutthroat",
           "cutthroat3", "speed", "short"}


def test_schema_is_valid_openapi_31(api: Any, openapi: Any, tmp_path: Path) -> None:
    response = api.client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.oai.openapi+json")
    document = json.loads(response.content)
    assert document["openapi"] == "3.1.0"
    assert document == openapi.document
    validate_schema(document)
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert out.read_text().startswith("openapi: 3.1.0")
    yaml = api.client.get("/api/schema/")
    assert yaml.status_code == 200
    assert b"openapi: 3.1.0" in yaml.content
    # Every documented operation has an id, and the fixed resource paths are there.
    ids = {op["operationId"] for item in document["paths"].values() for op in item.values()}
    assert {"players_create", "rulesets_list", "tables_create", "tables_list", "tables_join", "tables_retrieve",
            "tables_legal", "tables_act", "tables_events", "tables_hand"} <= ids
    for path in ["/api/v1/players/", "/api/v1/rulesets/", "/api/v1/tables/", "/api/v1/tables/{table_id}/join/",
                 "/api/v1/tables/{table_id}/", "/api/v1/tables/{table_id}/legal/",
                 "/api/v1/tables/{table_id}/actions/", "/api/v1/tables/{table_id}/events/",
                 "/api/v1/tables/{table_id}/hands/{number}/"]:
        assert path in document["paths"]
    assert document["components"]["securitySchemes"]["bearerToken"]["scheme"] == "bearer"


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_docs_render(api: Any, path: str) -> None:
    response = api.client.get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert "<html" in html.lower()
    assert "/api/schema/" in html


def test_rulesets_lists_every_preset(api: Any) -> None:
    body = api.get("/api/v1/rulesets/", token="").body
    names = [p["name"] for p in body["presets"]]
    assert len(names) == 12
    assert set(names) == PRESETS
    assert set(body["switches"]) == set(engine.SWITCHES)
    for preset in body["presets"]:
        assert preset["description"]
        assert set(preset["switches"]) == set(engine.SWITCHES)
        assert preset["switches"] == {k: v for k, v in engine.PRESETS[preset["name"]].to_dict().items()
                                      if k != "name"}
    by_name = {p["name"]: p["switches"] for p in body["presets"]}
    assert by_name["cutthroat3"]["players"] == 3
    assert by_name["classic"]["blind_nil"] is True
    assert by_name["mirror"]["bid_rule"] == "mirror"


def test_error_catalog(api: Any) -> None:
    body = api.get("/api/v1/errors/", token="").body
    codes = [entry["code"] for entry in body]
    assert len(codes) == len(set(codes))
    for code in ["invalid", "parse_error", "not_authenticated", "not_found", "throttled", "stale_seq",
                 "not_your_turn", "must_follow_suit", "spades_not_broken", "card_not_in_hand", "bid_out_of_range",
                 "unknown_card", "not_a_player_here", "table_not_open", "already_seated", "name_taken",
                 "invalid_rules", "hand_not_finished", "idempotency_key_reused", "game_over"]:
        assert code in codes, code
    for entry in body:
        assert 400 <= entry["status"] < 600
        assert entry["en"] and entry["ja"] and entry["en"] != entry["ja"]
    by_code = {e["code"]: e["status"] for e in body}
    assert by_code["stale_seq"] == 409 and by_code["must_follow_suit"] == 422 and by_code["not_found"] == 404


def test_me(register: Any, client_for: Any) -> None:
    player, token = register("me-myself")
    body = client_for(token).get("/api/v1/players/me/").body
    assert body == player
    assert "token" not in body


def test_table_list_and_filters(register: Any, client_for: Any) -> None:
    """GET /tables/ answers the documented shape, with its filters and cursor pagination."""
    table_id, clients = open_table(register, client_for, "standard", {})
    mine = clients[0]
    other = client_for(register()[1])
    first_open = other.post("/api/v1/tables/", {"preset": "short", "take_seat": 1}).body["id"]
    second_open = other.post("/api/v1/tables/", {"preset": "easy"}).body["id"]

    page = mine.get("/api/v1/tables/", {"player": "me"}).body
    assert set(page) >= {"next", "previous", "results"}
    assert [r["id"] for r in page["results"]] == [table_id]
    row = page["results"][0]
    assert row["status"] == "playing" and row["preset"] == "standard"
    assert [s["state"] for s in row["seats"]] == ["player"] * 4

    playing = mine.get("/api/v1/tables/", {"status": "playing"}).body["results"]
    assert [r["id"] for r in playing] == [table_id]
    assert other.get("/api/v1/tables/", {"player": "nobody-by-that-name"}).body["results"] == []

    # Newest first, one a page, following the cursor.
    first = mine.get("/api/v1/tables/", {"status": "open", "limit": 1}).body
    assert [r["id"] for r in first["results"]] == [second_open]
    assert first["next"]
    link = urlsplit(first["next"])
    second = mine.get(f"{link.path}?{link.query}").body
    assert [r["id"] for r in second["results"]] == [first_open]
    assert second["next"] is None


def test_problem_media_type_is_documented(api: Any, openapi: Any, register: Any) -> None:
    """Errors are sent as application/problem+json; the schema should say so, not application/json."""
    _, token = register()
    response = api.client.get("/api/v1/tables/00000000-0000-0000-0000-000000000000/",
                              HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 404
    sent = response["Content-Type"].split(";")[0]
    assert sent == "application/problem+json"
    _, _, op = openapi.operations["tables_retrieve"]
    assert sent in op["responses"]["404"]["content"], sorted(op["responses"]["404"]["content"])

"""What the OpenAPI description tells tools and people: each operation's error codes are the ones its code
can raise (no hand-kept lists), with a real example of each; the action body is a discriminated union with
each type's own fields; requests carry their constraints; the description explains the play loop and the
rate limits; no placeholder is written in angle brackets (which the docs pages swallow as HTML); presets
are described for players in English and Japanese. And every path under /api/ answers problem details,
DEBUG or not, and /api/v1/ lists the resources."""

from __future__ import annotations

import inspect
import json
import re
from typing import Any

import pytest
from django.http import HttpResponse, HttpResponseNotAllowed, HttpResponseServerError
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from core import idempotency, params
from core.errors import REGISTRY, ErrorCode
from core.openapi import operation_codes
from core.problems import ApiProblemMiddleware
from core.raises import RULE_REASONS, codes_raised
from games import engine
from games import selectors as game_selectors
from games import services as game_services
from games.api.presets import DESCRIPTIONS_JA
from tournaments import ladders
from tournaments import selectors as tournament_selectors
from tournaments import services as tournament_services

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _views() -> list[tuple[str, str, Any]]:
    """(path, method, view instance) of every operation, as drf-spectacular builds them."""
    generator = SchemaGenerator()
    generator._initialise_endpoints()
    return [(path, method, generator.create_view(callback, method)) for path, _, method, callback
            in generator.endpoints]


def documented(openapi: Any, operation_id: str) -> set[str]:
    _, _, op = openapi.operations[operation_id]
    return {code for response in op["responses"].values()
            for code in response.get("content", {}).get("application/problem+json", {}).get("examples", {})}


@pytest.mark.django_db
def test_each_operation_documents_exactly_what_its_code_can_raise(openapi: Any) -> None:
    checked = 0
    by_route = {(path, method): op_id for op_id, (path, method, _) in openapi.operations.items()}
    for path, method, view in _views():
        operation_id = by_route.get((path, method.lower()))
        if operation_id is None or operation_id.startswith("ops_"):  # docs pages; probes document their own
            continue
        assert documented(openapi, operation_id) == set(operation_codes(view, method)), operation_id
        checked += 1
    assert checked >= 30


@pytest.mark.django_db
def test_operations_claim_only_their_own_codes(openapi: Any) -> None:
    players = documented(openapi, "players_create")
    assert {"invalid", "parse_error", "name_taken", "throttled", "unsupported_media_type"} <= players
    assert not players & {"stale_seq", "not_your_turn", "must_follow_suit", "not_authenticated", "not_found"}
    act = documented(openapi, "tables_act")
    assert {"stale_seq", "not_your_turn", "must_follow_suit", "unknown_action", "not_a_player_here",
            "not_found", "not_authenticated", "idempotency_key_reused"} <= act
    assert not act & {"name_taken", "table_full", "hand_not_finished"}
    view = documented(openapi, "tables_retrieve")
    assert "not_found" in view and not view & RULE_REASONS
    assert documented(openapi, "tables_hand") >= {"hand_not_finished", "not_found"}
    assert documented(openapi, "tables_join") >= {"table_full", "seat_taken", "already_seated", "table_not_open"}
    assert "not_authenticated" not in documented(openapi, "rulesets_list")  # no token needed, a bad one refused
    assert "authentication_failed" in documented(openapi, "rulesets_list")


RAISE = re.compile(r"raise ServiceError\(\s*ErrorCode\.([A-Z_]+)")


@pytest.mark.parametrize("module", [game_services, game_selectors, tournament_services, tournament_selectors,
                                    ladders, params, idempotency], ids=lambda m: m.__name__)
def test_the_reader_finds_every_refusal_a_function_raises(module: Any) -> None:
    """Every ``raise ServiceError(ErrorCode.X`` written in a function is found by the reader in that function,
    so an operation's list cannot miss a refusal its code path raises directly."""
    for name, func in vars(module).items():
        if not inspect.isfunction(func) or func.__module__ != module.__name__:
            continue
        written = {ErrorCode[m].value for m in RAISE.findall(inspect.getsource(func))}
        assert written <= codes_raised(func), (name, written - codes_raised(func))


def test_the_reader_follows_the_engine_and_typed_locals() -> None:
    act = codes_raised(game_services.table_act)
    assert {"stale_seq", "not_a_player_here", "game_not_started", "not_found"} <= act
    assert act >= RULE_REASONS  # the engine's refusals, through game.apply()
    assert codes_raised(game_selectors.hint_for) >= {"game_over", "not_your_turn"}
    assert not codes_raised(game_selectors.table_detail)  # a stored game is re-read, never refused
    assert all(code in REGISTRY for code in act)


@pytest.mark.django_db
def test_error_examples_are_real_bodies(openapi: Any) -> None:
    _, _, op = openapi.operations["tables_act"]
    examples = op["responses"]["422"]["content"]["application/problem+json"]["examples"]
    follow = examples["must_follow_suit"]["value"]
    assert follow["title"] == "Must follow suit" and follow["params"] == {"suit": "hearts"}
    assert follow["detail"] == "Hearts were led and you hold hearts: play one of them."
    assert examples["bid_out_of_range"]["value"]["detail"] == "Bid from 0 to 13."
    stale = op["responses"]["409"]["content"]["application/problem+json"]["examples"]["stale_seq"]["value"]
    assert stale["seq"] == 18 and "You sent seq 17" in stale["detail"]
    text = json.dumps(openapi.document)
    assert "additionalProp1" not in text and '"detail": "string"' not in text


@pytest.mark.django_db
def test_the_action_body_is_a_discriminated_union(openapi: Any) -> None:
    schemas = openapi.document["components"]["schemas"]
    _, _, op = openapi.operations["tables_act"]
    ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    union = schemas[ref]
    assert union["discriminator"]["propertyName"] == "type"
    variants = {kind: target.rsplit("/", 1)[1] for kind, target in union["discriminator"]["mapping"].items()}
    assert set(variants) == set(engine.game.ACTION_TYPES)
    assert [v["$ref"].rsplit("/", 1)[1] for v in union["oneOf"]] == list(variants.values())
    fields = {"bid": {"type", "seq", "bid"}, "play": {"type", "seq", "card"}, "exchange": {"type", "seq", "cards"},
              "look": {"type", "seq"}, "resign": {"type", "seq"}}
    for kind, name in variants.items():
        variant = schemas[name]
        assert variant["properties"]["type"]["const"] == kind
        assert set(variant["required"]) == fields[kind], kind
    assert "blind" in schemas[variants["bid"]]["properties"]


@pytest.mark.django_db
def test_request_constraints_are_in_the_schema(openapi: Any) -> None:
    schemas = openapi.document["components"]["schemas"]
    name = schemas["PlayerCreateRequest"]["properties"]["name"]
    assert (name["minLength"], name["maxLength"]) == (3, 40) and name["pattern"]
    seat = schemas["TableCreateRequest"]["properties"]["seats"]["items"]
    shapes = schemas[seat["$ref"].rsplit("/", 1)[1]]["oneOf"]
    bot = next(s for s in shapes if s["properties"]["type"]["const"] == "bot")
    assert set(bot["required"]) == {"type", "level"}
    level = bot["properties"]["level"]
    enum = schemas[level["allOf"][0]["$ref"].rsplit("/", 1)[1]]["enum"] if "allOf" in level else level["enum"]
    assert enum == ["easy", "normal", "hard"]
    open_seat = next(s for s in shapes if s["properties"]["type"]["const"] == "open")
    assert "level" not in open_seat["properties"]


PLACEHOLDER = re.compile(r"<[A-Za-z][^>]*>")


def _strings(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for value in node.values() for s in _strings(value)]
    if isinstance(node, list):
        return [s for value in node for s in _strings(value)]
    return []


@pytest.mark.django_db
def test_no_placeholder_in_angle_brackets(openapi: Any) -> None:
    """Swagger UI, ReDoc and the Authorize dialog render descriptions as HTML: '<token>' disappears."""
    found = [s for s in _strings(openapi.document) if PLACEHOLDER.search(s)]
    assert not found, found[:5]
    assert "Bearer YOUR_TOKEN" in openapi.document["components"]["securitySchemes"]["bearerToken"]["description"]


@pytest.mark.django_db
def test_the_description_explains_the_play_loop_and_the_rate_limits(openapi: Any) -> None:
    text = openapi.document["info"]["description"]
    for needed in ("events/?after=", "wait=", "legal/", "actions/", "stale_seq", "Idempotency-Key", "Rate limits",
                   "429", "Retry-After", "1200/min", "Authorization: Bearer YOUR_TOKEN"):
        assert needed in text, needed


@pytest.mark.django_db
def test_presets_are_described_for_players_in_both_languages(api: Any) -> None:
    english = {p["name"]: p["description"] for p in api.get("/api/v1/rulesets/", token="").body["presets"]}
    japanese = {p["name"]: p["description"] for p in api.get(
        "/api/v1/rulesets/", token="", headers={"Accept-Language": "ja"}).body["presets"]}
    assert set(english) == set(japanese) == set(engine.PRESETS) == set(DESCRIPTIONS_JA)
    for name in engine.PRESETS:
        assert not re.search(r"\b00\d\b", english[name] + japanese[name]), name  # no internal document numbers
        assert english[name] == engine.DESCRIPTIONS[name] and english[name].isascii()
        assert JAPANESE.search(japanese[name]), name


@pytest.mark.django_db
def test_switches_are_described_in_both_languages(api: Any) -> None:
    english = api.get("/api/v1/rulesets/", token="").body["switches"]
    japanese = api.get("/api/v1/rulesets/", token="", headers={"Accept-Language": "ja"}).body["switches"]
    assert set(english) == set(japanese) == set(engine.SWITCHES)
    assert english == engine.switch_docs()
    for name in engine.SWITCHES:
        assert JAPANESE.search(japanese[name]) and japanese[name] != english[name], name


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True], ids=["debug-off", "debug-on"])
def test_every_api_path_answers_problem_details(settings: Any, debug: bool) -> None:
    settings.DEBUG = debug
    client = Client(SERVER_NAME="localhost", raise_request_exception=False)
    for path in ["/api/v1/tables/not-a-uuid/", "/api/v1/tables/not-a-uuid/legal/", "/api/v1/nothing/",
                 "/api/elsewhere/", "/api/v1/tournaments/42/"]:
        response = client.get(path)
        assert response.status_code == 404, path
        assert response["Content-Type"] == "application/problem+json", (path, response.content[:100])
        body = response.json()
        assert body["code"] == "not_found" and body["title"] == "Not found", path
    response = client.delete("/api/v1/rulesets/", HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 405 and response.json()["code"] == "method_not_allowed"
    assert response.json()["detail"] == "ここでは DELETE は使えません。"
    assert client.get("/play/nothing/").status_code == 404  # pages outside /api/ keep their own


def test_the_middleware_turns_django_pages_into_problems(rf: Any) -> None:
    def page(response: HttpResponse) -> HttpResponse:
        return ApiProblemMiddleware(lambda request: response)(rf.get("/api/v1/x/"))

    crash = page(HttpResponseServerError("<html>Traceback…</html>"))
    assert crash.status_code == 500 and json.loads(crash.content)["code"] == "server_error"
    assert b"Traceback" not in crash.content
    not_allowed = page(HttpResponseNotAllowed(["GET"]))
    assert json.loads(not_allowed.content)["code"] == "method_not_allowed" and not_allowed["Allow"] == "GET"
    ok = HttpResponse("fine")
    assert page(ok) is ok


@pytest.mark.django_db
def test_the_root_lists_the_resources(api: Any) -> None:
    body = api.get("/api/v1/", token="").body
    links = {name: resource["href"] for name, resource in body["resources"].items()}
    assert {"players", "rulesets", "tables", "tournaments", "ladders", "errors", "schema", "docs"} <= set(links)
    assert links["tables"].endswith("/api/v1/tables/") and links["schema"].endswith("/api/schema/")
    for name in ("rulesets", "errors", "tournaments"):
        path = links[name].split("localhost", 1)[1]
        assert api.get(path, token="", check=False).status_code in (200, 401), name

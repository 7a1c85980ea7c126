"""Fixtures of the HTTP API suite: API clients that check every response against the OpenAPI schema,
player registration, auth headers and throttle settings.

Every response that goes through :class:`Api` is validated (Zulip-style) against the response schema of
its operation and status code in the schema served at ``/api/schema/``, so the schema stays the contract.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import override_settings
from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

SCHEMA_URI = "urn:spades-api:openapi"
ALLOWED_HOSTS = ["testserver", "localhost"]
HIGH_RATES = {"user": "100000/min", "anon": "100000/min", "register": "100000/min"}


def _escape(token: str) -> str:
    """A JSON-pointer reference token."""
    return token.replace("~", "~0").replace("/", "~1")


def _deepest(error: ValidationError) -> ValidationError:
    """The most specific cause of an error (inside anyOf/oneOf), for a readable message."""
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error


class OpenApi:
    """The served OpenAPI document, with a validator per (operation, status, media type)."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.registry: Registry = Registry().with_resource(
            SCHEMA_URI, Resource(contents=document, specification=DRAFT202012))
        self.operations: dict[str, tuple[str, str, dict[str, Any]]] = {}
        self._routes: list[tuple[re.Pattern[str], str, str]] = []
        for path, item in document["paths"].items():
            pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$")
            for method, op in item.items():
                if isinstance(op, dict) and "operationId" in op:
                    self.operations[op["operationId"]] = (path, method, op)
                    self._routes.append((pattern, method, op["operationId"]))
        self._validators: dict[tuple[str, str, str], Draft202012Validator] = {}

    def operation_for(self, method: str, path: str) -> str:
        """The operation id of the schema path template that ``path`` matches."""
        path = path.split("?", 1)[0]
        found = [op for pattern, m, op in self._routes if m == method.lower() and pattern.match(path)]
        assert found, f"{method} {path} matches no operation of the schema"
        # A literal path (players/me/) beats a template that also matches it.
        return min(found, key=lambda op: self.operations[op][0].count("{"))

    def validator(self, operation_id: str, status: int, media_type: str) -> Draft202012Validator:
        path, method, op = self.operations[operation_id]
        responses = op["responses"]
        code = str(status) if str(status) in responses else "default"
        assert code in responses, (
            f"{operation_id} answered {status}, which its schema does not document ({sorted(responses)})")
        content = responses[code].get("content") or {}
        assert content, f"{operation_id} {status}: the schema documents no body"
        assert media_type in content, (
            f"{operation_id} {status}: sent as {media_type}, documented as {sorted(content)}")
        key = (operation_id, code, media_type)
        if key not in self._validators:
            pointer = "/".join(["", "paths", _escape(path), method, "responses", code, "content",
                                _escape(media_type), "schema"])
            self._validators[key] = Draft202012Validator(
                {"$ref": f"{SCHEMA_URI}#{pointer}"}, registry=self.registry,
                format_checker=Draft202012Validator.FORMAT_CHECKER)
        return self._validators[key]

    def check(self, response: Any, operation_id: str) -> Any:
        """Validate ``response``'s JSON body against ``operation_id``'s schema for its status; return the
        body."""
        media_type = response["Content-Type"].split(";")[0].strip()
        body = json.loads(response.content)
        validator = self.validator(operation_id, response.status_code, media_type)
        errors = [_deepest(e) for e in validator.iter_errors(body)]
        assert not errors, f"{operation_id} {response.status_code} does not match its schema:\n" + "\n".join(
            f"  at {'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message[:300]}" for e in errors[:10])
        self.check_headers(response, operation_id)
        documented = self.codes(operation_id, response.status_code)
        if media_type == "application/problem+json" and documented is not None:
            assert body["code"] in documented, (
                f"{operation_id} answered {response.status_code} {body['code']}, which it does not document "
                f"({sorted(documented)})")
        return body

    def check_headers(self, response: Any, operation_id: str) -> None:
        """Every header the schema says ``response``'s status always carries is there, and matches its
        schema (the rate-limit headers, Retry-After)."""
        _, _, op = self.operations[operation_id]
        documented = op["responses"].get(str(response.status_code), {}).get("headers", {})
        for name, header in documented.items():
            if "$ref" in header:
                header = self.document["components"]["headers"][header["$ref"].rsplit("/", 1)[1]]
            if not header.get("required"):
                continue
            assert name in response, f"{operation_id} {response.status_code}: no {name} header, which it documents"
            value = int(response[name]) if header["schema"]["type"] == "integer" else response[name]
            errors = list(Draft202012Validator(header["schema"]).iter_errors(value))
            assert not errors, f"{operation_id} {response.status_code}: {name}: {response[name]!r}: {errors[0].message}"

    def codes(self, operation_id: str, status: int) -> set[str] | None:
        """The error codes ``operation_id`` documents for ``status`` (one example each), or ``None`` when the
        status has no problem-details response of the registry's making (the readiness probe's own)."""
        _, _, op = self.operations[operation_id]
        content = op["responses"].get(str(status), {}).get("content", {}).get("application/problem+json", {})
        if content.get("schema") != {"$ref": "#/components/schemas/Problem"}:
            return None
        return set(content.get("examples", {}))


class Api:
    """A test client for the API: every JSON response is checked against the schema of the operation
    its method and path match (or ``op=``) before the test sees it."""

    def __init__(self, schema: OpenApi, token: str | None = None) -> None:
        self.client = APIClient(SERVER_NAME="localhost")
        self.schema = schema
        self.token = token
        self.responses: list[Any] = []

    def request(self, method: str, path: str, data: Any = None, *, token: str | None = None, raw: str | None = None,
                op: str | None = None, headers: dict[str, str] | None = None, check: bool = True) -> Any:
        """Send a request; ``raw`` sends a literal body as application/json; ``token=""`` sends no token."""
        token = self.token if token is None else token
        extra = {"HTTP_" + k.upper().replace("-", "_"): v for k, v in (headers or {}).items()}
        if token:
            extra.setdefault("HTTP_AUTHORIZATION", f"Bearer {token}")
        call = getattr(self.client, method.lower())
        if raw is not None:
            response = call(path, data=raw, content_type="application/json", **extra)
        elif method.upper() == "GET":
            response = call(path, data=data, **extra)
        else:
            response = call(path, data=data if data is not None else {}, format="json", **extra)
        self.responses.append(response)
        if check:
            response.body = self.schema.check(response, op or self.schema.operation_for(method, path))
        return response

    def get(self, path: str, params: dict[str, Any] | None = None, **kwargs: Any) -> Any:
        return self.request("GET", path, params, **kwargs)

    def post(self, path: str, data: Any = None, **kwargs: Any) -> Any:
        return self.request("POST", path, data, **kwargs)


@pytest.fixture(scope="session")
def openapi(django_db_blocker: Any) -> OpenApi:
    """The schema served at /api/schema/?format=json (OpenAPI 3.1), loaded once."""
    with django_db_blocker.unblock(), override_settings(ALLOWED_HOSTS=ALLOWED_HOSTS):
        response = APIClient(SERVER_NAME="localhost").get("/api/schema/", {"format": "json"})
    assert response.status_code == 200, response.content[:500]
    document = json.loads(response.content)
    assert document["openapi"].startswith("3.1")
    return OpenApi(document)


@pytest.fixture
def check(openapi: OpenApi) -> Callable[[Any, str], Any]:
    """``check(response, operation_id)``: validate a response against the schema and return its body."""
    return openapi.check


@pytest.fixture(autouse=True)
def _api_settings(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Hosts the test client uses, throttle rates far above what a test sends, and an empty throttle
    cache, so that only a test that asks for throttling is throttled."""
    settings.ALLOWED_HOSTS = ALLOWED_HOSTS
    # DRF reads the rates into a class attribute when it is imported; the settings fixture alone does not
    # reach it.
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", dict(HIGH_RATES))
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def made_clients() -> list[Api]:
    """Every client a test made (with the responses they got), for checks across all of them."""
    return []


@pytest.fixture
def api(openapi: OpenApi, made_clients: list[Api]) -> Api:
    """An anonymous client (pass ``token=`` per request, or use ``client_for``)."""
    made_clients.append(Api(openapi))
    return made_clients[-1]


@pytest.fixture
def client_for(openapi: OpenApi, made_clients: list[Api]) -> Callable[[str | None], Api]:
    """A factory of API clients, each with its own token."""

    def make(token: str | None = None) -> Api:
        made_clients.append(Api(openapi, token))
        return made_clients[-1]

    return make


def auth(token: str) -> dict[str, str]:
    """The headers that authenticate ``token``."""
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def auth_headers() -> Callable[[str], dict[str, str]]:
    """``auth_headers(token)`` -> ``{"Authorization": "Bearer " + token}``."""
    return auth


@pytest.fixture
def register(api: Api) -> Callable[..., tuple[dict[str, Any], str]]:
    """``register(name)`` -> (player json, token) via POST /api/v1/players/."""

    def make(name: str | None = None, kind: str = "human") -> tuple[dict[str, Any], str]:
        name = name or f"p-{uuid.uuid4().hex[:10]}"
        response = api.post("/api/v1/players/", {"name": name, "kind": kind}, token="")
        assert response.status_code == 201, response.body
        body = dict(response.body)
        return body, body.pop("token")

    return make

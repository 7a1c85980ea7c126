"""Malformed input, sent to every operation of the served schema as a hostile client would: never a 5xx.

A real uvicorn (the shared ``asgi_server``) serves the test database. The schema it serves (drf-spectacular,
read at test time, so a new operation is covered as soon as it is routed) is walked operation by operation,
and each is sent every malformed family that applies to it, once anonymously and once as a registered
player: a body one byte over the limit (JSON, garbage and chunked), JSON nested past any depth, huge
integers, NaN and Infinity, control characters and NUL in strings, wrong types, unknown enum values (nested
ones too: a seat's level, an entry member's bot level, a rule switch), whole bodies that are not objects or
not JSON, malformed ids in the path, malformed cursors and values of every query parameter and header the
operation documents, and more query fields than Django takes.

Every answer must be a 4xx problem body (JSON with a ``code``, never HTML), and no row of any model may
have been written. The path ids are real objects (a table the player sits at, another player's tournament,
ladder and entry, a challenge to the player, the player's seek), so a request gets as far into the view as
its malformed part lets it; only an operation that documents a body is sent body families (one that takes
none reads none). The count of requests is printed (``pytest -s``) and is in the assertion message.
"""

from __future__ import annotations

import base64
import json
import random
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
from django.apps import apps
from django.conf import settings
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from games import matchmaking, services
from games.api.streams import resumed_after
from tests.api.seated import play_to_the_end, seated_table
from tournaments import ladders
from tournaments import services as tournament_services

HUGE = 10**30
RAW = "\x00raw:"
"""A string value that stands for a JSON token written as is (``NaN``): json.dumps cannot write one."""
DEEP = 10_000
"""Nesting depth of the deep bodies (RecursionError in Python's json far below it)."""
NOT_UUIDS = ["not-a-uuid", "00000000-0000-0000-0000-00000000000g", "%00", "%20", "1" * 200,
             f"{uuid.UUID(int=0)}%00"]
NOT_NUMBERS = [str(HUGE), str(2**63), "9" * 5000, "-1", "abc", "1e3", "%00"]
CONTROL_STRINGS = ["\x00", "ab\x00cd", "\x01\x02\x1f\x7f", "\u0085\u009f", "a" * 5000]
UNKNOWN_ENUMS = ["godlike", "", "\x00", "OPEN"]


@dataclass
class Call:
    """One malformed request and what it is, for the report."""

    operation: str
    family: str
    method: str
    path: str
    params: dict[str, str] | str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    content: bytes | None = None
    chunked: bool = False
    """Sent with Transfer-Encoding: chunked (no Content-Length), in two chunks."""

    def label(self) -> str:
        return f"{self.method} {self.path} [{self.operation}: {self.family}]"


# Building bodies from the schema ---------------------------------------------------------------------------

class Schema:
    """The served OpenAPI document, with ``$ref`` and ``allOf`` resolved."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in schema or ("allOf" in schema and len(schema["allOf"]) == 1):
            if "$ref" in schema:
                name = schema["$ref"].rsplit("/", 1)[1]
                schema = {**self.document["components"]["schemas"][name],
                          **{k: v for k, v in schema.items() if k != "$ref"}}
            else:
                (part,) = schema["allOf"]
                schema = {**self.resolve(part), **{k: v for k, v in schema.items() if k != "allOf"}}
        return schema

    def variants(self, schema: dict[str, Any]) -> list[dict[str, Any]]:
        schema = self.resolve(schema)
        return [self.resolve(s) for s in schema.get("oneOf") or schema.get("anyOf") or [schema]]

    def sample(self, schema: dict[str, Any]) -> Any:
        """A well-formed value of ``schema`` (the first variant of a union): the body a mutation starts from."""
        schema = self.variants(schema)[0]
        if "const" in schema:
            return schema["const"]
        if schema.get("enum"):
            return next(v for v in schema["enum"] if v is not None)
        kind = _kind(schema)
        if kind == "object":
            return {name: self.sample(prop) for name, prop in schema.get("properties", {}).items()}
        if kind == "array":
            return [self.sample(schema.get("items", {}))]
        if kind == "integer":
            return int(schema.get("minimum", 0))
        if kind == "number":
            return float(schema.get("minimum", 1))
        if kind == "boolean":
            return False
        if schema.get("format") == "date-time":
            return "2031-01-01T00:00:00Z"
        if schema.get("format") == "uuid":
            return str(uuid.uuid4())
        return "abcd"


def _kind(schema: dict[str, Any]) -> str | None:
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind is None and "properties" in schema:
        return "object"
    return kind


def _bad_values(schema: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(family, value) of every malformed value for one member of ``schema``."""
    kind = _kind(schema)
    if "const" in schema or schema.get("enum"):
        for value in UNKNOWN_ENUMS:
            yield "unknown enum value", value
        yield "wrong type", 12345
    if kind in ("integer", "number"):
        for value in (HUGE, -HUGE, 2**63, 1e300):
            yield "huge integer", value
        for token in ("NaN", "Infinity", "-Infinity"):
            yield "NaN or Infinity", RAW + token
        for value in ("abc", [], {}, True, 1.5 if kind == "integer" else "1e400"):
            yield "wrong type", value
    elif kind == "boolean":
        for value in ("maybe", 2, [], {}):
            yield "wrong type", value
    elif kind == "string":
        for value in CONTROL_STRINGS:
            yield "control characters", value
        if schema.get("format") == "date-time":
            for value in ("2026-13-45T00:00:00Z", "99999-01-01T00:00:00Z", "now"):
                yield "wrong type", value
        for value in (12345, [], {}, True):
            yield "wrong type", value
    elif kind == "array":
        for value in ({}, "x", 1, [None], [[]] * 1000):
            yield "wrong type", value
    elif kind == "object":
        for value in ([], "x", 1, None):
            yield "wrong type", value


class Bodies:
    """Every malformed body of an operation: each member of a well-formed body replaced, one at a time, by
    each bad value of its type (nested members and every variant of a union too), and whole bodies that
    are not an object, not JSON or nested too deep."""

    def __init__(self, schema: Schema, switches: list[str]) -> None:
        self.schema = schema
        self.switches = switches

    def of(self, body_schema: dict[str, Any]) -> Iterator[tuple[str, bytes]]:
        for variant in self.schema.variants(body_schema):
            base = self.schema.sample(variant)
            for family, path, value in self._mutations(variant):
                yield family + " at " + ".".join(map(str, path)), _encode(_replace(base, path, value))
        yield from _whole_bodies()

    def _mutations(self, schema: dict[str, Any], path: tuple[Any, ...] = ()) -> Iterator[tuple[str, tuple, Any]]:
        schema = self.schema.resolve(schema)
        variants = self.schema.variants(schema)
        if len(variants) > 1:
            for variant in variants:
                # A union's member is mutated from each variant's own well-formed value.
                base = self.schema.sample(variant)
                for family, sub, value in self._mutations(variant):
                    yield family, path, _replace(base, sub, value)
            return
        if path:
            for family, value in _bad_values(schema):
                yield family, path, value
        kind = _kind(schema)
        if kind == "object":
            for name, prop in schema.get("properties", {}).items():
                yield from self._mutations(prop, (*path, name))
            if schema.get("additionalProperties") not in (None, False):
                yield from self._free_form(path)
        elif kind == "array":
            yield from self._mutations(schema.get("items", {}), (*path, 0))

    def _free_form(self, path: tuple[Any, ...]) -> Iterator[tuple[str, tuple, Any]]:
        """A free-form object (a rule set's overrides): odd keys, and each rule switch given bad values."""
        for key in ("\x00", "a" * 1000, "target\x00"):
            yield "control characters", path, {key: 1}
        for name in self.switches:
            for value in (HUGE, -HUGE, 1e300, "\x00", [], {"a": 1}):
                family = "huge integer" if isinstance(value, int | float) else "wrong type"
                yield family, (*path, name), value
            yield "NaN or Infinity", (*path, name), RAW + "NaN"
            yield "unknown enum value", (*path, name), "godlike"


def _replace(base: Any, path: tuple[Any, ...], value: Any) -> Any:
    """``base`` with the member at ``path`` replaced by ``value`` (created where the base has none)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(head, int):
        items = list(base) if isinstance(base, list) and base else [None]
        items[head] = _replace(items[head], rest, value)
        return items
    out = dict(base) if isinstance(base, dict) else {}
    out[head] = _replace(out.get(head), rest, value)
    return out


def _encode(body: Any) -> bytes:
    text = json.dumps(body)
    for token in ("NaN", "Infinity", "-Infinity"):
        text = text.replace(json.dumps(RAW + token), token)
    return text.encode()


def _whole_bodies() -> Iterator[tuple[str, bytes]]:
    yield "deep nesting (arrays)", b"[" * DEEP + b"]" * DEEP
    yield "deep nesting (objects)", b'{"a":' * DEEP + b"1" + b"}" * DEEP
    yield "deep nesting (a member)", b'{"name": ' + b"[" * 1000 + b"]" * 1000 + b"}"
    for text in (b"[]", b'"x"', b"1", b"null", b"true", b"[{}]"):
        yield "wrong type of body", text
    for text in (b"{", b"not json", b"\xff\xfe\x00", b'{"name": "a\x01\x00b"}', b"NaN",
                 b'{"a": 1e99999}', b"[" * DEEP):
        yield "malformed JSON", text


# The requests ----------------------------------------------------------------------------------------------

def _cursors() -> list[str]:
    def b64(text: bytes) -> str:
        return base64.b64encode(text).decode()

    return [b64(b"p=2026-13-45"), b64(b"p=garbage"), b64(b"p=\x00"), b64(b"o=-5"),
            b64(b"r=x&p=2026-01-01"), b64(b"p=9999-12-31T23:59:59.999999%2B99:00"), "!!!", "\x00", "a" * 5000,
            b64(b"\xff\xfe")]


def _query_values(param: dict[str, Any], schema: Schema) -> list[str]:
    if param["name"] == "cursor":
        return _cursors()
    s = schema.resolve(param.get("schema", {}))
    kind = _kind(s)
    if kind == "integer":
        return [*NOT_NUMBERS, "1.5", "NaN", "Infinity", "", "\x00", "١"]
    if s.get("enum"):
        return [*UNKNOWN_ENUMS, "a" * 5000]
    if s.get("format") == "uuid":
        return [*NOT_UUIDS, "", "\x00"]
    return CONTROL_STRINGS


def _calls(schema: Schema, bodies: Bodies, path_id: Callable[[str, str], str], limit: int) -> Iterator[Call]:
    """Every malformed request of every operation (without credentials: the caller adds them)."""
    for template, item in schema.document["paths"].items():
        for method, op in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            op_id = op["operationId"]
            params = op.get("parameters", [])
            real = {p["name"]: path_id(op_id, p["name"]) for p in params if p["in"] == "path"}
            path = template.format(**real)
            upper = method.upper()

            def call(family: str, at: str = path, **kwargs: Any) -> Call:
                return Call(op_id, family, upper, at, **kwargs)  # noqa: B023  (built and used in this loop)

            # The body limit holds for every request, whatever the operation reads.
            filler = json.dumps({"name": "a" * limit}).encode()[: limit + 1]
            yield call("oversized body (JSON)", content=filler[:-2] + b'"}',
                       headers={"Content-Type": "application/json"})
            yield call("oversized body (garbage)", content=random.Random(1).randbytes(limit + 1),
                       headers={"Content-Type": "application/octet-stream"})
            yield call("oversized body (chunked)", content=filler[:-2] + b'"}', chunked=True,
                       headers={"Content-Type": "application/json"})
            yield call("too many query fields", params="&".join(f"f{i}=1" for i in range(1001)))
            for p in params:
                if p["in"] == "path":
                    bad = NOT_UUIDS if p["schema"].get("format") == "uuid" else NOT_NUMBERS
                    for value in bad:
                        yield call(f"malformed path {p['name']}", template.format(**{**real, p["name"]: value}))
                elif p["in"] == "query":
                    for value in _query_values(p, schema):
                        yield call(f"malformed query {p['name']}", params={p["name"]: value})
                elif p["name"] == "Idempotency-Key":
                    for value in ("", "k" * 129):
                        yield call("malformed Idempotency-Key", headers={p["name"]: value},
                                   content=b"{}" if "requestBody" in op else None)
            content = op.get("requestBody", {}).get("content", {})
            if "application/json" in content:
                for family, body in bodies.of(content["application/json"]["schema"]):
                    yield call(family, content=body, headers={"Content-Type": "application/json"})
                # (An unknown charset is ignored, as Django does: the body is read as UTF-8.)
                for media_type in ("application/json; charset=bz2_codec", "application/json; charset=utf-16",
                                   "text/plain", "multipart/form-data"):
                    yield call("malformed Content-Type", content=b'{"name": "abcd"}',
                               headers={"Content-Type": media_type})


def _send(client: httpx.Client, call: Call, token: str | None) -> tuple[int, str, bytes]:
    headers = dict(call.headers)
    if token:
        headers["Authorization"] = f"Bearer {token}"
    content: bytes | Iterator[bytes] | None = call.content
    if call.chunked and call.content is not None:
        half = len(call.content) // 2
        content = iter([call.content[:half], call.content[half:]])
    request = client.build_request(call.method, call.path, params=call.params, headers=headers, content=content)
    response = client.send(request, stream=True)
    try:
        media_type = response.headers.get("content-type", "").split(";")[0].strip()
        if media_type == "text/event-stream":  # a stream that opened: never read to its end
            return response.status_code, media_type, b""
        return response.status_code, media_type, response.read()
    finally:
        response.close()


EXPECTED = {"oversized body": {"payload_too_large"}, "deep nesting": {"json_too_deep"},
            "malformed query cursor": {"invalid"}}
"""The code some families must get (refused before anything else, or once the caller may use the operation)."""
UNAUTHENTICATED = {"not_authenticated", "authentication_failed"}


def _problem(call: Call, anonymous: bool, status: int, media_type: str, body: bytes) -> str | None:
    """What is wrong with an answer to a malformed request, or ``None`` when it is a 4xx problem body (with the
    code its family must get, where it has one)."""
    if not 400 <= status < 500:
        return f"answered {status}"
    if media_type not in ("application/problem+json", "application/json"):
        return f"{status} as {media_type or 'no content type'}: {body[:80]!r}"
    try:
        parsed = json.loads(body)
    except ValueError:
        return f"{status}: not JSON: {body[:80]!r}"
    if not isinstance(parsed, dict) or not isinstance(parsed.get("code"), str):
        return f"{status}: no code: {body[:80]!r}"
    expected = next((codes for family, codes in EXPECTED.items() if call.family.startswith(family)), None)
    # A body over the limit is refused before anything else; the rest once the caller is let in.
    if anonymous and expected is not None and not call.family.startswith("oversized"):
        expected = expected | UNAUTHENTICATED
    if expected is not None and parsed["code"] not in expected:
        return f"{status} {parsed['code']}, not {' or '.join(sorted(expected))}"
    return None


# The objects the paths name --------------------------------------------------------------------------------

TOKEN_PATH = "/api/v1/players/me/token/"
"""Rotating or revoking a token ends it: the operations on the token itself are sent with another account's,
so that one that wrongly succeeded would not sign the player out of everything after it."""


def _world() -> tuple[dict[str, str], Callable[[str, str], str]]:
    """Tokens (the player's, and another account's for the token's own operations) and the real object each
    path parameter of each operation names: a table the player plays at (a finished one for its hands), and
    another player's tournament with an entry, ladder with a bot's entry and challenge to the player, and the
    player's own seek and block."""
    me, token = services.player_register(name="malformed-me", kind="human")
    _, token_owner = services.player_register(name="malformed-token", kind="human")
    others = [services.player_register(name=f"malformed-{i}", kind="human")[0] for i in range(3)]
    bot, _ = services.player_register(name="malformed-bot", kind="bot")
    playing = seated_table([me, *others], seed="malformed-playing")
    finished = seated_table([me, *others], seed="malformed-finished", overrides={"hand_cap": 1, "tie": "draw"})
    play_to_the_end(finished, [me, *others])
    tournament = tournament_services.tournament_create(creator=others[0], name="malformed cup", format="swiss",
                                                       preset="standard")
    entry = tournament_services.entry_register(
        tournament_id=tournament.pk, by=others[0], name="pair", members=[
            tournament_services.MemberSpec(player=others[0]), tournament_services.MemberSpec(bot_level="easy")])
    ladder = ladders.ladder_create(creator=others[0], name="malformed ladder", preset="standard")
    ladder_entry = ladders.ladder_join(ladder_id=ladder.pk, player=bot)
    challenge = matchmaking.challenge_create(challenger=others[0], opponent=me.name)
    seek = matchmaking.seek_create(player=me, fill_with_bots_after=3600)
    block, _ = matchmaking.block_add(player=me, name=others[2].name)
    usual = {"table_id": playing.pk, "tournament_id": tournament.pk, "ladder_id": ladder.pk,
             "challenge_id": challenge.pk, "seek_id": seek.pk, "number": 1, "name": block.blocked.name}
    specific = {("tables_hand", "table_id"): finished.pk, ("tournaments_entries_destroy", "entry_id"): entry.pk,
                ("ladders_entry_history", "entry_id"): ladder_entry.pk, ("ladders_leave", "entry_id"): ladder_entry.pk}

    def path_id(operation: str, name: str) -> str:
        return str(specific[(operation, name)] if (operation, name) in specific else usual[name])

    return {"player": token, "token owner": token_owner}, path_id


def _row_counts() -> dict[str, int]:
    return {model._meta.label: model.objects.count() for model in apps.get_models()
            if model._meta.managed and not model._meta.proxy}


def test_no_malformed_request_gets_a_5xx_or_writes(asgi_server: str) -> None:
    tokens, path_id = _world()
    with httpx.Client(base_url=asgi_server, timeout=30) as client:
        document = client.get("/api/schema/", params={"format": "json"}).json()
        switches = sorted(client.get("/api/v1/rulesets/").json()["switches"])
        schema = Schema(document)
        calls = list(_calls(schema, Bodies(schema, switches), path_id, settings.DATA_UPLOAD_MAX_MEMORY_SIZE))
        operations = {op["operationId"] for item in document["paths"].values() for op in item.values()
                      if isinstance(op, dict) and "operationId" in op}
        assert {c.operation for c in calls} == operations  # every operation of the schema is sent something
        before = _row_counts()
        sent, failures, server_errors = 0, [], 0
        for call in calls:
            signed_in = "token owner" if call.path.startswith(TOKEN_PATH) else "player"
            for who, credential in (("anonymous", None), (signed_in, tokens[signed_in])):
                status, media_type, body = _send(client, call, credential)
                sent += 1
                server_errors += status >= 500
                wrong = _problem(call, credential is None, status, media_type, body)
                if wrong:
                    failures.append(f"{call.label()} as {who}: {wrong}")
        for who, credential in tokens.items():  # nothing rotated or revoked a token either
            if client.get("/api/v1/players/me/", headers={"Authorization": f"Bearer {credential}"}).status_code != 200:
                failures.append(f"the {who}'s token no longer works")
    after = _row_counts()
    written = {label: (before[label], after[label]) for label in before if before[label] != after[label]}
    summary = f"{sent} malformed requests over {len(operations)} operations, {server_errors} answered 5xx"
    print(f"\n{summary}; {len(failures)} not a 4xx problem body")
    assert not failures and not written, (
        f"{summary}; {len(failures)} not a 4xx problem body:\n" + "\n".join(failures[:60])
        + (f"\nrows written (before, after): {written}" if written else ""))



def test_a_last_event_id_that_is_no_seq_falls_back_to_after() -> None:
    """EventSource sends back the id a stream last sent, in a header the schema does not list: one that is no seq
    (digits of another script, which ``int`` reads or chokes on, a number past the column) is ignored, never a
    500."""
    factory = APIRequestFactory()
    for header in ("\u00b2", "\u0661", "9" * 30, "-1", " 3", ""):
        assert resumed_after(Request(factory.get("/", {"after": "4"}, HTTP_LAST_EVENT_ID=header))) == 4, header
    assert resumed_after(Request(factory.get("/", {"after": "4"}, HTTP_LAST_EVENT_ID="7"))) == 7

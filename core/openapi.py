"""The error side of the OpenAPI description, generated from the registry and the code: the problem-details
schema (its ``code`` is the registry's enum), and the error responses of every operation, made by
:class:`ProblemAutoSchema` from the codes that operation's own code can raise (:mod:`core.raises`) with a
real example body for each; the rate-limit headers on the responses of every throttled operation
(:mod:`core.throttling`); and the headers every endpoint understands."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer
from rest_framework import serializers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import IsAuthenticated

from core.errors import CODES, REGISTRY, SAMPLE_PARAMS, ErrorCode, status_description
from core.problems import PROBLEM_JSON, problem
from core.raises import codes_raised
from core.throttling import HEADER_DOCS, RETRY_AFTER_DOC

ALWAYS = frozenset({ErrorCode.SERVICE_UNAVAILABLE.value, ErrorCode.SERVER_ERROR.value})
"""Every endpoint can meet a database outage or a fault of the server."""


class ProblemSerializer(serializers.Serializer):
    """RFC 9457 problem details with a stable machine ``code``."""

    type = serializers.CharField(help_text="A URI reference naming the error (/api/v1/errors/#CODE).")
    title = serializers.CharField(help_text="A short message in the request's language (en or ja).")
    status = serializers.IntegerField()
    detail = serializers.CharField()
    code = serializers.ChoiceField(choices=CODES, help_text="Stable machine code, e.g. must_follow_suit, "
                                   "stale_seq, not_found; GET /api/v1/errors/ lists them all.")
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False,
                                   help_text="Field errors: field name to messages.")
    params = serializers.DictField(required=False, help_text="The particulars of this refusal that 'detail' "
                                   "quotes, for programs: the bids allowed (low, high), the suit to follow, the "
                                   "seat whose turn it is, the seq you sent (sent)…")
    seq = serializers.IntegerField(required=False, help_text="With stale_seq: the table's current seq.")
    retry_after = serializers.IntegerField(required=False, help_text="With throttled or service_unavailable: "
                                           "seconds to wait before retrying (as in the Retry-After header).")
    request_id = serializers.CharField(required=False, help_text="The request's X-Request-ID, to quote when "
                                       "reporting a problem (a replayed Idempotency-Key response keeps the first's).")


class ErrorCatalogEntrySerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=CODES)
    status = serializers.IntegerField(help_text="The HTTP status the code is sent with.")
    en = serializers.CharField(help_text="The message in English (the detail when there are no particulars).")
    ja = serializers.CharField(help_text="The message in Japanese.")
    description = serializers.CharField(help_text="When the code is sent.")
    title_en = serializers.CharField(help_text="The title in English: the short kind of error.")
    title_ja = serializers.CharField(help_text="The title in Japanese.")


def operation_codes(view: Any, method: str) -> frozenset[str]:
    """Every code that ``method`` of ``view`` (a DRF view instance) can answer with: what its handler's code
    raises (:func:`~core.raises.codes_raised`), what its authentication, permissions, throttles and content
    negotiation can refuse, and an outage or a fault."""
    handler = getattr(type(view), method.lower(), None)
    codes = set(ALWAYS)
    if handler is not None:
        codes |= codes_raised(handler, type(view))
    if view.get_authenticators():
        codes.add(ErrorCode.AUTHENTICATION_FAILED.value)  # a bad token is refused even where none is needed
    if any(isinstance(p, IsAuthenticated) for p in view.get_permissions()):
        codes.add(ErrorCode.NOT_AUTHENTICATED.value)
    if view.get_throttles():
        codes.add(ErrorCode.THROTTLED.value)
    if isinstance(view.get_content_negotiator(), DefaultContentNegotiation):
        codes.add(ErrorCode.NOT_ACCEPTABLE.value)
    return frozenset(codes)


EXAMPLE_REQUEST_ID = "8a6e08042bd04672b79dd97027f9071a"


def example_problem(code: str) -> dict[str, Any]:
    """A real problem body of ``code`` in English, with the particulars of a typical refusal."""
    extra: dict[str, Any] = {}
    if code == ErrorCode.INVALID:
        extra["errors"] = {"name": ["Ensure this field has at least 3 characters."]}
    params = dict(SAMPLE_PARAMS.get(code, {}))
    if code == ErrorCode.STALE_SEQ:
        extra["seq"] = params.pop("seq")
    if code == ErrorCode.THROTTLED:
        extra["retry_after"] = params["retry_after"]
    if code == ErrorCode.SERVICE_UNAVAILABLE:
        extra["retry_after"] = 1
    body = problem(code, "en", params=params or None, **extra)
    body["request_id"] = EXAMPLE_REQUEST_ID  # not the id of the request that fetched the schema
    return body


def problem_content(auto_schema: AutoSchema, codes: list[str]) -> dict[str, Any]:
    """The application/problem+json content of a response sent with ``codes``, with one example each."""
    ref = auto_schema.resolve_serializer(ProblemSerializer, "response").ref
    return {PROBLEM_JSON: {"schema": ref, "examples": {
        code: {"summary": f"{code}: {REGISTRY[code].title_en}", "value": example_problem(code)} for code in codes}}}


class ProblemAutoSchema(AutoSchema):
    """drf-spectacular's schema of an operation, with error responses made from the operation's code: one
    response per status, listing and illustrating exactly the codes :func:`operation_codes` finds. Error
    responses declared by hand on a view are replaced, except a body of the view's own (the readiness
    probe's), and the operations of ``spades_api`` (the probes, answered before any view) keep theirs."""

    def _get_request_body(self, direction: Any = "request") -> dict[str, Any] | None:
        """A union body (the action's ``oneOf``) is required: each of its shapes has required fields, which
        drf-spectacular does not look into."""
        body = super()._get_request_body(direction)
        if body is not None and isinstance(self.get_request_serializer(), PolymorphicProxySerializer):
            body["required"] = True
        return body

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        if type(self.view).__module__.startswith("spades_api."):
            return responses
        by_status: dict[int, list[str]] = {}
        for code in CODES:  # registry order
            if code in operation_codes(self.view, self.method):
                by_status.setdefault(REGISTRY[code].status, []).append(code)
        for status, codes in sorted(by_status.items()):
            key = str(status)
            if key in responses and responses[key].get("content", {}).keys() - {PROBLEM_JSON}:
                continue  # a success or a body of the view's own at that status
            responses[key] = {"description": status_description(status, codes),
                              "content": problem_content(self, codes)}
        if self.view.get_throttles():
            for key, response in responses.items():
                # the quota's headers join those the view documents itself (a 202's Retry-After)
                response["headers"] = {**response.get("headers", {}), **response_headers(int(key))}
        return dict(sorted(responses.items()))


# A request refused before its throttles ran (a bad token, an Accept the view cannot answer, an outage, a
# malformed id that no view serves) carries no quota: the headers are promised only where one always ran.
_QUOTA_ALWAYS = frozenset({200, 201, 202, 204, 304, 400, 409, 415, 422, 429})


def response_headers(status: int) -> dict[str, Any]:
    """The headers of a throttled operation's ``status`` response: the caller's quota (required where the
    throttles always ran first) and, on a 429 or a 503, Retry-After."""
    headers: dict[str, Any] = {name: {"$ref": f"#/components/headers/{name}"} for name in HEADER_DOCS}
    if status not in _QUOTA_ALWAYS:
        headers = {name: {**HEADER_DOCS[name], "required": False} for name in HEADER_DOCS}
    if status in (429, 503):
        headers["Retry-After"] = {"$ref": "#/components/headers/Retry-After"}
    return headers


def add_header_components(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: the shared header descriptions the responses refer to."""
    headers = {name: {**doc, "required": True} for name, doc in HEADER_DOCS.items()}
    headers["Retry-After"] = {**RETRY_AFTER_DOC, "required": True}
    result.setdefault("components", {})["headers"] = headers
    return result


LANGUAGE_PARAM = OpenApiParameter("Accept-Language", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
                                  description="en or ja: the language of the messages (errors, field "
                                  "messages, descriptions).")

"""The error side of the OpenAPI description, generated from the registry: the problem-details schema
(its ``code`` is the registry's enum), the error responses of an operation with each status's codes, and
the headers every endpoint understands."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse
from rest_framework import serializers

from core.errors import CODES, REGISTRY, status_description
from core.problems import PROBLEM_JSON

ALWAYS = (429, 503)
"""Every endpoint can be throttled and can meet a database outage."""


class ProblemSerializer(serializers.Serializer):
    """RFC 9457 problem details with a stable machine ``code``."""

    type = serializers.CharField(help_text="A URI reference naming the error (/api/v1/errors/#<code>).")
    title = serializers.CharField(help_text="A short message in the request's language (en or ja).")
    status = serializers.IntegerField()
    detail = serializers.CharField()
    code = serializers.ChoiceField(choices=CODES, help_text="Stable machine code, e.g. must_follow_suit, "
                                   "stale_seq, not_found; GET /api/v1/errors/ lists them all.")
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False,
                                   help_text="Field errors: field name to messages.")
    seq = serializers.IntegerField(required=False, help_text="With stale_seq: the table's current seq.")
    retry_after = serializers.IntegerField(required=False, help_text="With throttled or service_unavailable: "
                                           "seconds to wait before retrying (as in the Retry-After header).")
    request_id = serializers.CharField(required=False, help_text="The request's X-Request-ID, to quote when "
                                       "reporting a problem (a replayed Idempotency-Key response keeps the first's).")


class ErrorCatalogEntrySerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=CODES)
    status = serializers.IntegerField(help_text="The HTTP status the code is sent with.")
    en = serializers.CharField(help_text="The title in English.")
    ja = serializers.CharField(help_text="The title in Japanese.")
    description = serializers.CharField(help_text="When the code is sent.")


def problem_responses(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    """An operation's error responses, as application/problem+json, each described with the registered codes
    of its status (429 and 503 are always there)."""
    return {(status, PROBLEM_JSON): OpenApiResponse(ProblemSerializer, description=status_description(status))
            for status in sorted({*statuses, *ALWAYS})}


def problem_example(name: str, code: str) -> OpenApiExample:
    """A documented error response: the problem body of registered ``code`` in English."""
    entry = REGISTRY[code]
    body = {"type": f"/api/v1/errors/#{code}", "title": entry.en, "status": entry.status, "detail": entry.en,
            "code": code}
    return OpenApiExample(name, value=body, response_only=True, status_codes=[str(entry.status)],
                          media_type=PROBLEM_JSON)


LANGUAGE_PARAM = OpenApiParameter("Accept-Language", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
                                  description="en or ja: the language of error messages.")

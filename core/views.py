"""The error catalog endpoint, ``GET /api/v1/errors/``: the registry as JSON."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import ENTRIES
from core.openapi import ErrorCatalogEntrySerializer, problem_responses


def catalog() -> list[dict[str, object]]:
    """Every registered code with its status, messages and description, in registry order."""
    return [{"code": e.code, "status": e.status, "en": e.en, "ja": e.ja, "description": e.description}
            for e in ENTRIES]


class ErrorCatalogView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="errors_list", tags=["rules"],
                   responses={200: ErrorCatalogEntrySerializer(many=True), **problem_responses(401)},
                   summary="Every error code the API returns, with its HTTP status and messages")
    def get(self, request: Request) -> Response:
        return Response(catalog())

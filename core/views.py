"""The API's root, ``GET /api/v1/`` (the resources, with links), and the error catalog,
``GET /api/v1/errors/`` (the registry as JSON)."""

from __future__ import annotations

from dataclasses import asdict

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from core.errors import ENTRIES
from core.openapi import ErrorCatalogEntrySerializer


def catalog() -> list[dict[str, object]]:
    """Every registered code with its status, messages and description, in registry order."""
    return [asdict(e) for e in ENTRIES]


class ErrorCatalogView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="errors_list", tags=["rules"],
                   responses={200: ErrorCatalogEntrySerializer(many=True)},
                   summary="Every error code the API returns, with its HTTP status and messages")
    def get(self, request: Request) -> Response:
        return Response(catalog())


RESOURCES: dict[str, tuple[str, str]] = {
    "players": ("players", "Register an account (POST) and get its API token."),
    "me": ("players-me", "The account your token belongs to."),
    "rulesets": ("rulesets", "The presets with their switches."),
    "tables": ("tables", "Open tables (POST) and list them, with filters."),
    "events": ("players-me-events", "Your own event stream: tables opened for you, challenges, tournaments."),
    "challenges": ("challenges", "Challenge a named player or bot (POST); those you received or sent."),
    "seeks": ("seeks", "Seek a game against anyone (POST); your seeks."),
    "tournaments": ("tournaments", "Scheduled tournaments."),
    "ladders": ("ladders", "Always-on rated pools of bots."),
    "errors": ("errors", "Every error code, with its status and messages."),
    "schema": ("schema", "The OpenAPI 3.1 description of the API."),
    "docs": ("swagger-ui", "The API documentation (Swagger UI)."),
    "redoc": ("redoc", "The API documentation (ReDoc)."),
}
"""The resources the root lists: the URL name of each and what it is."""


class ResourceSerializer(serializers.Serializer):
    href = serializers.URLField(help_text="Where it is.")
    description = serializers.CharField()


class ApiRootSerializer(serializers.Serializer):
    version = serializers.CharField()
    resources = serializers.DictField(child=ResourceSerializer(), help_text="Each resource by name, with its link.")


class ApiRootView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="api_root", tags=["rules"], responses={200: ApiRootSerializer},
                   summary="The API's resources, with links")
    def get(self, request: Request) -> Response:
        return Response({"version": "v1", "resources": {
            name: {"href": reverse(url_name, request=request), "description": text}
            for name, (url_name, text) in RESOURCES.items()}})

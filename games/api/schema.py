"""OpenAPI descriptions of the API's authentication schemes (drf-spectacular extensions)."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "games.auth.BearerTokenAuthentication"
    name = "bearerToken"

    def get_security_definition(self, auto_schema):  # type: ignore[no-untyped-def]
        return {"type": "http", "scheme": "bearer",
                "description": "The API token from POST /api/v1/players/ as 'Authorization: Bearer <token>'."}


class StreamTokenScheme(OpenApiAuthenticationExtension):
    target_class = "games.api.views.StreamTokenAuthentication"
    name = "streamToken"

    def get_security_definition(self, auto_schema):  # type: ignore[no-untyped-def]
        return {"type": "apiKey", "in": "query", "name": "token",
                "description": "The API token as ?token=, for EventSource, which cannot send headers."}

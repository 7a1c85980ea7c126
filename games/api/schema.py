"""OpenAPI descriptions the code alone does not give (drf-spectacular extensions): the authentication schemes
and the per-type fields of an action."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerExtension


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


class ActionRequestSchema(OpenApiSerializerExtension):
    """The action body as its serializer describes it, plus which field each type needs: DRF validates that in
    ``validate()``, which the generated schema cannot see, so a client built from the schema would not know that
    a bid needs ``bid``."""

    target_class = "games.api.serializers.ActionRequestSerializer"

    def map_serializer(self, auto_schema, direction):  # type: ignore[no-untyped-def]
        schema = super().map_serializer(auto_schema, direction)
        needs = {"bid": "bid", "play": "card", "exchange": "cards"}
        schema["oneOf"] = [
            *({"properties": {"type": {"type": "string", "const": kind}}, "required": [field]}
              for kind, field in needs.items()),
            *({"properties": {"type": {"type": "string", "const": kind}}} for kind in ("look", "resign")),
        ]
        return schema

"""OpenAPI descriptions the code alone does not give (drf-spectacular extensions): the authentication
schemes, and a seat of a new table as the two shapes it takes (its ``validate()`` says which fields go with
which type, which the generated schema cannot see)."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerExtension

from games.services import BOT_LEVELS


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "games.auth.BearerTokenAuthentication"
    name = "bearerToken"

    def get_security_definition(self, auto_schema):  # type: ignore[no-untyped-def]
        return {"type": "http", "scheme": "bearer",
                "description": "The API token from POST /api/v1/players/, sent as 'Authorization: Bearer "
                               "YOUR_TOKEN'. In the Authorize dialog paste the token alone."}


class StreamTokenScheme(OpenApiAuthenticationExtension):
    target_class = "games.api.views.StreamTokenAuthentication"
    name = "streamToken"

    def get_security_definition(self, auto_schema):  # type: ignore[no-untyped-def]
        return {"type": "apiKey", "in": "query", "name": "token",
                "description": "The API token as ?token=, for EventSource, which cannot send headers."}


class SeatSpecSchema(OpenApiSerializerExtension):
    """``{"type": "open"}`` or ``{"type": "bot", "level": …}``: a bot seat needs its level, an open one has
    none."""

    target_class = "games.api.serializers.SeatSpecSerializer"

    def map_serializer(self, auto_schema, direction):  # type: ignore[no-untyped-def]
        return {"oneOf": [
            {"type": "object", "title": "OpenSeat", "description": "A seat a player joins.",
             "properties": {"type": {"type": "string", "const": "open"}}, "required": ["type"],
             "additionalProperties": False},
            {"type": "object", "title": "BotSeat", "description": "A seat kept for a built-in bot.",
             "properties": {"type": {"type": "string", "const": "bot"},
                            "level": {"type": "string", "enum": list(BOT_LEVELS),
                                      "description": "The bot's strength."}},
             "required": ["type", "level"], "additionalProperties": False},
        ]}

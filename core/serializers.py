"""Request-body parsing shared by every app's serializers."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class StrictCharField(serializers.CharField):
    """A string field that refuses numbers and booleans rather than turning them into text, as the schema's
    ``type: string`` promises."""

    def to_internal_value(self, data: object) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """``data`` validated by ``serializer_class``; DRF's ``ValidationError`` (400 ``invalid``) otherwise."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data

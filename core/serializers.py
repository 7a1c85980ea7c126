"""Request-body parsing shared by every app's serializers."""

from __future__ import annotations

from typing import Any

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from core.params import CONTROL_CHARACTERS

NO_CONTROL = RegexValidator(rf"\A[^{CONTROL_CHARACTERS}]*\Z",
                            message=gettext_lazy("Control characters are not allowed."))
"""Refuses text with a control character; drf-spectacular shows it as the pattern ``core.params.NO_CONTROL_PATTERN``."""


class StrictCharField(serializers.CharField):
    """A string field that refuses numbers and booleans rather than turning them into text, as the schema's
    ``type: string`` promises, and control characters (DRF refuses only NUL): a name is shown to others."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # a StrictRegexField's regex first
        self.validators.append(NO_CONTROL)

    def to_internal_value(self, data: object) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictRegexField(StrictCharField, serializers.RegexField):
    """A :class:`StrictCharField` that must match a regular expression (DRF's ``RegexField``)."""


class StrictFloatField(serializers.FloatField):
    """A number field that refuses booleans, which DRF would read as 1.0 and 0.0 (the schema says a number)."""

    def to_internal_value(self, data: object) -> float:
        if isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """``data`` validated by ``serializer_class``; DRF's ``ValidationError`` (400 ``invalid``) otherwise."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data

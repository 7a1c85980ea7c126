"""Request-body parsing shared by every app's serializers.

:func:`validated` is how a view validates a body. Most bodies are plain JSON that DRF's fields take as they
are (an int for an ``IntegerField``, a string without surrounding blanks for a ``CharField``), and for those
it skips building the serializer: DRF deep-copies every declared field for each instance, about 0.5M
instructions for a move's three-field body (``bench/instructions.py``), a twentieth of the move's POST. It
checks each value against the serializer's declared field, as that field's type and its own validators say,
and hands anything else, and every refusal, to the serializer itself; so the serializer stays the one
definition of a body, and the two are shown to agree on random bodies (tests/api/test_plain_bodies.py).
"""

from __future__ import annotations

import functools
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
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
    plain = plain_validated(serializer_class, data)
    if plain is not None:
        return plain
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


_EXACT = {serializers.ChoiceField: str, serializers.IntegerField: int, serializers.BooleanField: bool,
          serializers.CharField: str, serializers.ListField: list}
"""The DRF fields whose ``to_internal_value`` returns a value of this exact type as it is (a string under the
conditions of :func:`_plain`), and the type."""


@functools.cache
def _plain_fields(serializer_class: type[serializers.Serializer]) -> dict[str, serializers.Field] | None:
    """The declared fields of ``serializer_class`` if every one is of :data:`_EXACT` (not a subclass that
    changes how a value is read) and the serializer adds no validation of its own; else ``None``."""
    fields = serializer_class._declared_fields  # type: ignore[attr-defined]
    if (serializer_class.validate is not serializers.Serializer.validate
            or any(hasattr(serializer_class, "validate_" + name) for name in fields)
            or getattr(getattr(serializer_class, "Meta", None), "validators", None)):
        return None
    plain = all(_plain_field(field) and (field.source or "") != "*" and "." not in (field.source or "")
                for field in fields.values())
    return dict(fields) if plain else None


def _plain_field(field: serializers.Field) -> bool:
    base = next((cls for cls in _EXACT if isinstance(field, cls)), None)
    return (base is not None and not field.read_only
            and type(field).to_internal_value is base.to_internal_value
            and type(field).run_validation is base.run_validation
            and not any(getattr(v, "requires_context", False) for v in field.validators)
            and (not isinstance(field, serializers.ListField) or _plain_field(field.child)))


_NOT_PLAIN = object()


def _plain(field: serializers.Field, value: Any) -> Any:
    """What ``field`` makes of ``value`` when it takes it as it is and its validators pass; else
    :data:`_NOT_PLAIN` (the field decides)."""
    base = next(cls for cls in _EXACT if isinstance(field, cls))
    if type(value) is not _EXACT[base]:
        return _NOT_PLAIN
    if isinstance(field, serializers.ChoiceField):
        if value not in field.choice_strings_to_values:
            return _NOT_PLAIN
        value = field.choice_strings_to_values[value]
    elif isinstance(field, serializers.CharField):
        if not value or (field.trim_whitespace and value != value.strip()):
            return _NOT_PLAIN
    elif isinstance(field, serializers.ListField):
        if not value and not field.allow_empty:
            return _NOT_PLAIN
        items = [_plain(field.child, item) for item in value]
        if any(item is _NOT_PLAIN for item in items):
            return _NOT_PLAIN
        value = items
    for validator in field.validators:
        try:
            validator(value)
        except (serializers.ValidationError, DjangoValidationError):
            return _NOT_PLAIN
    return value


def plain_validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any] | None:
    """``data`` as ``serializer_class`` would validate it, without building the serializer, where every value
    is plain for its field (:func:`_plain`) and every required field is there; ``None`` where the serializer
    must decide (anything else, every refusal included)."""
    fields = _plain_fields(serializer_class)
    if fields is None or type(data) is not dict:
        return None
    out: dict[str, Any] = {}
    for name, field in fields.items():
        source = field.source or name
        if name not in data:
            if field.required or callable(field.default):
                return None
            if field.default is not serializers.empty:
                out[source] = field.default
            continue
        value = _plain(field, data[name])
        if value is _NOT_PLAIN:
            return None
        out[source] = value
    return out

"""Response serializers made from the engine's dataclasses (its events and the seat view), so that the
OpenAPI schema documents exactly the fields the engine writes and no second list of them is kept here.

A field's type gives the serializer field (``int | None`` a nullable integer, ``tuple[str, ...]`` a list of
strings, a ``Literal`` a choice, a nested dataclass its own component), its ``doc`` metadata the help text,
and the class docstring the component's description. Engine types that already have a serializer here (a
bid, a trick, a hand record, a side's score) map to it. An event's private field (a mapping of seat to what
only that seat sees) appears in its seat form: an optional member of the value's type. The event's
``type`` is a string constant, the discriminator of the events' ``oneOf``.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.engine.events import is_private

Known = Mapping[type, type[serializers.Serializer]]

_SCALARS: dict[type, type[serializers.Field]] = {
    int: serializers.IntegerField, str: serializers.CharField, bool: serializers.BooleanField,
    float: serializers.FloatField,
}


def _type_field(kind: str) -> serializers.Field:
    """The ``type`` member of an event: always ``kind``."""
    field_class = extend_schema_field({"type": "string", "const": kind})(
        type("EventTypeField", (serializers.CharField,), {}))
    return field_class(help_text=f"Always {kind}.")


def _field_for(hint: Any, known: Known, **kwargs: Any) -> serializers.Field:
    """The serializer field that describes a value of type ``hint``."""
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union) and type(None) in args:
        (inner,) = (a for a in args if a is not type(None))
        return _field_for(inner, known, allow_null=True, **kwargs)
    if origin is typing.Literal:
        return serializers.ChoiceField(choices=list(args), **kwargs)
    if origin in (tuple, list):
        child = _field_for(args[0], known)
        if isinstance(child, serializers.Serializer) and child.allow_null:
            return _list_of_nullable(child)(**kwargs)
        return serializers.ListField(child=child, **kwargs)
    if hint in known:
        return known[hint](**kwargs)
    if dataclasses.is_dataclass(hint):
        return serializer_for(hint, known)(**kwargs)  # type: ignore[arg-type]
    if hint in _SCALARS:
        return _SCALARS[hint](**kwargs)
    raise TypeError(f"no serializer field for {hint!r}")


def _list_of_nullable(child: serializers.Serializer) -> type[serializers.ListField]:
    """A list whose items are ``child``'s component or null (drf-spectacular drops the null of an item)."""
    name = type(child).__name__.removesuffix("Serializer")
    items = {"anyOf": [{"$ref": f"#/components/schemas/{name}"}, {"type": "null"}]}
    return extend_schema_field({"type": "array", "items": items})(
        type(f"{name}OrNullList", (serializers.ListField,), {}))


_MADE: dict[type, type[serializers.Serializer]] = {}


def serializer_for(cls: type, known: Known) -> type[serializers.Serializer]:
    """A serializer (component ``cls.__name__``) describing the JSON of dataclass ``cls``; for an event,
    its seat form. Made once per class."""
    if cls in _MADE:
        return _MADE[cls]
    hints = typing.get_type_hints(cls)
    attrs: dict[str, Any] = {"__doc__": cls.__doc__, "__module__": __name__}
    kind = getattr(cls, "type", None)
    if isinstance(kind, str):
        attrs["type"] = _type_field(kind)
    for f in dataclasses.fields(cls):
        kwargs: dict[str, Any] = {}
        if "doc" in f.metadata:
            kwargs["help_text"] = f.metadata["doc"]
        hint = hints[f.name]
        if is_private(f):
            hint = typing.get_args(hint)[1]  # Mapping[seat, value]: a seat sees only its own value
            kwargs["required"] = False
        elif f.default is not dataclasses.MISSING:
            kwargs["required"] = False
        attrs[f.name] = _field_for(hint, known, **kwargs)
    _MADE[cls] = made = type(f"{cls.__name__}Serializer", (serializers.Serializer,), attrs)
    return made

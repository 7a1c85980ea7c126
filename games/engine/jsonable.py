"""How the engine's frozen dataclasses (events, the seat view) become JSON: field by field in the order
they are declared, tuples as lists, and anything with its own ``to_json`` (a bid, a trick, a hand record,
a side's score) written by it."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

_PLAIN = (int, str, bool, float, type(None))


def json_value(value: Any) -> Any:
    """``value`` JSON-ready: a value with ``to_json`` is written by it (checked first: a bid and a trick
    are named tuples), a tuple or list item by item, anything else as it is."""
    if type(value) in _PLAIN:  # most values: no ``to_json`` to look for (a failed lookup is dear)
        return value
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, (tuple, list)):
        return [json_value(v) for v in value]
    return value


class JsonData:
    """A frozen dataclass whose JSON is its fields in order (see :func:`json_value`)."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]
    """Declared so the type checker knows every subclass is a dataclass (the decorator fills it in)."""

    def to_json(self) -> dict[str, Any]:
        """The value as a JSON object, one member per field."""
        names = _FIELD_NAMES.get(type(self))
        if names is None:  # once a class: ``dataclasses.fields`` builds its tuple on every call
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        return {name: json_value(getattr(self, name)) for name in names}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}

"""How the engine's frozen dataclasses (events, the seat view) become JSON: field by field in the order
they are declared, tuples as lists, and anything with its own ``to_json`` (a bid, a trick, a hand record,
a side's score) written by it."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar


def json_value(value: Any) -> Any:
    """``value`` JSON-ready: a value with ``to_json`` is written by it (checked first: a bid and a trick
    are named tuples), a tuple or list item by item, anything else as it is."""
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
        return {f.name: json_value(getattr(self, f.name)) for f in dataclasses.fields(self)}

"""Query parameters parsed strictly: a bad value is refused with 400 ``invalid`` naming the parameter, never
quietly replaced by a default, and nothing reaches the database that it could not hold (a number past its
integer, a NUL in a string)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence

from django.utils.translation import gettext as _
from rest_framework.request import Request

from core.errors import ErrorCode, ServiceError

MAX_WHOLE = 2**31 - 1
"""The largest whole number a parameter takes: PostgreSQL's ``integer``, the column of a table's ``seq``, a hand's
number and an event's seq."""

_WHOLE = re.compile(r"-?[0-9]{1,10}")
"""A whole number in ASCII digits (``int`` also takes other scripts' digits, spaces and underscores)."""

CONTROL_CHARACTERS = r"\x00-\x1f\x7f-\x9f"
"""The control characters (C0, DEL and C1; NUL among them, which PostgreSQL's text refuses), as a character class's
inside."""
NO_CONTROL_PATTERN = r"^[^\u0000-\u001f\u007f-\u009f]*$"
"""Text without a control character, as the schema's ``pattern`` (ECMA) says it, for a schema written by hand."""
_CONTROL = re.compile(f"[{CONTROL_CHARACTERS}]")


def has_control_characters(text: str) -> bool:
    """Whether ``text`` holds a control character (:data:`CONTROL_CHARACTERS`)."""
    return _CONTROL.search(text) is not None


def whole_number(raw: str | None, low: int = 0, high: int = MAX_WHOLE) -> int | None:
    """``raw`` as a whole number from ``low`` to ``high`` written in ASCII digits, else ``None``."""
    if raw is None or _WHOLE.fullmatch(raw) is None:
        return None
    value = int(raw)
    return value if low <= value <= high else None


def int_param(request: Request, name: str, default: int, low: int, high: int = MAX_WHOLE) -> int:
    """The whole number ``name`` from ``low`` to ``high``, or ``default`` when absent."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    value = whole_number(raw, low, high)
    if value is None:
        raise ServiceError(ErrorCode.INVALID, errors={name: [_("A whole number, %(low)d to %(high)d.")
                                                             % {"low": low, "high": high}]})
    return value


def choice_param(request: Request, name: str, values: Sequence[str]) -> str | None:
    """``name`` if it is one of ``values``; ``None`` when absent. An empty value is refused too: the schema's enum
    has no empty string."""
    value = request.query_params.get(name)
    if value is not None and value not in values:
        raise ServiceError(ErrorCode.INVALID, errors={name: [_("One of %(values)s.") % {"values": ", ".join(values)}]})
    return value


def text_param(request: Request, name: str, max_length: int) -> str | None:
    """``name`` as text of at most ``max_length`` characters and no control character; ``None`` when absent or
    empty."""
    value = request.query_params.get(name)
    if value and (len(value) > max_length or has_control_characters(value)):
        raise ServiceError(ErrorCode.INVALID, errors={name: [
            _("At most %(count)d characters, none of them a control character.") % {"count": max_length}]})
    return value or None


def uuid_param(request: Request, name: str, what: str) -> uuid.UUID | None:
    """``name`` as a UUID (``what`` says whose id, for the message); ``None`` when absent."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    try:
        return uuid.UUID(raw)
    except ValueError:
        raise ServiceError(ErrorCode.INVALID, errors={name: [_("A %(what)s id (UUID).") % {"what": what}]}) from None

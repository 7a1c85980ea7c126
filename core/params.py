"""Query parameters parsed strictly: a bad value is refused with 400 ``invalid`` naming the parameter,
never quietly replaced by a default."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.utils.translation import gettext as _
from rest_framework.request import Request

from core.errors import ErrorCode, ServiceError


def int_param(request: Request, name: str, default: int, low: int, high: int | None = None) -> int:
    """The whole number ``name`` from ``low`` to ``high`` (no upper bound when ``None``), or ``default``."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = low - 1
    if value < low or (high is not None and value > high):
        message = (_("A whole number, %(low)d to %(high)d.") if high is not None
                   else _("A whole number, %(low)d or more."))
        raise ServiceError(ErrorCode.INVALID, errors={name: [message % {"low": low, "high": high}]})
    return value


def choice_param(request: Request, name: str, values: Sequence[str]) -> str | None:
    """``name`` if it is one of ``values``; ``None`` when absent or empty."""
    value = request.query_params.get(name)
    if value and value not in values:
        raise ServiceError(ErrorCode.INVALID, errors={name: [_("One of %(values)s.") % {"values": ", ".join(values)}]})
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

"""What one request may hold: a body of at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes (``REQUEST_BODY_MAX_BYTES``),
and JSON nested at most :data:`JSON_MAX_DEPTH` levels. Past either the request is refused (413
``payload_too_large``, 400 ``json_too_deep``) and nothing changes.

The size is Django's own limit: reading ``request.body`` raises ``RequestDataTooBig`` past it, at once when the
Content-Length says so, else when the body read is longer. :func:`body_too_large` asks that before any view
runs (``core.problems.BodyLimitMiddleware``), so an endpoint that reads no body (``start/``, a DELETE) refuses
an oversized one too. Under ASGI the server would hand Django the whole body first, whatever its size:
``spades_api/asgi.py`` stops reading one byte past the limit.

The depth is checked on what the JSON parser (``core.renderers``) parsed: Python's ``json`` would meet a
``RecursionError`` on deep input, and orjson refuses past 1,024 levels, both far past anything the API reads.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest

from core.errors import ErrorCode, ServiceError

JSON_MAX_DEPTH = 32
"""The most levels of arrays and objects a JSON body may nest. The API's deepest body is three (a table's seats:
an object, its list, a seat's object); the limit leaves room for any to grow."""


def body_limit() -> dict[str, int]:
    """The particulars of a ``payload_too_large`` refusal: the most bytes a body may have."""
    return {"max_bytes": settings.DATA_UPLOAD_MAX_MEMORY_SIZE}


def body_too_large(request: HttpRequest) -> bool:
    """Whether ``request`` carries a body over the limit. A body that is sent is read here (at most the limit
    and a byte), as every view that takes one reads it anyway."""
    if not request.META.get("CONTENT_LENGTH") and "HTTP_TRANSFER_ENCODING" not in request.META:
        return False
    try:
        request.body  # noqa: B018  (Django checks the limit as it reads)
    except RequestDataTooBig:
        return True
    return False


def within_depth(data: Any) -> Any:
    """``data`` (parsed JSON) when it nests at most :data:`JSON_MAX_DEPTH` arrays and objects; refused with 400
    ``json_too_deep`` otherwise. Walks it level by level (no recursion), and a deep one only down to the limit."""
    level, depth = [data], 0
    while level:
        containers = [v for v in level if isinstance(v, dict | list)]
        if not containers:
            return data
        depth += 1
        if depth > JSON_MAX_DEPTH:
            raise too_deep()
        level = [child for c in containers for child in (c.values() if isinstance(c, dict) else c)]
    return data


def too_deep() -> ServiceError:
    """The refusal of a body nested past :data:`JSON_MAX_DEPTH`."""
    return ServiceError(ErrorCode.JSON_TOO_DEEP, params={"max_depth": JSON_MAX_DEPTH})

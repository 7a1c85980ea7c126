"""``Idempotency-Key`` for authenticated POSTs: the first response to a key is stored and returned again to
every retry with the same request; the same key with a different request is refused. A 5xx (the database
briefly unreachable, say) is not stored: the retry it asks for runs the request again.

The stored response and the change it reports commit in one transaction, so a retry can never see a
stored response for a change that rolled back, nor apply a change twice. The records are rows of the model
named by ``settings.IDEMPOTENCY_RECORD_MODEL`` (``games.IdempotencyRecord``), looked up as Django looks up
``AUTH_USER_MODEL``, so this module depends on no app.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request
from rest_framework.response import Response

from core.errors import ErrorCode, ServiceError
from core.problems import PROBLEM_JSON, exception_handler
from core.renderers import JSONRenderer

HEADER = "Idempotency-Key"
IDEMPOTENCY_PARAM = OpenApiParameter(
    HEADER, {"type": "string", "minLength": 1, "maxLength": 128}, OpenApiParameter.HEADER, required=False,
    description="Any unique string (a UUID): a retry with the same key returns the first response.")


def _records() -> Any:
    """The model that stores first responses: owner, key, fingerprint, status_code, body."""
    return apps.get_model(settings.IDEMPOTENCY_RECORD_MODEL)


def _fingerprint(request: Request) -> str:
    body = json.dumps(request.data, sort_keys=True, default=str)
    return hashlib.sha256(f"{request.method} {request.path}\n{body}".encode()).hexdigest()


def _replay(record: Any, fingerprint: str) -> Response:
    if record.fingerprint != fingerprint:
        raise ServiceError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
    content_type = PROBLEM_JSON if record.status_code >= 400 else None
    response = Response(record.body, status=record.status_code, content_type=content_type)
    response["Idempotent-Replayed"] = "true"
    return response


def idempotent(request: Request, run: Callable[[], Response]) -> Response:
    """Run ``run`` at most once per (caller, ``Idempotency-Key``); without the header, just run it."""
    key = request.headers.get(HEADER)
    if key is None:
        return run()
    if not 1 <= len(key) <= 128:
        raise ServiceError(ErrorCode.INVALID, errors={HEADER: [_("Use 1 to 128 characters.")]})
    owner = str(request.user.pk)
    fingerprint = _fingerprint(request)
    records = _records()
    try:
        with transaction.atomic():
            record = records.objects.filter(owner=owner, key=key).first()
            if record is not None:
                return _replay(record, fingerprint)
            try:
                with transaction.atomic():
                    response = run()
            except Exception as exc:  # the refusal is the first response too: store it
                response = exception_handler(exc, {"request": request})
                if response.status_code >= 500:
                    # An outage or a bug is not this request's answer: keep the key free for the retry that
                    # a 503 asks for (storing it would replay the 503 forever).
                    transaction.set_rollback(True)
                    return response
            body = json.loads(JSONRenderer().render(response.data))
            records.objects.create(owner=owner, key=key, fingerprint=fingerprint,
                                   status_code=response.status_code, body=body)
    except IntegrityError:
        # A concurrent request with the same key committed first; everything here rolled back.
        record = records.objects.get(owner=owner, key=key)
        return _replay(record, fingerprint)
    return response

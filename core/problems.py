"""The one error shape of the API: RFC 9457 problem details with a stable ``code`` from the registry
(:mod:`core.errors`), field errors, and a message in English or Japanese chosen by ``Accept-Language``.

:func:`exception_handler` turns a :class:`~core.errors.ServiceError`, an engine refusal, every DRF
exception and what Django refuses a request for (a body over the limit, too many query fields) into the same
JSON body, so clients switch on ``code`` alone; the Django handlers and the middleware here do the same for
pages outside DRF, and :class:`BodyLimitMiddleware` refuses an oversized body before any view.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent
from django.db import IntegrityError, InterfaceError, OperationalError
from django.http import Http404, HttpRequest, JsonResponse
from django.utils import translation
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import gettext as _
from django_guid import get_guid
from rest_framework import exceptions as drf
from rest_framework.response import Response

from core.errors import REGISTRY, ErrorCode, ServiceError
from core.errors import detail as errors_detail
from core.limits import body_limit, body_too_large
from core.middleware import DualMiddleware
from core.rule_set_errors import translated as rule_set_refusal
from core.throttling import wait_seconds
from games.engine import IllegalActionError, InvalidCardError, RuleSetError

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"
RETRY_AFTER_SECONDS = 1
"""What a 503 ``service_unavailable`` asks the client to wait before it retries (the Retry-After header)."""


def request_language(request: HttpRequest | None) -> str:
    """``ja`` when the client prefers Japanese to English in ``Accept-Language``, else ``en``."""
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "") if request is not None else ""
    best, best_q = "en", -1.0
    for part in header.split(","):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip().lower()
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        lang = "ja" if tag.startswith("ja") else "en" if tag.startswith("en") or tag == "*" else None
        if lang and q > best_q:
            best, best_q = lang, q
    return best


def problem(code: str, language: str, detail: str | None = None, *, errors: dict[str, Any] | None = None,
            params: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """The problem body for registered ``code`` in ``language``. The registry gives the status and the
    title (the short kind of error). The detail says what was wrong with this request: the code's template
    filled with ``params`` (and the extra members) when it has one, else ``detail`` (English, so for English
    readers only), else the code's message. ``params`` are sent too, for programs."""
    entry = REGISTRY[code]
    params = dict(params or {})
    if code == ErrorCode.INVALID and errors:
        params.setdefault("fields", ", ".join(errors))
    text = errors_detail(code, language, {**extra, **params})
    if text is None:
        text = detail if detail and language == "en" else entry.message(language)
    body: dict[str, Any] = {"type": f"/api/v1/errors/#{entry.code}", "title": entry.title(language),
                            "status": entry.status, "detail": text, "code": entry.code}
    if errors:
        body["errors"] = errors
    if params and code != ErrorCode.INVALID:
        body["params"] = params
    body.update(extra)
    request_id = get_guid()  # the X-Request-ID of the request being answered, to quote to support
    if request_id:
        body["request_id"] = request_id
    return body


def _field_errors(data: Any, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested error detail flattened to ``{"seats.0.level": ["..."]}``."""
    out: dict[str, list[str]] = {}
    if isinstance(data, dict):
        for key, value in data.items():
            out.update(_field_errors(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(data, list) and any(isinstance(v, dict | list) for v in data):
        for i, value in enumerate(data):
            if value:
                out.update(_field_errors(value, f"{prefix}.{i}" if prefix else str(i)))
    elif isinstance(data, list):
        out[prefix or "non_field_errors"] = [str(m) for m in data]
    else:
        out[prefix or "non_field_errors"] = [str(data)]
    return out


def is_database_unavailable(exc: BaseException) -> bool:
    """The database cannot serve the request now, though the request itself is fine: it refuses or dropped
    the connection, or cancelled the query (a restart, a failover, an operator). A retry may well succeed.
    Integrity and programming errors are bugs, not outages, and stay 500s."""
    return isinstance(exc, OperationalError | InterfaceError)


_SIMPLE = {
    drf.ParseError: ErrorCode.PARSE_ERROR,
    drf.NotAuthenticated: ErrorCode.NOT_AUTHENTICATED,
    drf.AuthenticationFailed: ErrorCode.AUTHENTICATION_FAILED,
    drf.PermissionDenied: ErrorCode.PERMISSION_DENIED,
    drf.NotFound: ErrorCode.NOT_FOUND,
    drf.MethodNotAllowed: ErrorCode.METHOD_NOT_ALLOWED,
    drf.NotAcceptable: ErrorCode.NOT_ACCEPTABLE,
    drf.UnsupportedMediaType: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
}


def to_problem(exc: Exception, language: str) -> tuple[dict[str, Any], dict[str, str]] | None:
    """The problem body and extra headers for ``exc``, or ``None`` when it is not an error we know. A
    detail written in English (a service's or the engine's) is shown to English readers only."""
    if isinstance(exc, ServiceError):
        return problem(exc.code, language, exc.detail, errors=exc.errors, params=exc.params, **exc.extra), {}
    if isinstance(exc, IllegalActionError):
        return problem(exc.code, language, exc.detail, params=exc.params), {}
    if isinstance(exc, InvalidCardError):
        return problem(exc.code, language, str(exc), params=exc.params), {}
    if isinstance(exc, RuleSetError):
        with translation.override(language):
            message = rule_set_refusal(exc.detail)  # the engine's English, in the request's language
        body = problem(ErrorCode.INVALID_RULES, language, exc.detail)
        body["detail"] = message
        body["errors"] = {name: [message] for name in exc.switches}
        return body, {}
    if isinstance(exc, Http404):
        return problem(ErrorCode.NOT_FOUND, language), {}
    if isinstance(exc, drf.Throttled):
        wait = wait_seconds(exc.wait)
        return (problem(ErrorCode.THROTTLED, language, params={"retry_after": wait}, retry_after=wait),
                {"Retry-After": str(wait)})
    if isinstance(exc, drf.MethodNotAllowed):
        return problem(ErrorCode.METHOD_NOT_ALLOWED, language, params={"method": _method(exc)}), {}
    if isinstance(exc, drf.ValidationError):
        return problem(ErrorCode.INVALID, language, errors=_field_errors(exc.detail)), {}
    if isinstance(exc, RequestDataTooBig):  # BodyLimitMiddleware refuses first; a body read elsewhere, too
        return problem(ErrorCode.PAYLOAD_TOO_LARGE, language, params=body_limit()), {}
    if isinstance(exc, SuspiciousOperation):  # what Django answers 400 to, met in a view: too many query fields…
        log.warning("suspicious request: %s", exc)
        errors = None
        if isinstance(exc, TooManyFieldsSent):
            with translation.override(language):
                errors = {"query": [_("At most %(count)d query parameters.")
                                    % {"count": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS}]}
        return problem(ErrorCode.INVALID, language, errors=errors), {}
    for kind, code in _SIMPLE.items():
        if isinstance(exc, kind):
            return problem(code, language), {}
    if is_database_unavailable(exc):
        log.warning("database unavailable: %s", exc)
        return (problem(ErrorCode.SERVICE_UNAVAILABLE, language, retry_after=RETRY_AFTER_SECONDS),
                {"Retry-After": str(RETRY_AFTER_SECONDS)})
    return None


def _method(exc: drf.MethodNotAllowed) -> str:
    """The method that DRF refused (its message is "Method \"PUT\" not allowed.")."""
    text = str(exc.detail)
    return text.split('"')[1] if text.count('"') >= 2 else "This method"


def _caller_deleted(request: Any) -> bool:
    """Whether the account that ``request`` was authenticated as no longer exists: deleted while the request
    ran (by an operator in the admin, in another process), or behind the kept token check (``games.auth``
    keeps a token's account for seconds), so that what the request wrote pointed to nobody."""
    user = getattr(request, "_user", None)  # only an authenticated request's: never authenticate here
    pk = getattr(user, "pk", None)
    if pk is None:
        return False
    try:
        return not type(user)._default_manager.filter(pk=pk).exists()
    except Exception:  # the connection is unusable here (an async view, a broken transaction): say nothing
        return False


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    """DRF's exception handler: every error as problem details. Unknown exceptions are logged and become
    a 500 ``server_error`` without internals, except an integrity error met because the caller's own account
    was deleted meanwhile: the caller's token is no longer valid, a 401 as on its next request."""
    request = context.get("request")
    language = request_language(request)
    found = to_problem(exc, language)
    if found is None and isinstance(exc, IntegrityError) and _caller_deleted(request):
        log.warning("the caller's account was deleted during its request: %s", exc)
        found = problem(ErrorCode.AUTHENTICATION_FAILED, language), {"WWW-Authenticate": 'Bearer realm="api"'}
    if found is None:
        log.exception("unhandled error", exc_info=exc)
        body, headers = problem(ErrorCode.SERVER_ERROR, language), {}
    else:
        body, headers = found
    if isinstance(exc, drf.NotAuthenticated | drf.AuthenticationFailed):
        headers["WWW-Authenticate"] = 'Bearer realm="api"'
    return Response(body, status=body["status"], headers=headers, content_type=PROBLEM_JSON)


def problem_response(code: str, request: HttpRequest | None, detail: str | None = None,
                     params: dict[str, Any] | None = None, **extra: Any) -> JsonResponse:
    """A problem-details response outside DRF (Django's handlers, middleware, plain views)."""
    body = problem(code, request_language(request), detail, params=params, **extra)
    return JsonResponse(body, status=body["status"], content_type=PROBLEM_JSON)


def body_refusal(request: HttpRequest) -> JsonResponse | None:
    """413 ``payload_too_large`` when ``request``'s body is over the limit (:mod:`core.limits`), else ``None``."""
    if not body_too_large(request):
        return None
    return problem_response(ErrorCode.PAYLOAD_TOO_LARGE, request, params=body_limit())


class BodyLimitMiddleware(DualMiddleware):
    """A body over the limit is refused before any view runs, whatever the view reads: an endpoint that takes no
    body refuses an oversized one too, and nothing changes."""

    def call(self, request: HttpRequest) -> Any:
        refusal = body_refusal(request)
        return refusal if refusal is not None else self.get_response(request)

    async def acall(self, request: HttpRequest) -> Any:
        refusal = body_refusal(request)
        return refusal if refusal is not None else await self.get_response(request)


class DatabaseOutageMiddleware(MiddlewareMixin):
    """Pages outside DRF (the admin, /play/) meet a database outage as the API does: 503
    ``service_unavailable`` with Retry-After, rather than a 500."""

    def process_exception(self, request: HttpRequest, exception: Exception) -> JsonResponse | None:
        if not is_database_unavailable(exception):
            return None
        log.warning("database unavailable: %s", exception)
        response = problem_response(ErrorCode.SERVICE_UNAVAILABLE, request, retry_after=RETRY_AFTER_SECONDS)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response


_PAGE_CODES = {400: ErrorCode.INVALID, 403: ErrorCode.PERMISSION_DENIED, 404: ErrorCode.NOT_FOUND,
               405: ErrorCode.METHOD_NOT_ALLOWED, 500: ErrorCode.SERVER_ERROR}


class ApiProblemMiddleware(DualMiddleware):
    """Every error under ``/api/`` is problem details, DEBUG or not: Django's own pages (the debug 404 of a
    malformed id or an unknown path, the debug 500, a 405 or a CSRF 403 from outside DRF) are replaced by
    the problem body of their status. DRF's views answer problem details themselves and pass through."""

    def call(self, request: HttpRequest) -> Any:
        return self._problem(request, self.get_response(request))

    async def acall(self, request: HttpRequest) -> Any:
        return self._problem(request, await self.get_response(request))

    @staticmethod
    def _problem(request: HttpRequest, response: Any) -> Any:
        if not request.path.startswith("/api/") or response.status_code < 400:
            return response
        media_type = response.get("Content-Type", "").split(";")[0].strip()
        if media_type in (PROBLEM_JSON, "application/json"):
            return response
        code = _PAGE_CODES.get(response.status_code, ErrorCode.SERVER_ERROR if response.status_code >= 500
                               else ErrorCode.INVALID)
        params = {"method": request.method} if code == ErrorCode.METHOD_NOT_ALLOWED else None
        replaced = problem_response(code, request, params=params)
        for header in ("Allow", "Retry-After"):
            if header in response:
                replaced[header] = response[header]
        return replaced


def json_not_found(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django's 404 handler for paths outside DRF views."""
    return problem_response(ErrorCode.NOT_FOUND, request)


def json_server_error(request: HttpRequest) -> JsonResponse:
    """Django's 500 handler: no internals leak."""
    return problem_response(ErrorCode.SERVER_ERROR, request)

"""The one error shape of the API: RFC 9457 problem details with a stable ``code``, field errors, and a
message in English or Japanese chosen by ``Accept-Language``.

Service code raises :class:`ServiceError` with a code from :class:`ErrorCode`; the engine's refusals keep
their own reason codes (``must_follow_suit``…). :func:`exception_handler` turns both, and every DRF
exception, into the same JSON body, so clients switch on ``code`` alone.
"""

from __future__ import annotations

import logging
from enum import StrEnum
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, JsonResponse
from django.utils.deprecation import MiddlewareMixin
from django_guid import get_guid
from rest_framework import exceptions as drf
from rest_framework.response import Response

from games.engine import IllegalActionError, InvalidCardError, Reason, RuleSetError
from games.engine import message as engine_message

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"
RETRY_AFTER_SECONDS = 1
"""What a 503 ``service_unavailable`` asks the client to wait before it retries (the Retry-After header)."""


class ErrorCode(StrEnum):
    """Stable machine codes of the API's own errors (rule violations use the engine's reason codes)."""

    INVALID = "invalid"
    PARSE_ERROR = "parse_error"
    NOT_AUTHENTICATED = "not_authenticated"
    AUTHENTICATION_FAILED = "authentication_failed"
    PERMISSION_DENIED = "permission_denied"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    NOT_ACCEPTABLE = "not_acceptable"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    THROTTLED = "throttled"
    NAME_TAKEN = "name_taken"
    INVALID_RULES = "invalid_rules"
    STALE_SEQ = "stale_seq"
    TABLE_NOT_OPEN = "table_not_open"
    TABLE_FULL = "table_full"
    SEAT_TAKEN = "seat_taken"
    ALREADY_SEATED = "already_seated"
    NOT_A_PLAYER_HERE = "not_a_player_here"
    GAME_NOT_STARTED = "game_not_started"
    HAND_NOT_FINISHED = "hand_not_finished"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    REGISTRATION_CLOSED = "registration_closed"
    ALREADY_REGISTERED = "already_registered"
    TOURNAMENT_FULL = "tournament_full"
    TOURNAMENT_STARTED = "tournament_started"
    TOURNAMENT_OVER = "tournament_over"
    TOO_FEW_ENTRIES = "too_few_entries"
    ENTRY_SIZE = "entry_size"
    UNKNOWN_PLAYER = "unknown_player"
    NOT_A_BOT_ACCOUNT = "not_a_bot_account"
    ALREADY_ON_LADDER = "already_on_ladder"
    SERVICE_UNAVAILABLE = "service_unavailable"
    SERVER_ERROR = "server_error"


# code -> (HTTP status, English, Japanese)
CATALOG: dict[str, tuple[int, str, str]] = {
    ErrorCode.INVALID: (400, "The request has invalid fields.", "リクエストの項目が正しくありません。"),
    ErrorCode.PARSE_ERROR: (400, "The request body is not valid JSON.", "リクエスト本文が正しいJSONではありません。"),
    ErrorCode.NOT_AUTHENTICATED: (401, "Send your API token: 'Authorization: Bearer <token>'.",
                                  "APIトークンを送ってください（Authorization: Bearer <token>）。"),
    ErrorCode.AUTHENTICATION_FAILED: (401, "That API token is not valid.", "APIトークンが正しくありません。"),
    ErrorCode.PERMISSION_DENIED: (403, "You may not do that.", "その操作は許可されていません。"),
    ErrorCode.NOT_FOUND: (404, "Not found.", "見つかりません。"),
    ErrorCode.METHOD_NOT_ALLOWED: (405, "That method is not allowed here.", "このメソッドは使えません。"),
    ErrorCode.NOT_ACCEPTABLE: (406, "This endpoint answers in JSON only.", "JSONでのみ応答します。"),
    ErrorCode.UNSUPPORTED_MEDIA_TYPE: (415, "Send the body as application/json.",
                                       "本文は application/json で送ってください。"),
    ErrorCode.THROTTLED: (429, "Too many requests; wait and try again.",
                          "リクエストが多すぎます。少し待ってから再試行してください。"),
    ErrorCode.NAME_TAKEN: (409, "That name is taken.", "その名前はすでに使われています。"),
    ErrorCode.INVALID_RULES: (400, "The rule set cannot be played.", "そのルールの組み合わせでは遊べません。"),
    ErrorCode.STALE_SEQ: (409, "The table has moved on since the seq you sent; fetch it and try again.",
                          "送られた seq より後に状況が進みました。取得し直してから再試行してください。"),
    ErrorCode.TABLE_NOT_OPEN: (409, "This table is no longer taking players.",
                               "このテーブルはもう参加を受け付けていません。"),
    ErrorCode.TABLE_FULL: (409, "Every seat at this table is taken.", "このテーブルは満席です。"),
    ErrorCode.SEAT_TAKEN: (409, "That seat is taken.", "その席はすでに埋まっています。"),
    ErrorCode.ALREADY_SEATED: (409, "You already have a seat at this table.", "このテーブルにはすでに座っています。"),
    ErrorCode.NOT_A_PLAYER_HERE: (403, "You have no seat at this table.", "あなたはこのテーブルの席についていません。"),
    ErrorCode.GAME_NOT_STARTED: (409, "The game has not started: seats are still open.",
                                 "まだ空席があるため、ゲームは始まっていません。"),
    ErrorCode.HAND_NOT_FINISHED: (404, "That hand has not been played to its end.", "その回はまだ終わっていません。"),
    ErrorCode.IDEMPOTENCY_KEY_REUSED: (422, "That Idempotency-Key was used with a different request.",
                                       "その Idempotency-Key は別のリクエストで使われています。"),
    ErrorCode.REGISTRATION_CLOSED: (409, "This tournament is no longer taking entries.",
                                    "この大会はもう参加登録を受け付けていません。"),
    ErrorCode.ALREADY_REGISTERED: (409, "A member of this entry is already entered in this tournament.",
                                   "このエントリーのメンバーはすでにこの大会に登録されています。"),
    ErrorCode.TOURNAMENT_FULL: (409, "This tournament has all the entries it takes.", "この大会は定員に達しています。"),
    ErrorCode.TOURNAMENT_STARTED: (409, "This tournament has already started.", "この大会はすでに始まっています。"),
    ErrorCode.TOURNAMENT_OVER: (409, "This tournament is over.", "この大会は終了しています。"),
    ErrorCode.ENTRY_SIZE: (422, "An entry of this tournament has as many members as a side has seats (two, or "
                                "one for cutthroat).",
                           "この大会のエントリーの人数は1チームの席数（2人、カットスロートは1人）です。"),
    ErrorCode.UNKNOWN_PLAYER: (422, "No player has that name.", "その名前のプレイヤーはいません。"),
    ErrorCode.TOO_FEW_ENTRIES: (409, "This tournament cannot start with the entries it has.",
                                "今の参加エントリーではこの大会を始められません。"),
    ErrorCode.NOT_A_BOT_ACCOUNT: (403, "Only bot accounts (kind 'bot') play on ladders.",
                                  "ラダーに参加できるのはボットのアカウント（kind が bot）だけです。"),
    ErrorCode.ALREADY_ON_LADDER: (409, "That bot is already on this ladder.",
                                  "そのボットはすでにこのラダーに参加しています。"),
    ErrorCode.SERVICE_UNAVAILABLE: (503, "The service is briefly unavailable; retry shortly.",
                                    "一時的に利用できません。少し待ってから再試行してください。"),
    ErrorCode.SERVER_ERROR: (500, "Something went wrong on our side.", "サーバー側で問題が起きました。"),
}

# Rule violations that are about the moment, not the move: the client should refresh and retry.
_CONFLICT_REASONS = {Reason.NOT_YOUR_TURN, Reason.WRONG_PHASE, Reason.GAME_OVER}


class ServiceError(Exception):
    """A refusal from the service layer: a code from :data:`CATALOG`, optional field errors and extra
    members for the problem body (``seq`` with ``stale_seq``, for example)."""

    def __init__(self, code: ErrorCode, detail: str | None = None, *, errors: dict[str, Any] | None = None,
                 **extra: Any) -> None:
        self.code = code
        self.detail = detail
        self.errors = errors
        self.extra = extra
        super().__init__(detail or CATALOG[code][1])


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


def problem(code: str, status: int, title: str, detail: str, *, errors: dict[str, Any] | None = None,
            **extra: Any) -> dict[str, Any]:
    """A problem-details body."""
    body: dict[str, Any] = {"type": f"/api/v1/errors/#{code}", "title": title, "status": status,
                            "detail": detail, "code": code}
    if errors:
        body["errors"] = errors
    body.update(extra)
    request_id = get_guid()  # the X-Request-ID of the request being answered, to quote to support
    if request_id:
        body["request_id"] = request_id
    return body


def catalog_problem(code: ErrorCode, language: str, detail: str | None = None, **extra: Any) -> dict[str, Any]:
    """The problem body for one of the API's own codes, in ``language``."""
    status, en, ja = CATALOG[code]
    title = ja if language == "ja" else en
    return problem(code.value, status, title, detail or title, **extra)


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


def to_problem(exc: Exception, language: str) -> tuple[dict[str, Any], dict[str, str]] | None:
    """The problem body and extra headers for ``exc``, or ``None`` when it is not an error we know."""
    if isinstance(exc, ServiceError):
        status, en, ja = CATALOG[exc.code]
        title = ja if language == "ja" else en
        detail = exc.detail if exc.detail and language == "en" else title
        return problem(exc.code.value, status, title, detail, errors=exc.errors, **exc.extra), {}
    if isinstance(exc, IllegalActionError):
        status = 409 if exc.reason in _CONFLICT_REASONS else 422
        text = engine_message(exc.reason, language)
        detail = exc.detail if language == "en" else text
        return problem(exc.code, status, text, detail), {}
    if isinstance(exc, InvalidCardError):
        text = engine_message(Reason.UNKNOWN_CARD, language)
        return problem(exc.code, 422, text, str(exc) if language == "en" else text), {}
    if isinstance(exc, RuleSetError):
        body = catalog_problem(ErrorCode.INVALID_RULES, language, exc.detail if language == "en" else None)
        body["errors"] = {name: [exc.detail] for name in exc.switches}
        return body, {}
    if isinstance(exc, Http404):
        return catalog_problem(ErrorCode.NOT_FOUND, language), {}
    if isinstance(exc, drf.Throttled):
        wait = int(exc.wait or 1)
        return catalog_problem(ErrorCode.THROTTLED, language, retry_after=wait), {"Retry-After": str(wait)}
    if isinstance(exc, drf.ValidationError):
        return catalog_problem(ErrorCode.INVALID, language, errors=_field_errors(exc.detail)), {}
    simple = {
        drf.ParseError: ErrorCode.PARSE_ERROR,
        drf.NotAuthenticated: ErrorCode.NOT_AUTHENTICATED,
        drf.AuthenticationFailed: ErrorCode.AUTHENTICATION_FAILED,
        drf.PermissionDenied: ErrorCode.PERMISSION_DENIED,
        drf.NotFound: ErrorCode.NOT_FOUND,
        drf.MethodNotAllowed: ErrorCode.METHOD_NOT_ALLOWED,
        drf.NotAcceptable: ErrorCode.NOT_ACCEPTABLE,
        drf.UnsupportedMediaType: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    }
    for kind, code in simple.items():
        if isinstance(exc, kind):
            return catalog_problem(code, language), {}
    if is_database_unavailable(exc):
        log.warning("database unavailable: %s", exc)
        return (catalog_problem(ErrorCode.SERVICE_UNAVAILABLE, language, retry_after=RETRY_AFTER_SECONDS),
                {"Retry-After": str(RETRY_AFTER_SECONDS)})
    return None


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    """DRF's exception handler: every error as problem details. Unknown exceptions are logged and become
    a 500 ``server_error`` without internals."""
    request = context.get("request")
    language = request_language(request)
    found = to_problem(exc, language)
    if found is None:
        log.exception("unhandled error", exc_info=exc)
        body, headers = catalog_problem(ErrorCode.SERVER_ERROR, language), {}
    else:
        body, headers = found
    if isinstance(exc, drf.NotAuthenticated | drf.AuthenticationFailed):
        headers["WWW-Authenticate"] = 'Bearer realm="api"'
    return Response(body, status=body["status"], headers=headers, content_type=PROBLEM_JSON)


class DatabaseOutageMiddleware(MiddlewareMixin):
    """Pages outside DRF (the admin, /play/) meet a database outage as the API does: 503
    ``service_unavailable`` with Retry-After, rather than a 500."""

    def process_exception(self, request: HttpRequest, exception: Exception) -> JsonResponse | None:
        if not is_database_unavailable(exception):
            return None
        log.warning("database unavailable: %s", exception)
        body = catalog_problem(ErrorCode.SERVICE_UNAVAILABLE, request_language(request),
                               retry_after=RETRY_AFTER_SECONDS)
        return JsonResponse(body, status=503, content_type=PROBLEM_JSON,
                            headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


def json_not_found(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django's 404 handler for paths outside DRF views."""
    body = catalog_problem(ErrorCode.NOT_FOUND, request_language(request))
    return JsonResponse(body, status=404, content_type=PROBLEM_JSON)


def json_server_error(request: HttpRequest) -> JsonResponse:
    """Django's 500 handler: no internals leak."""
    body = catalog_problem(ErrorCode.SERVER_ERROR, request_language(request))
    return JsonResponse(body, status=500, content_type=PROBLEM_JSON)

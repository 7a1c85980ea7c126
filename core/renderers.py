"""JSON in and out of the API through orjson: DRF's JSON renderer and parser, the same bytes and the same
results, several times faster (an answer of the play loop is a few kilobytes, rendered on every request).
The one difference: a float may be written in another form of the same number (``0.00001`` for ``1e-05``).

Whatever orjson does not write as DRF would is handed to DRF's own encoder (dates and times: DRF trims them
to milliseconds and writes UTC as ``Z``; lazy translations; anything else it knows), and whatever orjson
cannot do at all (an integer beyond 64 bits, which orjson would read as a float; an indented answer; a body
that is not UTF-8) goes through DRF's renderer or parser unchanged. A body orjson refuses to parse is refused,
with DRF's own message where DRF refuses it too (Python's json reads some bodies that are no JSON: a number
past a double's range as infinity, a lone surrogate). The parser also refuses JSON nested too deep
(``core.limits``).
"""

from __future__ import annotations

import io
import json
from typing import Any

import orjson
from django.conf import settings
from rest_framework import parsers, renderers
from rest_framework.exceptions import ParseError
from rest_framework.utils.encoders import JSONEncoder

from core.limits import too_deep, within_depth

_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS
_drf_default = JSONEncoder().default
_JS_SEPARATORS = (b"\xe2\x80\xa8", b"\xe2\x80\xa9")  # U+2028, U+2029
_DIGITS_AS_ONES = bytes(49 if 48 <= i <= 57 else 32 for i in range(256))  # each ASCII digit b"1", all else b" "
_LONG_RUN = b"1" * 19


def _may_hold_long_integer(data: bytes) -> bool:
    """Whether ``data`` has a run of 19 digits (an integer that may not fit 64 bits, which orjson would read as a
    float): one byte table and one substring search, some fifteen times cheaper than ``re`` over a snapshot."""
    return _LONG_RUN in data.translate(_DIGITS_AS_ONES)


def json_loads(text: str) -> Any:
    """``json.loads(text)`` by orjson, for JSON this service wrote (a JSON column as the database gives it):
    text that may hold an integer beyond 64 bits and text orjson refuses (``NaN``, which Python's json reads, a
    lone surrogate) go to ``json.loads``."""
    try:
        data = text.encode()
    except UnicodeEncodeError:
        return json.loads(text)
    if not _may_hold_long_integer(data):
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


class JSONRenderer(renderers.JSONRenderer):
    """DRF's compact UTF-8 JSON, written by orjson."""

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        if data is None:
            return b""
        if self.ensure_ascii or not self.compact or self.get_indent(accepted_media_type or "",
                                                                     renderer_context or {}) is not None:
            return super().render(data, accepted_media_type, renderer_context)
        try:
            out = orjson.dumps(data, default=_drf_default, option=_OPTIONS)
        except orjson.JSONEncodeError:
            return super().render(data, accepted_media_type, renderer_context)
        if _JS_SEPARATORS[0] in out or _JS_SEPARATORS[1] in out:
            # DRF escapes these two so that its JSON is also valid JavaScript.
            out = out.replace(_JS_SEPARATORS[0], b"\\u2028").replace(_JS_SEPARATORS[1], b"\\u2029")
        return out


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, reading with orjson, and refusing JSON nested past ``core.limits.JSON_MAX_DEPTH``
    (400 ``json_too_deep``) whichever parser read it."""

    renderer_class = JSONRenderer

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        refused: orjson.JSONDecodeError | None = None
        if encoding.lower().replace("-", "").replace("_", "") == "utf8":
            body = stream.read()
            if not _may_hold_long_integer(body):
                try:
                    return within_depth(orjson.loads(body))
                except orjson.JSONDecodeError as exc:
                    refused = exc
            stream = io.BytesIO(body)
        # DRF's parser, for its own message of what orjson refused, or to read what orjson cannot (a huge integer,
        # another encoding). Python's json recurses once a level: deep input runs out of stack before it is refused.
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise too_deep() from None
        if refused is not None:  # what only orjson refuses is no JSON: 1e400 (infinity), a lone surrogate
            raise ParseError(f"JSON parse error - {refused}")
        return within_depth(data)

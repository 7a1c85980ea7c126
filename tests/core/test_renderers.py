"""The orjson renderer and parser (core/renderers.py) give DRF's bytes and DRF's results."""

from __future__ import annotations

import datetime as dt
import io
import json
import uuid
from decimal import Decimal

import pytest
from django.utils.translation import gettext_lazy
from rest_framework import parsers, renderers
from rest_framework.exceptions import ParseError

from core.renderers import JSONParser, JSONRenderer

UTC = dt.UTC
SAMPLES = [
    {"id": uuid.UUID("12345678-1234-5678-1234-567812345678"), "seq": 7, "ok": True, "none": None},
    {"at": dt.datetime(2026, 12, 5, 16, 1, 2, 345678, tzinfo=UTC), "plain": dt.datetime(2026, 1, 2, 3, 4, 5),
     "whole": dt.datetime(2026, 12, 5, 16, 1, 2, tzinfo=UTC), "day": dt.date(2026, 12, 5), "time": dt.time(1, 2, 3),
     "tokyo": dt.datetime(2026, 1, 1, 9, tzinfo=dt.timezone(dt.timedelta(hours=9)))},
    {"title": gettext_lazy("Invalid request"), "money": Decimal("1.50"), "bank": [12.5, 0.0, None, 30.0, 0.1]},
    {"名前": "スペード", "line": "a\u2028b\u2029c", "quote": "\"\\/\n\t", "nested": [[{"a": (1, 2)}], []]},
    {"huge": 2**80, "list": list(range(5))},
    {1: "int key", "s": "str key"},
    [],
    "text",
]


@pytest.mark.parametrize("data", SAMPLES)
def test_the_same_bytes_as_drf(data: object) -> None:
    assert JSONRenderer().render(data) == renderers.JSONRenderer().render(data)


def test_floats_keep_their_value() -> None:
    # orjson may write a float in another form than Python's repr (0.00001 for 1e-05): the same number.
    data = {"bank": [1e-05, 1e16, 2.5e-300, 1 / 3]}
    assert json.loads(JSONRenderer().render(data)) == data


def test_indented_answers_are_drf_s() -> None:
    data = {"a": [1, {"b": 2}]}
    media = "application/json; indent=2"
    assert JSONRenderer().render(data, media) == renderers.JSONRenderer().render(data, media)
    assert JSONRenderer().render(None) == b""


@pytest.mark.parametrize("body", [b'{"type": "play", "card": "QS", "seq": 12}', b'[1, 2.5, "x", null, true]',
                                  b'{"a": 1, "a": 2}', b'{"big": 123456789012345678901234567890}',
                                  '{"name": "スペード"}'.encode()])
def test_the_same_data_as_drf(body: bytes) -> None:
    assert JSONParser().parse(io.BytesIO(body)) == parsers.JSONParser().parse(io.BytesIO(body))


@pytest.mark.parametrize("body", [b"", b"{", b'{"a": NaN}', b"[1,]", b"\xff"])
def test_drf_s_refusals(body: bytes) -> None:
    with pytest.raises(ParseError) as ours:
        JSONParser().parse(io.BytesIO(body))
    with pytest.raises(ParseError) as drf:
        parsers.JSONParser().parse(io.BytesIO(body))
    assert str(ours.value.detail) == str(drf.value.detail)

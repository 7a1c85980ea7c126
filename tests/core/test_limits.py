"""What one request may hold (core.limits): JSON nested at most JSON_MAX_DEPTH levels, whichever parser reads it,
and a body of at most DATA_UPLOAD_MAX_MEMORY_SIZE bytes, which the ASGI entry point never reads past.
tests/api/test_malformed.py sends both to every operation of a live server; these check the edges."""

from __future__ import annotations

import asyncio
import io
import json
from typing import Any

import pytest
from django.test import RequestFactory
from rest_framework.exceptions import ParseError

from core.errors import ServiceError
from core.limits import JSON_MAX_DEPTH, body_too_large, within_depth
from core.renderers import JSONParser
from spades_api.asgi import BodyLimit


def _parse(body: bytes, encoding: str = "utf-8") -> Any:
    return JSONParser().parse(io.BytesIO(body), "application/json", {"encoding": encoding})


def _nested(depth: int, inner: bytes = b"1") -> bytes:
    return b"[" * depth + inner + b"]" * depth


def test_json_nested_to_the_limit_is_read_and_one_level_more_refused() -> None:
    assert within_depth({"seats": [{"type": "open"}], "n": 1}) == {"seats": [{"type": "open"}], "n": 1}
    assert _parse(_nested(JSON_MAX_DEPTH)) == json.loads(_nested(JSON_MAX_DEPTH))
    with pytest.raises(ServiceError) as refused:
        _parse(_nested(JSON_MAX_DEPTH + 1))
    assert refused.value.code == "json_too_deep" and refused.value.params == {"max_depth": JSON_MAX_DEPTH}


@pytest.mark.parametrize("body", [
    _nested(10_000),  # past orjson's own limit: read again by Python's json, which runs out of stack
    _nested(10_000, b"12345678901234567890"),  # a huge integer: Python's json only
    b'{"a":' * 10_000 + b"1" + b"}" * 10_000,
], ids=["arrays", "huge integer", "objects"])
def test_deep_json_is_refused_not_a_recursion_error(body: bytes) -> None:
    with pytest.raises(ServiceError) as refused:
        _parse(body)
    assert refused.value.code == "json_too_deep"


def test_deep_json_in_another_encoding_is_refused() -> None:
    with pytest.raises(ServiceError):
        _parse(_nested(10_000).decode().encode("utf-16"), encoding="utf-16")


@pytest.mark.parametrize("body", [b'{"a": 1e400}', b'{"a": "\\ud800"}', b'{"a": -1e99999}'],
                         ids=["infinity", "lone surrogate", "minus infinity"])
def test_what_only_orjson_refuses_is_refused(body: bytes) -> None:
    """Python's json reads these; they are no JSON (a number no double holds, half a character)."""
    with pytest.raises(ParseError):
        _parse(body)


def test_huge_integers_are_still_read_exactly() -> None:
    assert _parse(b'{"seq": 123456789012345678901234567890}') == {"seq": 123456789012345678901234567890}


def test_a_body_over_the_limit_is_told_by_its_length(settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10
    factory = RequestFactory()
    assert body_too_large(factory.post("/", data=b"x" * 11, content_type="application/json"))
    assert not body_too_large(factory.post("/", data=b"x" * 10, content_type="application/json"))
    assert not body_too_large(factory.get("/"))


class _Peer:
    """The server's side of one ASGI request: the body messages it would hand over, and what is sent back."""

    def __init__(self, *chunks: bytes) -> None:
        self.messages = [{"type": "http.request", "body": c, "more_body": i < len(chunks) - 1}
                         for i, c in enumerate(chunks)]
        self.received = 0
        self.sent: list[dict[str, Any]] = []

    async def receive(self) -> dict[str, Any]:
        self.received += 1
        return self.messages.pop(0) if self.messages else {"type": "http.disconnect"}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def _scope(length: int | None) -> dict[str, Any]:
    headers = [(b"content-type", b"application/json")]
    if length is not None:
        headers.append((b"content-length", str(length).encode()))
    return {"type": "http", "headers": headers}


async def _answer(limit: BodyLimit, peer: _Peer) -> list[tuple[bytes, bytes]]:
    """The headers the server sends when the application starts its answer."""
    await limit.send({"type": "http.response.start", "status": 413, "headers": [(b"content-type", b"x")]})
    return [tuple(h) for h in peer.sent[-1]["headers"]]


def test_a_declared_length_over_the_limit_is_not_read_at_all() -> None:
    async def run() -> None:
        peer = _Peer(b"x" * 100)
        limit = BodyLimit(_scope(100), peer.receive, peer.send, 10)
        assert await limit.receive() == {"type": "http.request", "body": b"", "more_body": False}
        listening = asyncio.ensure_future(limit.receive())  # Django's wait for a disconnect: it never ends
        await asyncio.sleep(0.01)
        assert not listening.done()
        listening.cancel()
        assert peer.received == 0
        assert (b"connection", b"close") in await _answer(limit, peer)

    asyncio.run(run())


def test_a_chunked_body_is_cut_a_byte_past_the_limit() -> None:
    async def run() -> None:
        peer = _Peer(b"x" * 6, b"y" * 6, b"z" * 6)
        limit = BodyLimit(_scope(None), peer.receive, peer.send, 10)
        assert await limit.receive() == {"type": "http.request", "body": b"x" * 6, "more_body": True}
        assert await limit.receive() == {"type": "http.request", "body": b"y" * 5, "more_body": False}
        assert peer.received == 2  # the third chunk is never asked for
        assert (b"connection", b"close") in await _answer(limit, peer)

    asyncio.run(run())


def test_a_body_within_the_limit_passes_unchanged() -> None:
    async def run() -> None:
        peer = _Peer(b"x" * 6, b"y" * 4)
        limit = BodyLimit(_scope(10), peer.receive, peer.send, 10)
        assert (await limit.receive())["body"] == b"x" * 6
        assert await limit.receive() == {"type": "http.request", "body": b"y" * 4, "more_body": False}
        assert await limit.receive() == {"type": "http.disconnect"}
        assert (b"connection", b"close") not in await _answer(limit, peer)

    asyncio.run(run())

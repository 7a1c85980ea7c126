"""The service's ASGI handler runs Django's header-only middleware (``spades_api.asgi.ON_THE_LOOP``) on the event
loop in the async chain instead of hopping to a thread for each step: the answers of the async views (and of
what resolves to no view) must be those Django's own handler gives, and only the session's and the messages'
middleware still hop."""

from __future__ import annotations

import asyncio
import functools
import uuid
from typing import Any
from unittest import mock

import httpx
import pytest
from django.contrib import messages as django_messages
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils import deprecation

from spades_api import asgi
from spades_api.asgi import SpadesASGIHandler

pytestmark = pytest.mark.django_db(transaction=True)

VOLATILE = {"x-request-id", "ratelimit-remaining", "ratelimit-reset"}


def _comparable(response: httpx.Response) -> tuple[int, dict[str, str], Any]:
    headers = {k: v for k, v in response.headers.items() if k not in VOLATILE | {"content-length"}}
    body: Any = response.content
    if "json" in response.headers.get("content-type", ""):
        body = response.json()
        body.pop("request_id", None)  # a problem's: the request's own id
    return response.status_code, headers, body


async def _requests(app: Any, table: str, token: str) -> list[tuple[int, dict[str, str], Any]]:
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 4000))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        auth = {"Authorization": f"Bearer {token}"}
        answers = [
            await http.get(f"/api/v1/tables/{table}/events/", params={"after": 0}, headers=auth),
            await http.get(f"/api/v1/tables/{table}/events/", params={"after": 1},
                           headers=auth | {"Accept-Language": "ja"}),
            await http.get(f"/api/v1/tables/{table}/events/", params={"after": 0, "wait": 1},
                           headers={"Authorization": "Bearer spd_wrong"}),
            await http.get(f"/api/v1/tables/{table}/events", params={"after": 0}, headers=auth),  # no slash
            await http.get("/api/v1/no-such-thing/", headers=auth),
            await http.get(f"/api/v1/tables/{uuid.uuid4()}/events/", params={"wait": 1}, headers=auth),
        ]
    return [_comparable(r) for r in answers]


async def _seated(app: Any) -> tuple[str, str]:
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 4000))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        tokens = []
        for _ in range(4):
            r = await http.post("/api/v1/players/", json={"name": "loop-" + uuid.uuid4().hex[:10]})
            tokens.append(r.json()["token"])
        r = await http.post("/api/v1/tables/", json={"preset": "standard", "take_seat": 0},
                            headers={"Authorization": f"Bearer {tokens[0]}"})
        table = r.json()["id"]
        for seat in range(1, 4):
            await http.post(f"/api/v1/tables/{table}/join/", json={"seat": seat},
                            headers={"Authorization": f"Bearer {tokens[seat]}"})
    return table, tokens[1]


def test_the_async_chain_answers_as_djangos_own_handler(settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    ours = SpadesASGIHandler()
    table, token = asyncio.run(_seated(ours))
    answers = asyncio.run(_requests(ours, table, token))
    assert [status for status, _, _ in answers] == [200, 200, 401, 301, 404, 404]
    assert answers == asyncio.run(_requests(ASGIHandler(), table, token))


def test_an_api_request_hops_for_no_middleware(settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    ours = SpadesASGIHandler()
    table, token = asyncio.run(_seated(ours))
    hops: list[str] = []
    real = deprecation.sync_to_async

    def counted(step: Any, **kwargs: Any) -> Any:
        hops.append(f"{type(step.__self__).__name__}.{step.__name__}")
        return real(step, **kwargs)

    with mock.patch.object(deprecation, "sync_to_async", counted), \
            mock.patch.object(asgi, "sync_to_async", counted):
        asyncio.run(_requests(ours, table, token))
    assert hops == []


def _session_chain(view: Any) -> tuple[SessionMiddleware, MessageMiddleware]:
    """The session's and the messages' middleware around ``view``, as the async chain wraps them."""
    messages = MessageMiddleware(view)
    session = SessionMiddleware(messages)
    for middleware, untouched in ((session, asgi._session_untouched), (messages, asgi._messages_untouched)):
        middleware.__acall__ = functools.partial(asgi._on_the_loop, middleware, untouched=untouched)  # type: ignore[method-assign]
    return session, messages


@pytest.mark.parametrize("touch", ["nothing", "session", "messages"])
def test_a_request_that_uses_the_session_or_the_messages_is_answered_as_by_django(touch: str, settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.SESSION_COOKIE_SECURE = False

    async def view(request: Any) -> HttpResponse:
        if touch == "session":
            await request.session.aset("seen", 1)
        elif touch == "messages":
            django_messages.info(request, "hello")
        return HttpResponse("ok")

    def answered(session: Any) -> tuple[int, str, str]:
        request = RequestFactory().get("/")
        response = asyncio.run(session(request))
        return response.status_code, response.get("Vary", ""), str(sorted(response.cookies))

    hops: list[str] = []
    real = asgi.sync_to_async

    def counted(step: Any, **kwargs: Any) -> Any:
        hops.append(f"{type(step.__self__).__name__}.{step.__name__}")
        return real(step, **kwargs)

    ours, _ = _session_chain(view)
    with mock.patch.object(asgi, "sync_to_async", counted):
        answer = answered(ours)
    djangos = MessageMiddleware(view)
    assert answer == answered(SessionMiddleware(djangos))
    expected = {"nothing": [], "session": ["SessionMiddleware.process_response"],
                "messages": ["MessageMiddleware.process_response"]}  # one short message: in its cookie
    assert hops == expected[touch]
    if touch == "session":
        assert "sessionid" in answer[2]  # saved, with its cookie

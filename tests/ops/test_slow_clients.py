"""Slow and numerous clients against the web role as the image serves it (gunicorn, deploy/gunicorn.conf.py, its
worker spades_api.server.UvicornWorker): a connection that trickles its request head or its body a byte a
second is closed once the head or body timeout has passed (short ones here, from the environment), while a
client that sends its request at once is served; a process over its connection limit answers 503 problem
details until connections close. uvicorn alone keeps a trickling connection open for ever."""

from __future__ import annotations

import http.client
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.live import free_port, process_env

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 2
"""The head and body timeouts the server runs with here, in seconds (REQUEST_HEADER_TIMEOUT, REQUEST_BODY_TIMEOUT)."""
GIVE_UP_SECONDS = 30
"""A connection still open after this long was never going to be closed."""


@contextmanager
def gunicorn(tmp_path: Path, **env: str) -> Iterator[str]:
    """The web role on one worker process with ``env``; its base URL."""
    port = free_port()
    log = (tmp_path / f"gunicorn-{port}.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "deploy/gunicorn.conf.py", "--bind",
                               f"127.0.0.1:{port}", "spades_api.asgi:application"], cwd=ROOT, stdout=log,
                              stderr=subprocess.STDOUT, env=process_env(WEB_CONCURRENCY="1", LOG_FORMAT="text", **env))
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            assert server.poll() is None, (tmp_path / f"gunicorn-{port}.log").read_text()[-3000:]
            try:
                if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, django_db_setup: None, django_db_blocker: Any) -> Iterator[str]:
    """One web role for the module, with the short timeouts."""
    with django_db_blocker.unblock(), gunicorn(tmp_path_factory.mktemp("slow"), REQUEST_HEADER_TIMEOUT=str(TIMEOUT),
                                               REQUEST_BODY_TIMEOUT=str(TIMEOUT)) as base:
        yield base


def trickle(base: str, start: bytes, byte: bytes) -> tuple[float, int, bytes]:
    """Send ``start``, then ``byte`` once a second until the server closes the connection: (seconds until it
    did, bytes trickled before, what it answered)."""
    port = int(base.rsplit(":", 1)[1])
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        conn.sendall(start)
        began, sent = time.monotonic(), 0
        conn.settimeout(1)
        while time.monotonic() - began < GIVE_UP_SECONDS:
            try:
                data = conn.recv(4096)
                if not data:
                    return time.monotonic() - began, sent, answer
                answer += data
            except TimeoutError:
                pass
            except ConnectionResetError:
                return time.monotonic() - began, sent, answer
            try:
                conn.sendall(byte)
                sent += 1
            except (BrokenPipeError, ConnectionResetError):
                return time.monotonic() - began, sent, answer
            # a normal client meanwhile is served at once
            assert httpx.get(base + "/healthz", timeout=5).status_code == 200
    pytest.fail(f"the server kept a trickling connection open for {GIVE_UP_SECONDS} s")


def test_a_trickled_request_head_is_cut_off(server: str) -> None:
    seconds, sent, answer = trickle(server, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", b"a")
    print(f"head cut off after {seconds:.2f} s ({sent} bytes trickled; REQUEST_HEADER_TIMEOUT={TIMEOUT})")
    assert sent >= 1, "closed before the timeout"
    assert answer == b"", "closed without an answer: the request never came"


def test_a_trickled_request_body_is_cut_off(server: str) -> None:
    head = (b"POST /api/v1/players/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{")
    seconds, sent, answer = trickle(server, head, b" ")
    print(f"body cut off after {seconds:.2f} s ({sent} bytes trickled; REQUEST_BODY_TIMEOUT={TIMEOUT})")
    assert sent >= 1 and sent < 100, "closed before the timeout, or the body was all sent"
    assert answer == b""


def test_a_kept_alive_connection_waits_for_its_next_request_by_the_keepalive(server: str) -> None:
    """The head timeout counts from a request's first byte on a kept-alive connection: a client that pauses
    longer than it (but less than keepalive, 5 s) between two requests sent at once is served both on one
    connection."""
    conn = http.client.HTTPConnection("127.0.0.1", int(server.rsplit(":", 1)[1]), timeout=10)
    try:
        answers, local_ports = [], set()
        for pause in (0, TIMEOUT + 1):
            time.sleep(pause)
            conn.request("GET", "/healthz")
            response = conn.getresponse()
            response.read()
            answers.append(response.status)
            assert conn.sock is not None
            local_ports.add(conn.sock.getsockname()[1])
    finally:
        conn.close()
    assert answers == [200, 200] and len(local_ports) == 1


def test_a_process_over_its_connection_limit_answers_problem_details(tmp_path: Path) -> None:
    limit = 4
    with gunicorn(tmp_path, WEB_CONNECTIONS=str(limit)) as base:
        port = int(base.rsplit(":", 1)[1])
        idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(limit)]
        try:
            over = httpx.get(base + "/api/v1/rulesets/", headers={"Host": "127.0.0.1"}, timeout=10)
        finally:
            for conn in idle:
                conn.close()
        assert over.status_code == 503
        assert over.headers["content-type"] == "application/problem+json"
        assert over.json()["code"] == "service_unavailable" and over.headers["Retry-After"] == "1"
        for _ in range(50):  # the idle connections' closing reaches the server
            if httpx.get(base + "/healthz", timeout=10).status_code == 200:
                break
            time.sleep(0.1)
        else:
            pytest.fail("still over the limit with the idle connections closed")

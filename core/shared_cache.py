"""The cache the service's processes share, and the two things kept there because every process must agree
on them: the rate limits' windows (:func:`window`, for ``core.throttling``) and the accounts of checked tokens
(``games.auth``).

``settings.CACHES["default"]`` is Django's ``RedisCache`` at ``CACHE_URL`` in production, so every web process
reads and writes the same entries; with ``CACHE_URL`` unset (``make run``: one web process) it is the process's
own memory, and the same code runs on it. :func:`shared` is one instance of it for the whole process, not
Django's ``caches["default"]``: Django keeps that per thread and async context, and under ASGI each request runs
in a context of its own, so every request would build a Redis client with a connection pool of its own and
connect anew.

A cache that does not answer never fails a request: callers catch :data:`ERRORS` and carry on without it (an
account read from the database, a request counted by this process alone), and :func:`unavailable` logs it (at
most once every few seconds) and has the process leave the cache alone for :data:`RETRY_SECONDS`
(:func:`reachable`), so that a Redis that stops answering costs a request a socket timeout now and then, not
every request.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

import redis
from django.core.cache import BaseCache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from django.core.signals import setting_changed
from django.dispatch import receiver
from redis.commands.core import Script

log = logging.getLogger(__name__)

ERRORS: tuple[type[Exception], ...] = (redis.RedisError,)
"""What a cache call raises when Redis does not answer (refused, timed out, reset)."""
WARN_EVERY_SECONDS = 10.0
RETRY_SECONDS = 5.0

_instance: BaseCache | None = None
_local_lock = threading.Lock()
_last_warned = 0.0
_down_until = 0.0
_fallback = LocMemCache("core.shared_cache.fallback", {})
"""Where this process counts requests while the shared cache does not answer."""


def shared() -> BaseCache:
    """The process's instance of the default cache (Redis in production)."""
    global _instance
    if _instance is None:
        _instance = caches.create_connection("default")
    return _instance


@receiver(setting_changed, dispatch_uid="core.shared_cache.reset")
def _reset(setting: str, **kwargs: Any) -> None:
    global _instance, _down_until
    if setting == "CACHES":
        _instance, _down_until = None, 0.0
        _fallback.clear()


def reachable() -> bool:
    """Whether to use the cache: not for :data:`RETRY_SECONDS` after it last failed."""
    return time.monotonic() >= _down_until


def unavailable(exc: Exception, doing: str) -> None:
    """Note that the cache failed while ``doing`` something: logged (once every :data:`WARN_EVERY_SECONDS` at
    most), and left alone for :data:`RETRY_SECONDS`."""
    global _last_warned, _down_until
    now = time.monotonic()
    _down_until = now + RETRY_SECONDS
    if now - _last_warned >= WARN_EVERY_SECONDS:
        _last_warned = now
        log.warning("shared cache unavailable while %s: %s", doing, exc)


# Rate-limit windows --------------------------------------------------------------------------------------

# A sliding log of the allowed requests' times, as DRF's SimpleRateThrottle keeps one, but in one atomic step
# on the server: drop the times older than the window, count the rest, add this request's time if the count
# is under the limit. KEYS[1] the window; ARGV now, duration (seconds), limit, a member name unique to this
# request. Returns {allowed (0/1), requests counted (this one included when allowed), the oldest time kept}.
_WINDOW = Script(None, b"""
local now, duration, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - duration)
local used = redis.call('ZCARD', KEYS[1])
local allowed = 0
if used < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], math.ceil(duration * 1000))
  used = used + 1
  allowed = 1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]
return {allowed, used, oldest or false}
""")  # bytes, so that no client is needed to hash it; each call passes the client it runs on


def window(key: str, now: float, duration: float, limit: int) -> tuple[bool, int, float | None]:
    """Count a request at ``now`` in the sliding window ``key`` of ``limit`` requests per ``duration`` seconds,
    if the window has room: (allowed, the requests the window now holds, the time of the oldest of them).
    Atomic across processes on Redis (one round trip); on a process's own memory, atomic in the process, which
    is also where requests are counted while Redis does not answer."""
    cache = shared()
    if isinstance(cache, RedisCache):
        if reachable():
            shared_key = cache.make_and_validate_key(key)
            try:
                # Django's RedisCache has no scripting; the redis-py client it hands out, on its own pool, has.
                client = cache._cache.get_client(shared_key, write=True)
                allowed, used, oldest = _WINDOW(keys=[shared_key], client=client,
                                                args=[repr(now), duration, limit, os.urandom(6).hex()])
                return bool(allowed), int(used), float(oldest) if oldest is not None else None
            except ERRORS as exc:
                unavailable(exc, "counting a request (this process counts alone meanwhile)")
        cache = _fallback
    with _local_lock:
        history = [t for t in cache.get(key, []) if t > now - duration]
        allowed = len(history) < limit
        if allowed:
            history.append(now)
            cache.set(key, history, duration)
        return allowed, len(history), history[0] if history else None

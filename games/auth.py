"""API tokens checked on each request (they are made and hashed by ``games.tokens``).

The account of a token checked lately is kept in the cache every server process shares
(``core.shared_cache``: Redis in production), under the token's hash, for ``settings.TOKEN_CACHE_SECONDS`` (5 s
by default; 0 keeps none): a client's run of requests costs one cache read each, not a database query, on
whichever process serves it. Every save or deletion of an account through the ORM (a rotation, a revocation, a
deactivation or deletion in the admin) removes the entries of its token from that shared cache as it happens and
again when its transaction commits, so the next request with the old token is refused on every process at once;
a removed entry stays marked forgotten for ``TOKEN_CACHE_SECONDS``, so a request that read the account before
the change cannot put it back. Only a change made around the ORM's signals (a queryset ``update()``, SQL) waits
for the entry to expire. The account's presence (``last_seen``) is noted when it is read from the database, so
at most once every ``TOKEN_CACHE_SECONDS`` per token while its client is active.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_delete, pre_save
from django.dispatch import receiver
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from core import shared_cache
from games import hot_reads, services
from games.models import Player
from games.tokens import hash_token

FORGOTTEN = "forgotten"
"""The entry of a token whose account changed: read the account afresh, and keep nothing, while it lasts."""
_NAMES = [f.attname for f in Player._meta.concrete_fields]


def _key(token_hash: str) -> str:
    return "account:" + token_hash


def _kept(token_hash: str) -> Any:
    """The entry for ``token_hash``: an account's column values, :data:`FORGOTTEN`, or ``None``."""
    if not shared_cache.reachable():
        return FORGOTTEN
    try:
        return shared_cache.shared().get(_key(token_hash))
    except shared_cache.ERRORS as exc:
        shared_cache.unavailable(exc, "reading a token's account")
        return FORGOTTEN  # read the database, and do not try to keep what it gives


def _keep(token_hash: str, player: Player) -> None:
    """Keep ``player`` for its token, unless an entry is there already (another request's, or forgotten)."""
    seconds = settings.TOKEN_CACHE_SECONDS
    if seconds <= 0 or not shared_cache.reachable():
        return
    try:
        shared_cache.shared().add(_key(token_hash), [getattr(player, n) for n in _NAMES], seconds)
    except shared_cache.ERRORS as exc:
        shared_cache.unavailable(exc, "keeping a token's account")


def forget(*token_hashes: str) -> None:
    """Mark these tokens' accounts forgotten on every process: each is read afresh until the mark expires."""
    seconds = settings.TOKEN_CACHE_SECONDS
    try:
        if seconds > 0:
            shared_cache.shared().set_many({_key(h): FORGOTTEN for h in token_hashes}, seconds)
        else:
            shared_cache.shared().delete_many([_key(h) for h in token_hashes])
    except shared_cache.ERRORS as exc:
        # Unreachable for this process, so most likely for the others too, which then read the database.
        shared_cache.unavailable(exc, "forgetting a token's account")


def _forget_now_and_at_commit(token_hashes: set[str]) -> None:
    forget(*token_hashes)
    transaction.on_commit(lambda: forget(*token_hashes))


@receiver(pre_save, sender=Player, dispatch_uid="games.auth.forget_saved_account")
def _forget_saved_account(sender: Any, instance: Player, raw: bool = False, **kwargs: Any) -> None:
    """An account about to be saved (its token replaced or revoked, deactivated, renamed) is forgotten under
    the token it has until then, read from its row: the instance may carry its new token already, which no
    request can have used yet."""
    if raw or instance._state.adding:
        return
    stored = Player.objects.filter(pk=instance.pk).values_list("token_hash", flat=True).first()
    _forget_now_and_at_commit({stored or instance.token_hash})


@receiver(post_delete, sender=Player, dispatch_uid="games.auth.forget_deleted_account")
def _forget_deleted_account(sender: Any, instance: Player, **kwargs: Any) -> None:
    """A deleted account's token is refused at once, instead of authenticating a player that is gone."""
    _forget_now_and_at_commit({instance.token_hash})


def player_for(token: str) -> Player:
    """The active account a token belongs to; ``AuthenticationFailed`` for any other token. Read from the
    shared cache, else from the database, then kept for ``settings.TOKEN_CACHE_SECONDS`` and noted as seen
    (see ``services.player_seen``: at most one write every few seconds per player). See the module."""
    token_hash = hash_token(token)
    kept = _kept(token_hash)
    if kept is not None and kept != FORGOTTEN:
        return Player.from_db("default", _NAMES, kept)
    player = hot_reads.player_by_token_hash(token_hash)
    if player is None:
        raise exceptions.AuthenticationFailed("Invalid token.")
    services.player_seen(player=player)
    if kept is None:
        _keep(token_hash, player)
    return player


class BearerTokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Bearer <token>`` (``Token <token>`` is accepted too)."""

    keywords = ("bearer", "token")

    def authenticate(self, request: Request) -> tuple[Player, str] | None:
        header = authentication.get_authorization_header(request).decode("latin-1").split()
        if not header or header[0].lower() not in self.keywords:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Malformed Authorization header.")
        return player_for(header[1]), header[1]

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="api"'

"""API tokens checked on each request (they are made and hashed by ``games.tokens``).

A server process keeps the accounts of the tokens it checked lately for ``settings.TOKEN_CACHE_SECONDS`` (5 s
by default; 0 keeps none), so that a client's run of requests reads its account once, not once a request (the
read was one of a move's two queries that are not the game's). Every save of an account (a rotation, a
revocation, a deactivation in the admin) drops it from the process that saved it, at once and again when the
transaction commits; the other processes let a token that no longer belongs to an active account go on
authenticating for at most ``TOKEN_CACHE_SECONDS`` after it changed.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from games import hot_reads, services
from games.models import Player
from games.tokens import hash_token

ACCOUNTS_KEPT = 10_000
"""At most this many accounts are kept by a process; the oldest go first."""


class _Accounts:
    """The accounts of the tokens this process checked lately: by token hash, when the entry expires (on
    ``time.monotonic``) and the account's column values as read, from which each request gets an instance of
    its own. ``generation`` counts the accounts forgotten: a read that began before one was forgotten is not
    kept, since it may hold the account as it was before the change."""

    def __init__(self) -> None:
        self.rows: dict[str, tuple[float, list[Any]]] = {}
        self.generation = 0
        self.lock = threading.Lock()
        self.names = [f.attname for f in Player._meta.concrete_fields]

    def get(self, token_hash: str) -> Player | None:
        found = self.rows.get(token_hash)
        if found is None or found[0] <= time.monotonic():
            return None
        return Player.from_db("default", self.names, found[1])

    def keep(self, token_hash: str, player: Player, generation: int) -> None:
        seconds = settings.TOKEN_CACHE_SECONDS
        if seconds <= 0:
            return
        with self.lock:
            if generation != self.generation:
                return
            if len(self.rows) >= ACCOUNTS_KEPT:
                del self.rows[next(iter(self.rows))]
            self.rows[token_hash] = (time.monotonic() + seconds, [getattr(player, n) for n in self.names])

    def forget(self, player_id: Any) -> None:
        with self.lock:
            self.generation += 1
            pk = Player._meta.pk.to_python(player_id)  # type: ignore[union-attr]
            for token_hash in [h for h, (_, values) in self.rows.items() if values[0] == pk]:
                del self.rows[token_hash]


_accounts = _Accounts()
assert _accounts.names[0] == "id"


@receiver(post_save, sender=Player, dispatch_uid="games.auth.forget_saved_account")
def _forget_saved_account(sender: Any, instance: Player, **kwargs: Any) -> None:
    """A saved account (its token replaced or revoked, deactivated, renamed) is read afresh by this process's
    next request, and again after the commit: a request that read it before then is not kept."""
    pk = instance.pk
    _accounts.forget(pk)
    transaction.on_commit(lambda: _accounts.forget(pk))


def player_for(token: str) -> Player:
    """The active account a token belongs to, noted as seen now (see ``services.player_seen``: at most one
    write every few seconds per player and process); ``AuthenticationFailed`` for any other token. Read from
    the database at most once every ``settings.TOKEN_CACHE_SECONDS`` per token and process (see the module)."""
    token_hash = hash_token(token)
    generation = _accounts.generation
    player = _accounts.get(token_hash)
    read = player is None
    if player is None:
        player = hot_reads.player_by_token_hash(token_hash)
        if player is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
    # Kept once read, and again after a presence write (its time kept, so the next request does not write).
    if services.player_seen(player=player) or read:
        _accounts.keep(token_hash, player, generation)
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

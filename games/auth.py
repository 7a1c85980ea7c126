"""API tokens: how they are made, stored (SHA-256 only) and checked on each request."""

from __future__ import annotations

import hashlib
import secrets

from rest_framework import authentication, exceptions
from rest_framework.request import Request

from games import hot_reads
from games.models import Player

TOKEN_PREFIX = "spd_"


def new_token() -> str:
    """A fresh API token: 256 random bits, URL-safe, with a recognisable prefix."""
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The stored form of a token. A fast hash is right here: the token is random, not a password."""
    return hashlib.sha256(token.encode()).hexdigest()


def player_for(token: str) -> Player:
    """The active account a token belongs to, noted as seen now (see ``services.player_seen``: at most one
    write every few seconds per player); ``AuthenticationFailed`` for any other token."""
    from games import services  # services imports this module for hash_token

    player = hot_reads.player_by_token_hash(hash_token(token))
    if player is None:
        raise exceptions.AuthenticationFailed("Invalid token.")
    services.player_seen(player=player)
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

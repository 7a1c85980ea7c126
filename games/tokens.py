"""API tokens as they are made and stored: 256 random bits with a recognisable prefix, kept only as their
SHA-256 digest. The services that issue them and the authentication that checks them (``games.auth``)
both use these two functions."""

from __future__ import annotations

import hashlib
import secrets

TOKEN_PREFIX = "spd_"


def new_token() -> str:
    """A fresh API token: 256 random bits, URL-safe, with a recognisable prefix."""
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The stored form of a token. A fast hash is right here: the token is random, not a password."""
    return hashlib.sha256(token.encode()).hexdigest()

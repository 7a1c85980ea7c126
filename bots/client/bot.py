"""A bot that plays through the public API with the Python SDK (``spades_client``, clients/python): register,
open or join a table, and play it to the end with any strategy, one round trip a move.

A strategy here is a function ``(view, rules) -> action``: ``view`` is the seat view as the API sends it (a
dict) and ``rules`` the table's rule set as the engine's :class:`RuleSet`; it returns an action body without
``seq`` (``{"type": "play", "card": "QS"}``). :func:`builtin_strategy` wraps the service's own bots.
:class:`SpadesBot` turns it into the SDK's strategy (which is shown a :class:`spades_client.Turn`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
from spades_client import ApiError, SpadesClient, Turn

from games.engine import RuleSet, rules_from_dict

Strategy = Callable[[dict[str, Any], RuleSet], dict[str, Any]]

__all__ = ["ApiError", "SpadesBot", "Strategy", "builtin_strategy"]


def builtin_strategy(level: str = "normal", seed: int = 0, budget_ms: int = 200) -> Strategy:
    """The built-in bot of ``level`` as a client strategy."""
    from bots.strategies import decide

    rng = random.Random(seed)

    def strategy(view: dict[str, Any], rules: RuleSet) -> dict[str, Any]:
        return decide(view, rules, level=level, rng=rng, budget_ms=budget_ms)

    return strategy


class SpadesBot:
    """One account playing through the API. Pass ``transport`` to talk to a :class:`FakeSpadesServer`."""

    def __init__(self, base_url: str, *, token: str | None = None, strategy: Strategy | None = None,
                 transport: httpx.BaseTransport | None = None, wait_seconds: int = 25) -> None:
        self.client = SpadesClient(base_url, token, transport=transport)
        self.strategy = strategy or builtin_strategy()
        self.wait_seconds = wait_seconds

    @property
    def token(self) -> str | None:
        return self.client.token

    def register(self, name: str, kind: str = "bot") -> str:
        """Create the account; keeps and returns its token (shown only this once)."""
        return self.client.register(name, kind).token

    def create_table(self, preset: str = "standard", *, overrides: dict[str, Any] | None = None,
                     seats: list[dict[str, Any]] | None = None, take_seat: int | None = 0) -> str:
        """Open a table (taking ``take_seat``); returns its id."""
        return str(self.client.open_table(preset, overrides=overrides, seats=seats, take_seat=take_seat).id)

    def join(self, table_id: str, seat: int | None = None) -> None:
        """Take a seat at an open table."""
        self.client.join(table_id, seat)

    def play(self, table_id: str) -> Any:
        """Play until the game is over; returns the final table (the SDK's model)."""
        return self.client.play(table_id, self.decide, wait=self.wait_seconds)

    def decide(self, turn: Turn) -> dict[str, Any]:
        """The strategy's action for the seat the game waits for."""
        return self.strategy(turn.view.to_dict(), rules_from_dict(turn.rules))

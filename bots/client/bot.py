"""A bot that plays through the public API: register, open or join a table, follow the events feed
(long-poll), and act whenever its seat is waited for, with any strategy.

A strategy is a function ``(view, rules) -> action``: ``view`` is the seat view from ``GET /tables/{id}/``
and ``rules`` the table's rule set; it returns an action body without ``seq`` (``{"type": "play", "card":
"QS"}``). :func:`builtin_strategy` wraps the service's own bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx

from games.engine import RuleSet, rules_from_dict

Strategy = Callable[[dict[str, Any], RuleSet], dict[str, Any]]


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
        self.http = httpx.Client(base_url=base_url.rstrip("/") + "/api/v1", transport=transport, timeout=60)
        self.token = token
        self.strategy = strategy or builtin_strategy()
        self.wait_seconds = wait_seconds

    def _call(self, method: str, path: str, **kwargs: Any) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        response = self.http.request(method, path, headers=headers, **kwargs)
        if response.status_code >= 400:
            problem = response.json()
            raise ApiError(response.status_code, problem.get("code", "unknown"), problem.get("detail", ""))
        return response.json()

    def register(self, name: str, kind: str = "bot") -> str:
        """Create the account; keeps and returns its token (shown only this once)."""
        self.token = self._call("POST", "/players/", json={"name": name, "kind": kind})["token"]
        return self.token

    def create_table(self, preset: str = "standard", *, overrides: dict[str, Any] | None = None,
                     seats: list[dict[str, Any]] | None = None, take_seat: int | None = 0) -> str:
        """Open a table (taking ``take_seat``); returns its id."""
        body: dict[str, Any] = {"preset": preset, "overrides": overrides or {}}
        if seats is not None:
            body["seats"] = seats
        if take_seat is not None:
            body["take_seat"] = take_seat
        return self._call("POST", "/tables/", json=body)["id"]

    def join(self, table_id: str, seat: int | None = None) -> None:
        """Take a seat at an open table."""
        self._call("POST", f"/tables/{table_id}/join/", json={} if seat is None else {"seat": seat})

    def play(self, table_id: str, *, max_steps: int = 100_000) -> dict[str, Any]:
        """Play until the game is over, long-polling the events feed while other seats move; returns the
        final table."""
        for _ in range(max_steps):
            table, acted = self.step(table_id)
            if table["status"] == "finished":
                return table
            if not acted:
                self._call("GET", f"/tables/{table_id}/events/",
                           params={"after": table["seq"], "wait": self.wait_seconds})
        raise RuntimeError("the game did not end")

    def step(self, table_id: str) -> tuple[dict[str, Any], bool]:
        """Read the table and, if the game waits for this seat, act once. Returns the table as read and
        whether this bot acted."""
        table = self._call("GET", f"/tables/{table_id}/")
        view = table["view"]
        if table["status"] != "playing" or view is None or not self._waited_for(view):
            return table, False
        action = self.strategy(view, rules_from_dict(table["rules"]))
        try:
            self._call("POST", f"/tables/{table_id}/actions/", json={**action, "seq": table["seq"]})
        except ApiError as error:
            if error.code != "stale_seq":  # another seat moved first: the next step reads again
                raise
            return table, False
        return table, True

    @staticmethod
    def _waited_for(view: dict[str, Any]) -> bool:
        """Whether the game waits for this seat (its turn, or its exchange is due)."""
        return view["seat"] in view["waiting_for"]


class ApiError(Exception):
    """A problem-details answer from the API."""

    def __init__(self, status: int, code: str, detail: str) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status = status
        self.code = code

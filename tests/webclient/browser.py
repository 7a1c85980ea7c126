"""What the browser tests of the web client share: the page's API as the test reads it (httpx, with a
token), and where screenshots go. The Chromium fixtures are in conftest.py."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
# Without the background-networking switches Chromium keeps dialling Google's hosts, which a closed
# network refuses; --no-sandbox because CI runs as root.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 30_000  # an upper bound for the bots and the page to get somewhere, never a timing assertion
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# Records the number of cards in play on the felt (the faded last trick aside) each time it changes.
WATCH_TRICK = """() => {
  const trick = document.querySelector('[data-testid=trick]');
  window.trickCounts = [];
  new MutationObserver(() => {
    const n = trick.querySelectorAll('.card:not(.faded)').length;
    if (window.trickCounts.at(-1) !== n) window.trickCounts.push(n);
  }).observe(trick, { childList: true, subtree: true });
}"""


class Api:
    """The same API the page uses, with the page's own token: what the test checks the page against."""

    def __init__(self, base: str, token: str, table: str) -> None:
        self.http = httpx.Client(base_url=f"{base}/api/v1/tables/{table}", timeout=10,
                                 headers={"Authorization": f"Bearer {token}", "Accept-Language": "en"})

    def get(self, path: str) -> dict[str, Any]:
        response = self.http.get(path)
        assert response.status_code == 200, response.text
        return response.json()


class Client:
    """A player of its own (registered here) talking to the API over HTTP, as another program would."""

    def __init__(self, base: str, name: str) -> None:
        self.http = httpx.Client(base_url=f"{base}/api/v1", timeout=40)
        created = self.http.post("/players/", json={"name": name, "kind": "human"})
        assert created.status_code == 201, created.text
        self.name = name
        self.http.headers["Authorization"] = f"Bearer {created.json()['token']}"

    def get(self, path: str, **params: Any) -> Any:
        response = self.http.get(path, params=params)
        assert response.status_code == 200, response.text
        return response.json()

    def post(self, path: str, body: dict[str, Any] | None = None, status: int = 200) -> Any:
        response = self.http.post(path, json=body)
        assert response.status_code == status, response.text
        return response.json() if response.content else None

    def move(self, table: str) -> bool:
        """Make this player's move at ``table`` if it has one: the first legal bid or card (its legal moves
        at the seq it read, so a move of another seat in between is a stale_seq, tried again by the caller).
        Whether it moved."""
        legal = self.get(f"/tables/{table}/legal/")
        if not legal["your_turn"]:
            return False
        action = next(a for a in legal["actions"] if a["type"] in ("bid", "play"))
        response = self.http.post(f"/tables/{table}/actions/", json=action | {"seq": legal["seq"]})
        assert response.status_code in (200, 409), response.text
        return response.status_code == 200

    def play_until(self, table: str, done: Any, *, seconds: float = 120) -> None:
        """Move whenever it is this player's turn at ``table`` (waiting on the events feed between) until
        ``done()`` is true."""
        deadline = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < deadline, f"{table}: not done within {seconds} s"
            if not self.move(table):
                seq = self.get(f"/tables/{table}/")["seq"]
                self.get(f"/tables/{table}/events/", after=seq, wait=2)

"""A tiny client-side Spades player and a driver that plays whole games through the public HTTP API.

Not a test module. The player decides from what a client may know: the seat's legal list
(GET /tables/{id}/legal/) and its table view (GET /tables/{id}/). The driver polls the seats' legal lists,
lets the seat whose turn it is act with the table's current ``seq``, and goes on until the table is
finished. Every choice comes from the ``random.Random`` it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

RANKS = "23456789TJQKA"


def power(card: str) -> int:
    """How strong ``card`` is when it wins a trick: spades (jokers the highest) above every other suit."""
    if card == "BJ":
        return 202
    if card == "LJ":
        return 201
    return RANKS.index(card[0]) + (100 if card[1] == "S" else 0)


def is_blind_nil(action: dict[str, Any]) -> bool:
    return action["type"] == "bid" and action["bid"] == 0 and action.get("blind") is True


@dataclass
class Player:
    """Chooses an action for one seat from its legal list and table view."""

    rng: random.Random
    blind_nil_rate: float = 0.3
    """How often a seat offered blind nil takes it (only while its side trails)."""

    def bid_target(self, view: dict[str, Any]) -> int:
        """3 tricks; 4 at a three-seat table, where 17 cards are dealt."""
        return 4 if len(view["hand_size"]) == 3 else 3

    def wants_blind_nil(self, view: dict[str, Any], seat: int) -> bool:
        side = next(i for i, seats in enumerate(view["sides"]) if seat in seats)
        others = [s for i, s in enumerate(view["scores"]) if i != side]
        behind = view["scores"][side] < max(others)
        return behind and self.rng.random() < self.blind_nil_rate

    def choose(self, legal: dict[str, Any], table: dict[str, Any], *, force_blind_nil: bool = False) -> dict[str, Any]:
        """The action to send (without ``seq``). ``table`` may be any seat's table view (only public parts
        are used) except in an exchange, where it must be the acting seat's own, for its hand.
        ``force_blind_nil`` bids blind nil whenever it is offered."""
        view = table["view"]
        seat = legal["seat"]
        actions = legal["actions"]
        assert actions, f"seat {legal['seat']} has nothing to do: {legal}"
        phase = legal["phase"]
        if phase == "bid":
            bids = [a for a in actions if a["type"] == "bid"]
            blind_nil = [a for a in bids if is_blind_nil(a)]
            if blind_nil and (force_blind_nil or self.wants_blind_nil(view, seat)):
                return {"type": "bid", "bid": 0, "blind": True}
            if any(a["type"] == "look" for a in actions):
                return {"type": "look"}
            plain = [a for a in bids if not a.get("blind")]
            assert plain, f"no plain bid offered: {actions}"
            target = self.bid_target(view)
            best = min(plain, key=lambda a: (a["bid"] == 0, abs(a["bid"] - target), self.rng.random()))
            return {"type": "bid", "bid": best["bid"]}
        if phase == "exchange":
            (exchange,) = [a for a in actions if a["type"] == "exchange"]
            assert table["your_seat"] == seat
            hand = view["hand"]
            assert hand, f"seat {legal['seat']} must pass cards but sees no hand"
            return {"type": "exchange", "cards": sorted(self.rng.sample(hand, exchange["count"]))}
        if phase == "play":
            cards = [a["card"] for a in actions if a["type"] == "play"]
            return {"type": "play", "card": self.choose_card(cards, view, seat)}
        raise AssertionError(f"no action for phase {phase}: {legal}")

    def choose_card(self, cards: list[str], view: dict[str, Any], seat: int) -> str:
        """30% a random legal card; otherwise the highest while the seat's side still needs tricks, else
        the lowest (always the lowest for a nil bidder)."""
        if self.rng.random() < 0.3:
            return self.rng.choice(cards)
        bids = view["bids"]
        if bids[seat] is not None and bids[seat]["tricks"] == 0:
            return min(cards, key=power)
        side = next(seats for seats in view["sides"] if seat in seats)
        wanted = sum(bids[s]["tricks"] for s in side if bids[s] is not None)
        won = sum(view["tricks_won"][s] for s in side)
        return max(cards, key=power) if won < wanted else min(cards, key=power)


Step = Callable[["Driver", dict[str, Any], Any], None]
"""Called after every accepted action with the driver, the action sent and the response."""


@dataclass
class Driver:
    """Plays the table ``table_id`` to its end through ``clients`` (one authenticated API client per seat,
    in seat order), using only public endpoints."""

    clients: list[Any]
    table_id: str
    rng: random.Random
    players: list[Player] = field(default_factory=list)
    on_step: Step | None = None
    early_look_rate: float = 0.05
    force_blind_nil: bool = False
    """Bid blind nil at the first chance any seat gets (once), so that one surely happens in the game."""
    actions: list[dict[str, Any]] = field(default_factory=list)
    table: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if not self.players:
            self.players = [Player(random.Random(self.rng.random())) for _ in self.clients]

    @property
    def base(self) -> str:
        return f"/api/v1/tables/{self.table_id}/"

    def legal(self, seat: int) -> dict[str, Any]:
        response = self.clients[seat].get(self.base + "legal/")
        assert response.status_code == 200, response.body
        assert response.body["seat"] == seat
        return response.body

    def view(self, seat: int) -> dict[str, Any]:
        response = self.clients[seat].get(self.base)
        assert response.status_code == 200, response.body
        assert response.body["your_seat"] == seat
        return response.body

    def next_move(self) -> tuple[int, dict[str, Any], dict[str, Any]]:
        """The seat to act, its action (with ``seq``) and its legal list."""
        table = self.table or self.view(0)
        to_move = table["view"]["to_move"] if table["view"] else list(range(len(self.clients)))
        polled = {seat: self.legal(seat) for seat in to_move}
        mine = {seat: legal for seat, legal in polled.items() if legal["your_turn"]}
        assert mine, f"nobody may act: {polled}"
        # The seat whose bid or play it is goes first; a seat that may only look sometimes looks early.
        acting = [s for s, legal in mine.items() if any(a["type"] != "look" for a in legal["actions"])]
        lookers = [s for s in mine if s not in acting]
        if lookers and (not acting or self.rng.random() < self.early_look_rate):
            seat = self.rng.choice(lookers)
            legal = mine[seat]
            return seat, {"type": "look", "seq": legal["seq"]}, legal
        assert acting, f"only looks are offered: {mine}"
        seat = self.rng.choice(acting)
        legal = mine[seat]
        if legal["phase"] == "exchange":
            table = self.view(seat)
        action = self.players[seat].choose(legal, table, force_blind_nil=self.force_blind_nil)
        return seat, {**action, "seq": legal["seq"]}, legal

    def step(self) -> Any:
        """One accepted action; returns the response."""
        seat, action, _ = self.next_move()
        response = self.clients[seat].post(self.base + "actions/", action)
        assert response.status_code == 200, (action, response.body)
        assert response.body["seq"] == action["seq"] + 1
        self.table = response.body["table"]
        self.actions.append({**action, "seat": seat})
        if is_blind_nil({"blind": False, **action}):
            self.force_blind_nil = False
        if self.on_step is not None:
            self.on_step(self, action, response)
        return response

    def play(self, max_actions: int = 5000) -> dict[str, Any]:
        """Play until the table is finished; returns the last table view (the last actor's)."""
        self.table = self.view(0)
        while self.table["status"] != "finished":
            assert len(self.actions) < max_actions, f"no end after {max_actions} actions: {self.table['view']}"
            self.step()
        return self.table

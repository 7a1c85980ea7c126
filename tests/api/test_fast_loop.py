"""The fast loop: a client plays a whole game with only ``POST actions/`` and ``GET events/``, because the
action's answer and every events answer carry the caller's table at the answer's ``seq`` and its legal
actions (the items of ``GET legal/``'s ``actions`` when the game waits for it, else none). Every answer is
checked against the schema by the test client; this test checks that the two answers agree with the slow
reads (``GET tables/{id}/``, ``GET legal/``), that the events and the table are at the same ``seq``, and that
no seat's table shows another seat's cards and a spectator's shows none."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.models import Table
from tests.api.players import Player, is_blind_nil
from tests.api.test_full_games import open_table

pytestmark = pytest.mark.django_db


@dataclass
class Seat:
    """What one fast-loop client knows: the table and its legal list from its last answer."""

    client: Any
    seq: int = 0
    table: dict[str, Any] = field(default_factory=dict)
    legal: list[dict[str, Any]] = field(default_factory=list)

    def catch_up(self, base: str) -> dict[str, Any]:
        """Read the events after what it saw; the answer."""
        body = self.client.get(base + "events/", {"after": self.seq}).body
        assert [e["seq"] for e in body["events"]] == list(range(self.seq + 1, body["seq"] + 1))
        assert body["table"]["seq"] == body["seq"], "the table is at the seq of the events"
        self.seq, self.table, self.legal = body["seq"], body["table"], body["legal"]
        return body


def choose(seat: Seat, player: Player, *, blind_nil: bool) -> dict[str, Any]:
    """A legal action from the fast loop's legal list and table alone (the test players' choice); a blind
    nil when ``blind_nil`` and it is offered."""
    view = seat.table["view"]
    return player.choose({"seat": seat.table["your_seat"], "phase": view["phase"], "actions": seat.legal},
                         seat.table, force_blind_nil=blind_nil)


def check_against_slow_reads(seat: Seat, base: str, state: dict[str, Any]) -> None:
    """The fast answer equals what GET tables/{id}/ and GET legal/ say at the same seq, and hides what the
    seat may not see."""
    slow = seat.client.get(base).body
    assert slow["seq"] == seat.seq
    assert {k: v for k, v in slow.items() if k != "rules"} == seat.table
    index = seat.table["your_seat"]
    if index is None:
        assert seat.legal == []
        assert seat.table["view"]["hand"] is None
        return
    legal = seat.client.get(base + "legal/").body
    assert seat.legal == (legal["actions"] if index in seat.table["view"]["waiting_for"] else [])
    others = {c for s, hand in enumerate(state["hands"]) if s != index for c in hand}
    shown = set(seat.table["view"]["hand"] or [])
    assert not shown & others, "a seat's table shows another seat's cards"
    if state["looked"][index]:
        assert shown == set(state["hands"][index])


def test_a_whole_game_with_only_actions_and_events(register: Any, client_for: Any) -> None:
    # Classic with a blind nil at any time and its exchange: every kind of move goes through the loop.
    overrides = {"blind_nil_trailing": None, "target": 200, "hand_cap": 2}
    table_id, clients = open_table(register, client_for, "classic", overrides)
    base = f"/api/v1/tables/{table_id}/"
    seats = [Seat(c) for c in clients]
    spectator = Seat(client_for(register()[1]))
    rng = random.Random("fast-loop")
    players = [Player(random.Random(rng.random())) for _ in seats]
    for seat in [*seats, spectator]:
        seat.catch_up(base)
    moves = 0
    kinds: set[str] = set()
    while seats[0].table["status"] != "finished":
        assert moves < 2000, "the game did not end"
        movers = [s for s in seats if s.legal]
        assert movers, "the game waits for nobody"
        mover = rng.choice(movers)
        action = choose(mover, players[seats.index(mover)], blind_nil="blind nil" not in kinds) | {"seq": mover.seq}
        if is_blind_nil({"blind": False, **action}):
            kinds.add("blind nil")
        kinds.add(action["type"])
        answer = mover.client.post(base + "actions/", action).body
        assert answer["seq"] == answer["table"]["seq"] == mover.seq + 1
        mover.seq, mover.table, mover.legal = answer["seq"], answer["table"], answer["legal"]
        moves += 1
        for seat in [*seats, spectator]:
            if seat is not mover:
                seat.catch_up(base)
        if moves % 7 == 1:  # the slow reads are for checking only; the loop never needs them
            state = Table.objects.get(pk=table_id).state
            for seat in [*seats, spectator]:
                check_against_slow_reads(seat, base, state)
    assert all(s.legal == [] for s in seats)
    assert {"blind nil", "exchange", "bid", "play"} <= kinds
    assert spectator.table["status"] == "finished" and spectator.table["view"]["hand"] is None


def test_the_events_answer_at_a_seq_with_nothing_new(register: Any, client_for: Any) -> None:
    table_id, clients = open_table(register, client_for, "standard", {})
    base = f"/api/v1/tables/{table_id}/"
    first = clients[0].get(base + "events/").body
    now = first["seq"]
    quiet = clients[1].get(base + "events/", {"after": now}).body  # nothing after: still the table and legal
    assert quiet["events"] == [] and quiet["seq"] == quiet["table"]["seq"] == now
    turn = quiet["table"]["view"]["turn"]
    mover = clients[turn].get(base + "events/", {"after": now}).body
    assert mover["legal"] == clients[turn].get(base + "legal/").body["actions"] and mover["legal"]
    assert quiet["legal"] == [] or turn == 1

"""Tables made through the services for the tests that then reach them over HTTP (schemathesis, the malformed
walk): four players seated and the game started, and a table played to its end. Not a test module."""

from __future__ import annotations

import random
from typing import Any

from games import engine, services
from games.models import Player, Table
from tests.engine.players import next_action


def seated_table(players: list[Player], *, seed: str, overrides: dict[str, Any] | None = None) -> Table:
    """A standard table with ``players`` in seats 0..3, started; the deal is fixed by ``seed``."""
    table = services.table_create(creator=players[0], preset="standard", overrides=overrides, take_seat=0, seed=seed)
    for seat in range(1, 4):
        services.table_join(table_id=table.pk, player=players[seat], seat=seat)
    return table


def play_to_the_end(table: Table, players: list[Player]) -> None:
    """Drive a started table to its end through the service, as its four players would."""
    rng = random.Random(table.pk.int)
    table.refresh_from_db()
    while table.status != Table.Status.FINISHED:
        action = next_action(engine.Game.from_json(table.state), rng).to_json()
        seat = action.pop("seat")
        services.table_act(table_id=table.pk, player=players[seat], action=action, seq=table.seq)
        table.refresh_from_db()


def play_first_hand(table: Table, player: Player) -> None:
    """Drive a table with ``player`` in seat 0 and bots in the other seats through the services (no worker: each
    bot's turn is decided here, its first legal action) until its first hand is over and its record public."""
    while not table.hands.exists():
        table.refresh_from_db()
        game = engine.Game.from_json(table.state)
        seat = game.to_move()[0]
        action = game.legal_actions(seat)[0].to_json()
        action.pop("seat")
        if seat == 0:
            services.table_act(table_id=table.pk, player=player, action=action, seq=table.seq)
        else:
            assert services.table_act_for_bot(table_id=table.pk, seat=seat, seq=table.seq, action=action)

"""Shared set-up of the tournament and ladder tests: an organiser, fields of built-in bots, and playing a
bot table to its end in the test process (the worker tests let the real worker do that instead)."""

from __future__ import annotations

import uuid
from typing import Any

from bots.tasks import play_bot_turn
from games import services as games
from games.models import Player, Table
from tournaments import services
from tournaments.models import Tournament


def account(kind: str = "human") -> Player:
    player, _ = games.player_register(name=f"{kind}-{uuid.uuid4().hex[:10]}", kind=kind)
    return player


def bot_field(tournament: Tournament, count: int, *, level: str = "easy") -> list[int]:
    """``count`` entries of built-in bots; their ids in registration order."""
    size = services.members_per_entry(tournament.rules)
    return [services.entry_register(tournament_id=tournament.pk, by=tournament.created_by, name=f"bots {i + 1}",
                                    members=[services.MemberSpec(bot_level=level)] * size).pk
            for i in range(count)]


def play_out(table_id: Any) -> Table:
    """Play a table whose seats are all bots to its end, move by move, in this process."""
    while True:
        table = Table.objects.get(pk=table_id)
        if table.status != Table.Status.PLAYING:
            return table
        assert play_bot_turn(str(table_id), table.seq), "a bot table stopped with nobody to move"

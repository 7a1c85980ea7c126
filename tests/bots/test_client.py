"""The example bot client plays whole games through the public API's shape with the SDK: offline against
the fake server, four clients with their own tokens each playing from a thread of its own."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from bots.client import FakeSpadesServer, SpadesBot, builtin_strategy
from bots.client.bot import ApiError


def _table_of_four(preset: str, overrides: dict) -> tuple[FakeSpadesServer, list[SpadesBot], str]:
    server = FakeSpadesServer(seed="client-test")
    bots = [SpadesBot("http://fake", transport=server.transport(), strategy=builtin_strategy("normal", seed=i),
                      wait_seconds=0) for i in range(4)]
    for i, bot in enumerate(bots):
        bot.register(f"client-{i}")
    table_id = bots[0].create_table(preset, overrides=overrides)
    for i, bot in enumerate(bots[1:], start=1):
        bot.join(table_id, seat=i)
    return server, bots, table_id


@pytest.mark.parametrize("preset", ["standard", "classic", "mirror"])
def test_four_clients_play_a_game_to_the_end_offline(preset: str) -> None:
    server, bots, table_id = _table_of_four(preset, {"target": 150})
    results: dict[int, Any] = {}
    threads = [threading.Thread(target=lambda i=i, bot=bot: results.__setitem__(i, bot.play(table_id)))
               for i, bot in enumerate(bots)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert sorted(results) == [0, 1, 2, 3]
    game = server.tables[table_id].game
    assert all(table.status == "finished" and table.winner == game.winner for table in results.values())
    assert [e["seq"] for e in server.tables[table_id].log] == list(range(1, len(server.tables[table_id].log) + 1))


def test_refusals_come_back_as_problem_codes() -> None:
    _, bots, table_id = _table_of_four("standard", {})
    table = bots[0].client.table(table_id)
    turn = table.view.turn
    other = bots[(turn + 1) % 4]
    with pytest.raises(ApiError) as refused:
        other.client.act(table_id, {"type": "bid", "bid": 3}, table.seq)
    assert refused.value.code == "not_your_turn"
    with pytest.raises(ApiError) as stale:
        bots[turn].client.act(table_id, {"type": "bid", "bid": 3}, 0)
    assert stale.value.code == "stale_seq"

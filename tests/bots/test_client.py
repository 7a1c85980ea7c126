"""The example bot client plays whole games through the public API's shape: offline against the fake
server, four clients with their own tokens taking turns."""

from __future__ import annotations

import pytest

from bots.client import FakeSpadesServer, SpadesBot, builtin_strategy
from bots.client.bot import ApiError


def _table_of_four(preset: str, overrides: dict) -> tuple[FakeSpadesServer, list[SpadesBot], str]:
    server = FakeSpadesServer(seed="client-test")
    bots = [SpadesBot("http://fake", transport=server.transport(), strategy=builtin_strategy("normal", seed=i))
            for i in range(4)]
    for i, bot in enumerate(bots):
        bot.register(f"client-{i}")
    table_id = bots[0].create_table(preset, overrides=overrides)
    for i, bot in enumerate(bots[1:], start=1):
        bot.join(table_id, seat=i)
    return server, bots, table_id


@pytest.mark.parametrize("preset", ["standard", "classic", "mirror"])
def test_four_clients_play_a_game_to_the_end_offline(preset: str) -> None:
    server, bots, table_id = _table_of_four(preset, {"target": 150})
    for _ in range(5000):
        results = [bot.step(table_id) for bot in bots]
        if results[0][0]["status"] == "finished":
            break
    table = bots[0].step(table_id)[0]
    assert table["status"] == "finished"
    game = server.tables[table_id].game
    assert table["winner"] == game.winner
    assert [e["seq"] for e in server.tables[table_id].log] == list(range(1, len(server.tables[table_id].log) + 1))


def test_a_client_only_acts_when_its_seat_is_waited_for() -> None:
    _, bots, table_id = _table_of_four("standard", {})
    table = bots[0]._call("GET", f"/tables/{table_id}/")
    turn = table["view"]["turn"]
    idle = [bot for i, bot in enumerate(bots) if i != turn]
    assert not any(bot.step(table_id)[1] for bot in idle)
    assert bots[turn].step(table_id)[1]


def test_refusals_come_back_as_problem_codes() -> None:
    _, bots, table_id = _table_of_four("standard", {})
    table = bots[0]._call("GET", f"/tables/{table_id}/")
    turn = table["view"]["turn"]
    other = bots[(turn + 1) % 4]
    with pytest.raises(ApiError) as refused:
        other._call("POST", f"/tables/{table_id}/actions/", json={"type": "bid", "bid": 3, "seq": table["seq"]})
    assert refused.value.code == "not_your_turn"
    with pytest.raises(ApiError) as stale:
        bots[turn]._call("POST", f"/tables/{table_id}/actions/", json={"type": "bid", "bid": 3, "seq": 0})
    assert stale.value.code == "stale_seq"

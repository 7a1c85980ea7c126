"""The example bot client plays whole games through the public API's shape with the SDK: offline against
the fake server, four clients with their own tokens each playing from a thread of its own."""

from __future__ import annotations

import threading
import uuid
from typing import Any

import httpx
import pytest

from bots.client import FakeSpadesServer, SpadesBot, builtin_strategy
from bots.client.bot import ApiError


def table_of_four(base_url: str, preset: str, overrides: dict, *, transport: httpx.BaseTransport | None = None,
                  wait_seconds: int = 0) -> tuple[list[SpadesBot], str]:
    """Four example bots (normal strategy), registered, seated at a new table of ``preset``; its id."""
    bots = [SpadesBot(base_url, transport=transport, strategy=builtin_strategy("normal", seed=i),
                      wait_seconds=wait_seconds) for i in range(4)]
    for i, bot in enumerate(bots):
        bot.register(f"client-{uuid.uuid4().hex[:8]}-{i}")
    table_id = bots[0].create_table(preset, overrides=overrides)
    for i, bot in enumerate(bots[1:], start=1):
        bot.join(table_id, seat=i)
    return bots, table_id


def play_together(bots: list[SpadesBot], table_id: str, timeout: float) -> dict[int, Any]:
    """Every bot plays its seat from a thread of its own; the final table each saw, by seat."""
    results: dict[int, Any] = {}
    failed: list[BaseException] = []
    finished = threading.Event()

    def play(i: int, bot: SpadesBot) -> None:
        try:
            results[i] = bot.play(table_id)
        except BaseException as error:  # a bot that fails stops the test at once, not after the timeout
            failed.append(error)
        finally:
            if failed or len(results) == len(bots):
                finished.set()

    threads = [threading.Thread(target=play, args=(i, bot), daemon=True) for i, bot in enumerate(bots)]
    for thread in threads:
        thread.start()
    finished.wait(timeout)
    if failed:
        raise failed[0]
    assert sorted(results) == [0, 1, 2, 3]
    return results


def _table_of_four(preset: str, overrides: dict) -> tuple[FakeSpadesServer, list[SpadesBot], str]:
    server = FakeSpadesServer(seed="client-test")
    return server, *table_of_four("http://fake", preset, overrides, transport=server.transport())


@pytest.mark.parametrize("preset", ["standard", "classic", "mirror"])
def test_four_clients_play_a_game_to_the_end_offline(preset: str) -> None:
    server, bots, table_id = _table_of_four(preset, {"target": 150})
    results = play_together(bots, table_id, timeout=300)
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

"""The process's hub of table feeds (``games.api.hub``) on the real PostgreSQL and its NOTIFY: every listener
of a table gets each entry once, as its own audience may see it (a seat its own cards and no other seat's, a
spectator no card of any hand, and nothing while the table's duplicate round is in play), from one read a
move for all of them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import uuid
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, transaction

from core.metrics import FEED_READS
from core.renderers import JSONRenderer
from games import engine, game_cache, selectors, services, wakeup
from games.api import hub
from games.engine import CARD_NAMES
from games.models import Player, Table

pytestmark = pytest.mark.django_db(transaction=True)
CARDS = frozenset(CARD_NAMES)


def _table() -> tuple[Table, list[Player]]:
    players = [services.player_register(name=f"hub-{uuid.uuid4().hex[:10]}", kind="human")[0] for _ in range(4)]
    table = services.table_create(creator=players[0], preset="standard", take_seat=0)
    for seat in range(1, 4):
        services.table_join(table_id=table.pk, player=players[seat], seat=seat)
    return selectors.table_get(table_id=table.pk), players


def _bid(table_id: Any, players: list[Player]) -> int:
    """The seat to bid bids 3, through the service on its own connection (as another process would)."""
    try:
        row = Table.objects.get(pk=table_id)
        seat = engine.Game.from_json(row.state).to_move()[0]
        return services.table_act(table_id=table_id, player=players[seat], action={"type": "bid", "bid": 3},
                                  seq=row.seq).table.seq
    finally:
        connection.close()


def _entries(frames: list[bytes]) -> list[dict[str, Any]]:
    """The entries of SSE frames (``id``, ``event``, ``data`` lines)."""
    out = []
    for data in frames:
        lines = dict(line.split(": ", 1) for line in data.decode().strip().split("\n"))
        entry = json.loads(lines["data"])
        assert lines["event"] == "entry" and int(lines["id"]) == entry["seq"]
        out.append(entry)
    return out


def _cards(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} & CARDS
    if isinstance(value, dict):
        return set().union(*map(_cards, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(_cards, value)) if value else set()
    return set()


async def _connected(table: Table) -> None:
    async with wakeup.watch(table.pk) as moved:
        assert moved.listener is not None, "PostgreSQL runs the listener"
        for _ in range(200):
            if moved.listener.connected:
                return
            await asyncio.sleep(0.05)


async def _until(listener: hub.Listener, seq: int, got: list[bytes]) -> list[dict[str, Any]]:
    """Take frames until the entry of ``seq`` is in (at most 30 s of waiting)."""
    for _ in range(60):
        got += await listener.take(0.5)
        entries = _entries(got)
        if entries and entries[-1]["seq"] >= seq:
            return entries
    raise AssertionError(f"seq {seq} never came: {[e['seq'] for e in _entries(got)]}")


@pytest.mark.parametrize("moved_here", [False, True], ids=["another-process-moved", "this-process-moved"])
def test_each_audience_gets_its_own_part_once_from_one_read_a_move(moved_here: bool,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    if not moved_here:  # the move's process kept it, this one did not: the feed reads it
        monkeypatch.setattr(game_cache, "move_to_read", lambda *args: None)
    table, players = _table()
    hands = Table.objects.get(pk=table.pk).state["hands"]
    dealt = {seat: {engine.card_name(c) if isinstance(c, int) else c for c in hand} for seat, hand in
             enumerate(hands)}

    async def scenario() -> tuple[dict[Any, list[dict[str, Any]]], float, int]:
        await _connected(table)
        audiences = [None, None, 0, 1, 2, 3, 3]  # two spectators, every seat, one seat twice
        async with contextlib_stack(table, audiences) as listeners:
            got: dict[int, list[bytes]] = {i: [] for i in range(len(listeners))}
            start = table.seq
            for i, listener in enumerate(listeners):
                await _until(listener, start, got[i])
            reads = FEED_READS._value.get()
            last = start
            for _ in range(3):
                last = await sync_to_async(_bid)(table.pk, players)
                for i, listener in enumerate(listeners):
                    await _until(listener, last, got[i])
            moved_reads = FEED_READS._value.get() - reads
            await sync_to_async(_close)()
            return {i: _entries(got[i]) for i in got}, moved_reads, last - start

    seen, reads, moves = asyncio.run(scenario())
    audiences = [None, None, 0, 1, 2, 3, 3]
    for i, entries in seen.items():
        # Every entry once, in order, from the first.
        assert [e["seq"] for e in entries] == list(range(1, entries[-1]["seq"] + 1))
        cards = _cards(entries)
        seat = audiences[i]
        if seat is None:
            assert not cards, "a spectator sees no card of any hand"
        else:
            assert dealt[seat] <= cards, "a seat is dealt its own cards"
            for other in set(range(4)) - {seat}:
                assert not cards & dealt[other], f"seat {seat} sees none of seat {other}'s cards"
    assert seen[0] == seen[1] and seen[5] == seen[6], "one audience, the same entries"
    # Seven listeners, one read a move (and a safety re-read if three seconds passed without one); none for a
    # move this process made.
    assert (reads / moves < 1) if moved_here else (1 <= reads / moves < 2)


def test_spectators_of_a_duplicate_round_in_play_get_nothing_until_it_ends() -> None:
    table, players = _table()
    sibling, _ = _table()
    Table.objects.filter(pk__in=[table.pk, sibling.pk]).update(deal_group=uuid.uuid4())
    table = selectors.table_get(table_id=table.pk)

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
        await _connected(table)
        async with contextlib_stack(table, [None, 2]) as (spectator, seat):
            watched: list[bytes] = []
            own: list[bytes] = []
            moved = await sync_to_async(_bid)(table.pk, players)
            await _until(seat, moved, own)
            held = await spectator.take(0.5)
            watched += held
            # The round ends (both its tables finish, announced as a service announces it): what was held back
            # comes with the read that follows.
            await sync_to_async(_finish)([table.pk, sibling.pk], table.pk, moved)
            after = await _until(spectator, moved, watched)
            await sync_to_async(_close)()
            return _entries(held), after, _entries(own)

    held, after, own = asyncio.run(scenario())
    assert held == [], "nothing for a spectator while the round is in play, its own table's moves included"
    assert [e["seq"] for e in after] == [e["seq"] for e in own] == list(range(1, own[-1]["seq"] + 1))
    assert not _cards(after)


def _finish(table_ids: list[Any], watched: Any, seq: int) -> None:
    try:
        with transaction.atomic():
            Table.objects.filter(pk__in=table_ids).update(status=Table.Status.FINISHED)
            wakeup.announce(watched, seq)
    finally:
        connection.close()


def contextlib_stack(table: Table, audiences: list[int | None]) -> Any:
    """Listen to ``table`` once for each of ``audiences`` from seq 0; the listeners."""
    import contextlib

    @contextlib.asynccontextmanager
    async def stack() -> Any:
        async with contextlib.AsyncExitStack() as exits:
            yield [await exits.enter_async_context(hub.listen(table, seat, 0)) for seat in audiences]

    return stack()


def _close() -> None:
    """Close the connection of the thread the hub's reads ran on (the test database is dropped after)."""
    connection.close()


@pytest.mark.parametrize("moved_here", [False, True], ids=["another-process-moved", "this-process-moved"])
def test_long_polls_of_a_table_are_answered_from_one_read_each_as_its_seat_sees_it(
        moved_here: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Woken by a move another process made, the feed reads the table and the log once for all; by a move this
    process made, it reads nothing (the move as it was kept, ``game_cache.move_to_read``), and each answers
    the same."""
    if not moved_here:  # the move's process kept it, this one did not
        monkeypatch.setattr(game_cache, "move_to_read", lambda *args: None)
    table, players = _table()
    outsider = services.player_register(name=f"hub-{uuid.uuid4().hex[:10]}", kind="human")[0]
    start = table.seq

    async def scenario() -> tuple[list[dict[str, Any]], float]:
        await _connected(table)
        deadline = time.monotonic() + 30
        readers = [*players, players[1], outsider]
        polls = [asyncio.create_task(hub.long_poll(str(table.pk), p, start, False, deadline)) for p in readers]
        await asyncio.sleep(0.5)  # let them wait (if one is not waiting yet it is answered all the same)
        reads = FEED_READS._value.get()
        await sync_to_async(_bid)(table.pk, players)
        answers = list(await asyncio.gather(*polls))
        moved_reads = FEED_READS._value.get() - reads
        await sync_to_async(_close)()
        return answers, moved_reads

    answers, reads = asyncio.run(scenario())
    expected = {i: selectors.events_feed(table_id=table.pk, player=p, after=start)
                for i, p in enumerate([*players, players[1], outsider])}
    for i, answer in enumerate(answers):
        # The same answer as the events feed reads for that caller: its own view, its own legal actions.
        assert json.loads(json.dumps(answer, default=str)) == json.loads(json.dumps(expected[i], default=str))
        assert answer["seq"] == start + 1 and [e["seq"] for e in answer["events"]] == [start + 1]
    assert answers[5]["table"]["your_seat"] is None and answers[5]["table"]["view"]["hand"] in (None, [])
    if moved_here:
        assert reads <= 1, "six long-polls, no read for the move (one safety re-read at most)"
    else:
        assert reads <= 2, "six long-polls, one read for the move (and one safety re-read at most)"


def _turns(frames: list[bytes], kind: str = "turn") -> list[dict[str, Any]]:
    """The answers of the ``kind`` events (``turn`` or ``table``) among SSE frames."""
    out = []
    for data in frames:
        lines = dict(line.split(": ", 1) for line in data.decode().strip().split("\n"))
        if lines["event"] == kind:
            assert int(lines["id"]) == json.loads(lines["data"])["seq"]
            out.append(json.loads(lines["data"]))
    return out


def test_a_stream_with_turns_pushes_each_seat_its_turn_as_the_events_feed_answers_it() -> None:
    table, players = _table()
    start = table.seq

    async def scenario() -> tuple[dict[int, list[dict[str, Any]]], dict[int, dict[str, Any]]]:
        await _connected(table)
        got: dict[int, list[bytes]] = {s: [] for s in range(4)}
        expected: dict[int, dict[str, Any]] = {}
        async with contextlib.AsyncExitStack() as exits:
            listeners = [await exits.enter_async_context(hub.listen(table, s, start, players[s])) for s in range(4)]
            last = start
            for _ in range(4):  # the four bids: each seat's turn comes once
                turn = engine.Game.from_json(await sync_to_async(_state)(table.pk)).to_move()[0]
                for _ in range(60):
                    got[turn] += await listeners[turn].take(0.5)
                    if any(t["seq"] == last for t in _turns(got[turn])):
                        break
                expected[turn] = await sync_to_async(_feed)(table.pk, players[turn], last)
                last = await sync_to_async(_bid)(table.pk, players)
        await sync_to_async(_close)()
        return {s: _turns(got[s]) for s in got}, expected

    turns, expected = asyncio.run(scenario())
    for seat, answer in expected.items():
        pushed = [t for t in turns[seat] if t["seq"] == answer["seq"]]
        assert len(pushed) == 1, f"seat {seat}: one turn event at its turn"
        assert pushed[0] == json.loads(JSONRenderer().render(answer)), "as the events feed renders it"
        assert pushed[0]["legal"] and pushed[0]["table"]["your_seat"] == seat
    for seat, pushed in turns.items():
        for t in pushed:  # never another seat's turn, never another seat's hand
            assert seat in t["table"]["view"]["waiting_for"]


def _state(table_id: Any) -> dict[str, Any]:
    try:
        return Table.objects.get(pk=table_id).state
    finally:
        connection.close()


def _feed(table_id: Any, player: Player, after: int) -> dict[str, Any]:
    """The events feed's answer at the table's seq, without its entries (as a turn event carries it)."""
    try:
        return selectors.events_feed(table_id=table_id, player=player, after=after) | {"events": []}
    finally:
        connection.close()


def test_a_stream_of_every_move_gives_each_audience_the_table_after_each_move() -> None:
    table, players = _table()
    outsider = services.player_register(name=f"hub-{uuid.uuid4().hex[:10]}", kind="human")[0]
    start = table.seq
    readers = [players[0], players[2], outsider, players[2]]  # two seats, a spectator, one seat twice

    async def scenario() -> tuple[list[list[dict[str, Any]]], dict[int, list[dict[str, Any]]]]:
        await _connected(table)
        got: list[list[bytes]] = [[] for _ in readers]
        expected: dict[int, list[dict[str, Any]]] = {i: [] for i in range(len(readers))}
        async with contextlib.AsyncExitStack() as exits:
            listeners = [await exits.enter_async_context(
                hub.listen(table, selectors.seat_of(table=table, player=p), start, p, every_move=True))
                for p in readers]
            last = start
            for _ in range(4):
                for i, listener in enumerate(listeners):
                    for _ in range(60):  # the table at ``last``, the entries before it already given
                        got[i] += await listener.take(0.5)
                        if any(t["seq"] == last for t in _turns(got[i], "table")):
                            break
                    expected[i].append(await sync_to_async(_feed)(table.pk, readers[i], last))
                last = await sync_to_async(_bid)(table.pk, players)
        await sync_to_async(_close)()
        return [_turns(g, "table") for g in got], expected

    pushed, expected = asyncio.run(scenario())
    for i in range(len(readers)):
        # One table event a move, whoever was to move, as the events feed renders it for that reader.
        assert pushed[i] == [json.loads(JSONRenderer().render(answer)) for answer in expected[i]]
    assert all(t["table"]["your_seat"] is None and t["legal"] == [] for t in pushed[2])
    assert not _cards([t["table"]["view"] for t in pushed[2]]), "a spectator's table shows no hand"
    hands = Table.objects.get(pk=table.pk).state["hands"]
    for i, seat in ((0, 0), (1, 2)):
        others = {engine.card_name(c) if isinstance(c, int) else c for s, hand in enumerate(hands) if s != seat
                  for c in hand}
        assert not _cards([t["table"] for t in pushed[i]]) & others, f"seat {seat} sees no other seat's card"
        assert any(t["legal"] for t in pushed[i]), f"seat {seat}'s own bid is among them, with its legal actions"

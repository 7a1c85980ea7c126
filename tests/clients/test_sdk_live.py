"""The Python SDK (clients/python, ``spades_client``) against a live server: a bot written with it plays a
game to the end against built-in bots on a real Celery worker, a POST whose answer is lost on the way is
sent again with the same Idempotency-Key and acts once, a 429 is waited out by its Retry-After, the quota
is read from every answer, and the events feed resumes where it stopped."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from spades_client import ApiError, SpadesClient, Turn

from tests import live


def first_legal(turn: Turn) -> Any:
    """A strategy that needs no rules of its own: bid the lowest number it may (never blind), else play or
    pass the first legal option."""
    bids = [a for a in turn.legal if a.type_ == "bid" and not a.blind]
    return min(bids, key=lambda a: abs(a.bid - 3)) if bids else turn.legal[0]


def test_a_bot_written_with_the_sdk_plays_a_game_against_built_in_bots(asgi_server: str, start_worker: Any) -> None:
    start_worker()
    with SpadesClient(asgi_server) as client:
        client.register(f"sdk-{uuid.uuid4().hex[:8]}")
        bot = {"type": "bot", "level": "easy"}
        table = client.open_table("standard", overrides={"target": 100}, seats=[{"type": "open"}, bot, bot, bot])
        moves: list[int] = []

        def strategy(turn: Turn) -> Any:
            assert turn.view.seat == 0 and turn.view.seat in turn.view.waiting_for
            assert turn.rules["target"] == 100
            moves.append(turn.seq)
            return first_legal(turn)

        final = client.play(table.id, strategy, wait=10)
        assert final.status == "finished" and final.winner in (0, 1)
        assert moves == sorted(set(moves))  # every move decided on a newer table than the one before
        assert client.table(table.id).seq == final.seq
        assert client.rate_limit is not None and client.rate_limit.limit == 100000


class LoseFirstAnswer(httpx.HTTPTransport):
    """Sends every request to the real server, but drops the answer of the first POST on the way back, as
    a connection lost after the service acted would."""

    def __init__(self) -> None:
        super().__init__()
        self.lost: list[httpx.Request] = []
        self.sent: list[httpx.Request] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = super().handle_request(request)
        self.sent.append(request)
        if request.method == "POST" and not self.lost and "/actions/" in request.url.path:
            response.read()
            response.close()
            self.lost.append(request)
            raise httpx.ReadError("connection lost after the request was sent")
        return response


def test_a_lost_answer_is_retried_with_the_same_idempotency_key_and_acts_once(asgi_server: str) -> None:
    faulty = [LoseFirstAnswer() for _ in range(4)]
    players = [SpadesClient(asgi_server, transport=faulty[seat]) for seat in range(4)]
    for seat, player in enumerate(players):
        player.register(f"sdk-r{seat}-{uuid.uuid4().hex[:6]}")
    table = players[0].open_table("standard")
    for seat in range(1, 4):
        players[seat].join(table.id, seat)
    state = players[0].table(table.id)
    turn = state.view.turn
    result = players[turn].act(table.id, {"type": "bid", "bid": 3}, state.seq)
    assert len(faulty[turn].lost) == 1
    sent = [r for r in faulty[turn].sent if r.method == "POST" and "/actions/" in r.url.path]
    assert len(sent) == 2 and sent[0].headers["Idempotency-Key"] == sent[1].headers["Idempotency-Key"]
    assert result.seq == state.seq + 1  # acted once
    assert players[0].table(table.id).seq == state.seq + 1
    assert players[turn].transport.retried == 1
    # A request the client did not mark safe to repeat is not repeated: a refusal comes back as ApiError.
    with pytest.raises(ApiError) as stale:
        players[turn].act(table.id, {"type": "bid", "bid": 3}, state.seq)
    assert stale.value.code == "stale_seq" and stale.value.problem["seq"] == result.seq


@pytest.fixture
def tight_server(transactional_db: None) -> Iterator[str]:
    """A live server that allows one request a second per token."""
    with live.serve(THROTTLE_USER_RATE="1/s") as base:
        yield base


def test_a_429_is_waited_out_by_its_retry_after(tight_server: str) -> None:
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        time.sleep(seconds)

    with SpadesClient(tight_server, sleep=sleep) as client:
        client.register(f"sdk-t-{uuid.uuid4().hex[:6]}")
        names = {client.me().name for _ in range(4)}  # back to back: at 1/s the later ones meet a 429
        assert len(names) == 1
        assert client.transport.retried >= 1 and waits and all(w >= 1 for w in waits)
        assert client.rate_limit is not None and client.rate_limit.limit == 1
    # Without retries, the 429 comes back to the caller.
    with SpadesClient(tight_server, token=client.token, retries=0) as impatient, pytest.raises(ApiError) as throttled:
        for _ in range(3):
            impatient.me()
    assert throttled.value.code == "throttled" and throttled.value.problem["retry_after"] >= 1


def test_the_table_feed_resumes_where_it_stopped(asgi_server: str, start_worker: Any) -> None:
    start_worker()
    with SpadesClient(asgi_server) as client:
        client.register(f"sdk-f-{uuid.uuid4().hex[:8]}")
        bot = {"type": "bot", "level": "easy"}
        table = client.open_table("standard", overrides={"target": 50, "hand_cap": 1}, seats=[bot] * 4,
                                  take_seat=None)
        feed = client.table_events(table.id, wait=10)
        first = [next(feed) for _ in range(3)]
        assert [e.seq for e in first] == [1, 2, 3] and feed.after == 3
        # A new feed from where the first stopped (as after a restart) sees the rest, once each.
        rest = list(client.table_events(table.id, after=feed.after, wait=10))
        seqs = [e.seq for e in first + rest]
        assert seqs == list(range(1, len(seqs) + 1))
        assert any(ev.type_ == "game_over" for ev in rest[-1].events)
        assert client.table(table.id).status == "finished"


def test_a_bot_plays_the_ladder_game_it_finds_through_its_event_stream(asgi_server: str, start_worker: Any) -> None:
    """The issue's bot: it enters a ladder, learns of its game from its own event stream (no polling of
    table lists) and plays it to the end, with built-in bots in the other seats and beat pairing."""
    from spades_client.generated.api.ladders import ladders_create, ladders_join
    from spades_client.generated.models import LadderCreateRequest, LadderJoinRequest

    start_worker(beat=True)
    with SpadesClient(asgi_server) as organiser, SpadesClient(asgi_server) as bot:
        organiser.register(f"org-{uuid.uuid4().hex[:8]}", kind="human")
        ladder = organiser.ok(ladders_create.sync_detailed(client=organiser.api, body=LadderCreateRequest.from_dict(
            {"name": "sdk ladder", "preset": "standard", "overrides": {"target": 100}, "games_per_hour": 3600})))
        for i in range(3):
            organiser.ok(ladders_join.sync_detailed(ladder.id, client=organiser.api,
                                                    body=LadderJoinRequest.from_dict({"bot_level": "easy",
                                                                                      "name": f"easy-{i}"})))
        bot.register(f"sdk-l-{uuid.uuid4().hex[:8]}")
        bot.ok(ladders_join.sync_detailed(ladder.id, client=bot.api, body=LadderJoinRequest.from_dict({})))

        found: list[Any] = []

        def listen() -> None:
            found.append(next(e for e in bot.player_events(wait=10) if e.type_ == "ladder_game_opened"))

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        listener.join(timeout=120)
        assert found, "no ladder_game_opened event within 120 s"
        (opened,) = found
        assert opened.ladder_id == str(ladder.id)
        final = bot.play(opened.table_id, first_legal, wait=10)
        assert final.status == "finished" and final.your_seat == opened.seat

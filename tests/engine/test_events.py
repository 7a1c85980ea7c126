"""The event classes: each is a slotted dataclass with a one-line docstring and its own ``type``; its stored
JSON is exactly what the action log has always held (members in order, private parts under ``private``
keyed by the seat as a string); the seat form shows a seat its own private part and nobody else's."""

from __future__ import annotations

import dataclasses
import json

import pytest

from games.engine import (
    EVENT_CLASSES,
    EVENT_TYPES,
    AbandonEvent,
    BidEvent,
    DealEvent,
    ExchangeDoneEvent,
    ExchangeDueEvent,
    ExchangeEvent,
    GameOverEvent,
    HandOverEvent,
    JoinEvent,
    LookEvent,
    PlayEvent,
    PlayStartsEvent,
    ResignEvent,
    SeatReplacedEvent,
    StartEvent,
    TimeoutEvent,
    TrickEvent,
    event_for_seat,
)
from games.engine.events import is_private
from games.engine.scoring import NilResult, SideScore

SIDE = SideScore(seats=(0, 2), contract=5, tricks=6, made=True, contract_points=50, overtricks=1,
                 overtrick_points=1, bags=1, bag_penalty=0, nils=(NilResult(2, False, 0, True, 100),),
                 ten_for_two_hundred=False, boston=False, boston_points=0, points=151, score_before=0,
                 score_after=151, bags_before=0, bags_after=1)

STORED = [
    (JoinEvent(1, "alice", "human"), '{"type": "join", "seat": 1, "player": "alice", "kind": "human"}'),
    (StartEvent(3), '{"type": "start", "first_dealer": 3}'),
    (DealEvent(2, 0, 1, (True, False), {1: ("2C", "AS")}),
     '{"type": "deal", "hand": 2, "dealer": 0, "misdeals": 1, "blind_eligible": [true, false], '
     '"private": {"1": {"cards": ["2C", "AS"]}}}'),
    (DealEvent(1, 0, 0, (True, True), {}),
     '{"type": "deal", "hand": 1, "dealer": 0, "misdeals": 0, "blind_eligible": [true, true], "private": {}}'),
    (LookEvent(2, {2: ("KH",)}), '{"type": "look", "seat": 2, "private": {"2": {"cards": ["KH"]}}}'),
    (BidEvent(0, 0, True), '{"type": "bid", "seat": 0, "bid": 0, "blind": true}'),
    (ExchangeDueEvent((2, 0, 2, 0)), '{"type": "exchange_due", "counts": [2, 0, 2, 0]}'),
    (ExchangeEvent(2, 2, {2: ("AC", "9S")}),
     '{"type": "exchange", "seat": 2, "count": 2, "private": {"2": {"cards": ["AC", "9S"]}}}'),
    (ExchangeDoneEvent({2: ("2C",), 0: ("AC",)}),
     '{"type": "exchange_done", "private": {"2": {"received": ["2C"]}, "0": {"received": ["AC"]}}}'),
    (PlayStartsEvent(1), '{"type": "play_starts", "leader": 1}'),
    (PlayEvent(3, "QS"), '{"type": "play", "seat": 3, "card": "QS"}'),
    (TrickEvent(4, 1, ("6H", "JH", "AH", "TC"), 3),
     '{"type": "trick", "number": 4, "leader": 1, "cards": ["6H", "JH", "AH", "TC"], "winner": 3}'),
    (HandOverEvent(1, (SIDE,), (151, 40), (1, 2)),
     '{"type": "hand_over", "hand": 1, "sides": [' + json.dumps(SIDE.to_json()) + '], "scores": [151, 40], '
     '"bags": [1, 2]}'),
    (ResignEvent(1), '{"type": "resign", "seat": 1}'),
    (AbandonEvent("tournament_cancelled"), '{"type": "abandoned", "reason": "tournament_cancelled"}'),
    (GameOverEvent(None, "draw", (250, 250)), '{"type": "game_over", "winner": null, "result": "draw", '
                                               '"scores": [250, 250]}'),
    (TimeoutEvent(0, "bot", 2), '{"type": "timeout", "seat": 0, "action": "bot", "timeouts": 2}'),
    (SeatReplacedEvent(0, "easy"), '{"type": "seat_replaced", "seat": 0, "bot_level": "easy"}'),
]


def test_every_event_class_is_a_documented_slotted_dataclass_with_its_own_type() -> None:
    assert len(EVENT_TYPES) == len(EVENT_CLASSES)
    for cls in EVENT_CLASSES:
        assert dataclasses.is_dataclass(cls) and hasattr(cls, "__slots__")
        doc = cls.__doc__ or ""
        assert doc.strip() and "\n" not in doc.strip(), cls
        assert EVENT_TYPES[cls.type] is cls
        assert "type" not in {f.name for f in dataclasses.fields(cls)}  # a class constant, not a field
    assert {type(event) for event, _ in STORED} == set(EVENT_CLASSES)


@pytest.mark.parametrize(("event", "stored"), STORED, ids=lambda v: getattr(v, "type", ""))
def test_stored_json_is_the_logs_format(event: object, stored: str) -> None:
    assert json.dumps(event.to_json()) == stored  # type: ignore[attr-defined]


@pytest.mark.parametrize(("event", "stored"), STORED, ids=lambda v: getattr(v, "type", ""))
def test_a_seat_sees_only_its_own_private_part(event: object, stored: str) -> None:
    data = json.loads(stored)
    private = [f.name for f in dataclasses.fields(event) if is_private(f)]  # type: ignore[arg-type]
    for seat in (None, 0, 1, 2, 3):
        seen = event.for_seat(seat)  # type: ignore[attr-defined]
        assert seen == event_for_seat(data, seat)
        assert "private" not in seen
        for name in private:
            mine = getattr(event, name).get(seat)
            assert seen.get(name) == (None if mine is None else list(mine))

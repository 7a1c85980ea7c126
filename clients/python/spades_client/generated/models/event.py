from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.abandon_event import AbandonEvent
    from ..models.bid_event import BidEvent
    from ..models.deal_event import DealEvent
    from ..models.exchange_done_event import ExchangeDoneEvent
    from ..models.exchange_due_event import ExchangeDueEvent
    from ..models.exchange_event import ExchangeEvent
    from ..models.game_over_event import GameOverEvent
    from ..models.hand_over_event import HandOverEvent
    from ..models.join_event import JoinEvent
    from ..models.look_event import LookEvent
    from ..models.play_event import PlayEvent
    from ..models.play_starts_event import PlayStartsEvent
    from ..models.resign_event import ResignEvent
    from ..models.seat_replaced_event import SeatReplacedEvent
    from ..models.start_event import StartEvent
    from ..models.timeout_event import TimeoutEvent
    from ..models.trick_event import TrickEvent


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """One log entry and the events it caused, as your seat may see them.

    Attributes:
        seq (int):
        type_ (str): join, start, bid, look, exchange, play, resign.
        seat (int | None):
        at (datetime.datetime):
        events (list[AbandonEvent | BidEvent | DealEvent | ExchangeDoneEvent | ExchangeDueEvent | ExchangeEvent |
            GameOverEvent | HandOverEvent | JoinEvent | LookEvent | PlayEvent | PlayStartsEvent | ResignEvent |
            SeatReplacedEvent | StartEvent | TimeoutEvent | TrickEvent]): What the entry caused, in order; each event's
            'type' names its shape.
    """

    seq: int
    type_: str
    seat: int | None
    at: datetime.datetime
    events: list[
        AbandonEvent
        | BidEvent
        | DealEvent
        | ExchangeDoneEvent
        | ExchangeDueEvent
        | ExchangeEvent
        | GameOverEvent
        | HandOverEvent
        | JoinEvent
        | LookEvent
        | PlayEvent
        | PlayStartsEvent
        | ResignEvent
        | SeatReplacedEvent
        | StartEvent
        | TimeoutEvent
        | TrickEvent
    ]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.abandon_event import AbandonEvent  # noqa: PLC0415
        from ..models.bid_event import BidEvent  # noqa: PLC0415
        from ..models.deal_event import DealEvent  # noqa: PLC0415
        from ..models.exchange_done_event import ExchangeDoneEvent  # noqa: PLC0415
        from ..models.exchange_due_event import ExchangeDueEvent  # noqa: PLC0415
        from ..models.exchange_event import ExchangeEvent  # noqa: PLC0415
        from ..models.game_over_event import GameOverEvent  # noqa: PLC0415
        from ..models.hand_over_event import HandOverEvent  # noqa: PLC0415
        from ..models.join_event import JoinEvent  # noqa: PLC0415
        from ..models.look_event import LookEvent  # noqa: PLC0415
        from ..models.play_event import PlayEvent  # noqa: PLC0415
        from ..models.play_starts_event import PlayStartsEvent  # noqa: PLC0415
        from ..models.resign_event import ResignEvent  # noqa: PLC0415
        from ..models.start_event import StartEvent  # noqa: PLC0415
        from ..models.timeout_event import TimeoutEvent  # noqa: PLC0415
        from ..models.trick_event import TrickEvent  # noqa: PLC0415

        seq = self.seq

        type_ = self.type_

        seat: int | None
        seat = self.seat

        at = self.at.isoformat()

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, JoinEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StartEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DealEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, LookEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, BidEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ExchangeDueEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ExchangeEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ExchangeDoneEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayStartsEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TrickEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HandOverEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ResignEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, AbandonEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameOverEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TimeoutEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "seat": seat,
                "at": at,
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.abandon_event import AbandonEvent  # noqa: PLC0415
        from ..models.bid_event import BidEvent  # noqa: PLC0415
        from ..models.deal_event import DealEvent  # noqa: PLC0415
        from ..models.exchange_done_event import ExchangeDoneEvent  # noqa: PLC0415
        from ..models.exchange_due_event import ExchangeDueEvent  # noqa: PLC0415
        from ..models.exchange_event import ExchangeEvent  # noqa: PLC0415
        from ..models.game_over_event import GameOverEvent  # noqa: PLC0415
        from ..models.hand_over_event import HandOverEvent  # noqa: PLC0415
        from ..models.join_event import JoinEvent  # noqa: PLC0415
        from ..models.look_event import LookEvent  # noqa: PLC0415
        from ..models.play_event import PlayEvent  # noqa: PLC0415
        from ..models.play_starts_event import PlayStartsEvent  # noqa: PLC0415
        from ..models.resign_event import ResignEvent  # noqa: PLC0415
        from ..models.seat_replaced_event import SeatReplacedEvent  # noqa: PLC0415
        from ..models.start_event import StartEvent  # noqa: PLC0415
        from ..models.timeout_event import TimeoutEvent  # noqa: PLC0415
        from ..models.trick_event import TrickEvent  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = d.pop("type")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                AbandonEvent
                | BidEvent
                | DealEvent
                | ExchangeDoneEvent
                | ExchangeDueEvent
                | ExchangeEvent
                | GameOverEvent
                | HandOverEvent
                | JoinEvent
                | LookEvent
                | PlayEvent
                | PlayStartsEvent
                | ResignEvent
                | SeatReplacedEvent
                | StartEvent
                | TimeoutEvent
                | TrickEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_0 = JoinEvent.from_dict(data)

                    return componentsschemas_game_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_1 = StartEvent.from_dict(data)

                    return componentsschemas_game_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_2 = DealEvent.from_dict(data)

                    return componentsschemas_game_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_3 = LookEvent.from_dict(data)

                    return componentsschemas_game_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_4 = BidEvent.from_dict(data)

                    return componentsschemas_game_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_5 = ExchangeDueEvent.from_dict(data)

                    return componentsschemas_game_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_6 = ExchangeEvent.from_dict(data)

                    return componentsschemas_game_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_7 = ExchangeDoneEvent.from_dict(data)

                    return componentsschemas_game_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_8 = PlayStartsEvent.from_dict(data)

                    return componentsschemas_game_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_9 = PlayEvent.from_dict(data)

                    return componentsschemas_game_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_10 = TrickEvent.from_dict(data)

                    return componentsschemas_game_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_11 = HandOverEvent.from_dict(data)

                    return componentsschemas_game_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_12 = ResignEvent.from_dict(data)

                    return componentsschemas_game_event_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_13 = AbandonEvent.from_dict(data)

                    return componentsschemas_game_event_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_14 = GameOverEvent.from_dict(data)

                    return componentsschemas_game_event_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_game_event_type_15 = TimeoutEvent.from_dict(data)

                    return componentsschemas_game_event_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_event_type_16 = SeatReplacedEvent.from_dict(data)

                return componentsschemas_game_event_type_16

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        event = cls(
            seq=seq,
            type_=type_,
            seat=seat,
            at=at,
            events=events,
        )

        event.additional_properties = d
        return event

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_status_enum import TableStatusEnum

if TYPE_CHECKING:
    from ..models.clock import Clock
    from ..models.seat_summary import SeatSummary
    from ..models.seat_view import SeatView


T = TypeVar("T", bound="ActedTable")


@_attrs_define
class ActedTable:
    """The table after your action, as GET tables/{id}/ shows it but without the rule set, which does not
    change during a game (read it once from GET tables/{id}/).

        Attributes:
            id (UUID):
            preset (str):
            status (TableStatusEnum): * `open` - open
                * `playing` - playing
                * `finished` - finished
            seq (int): Send this back with your next action.
            seats (list[SeatSummary]):
            your_seat (int | None):
            created_at (datetime.datetime):
            started_at (datetime.datetime | None):
            finished_at (datetime.datetime | None):
            winner (int | None):
            result (None | str):
            clock (Clock | None): null when moves are not timed.
            view (None | SeatView): Your seat view; null until every seat is taken, and for a spectator while the table is
                sealed.
            sealed (bool): A table of a duplicate tournament round whose boards other tables of the round are still playing,
                seen by someone without a seat here: no view, winner or result, and the events feed answers board_in_play, until
                every table of the round has finished.
    """

    id: UUID
    preset: str
    status: TableStatusEnum
    seq: int
    seats: list[SeatSummary]
    your_seat: int | None
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    winner: int | None
    result: None | str
    clock: Clock | None
    view: None | SeatView
    sealed: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.seat_view import SeatView  # noqa: PLC0415

        id = str(self.id)

        preset = self.preset

        status = self.status.value

        seq = self.seq

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        your_seat: int | None
        your_seat = self.your_seat

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        winner: int | None
        winner = self.winner

        result: None | str
        result = self.result

        clock: dict[str, Any] | None
        if isinstance(self.clock, Clock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        view: dict[str, Any] | None
        if isinstance(self.view, SeatView):
            view = self.view.to_dict()
        else:
            view = self.view

        sealed = self.sealed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "preset": preset,
                "status": status,
                "seq": seq,
                "seats": seats,
                "your_seat": your_seat,
                "created_at": created_at,
                "started_at": started_at,
                "finished_at": finished_at,
                "winner": winner,
                "result": result,
                "clock": clock,
                "view": view,
                "sealed": sealed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.seat_summary import SeatSummary  # noqa: PLC0415
        from ..models.seat_view import SeatView  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        preset = d.pop("preset")

        status = TableStatusEnum(d.pop("status"))

        seq = d.pop("seq")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatSummary.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_your_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        your_seat = _parse_your_seat(d.pop("your_seat"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        def _parse_result(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        result = _parse_result(d.pop("result"))

        def _parse_clock(data: object) -> Clock | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = Clock.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Clock | None, data)

        clock = _parse_clock(d.pop("clock"))

        def _parse_view(data: object) -> None | SeatView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                view_type_0 = SeatView.from_dict(data)

                return view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatView, data)

        view = _parse_view(d.pop("view"))

        sealed = d.pop("sealed")

        acted_table = cls(
            id=id,
            preset=preset,
            status=status,
            seq=seq,
            seats=seats,
            your_seat=your_seat,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
            winner=winner,
            result=result,
            clock=clock,
            view=view,
            sealed=sealed,
        )

        acted_table.additional_properties = d
        return acted_table

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

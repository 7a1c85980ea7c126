from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.seat_summary import SeatSummary


T = TypeVar("T", bound="TableSummary")


@_attrs_define
class TableSummary:
    """
    Attributes:
        id (UUID):
        preset (str):
        status (str):
        seq (int):
        seats (list[SeatSummary]):
        created_at (datetime.datetime):
    """

    id: UUID
    preset: str
    status: str
    seq: int
    seats: list[SeatSummary]
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        preset = self.preset

        status = self.status

        seq = self.seq

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "preset": preset,
                "status": status,
                "seq": seq,
                "seats": seats,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_summary import SeatSummary  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        preset = d.pop("preset")

        status = d.pop("status")

        seq = d.pop("seq")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatSummary.from_dict(seats_item_data)

            seats.append(seats_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        table_summary = cls(
            id=id,
            preset=preset,
            status=status,
            seq=seq,
            seats=seats,
            created_at=created_at,
        )

        table_summary.additional_properties = d
        return table_summary

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

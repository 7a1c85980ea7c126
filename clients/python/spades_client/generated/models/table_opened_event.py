from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.origin_enum import OriginEnum

T = TypeVar("T", bound="TableOpenedEvent")


@_attrs_define
class TableOpenedEvent:
    """A table was opened with a seat for you: play it with GET tables/{table_id}/ and its events feed.

    Attributes:
        type_ (Literal['table_opened']): Always table_opened.
        table_id (str): The table.
        seat (int): Your seat at it.
        origin (OriginEnum): * `table` - table
            * `tournament` - tournament
            * `ladder` - ladder
            * `challenge` - challenge
            * `seek` - seek
        origin_id (None | str): The tournament, ladder, challenge or seek it came from.
        preset (str): The rule set's preset.
        seq (int): The event's number in your log: pass it as 'after'.
        at (datetime.datetime): When it happened.
    """

    type_: Literal["table_opened"]
    table_id: str
    seat: int
    origin: OriginEnum
    origin_id: None | str
    preset: str
    seq: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        table_id = self.table_id

        seat = self.seat

        origin = self.origin.value

        origin_id: None | str
        origin_id = self.origin_id

        preset = self.preset

        seq = self.seq

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "table_id": table_id,
                "seat": seat,
                "origin": origin,
                "origin_id": origin_id,
                "preset": preset,
                "seq": seq,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["table_opened"], d.pop("type"))
        if type_ != "table_opened":
            raise ValueError(f"type must match const 'table_opened', got '{type_}'")

        table_id = d.pop("table_id")

        seat = d.pop("seat")

        origin = OriginEnum(d.pop("origin"))

        def _parse_origin_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        origin_id = _parse_origin_id(d.pop("origin_id"))

        preset = d.pop("preset")

        seq = d.pop("seq")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        table_opened_event = cls(
            type_=type_,
            table_id=table_id,
            seat=seat,
            origin=origin,
            origin_id=origin_id,
            preset=preset,
            seq=seq,
            at=at,
        )

        table_opened_event.additional_properties = d
        return table_opened_event

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

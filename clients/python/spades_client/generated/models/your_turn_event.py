from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="YourTurnEvent")


@_attrs_define
class YourTurnEvent:
    """A table began waiting for your seat while you had not moved there for a while (or ever): it is your
    turn. Not sent while you are playing along, so follow the table's feed to play; this is the nudge.

        Attributes:
            type_ (Literal['your_turn']): Always your_turn.
            table_id (str): The table.
            seat (int): Your seat at it.
            table_seq (int): The table's seq now: send it with your action.
            deadline (None | str): When your move clock runs out (ISO 8601), if the table has one.
            seq (int): The event's number in your log: pass it as 'after'.
            at (datetime.datetime): When it happened.
    """

    type_: Literal["your_turn"]
    table_id: str
    seat: int
    table_seq: int
    deadline: None | str
    seq: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        table_id = self.table_id

        seat = self.seat

        table_seq = self.table_seq

        deadline: None | str
        deadline = self.deadline

        seq = self.seq

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "table_id": table_id,
                "seat": seat,
                "table_seq": table_seq,
                "deadline": deadline,
                "seq": seq,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["your_turn"], d.pop("type"))
        if type_ != "your_turn":
            raise ValueError(f"type must match const 'your_turn', got '{type_}'")

        table_id = d.pop("table_id")

        seat = d.pop("seat")

        table_seq = d.pop("table_seq")

        def _parse_deadline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deadline = _parse_deadline(d.pop("deadline"))

        seq = d.pop("seq")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        your_turn_event = cls(
            type_=type_,
            table_id=table_id,
            seat=seat,
            table_seq=table_seq,
            deadline=deadline,
            seq=seq,
            at=at,
        )

        your_turn_event.additional_properties = d
        return your_turn_event

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

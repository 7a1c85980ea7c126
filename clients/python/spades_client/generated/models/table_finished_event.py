from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TableFinishedEvent")


@_attrs_define
class TableFinishedEvent:
    """A table where you had a seat is over.

    Attributes:
        type_ (Literal['table_finished']): Always table_finished.
        table_id (str): The table.
        seat (int): Your seat at it.
        result (str): How it ended: win, draw, resign, abandoned, …
        winner (int | None): The winning side's index, none for a draw or an abandoned table.
        your_side (int): Your side's index.
        seq (int): The event's number in your log: pass it as 'after'.
        at (datetime.datetime): When it happened.
    """

    type_: Literal["table_finished"]
    table_id: str
    seat: int
    result: str
    winner: int | None
    your_side: int
    seq: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        table_id = self.table_id

        seat = self.seat

        result = self.result

        winner: int | None
        winner = self.winner

        your_side = self.your_side

        seq = self.seq

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "table_id": table_id,
                "seat": seat,
                "result": result,
                "winner": winner,
                "your_side": your_side,
                "seq": seq,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["table_finished"], d.pop("type"))
        if type_ != "table_finished":
            raise ValueError(f"type must match const 'table_finished', got '{type_}'")

        table_id = d.pop("table_id")

        seat = d.pop("seat")

        result = d.pop("result")

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        your_side = d.pop("your_side")

        seq = d.pop("seq")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        table_finished_event = cls(
            type_=type_,
            table_id=table_id,
            seat=seat,
            result=result,
            winner=winner,
            your_side=your_side,
            seq=seq,
            at=at,
        )

        table_finished_event.additional_properties = d
        return table_finished_event

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

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LadderGameOpenedEvent")


@_attrs_define
class LadderGameOpenedEvent:
    """A ladder you are on opened a game for you (a table_opened event goes with it).

    Attributes:
        type_ (Literal['ladder_game_opened']): Always ladder_game_opened.
        ladder_id (str): The ladder.
        table_id (str): The table of the game.
        seat (int): Your seat at it.
        seq (int): The event's number in your log: pass it as 'after'.
        at (datetime.datetime): When it happened.
    """

    type_: Literal["ladder_game_opened"]
    ladder_id: str
    table_id: str
    seat: int
    seq: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        ladder_id = self.ladder_id

        table_id = self.table_id

        seat = self.seat

        seq = self.seq

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "ladder_id": ladder_id,
                "table_id": table_id,
                "seat": seat,
                "seq": seq,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["ladder_game_opened"], d.pop("type"))
        if type_ != "ladder_game_opened":
            raise ValueError(f"type must match const 'ladder_game_opened', got '{type_}'")

        ladder_id = d.pop("ladder_id")

        table_id = d.pop("table_id")

        seat = d.pop("seat")

        seq = d.pop("seq")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        ladder_game_opened_event = cls(
            type_=type_,
            ladder_id=ladder_id,
            table_id=table_id,
            seat=seat,
            seq=seq,
            at=at,
        )

        ladder_game_opened_event.additional_properties = d
        return ladder_game_opened_event

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

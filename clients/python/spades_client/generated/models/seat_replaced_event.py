from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level_enum import BotLevelEnum

T = TypeVar("T", bound="SeatReplacedEvent")


@_attrs_define
class SeatReplacedEvent:
    """After too many timeouts in a row a built-in bot plays the seat, until its player acts again.

    Attributes:
        type_ (Literal['seat_replaced']): Always seat_replaced.
        seat (int):
        bot_level (BotLevelEnum): * `easy` - easy
            * `normal` - normal
            * `hard` - hard
    """

    type_: Literal["seat_replaced"]
    seat: int
    bot_level: BotLevelEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat = self.seat

        bot_level = self.bot_level.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "bot_level": bot_level,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["seat_replaced"], d.pop("type"))
        if type_ != "seat_replaced":
            raise ValueError(f"type must match const 'seat_replaced', got '{type_}'")

        seat = d.pop("seat")

        bot_level = BotLevelEnum(d.pop("bot_level"))

        seat_replaced_event = cls(
            type_=type_,
            seat=seat,
            bot_level=bot_level,
        )

        seat_replaced_event.additional_properties = d
        return seat_replaced_event

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

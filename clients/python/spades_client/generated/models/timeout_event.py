from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.timeout_action_enum import TimeoutActionEnum

T = TypeVar("T", bound="TimeoutEvent")


@_attrs_define
class TimeoutEvent:
    """A seat's move clock ran out, and the rule set's timeout action moves for it.

    Attributes:
        type_ (Literal['timeout']): Always timeout.
        seat (int):
        action (TimeoutActionEnum): * `auto_play` - auto_play
            * `bot` - bot
            * `forfeit` - forfeit
        timeouts (int): The seat's timeouts in a row, this one included.
    """

    type_: Literal["timeout"]
    seat: int
    action: TimeoutActionEnum
    timeouts: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat = self.seat

        action = self.action.value

        timeouts = self.timeouts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "action": action,
                "timeouts": timeouts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["timeout"], d.pop("type"))
        if type_ != "timeout":
            raise ValueError(f"type must match const 'timeout', got '{type_}'")

        seat = d.pop("seat")

        action = TimeoutActionEnum(d.pop("action"))

        timeouts = d.pop("timeouts")

        timeout_event = cls(
            type_=type_,
            seat=seat,
            action=action,
            timeouts=timeouts,
        )

        timeout_event.additional_properties = d
        return timeout_event

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayStartsEvent")


@_attrs_define
class PlayStartsEvent:
    """The exchange (if any) is over and the first trick is led.

    Attributes:
        type_ (Literal['play_starts']): Always play_starts.
        leader (int): The seat that leads the first trick.
    """

    type_: Literal["play_starts"]
    leader: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        leader = self.leader

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "leader": leader,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["play_starts"], d.pop("type"))
        if type_ != "play_starts":
            raise ValueError(f"type must match const 'play_starts', got '{type_}'")

        leader = d.pop("leader")

        play_starts_event = cls(
            type_=type_,
            leader=leader,
        )

        play_starts_event.additional_properties = d
        return play_starts_event

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StartEvent")


@_attrs_define
class StartEvent:
    """Every seat is taken and the game begins.

    Attributes:
        type_ (Literal['start']): Always start.
        first_dealer (int): The seat that deals the first hand.
    """

    type_: Literal["start"]
    first_dealer: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        first_dealer = self.first_dealer

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "first_dealer": first_dealer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["start"], d.pop("type"))
        if type_ != "start":
            raise ValueError(f"type must match const 'start', got '{type_}'")

        first_dealer = d.pop("first_dealer")

        start_event = cls(
            type_=type_,
            first_dealer=first_dealer,
        )

        start_event.additional_properties = d
        return start_event

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SidePar")


@_attrs_define
class SidePar:
    """
    Attributes:
        side (int):
        seats (list[int]):
        makeable_tricks (int): The most tricks the side takes against any defence.
        nil_seats (list[int]): The side's seats that could have made nil.
    """

    side: int
    seats: list[int]
    makeable_tricks: int
    nil_seats: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        side = self.side

        seats = self.seats

        makeable_tricks = self.makeable_tricks

        nil_seats = self.nil_seats

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "side": side,
                "seats": seats,
                "makeable_tricks": makeable_tricks,
                "nil_seats": nil_seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        side = d.pop("side")

        seats = cast(list[int], d.pop("seats"))

        makeable_tricks = d.pop("makeable_tricks")

        nil_seats = cast(list[int], d.pop("nil_seats"))

        side_par = cls(
            side=side,
            seats=seats,
            makeable_tricks=makeable_tricks,
            nil_seats=nil_seats,
        )

        side_par.additional_properties = d
        return side_par

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NilResult")


@_attrs_define
class NilResult:
    """
    Attributes:
        seat (int):
        blind (bool):
        tricks (int):
        made (bool):
        points (int):
    """

    seat: int
    blind: bool
    tricks: int
    made: bool
    points: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        blind = self.blind

        tricks = self.tricks

        made = self.made

        points = self.points

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "blind": blind,
                "tricks": tricks,
                "made": made,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        blind = d.pop("blind")

        tricks = d.pop("tricks")

        made = d.pop("made")

        points = d.pop("points")

        nil_result = cls(
            seat=seat,
            blind=blind,
            tricks=tricks,
            made=made,
            points=points,
        )

        nil_result.additional_properties = d
        return nil_result

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

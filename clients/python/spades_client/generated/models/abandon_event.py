from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AbandonEvent")


@_attrs_define
class AbandonEvent:
    """The game is stopped from outside before it is decided (tournament cancelled, unfilled, idle): nobody wins.

    Attributes:
        type_ (Literal['abandoned']): Always abandoned.
        reason (str): Why: tournament_cancelled; unfilled (an open table whose seats were not all taken within the time
            the service keeps one open); or idle (a game without a move clock where nobody moved for that long).
    """

    type_: Literal["abandoned"]
    reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["abandoned"], d.pop("type"))
        if type_ != "abandoned":
            raise ValueError(f"type must match const 'abandoned', got '{type_}'")

        reason = d.pop("reason")

        abandon_event = cls(
            type_=type_,
            reason=reason,
        )

        abandon_event.additional_properties = d
        return abandon_event

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

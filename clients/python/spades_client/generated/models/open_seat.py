from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="OpenSeat")


@_attrs_define
class OpenSeat:
    """A seat a player joins.

    Attributes:
        type_ (Literal['open']):
    """

    type_: Literal["open"]

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["open"], d.pop("type"))
        if type_ != "open":
            raise ValueError(f"type must match const 'open', got '{type_}'")

        open_seat = cls(
            type_=type_,
        )

        return open_seat

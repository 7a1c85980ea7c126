from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BidEvent")


@_attrs_define
class BidEvent:
    """A seat bids a number of tricks (0 is nil), blind or not.

    Attributes:
        type_ (Literal['bid']): Always bid.
        seat (int):
        bid (int): Tricks; 0 is nil.
        blind (bool): Bid before looking at the cards.
    """

    type_: Literal["bid"]
    seat: int
    bid: int
    blind: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat = self.seat

        bid = self.bid

        blind = self.blind

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "bid": bid,
                "blind": blind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["bid"], d.pop("type"))
        if type_ != "bid":
            raise ValueError(f"type must match const 'bid', got '{type_}'")

        seat = d.pop("seat")

        bid = d.pop("bid")

        blind = d.pop("blind")

        bid_event = cls(
            type_=type_,
            seat=seat,
            bid=bid,
            blind=blind,
        )

        bid_event.additional_properties = d
        return bid_event

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

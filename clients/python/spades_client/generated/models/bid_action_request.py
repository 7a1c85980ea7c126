from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BidActionRequest")


@_attrs_define
class BidActionRequest:
    """Bid a number of tricks (0 is nil), openly or blind.

    Attributes:
        type_ (Literal['bid']): Always bid.
        seq (int): The table's seq as you last saw it.
        bid (int): Tricks, 0 for nil; GET legal/ lists the bids you may make.
        blind (bool | Unset): Made without looking at your cards (blind nil, a blind bid). Default: False.
    """

    type_: Literal["bid"]
    seq: int
    bid: int
    blind: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seq = self.seq

        bid = self.bid

        blind = self.blind

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seq": seq,
                "bid": bid,
            }
        )
        if blind is not UNSET:
            field_dict["blind"] = blind

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["bid"], d.pop("type"))
        if type_ != "bid":
            raise ValueError(f"type must match const 'bid', got '{type_}'")

        seq = d.pop("seq")

        bid = d.pop("bid")

        blind = d.pop("blind", UNSET)

        bid_action_request = cls(
            type_=type_,
            seq=seq,
            bid=bid,
            blind=blind,
        )

        bid_action_request.additional_properties = d
        return bid_action_request

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

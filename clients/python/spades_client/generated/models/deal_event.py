from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DealEvent")


@_attrs_define
class DealEvent:
    """A hand is dealt; each seat that has looked sees its own cards.

    Attributes:
        type_ (Literal['deal']): Always deal.
        hand (int): The hand's number, from 1.
        dealer (int):
        misdeals (int): Redeals before this deal (misdeal rule).
        blind_eligible (list[bool]): Per seat: its cards are face down, so it may still bid blind.
        cards (list[str] | Unset): Your cards, if you may see them (you have looked).
    """

    type_: Literal["deal"]
    hand: int
    dealer: int
    misdeals: int
    blind_eligible: list[bool]
    cards: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        hand = self.hand

        dealer = self.dealer

        misdeals = self.misdeals

        blind_eligible = self.blind_eligible

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "hand": hand,
                "dealer": dealer,
                "misdeals": misdeals,
                "blind_eligible": blind_eligible,
            }
        )
        if cards is not UNSET:
            field_dict["cards"] = cards

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["deal"], d.pop("type"))
        if type_ != "deal":
            raise ValueError(f"type must match const 'deal', got '{type_}'")

        hand = d.pop("hand")

        dealer = d.pop("dealer")

        misdeals = d.pop("misdeals")

        blind_eligible = cast(list[bool], d.pop("blind_eligible"))

        cards = cast(list[str], d.pop("cards", UNSET))

        deal_event = cls(
            type_=type_,
            hand=hand,
            dealer=dealer,
            misdeals=misdeals,
            blind_eligible=blind_eligible,
            cards=cards,
        )

        deal_event.additional_properties = d
        return deal_event

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

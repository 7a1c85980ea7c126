from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LegalAction")


@_attrs_define
class LegalAction:
    """
    Attributes:
        type_ (str):
        bid (int | Unset):
        blind (bool | Unset):
        card (str | Unset):
        cards (list[str] | Unset):
        count (int | Unset): exchange: how many cards to pass.
    """

    type_: str
    bid: int | Unset = UNSET
    blind: bool | Unset = UNSET
    card: str | Unset = UNSET
    cards: list[str] | Unset = UNSET
    count: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        bid = self.bid

        blind = self.blind

        card = self.card

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards

        count = self.count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )
        if bid is not UNSET:
            field_dict["bid"] = bid
        if blind is not UNSET:
            field_dict["blind"] = blind
        if card is not UNSET:
            field_dict["card"] = card
        if cards is not UNSET:
            field_dict["cards"] = cards
        if count is not UNSET:
            field_dict["count"] = count

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        bid = d.pop("bid", UNSET)

        blind = d.pop("blind", UNSET)

        card = d.pop("card", UNSET)

        cards = cast(list[str], d.pop("cards", UNSET))

        count = d.pop("count", UNSET)

        legal_action = cls(
            type_=type_,
            bid=bid,
            blind=blind,
            card=card,
            cards=cards,
            count=count,
        )

        legal_action.additional_properties = d
        return legal_action

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

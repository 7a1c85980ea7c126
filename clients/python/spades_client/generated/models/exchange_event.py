from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExchangeEvent")


@_attrs_define
class ExchangeEvent:
    """A seat passes cards face down to its partner.

    Attributes:
        type_ (Literal['exchange']): Always exchange.
        seat (int):
        count (int): How many cards it passed.
        cards (list[str] | Unset): The cards you passed, when you are the seat passing.
    """

    type_: Literal["exchange"]
    seat: int
    count: int
    cards: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat = self.seat

        count = self.count

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "count": count,
            }
        )
        if cards is not UNSET:
            field_dict["cards"] = cards

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["exchange"], d.pop("type"))
        if type_ != "exchange":
            raise ValueError(f"type must match const 'exchange', got '{type_}'")

        seat = d.pop("seat")

        count = d.pop("count")

        cards = cast(list[str], d.pop("cards", UNSET))

        exchange_event = cls(
            type_=type_,
            seat=seat,
            count=count,
            cards=cards,
        )

        exchange_event.additional_properties = d
        return exchange_event

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

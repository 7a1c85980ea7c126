from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExchangeActionRequest")


@_attrs_define
class ExchangeActionRequest:
    """Pass cards face down to your partner (after a nil or blind nil, when the rules ask for it).

    Attributes:
        type_ (Literal['exchange']): Always exchange.
        seq (int): The table's seq as you last saw it.
        cards (list[str]): The cards to pass, as many as the exchange asks for (GET legal/).
    """

    type_: Literal["exchange"]
    seq: int
    cards: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seq = self.seq

        cards = self.cards

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seq": seq,
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["exchange"], d.pop("type"))
        if type_ != "exchange":
            raise ValueError(f"type must match const 'exchange', got '{type_}'")

        seq = d.pop("seq")

        cards = cast(list[str], d.pop("cards"))

        exchange_action_request = cls(
            type_=type_,
            seq=seq,
            cards=cards,
        )

        exchange_action_request.additional_properties = d
        return exchange_action_request

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

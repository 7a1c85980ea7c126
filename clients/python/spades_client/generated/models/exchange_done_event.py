from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExchangeDoneEvent")


@_attrs_define
class ExchangeDoneEvent:
    """Every due seat has passed, and the passed cards change hands.

    Attributes:
        type_ (Literal['exchange_done']): Always exchange_done.
        received (list[str] | Unset): The cards your partner passed you, if you received any.
    """

    type_: Literal["exchange_done"]
    received: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        received: list[str] | Unset = UNSET
        if not isinstance(self.received, Unset):
            received = self.received

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )
        if received is not UNSET:
            field_dict["received"] = received

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["exchange_done"], d.pop("type"))
        if type_ != "exchange_done":
            raise ValueError(f"type must match const 'exchange_done', got '{type_}'")

        received = cast(list[str], d.pop("received", UNSET))

        exchange_done_event = cls(
            type_=type_,
            received=received,
        )

        exchange_done_event.additional_properties = d
        return exchange_done_event

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExchangeDueEvent")


@_attrs_define
class ExchangeDueEvent:
    """The bidding is over and a nil side must exchange cards before play.

    Attributes:
        type_ (Literal['exchange_due']): Always exchange_due.
        counts (list[int]): Per seat, how many cards it must pass to its partner (0: none).
    """

    type_: Literal["exchange_due"]
    counts: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        counts = self.counts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "counts": counts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["exchange_due"], d.pop("type"))
        if type_ != "exchange_due":
            raise ValueError(f"type must match const 'exchange_due', got '{type_}'")

        counts = cast(list[int], d.pop("counts"))

        exchange_due_event = cls(
            type_=type_,
            counts=counts,
        )

        exchange_due_event.additional_properties = d
        return exchange_due_event

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

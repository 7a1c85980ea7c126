from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExchangeState")


@_attrs_define
class ExchangeState:
    """The hand's card exchange as the seat knows it.

    Attributes:
        due (list[int]): Cards each seat must pass.
        passed (list[bool]): Who has passed already.
        my_cards (list[str] | None): The cards you passed; null until you pass.
        received (list[str] | None | Unset): The cards your partner passed you; only once play has begun.
    """

    due: list[int]
    passed: list[bool]
    my_cards: list[str] | None
    received: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        due = self.due

        passed = self.passed

        my_cards: list[str] | None
        if isinstance(self.my_cards, list):
            my_cards = self.my_cards

        else:
            my_cards = self.my_cards

        received: list[str] | None | Unset
        if isinstance(self.received, Unset):
            received = UNSET
        elif isinstance(self.received, list):
            received = self.received

        else:
            received = self.received

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "due": due,
                "passed": passed,
                "my_cards": my_cards,
            }
        )
        if received is not UNSET:
            field_dict["received"] = received

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        due = cast(list[int], d.pop("due"))

        passed = cast(list[bool], d.pop("passed"))

        def _parse_my_cards(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                my_cards_type_0 = cast(list[str], data)

                return my_cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        my_cards = _parse_my_cards(d.pop("my_cards"))

        def _parse_received(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                received_type_0 = cast(list[str], data)

                return received_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        received = _parse_received(d.pop("received", UNSET))

        exchange_state = cls(
            due=due,
            passed=passed,
            my_cards=my_cards,
            received=received,
        )

        exchange_state.additional_properties = d
        return exchange_state

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

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Clock")


@_attrs_define
class Clock:
    """
    Attributes:
        move_seconds (float):
        turn_started_at (datetime.datetime | None):
        deadline (datetime.datetime | None): When the seat(s) to move run out of time.
        bank_left (list[float | None]): Seconds left in each seat's time bank (null: no bank).
    """

    move_seconds: float
    turn_started_at: datetime.datetime | None
    deadline: datetime.datetime | None
    bank_left: list[float | None]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        move_seconds = self.move_seconds

        turn_started_at: None | str
        if isinstance(self.turn_started_at, datetime.datetime):
            turn_started_at = self.turn_started_at.isoformat()
        else:
            turn_started_at = self.turn_started_at

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        bank_left = []
        for bank_left_item_data in self.bank_left:
            bank_left_item: float | None
            bank_left_item = bank_left_item_data
            bank_left.append(bank_left_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "move_seconds": move_seconds,
                "turn_started_at": turn_started_at,
                "deadline": deadline,
                "bank_left": bank_left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        move_seconds = d.pop("move_seconds")

        def _parse_turn_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                turn_started_at_type_0 = datetime.datetime.fromisoformat(data)

                return turn_started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        turn_started_at = _parse_turn_started_at(d.pop("turn_started_at"))

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        bank_left = []
        _bank_left = d.pop("bank_left")
        for bank_left_item_data in _bank_left:

            def _parse_bank_left_item(data: object) -> float | None:
                if data is None:
                    return data
                return cast(float | None, data)

            bank_left_item = _parse_bank_left_item(bank_left_item_data)

            bank_left.append(bank_left_item)

        clock = cls(
            move_seconds=move_seconds,
            turn_started_at=turn_started_at,
            deadline=deadline,
            bank_left=bank_left,
        )

        clock.additional_properties = d
        return clock

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

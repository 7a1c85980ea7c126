from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bot_seat import BotSeat
    from ..models.open_seat import OpenSeat
    from ..models.table_create_request_overrides import TableCreateRequestOverrides


T = TypeVar("T", bound="TableCreateRequest")


@_attrs_define
class TableCreateRequest:
    """
    Attributes:
        preset (PresetEnum | Unset): * `standard` - standard
            * `easy` - easy
            * `classic` - classic
            * `yahoo` - yahoo
            * `suicide` - suicide
            * `double_nil_pass` - double_nil_pass
            * `mirror` - mirror
            * `whiz` - whiz
            * `cutthroat` - cutthroat
            * `cutthroat3` - cutthroat3
            * `speed` - speed
            * `short` - short Default: PresetEnum.STANDARD.
        overrides (TableCreateRequestOverrides | Unset): Switches to change from the preset (see GET /api/v1/rulesets/).
            The clock is part of the rule set: move_seconds, time_bank_seconds.
        seats (list[BotSeat | OpenSeat] | Unset): One entry per seat, in seat order; default: every seat open.
        take_seat (int | Unset): Seat the creator here at once.
    """

    preset: PresetEnum | Unset = PresetEnum.STANDARD
    overrides: TableCreateRequestOverrides | Unset = UNSET
    seats: list[BotSeat | OpenSeat] | Unset = UNSET
    take_seat: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.open_seat import OpenSeat  # noqa: PLC0415

        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        overrides: dict[str, Any] | Unset = UNSET
        if not isinstance(self.overrides, Unset):
            overrides = self.overrides.to_dict()

        seats: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = []
            for seats_item_data in self.seats:
                seats_item: dict[str, Any]
                if isinstance(seats_item_data, OpenSeat):
                    seats_item = seats_item_data.to_dict()
                else:
                    seats_item = seats_item_data.to_dict()

                seats.append(seats_item)

        take_seat = self.take_seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if preset is not UNSET:
            field_dict["preset"] = preset
        if overrides is not UNSET:
            field_dict["overrides"] = overrides
        if seats is not UNSET:
            field_dict["seats"] = seats
        if take_seat is not UNSET:
            field_dict["take_seat"] = take_seat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_seat import BotSeat  # noqa: PLC0415
        from ..models.open_seat import OpenSeat  # noqa: PLC0415
        from ..models.table_create_request_overrides import TableCreateRequestOverrides  # noqa: PLC0415

        d = dict(src_dict)
        _preset = d.pop("preset", UNSET)
        preset: PresetEnum | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = PresetEnum(_preset)

        _overrides = d.pop("overrides", UNSET)
        overrides: TableCreateRequestOverrides | Unset
        if isinstance(_overrides, Unset):
            overrides = UNSET
        else:
            overrides = TableCreateRequestOverrides.from_dict(_overrides)

        _seats = d.pop("seats", UNSET)
        seats: list[BotSeat | OpenSeat] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for seats_item_data in _seats:

                def _parse_seats_item(data: object) -> BotSeat | OpenSeat:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_seat_spec_request_open_seat = OpenSeat.from_dict(data)

                        return componentsschemas_seat_spec_request_open_seat
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_seat_spec_request_bot_seat = BotSeat.from_dict(data)

                    return componentsschemas_seat_spec_request_bot_seat

                seats_item = _parse_seats_item(seats_item_data)

                seats.append(seats_item)

        take_seat = d.pop("take_seat", UNSET)

        table_create_request = cls(
            preset=preset,
            overrides=overrides,
            seats=seats,
            take_seat=take_seat,
        )

        table_create_request.additional_properties = d
        return table_create_request

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

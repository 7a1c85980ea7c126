from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.format_enum import FormatEnum
from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tournament_create_request_overrides import TournamentCreateRequestOverrides


T = TypeVar("T", bound="TournamentCreateRequest")


@_attrs_define
class TournamentCreateRequest:
    """
    Attributes:
        name (str):
        format_ (FormatEnum): * `round_robin` - round_robin
            * `single_elimination` - single_elimination
            * `double_elimination` - double_elimination
            * `swiss` - swiss
            * `duplicate` - duplicate
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
        overrides (TournamentCreateRequestOverrides | Unset): Switches to change from the preset, as for tables
            (move_seconds for a clock). Default clock: 30 s a move.
        rounds (int | None | Unset): Swiss and duplicate: rounds to play; default: the format's.
        hands_per_match (int | None | Unset): Deals per match (duplicate: boards per round, default 4); default: play to
            the target.
        max_entries (int | None | Unset):
        starts_at (datetime.datetime | None | Unset): Round 1 starts (and registration closes at the latest); default:
            by hand.
        registration_opens_at (datetime.datetime | None | Unset): Entries are taken from then on; default: now.
        registration_closes_at (datetime.datetime | None | Unset): Entries are taken until then (at the latest
            starts_at); default: until the start.
    """

    name: str
    format_: FormatEnum
    preset: PresetEnum | Unset = PresetEnum.STANDARD
    overrides: TournamentCreateRequestOverrides | Unset = UNSET
    rounds: int | None | Unset = UNSET
    hands_per_match: int | None | Unset = UNSET
    max_entries: int | None | Unset = UNSET
    starts_at: datetime.datetime | None | Unset = UNSET
    registration_opens_at: datetime.datetime | None | Unset = UNSET
    registration_closes_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        format_ = self.format_.value

        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        overrides: dict[str, Any] | Unset = UNSET
        if not isinstance(self.overrides, Unset):
            overrides = self.overrides.to_dict()

        rounds: int | None | Unset
        if isinstance(self.rounds, Unset):
            rounds = UNSET
        else:
            rounds = self.rounds

        hands_per_match: int | None | Unset
        if isinstance(self.hands_per_match, Unset):
            hands_per_match = UNSET
        else:
            hands_per_match = self.hands_per_match

        max_entries: int | None | Unset
        if isinstance(self.max_entries, Unset):
            max_entries = UNSET
        else:
            max_entries = self.max_entries

        starts_at: None | str | Unset
        if isinstance(self.starts_at, Unset):
            starts_at = UNSET
        elif isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        registration_opens_at: None | str | Unset
        if isinstance(self.registration_opens_at, Unset):
            registration_opens_at = UNSET
        elif isinstance(self.registration_opens_at, datetime.datetime):
            registration_opens_at = self.registration_opens_at.isoformat()
        else:
            registration_opens_at = self.registration_opens_at

        registration_closes_at: None | str | Unset
        if isinstance(self.registration_closes_at, Unset):
            registration_closes_at = UNSET
        elif isinstance(self.registration_closes_at, datetime.datetime):
            registration_closes_at = self.registration_closes_at.isoformat()
        else:
            registration_closes_at = self.registration_closes_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "format": format_,
            }
        )
        if preset is not UNSET:
            field_dict["preset"] = preset
        if overrides is not UNSET:
            field_dict["overrides"] = overrides
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if hands_per_match is not UNSET:
            field_dict["hands_per_match"] = hands_per_match
        if max_entries is not UNSET:
            field_dict["max_entries"] = max_entries
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if registration_opens_at is not UNSET:
            field_dict["registration_opens_at"] = registration_opens_at
        if registration_closes_at is not UNSET:
            field_dict["registration_closes_at"] = registration_closes_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_create_request_overrides import TournamentCreateRequestOverrides  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        format_ = FormatEnum(d.pop("format"))

        _preset = d.pop("preset", UNSET)
        preset: PresetEnum | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = PresetEnum(_preset)

        _overrides = d.pop("overrides", UNSET)
        overrides: TournamentCreateRequestOverrides | Unset
        if isinstance(_overrides, Unset):
            overrides = UNSET
        else:
            overrides = TournamentCreateRequestOverrides.from_dict(_overrides)

        def _parse_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rounds = _parse_rounds(d.pop("rounds", UNSET))

        def _parse_hands_per_match(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        hands_per_match = _parse_hands_per_match(d.pop("hands_per_match", UNSET))

        def _parse_max_entries(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_entries = _parse_max_entries(d.pop("max_entries", UNSET))

        def _parse_starts_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        starts_at = _parse_starts_at(d.pop("starts_at", UNSET))

        def _parse_registration_opens_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                registration_opens_at_type_0 = datetime.datetime.fromisoformat(data)

                return registration_opens_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        registration_opens_at = _parse_registration_opens_at(d.pop("registration_opens_at", UNSET))

        def _parse_registration_closes_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                registration_closes_at_type_0 = datetime.datetime.fromisoformat(data)

                return registration_closes_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        registration_closes_at = _parse_registration_closes_at(d.pop("registration_closes_at", UNSET))

        tournament_create_request = cls(
            name=name,
            format_=format_,
            preset=preset,
            overrides=overrides,
            rounds=rounds,
            hands_per_match=hands_per_match,
            max_entries=max_entries,
            starts_at=starts_at,
            registration_opens_at=registration_opens_at,
            registration_closes_at=registration_closes_at,
        )

        tournament_create_request.additional_properties = d
        return tournament_create_request

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

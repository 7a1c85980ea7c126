from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedTournamentUpdateRequest")


@_attrs_define
class PatchedTournamentUpdateRequest:
    """What an organiser may change before the start; send only what changes. Other members are ignored, as
    everywhere in the API (the format, rules and sizes are fixed once the tournament is created).

        Attributes:
            name (str | Unset):
            starts_at (datetime.datetime | None | Unset): A time in the future, or null: started by hand (start/).
            registration_opens_at (datetime.datetime | None | Unset):
            registration_closes_at (datetime.datetime | None | Unset):
    """

    name: str | Unset = UNSET
    starts_at: datetime.datetime | None | Unset = UNSET
    registration_opens_at: datetime.datetime | None | Unset = UNSET
    registration_closes_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

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
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if registration_opens_at is not UNSET:
            field_dict["registration_opens_at"] = registration_opens_at
        if registration_closes_at is not UNSET:
            field_dict["registration_closes_at"] = registration_closes_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

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

        patched_tournament_update_request = cls(
            name=name,
            starts_at=starts_at,
            registration_opens_at=registration_opens_at,
            registration_closes_at=registration_closes_at,
        )

        patched_tournament_update_request.additional_properties = d
        return patched_tournament_update_request

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

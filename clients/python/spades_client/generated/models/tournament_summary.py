from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.format_enum import FormatEnum
from ..models.tournament_status_enum import TournamentStatusEnum

T = TypeVar("T", bound="TournamentSummary")


@_attrs_define
class TournamentSummary:
    """
    Attributes:
        id (UUID):
        name (str):
        format_ (FormatEnum): * `round_robin` - round_robin
            * `single_elimination` - single_elimination
            * `double_elimination` - double_elimination
            * `swiss` - swiss
            * `duplicate` - duplicate
        preset (str):
        status (TournamentStatusEnum): * `registering` - registering
            * `running` - running
            * `finished` - finished
            * `cancelled` - cancelled
        starts_at (datetime.datetime | None):
        registration_opens_at (datetime.datetime | None):
        registration_closes_at (datetime.datetime | None):
        current_round (int):
        created_by (str):
        created_at (datetime.datetime):
    """

    id: UUID
    name: str
    format_: FormatEnum
    preset: str
    status: TournamentStatusEnum
    starts_at: datetime.datetime | None
    registration_opens_at: datetime.datetime | None
    registration_closes_at: datetime.datetime | None
    current_round: int
    created_by: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        format_ = self.format_.value

        preset = self.preset

        status = self.status.value

        starts_at: None | str
        if isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        registration_opens_at: None | str
        if isinstance(self.registration_opens_at, datetime.datetime):
            registration_opens_at = self.registration_opens_at.isoformat()
        else:
            registration_opens_at = self.registration_opens_at

        registration_closes_at: None | str
        if isinstance(self.registration_closes_at, datetime.datetime):
            registration_closes_at = self.registration_closes_at.isoformat()
        else:
            registration_closes_at = self.registration_closes_at

        current_round = self.current_round

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "format": format_,
                "preset": preset,
                "status": status,
                "starts_at": starts_at,
                "registration_opens_at": registration_opens_at,
                "registration_closes_at": registration_closes_at,
                "current_round": current_round,
                "created_by": created_by,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        format_ = FormatEnum(d.pop("format"))

        preset = d.pop("preset")

        status = TournamentStatusEnum(d.pop("status"))

        def _parse_starts_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        starts_at = _parse_starts_at(d.pop("starts_at"))

        def _parse_registration_opens_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                registration_opens_at_type_0 = datetime.datetime.fromisoformat(data)

                return registration_opens_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        registration_opens_at = _parse_registration_opens_at(d.pop("registration_opens_at"))

        def _parse_registration_closes_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                registration_closes_at_type_0 = datetime.datetime.fromisoformat(data)

                return registration_closes_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        registration_closes_at = _parse_registration_closes_at(d.pop("registration_closes_at"))

        current_round = d.pop("current_round")

        created_by = d.pop("created_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        tournament_summary = cls(
            id=id,
            name=name,
            format_=format_,
            preset=preset,
            status=status,
            starts_at=starts_at,
            registration_opens_at=registration_opens_at,
            registration_closes_at=registration_closes_at,
            current_round=current_round,
            created_by=created_by,
            created_at=created_at,
        )

        tournament_summary.additional_properties = d
        return tournament_summary

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

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.format_enum import FormatEnum
from ..models.tournament_status_enum import TournamentStatusEnum

if TYPE_CHECKING:
    from ..models.entry import Entry
    from ..models.tournament_rules import TournamentRules


T = TypeVar("T", bound="Tournament")


@_attrs_define
class Tournament:
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
        rules (TournamentRules): Every switch of the match tables' rule set.
        rounds (int | None):
        rounds_planned (int | None): With the entries so far.
        hands_per_match (int | None):
        max_entries (int | None):
        started_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        entries (list[Entry]):
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
    rules: TournamentRules
    rounds: int | None
    rounds_planned: int | None
    hands_per_match: int | None
    max_entries: int | None
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    entries: list[Entry]
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

        rules = self.rules.to_dict()

        rounds: int | None
        rounds = self.rounds

        rounds_planned: int | None
        rounds_planned = self.rounds_planned

        hands_per_match: int | None
        hands_per_match = self.hands_per_match

        max_entries: int | None
        max_entries = self.max_entries

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

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
                "rules": rules,
                "rounds": rounds,
                "rounds_planned": rounds_planned,
                "hands_per_match": hands_per_match,
                "max_entries": max_entries,
                "started_at": started_at,
                "finished_at": finished_at,
                "entries": entries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entry import Entry  # noqa: PLC0415
        from ..models.tournament_rules import TournamentRules  # noqa: PLC0415

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

        rules = TournamentRules.from_dict(d.pop("rules"))

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))

        def _parse_rounds_planned(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds_planned = _parse_rounds_planned(d.pop("rounds_planned"))

        def _parse_hands_per_match(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        hands_per_match = _parse_hands_per_match(d.pop("hands_per_match"))

        def _parse_max_entries(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_entries = _parse_max_entries(d.pop("max_entries"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = Entry.from_dict(entries_item_data)

            entries.append(entries_item)

        tournament = cls(
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
            rules=rules,
            rounds=rounds,
            rounds_planned=rounds_planned,
            hands_per_match=hands_per_match,
            max_entries=max_entries,
            started_at=started_at,
            finished_at=finished_at,
            entries=entries,
        )

        tournament.additional_properties = d
        return tournament

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

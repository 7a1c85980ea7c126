from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentRegistrationOpenedEvent")


@_attrs_define
class TournamentRegistrationOpenedEvent:
    """A tournament of an organiser whose tournaments you have entered before takes entries now.

    Attributes:
        type_ (Literal['tournament_registration_opened']): Always tournament_registration_opened.
        tournament_id (str): The tournament.
        name (str): Its name.
        format_ (str): Its format (swiss, round_robin, …).
        closes_at (None | str): When registration closes (ISO 8601), none: at the start.
        seq (int): The event's number in your log: pass it as 'after'.
        at (datetime.datetime): When it happened.
    """

    type_: Literal["tournament_registration_opened"]
    tournament_id: str
    name: str
    format_: str
    closes_at: None | str
    seq: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        tournament_id = self.tournament_id

        name = self.name

        format_ = self.format_

        closes_at: None | str
        closes_at = self.closes_at

        seq = self.seq

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "tournament_id": tournament_id,
                "name": name,
                "format": format_,
                "closes_at": closes_at,
                "seq": seq,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["tournament_registration_opened"], d.pop("type"))
        if type_ != "tournament_registration_opened":
            raise ValueError(f"type must match const 'tournament_registration_opened', got '{type_}'")

        tournament_id = d.pop("tournament_id")

        name = d.pop("name")

        format_ = d.pop("format")

        def _parse_closes_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        closes_at = _parse_closes_at(d.pop("closes_at"))

        seq = d.pop("seq")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        tournament_registration_opened_event = cls(
            type_=type_,
            tournament_id=tournament_id,
            name=name,
            format_=format_,
            closes_at=closes_at,
            seq=seq,
            at=at,
        )

        tournament_registration_opened_event.additional_properties = d
        return tournament_registration_opened_event

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

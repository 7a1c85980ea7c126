from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tournament_finished_event_status_enum import TournamentFinishedEventStatusEnum

T = TypeVar("T", bound="TournamentFinishedEvent")


@_attrs_define
class TournamentFinishedEvent:
    """A tournament you are entered in is over: finished, or cancelled by its organiser.

    Attributes:
        type_ (Literal['tournament_finished']): Always tournament_finished.
        tournament_id (str): The tournament.
        status (TournamentFinishedEventStatusEnum): * `finished` - finished
            * `cancelled` - cancelled
        seq (int): The event's number in your log: pass it as 'after'.
        at (datetime.datetime): When it happened.
    """

    type_: Literal["tournament_finished"]
    tournament_id: str
    status: TournamentFinishedEventStatusEnum
    seq: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        tournament_id = self.tournament_id

        status = self.status.value

        seq = self.seq

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "tournament_id": tournament_id,
                "status": status,
                "seq": seq,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["tournament_finished"], d.pop("type"))
        if type_ != "tournament_finished":
            raise ValueError(f"type must match const 'tournament_finished', got '{type_}'")

        tournament_id = d.pop("tournament_id")

        status = TournamentFinishedEventStatusEnum(d.pop("status"))

        seq = d.pop("seq")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        tournament_finished_event = cls(
            type_=type_,
            tournament_id=tournament_id,
            status=status,
            seq=seq,
            at=at,
        )

        tournament_finished_event.additional_properties = d
        return tournament_finished_event

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

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentRoundStartedEvent")


@_attrs_define
class TournamentRoundStartedEvent:
    """A round of a tournament you are entered in was paired, with your table (none for a bye or a
    forfeit).

        Attributes:
            type_ (Literal['tournament_round_started']): Always tournament_round_started.
            tournament_id (str): The tournament.
            round_ (int): The round's number, from 1.
            table_id (None | str): Your table in this round; none for a bye or a forfeit.
            seq (int): The event's number in your log: pass it as 'after'.
            at (datetime.datetime): When it happened.
    """

    type_: Literal["tournament_round_started"]
    tournament_id: str
    round_: int
    table_id: None | str
    seq: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        tournament_id = self.tournament_id

        round_ = self.round_

        table_id: None | str
        table_id = self.table_id

        seq = self.seq

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "tournament_id": tournament_id,
                "round": round_,
                "table_id": table_id,
                "seq": seq,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["tournament_round_started"], d.pop("type"))
        if type_ != "tournament_round_started":
            raise ValueError(f"type must match const 'tournament_round_started', got '{type_}'")

        tournament_id = d.pop("tournament_id")

        round_ = d.pop("round")

        def _parse_table_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        table_id = _parse_table_id(d.pop("table_id"))

        seq = d.pop("seq")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        tournament_round_started_event = cls(
            type_=type_,
            tournament_id=tournament_id,
            round_=round_,
            table_id=table_id,
            seq=seq,
            at=at,
        )

        tournament_round_started_event.additional_properties = d
        return tournament_round_started_event

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

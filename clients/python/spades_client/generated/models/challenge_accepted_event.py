from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ChallengeAcceptedEvent")


@_attrs_define
class ChallengeAcceptedEvent:
    """Your challenge was accepted; its table is open (a table_opened event follows it).

    Attributes:
        type_ (Literal['challenge_accepted']): Always challenge_accepted.
        challenge_id (str): The challenge.
        by (str): Who accepted (player name; bot:LEVEL for a built-in bot).
        table_id (str): The table of the game.
        seq (int): The event's number in your log: pass it as 'after'.
        at (datetime.datetime): When it happened.
    """

    type_: Literal["challenge_accepted"]
    challenge_id: str
    by: str
    table_id: str
    seq: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        challenge_id = self.challenge_id

        by = self.by

        table_id = self.table_id

        seq = self.seq

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "challenge_id": challenge_id,
                "by": by,
                "table_id": table_id,
                "seq": seq,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["challenge_accepted"], d.pop("type"))
        if type_ != "challenge_accepted":
            raise ValueError(f"type must match const 'challenge_accepted', got '{type_}'")

        challenge_id = d.pop("challenge_id")

        by = d.pop("by")

        table_id = d.pop("table_id")

        seq = d.pop("seq")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        challenge_accepted_event = cls(
            type_=type_,
            challenge_id=challenge_id,
            by=by,
            table_id=table_id,
            seq=seq,
            at=at,
        )

        challenge_accepted_event.additional_properties = d
        return challenge_accepted_event

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

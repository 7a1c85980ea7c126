from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ChallengeReceivedEvent")


@_attrs_define
class ChallengeReceivedEvent:
    """Someone challenges you: accept or decline at challenges/{challenge_id}/.

    Attributes:
        type_ (Literal['challenge_received']): Always challenge_received.
        challenge_id (str): The challenge.
        challenger (str): Who challenges you (player name).
        preset (str): The rule set's preset (the full rule set is on the challenge).
        move_seconds (float | None): The move clock, none for an untimed game.
        expires_at (str): Answer before this (ISO 8601).
        seq (int): The event's number in your log: pass it as 'after'.
        at (datetime.datetime): When it happened.
    """

    type_: Literal["challenge_received"]
    challenge_id: str
    challenger: str
    preset: str
    move_seconds: float | None
    expires_at: str
    seq: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        challenge_id = self.challenge_id

        challenger = self.challenger

        preset = self.preset

        move_seconds: float | None
        move_seconds = self.move_seconds

        expires_at = self.expires_at

        seq = self.seq

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "challenge_id": challenge_id,
                "challenger": challenger,
                "preset": preset,
                "move_seconds": move_seconds,
                "expires_at": expires_at,
                "seq": seq,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["challenge_received"], d.pop("type"))
        if type_ != "challenge_received":
            raise ValueError(f"type must match const 'challenge_received', got '{type_}'")

        challenge_id = d.pop("challenge_id")

        challenger = d.pop("challenger")

        preset = d.pop("preset")

        def _parse_move_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        move_seconds = _parse_move_seconds(d.pop("move_seconds"))

        expires_at = d.pop("expires_at")

        seq = d.pop("seq")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        challenge_received_event = cls(
            type_=type_,
            challenge_id=challenge_id,
            challenger=challenger,
            preset=preset,
            move_seconds=move_seconds,
            expires_at=expires_at,
            seq=seq,
            at=at,
        )

        challenge_received_event.additional_properties = d
        return challenge_received_event

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

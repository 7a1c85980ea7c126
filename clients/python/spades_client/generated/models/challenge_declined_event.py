from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decline_reason_enum import DeclineReasonEnum

T = TypeVar("T", bound="ChallengeDeclinedEvent")


@_attrs_define
class ChallengeDeclinedEvent:
    """Your challenge was turned down, with a reason code.

    Attributes:
        type_ (Literal['challenge_declined']): Always challenge_declined.
        challenge_id (str): The challenge.
        by (str): Who declined (player name; bot:LEVEL for a built-in bot).
        reason (DeclineReasonEnum): * `declined` - declined
            * `busy` - busy
            * `later` - later
            * `rules` - rules
            * `clock` - clock
            * `opponent` - opponent
            * `bot_only` - bot_only
            * `human_only` - human_only
        seq (int): The event's number in your log: pass it as 'after'.
        at (datetime.datetime): When it happened.
    """

    type_: Literal["challenge_declined"]
    challenge_id: str
    by: str
    reason: DeclineReasonEnum
    seq: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        challenge_id = self.challenge_id

        by = self.by

        reason = self.reason.value

        seq = self.seq

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "challenge_id": challenge_id,
                "by": by,
                "reason": reason,
                "seq": seq,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["challenge_declined"], d.pop("type"))
        if type_ != "challenge_declined":
            raise ValueError(f"type must match const 'challenge_declined', got '{type_}'")

        challenge_id = d.pop("challenge_id")

        by = d.pop("by")

        reason = DeclineReasonEnum(d.pop("reason"))

        seq = d.pop("seq")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        challenge_declined_event = cls(
            type_=type_,
            challenge_id=challenge_id,
            by=by,
            reason=reason,
            seq=seq,
            at=at,
        )

        challenge_declined_event.additional_properties = d
        return challenge_declined_event

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

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.challenge_status_enum import ChallengeStatusEnum
from ..models.decline_reason_enum import DeclineReasonEnum

if TYPE_CHECKING:
    from ..models.challenge_rules import ChallengeRules


T = TypeVar("T", bound="Challenge")


@_attrs_define
class Challenge:
    """
    Attributes:
        id (UUID):
        challenger (str):
        opponent (str): The account challenged, or bot:LEVEL for a built-in bot.
        preset (str):
        rules (ChallengeRules): Every switch of the table's rule set.
        seat (int): The challenger's seat.
        opponent_seat (int):
        bot_level (str):
        status (ChallengeStatusEnum): * `pending` - Pending
            * `accepted` - Accepted
            * `declined` - Declined
            * `cancelled` - Cancelled
            * `expired` - Expired
        decline_reason (DeclineReasonEnum | None): Why it was declined (declined only).

            * `declined` - declined
            * `busy` - busy
            * `later` - later
            * `rules` - rules
            * `clock` - clock
            * `opponent` - opponent
            * `bot_only` - bot_only
            * `human_only` - human_only
        table (None | UUID): The table, once accepted.
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        answered_at (datetime.datetime | None):
    """

    id: UUID
    challenger: str
    opponent: str
    preset: str
    rules: ChallengeRules
    seat: int
    opponent_seat: int
    bot_level: str
    status: ChallengeStatusEnum
    decline_reason: DeclineReasonEnum | None
    table: None | UUID
    created_at: datetime.datetime
    expires_at: datetime.datetime
    answered_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        challenger = self.challenger

        opponent = self.opponent

        preset = self.preset

        rules = self.rules.to_dict()

        seat = self.seat

        opponent_seat = self.opponent_seat

        bot_level = self.bot_level

        status = self.status.value

        decline_reason: None | str
        if isinstance(self.decline_reason, DeclineReasonEnum):
            decline_reason = self.decline_reason.value
        else:
            decline_reason = self.decline_reason

        table: None | str
        if isinstance(self.table, UUID):
            table = str(self.table)
        else:
            table = self.table

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        answered_at: None | str
        if isinstance(self.answered_at, datetime.datetime):
            answered_at = self.answered_at.isoformat()
        else:
            answered_at = self.answered_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "challenger": challenger,
                "opponent": opponent,
                "preset": preset,
                "rules": rules,
                "seat": seat,
                "opponent_seat": opponent_seat,
                "bot_level": bot_level,
                "status": status,
                "decline_reason": decline_reason,
                "table": table,
                "created_at": created_at,
                "expires_at": expires_at,
                "answered_at": answered_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_rules import ChallengeRules  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        challenger = d.pop("challenger")

        opponent = d.pop("opponent")

        preset = d.pop("preset")

        rules = ChallengeRules.from_dict(d.pop("rules"))

        seat = d.pop("seat")

        opponent_seat = d.pop("opponent_seat")

        bot_level = d.pop("bot_level")

        status = ChallengeStatusEnum(d.pop("status"))

        def _parse_decline_reason(data: object) -> DeclineReasonEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decline_reason_type_0 = DeclineReasonEnum(data)

                return decline_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeclineReasonEnum | None, data)

        decline_reason = _parse_decline_reason(d.pop("decline_reason"))

        def _parse_table(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                table_type_0 = UUID(data)

                return table_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        table = _parse_table(d.pop("table"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        def _parse_answered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answered_at_type_0 = datetime.datetime.fromisoformat(data)

                return answered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        answered_at = _parse_answered_at(d.pop("answered_at"))

        challenge = cls(
            id=id,
            challenger=challenger,
            opponent=opponent,
            preset=preset,
            rules=rules,
            seat=seat,
            opponent_seat=opponent_seat,
            bot_level=bot_level,
            status=status,
            decline_reason=decline_reason,
            table=table,
            created_at=created_at,
            expires_at=expires_at,
            answered_at=answered_at,
        )

        challenge.additional_properties = d
        return challenge

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

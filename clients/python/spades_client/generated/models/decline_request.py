from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decline_reason_enum import DeclineReasonEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="DeclineRequest")


@_attrs_define
class DeclineRequest:
    """
    Attributes:
        reason (DeclineReasonEnum | Unset): * `declined` - declined
            * `busy` - busy
            * `later` - later
            * `rules` - rules
            * `clock` - clock
            * `opponent` - opponent
            * `bot_only` - bot_only
            * `human_only` - human_only Default: DeclineReasonEnum.DECLINED.
    """

    reason: DeclineReasonEnum | Unset = DeclineReasonEnum.DECLINED
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _reason = d.pop("reason", UNSET)
        reason: DeclineReasonEnum | Unset
        if isinstance(_reason, Unset):
            reason = UNSET
        else:
            reason = DeclineReasonEnum(_reason)

        decline_request = cls(
            reason=reason,
        )

        decline_request.additional_properties = d
        return decline_request

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.analysis_pending_status_enum import AnalysisPendingStatusEnum

T = TypeVar("T", bound="AnalysisPending")


@_attrs_define
class AnalysisPending:
    """
    Attributes:
        status (AnalysisPendingStatusEnum): * `pending` - pending
            * `running` - running
        retry_after (int): Seconds to wait before asking again (the Retry-After header).
    """

    status: AnalysisPendingStatusEnum
    retry_after: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        retry_after = self.retry_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "retry_after": retry_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = AnalysisPendingStatusEnum(d.pop("status"))

        retry_after = d.pop("retry_after")

        analysis_pending = cls(
            status=status,
            retry_after=retry_after,
        )

        analysis_pending.additional_properties = d
        return analysis_pending

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

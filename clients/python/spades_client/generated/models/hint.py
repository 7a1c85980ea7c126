from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.legal_action import LegalAction


T = TypeVar("T", bound="Hint")


@_attrs_define
class Hint:
    """
    Attributes:
        seq (int):
        action (LegalAction):
        counted (list[str]): With a bid: the cards of your hand counted as tricks.
    """

    seq: int
    action: LegalAction
    counted: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        action = self.action.to_dict()

        counted = self.counted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "action": action,
                "counted": counted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.legal_action import LegalAction  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        action = LegalAction.from_dict(d.pop("action"))

        counted = cast(list[str], d.pop("counted"))

        hint = cls(
            seq=seq,
            action=action,
            counted=counted,
        )

        hint.additional_properties = d
        return hint

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

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rule_set_switches import RuleSetSwitches


T = TypeVar("T", bound="RuleSet")


@_attrs_define
class RuleSet:
    """
    Attributes:
        name (str):
        description (str):
        switches (RuleSetSwitches): Every switch and its value in this preset.
    """

    name: str
    description: str
    switches: RuleSetSwitches
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        switches = self.switches.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "description": description,
                "switches": switches,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_set_switches import RuleSetSwitches  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        switches = RuleSetSwitches.from_dict(d.pop("switches"))

        rule_set = cls(
            name=name,
            description=description,
            switches=switches,
        )

        rule_set.additional_properties = d
        return rule_set

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

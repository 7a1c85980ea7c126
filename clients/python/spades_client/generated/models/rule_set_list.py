from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rule_set import RuleSet
    from ..models.rule_set_list_switches import RuleSetListSwitches


T = TypeVar("T", bound="RuleSetList")


@_attrs_define
class RuleSetList:
    """
    Attributes:
        presets (list[RuleSet]):
        switches (RuleSetListSwitches): What every switch means.
    """

    presets: list[RuleSet]
    switches: RuleSetListSwitches
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        presets = []
        for presets_item_data in self.presets:
            presets_item = presets_item_data.to_dict()
            presets.append(presets_item)

        switches = self.switches.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "presets": presets,
                "switches": switches,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_set import RuleSet  # noqa: PLC0415
        from ..models.rule_set_list_switches import RuleSetListSwitches  # noqa: PLC0415

        d = dict(src_dict)
        presets = []
        _presets = d.pop("presets")
        for presets_item_data in _presets:
            presets_item = RuleSet.from_dict(presets_item_data)

            presets.append(presets_item)

        switches = RuleSetListSwitches.from_dict(d.pop("switches"))

        rule_set_list = cls(
            presets=presets,
            switches=switches,
        )

        rule_set_list.additional_properties = d
        return rule_set_list

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

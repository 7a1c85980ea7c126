from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level_enum import BotLevelEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="LadderJoinRequest")


@_attrs_define
class LadderJoinRequest:
    """
    Attributes:
        bot_level (BotLevelEnum | Unset): * `easy` - easy
            * `normal` - normal
            * `hard` - hard
        name (str | Unset): A built-in bot's name on the ladder.
    """

    bot_level: BotLevelEnum | Unset = UNSET
    name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot_level: str | Unset = UNSET
        if not isinstance(self.bot_level, Unset):
            bot_level = self.bot_level.value

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if bot_level is not UNSET:
            field_dict["bot_level"] = bot_level
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _bot_level = d.pop("bot_level", UNSET)
        bot_level: BotLevelEnum | Unset
        if isinstance(_bot_level, Unset):
            bot_level = UNSET
        else:
            bot_level = BotLevelEnum(_bot_level)

        name = d.pop("name", UNSET)

        ladder_join_request = cls(
            bot_level=bot_level,
            name=name,
        )

        ladder_join_request.additional_properties = d
        return ladder_join_request

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.entry_create_request_members_item_type_1_bot_level import EntryCreateRequestMembersItemType1BotLevel

T = TypeVar("T", bound="EntryCreateRequestMembersItemType1")


@_attrs_define
class EntryCreateRequestMembersItemType1:
    """
    Attributes:
        bot_level (EntryCreateRequestMembersItemType1BotLevel): A built-in bot.
    """

    bot_level: EntryCreateRequestMembersItemType1BotLevel

    def to_dict(self) -> dict[str, Any]:
        bot_level = self.bot_level.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bot_level": bot_level,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot_level = EntryCreateRequestMembersItemType1BotLevel(d.pop("bot_level"))

        entry_create_request_members_item_type_1 = cls(
            bot_level=bot_level,
        )

        return entry_create_request_members_item_type_1

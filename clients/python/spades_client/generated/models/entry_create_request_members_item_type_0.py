from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="EntryCreateRequestMembersItemType0")


@_attrs_define
class EntryCreateRequestMembersItemType0:
    """
    Attributes:
        player (str): A player's name, or 'me' for yourself.
    """

    player: str

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        entry_create_request_members_item_type_0 = cls(
            player=player,
        )

        return entry_create_request_members_item_type_0

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.entry_create_request_members_item_type_0 import EntryCreateRequestMembersItemType0
    from ..models.entry_create_request_members_item_type_1 import EntryCreateRequestMembersItemType1


T = TypeVar("T", bound="EntryCreateRequest")


@_attrs_define
class EntryCreateRequest:
    """
    Attributes:
        name (str): The entry's name in this tournament.
        members (list[EntryCreateRequestMembersItemType0 | EntryCreateRequestMembersItemType1]): Two for a partnership
            game, one for cutthroat.
    """

    name: str
    members: list[EntryCreateRequestMembersItemType0 | EntryCreateRequestMembersItemType1]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.entry_create_request_members_item_type_0 import EntryCreateRequestMembersItemType0  # noqa: PLC0415

        name = self.name

        members = []
        for members_item_data in self.members:
            members_item: dict[str, Any]
            if isinstance(members_item_data, EntryCreateRequestMembersItemType0):
                members_item = members_item_data.to_dict()
            else:
                members_item = members_item_data.to_dict()

            members.append(members_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "members": members,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entry_create_request_members_item_type_0 import EntryCreateRequestMembersItemType0  # noqa: PLC0415
        from ..models.entry_create_request_members_item_type_1 import EntryCreateRequestMembersItemType1  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        members = []
        _members = d.pop("members")
        for members_item_data in _members:

            def _parse_members_item(
                data: object,
            ) -> EntryCreateRequestMembersItemType0 | EntryCreateRequestMembersItemType1:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    members_item_type_0 = EntryCreateRequestMembersItemType0.from_dict(data)

                    return members_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                members_item_type_1 = EntryCreateRequestMembersItemType1.from_dict(data)

                return members_item_type_1

            members_item = _parse_members_item(members_item_data)

            members.append(members_item)

        entry_create_request = cls(
            name=name,
            members=members,
        )

        entry_create_request.additional_properties = d
        return entry_create_request

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

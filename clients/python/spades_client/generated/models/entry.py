from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.member_out import MemberOut


T = TypeVar("T", bound="Entry")


@_attrs_define
class Entry:
    """
    Attributes:
        id (int):
        name (str):
        seed (int | None): 1 is the top seed; set when the tournament starts.
        rating (float): Seeding strength: the members' best ladder ratings.
        withdrawn (bool):
        members (list[MemberOut]):
    """

    id: int
    name: str
    seed: int | None
    rating: float
    withdrawn: bool
    members: list[MemberOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        seed: int | None
        seed = self.seed

        rating = self.rating

        withdrawn = self.withdrawn

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "seed": seed,
                "rating": rating,
                "withdrawn": withdrawn,
                "members": members,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.member_out import MemberOut  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        def _parse_seed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seed = _parse_seed(d.pop("seed"))

        rating = d.pop("rating")

        withdrawn = d.pop("withdrawn")

        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = MemberOut.from_dict(members_item_data)

            members.append(members_item)

        entry = cls(
            id=id,
            name=name,
            seed=seed,
            rating=rating,
            withdrawn=withdrawn,
            members=members,
        )

        entry.additional_properties = d
        return entry

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

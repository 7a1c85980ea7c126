from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.accepts_challenges_enum import AcceptsChallengesEnum

T = TypeVar("T", bound="PlayerCreated")


@_attrs_define
class PlayerCreated:
    """
    Attributes:
        id (UUID):
        name (str):
        kind (str):
        created_at (datetime.datetime):
        accepts_challenges (AcceptsChallengesEnum): * `all` - All
            * `none` - None
        token (str): Your API token. It is shown this once: keep it. Send it as 'Authorization: Bearer YOUR_TOKEN'.
    """

    id: UUID
    name: str
    kind: str
    created_at: datetime.datetime
    accepts_challenges: AcceptsChallengesEnum
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        kind = self.kind

        created_at = self.created_at.isoformat()

        accepts_challenges = self.accepts_challenges.value

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "kind": kind,
                "created_at": created_at,
                "accepts_challenges": accepts_challenges,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        kind = d.pop("kind")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        accepts_challenges = AcceptsChallengesEnum(d.pop("accepts_challenges"))

        token = d.pop("token")

        player_created = cls(
            id=id,
            name=name,
            kind=kind,
            created_at=created_at,
            accepts_challenges=accepts_challenges,
            token=token,
        )

        player_created.additional_properties = d
        return player_created

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

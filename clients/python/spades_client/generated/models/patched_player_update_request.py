from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.accepts_challenges_enum import AcceptsChallengesEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedPlayerUpdateRequest")


@_attrs_define
class PatchedPlayerUpdateRequest:
    """
    Attributes:
        accepts_challenges (AcceptsChallengesEnum | Unset): * `all` - All
            * `none` - None
    """

    accepts_challenges: AcceptsChallengesEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        accepts_challenges: str | Unset = UNSET
        if not isinstance(self.accepts_challenges, Unset):
            accepts_challenges = self.accepts_challenges.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if accepts_challenges is not UNSET:
            field_dict["accepts_challenges"] = accepts_challenges

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _accepts_challenges = d.pop("accepts_challenges", UNSET)
        accepts_challenges: AcceptsChallengesEnum | Unset
        if isinstance(_accepts_challenges, Unset):
            accepts_challenges = UNSET
        else:
            accepts_challenges = AcceptsChallengesEnum(_accepts_challenges)

        patched_player_update_request = cls(
            accepts_challenges=accepts_challenges,
        )

        patched_player_update_request.additional_properties = d
        return patched_player_update_request

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

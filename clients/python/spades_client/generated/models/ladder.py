from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ladder_rules import LadderRules


T = TypeVar("T", bound="Ladder")


@_attrs_define
class Ladder:
    """
    Attributes:
        id (UUID):
        name (str):
        preset (str):
        rules (LadderRules):
        games_per_hour (float):
        max_concurrent_games (int):
        active (bool): false: paused by its creator, it opens no games.
        created_by (str):
        created_at (datetime.datetime):
        entries (int): Bots taking part now.
    """

    id: UUID
    name: str
    preset: str
    rules: LadderRules
    games_per_hour: float
    max_concurrent_games: int
    active: bool
    created_by: str
    created_at: datetime.datetime
    entries: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        preset = self.preset

        rules = self.rules.to_dict()

        games_per_hour = self.games_per_hour

        max_concurrent_games = self.max_concurrent_games

        active = self.active

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        entries = self.entries

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "preset": preset,
                "rules": rules,
                "games_per_hour": games_per_hour,
                "max_concurrent_games": max_concurrent_games,
                "active": active,
                "created_by": created_by,
                "created_at": created_at,
                "entries": entries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ladder_rules import LadderRules  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        preset = d.pop("preset")

        rules = LadderRules.from_dict(d.pop("rules"))

        games_per_hour = d.pop("games_per_hour")

        max_concurrent_games = d.pop("max_concurrent_games")

        active = d.pop("active")

        created_by = d.pop("created_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        entries = d.pop("entries")

        ladder = cls(
            id=id,
            name=name,
            preset=preset,
            rules=rules,
            games_per_hour=games_per_hour,
            max_concurrent_games=max_concurrent_games,
            active=active,
            created_by=created_by,
            created_at=created_at,
            entries=entries,
        )

        ladder.additional_properties = d
        return ladder

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

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seek_status_enum import SeekStatusEnum

if TYPE_CHECKING:
    from ..models.seek_rules import SeekRules


T = TypeVar("T", bound="Seek")


@_attrs_define
class Seek:
    """
    Attributes:
        id (UUID):
        preset (str):
        rules (SeekRules): Every switch of the table's rule set.
        bot_level (str):
        rating (float | None): Your ladder rating for this preset, which pairing goes by (null: you are on no such
            ladder).
        fill_with_bots_after (int):
        fill_at (datetime.datetime): When the empty seats go to bots if nobody else comes.
        status (SeekStatusEnum): * `waiting` - Waiting
            * `matched` - Matched
            * `cancelled` - Cancelled
        table (None | UUID): The table, once paired.
        created_at (datetime.datetime):
    """

    id: UUID
    preset: str
    rules: SeekRules
    bot_level: str
    rating: float | None
    fill_with_bots_after: int
    fill_at: datetime.datetime
    status: SeekStatusEnum
    table: None | UUID
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        preset = self.preset

        rules = self.rules.to_dict()

        bot_level = self.bot_level

        rating: float | None
        rating = self.rating

        fill_with_bots_after = self.fill_with_bots_after

        fill_at = self.fill_at.isoformat()

        status = self.status.value

        table: None | str
        if isinstance(self.table, UUID):
            table = str(self.table)
        else:
            table = self.table

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "preset": preset,
                "rules": rules,
                "bot_level": bot_level,
                "rating": rating,
                "fill_with_bots_after": fill_with_bots_after,
                "fill_at": fill_at,
                "status": status,
                "table": table,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seek_rules import SeekRules  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        preset = d.pop("preset")

        rules = SeekRules.from_dict(d.pop("rules"))

        bot_level = d.pop("bot_level")

        def _parse_rating(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rating = _parse_rating(d.pop("rating"))

        fill_with_bots_after = d.pop("fill_with_bots_after")

        fill_at = datetime.datetime.fromisoformat(d.pop("fill_at"))

        status = SeekStatusEnum(d.pop("status"))

        def _parse_table(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                table_type_0 = UUID(data)

                return table_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        table = _parse_table(d.pop("table"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        seek = cls(
            id=id,
            preset=preset,
            rules=rules,
            bot_level=bot_level,
            rating=rating,
            fill_with_bots_after=fill_with_bots_after,
            fill_at=fill_at,
            status=status,
            table=table,
            created_at=created_at,
        )

        seek.additional_properties = d
        return seek

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

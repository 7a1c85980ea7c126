from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_level_enum import BotLevelEnum

T = TypeVar("T", bound="BotSeat")


@_attrs_define
class BotSeat:
    """A seat kept for a built-in bot.

    Attributes:
        type_ (Literal['bot']):
        level (BotLevelEnum): * `easy` - easy
            * `normal` - normal
            * `hard` - hard
    """

    type_: Literal["bot"]
    level: BotLevelEnum

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        level = self.level.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "level": level,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["bot"], d.pop("type"))
        if type_ != "bot":
            raise ValueError(f"type must match const 'bot', got '{type_}'")

        level = BotLevelEnum(d.pop("level"))

        bot_seat = cls(
            type_=type_,
            level=level,
        )

        return bot_seat

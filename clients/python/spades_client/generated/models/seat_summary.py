from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.state_enum import StateEnum

T = TypeVar("T", bound="SeatSummary")


@_attrs_define
class SeatSummary:
    """
    Attributes:
        seat (int):
        state (StateEnum): * `open` - open
            * `player` - player
            * `bot` - bot
        player (None | str):
        kind (None | str):
        bot_level (None | str):
        replaced_by_bot (bool): A bot plays this player's seat after repeated timeouts; the player takes it back by
            acting or with takeback/.
    """

    seat: int
    state: StateEnum
    player: None | str
    kind: None | str
    bot_level: None | str
    replaced_by_bot: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        state = self.state.value

        player: None | str
        player = self.player

        kind: None | str
        kind = self.kind

        bot_level: None | str
        bot_level = self.bot_level

        replaced_by_bot = self.replaced_by_bot

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "state": state,
                "player": player,
                "kind": kind,
                "bot_level": bot_level,
                "replaced_by_bot": replaced_by_bot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        state = StateEnum(d.pop("state"))

        def _parse_player(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        player = _parse_player(d.pop("player"))

        def _parse_kind(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        kind = _parse_kind(d.pop("kind"))

        def _parse_bot_level(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot_level = _parse_bot_level(d.pop("bot_level"))

        replaced_by_bot = d.pop("replaced_by_bot")

        seat_summary = cls(
            seat=seat,
            state=state,
            player=player,
            kind=kind,
            bot_level=bot_level,
            replaced_by_bot=replaced_by_bot,
        )

        seat_summary.additional_properties = d
        return seat_summary

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

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ladder_create_request_overrides import LadderCreateRequestOverrides


T = TypeVar("T", bound="LadderCreateRequest")


@_attrs_define
class LadderCreateRequest:
    """
    Attributes:
        name (str):
        preset (PresetEnum | Unset): * `standard` - standard
            * `easy` - easy
            * `classic` - classic
            * `yahoo` - yahoo
            * `suicide` - suicide
            * `double_nil_pass` - double_nil_pass
            * `mirror` - mirror
            * `whiz` - whiz
            * `cutthroat` - cutthroat
            * `cutthroat3` - cutthroat3
            * `speed` - speed
            * `short` - short Default: PresetEnum.STANDARD.
        overrides (LadderCreateRequestOverrides | Unset): Switches to change from the preset, as for tables
            (move_seconds for a clock). Default clock: 10 s a move.
        games_per_hour (float | Unset):  Default: 60.0.
        max_concurrent_games (int | Unset):  Default: 4.
    """

    name: str
    preset: PresetEnum | Unset = PresetEnum.STANDARD
    overrides: LadderCreateRequestOverrides | Unset = UNSET
    games_per_hour: float | Unset = 60.0
    max_concurrent_games: int | Unset = 4
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        overrides: dict[str, Any] | Unset = UNSET
        if not isinstance(self.overrides, Unset):
            overrides = self.overrides.to_dict()

        games_per_hour = self.games_per_hour

        max_concurrent_games = self.max_concurrent_games

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if preset is not UNSET:
            field_dict["preset"] = preset
        if overrides is not UNSET:
            field_dict["overrides"] = overrides
        if games_per_hour is not UNSET:
            field_dict["games_per_hour"] = games_per_hour
        if max_concurrent_games is not UNSET:
            field_dict["max_concurrent_games"] = max_concurrent_games

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ladder_create_request_overrides import LadderCreateRequestOverrides  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        _preset = d.pop("preset", UNSET)
        preset: PresetEnum | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = PresetEnum(_preset)

        _overrides = d.pop("overrides", UNSET)
        overrides: LadderCreateRequestOverrides | Unset
        if isinstance(_overrides, Unset):
            overrides = UNSET
        else:
            overrides = LadderCreateRequestOverrides.from_dict(_overrides)

        games_per_hour = d.pop("games_per_hour", UNSET)

        max_concurrent_games = d.pop("max_concurrent_games", UNSET)

        ladder_create_request = cls(
            name=name,
            preset=preset,
            overrides=overrides,
            games_per_hour=games_per_hour,
            max_concurrent_games=max_concurrent_games,
        )

        ladder_create_request.additional_properties = d
        return ladder_create_request

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

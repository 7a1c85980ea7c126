from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level_enum import BotLevelEnum
from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.seek_create_request_overrides import SeekCreateRequestOverrides


T = TypeVar("T", bound="SeekCreateRequest")


@_attrs_define
class SeekCreateRequest:
    """The rule set and clock of a challenge or a seek.

    Attributes:
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
        overrides (SeekCreateRequestOverrides | Unset): Switches to change from the preset (see GET /api/v1/rulesets/);
            a combination that cannot be played is refused with invalid_rules.
        move_seconds (float | None | Unset): The move clock in seconds; null or absent: the preset's own (none for
            most).
        bot_level (BotLevelEnum | Unset): * `easy` - easy
            * `normal` - normal
            * `hard` - hard Default: BotLevelEnum.NORMAL.
        fill_with_bots_after (int | Unset): Seconds to wait for other seekers; then the table opens with whoever seeks
            the same rule set and built-in bots in the other seats. Default: 30.
    """

    preset: PresetEnum | Unset = PresetEnum.STANDARD
    overrides: SeekCreateRequestOverrides | Unset = UNSET
    move_seconds: float | None | Unset = UNSET
    bot_level: BotLevelEnum | Unset = BotLevelEnum.NORMAL
    fill_with_bots_after: int | Unset = 30
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        overrides: dict[str, Any] | Unset = UNSET
        if not isinstance(self.overrides, Unset):
            overrides = self.overrides.to_dict()

        move_seconds: float | None | Unset
        if isinstance(self.move_seconds, Unset):
            move_seconds = UNSET
        else:
            move_seconds = self.move_seconds

        bot_level: str | Unset = UNSET
        if not isinstance(self.bot_level, Unset):
            bot_level = self.bot_level.value

        fill_with_bots_after = self.fill_with_bots_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if preset is not UNSET:
            field_dict["preset"] = preset
        if overrides is not UNSET:
            field_dict["overrides"] = overrides
        if move_seconds is not UNSET:
            field_dict["move_seconds"] = move_seconds
        if bot_level is not UNSET:
            field_dict["bot_level"] = bot_level
        if fill_with_bots_after is not UNSET:
            field_dict["fill_with_bots_after"] = fill_with_bots_after

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seek_create_request_overrides import SeekCreateRequestOverrides  # noqa: PLC0415

        d = dict(src_dict)
        _preset = d.pop("preset", UNSET)
        preset: PresetEnum | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = PresetEnum(_preset)

        _overrides = d.pop("overrides", UNSET)
        overrides: SeekCreateRequestOverrides | Unset
        if isinstance(_overrides, Unset):
            overrides = UNSET
        else:
            overrides = SeekCreateRequestOverrides.from_dict(_overrides)

        def _parse_move_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        move_seconds = _parse_move_seconds(d.pop("move_seconds", UNSET))

        _bot_level = d.pop("bot_level", UNSET)
        bot_level: BotLevelEnum | Unset
        if isinstance(_bot_level, Unset):
            bot_level = UNSET
        else:
            bot_level = BotLevelEnum(_bot_level)

        fill_with_bots_after = d.pop("fill_with_bots_after", UNSET)

        seek_create_request = cls(
            preset=preset,
            overrides=overrides,
            move_seconds=move_seconds,
            bot_level=bot_level,
            fill_with_bots_after=fill_with_bots_after,
        )

        seek_create_request.additional_properties = d
        return seek_create_request

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

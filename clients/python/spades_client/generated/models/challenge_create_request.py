from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level_enum import BotLevelEnum
from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.challenge_create_request_overrides import ChallengeCreateRequestOverrides


T = TypeVar("T", bound="ChallengeCreateRequest")


@_attrs_define
class ChallengeCreateRequest:
    """The rule set and clock of a challenge or a seek.

    Attributes:
        opponent (str): The name of the account you challenge (a person or a bot account), or bot:easy, bot:normal or
            bot:hard for a built-in bot of that level, which answers at once.
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
        overrides (ChallengeCreateRequestOverrides | Unset): Switches to change from the preset (see GET
            /api/v1/rulesets/); a combination that cannot be played is refused with invalid_rules.
        move_seconds (float | None | Unset): The move clock in seconds; null or absent: the preset's own (none for
            most).
        bot_level (BotLevelEnum | Unset): * `easy` - easy
            * `normal` - normal
            * `hard` - hard Default: BotLevelEnum.NORMAL.
        seat (int | Unset): Your seat. Default: 0.
        opponent_seat (int | Unset): Their seat; default: the next seat clockwise from yours (on the other side).
        expires_in (int | Unset): Seconds they have to answer. Default: 300.
    """

    opponent: str
    preset: PresetEnum | Unset = PresetEnum.STANDARD
    overrides: ChallengeCreateRequestOverrides | Unset = UNSET
    move_seconds: float | None | Unset = UNSET
    bot_level: BotLevelEnum | Unset = BotLevelEnum.NORMAL
    seat: int | Unset = 0
    opponent_seat: int | Unset = UNSET
    expires_in: int | Unset = 300
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        opponent = self.opponent

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

        seat = self.seat

        opponent_seat = self.opponent_seat

        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "opponent": opponent,
            }
        )
        if preset is not UNSET:
            field_dict["preset"] = preset
        if overrides is not UNSET:
            field_dict["overrides"] = overrides
        if move_seconds is not UNSET:
            field_dict["move_seconds"] = move_seconds
        if bot_level is not UNSET:
            field_dict["bot_level"] = bot_level
        if seat is not UNSET:
            field_dict["seat"] = seat
        if opponent_seat is not UNSET:
            field_dict["opponent_seat"] = opponent_seat
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_create_request_overrides import ChallengeCreateRequestOverrides  # noqa: PLC0415

        d = dict(src_dict)
        opponent = d.pop("opponent")

        _preset = d.pop("preset", UNSET)
        preset: PresetEnum | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = PresetEnum(_preset)

        _overrides = d.pop("overrides", UNSET)
        overrides: ChallengeCreateRequestOverrides | Unset
        if isinstance(_overrides, Unset):
            overrides = UNSET
        else:
            overrides = ChallengeCreateRequestOverrides.from_dict(_overrides)

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

        seat = d.pop("seat", UNSET)

        opponent_seat = d.pop("opponent_seat", UNSET)

        expires_in = d.pop("expires_in", UNSET)

        challenge_create_request = cls(
            opponent=opponent,
            preset=preset,
            overrides=overrides,
            move_seconds=move_seconds,
            bot_level=bot_level,
            seat=seat,
            opponent_seat=opponent_seat,
            expires_in=expires_in,
        )

        challenge_create_request.additional_properties = d
        return challenge_create_request

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.error_code_enum import ErrorCodeEnum

T = TypeVar("T", bound="ErrorCatalogEntry")


@_attrs_define
class ErrorCatalogEntry:
    """
    Attributes:
        code (ErrorCodeEnum): * `invalid` - invalid
            * `parse_error` - parse_error
            * `json_too_deep` - json_too_deep
            * `payload_too_large` - payload_too_large
            * `not_authenticated` - not_authenticated
            * `authentication_failed` - authentication_failed
            * `permission_denied` - permission_denied
            * `not_found` - not_found
            * `method_not_allowed` - method_not_allowed
            * `not_acceptable` - not_acceptable
            * `unsupported_media_type` - unsupported_media_type
            * `throttled` - throttled
            * `name_taken` - name_taken
            * `invalid_rules` - invalid_rules
            * `stale_seq` - stale_seq
            * `table_not_open` - table_not_open
            * `table_full` - table_full
            * `seat_taken` - seat_taken
            * `already_seated` - already_seated
            * `not_a_player_here` - not_a_player_here
            * `game_not_started` - game_not_started
            * `hand_not_finished` - hand_not_finished
            * `board_in_play` - board_in_play
            * `idempotency_key_reused` - idempotency_key_reused
            * `registration_closed` - registration_closed
            * `registration_not_open` - registration_not_open
            * `already_registered` - already_registered
            * `tournament_full` - tournament_full
            * `tournament_started` - tournament_started
            * `tournament_over` - tournament_over
            * `too_few_entries` - too_few_entries
            * `entry_size` - entry_size
            * `unknown_player` - unknown_player
            * `not_a_bot_account` - not_a_bot_account
            * `already_on_ladder` - already_on_ladder
            * `challenge_not_pending` - challenge_not_pending
            * `challenge_expired` - challenge_expired
            * `seek_exists` - seek_exists
            * `seek_not_waiting` - seek_not_waiting
            * `too_many_open_tables` - too_many_open_tables
            * `too_many_tournaments` - too_many_tournaments
            * `too_many_ladders` - too_many_ladders
            * `too_many_challenges` - too_many_challenges
            * `too_many_challenges_to_opponent` - too_many_challenges_to_opponent
            * `challenge_refused` - challenge_refused
            * `service_unavailable` - service_unavailable
            * `server_error` - server_error
            * `not_your_turn` - not_your_turn
            * `wrong_phase` - wrong_phase
            * `game_over` - game_over
            * `not_seated` - not_seated
            * `unknown_action` - unknown_action
            * `unknown_card` - unknown_card
            * `card_not_in_hand` - card_not_in_hand
            * `must_follow_suit` - must_follow_suit
            * `spades_not_broken` - spades_not_broken
            * `no_spades_first_trick` - no_spades_first_trick
            * `bid_out_of_range` - bid_out_of_range
            * `nil_not_allowed` - nil_not_allowed
            * `blind_not_allowed` - blind_not_allowed
            * `cards_already_seen` - cards_already_seen
            * `bid_must_equal_spades` - bid_must_equal_spades
            * `bid_must_be_spades_or_nil` - bid_must_be_spades_or_nil
            * `nil_required` - nil_required
            * `below_board` - below_board
            * `bid_total_equals_tricks` - bid_total_equals_tricks
            * `no_exchange_due` - no_exchange_due
            * `already_exchanged` - already_exchanged
            * `wrong_exchange_count` - wrong_exchange_count
            * `duplicate_card` - duplicate_card
        status (int): The HTTP status the code is sent with.
        en (str): The message in English (the detail when there are no particulars).
        ja (str): The message in Japanese.
        description (str): When the code is sent.
        title_en (str): The title in English: the short kind of error.
        title_ja (str): The title in Japanese.
    """

    code: ErrorCodeEnum
    status: int
    en: str
    ja: str
    description: str
    title_en: str
    title_ja: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        status = self.status

        en = self.en

        ja = self.ja

        description = self.description

        title_en = self.title_en

        title_ja = self.title_ja

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "status": status,
                "en": en,
                "ja": ja,
                "description": description,
                "title_en": title_en,
                "title_ja": title_ja,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = ErrorCodeEnum(d.pop("code"))

        status = d.pop("status")

        en = d.pop("en")

        ja = d.pop("ja")

        description = d.pop("description")

        title_en = d.pop("title_en")

        title_ja = d.pop("title_ja")

        error_catalog_entry = cls(
            code=code,
            status=status,
            en=en,
            ja=ja,
            description=description,
            title_en=title_en,
            title_ja=title_ja,
        )

        error_catalog_entry.additional_properties = d
        return error_catalog_entry

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

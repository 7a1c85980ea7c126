from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.error_code_enum import ErrorCodeEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_errors import ProblemErrors
    from ..models.problem_params import ProblemParams


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """RFC 9457 problem details with a stable machine ``code``.

    Attributes:
        type_ (str): A URI reference naming the error (/api/v1/errors/#CODE).
        title (str): A short message in the request's language (en or ja).
        status (int):
        detail (str):
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
        errors (ProblemErrors | Unset): Field errors: field name to messages.
        params (ProblemParams | Unset): The particulars of this refusal that 'detail' quotes, for programs: the bids
            allowed (low, high), the suit to follow, the seat whose turn it is, the seq you sent (sent)…
        seq (int | Unset): With stale_seq: the table's current seq.
        retry_after (int | Unset): With throttled or service_unavailable: seconds to wait before retrying (as in the
            Retry-After header).
        request_id (str | Unset): The request's X-Request-ID, to quote when reporting a problem (a replayed Idempotency-
            Key response keeps the first's).
    """

    type_: str
    title: str
    status: int
    detail: str
    code: ErrorCodeEnum
    errors: ProblemErrors | Unset = UNSET
    params: ProblemParams | Unset = UNSET
    seq: int | Unset = UNSET
    retry_after: int | Unset = UNSET
    request_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code = self.code.value

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        params: dict[str, Any] | Unset = UNSET
        if not isinstance(self.params, Unset):
            params = self.params.to_dict()

        seq = self.seq

        retry_after = self.retry_after

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
            }
        )
        if errors is not UNSET:
            field_dict["errors"] = errors
        if params is not UNSET:
            field_dict["params"] = params
        if seq is not UNSET:
            field_dict["seq"] = seq
        if retry_after is not UNSET:
            field_dict["retry_after"] = retry_after
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors import ProblemErrors  # noqa: PLC0415
        from ..models.problem_params import ProblemParams  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = ErrorCodeEnum(d.pop("code"))

        _errors = d.pop("errors", UNSET)
        errors: ProblemErrors | Unset
        if isinstance(_errors, Unset):
            errors = UNSET
        else:
            errors = ProblemErrors.from_dict(_errors)

        _params = d.pop("params", UNSET)
        params: ProblemParams | Unset
        if isinstance(_params, Unset):
            params = UNSET
        else:
            params = ProblemParams.from_dict(_params)

        seq = d.pop("seq", UNSET)

        retry_after = d.pop("retry_after", UNSET)

        request_id = d.pop("request_id", UNSET)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            errors=errors,
            params=params,
            seq=seq,
            retry_after=retry_after,
            request_id=request_id,
        )

        problem.additional_properties = d
        return problem

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

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.match_status_enum import MatchStatusEnum
from ..models.result_enum import ResultEnum

if TYPE_CHECKING:
    from ..models.match_boards_type_0 import MatchBoardsType0
    from ..models.match_entry import MatchEntry


T = TypeVar("T", bound="Match")


@_attrs_define
class Match:
    """
    Attributes:
        number (int):
        bracket (None | str): Double elimination: winners, losers, final.
        label (str): What people call the match (Semi-final 1, Round 2 Board 3, Bye, …), in the language of Accept-
            Language (en or ja); for display only: number, bracket and the round identify it.
        entries (list[MatchEntry]): By side (side 0 first); one alone is a bye.
        table (None | UUID): The game (GET /api/v1/tables/{id}/).
        status (MatchStatusEnum): * `playing` - playing
            * `finished` - finished
            * `abandoned` - abandoned
        result (None | ResultEnum):
        scores (list[float]): Final points by side. Duplicate: empty, and result, winner and boards null, until every
            table of the round has finished (one table's scores would tell the others how the boards lie).
        winner (int | None): The winning entry's id.
        boards (MatchBoardsType0 | None): Duplicate: board number -> points by side.
    """

    number: int
    bracket: None | str
    label: str
    entries: list[MatchEntry]
    table: None | UUID
    status: MatchStatusEnum
    result: None | ResultEnum
    scores: list[float]
    winner: int | None
    boards: MatchBoardsType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.match_boards_type_0 import MatchBoardsType0  # noqa: PLC0415

        number = self.number

        bracket: None | str
        bracket = self.bracket

        label = self.label

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        table: None | str
        if isinstance(self.table, UUID):
            table = str(self.table)
        else:
            table = self.table

        status = self.status.value

        result: None | str
        if isinstance(self.result, ResultEnum):
            result = self.result.value
        else:
            result = self.result

        scores = self.scores

        winner: int | None
        winner = self.winner

        boards: dict[str, Any] | None
        if isinstance(self.boards, MatchBoardsType0):
            boards = self.boards.to_dict()
        else:
            boards = self.boards

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "bracket": bracket,
                "label": label,
                "entries": entries,
                "table": table,
                "status": status,
                "result": result,
                "scores": scores,
                "winner": winner,
                "boards": boards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_boards_type_0 import MatchBoardsType0  # noqa: PLC0415
        from ..models.match_entry import MatchEntry  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        def _parse_bracket(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bracket = _parse_bracket(d.pop("bracket"))

        label = d.pop("label")

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = MatchEntry.from_dict(entries_item_data)

            entries.append(entries_item)

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

        status = MatchStatusEnum(d.pop("status"))

        def _parse_result(data: object) -> None | ResultEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                result_type_0 = ResultEnum(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultEnum, data)

        result = _parse_result(d.pop("result"))

        scores = cast(list[float], d.pop("scores"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        def _parse_boards(data: object) -> MatchBoardsType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                boards_type_0 = MatchBoardsType0.from_dict(data)

                return boards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchBoardsType0 | None, data)

        boards = _parse_boards(d.pop("boards"))

        match = cls(
            number=number,
            bracket=bracket,
            label=label,
            entries=entries,
            table=table,
            status=status,
            result=result,
            scores=scores,
            winner=winner,
            boards=boards,
        )

        match.additional_properties = d
        return match

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

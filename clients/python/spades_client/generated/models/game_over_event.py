from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GameOverEvent")


@_attrs_define
class GameOverEvent:
    """The game is decided.

    Attributes:
        type_ (Literal['game_over']): Always game_over.
        winner (int | None): The winning side (an index into the sides); null for a draw.
        result (str): win, draw, boston, resign or abandoned.
        scores (list[int]): Each side's final score.
    """

    type_: Literal["game_over"]
    winner: int | None
    result: str
    scores: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        winner: int | None
        winner = self.winner

        result = self.result

        scores = self.scores

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "winner": winner,
                "result": result,
                "scores": scores,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["game_over"], d.pop("type"))
        if type_ != "game_over":
            raise ValueError(f"type must match const 'game_over', got '{type_}'")

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        result = d.pop("result")

        scores = cast(list[int], d.pop("scores"))

        game_over_event = cls(
            type_=type_,
            winner=winner,
            result=result,
            scores=scores,
        )

        game_over_event.additional_properties = d
        return game_over_event

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

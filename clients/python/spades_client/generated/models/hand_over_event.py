from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.side_score import SideScore


T = TypeVar("T", bound="HandOverEvent")


@_attrs_define
class HandOverEvent:
    """The last trick of a hand is taken and the hand is scored.

    Attributes:
        type_ (Literal['hand_over']): Always hand_over.
        hand (int): The hand's number, from 1.
        sides (list[SideScore]): Each side's score for the hand, line by line.
        scores (list[int]): Each side's total after the hand.
        bags (list[int]): Each side's bags after the hand.
    """

    type_: Literal["hand_over"]
    hand: int
    sides: list[SideScore]
    scores: list[int]
    bags: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        hand = self.hand

        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)

        scores = self.scores

        bags = self.bags

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "hand": hand,
                "sides": sides,
                "scores": scores,
                "bags": bags,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.side_score import SideScore  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["hand_over"], d.pop("type"))
        if type_ != "hand_over":
            raise ValueError(f"type must match const 'hand_over', got '{type_}'")

        hand = d.pop("hand")

        sides = []
        _sides = d.pop("sides")
        for sides_item_data in _sides:
            sides_item = SideScore.from_dict(sides_item_data)

            sides.append(sides_item)

        scores = cast(list[int], d.pop("scores"))

        bags = cast(list[int], d.pop("bags"))

        hand_over_event = cls(
            type_=type_,
            hand=hand,
            sides=sides,
            scores=scores,
            bags=bags,
        )

        hand_over_event.additional_properties = d
        return hand_over_event

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TrickEvent")


@_attrs_define
class TrickEvent:
    """The trick is complete and its winner takes it (and leads the next).

    Attributes:
        type_ (Literal['trick']): Always trick.
        number (int): The trick's number in the hand, from 1.
        leader (int):
        cards (list[str]): In the order played, from the leader.
        winner (int):
    """

    type_: Literal["trick"]
    number: int
    leader: int
    cards: list[str]
    winner: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        number = self.number

        leader = self.leader

        cards = self.cards

        winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "number": number,
                "leader": leader,
                "cards": cards,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["trick"], d.pop("type"))
        if type_ != "trick":
            raise ValueError(f"type must match const 'trick', got '{type_}'")

        number = d.pop("number")

        leader = d.pop("leader")

        cards = cast(list[str], d.pop("cards"))

        winner = d.pop("winner")

        trick_event = cls(
            type_=type_,
            number=number,
            leader=leader,
            cards=cards,
            winner=winner,
        )

        trick_event.additional_properties = d
        return trick_event

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

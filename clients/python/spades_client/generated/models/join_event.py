from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="JoinEvent")


@_attrs_define
class JoinEvent:
    """A player takes a seat.

    Attributes:
        type_ (Literal['join']): Always join.
        seat (int):
        player (str): The player's name.
        kind (str): human or bot: the kind of account (a built-in bot takes its seat without joining).
    """

    type_: Literal["join"]
    seat: int
    player: str
    kind: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat = self.seat

        player = self.player

        kind = self.kind

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "player": player,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["join"], d.pop("type"))
        if type_ != "join":
            raise ValueError(f"type must match const 'join', got '{type_}'")

        seat = d.pop("seat")

        player = d.pop("player")

        kind = d.pop("kind")

        join_event = cls(
            type_=type_,
            seat=seat,
            player=player,
            kind=kind,
        )

        join_event.additional_properties = d
        return join_event

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

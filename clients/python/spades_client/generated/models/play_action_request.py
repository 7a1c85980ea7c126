from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayActionRequest")


@_attrs_define
class PlayActionRequest:
    """Lead or follow with a card.

    Attributes:
        type_ (Literal['play']): Always play.
        seq (int): The table's seq as you last saw it.
        card (str): Rank then suit: ranks 23456789TJQKA, suits CDHS (QS, TH, 2C); jokers BJ, LJ.
    """

    type_: Literal["play"]
    seq: int
    card: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seq = self.seq

        card = self.card

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seq": seq,
                "card": card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["play"], d.pop("type"))
        if type_ != "play":
            raise ValueError(f"type must match const 'play', got '{type_}'")

        seq = d.pop("seq")

        card = d.pop("card")

        play_action_request = cls(
            type_=type_,
            seq=seq,
            card=card,
        )

        play_action_request.additional_properties = d
        return play_action_request

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

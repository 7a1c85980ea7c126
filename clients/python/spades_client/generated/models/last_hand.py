from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bid import Bid


T = TypeVar("T", bound="LastHand")


@_attrs_define
class LastHand:
    """The hand last finished, in short. Its whole record (every seat's cards as dealt, every trick, the
    score line by line) is public at ``hands/{number}/``; the view does not repeat it at every move.

        Attributes:
            number (int):
            dealer (int):
            bids (list[Bid]):
            tricks_won (list[int]):
            points (list[int]): What each side scored on the hand.
    """

    number: int
    dealer: int
    bids: list[Bid]
    tricks_won: list[int]
    points: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        dealer = self.dealer

        bids = []
        for bids_item_data in self.bids:
            bids_item = bids_item_data.to_dict()
            bids.append(bids_item)

        tricks_won = self.tricks_won

        points = self.points

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "dealer": dealer,
                "bids": bids,
                "tricks_won": tricks_won,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bid import Bid  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        dealer = d.pop("dealer")

        bids = []
        _bids = d.pop("bids")
        for bids_item_data in _bids:
            bids_item = Bid.from_dict(bids_item_data)

            bids.append(bids_item)

        tricks_won = cast(list[int], d.pop("tricks_won"))

        points = cast(list[int], d.pop("points"))

        last_hand = cls(
            number=number,
            dealer=dealer,
            bids=bids,
            tricks_won=tricks_won,
            points=points,
        )

        last_hand.additional_properties = d
        return last_hand

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

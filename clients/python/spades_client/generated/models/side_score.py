from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.nil_result import NilResult


T = TypeVar("T", bound="SideScore")


@_attrs_define
class SideScore:
    """
    Attributes:
        seats (list[int]):
        contract (int): The side's bid: the sum of its number bids.
        tricks (int): Tricks counted toward the contract.
        made (bool | None): null when the side bid only nil.
        contract_points (int):
        overtricks (int):
        overtrick_points (int):
        bags (int): Bags added this hand.
        bag_penalty (int):
        nils (list[NilResult]):
        ten_for_two_hundred (bool):
        boston (bool):
        boston_points (int):
        points (int): The hand's total for the side: the sum of the lines above.
        score_before (int):
        score_after (int):
        bags_before (int):
        bags_after (int):
    """

    seats: list[int]
    contract: int
    tricks: int
    made: bool | None
    contract_points: int
    overtricks: int
    overtrick_points: int
    bags: int
    bag_penalty: int
    nils: list[NilResult]
    ten_for_two_hundred: bool
    boston: bool
    boston_points: int
    points: int
    score_before: int
    score_after: int
    bags_before: int
    bags_after: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seats = self.seats

        contract = self.contract

        tricks = self.tricks

        made: bool | None
        made = self.made

        contract_points = self.contract_points

        overtricks = self.overtricks

        overtrick_points = self.overtrick_points

        bags = self.bags

        bag_penalty = self.bag_penalty

        nils = []
        for nils_item_data in self.nils:
            nils_item = nils_item_data.to_dict()
            nils.append(nils_item)

        ten_for_two_hundred = self.ten_for_two_hundred

        boston = self.boston

        boston_points = self.boston_points

        points = self.points

        score_before = self.score_before

        score_after = self.score_after

        bags_before = self.bags_before

        bags_after = self.bags_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seats": seats,
                "contract": contract,
                "tricks": tricks,
                "made": made,
                "contract_points": contract_points,
                "overtricks": overtricks,
                "overtrick_points": overtrick_points,
                "bags": bags,
                "bag_penalty": bag_penalty,
                "nils": nils,
                "ten_for_two_hundred": ten_for_two_hundred,
                "boston": boston,
                "boston_points": boston_points,
                "points": points,
                "score_before": score_before,
                "score_after": score_after,
                "bags_before": bags_before,
                "bags_after": bags_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.nil_result import NilResult  # noqa: PLC0415

        d = dict(src_dict)
        seats = cast(list[int], d.pop("seats"))

        contract = d.pop("contract")

        tricks = d.pop("tricks")

        def _parse_made(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        made = _parse_made(d.pop("made"))

        contract_points = d.pop("contract_points")

        overtricks = d.pop("overtricks")

        overtrick_points = d.pop("overtrick_points")

        bags = d.pop("bags")

        bag_penalty = d.pop("bag_penalty")

        nils = []
        _nils = d.pop("nils")
        for nils_item_data in _nils:
            nils_item = NilResult.from_dict(nils_item_data)

            nils.append(nils_item)

        ten_for_two_hundred = d.pop("ten_for_two_hundred")

        boston = d.pop("boston")

        boston_points = d.pop("boston_points")

        points = d.pop("points")

        score_before = d.pop("score_before")

        score_after = d.pop("score_after")

        bags_before = d.pop("bags_before")

        bags_after = d.pop("bags_after")

        side_score = cls(
            seats=seats,
            contract=contract,
            tricks=tricks,
            made=made,
            contract_points=contract_points,
            overtricks=overtricks,
            overtrick_points=overtrick_points,
            bags=bags,
            bag_penalty=bag_penalty,
            nils=nils,
            ten_for_two_hundred=ten_for_two_hundred,
            boston=boston,
            boston_points=boston_points,
            points=points,
            score_before=score_before,
            score_after=score_after,
            bags_before=bags_before,
            bags_after=bags_after,
        )

        side_score.additional_properties = d
        return side_score

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

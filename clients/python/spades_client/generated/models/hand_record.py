from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bid import Bid
    from ..models.side_score import SideScore
    from ..models.trick import Trick


T = TypeVar("T", bound="HandRecord")


@_attrs_define
class HandRecord:
    """
    Attributes:
        number (int):
        dealer (int):
        misdeals (int): Redeals before this deal (misdeal rule).
        dealt (list[list[str]]): Each seat's 13 (or 17/18) cards as dealt.
        bids (list[Bid]):
        passed (list[list[str] | None]): Cards each seat passed in an exchange, or null.
        tricks (list[Trick]):
        tricks_won (list[int]):
        sides (list[SideScore]):
    """

    number: int
    dealer: int
    misdeals: int
    dealt: list[list[str]]
    bids: list[Bid]
    passed: list[list[str] | None]
    tricks: list[Trick]
    tricks_won: list[int]
    sides: list[SideScore]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        dealer = self.dealer

        misdeals = self.misdeals

        dealt = []
        for dealt_item_data in self.dealt:
            dealt_item = dealt_item_data

            dealt.append(dealt_item)

        bids = []
        for bids_item_data in self.bids:
            bids_item = bids_item_data.to_dict()
            bids.append(bids_item)

        passed = []
        for passed_item_data in self.passed:
            passed_item: list[str] | None
            if isinstance(passed_item_data, list):
                passed_item = passed_item_data

            else:
                passed_item = passed_item_data
            passed.append(passed_item)

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        tricks_won = self.tricks_won

        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "dealer": dealer,
                "misdeals": misdeals,
                "dealt": dealt,
                "bids": bids,
                "passed": passed,
                "tricks": tricks,
                "tricks_won": tricks_won,
                "sides": sides,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bid import Bid  # noqa: PLC0415
        from ..models.side_score import SideScore  # noqa: PLC0415
        from ..models.trick import Trick  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        dealer = d.pop("dealer")

        misdeals = d.pop("misdeals")

        dealt = []
        _dealt = d.pop("dealt")
        for dealt_item_data in _dealt:
            dealt_item = cast(list[str], dealt_item_data)

            dealt.append(dealt_item)

        bids = []
        _bids = d.pop("bids")
        for bids_item_data in _bids:
            bids_item = Bid.from_dict(bids_item_data)

            bids.append(bids_item)

        passed = []
        _passed = d.pop("passed")
        for passed_item_data in _passed:

            def _parse_passed_item(data: object) -> list[str] | None:
                if data is None:
                    return data
                try:
                    if not isinstance(data, list):
                        raise TypeError()
                    passed_item_type_0 = cast(list[str], data)

                    return passed_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(list[str] | None, data)

            passed_item = _parse_passed_item(passed_item_data)

            passed.append(passed_item)

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = Trick.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        tricks_won = cast(list[int], d.pop("tricks_won"))

        sides = []
        _sides = d.pop("sides")
        for sides_item_data in _sides:
            sides_item = SideScore.from_dict(sides_item_data)

            sides.append(sides_item)

        hand_record = cls(
            number=number,
            dealer=dealer,
            misdeals=misdeals,
            dealt=dealt,
            bids=bids,
            passed=passed,
            tricks=tricks,
            tricks_won=tricks_won,
            sides=sides,
        )

        hand_record.additional_properties = d
        return hand_record

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

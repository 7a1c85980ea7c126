from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayReview")


@_attrs_define
class PlayReview:
    """
    Attributes:
        trick (int): The trick's index in the hand, from 0.
        seat (int):
        card (str):
        value (float | None): The margin of the card played for the seat's side (its points minus the other side's;
            cutthroat: the seat's minus the best other seat's) with best play by everyone after it; null: not analysed
            within the budget, as are best, best_cards and cost.
        best (float | None): The best margin any legal card had there.
        best_cards (list[str] | None): Every legal card whose margin is 'best'.
        cost (float | None): best - value: the points the card gave away against perfect play from then on (0: a best
            card).
    """

    trick: int
    seat: int
    card: str
    value: float | None
    best: float | None
    best_cards: list[str] | None
    cost: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        trick = self.trick

        seat = self.seat

        card = self.card

        value: float | None
        value = self.value

        best: float | None
        best = self.best

        best_cards: list[str] | None
        if isinstance(self.best_cards, list):
            best_cards = self.best_cards

        else:
            best_cards = self.best_cards

        cost: float | None
        cost = self.cost

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "trick": trick,
                "seat": seat,
                "card": card,
                "value": value,
                "best": best,
                "best_cards": best_cards,
                "cost": cost,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        trick = d.pop("trick")

        seat = d.pop("seat")

        card = d.pop("card")

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        def _parse_best(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        best = _parse_best(d.pop("best"))

        def _parse_best_cards(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                best_cards_type_0 = cast(list[str], data)

                return best_cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        best_cards = _parse_best_cards(d.pop("best_cards"))

        def _parse_cost(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        cost = _parse_cost(d.pop("cost"))

        play_review = cls(
            trick=trick,
            seat=seat,
            card=card,
            value=value,
            best=best,
            best_cards=best_cards,
            cost=cost,
        )

        play_review.additional_properties = d
        return play_review

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

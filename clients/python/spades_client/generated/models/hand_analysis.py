from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.objective_enum import ObjectiveEnum

if TYPE_CHECKING:
    from ..models.bid import Bid
    from ..models.play_review import PlayReview
    from ..models.side_par import SidePar


T = TypeVar("T", bound="HandAnalysis")


@_attrs_define
class HandAnalysis:
    """
    Attributes:
        number (int):
        objective (ObjectiveEnum): * `margin` - margin
            * `paranoid` - paranoid
        leader (int): The seat that led the first trick.
        hands (list[list[str]]): Every seat's cards when play began (after any exchange).
        bids (list[Bid]):
        par (list[SidePar] | None): What each side could make on the deal as played; null: not solved within the budget
            (par_missing).
        par_missing (bool):
        analysed (int): How many cards were analysed: the last ones (the review runs backwards from the end of the hand
            within a node budget).
        best_scores (list[float] | None): Points per side at the end of a line of best play from the first lead; null
            when the first card was not analysed.
        best_tricks (list[int] | None): Tricks per seat at the end of that line.
        scores (list[int]): Points per side the hand scored.
        tricks_won (list[int]):
        plays (list[PlayReview]):
    """

    number: int
    objective: ObjectiveEnum
    leader: int
    hands: list[list[str]]
    bids: list[Bid]
    par: list[SidePar] | None
    par_missing: bool
    analysed: int
    best_scores: list[float] | None
    best_tricks: list[int] | None
    scores: list[int]
    tricks_won: list[int]
    plays: list[PlayReview]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        objective = self.objective.value

        leader = self.leader

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data

            hands.append(hands_item)

        bids = []
        for bids_item_data in self.bids:
            bids_item = bids_item_data.to_dict()
            bids.append(bids_item)

        par: list[dict[str, Any]] | None
        if isinstance(self.par, list):
            par = []
            for par_type_0_item_data in self.par:
                par_type_0_item = par_type_0_item_data.to_dict()
                par.append(par_type_0_item)

        else:
            par = self.par

        par_missing = self.par_missing

        analysed = self.analysed

        best_scores: list[float] | None
        if isinstance(self.best_scores, list):
            best_scores = self.best_scores

        else:
            best_scores = self.best_scores

        best_tricks: list[int] | None
        if isinstance(self.best_tricks, list):
            best_tricks = self.best_tricks

        else:
            best_tricks = self.best_tricks

        scores = self.scores

        tricks_won = self.tricks_won

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "objective": objective,
                "leader": leader,
                "hands": hands,
                "bids": bids,
                "par": par,
                "par_missing": par_missing,
                "analysed": analysed,
                "best_scores": best_scores,
                "best_tricks": best_tricks,
                "scores": scores,
                "tricks_won": tricks_won,
                "plays": plays,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bid import Bid  # noqa: PLC0415
        from ..models.play_review import PlayReview  # noqa: PLC0415
        from ..models.side_par import SidePar  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        objective = ObjectiveEnum(d.pop("objective"))

        leader = d.pop("leader")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)

        bids = []
        _bids = d.pop("bids")
        for bids_item_data in _bids:
            bids_item = Bid.from_dict(bids_item_data)

            bids.append(bids_item)

        def _parse_par(data: object) -> list[SidePar] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                par_type_0 = []
                _par_type_0 = data
                for par_type_0_item_data in _par_type_0:
                    par_type_0_item = SidePar.from_dict(par_type_0_item_data)

                    par_type_0.append(par_type_0_item)

                return par_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SidePar] | None, data)

        par = _parse_par(d.pop("par"))

        par_missing = d.pop("par_missing")

        analysed = d.pop("analysed")

        def _parse_best_scores(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                best_scores_type_0 = cast(list[float], data)

                return best_scores_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        best_scores = _parse_best_scores(d.pop("best_scores"))

        def _parse_best_tricks(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                best_tricks_type_0 = cast(list[int], data)

                return best_tricks_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        best_tricks = _parse_best_tricks(d.pop("best_tricks"))

        scores = cast(list[int], d.pop("scores"))

        tricks_won = cast(list[int], d.pop("tricks_won"))

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = PlayReview.from_dict(plays_item_data)

            plays.append(plays_item)

        hand_analysis = cls(
            number=number,
            objective=objective,
            leader=leader,
            hands=hands,
            bids=bids,
            par=par,
            par_missing=par_missing,
            analysed=analysed,
            best_scores=best_scores,
            best_tricks=best_tricks,
            scores=scores,
            tricks_won=tricks_won,
            plays=plays,
        )

        hand_analysis.additional_properties = d
        return hand_analysis

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
